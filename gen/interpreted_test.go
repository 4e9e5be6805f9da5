package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/structgen/structgen/gen/ir"
)

// interpreted lists what the schema interpreter reads in pkg, as
// structgen -v words it: types that neither a generated decoder nor
// generated validators read, fields checked by the interpreter, and
// schemas inside generated validators left to it.
func interpreted(pkg *ir.Package) []string {
	var out []string
	for _, t := range pkg.Types {
		if t.Interpreted != "" && t.Validate == nil {
			out = append(out, fmt.Sprintf("%s: %s", t.Name, t.Interpreted))
		}
		for _, f := range t.Fields {
			if f.Check != nil && f.Check.Interpret != nil {
				out = append(out, fmt.Sprintf("%s.%s: %s", t.Name, f.Name, f.Check.Why))
			}
		}
	}
	for _, v := range pkg.Validators {
		if v.Interpret != "" {
			out = append(out, fmt.Sprintf("%s: %s", v.Interpret, v.Why))
		}
	}
	return out
}

// TestNothingInterpreted: the tools, outputs and types of every golden
// case, example and benchmark fixture are read by generated decoders or validators; the
// schema interpreter is left the repairs.
func TestNothingInterpreted(t *testing.T) {
	examples, err := filepath.Glob("../examples/*/structgen.yaml")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	fixtures, _ := filepath.Glob("../internal/*/structgen.yaml")
	examples = append(examples, fixtures...)
	dirs := goldenCases(t)
	for _, e := range examples {
		abs, err := filepath.Abs(filepath.Dir(e))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, abs)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir), func(t *testing.T) {
			t.Chdir(dir)
			if _, err := os.Stat("want_error.txt"); err == nil {
				t.Skip("an error case")
			}
			cfg, err := LoadConfig("structgen.yaml")
			if err != nil {
				t.Fatal(err)
			}
			_, pkg, err := Generate(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, what := range interpreted(pkg.Package) {
				t.Errorf("read by the schema interpreter: %s", what)
			}
		})
	}
}
