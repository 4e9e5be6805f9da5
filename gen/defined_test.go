package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/structgen/structgen/gen/ir"
)

// TestDefinedDecoders: a defined slice or map type that no other type
// holds (a root array or map) has a typed decoder; one whose schema
// allows other kinds keeps the generated validators.
func TestDefinedDecoders(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"items.json":  `{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}, "maxItems": 3}`,
		"counts.json": `{"type": "object", "additionalProperties": {"type": "integer"}}`,
		"holder.json": `{"type": "object", "properties": {"tags": {"$ref": "tags.json"}}}`,
		"tags.json":   `{"type": "array", "items": {"type": "string"}, "minItems": 1}`,
		"loose.json":  `{"items": {"type": "string"}}`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Dir: dir, Package: "p", Schemas: []SchemaEntry{
		{Name: "Items", Ref: "items.json"}, {Name: "Counts", Ref: "counts.json"},
		{Name: "Holder", Ref: "holder.json"}, {Name: "Tags", Ref: "tags.json"}, {Name: "Loose", Ref: "loose.json"},
	}}
	_, pkg, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*ir.Type{}
	for _, ty := range pkg.Types {
		byName[ty.Name] = ty
	}
	// (Holder's field is a []string: the reference is inlined, so Tags is
	// held by no type.)
	for name, decoded := range map[string]bool{"Items": true, "Counts": true, "Tags": true, "Loose": false} {
		ty := byName[name]
		if ty == nil {
			t.Fatalf("no type %s", name)
		}
		if got := ty.Decode != nil && ty.Decode.Value != nil; got != decoded {
			t.Errorf("%s (%s): typed decoder %v, want %v", name, ty.Kind, got, decoded)
		}
		if !decoded && ty.Decode == nil && ty.Validate == nil && ty.DecodedBy == "" {
			t.Errorf("%s: neither a typed decoder nor generated validators", name)
		}
	}
}
