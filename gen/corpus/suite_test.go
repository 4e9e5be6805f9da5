package corpus

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/internal/corpustest"
)

// suiteGroup is one group of the JSON-Schema-Test-Suite.
type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

var suiteDrafts = []struct{ dir, draft string }{
	{"draft2020-12", "2020-12"},
	{"draft7", "7"},
	{"draft4", "4"},
}

// TestJSONSchemaSuite runs the required tests of the JSON-Schema-Test-Suite,
// and its optional/format tests, through generated packages: for every
// group a type is generated from the schema, and its Parse function must
// accept exactly the valid instances.
// optionalLeftOut are the suite's optional test files of behaviour
// structgen does not take, and why.
var optionalLeftOut = map[string]string{
	"bignum.json":               "an integer past int64 is refused, with an error naming the Go type that cannot hold it",
	"float-overflow.json":       "the same: 1e308 as an integer is past int64",
	"content.json":              "draft 7's contentEncoding and contentMediaType are annotations, as in later drafts",
	"zeroTerminatedFloats.json": "draft 4's 1.0 is an integer, as in later drafts",
}

func TestJSONSchemaSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; skipped with -short")
	}
	root := corpustest.NeedCorpus(t, "jsonschema-suite")
	skip := corpustest.ReadSkipList(t, "testdata/suite_skip.txt")
	libraryWrong := corpustest.ReadSkipList(t, "testdata/suite_library.txt")
	usedLibrary := map[string]bool{}
	remotes, err := filepath.Abs(filepath.Join(root, "remotes"))
	if err != nil {
		t.Fatal(err)
	}
	h := corpustest.NewHarness(t)
	work := t.TempDir()
	type test struct {
		draft, key string // key: file/group/test description
		valid      bool
	}
	var tests []test
	var probes []corpustest.Probe
	genFailed := map[string]string{} // group key → error
	groupTests := map[string][]int{} // group key → test indexes
	n := 0
	// The required tests run under the default, formats: assert, and
	// format.json under annotate too; optional/format runs under assert.
	type run struct {
		file, formats, category string
	}
	for _, d := range suiteDrafts {
		files, _ := filepath.Glob(filepath.Join(root, d.dir, "*.json"))
		optional, _ := filepath.Glob(filepath.Join(root, d.dir, "optional", "format", "*.json"))
		// The other optional tests (a $ref to another draft, ECMA-262's
		// \s and ., anchors, ids, …), but those of behaviour structgen
		// does not take (optionalLeftOut).
		others, _ := filepath.Glob(filepath.Join(root, d.dir, "optional", "*.json"))
		var runs []run
		for _, f := range files {
			runs = append(runs, run{f, "", d.dir})
			if filepath.Base(f) == "format.json" {
				runs = append(runs, run{f, "annotate", d.dir})
			}
		}
		for _, f := range optional {
			runs = append(runs, run{f, "", d.dir + " optional/format"})
		}
		for _, f := range others {
			if _, out := optionalLeftOut[filepath.Base(f)]; !out {
				runs = append(runs, run{f, "", d.dir + " optional"})
			}
		}
		for _, r := range runs {
			file := r.file
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var groups []suiteGroup
			if err := json.Unmarshal(data, &groups); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for gi, g := range groups {
				n++
				id := fmt.Sprintf("s%04d", n)
				rel, _ := filepath.Rel(filepath.Join(root, d.dir), file)
				gkey := fmt.Sprintf("%s/%s/%s", d.dir, filepath.ToSlash(rel), g.Description)
				if r.formats != "" {
					gkey = fmt.Sprintf("%s/%s[%s]/%s", d.dir, filepath.ToSlash(rel), r.formats, g.Description)
				}
				schema := []byte(g.Schema)
				dir := filepath.Join(work, id)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "schema.json"), schema, 0o644); err != nil {
					t.Fatal(err)
				}
				cfg := &gen.Config{
					Dir:     dir,
					Package: id,
					Schemas: []gen.SchemaEntry{{Name: "Root", Ref: "schema.json"}},
					URLs:    []gen.URLMapping{{Prefix: "http://localhost:1234/", Dir: remotes}},
					Draft:   d.draft,
					Formats: r.formats,
				}
				files, _, err := gen.Generate(cfg)
				for _, tc := range g.Tests {
					key := gkey + "/" + tc.Description
					groupTests[gkey] = append(groupTests[gkey], len(tests))
					valid := tc.Valid
					if r.formats == "" && strings.Contains(tc.Description, "only an annotation by default") {
						// structgen's default asserts formats: what the
						// suite says of JSON Schema's default is reversed.
						valid = false
					}
					tests = append(tests, test{draft: r.category, key: key, valid: valid})
					_, wrong := libraryWrong[key]
					probes = append(probes, corpustest.Probe{Pkg: id, Data: string(tc.Data), LibraryWrong: wrong})
				}
				if err != nil {
					genFailed[gkey] = fmt.Sprintf("group %d: %v", gi, err)
					continue
				}
				h.Add(id, "Root", files)
			}
		}
	}
	bin := h.Build()
	for _, id := range corpustest.SortedKeys(h.Bad) {
		t.Errorf("generated package %s does not compile: %s", id, h.Bad[id])
	}
	res := h.Run(bin, probes)
	passed := map[string]int{}
	total := map[string]int{}
	skipped := map[string]int{}
	used := map[string]bool{}
	for i, tc := range tests {
		if probes[i].LibraryWrong {
			usedLibrary[tc.key] = true
			if !res[i].Disagreed {
				t.Errorf("%s: in testdata/suite_library.txt, but the validator library reads it as the decoders do; remove it", tc.key)
			}
		}
		total[tc.draft]++
		ok := res[i].OK == tc.valid
		if ok {
			passed[tc.draft]++
		}
		reason, listed := skip[tc.key]
		if !listed {
			gkey := tc.key[:strings.LastIndex(tc.key, "/")]
			reason, listed = skip[gkey+"/*"]
			if listed {
				used[gkey+"/*"] = true
			}
		} else {
			used[tc.key] = true
		}
		switch {
		case ok && listed && !strings.HasSuffix(reason, "(flaky)"):
			if _, exact := skip[tc.key]; exact {
				t.Errorf("%s: passes but is in testdata/suite_skip.txt; remove it", tc.key)
			}
		case !ok && listed:
			skipped[tc.draft]++
		case !ok:
			msg := res[i].Err
			if res[i].OK {
				msg = "accepted an invalid instance"
			}
			if ge, failed := genFailed[tc.key[:strings.LastIndex(tc.key, "/")]]; failed {
				msg = "generate: " + ge
			}
			t.Errorf("%s: want valid=%v: %s", tc.key, tc.valid, corpustest.FirstLine(msg))
		}
	}
	for key := range skip {
		if !used[key] {
			t.Errorf("%s: in testdata/suite_skip.txt but matches no failing test", key)
		}
	}
	for key := range libraryWrong {
		if !usedLibrary[key] {
			t.Errorf("%s: in testdata/suite_library.txt but matches no test", key)
		}
	}
	for _, d := range suiteDrafts {
		for _, c := range []string{d.dir, d.dir + " optional/format", d.dir + " optional"} {
			share := corpustest.Pct(passed[c], total[c])
			t.Logf("%s: %d/%d tests pass (%.2f%%), %d in the skip list", c, passed[c], total[c], share, skipped[c])
			if share < 99 {
				t.Errorf("%s: %.2f%% of tests pass, want >= 99%%", c, share)
			}
		}
	}
}
