package gen

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/structgen/structgen/gen/loc"
)

// FuzzGenerate feeds arbitrary text as a schema file: the generator must
// return files that type-check as Go, or an error, never panic.
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"$ref":"#"}}}`,
		`{"oneOf":[{"type":"object","required":["k"],"properties":{"k":{"const":"x"}}},{"type":"object","required":["k"],"properties":{"k":{"const":"y"}}}]}`,
		`{"type":"array","prefixItems":[{"type":"integer"},{"enum":["a",1]}],"items":false}`,
		`{"allOf":[{"properties":{"x":{"type":"integer"}}},{"anyOf":[{"type":"string"},{"type":"object"}]}]}`,
		`true`, `{"$defs":{"a b":{"enum":["","-","1x"]}},"$ref":"#/$defs/a b"}`,
		`{"type":"object","properties":{"AdditionalProperties":{},"MarshalJSON":{"type":"object","properties":{"x":{}}},"":{},"-":{},"a b":{},"` + "`" + `":{"type":"string"},"\"q":{},"UnmarshalJSON":{"type":"integer"}},"additionalProperties":false}`,
		`{"properties":{"kind":{"const":"a"}},"oneOf":[{"properties":{"t":{"const":"x"}},"required":["t"]},{"properties":{"t":{"const":"y"}},"required":["t"]}]}`,
		`{"type":["array","object"],"prefixItems":[{"type":"integer"},{"type":"string"}],"items":{"type":"boolean"},"properties":{"p":{"type":["string","null"]}}}`,
		`{"type":"array","prefixItems":[{"type":"object","additionalProperties":{"type":"string"}},{"type":["integer","null"]}],"items":false,"uniqueItems":true,"contains":{"type":"object"}}`,
		`{"anyOf":[{"type":"integer"},{"type":"number"},{"type":"array","items":{"type":"string"}},{"type":"array","prefixItems":[{"type":"string"}]}],"minItems":1,"maxLength":2}`,
		`{"oneOf":[{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]},{"type":"string"}],"properties":{"a":{"type":"number","multipleOf":0.5}}}`,
		`{"type":"object","properties":{"u":{"oneOf":[{"type":["string","null"],"maxLength":2},{"type":"integer"},{"type":["object","null"]}]},"w":{"anyOf":[{"type":["array","null"]},{"type":"string","enum":["a",null]}]}}}`,
		`{"properties":{"a":{"not":{"$ref":"#/properties/a"}},"b":{"$ref":"#/$defs/m"},"c":{"$ref":"#/$defs/u"}},"$defs":{"m":{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/u"}]},"u":{"type":"string","allOf":[{"$ref":"#/$defs/m"}]}}}`,
		`{"type":"array","contains":{"allOf":[{"$ref":"#/$defs/p"},{"type":"object","properties":{"r":{"minimum":1}},"required":["r"]}]},"$defs":{"p":{"type":"object","properties":{"n":{"type":"string"}}}}}`,
		`{"$defs":{"n":{"allOf":[{"$ref":"#/$defs/n"}],"type":"object"}},"$ref":"#/$defs/n"}`,
		`{"$defs":{"l":{"type":"array","items":{"$ref":"#/$defs/l"}},"m":{"additionalProperties":{"$ref":"#/$defs/m"}}},"properties":{"l":{"$ref":"#/$defs/l"},"m":{"$ref":"#/$defs/m"}}}`,
		`{"properties":{"next":{"anyOf":[{"$ref":"#"},{"type":"null"}]}}}`,
		`{"type":"array","prefixItems":[{"$ref":"#"},{"type":"integer"}]}`,
		`{"title":"t\u0000\ufeff","properties":{"c\u0007":{"enum":["x\u0000","\u2028"],"description":"\u0000\r\u0085"}},"required":["c\u0007","k\u0000"],"dependentRequired":{"a":["\u0000"]}}`,
	} {
		f.Add(s)
	}
	for _, s := range clashSchemas {
		f.Add(s)
	}
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	dir := f.TempDir()
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil) // caches runtime and its imports
	warmImporter(f, imp)
	f.Fuzz(func(t *testing.T, schema string) {
		files, err := generateSchema(t, dir, schema)
		var bug *loc.InternalError
		if errors.As(err, &bug) {
			t.Fatalf("%s\n%s\nschema: %s", err, bug.Stack, schema)
		}
		if err != nil {
			return
		}
		typeCheck(t, fset, imp, files, schema)
	})
}

