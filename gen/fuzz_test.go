package gen

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// FuzzGenerate feeds arbitrary text as a schema file: the generator must
// return files that parse as Go, or an error, never panic.
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"$ref":"#"}}}`,
		`{"oneOf":[{"type":"object","required":["k"],"properties":{"k":{"const":"x"}}},{"type":"object","required":["k"],"properties":{"k":{"const":"y"}}}]}`,
		`{"type":"array","prefixItems":[{"type":"integer"},{"enum":["a",1]}],"items":false}`,
		`{"allOf":[{"properties":{"x":{"type":"integer"}}},{"anyOf":[{"type":"string"},{"type":"object"}]}]}`,
		`true`, `{"$defs":{"a b":{"enum":["","-","1x"]}},"$ref":"#/$defs/a b"}`,
	} {
		f.Add(s)
	}
	dir := f.TempDir()
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
		for name, src := range files {
			if _, err := parser.ParseFile(token.NewFileSet(), name, src, 0); err != nil {
				t.Fatalf("generated %s does not parse: %v\n%s", name, err, src)
			}
		}
	})
}
