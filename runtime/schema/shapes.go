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
type ShapeCache struct{ m sync.Map }

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
func AllowedTypes(ms []*jsonschema.Schema) TypeSet {
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
			if len(dis) == 0 {
				continue
			}
			var union TypeSet
			for _, br := range dis {
				bt := AllowedTypes(Members(br))
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
