// Command project shows structgen's generated bindings at work: it parses
// a recorded model reply into the typed Project, re-encodes it without
// loss, and shows the error a malformed reply gives.
package main

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/structgen/structgen/examples/project/project"
	"github.com/structgen/structgen/runtime"
)

//go:embed testdata/reply.json
var reply []byte

//go:embed testdata/bad_reply.json
var badReply []byte

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	p, err := project.ParseProject(reply)
	if err != nil {
		return err
	}
	fmt.Printf("%s (%s): %s\n", p.Name, p.Level, p.Description)
	for i, f := range p.Facts {
		fmt.Printf("  fact %d: %s\n", i+1, f.Text)
	}
	if lic, ok := p.License.Get(); ok {
		fmt.Println("  license:", lic)
	} else if p.License.Null {
		fmt.Println("  license: null (the model said it does not know)")
	}
	if p.Version != nil && p.Version.String != nil {
		fmt.Println("  version:", *p.Version.String)
	}
	out, err := json.Marshal(p)
	if err != nil {
		return err
	}
	fmt.Printf("re-encoded: %s\n", out)

	_, err = project.ParseProject(badReply)
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		return fmt.Errorf("want a validation error, got %v", err)
	}
	fmt.Printf("a malformed reply gives:\n%v\n", err)
	return nil
}