// clashSchemas hold derived names that clash with each other and with
// what the emitter declares; the naming scope must qualify them so that
// the package compiles.
var clashSchemas = []string{
	`{"$defs":{"permission":{"enum":["a"]},"Permission":{"type":"object","properties":{"x":{}}}},"properties":{"p":{"$ref":"#/$defs/permission"},"q":{"$ref":"#/$defs/Permission"}}}`,
	`{"$defs":{"A":{"type":"object","properties":{"x":{"type":"object","properties":{"a":{}}}}},"B":{"type":"object","properties":{"x":{"type":"object","properties":{"b":{}}}}},"AX2":{"type":"object","properties":{"z":{}}}},"allOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}],"properties":{"y":{"$ref":"#/$defs/AX2"}}}`,
	`{"properties":{"color":{"enum":["red"]},"c":{"$ref":"#/$defs/DocColorRed"}},"$defs":{"DocColorRed":{"type":"object","properties":{"a":{}}}}}`,
	`{"properties":{"a":{"$ref":"#/$defs/Doc0"},"b":{"$ref":"#/$defs/ParseDoc"},"c":{"$ref":"#/$defs/fieldsDoc"}},"$defs":{"Doc0":{"type":"object","properties":{"x":{}}},"ParseDoc":{"type":"object","properties":{"y":{}}},"fieldsDoc":{"enum":["Z"]}}}`,
	`{"$defs":{"a_b":{"type":"object","properties":{"options":{"type":"object","properties":{"d":{}}}}},"a":{"type":"object","properties":{"b_options":{"type":"object","properties":{"w":{}}}}}},"properties":{"n":{"$ref":"#/$defs/a_b"},"m":{"$ref":"#/$defs/a"}}}`,
}

// TestNamingScopeCompiles: every clash schema generates, and the result
// type-checks.
func TestNamingScopeCompiles(t *testing.T) {
	dir := t.TempDir()
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for _, schema := range clashSchemas {
		files, err := generateSchema(t, dir, schema)
		if err != nil {
			t.Errorf("%s: %v", schema, err)
			continue
		}
		typeCheck(t, fset, imp, files, schema)
	}
}

// corpusSeeds returns a sample of real schemas from the shared corpus,
// when it is there: SchemaStore schemas, GitHub's MCP tools' input
// schemas and the JSON-Schema-Test-Suite's, small ones spread over each
// folder, so that a fuzzing run mutates what real schemas look like. The
// seeds alone run with every go test, so the sample stays small.
func corpusSeeds(tb testing.TB) []string {
	root := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(root); err != nil {
		tb.Logf("no corpus at %s: FuzzGenerate seeds are the hand-written ones only", root)
		return nil
	}
	var out []string
	sample := func(pattern string, n, maxSize int, pick func([]byte) []string) {
		files, _ := filepath.Glob(filepath.Join(root, pattern))
		sort.Strings(files)
		var small []string
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.Size() <= int64(maxSize) {
				small = append(small, f)
			}
		}
		for i := 0; i < len(small) && n > 0; i += max(1, len(small)/n) {
			data, err := os.ReadFile(small[i])
			if err != nil {
				continue
			}
			out = append(out, pick(data)...)
			n--
		}
	}
	whole := func(data []byte) []string { return []string{string(data)} }
	member := func(name string) func([]byte) []string {
		return func(data []byte) []string {
			var v map[string]json.RawMessage
			if json.Unmarshal(data, &v) != nil || v[name] == nil {
				return nil
			}
			return []string{string(v[name])}
		}
	}
	suite := func(data []byte) []string {
		var groups []struct {
			Schema json.RawMessage `json:"schema"`
		}
		if json.Unmarshal(data, &groups) != nil || len(groups) == 0 {
			return nil
		}
		return []string{string(groups[0].Schema)}
	}
	sample("schemastore/schemas/*.json", 12, 8<<10, whole)
	sample("mcp-github/*.json", 8, 16<<10, member("inputSchema"))
	sample("jsonschema-suite/draft2020-12/*.json", 10, 16<<10, suite)
	sample("jsonschema-suite/draft7/*.json", 5, 16<<10, suite)
	sample("jsonschema-suite/draft4/*.json", 5, 16<<10, suite)
	return out
}

// generateSchema generates package p from one schema file, type Doc.
func generateSchema(t *testing.T, dir, schema string) (map[string][]byte, error) {
	t.Helper()
	path := filepath.Join(dir, "s.json")
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Dir: dir, Package: "p", Schemas: []SchemaEntry{{Name: "Doc", Ref: "s.json"}}}
	files, _, err := Generate(cfg)
	return files, err
}

// typeCheck fails t unless the generated files parse and type-check.
// generatedImports are the packages generated code may import.
var generatedImports = []string{
	"encoding/json", "errors", "strconv", "github.com/go-faster/jx",
	"github.com/structgen/structgen/runtime", "github.com/structgen/structgen/runtime/impl",
	"github.com/structgen/structgen/runtime/lenient", "github.com/structgen/structgen/runtime/schema",
}

// warmImporter imports what generated code imports, once per process:
// the source importer type-checks them from source, seconds on a loaded
// machine, which inside the fuzz function would count against the
// fuzzer's ten seconds an input and read as a hang.
func warmImporter(tb testing.TB, imp types.Importer) {
	for _, path := range generatedImports {
		if _, err := imp.Import(path); err != nil {
			tb.Fatalf("import %s: %v", path, err)
		}
	}
}

func typeCheck(t *testing.T, fset *token.FileSet, imp types.Importer, files map[string][]byte, schema string) {
	t.Helper()
	var parsed []*ast.File
	for name, src := range files {
		pf, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatalf("generated %s does not parse: %v\n%s", name, err, src)
		}
		parsed = append(parsed, pf)
	}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check("p", fset, parsed, nil); err != nil {
		t.Fatalf("generated code does not type-check: %v\nschema: %s", err, schema)
	}
}
