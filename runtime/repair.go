package runtime

import (
	"sort"
	"strconv"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// members returns s and the schemas it must also satisfy through $ref and
// allOf.
func members(s *jsonschema.Schema) []*jsonschema.Schema {
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
	walk(s)
	return out
}

// allowedTypes returns the JSON types the schemas allow, as far as their
// "type" keywords (or those of their anyOf/oneOf branches) say; nil when
// they say nothing.
func allowedTypes(ms []*jsonschema.Schema) map[string]bool {
	var out map[string]bool
	restrict := func(types []string) {
		set := map[string]bool{}
		for _, t := range types {
			set[t] = true
			if t == "number" {
				set["integer"] = true
			}
		}
		if out == nil {
			out = set
			return
		}
		for t := range out {
			if !set[t] {
				delete(out, t)
			}
		}
	}
	for _, m := range ms {
		if m.Types != nil && !m.Types.IsEmpty() {
			restrict(m.Types.ToStrings())
		}
		for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
			if len(dis) == 0 {
				continue
			}
			var union []string
			for _, br := range dis {
				bt := allowedTypes(members(br))
				if bt == nil {
					union = nil
					break
				}
				for t := range bt {
					union = append(union, t)
				}
			}
			if union != nil {
				restrict(union)
			}
		}
	}
	return out
}

// repairValue applies the schema-guided repairs to v, the decoded
// document at ptr, and records each in repairs. Today: an array or object
// that arrived as a JSON-encoded string where the schema wants an array or
// object, and not a string.
func repairValue(v any, s *jsonschema.Schema, ptr string, repairs *[]Repair) any {
	if s == nil {
		return v
	}
	ms := members(s)
	switch x := v.(type) {
	case string:
		want := allowedTypes(ms)
		if want == nil || want["string"] || !want["array"] && !want["object"] {
			return v
		}
		decoded, err := DecodeValue([]byte(x))
		if err != nil {
			return v
		}
		_, isArr := decoded.([]any)
		_, isObj := decoded.(map[string]any)
		if isArr && want["array"] || isObj && want["object"] {
			kind := "array"
			if isObj {
				kind = "object"
			}
			*repairs = append(*repairs, Repair{Pointer: ptr, Message: "decoded an " + kind + " sent as a JSON-encoded string"})
			return repairValue(decoded, s, ptr, repairs)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for _, m := range ms {
				sub := m.Properties[k]
				if sub == nil {
					if ap, ok := m.AdditionalProperties.(*jsonschema.Schema); ok {
						sub = ap
					}
				}
				if sub != nil {
					x[k] = repairValue(x[k], sub, ptr+"/"+escapeToken(k), repairs)
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
					x[i] = repairValue(x[i], sub, ptr+"/"+strconv.Itoa(i), repairs)
				}
			}
		}
	}
	return v
}

func escapeToken(t string) string { return Pointer([]string{t})[1:] }
