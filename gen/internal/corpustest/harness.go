// Package corpustest builds generated packages in a scratch module and
// reads instances with them: the harness the corpus tests share.
package corpustest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/runtime/impl"
)

// Repo is the repository's root, found from this file's place in it.
var Repo = func() string {
	_, file, _, _ := goruntime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}()

// SchemaStoreURLs maps SchemaStore's URLs to the corpus' schema folder
// (a config's Dir), as every SchemaStore config of the corpus tests has
// it.
func SchemaStoreURLs() []gen.URLMapping {
	return []gen.URLMapping{
		{Prefix: "https://json.schemastore.org/", Dir: "."},
		{Prefix: "https://www.schemastore.org/", Dir: "."},
	}
}

// NeedCorpus returns the folder sub of the shared test corpus, beside the
// repository (../shared/corpus); the test is skipped when it is absent.
func NeedCorpus(t testing.TB, sub string) string {
	t.Helper()
	dir := filepath.Join(Repo, "..", "shared", "corpus", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus folder %s is absent (want ../shared/corpus beside the repository): %v", dir, err)
	}
	return dir
}

// Harness builds many generated packages into one program that parses
// instances with them, so that a corpus test compiles once.
type Harness struct {
	t    testing.TB
	Main string            // the checker's main file; "" for the instance checker
	Dir  string            // module root
	pkgs []hpkg            // generated packages
	Bad  map[string]string // package → compile error
}

type hpkg struct {
	id, typ string // package name (= folder), root Go type
}

// NewHarness returns a harness with an empty scratch module that uses
// this repository.
func NewHarness(t testing.TB) *Harness {
	t.Helper()
	dir := t.TempDir()
	repo, err := filepath.Abs(Repo)
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
	return &Harness{t: t, Dir: dir, Bad: map[string]string{}}
}

// Add writes the files of package id whose root type is typ. Each must
// be as gofmt prints it: the generator writes it so without a
// formatting pass (gen/internal/gosrc), and this is that printer's
// differential test on every corpus schema.
func (h *Harness) Add(id, typ string, files map[string][]byte) {
	h.t.Helper()
	for name, data := range files {
		if formatted, err := format.Source(data); err != nil {
			h.t.Errorf("%s/%s: %v", id, name, err)
		} else if !bytes.Equal(formatted, data) {
			h.t.Errorf("%s/%s is not as gofmt prints it:\n%s", id, name, firstDiff(data, formatted))
		}
	}
	pdir := filepath.Join(h.Dir, id)
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

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got: %q\nwant: %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d lines, want %d", len(g), len(w))
}

var buildErrPkg = regexp.MustCompile(`(?m)^(?:# corpus/|\./)([A-Za-z0-9_]+)`)

// Vet runs go vet on the generated packages that compiled; it returns
// what vet reports, "" when nothing.
func (h *Harness) Vet() string {
	h.t.Helper()
	var pkgs []string
	for _, p := range h.pkgs {
		if _, bad := h.Bad[p.id]; !bad {
			pkgs = append(pkgs, "./"+p.id)
		}
	}
	if len(pkgs) == 0 {
		return ""
	}
	cmd := exec.Command("go", append([]string{"vet"}, pkgs...)...)
	cmd.Dir = h.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("%v\n%s", err, out)
	}
	return ""
}

