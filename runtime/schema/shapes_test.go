package schema

import "testing"

// A schema is cyclic where it applies itself to the same value again
// before any property or item; one that does so only through a property
// or an item is not.
func TestShapeCacheCyclic(t *testing.T) {
	for _, c := range []struct {
		doc    string
		cyclic bool
	}{
		{`{"anyOf": [{"$ref": "#"}, {"type": "string"}]}`, true},
		{`{"allOf": [{"$ref": "#/$defs/b"}], "$defs": {"b": {"oneOf": [{"$ref": "#"}, {"type": "null"}]}}}`, true},
		// The root leads into a cycle it is not on.
		{`{"$ref": "#/$defs/a", "$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"oneOf": [{"$ref": "#/$defs/a"}, {"type": "null"}]}}}`, false},
		{`{"if": {"$ref": "#"}, "then": {"type": "object"}}`, true},
		{`{"not": {"$ref": "#"}}`, true},
		{`{"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}}]}`, false},
		{`{"type": "object", "properties": {"next": {"$ref": "#"}}}`, false},
		{`{"allOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/a"}], "$defs": {"a": {"type": "string"}}}`, false},
	} {
		s := NewSchemas("https://json-schema.org/draft/2020-12/schema", map[string]string{"structgen:///c.json": c.doc}).Schema("structgen:///c.json#")
		sch, err := s.Compiled()
		if err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if got := s.Shapes().Cyclic(sch); got != c.cyclic {
			t.Errorf("%s: Cyclic = %v, want %v", c.doc, got, c.cyclic)
		}
		if got := (*ShapeCache)(nil).Cyclic(sch); got != c.cyclic {
			t.Errorf("%s: Cyclic without a cache = %v, want %v", c.doc, got, c.cyclic)
		}
	}
}
