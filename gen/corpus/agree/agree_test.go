// Package agree checks that the three ways generated code reads a
// document agree: Parse<Type>, <Type>Output.Parse and ParseToolCall of a
// tool whose parameters are the same schema. A sample of SchemaStore's
// schemas is generated into a scratch module, whose test (a fuzz target,
// run on its seeds, the schemas' valid instances) reads every instance
// the three ways. STRUCTGEN_FUZZTIME (say 5m) also runs the fuzz target
// for that long.
package agree

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/internal/corpustest"
	"github.com/structgen/structgen/gen/names"
)

// every is the sample's stride: every fourth schema (in name order) that
// has valid instances.
const every = 4

func TestParsersAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; skipped with -short")
	}
	root := corpustest.NeedCorpus(t, "schemastore")
	schemaDir := filepath.Join(root, "schemas")
	entries, err := os.ReadDir(schemaDir)
	if err != nil {
		t.Fatal(err)
	}
	h := corpustest.NewHarness(t)
	var pkgs, seeds strings.Builder
	n, failed := 0, 0
	for i, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		insts, _ := filepath.Glob(filepath.Join(root, "valid", name, "*.json"))
		if len(insts) == 0 {
			continue
		}
		if n++; n%every != 0 {
			continue
		}
		id := fmt.Sprintf("p%03d", i)
		typ := names.Go(name) + "Document"
		cfg := &gen.Config{
			Dir:     schemaDir,
			Package: id,
			Schemas: []gen.SchemaEntry{{Name: typ, Ref: e.Name()}},
			URLs:    corpustest.SchemaStoreURLs(),
			Outputs: []gen.OutputEntry{{Schema: typ}},
			Tools:   []gen.ToolEntry{{Name: "record", Parameters: e.Name()}},
		}
		files, _, err := gen.Generate(cfg)
		if err != nil {
			// Tool parameters must be an object schema, and a name
			// may clash: the schema is left out of the sample, said.
			t.Logf("%s: not in the sample: %s", name, corpustest.FirstLine(err.Error()))
			failed++
			continue
		}
		h.Add(id, typ, files)
		fmt.Fprintf(&pkgs, "\t%s \"corpus/%s\"\n", id, id)
		fmt.Fprintf(&seeds, "\t{%q, func(b []byte) (any, error) { return %[2]s.Parse%[3]s(b) }, func(b []byte) (any, error) { v, reps, err := %[2]s.%[3]sOutput.ParseRepaired(b); return v, repaired(reps, err) }, func(b []byte) (any, error) { return %[2]s.ParseToolCall(\"record\", b) }, %#[4]v},\n",
			id, id, typ, insts)
	}
	if n/every-failed < 30 {
		t.Fatalf("only %d schemas in the sample (%d left out)", n/every-failed, failed)
	}
	t.Logf("%d schemas in the sample, %d left out", n/every-failed, failed)
	src := strings.Replace(strings.Replace(agreeSource, "//PKGS\n", pkgs.String(), 1), "//SEEDS\n", seeds.String(), 1)
	if err := os.WriteFile(filepath.Join(h.Dir, "agree_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"test", "-count=1", "-v", "-run", "TestInstances|FuzzParsersAgree", "."}
	if d := os.Getenv("STRUCTGEN_FUZZTIME"); d != "" {
		args = []string{"test", "-run", "^$", "-fuzz", "FuzzParsersAgree", "-fuzztime", d, "."}
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = h.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, firstLines(out, 60))
	}
	for _, l := range bytes.Split(out, []byte("\n")) {
		if bytes.Contains(l, []byte("valid instances")) || bytes.HasPrefix(l, []byte("ok")) || bytes.Contains(l, []byte("fuzz:")) {
			t.Logf("%s", bytes.TrimSpace(l))
		}
	}
}

func firstLines(out []byte, n int) []byte {
	lines := bytes.SplitN(out, []byte("\n"), n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return bytes.Join(lines, []byte("\n"))
}

// agreeSource is the scratch module's test: for each package, its three
// readers and its valid instances.
const agreeSource = `package agree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
//PKGS
)

type readers struct {
	pkg             string
	parse, out, call func([]byte) (any, error)
	instances       []string
}

var all = []readers{
//SEEDS
}

// TestInstances reads every valid instance the three ways.
func TestInstances(t *testing.T) {
	accepted, total := 0, 0
	for _, r := range all {
		for _, path := range r.instances {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			total++
			if agree(t, r, data) {
				accepted++
			}
		}
	}
	if accepted < total/2 {
		t.Errorf("Parse accepts only %d of %d valid instances", accepted, total)
	}
	t.Logf("%d of %d valid instances accepted by Parse, each read alike by the output's Parse and ParseToolCall", accepted, total)
}

// FuzzParsersAgree is TestInstances on mutated instances.
func FuzzParsersAgree(f *testing.F) {
	for i, r := range all {
		for _, path := range r.instances {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(i, data)
		}
	}
	f.Fuzz(func(t *testing.T, i int, data []byte) {
		if i >= 0 && i < len(all) {
			agree(t, all[i], data)
		}
	})
}

// agree fails where Parse<Type> accepts data and the output's Parse or
// the tool call refuses it, reads it as another JSON value, or (the
// output) repairs it; it reports whether Parse accepted. (Where Parse
// refuses, the other two may repair.)
func agree(t *testing.T, r readers, data []byte) bool {
	t.Helper()
	v, err := r.parse(data)
	if err != nil {
		return false
	}
	want := canonical(t, v)
	reads := []struct {
		how string
		f   func([]byte) (any, error)
	}{{"ParseToolCall", r.call}}
	if !bytes.Contains(data, []byte(` + "`\\b`" + `)) && !bytes.Contains(data, []byte(` + "`\\f`" + `)) {
		// (The output's reader keeps \b and \f before a letter as
		// written, where JSON reads a backspace and a form feed.)
		reads = append(reads, struct {
			how string
			f   func([]byte) (any, error)
		}{"the output's Parse", r.out})
	}
	for _, read := range reads {
		w, err := read.f(data)
		if err != nil {
			t.Fatalf("%s: Parse accepts %.200q, %s refuses it: %v", r.pkg, data, read.how, err)
		}
		if d := cmp.Diff(want, canonical(t, w)); d != "" {
			t.Fatalf("%s: %s reads %.200q otherwise than Parse (-Parse +it):\n%s", r.pkg, read.how, data, d)
		}
	}
	return true
}

// repaired is err, or an error where the output repaired what Parse
// accepts as it is.
func repaired[R any](reps []R, err error) error {
	if err == nil && len(reps) > 0 {
		return fmt.Errorf("repaired a document that needs no repair: %v", reps)
	}
	return err
}

// canonical is v as a JSON value, numbers as written.
func canonical(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out any
	if err := d.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
`
