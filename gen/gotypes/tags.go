package gotypes

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
)

// reflectTag is a struct tag's json and jsonschema parts.
type reflectTag struct {
	json      string
	jsonComma bool
	omit      bool
	stringOpt bool
	schema    string
	hasSchema bool
}

func parseTag(tag string) (reflectTag, error) {
	var out reflectTag
	st := reflectStructTag(tag)
	if j, ok := st.lookup("json"); ok {
		parts := strings.Split(j, ",")
		out.json = parts[0]
		out.jsonComma = len(parts) > 1
		for _, o := range parts[1:] {
			switch o {
			case "omitempty", "omitzero":
				out.omit = true
			case "string":
				out.stringOpt = true
			}
		}
	}
	out.schema, out.hasSchema = st.lookup("jsonschema")
	return out, nil
}

type reflectStructTag string

// lookup is reflect.StructTag.Lookup for a tag given as source text.
func (tag reflectStructTag) lookup(key string) (string, bool) {
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			break
		}
		name := string(tag[:i])
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			break
		}
		qvalue := string(tag[:i+1])
		tag = tag[i+1:]
		if key == name {
			value, err := strconv.Unquote(qvalue)
			if err != nil {
				break
			}
			return value, true
		}
	}
	return "", false
}

// tagKeys are the jsonschema tag's keys.
var tagKeys = map[string]bool{"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true, "minLength": true, "maxLength": true, "pattern": true, "format": true, "minItems": true,
	"maxItems": true, "uniqueItems": true, "enum": true, "const": true, "title": true, "description": true,
	"deprecated": true, "nullable": true}

var tagKeyStart = regexp.MustCompile(`,\s*([a-zA-Z]+)(=|,|$)`)

// splitTag splits "a=1,pattern=^x,y$,b" at commas that start a known key.
func splitTag(s string) []string {
	var parts []string
	start := 0
	for _, loc := range tagKeyStart.FindAllStringSubmatchIndex(s, -1) {
		key := s[loc[2]:loc[3]]
		if !tagKeys[key] {
			continue
		}
		parts = append(parts, s[start:loc[0]])
		start = loc[0] + 1
	}
	return append(parts, s[start:])
}

// applyTag adds the constraints of a field's jsonschema tag to s.
func (m *mapper) applyTag(s *ojson.Object, f jsonField, nullable *bool) error {
	if !f.tag.hasSchema || strings.TrimSpace(f.tag.schema) == "" {
		return nil
	}
	target := s
	for _, part := range splitTag(f.tag.schema) {
		part = strings.TrimSpace(part)
		key, value, hasValue := strings.Cut(part, "=")
		key = strings.TrimSpace(key)
		if !tagKeys[key] {
			return fmt.Errorf("jsonschema tag: unknown key %q; known keys: %s", key, strings.Join(slices.Sorted(maps.Keys(tagKeys)), ", "))
		}
		bad := func(want string) error {
			return fmt.Errorf("jsonschema tag: %s=%q: want %s", key, value, want)
		}
		switch key {
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			if !isNumber(value) {
				return bad("a number")
			}
			target.Set(key, json.Number(value))
		case "minLength", "maxLength", "minItems", "maxItems":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return bad("a non-negative integer")
			}
			target.Set(key, json.Number(value))
		case "pattern":
			if _, err := regexp.Compile(value); err != nil {
				return fmt.Errorf("jsonschema tag: pattern %q does not compile as RE2: %v", value, err)
			}
			target.Set(key, value)
		case "format", "title", "description":
			if !hasValue || value == "" {
				return bad("a value")
			}
			target.Set(key, value)
		case "uniqueItems", "deprecated", "nullable":
			b := true
			if hasValue {
				var err error
				if b, err = strconv.ParseBool(value); err != nil {
					return bad("true or false")
				}
			}
			if key == "nullable" {
				*nullable = b
			} else {
				target.Set(key, b)
			}
		case "enum", "const":
			if !hasValue {
				return bad("a value")
			}
			var vals []any
			for _, v := range strings.Split(value, "|") {
				jv, err := typedValue(v, s)
				if err != nil {
					return fmt.Errorf("jsonschema tag: %s value %q: %v", key, v, err)
				}
				vals = append(vals, jv)
			}
			if key == "const" {
				if len(vals) != 1 {
					return bad("one value")
				}
				target.Set(key, vals[0])
			} else {
				target.Set(key, vals)
			}
		}
	}
	return nil
}

// typedValue reads a tag value as the field's JSON type.
func typedValue(v string, s *ojson.Object) (any, error) {
	typ, _ := s.Vals["type"].(string)
	switch typ {
	case "integer", "number":
		if !isNumber(v) {
			return nil, fmt.Errorf("want a number")
		}
		return json.Number(v), nil
	case "boolean":
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("want true or false")
		}
		return b, nil
	}
	return v, nil
}

func isNumber(s string) bool {
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil && s != ""
}
