package runtime

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// members returns s and the schemas it must also satisfy, through $ref,
// $recursiveRef, $dynamicRef and allOf, each once, in a stable order. It
// walks the validator library's graph, which the runtime validates with;
// the generator has its own model (gen/schema).
func members(s *jsonschema.Schema) []*jsonschema.Schema {
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
	}
	walk(s)
	return out
}

// shape is what the coercions and repairs ask of a schema: the schemas
// that apply with it (itself, its $ref, its allOf) and the types they
// allow.
type shape struct {
	ms   []*jsonschema.Schema
	want typeSet
}

// shapeCache remembers the shape of each schema of a set. It belongs to
// the Schemas set whose compiled schemas it refers to, so it holds no
// more than they do and goes with them; a nil cache remembers nothing.
type shapeCache struct{ m sync.Map }

func (c *shapeCache) of(s *jsonschema.Schema) *shape {
	if c != nil {
		if v, ok := c.m.Load(s); ok {
			return v.(*shape)
		}
	}
	ms := members(s)
	sh := &shape{ms: ms, want: allowedTypes(ms)}
	if c != nil {
		c.m.Store(s, sh)
	}
	return sh
}

// typeSet is a set of JSON types. Its zero value is no restriction (the
// schemas say nothing), which has no type, as a nil map would not: a set
// that restricts has restricted, even when it holds no type.
type typeSet uint8

const (
	restricted typeSet = 1 << iota
	typeNull
	typeBoolean
	typeInteger
	typeNumber
	typeString
	typeArray
	typeObject
)

var typeNames = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// typeBit returns the bit of the JSON type name; 0 for another name.
func typeBit(name string) typeSet {
	for i, n := range typeNames {
		if n == name {
			return typeNull << i
		}
	}
	return 0
}

// has reports whether the set restricts and holds the named type.
func (t typeSet) has(name string) bool { return t&typeBit(name) != 0 }

// allowedTypes returns the JSON types the schemas allow, as far as their
// "type" keywords (or those of their anyOf/oneOf branches) say; the zero
// set when they say nothing.
func allowedTypes(ms []*jsonschema.Schema) typeSet {
	var out typeSet
	restrict := func(set typeSet) {
		if set&typeNumber != 0 {
			set |= typeInteger
		}
		if out == 0 {
			out = restricted | set
			return
		}
		out &= restricted | set
	}
	for _, m := range ms {
		if m.Types != nil && !m.Types.IsEmpty() {
			var set typeSet
			for _, n := range m.Types.ToStrings() {
				set |= typeBit(n)
			}
			restrict(set)
		}
		for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
			if len(dis) == 0 {
				continue
			}
			var union typeSet
			for _, br := range dis {
				bt := allowedTypes(members(br))
				if bt == 0 {
					union = 0
					break
				}
				union |= bt &^ restricted
			}
			if union != 0 {
				restrict(union)
			}
		}
	}
	return out
}

// repairSet is a set of schema-guided repairs.
type repairSet uint8

const (
	// repairJSONStrings: an array or object sent as a JSON-encoded string
	// where the schema wants an array or object, and not a string.
	repairJSONStrings repairSet = 1 << iota
	// repairScalars: a number or boolean sent as a string.
	repairScalars
	// repairEnumCase: a string enum value that differs only in case or
	// surrounding space.
	repairEnumCase
	// repairNulls: null in an optional property that may not be null (as
	// strict provider modes send), read as absent.
	repairNulls
)

