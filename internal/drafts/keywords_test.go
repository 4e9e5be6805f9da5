package drafts

import "testing"

func TestHonouring(t *testing.T) {
	for _, tc := range []struct {
		draft, keyword, want string // want "" for no note
	}{
		{"4", "const", "6"},
		{"4", "contains", "6"},
		{"4", "if", "7"},
		{"4", "$id", "6"},
		{"4", "dependentRequired", "2019-09"},
		{"7", "dependentRequired", "2019-09"},
		{"7", "unevaluatedProperties", "2019-09"},
		{"7", "prefixItems", "2020-12"},
		{"2019-09", "prefixItems", "2020-12"},
		{"2020-12", "$recursiveRef", "2019-09"},
		{"2020-12", "dependencies", "7"},
		{"2020-12", "additionalItems", "2019-09"},
		{"6", "id", "4"},
		{"4", "const", "6"},
		{"4", "x-internal", ""},
		{"4", "example", ""},
		{"4", "$comment", ""},
		{"4", "examples", ""},
		{"2020-12", "definitions", ""},
		{"7", "$defs", ""},
		{"2020-12", "const", ""},
		{"4", "type", ""},
	} {
		d, _ := ByName(tc.draft)
		got, ok := d.Honouring(tc.keyword)
		if ok != (tc.want != "") || got.Name != tc.want {
			t.Errorf("draft %s, %q: got %q (%v), want %q", tc.draft, tc.keyword, got.Name, ok, tc.want)
		}
	}
}
