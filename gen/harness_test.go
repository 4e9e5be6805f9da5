package gen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/runtime"
)

// corpusDir is the shared test corpus, beside the repository.
const corpusDir = "../../shared/corpus"

func needCorpus(t testing.TB, sub string) string {
	t.Helper()
	dir := filepath.Join(corpusDir, sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus folder %s is absent (want ../shared/corpus beside the repository): %v", dir, err)
	}
	return dir
}

// harness builds many generated packages into one program that parses
// instances with them, so that a corpus test compiles once.
type harness struct {
	t    testing.TB
	main string            // the checker's main file; "" for the instance checker
	dir  string            // module root
	pkgs []hpkg            // generated packages
	bad  map[string]string // package → compile error
}

type hpkg struct {
	id, typ string // package name (= folder), root Go type
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	dir := t.TempDir()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	gomod := fmt.Sprintf("module corpus\n\ngo 1.24\n\nrequire github.com/structgen/structgen v0.0.0\n\nreplace github.com/structgen/structgen => %s\n", repo)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, dir: dir, bad: map[string]string{}}
}

// add writes the files of package id whose root type is typ.
func (h *harness) add(id, typ string, files map[string][]byte) {
	h.t.Helper()
	pdir := filepath.Join(h.dir, id)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		h.t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(pdir, name), data, 0o644); err != nil {
			h.t.Fatal(err)
		}
	}
	h.pkgs = append(h.pkgs, hpkg{id: id, typ: typ})
}

var buildErrPkg = regexp.MustCompile(`(?m)^(?:# corpus/|\./)([A-Za-z0-9_]+)`)

// build compiles the checker program, dropping packages that do not
// compile (recorded in h.bad), and returns the binary's path.
// vet runs go vet on the generated packages that compiled; it returns
// what vet reports, "" when nothing.
func (h *harness) vet() string {
	h.t.Helper()
	var pkgs []string
	for _, p := range h.pkgs {
		if _, bad := h.bad[p.id]; !bad {
			pkgs = append(pkgs, "./"+p.id)
		}
	}
	if len(pkgs) == 0 {
		return ""
	}
	cmd := exec.Command("go", append([]string{"vet"}, pkgs...)...)
	cmd.Dir = h.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("%v\n%s", err, out)
	}
	return ""
}

func (h *harness) build() string {
	h.t.Helper()
	bin := filepath.Join(h.dir, "checker")
	for attempt := 0; attempt < 5; attempt++ {
		h.writeMain()
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Dir = h.dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err == nil {
			return bin
		}
		found := false
		for _, m := range buildErrPkg.FindAllStringSubmatch(string(out), -1) {
			if _, seen := h.bad[m[1]]; !seen && h.has(m[1]) {
				h.bad[m[1]] = firstLines(string(out), m[1])
				found = true
			}
		}
		if !found {
			h.t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	h.t.Fatal("go build: packages kept failing")
	return ""
}

func (h *harness) has(id string) bool {
	for _, p := range h.pkgs {
		if p.id == id {
			return true
		}
	}
	return false
}

func firstLines(out, id string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, id+"/") && len(lines) < 3 {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return strings.Join(lines, "; ")
}

func (h *harness) writeMain() {
	if h.main != "" {
		if err := os.WriteFile(filepath.Join(h.dir, "main.go"), []byte(h.main), 0o644); err != nil {
			h.t.Fatal(err)
		}
		return
	}
	var b bytes.Buffer
	b.WriteString("package main\n\nimport (\n\t\"os\"\n\t\"github.com/structgen/structgen/runtime\"\n")
	for _, p := range h.pkgs {
		if _, bad := h.bad[p.id]; !bad {
			fmt.Fprintf(&b, "\t%s \"corpus/%s\"\n", p.id, p.id)
		}
	}
	b.WriteString(")\n\nvar parsers = map[string]func([]byte) (any, error){\n")
	for _, p := range h.pkgs {
		if _, bad := h.bad[p.id]; !bad {
			fmt.Fprintf(&b, "\t%q: func(b []byte) (any, error) { return %s.Parse%s(b) },\n", p.id, p.id, p.typ)
		}
	}
	// Every generated decoder's reading is checked against the schema
	// interpreter's (a differential test on every probe).
	b.WriteString("}\n\nfunc main() { runtime.CheckDecoders = true; os.Exit(check(parsers)) }\n")
	if err := os.WriteFile(filepath.Join(h.dir, "main.go"), b.Bytes(), 0o644); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.dir, "check.go"), []byte(checkerSource), 0o644); err != nil {
		h.t.Fatal(err)
	}
}

// probe is one instance to parse with package Pkg.
type probe struct {
	Pkg  string `json:"pkg"`
	Data string `json:"data"`
}

// outcome is what the checker found for a probe.
type outcome struct {
	OK       bool   `json:"ok"`
	Err      string `json:"err"`
	Lossless bool   `json:"lossless"`
	Diff     string `json:"diff"`
}

// run parses every probe with the checker program.
func (h *harness) run(bin string, probes []probe) []outcome {
	h.t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, p := range probes {
		if err := enc.Encode(p); err != nil {
			h.t.Fatal(err)
		}
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		h.t.Fatalf("checker: %v", err)
	}
	var res []outcome
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var o outcome
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			h.t.Fatalf("checker output: %v", err)
		}
		res = append(res, o)
	}
	if len(res) != len(probes) {
		h.t.Fatalf("checker answered %d of %d probes", len(res), len(probes))
	}
	for i, o := range res {
		if strings.Contains(o.Err, runtime.ErrDecoderDisagrees.Error()) {
			h.t.Errorf("%s: %.300s\n%s", probes[i].Pkg, probes[i].Data, firstLine(o.Err))
		}
	}
	return res
}

// checkerSource parses each probe, re-encodes the result and compares it
// with the input as JSON values, numbers compared exactly.
const checkerSource = `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"bytes"

	"github.com/google/go-cmp/cmp"
)

type probe struct {
	Pkg  string ` + "`json:\"pkg\"`" + `
	Data string ` + "`json:\"data\"`" + `
}

func decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

var exact = cmp.Comparer(func(a, b json.Number) bool {
	x, ok1 := new(big.Rat).SetString(string(a))
	y, ok2 := new(big.Rat).SetString(string(b))
	return ok1 && ok2 && x.Cmp(y) == 0
})

func check(parsers map[string]func([]byte) (any, error)) int {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<26)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var p probe
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		res := map[string]any{}
		parse := parsers[p.Pkg]
		if parse == nil {
			res["err"] = "no parser for " + p.Pkg
			enc.Encode(res)
			continue
		}
		v, err := parse([]byte(p.Data))
		if err != nil {
			res["err"] = err.Error()
			enc.Encode(res)
			continue
		}
		res["ok"] = true
		out, err := json.Marshal(v)
		if err != nil {
			res["diff"] = "marshal: " + err.Error()
			enc.Encode(res)
			continue
		}
		want, _ := decode([]byte(p.Data))
		got, err := decode(out)
		if err != nil {
			res["diff"] = "re-decode: " + err.Error()
		} else if d := cmp.Diff(want, got, exact); d != "" {
			res["diff"] = d
		} else {
			res["lossless"] = true
		}
		enc.Encode(res)
	}
	return 0
}
`

func timeIt(f func()) float64 {
	start := time.Now()
	f()
	return float64(time.Since(start).Nanoseconds())
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