// repairValue applies the schema-guided repairs in set to v, the decoded
// document at ptr, and records each in repairs.
func repairValue(sc *shapeCache, v any, s *jsonschema.Schema, ptr string, repairs *[]Repair, set repairSet) any {
	if s == nil {
		return v
	}
	sh := sc.of(s)
	ms := sh.ms
	switch x := v.(type) {
	case string:
		want := sh.want
		if set&repairEnumCase != 0 {
			if fixed, ok := enumCase(x, ms); ok {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: fmt.Sprintf("read %q as the enum value %q", x, fixed)})
				return fixed
			}
		}
		if want == 0 || want.has("string") {
			return v
		}
		if set&repairScalars != 0 {
			t := strings.TrimSpace(x)
			if (want.has("number") || want.has("integer")) && t != "" && json.Valid([]byte(t)) && strings.IndexAny(t[:1], "-0123456789") == 0 {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: "read a number sent as a string"})
				return json.Number(t)
			}
			if want.has("boolean") && (strings.EqualFold(t, "true") || strings.EqualFold(t, "false")) {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: "read a boolean sent as a string"})
				return strings.EqualFold(t, "true")
			}
		}
		if set&repairJSONStrings == 0 || !want.has("array") && !want.has("object") {
			return v
		}
		decoded, err := DecodeValue([]byte(x))
		if err != nil {
			return v
		}
		_, isArr := decoded.([]any)
		_, isObj := decoded.(map[string]any)
		if isArr && want.has("array") || isObj && want.has("object") {
			kind := "array"
			if isObj {
				kind = "object"
			}
			*repairs = append(*repairs, Repair{Pointer: ptr, Message: "decoded an " + kind + " sent as a JSON-encoded string"})
			return repairValue(sc, decoded, s, ptr, repairs, set)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if set&repairNulls != 0 {
			required := map[string]bool{}
			for _, m := range ms {
				for _, r := range m.Required {
					required[r] = true
				}
			}
			for _, k := range keys {
				if x[k] != nil || required[k] {
					continue
				}
				for _, m := range ms {
					if p := m.Properties[k]; p != nil {
						if refusesNull(sc.of(p).ms) {
							delete(x, k)
							*repairs = append(*repairs, Repair{Pointer: ptr + "/" + escapeToken(k), Message: "read null in an optional field as absent"})
							break
						}
					}
				}
			}
		}
		for _, k := range keys {
			if _, ok := x[k]; !ok {
				continue
			}
			for _, m := range ms {
				sub := m.Properties[k]
				if sub == nil {
					if ap, ok := m.AdditionalProperties.(*jsonschema.Schema); ok {
						sub = ap
					}
				}
				if sub != nil {
					x[k] = repairValue(sc, x[k], sub, ptr+"/"+escapeToken(k), repairs, set)
				}
			}
		}
	case []any:
		for i := range x {
			for _, m := range ms {
				var sub *jsonschema.Schema
				switch it := m.Items.(type) {
				case *jsonschema.Schema:
					sub = it
				case []*jsonschema.Schema:
					if i < len(it) {
						sub = it[i]
					}
				}
				if i < len(m.PrefixItems) {
					sub = m.PrefixItems[i]
				} else if m.Items2020 != nil {
					sub = m.Items2020
				}
				if sub != nil {
					x[i] = repairValue(sc, x[i], sub, ptr+"/"+strconv.Itoa(i), repairs, set)
				}
			}
		}
	}
	return v
}

func escapeToken(t string) string { return Pointer([]string{t})[1:] }

// refusesNull reports whether the schemas say, by type, enum or const,
// that null is not allowed.
func refusesNull(ms []*jsonschema.Schema) bool {
	if t := allowedTypes(ms); t != 0 && !t.has("null") {
		return true
	}
	for _, m := range ms {
		if m.Const != nil && *m.Const != nil {
			return true
		}
		if m.Enum != nil {
			hasNull := false
			for _, v := range m.Enum.Values {
				hasNull = hasNull || v == nil
			}
			if !hasNull {
				return true
			}
		}
	}
	return false
}

// enumCase returns the one string enum value that s matches but for case
// and surrounding space, when s is not itself a value.
func enumCase(s string, ms []*jsonschema.Schema) (string, bool) {
	for _, m := range ms {
		if m.Enum == nil {
			continue
		}
		var match []string
		for _, v := range m.Enum.Values {
			e, ok := v.(string)
			if !ok {
				continue
			}
			if e == s {
				return "", false
			}
			if strings.EqualFold(strings.TrimSpace(s), e) {
				match = append(match, e)
			}
		}
		if len(match) == 1 {
			return match[0], true
		}
	}
	return "", false
}
