package runtime

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// members returns s and the schemas it must also satisfy, through $ref,
// $recursiveRef, $dynamicRef and allOf, each once, in a stable order. It
// walks the validator library's graph, which the runtime validates with;
// the generator has its own model (gen/schema).
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
func repairValue(v any, s *jsonschema.Schema, ptr string, repairs *[]Repair, set repairSet) any {
	if s == nil {
		return v
	}
	ms := members(s)
	switch x := v.(type) {
	case string:
		want := allowedTypes(ms)
		if set&repairEnumCase != 0 {
			if fixed, ok := enumCase(x, ms); ok {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: fmt.Sprintf("read %q as the enum value %q", x, fixed)})
				return fixed
			}
		}
		if want == nil || want["string"] {
			return v
		}
		if set&repairScalars != 0 {
			t := strings.TrimSpace(x)
			if (want["number"] || want["integer"]) && t != "" && json.Valid([]byte(t)) && strings.IndexAny(t[:1], "-0123456789") == 0 {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: "read a number sent as a string"})
				return json.Number(t)
			}
			if want["boolean"] && (strings.EqualFold(t, "true") || strings.EqualFold(t, "false")) {
				*repairs = append(*repairs, Repair{Pointer: ptr, Message: "read a boolean sent as a string"})
				return strings.EqualFold(t, "true")
			}
		}
		if set&repairJSONStrings == 0 || !want["array"] && !want["object"] {
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
			return repairValue(decoded, s, ptr, repairs, set)
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
						if refusesNull(members(p)) {
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
					x[k] = repairValue(x[k], sub, ptr+"/"+escapeToken(k), repairs, set)
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
					x[i] = repairValue(x[i], sub, ptr+"/"+strconv.Itoa(i), repairs, set)
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
	if t := allowedTypes(ms); t != nil && !t["null"] {
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
