package gen

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"
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
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil) // caches runtime and its imports
	f.Fuzz(func(t *testing.T, schema string) {
		path := filepath.Join(dir, "s.json")
		if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Dir: dir, Package: "p", Schemas: []SchemaEntry{{Name: "Doc", Ref: "s.json"}}}
		files, _, err := Generate(cfg)
		if err != nil {
			return
		}
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
	})
}
