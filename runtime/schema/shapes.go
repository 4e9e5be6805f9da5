package schema

import (
	"encoding/json"
	"slices"
	"sync"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// Members returns s and the schemas it must also satisfy, through $ref,
// $recursiveRef, $dynamicRef, allOf and an anyOf or oneOf of one schema,
// each once, in a stable order. It
// walks the validator library's graph, which the runtime validates with;
// the generator has its own model (gen/schema).
func Members(s *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		// out is short (a schema, its $ref, its allOf): a scan beats a map.
		if s == nil || slices.Contains(out, s) {
			return
		}
		out = append(out, s)
		walk(s.Ref)
		walk(s.RecursiveRef)
		if s.DynamicRef != nil {
			walk(s.DynamicRef.Ref)
		}
		for _, a := range s.AllOf {
			walk(a)
		}
		// A union of one is that one schema, as an allOf of one is.
		if len(s.AnyOf) == 1 {
			walk(s.AnyOf[0])
		}
		if len(s.OneOf) == 1 {
			walk(s.OneOf[0])
		}
	}
	walk(s)
	return out
}

// inPlace returns the schemas s applies to its own value: its $ref and
// the like, allOf, anyOf, oneOf, not, if, then and else.
func inPlace(s *jsonschema.Schema) []*jsonschema.Schema {
	out := []*jsonschema.Schema{s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else}
	if s.DynamicRef != nil {
		out = append(out, s.DynamicRef.Ref)
	}
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	return append(out, s.OneOf...)
}

// ReachesInPlace reports whether one of from, or a schema they apply to
// their own value in turn (inPlace), is to: then reading a value with to
// leads, through from, back to to with the same value.
func ReachesInPlace(from []*jsonschema.Schema, to *jsonschema.Schema) bool {
	seen := map[*jsonschema.Schema]bool{}
	stack := slices.Clone(from)
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s == nil || seen[s] {
			continue
		}
		if s == to {
			return true
		}
		seen[s] = true
		stack = append(stack, inPlace(s)...)
	}
	return false
}

// Shape is what the lenient reader's coercions and repairs ask of a
// schema: the schemas that apply with it (itself, its $ref, its allOf) and
// the types they allow.
type Shape struct {
	Members []*jsonschema.Schema
	Types   TypeSet
}

// ShapeCache remembers the shape of each schema of a set. It belongs to
// the Schemas set whose compiled schemas it refers to, so it holds no
// more than they do and goes with them; a nil cache remembers nothing.
type ShapeCache struct{ m, cyclic sync.Map }

// Cyclic reports whether s applies itself to a value again, through
// $ref, allOf, anyOf, oneOf, not or if/then/else, before any property or
// item: no value passes that path (the validator reports a cycle), and a
// coercion that followed it would never end. Worked out once.
func (c *ShapeCache) Cyclic(s *jsonschema.Schema) bool {
	if c != nil {
		if v, ok := c.cyclic.Load(s); ok {
			return v.(bool)
		}
	}
	cyc := ReachesInPlace(inPlace(s), s)
	if c != nil {
		c.cyclic.Store(s, cyc)
	}
	return cyc
}

// Of returns the shape of s, worked out once.
func (c *ShapeCache) Of(s *jsonschema.Schema) *Shape {
	if c != nil {
		if v, ok := c.m.Load(s); ok {
			return v.(*Shape)
		}
	}
	ms := Members(s)
	sh := &Shape{Members: ms, Types: AllowedTypes(ms)}
	if c != nil {
		c.m.Store(s, sh)
	}
	return sh
}

// TypeSet is a set of JSON types. Its zero value is no restriction (the
// schemas say nothing), which has no type, as a nil map would not: a set
// that restricts has restricted, even when it holds no type.
type TypeSet uint8

// The bits of a TypeSet: Restricted says the schemas restrict the types
// at all; one bit for each JSON type.
const (
	Restricted TypeSet = 1 << iota
	typeNull
	typeBoolean
	typeInteger
	typeNumber
	typeString
	TypeArray
	TypeObject
)

var typeNames = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// typeBit returns the bit of the JSON type name; 0 for another name.
func typeBit(name string) TypeSet {
	for i, n := range typeNames {
		if n == name {
			return typeNull << i
		}
	}
	return 0
}

// TypeOf returns the set that holds the named JSON type alone.
func TypeOf(name string) TypeSet { return Restricted | typeBit(name) }

// Has reports whether the set restricts and holds the named type.
func (t TypeSet) Has(name string) bool { return t&typeBit(name) != 0 }

// typeOfValue returns the bit of a JSON value's type, as the validator
// library decodes values (json.Number or float64 for numbers); an
// integral number is an integer, which a number schema allows too.
func typeOfValue(v any) TypeSet {
	switch x := v.(type) {
	case nil:
		return typeNull
	case bool:
		return typeBoolean
	case string:
		return typeString
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return typeInteger
		}
		return typeNumber
	case float64:
		if x == float64(int64(x)) {
			return typeInteger
		}
		return typeNumber
	case []any:
		return TypeArray
	case map[string]any:
		return TypeObject
	}
	return 0
}

// AllowedTypes returns the JSON types the schemas allow, as far as their
// "type", "const" and "enum" keywords (or those of their anyOf/oneOf
// branches) say; the zero set when they say nothing.
func AllowedTypes(ms []*jsonschema.Schema) TypeSet { return allowedTypes(ms, nil) }

// allowedTypes is AllowedTypes; open holds the schemas whose branches are
// being read: a branch that leads back to one of them (an anyOf with a
// $ref to its own schema) says nothing, rather than being read for ever.
func allowedTypes(ms []*jsonschema.Schema, open []*jsonschema.Schema) TypeSet {
	var out TypeSet
	restrict := func(set TypeSet) {
		if set&typeNumber != 0 {
			set |= typeInteger
		}
		if out == 0 {
			out = Restricted | set
			return
		}
		out &= Restricted | set
	}
	for _, m := range ms {
		if m.Const != nil {
			restrict(typeOfValue(*m.Const))
		}
		if m.Enum != nil && len(m.Enum.Values) > 0 {
			var set TypeSet
			for _, v := range m.Enum.Values {
				set |= typeOfValue(v)
			}
			restrict(set)
		}
		if m.Types != nil && !m.Types.IsEmpty() {
			var set TypeSet
			for _, n := range m.Types.ToStrings() {
				set |= typeBit(n)
			}
			restrict(set)
		}
		for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
			if len(dis) == 0 || slices.Contains(open, m) {
				continue
			}
			var union TypeSet
			for _, br := range dis {
				bt := allowedTypes(Members(br), append(open, m))
				if bt == 0 {
					union = 0
					break
				}
				union |= bt &^ Restricted
			}
			if union != 0 {
				restrict(union)
			}
		}
	}
	return out
}
