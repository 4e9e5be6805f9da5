package lenient

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

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
func repairValue(sc *schema.ShapeCache, v any, s *jsonschema.Schema, ptr string, repairs *[]problem.Repair, set repairSet) any {
	if s == nil {
		return v
	}
	sh := sc.Of(s)
	ms := sh.Members
	switch x := v.(type) {
	case string:
		want := sh.Types
		if set&repairEnumCase != 0 {
			if fixed, ok := enumCase(x, ms); ok {
				*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: fmt.Sprintf("read %q as the enum value %q", x, fixed)})
				return fixed
			}
		}
		if want == 0 || want.Has("string") {
			return v
		}
		if set&repairScalars != 0 {
			t := strings.TrimSpace(x)
			if (want.Has("number") || want.Has("integer")) && t != "" && json.Valid([]byte(t)) && strings.IndexAny(t[:1], "-0123456789") == 0 {
				*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: "read a number sent as a string"})
				return json.Number(t)
			}
			if want.Has("boolean") && (strings.EqualFold(t, "true") || strings.EqualFold(t, "false")) {
				*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: "read a boolean sent as a string"})
				return strings.EqualFold(t, "true")
			}
		}
		if set&repairJSONStrings == 0 || !want.Has("array") && !want.Has("object") {
			return v
		}
		decoded, err := schema.DecodeValue([]byte(x))
		if err != nil {
			return v
		}
		_, isArr := decoded.([]any)
		_, isObj := decoded.(map[string]any)
		if isArr && want.Has("array") || isObj && want.Has("object") {
			kind := "array"
			if isObj {
				kind = "object"
			}
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: "decoded an " + kind + " sent as a JSON-encoded string"})
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
						if refusesNull(sc.Of(p).Members) {
							delete(x, k)
							*repairs = append(*repairs, problem.Repair{Pointer: ptr + "/" + escapeToken(k), Message: "read null in an optional field as absent"})
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
					sub = patternSchema(m, k)
				}
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

func escapeToken(t string) string { return schema.Pointer([]string{t})[1:] }

// refusesNull reports whether the schemas say, by type, enum or const,
// that null is not allowed.
func refusesNull(ms []*jsonschema.Schema) bool {
	if t := schema.AllowedTypes(ms); t != 0 && !t.Has("null") {
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

// RepairArgs applies to doc, a tool call's decoded arguments, the repairs
// that s allows arguments: a JSON-encoded string where s wants an array
// or object is decoded, null in an optional property that may not be
// null is dropped. A required property left out stays missing, whatever
// its schema: in a call it is an argument the model forgot, which a
// retry asks for, and null may mean something to the tool ("null to
// remove the current type"). Each repair is appended to repairs.
func RepairArgs(s *schema.Schema, doc any, repairs *[]problem.Repair) (any, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, err
	}
	return repairValue(s.Shapes(), doc, sch, "", repairs, repairJSONStrings|repairNulls), nil
}
