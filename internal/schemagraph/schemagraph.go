// Package schemagraph walks compiled JSON Schema graphs; the generator and
// the runtime both need to know which schemas a value must satisfy.
package schemagraph

import jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

// Expand returns the sites and every schema they require too, through
// $ref, $recursiveRef, $dynamicRef and allOf, each once, in a stable order.
func Expand(sites ...*jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		out = append(out, s)
		walk(s.Ref)
		walk(s.RecursiveRef)
		if s.DynamicRef != nil {
			walk(s.DynamicRef.Ref)
		}
		for _, a := range s.AllOf {
			walk(a)
		}
	}
	for _, s := range sites {
		walk(s)
	}
	return out
}