// Build compiles the checker with every package added; packages that do
// not compile are recorded in Bad and left out. It returns the binary.
func (h *Harness) Build() string {
	h.t.Helper()
	bin := filepath.Join(h.Dir, "checker")
	for attempt := 0; attempt < 5; attempt++ {
		h.WriteMain()
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Dir = h.Dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err == nil {
			return bin
		}
		found := false
		for _, m := range buildErrPkg.FindAllStringSubmatch(string(out), -1) {
			if _, seen := h.Bad[m[1]]; !seen && h.has(m[1]) {
				h.Bad[m[1]] = firstLines(string(out), m[1])
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

func (h *Harness) has(id string) bool {
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

// WriteMain writes the checker's main file (Main, or one that parses
// each probe with its package's Parse function).
func (h *Harness) WriteMain() {
	if h.Main != "" {
		if err := os.WriteFile(filepath.Join(h.Dir, "main.go"), []byte(h.Main), 0o644); err != nil {
			h.t.Fatal(err)
		}
		return
	}
	var b bytes.Buffer
	b.WriteString("package main\n\nimport (\n\t\"os\"\n\t\"github.com/structgen/structgen/runtime/impl\"\n")
	for _, p := range h.pkgs {
		if _, bad := h.Bad[p.id]; !bad {
			fmt.Fprintf(&b, "\t%s \"corpus/%s\"\n", p.id, p.id)
		}
	}
	b.WriteString(")\n\nvar parsers = map[string]func([]byte) (any, error){\n")
	for _, p := range h.pkgs {
		if _, bad := h.Bad[p.id]; !bad {
			fmt.Fprintf(&b, "\t%q: func(b []byte) (any, error) { return %s.Parse%s(b) },\n", p.id, p.id, p.typ)
		}
	}
	// Every generated decoder's reading is checked against the schema
	// interpreter's (a differential test on every probe).
	b.WriteString("}\n\nfunc main() { impl.CheckDecoders = true; os.Exit(check(parsers)) }\n")
	if err := os.WriteFile(filepath.Join(h.Dir, "main.go"), b.Bytes(), 0o644); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.Dir, "check.go"), []byte(checkerSource), 0o644); err != nil {
		h.t.Fatal(err)
	}
}

// Probe is one instance to parse with package Pkg.
type Probe struct {
	Pkg  string `json:"pkg"`
	Data string `json:"data"`
	// LibraryWrong: the validator library is known to read Data wrong
	// (a reviewed list says why), so the generated decoder and it may
	// disagree; the outcome is the decoder's.
	LibraryWrong bool `json:"-"`
}

// Outcome is what the checker found for a Probe.
type Outcome struct {
	OK       bool   `json:"ok"`
	Err      string `json:"err"`
	Lossless bool   `json:"lossless"`
	Diff     string `json:"diff"`
	// Disagreed: the generated decoder and the interpreter read the probe
	// differently (only a LibraryWrong probe may).
	Disagreed bool `json:"-"`
}

// Run parses every probe with the checker program; a reading on which a
// generated decoder and the interpreter disagree fails the test.
func (h *Harness) Run(bin string, probes []Probe) []Outcome {
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
	var res []Outcome
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var o Outcome
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			h.t.Fatalf("checker output: %v", err)
		}
		res = append(res, o)
	}
	if len(res) != len(probes) {
		h.t.Fatalf("checker answered %d of %d probes", len(res), len(probes))
	}
	for i, o := range res {
		if !strings.Contains(o.Err, impl.ErrDecoderDisagrees.Error()) {
			continue
		}
		res[i].Disagreed = true
		if probes[i].LibraryWrong {
			// The decoder's verdict: impl.ParseDecoded words a
			// disagreement "decoder error <nil>, …" when it accepted.
			res[i].OK = strings.Contains(o.Err, "decoder error <nil>,")
			continue
		}
		h.t.Errorf("%s: %.300s\n%s", probes[i].Pkg, probes[i].Data, FirstLine(o.Err))
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

// TimeIt returns how long f takes, in seconds.
func TimeIt(f func()) float64 {
	start := time.Now()
	f()
	return float64(time.Since(start).Nanoseconds())
}

// SortedKeys returns m's keys in order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ReadSkipList reads "name: reason" lines; # starts a comment.
func ReadSkipList(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ": ")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s: %q: want \"name: reason\"", file, line)
		}
		out[name] = reason
	}
	return out
}

// FirstLine is the first line of s.
func FirstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Pct is n as a percentage of of.
func Pct(n, of int) float64 {
	if of == 0 {
		return 100
	}
	return 100 * float64(n) / float64(of)
}
