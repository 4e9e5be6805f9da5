package source

import (
	"strings"
	"testing"
)

// TestKeywordOf: the keyword a meta-schema error is about, and the
// schema that holds it, through keywords whose values are schemas.
func TestKeywordOf(t *testing.T) {
	for _, tc := range []struct{ ptr, keyword, schema string }{
		{"type", "type", ""},
		{"properties/a/type", "type", "/properties/a"},
		{"properties/a", "", "/properties/a"},
		{"properties/b/items/type", "type", "/properties/b/items"},
		{"items/0/minimum", "minimum", "/items/0"},
		{"items/minimum", "minimum", "/items"},
		{"additionalProperties/type", "type", "/additionalProperties"},
		{"not/anyOf/1/enum", "enum", "/not/anyOf/1"},
		{"if/properties/k/const", "const", "/if/properties/k"},
		{"type/0", "type", ""},
		{"required/2", "required", ""},
		{"properties/items/type", "type", "/properties/items"},
	} {
		keyword, schema := keywordOf(strings.Split(tc.ptr, "/"))
		if keyword != tc.keyword || schema != tc.schema {
			t.Errorf("keywordOf(%s) = %q, %q; want %q, %q", tc.ptr, keyword, schema, tc.keyword, tc.schema)
		}
	}
}

func TestTypeHint(t *testing.T) {
	for name, want := range map[string]string{
		"dict":    `: "dict" is no JSON Schema type; write "object"`,
		"Float":   `: "Float" is no JSON Schema type; write "number"`,
		"String":  `: type names are lower case; write "string"`,
		"any":     `: "any" is no JSON Schema type; leave "type" out for any value`,
		"numbers": "",
	} {
		if got := typeHint(name); got != want {
			t.Errorf("typeHint(%q) = %q, want %q", name, got, want)
		}
	}
}
