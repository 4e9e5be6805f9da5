package drafts

import "testing"

// ByURI reads a meta-schema URI as the validator library reads it, so the
// generated code and the library agree on a schema's draft.
func TestByURI(t *testing.T) {
	for _, c := range []struct {
		uri, want string // want: the draft's name, "" for none
		alias     bool
	}{
		{"http://json-schema.org/draft-04/schema#", "4", false},
		{"http://json-schema.org/draft-04/schema", "4", false},
		{"https://json-schema.org/draft-04/schema#", "4", false},
		{"https://json-schema.org/draft-07/schema", "7", false},
		{"http://json-schema.org/draft/2020-12/schema", "2020-12", false},
		{"https://json-schema.org/draft/2019-09/schema#", "2019-09", false},
		{"http://json-schema.org/schema#", "2020-12", true},
		{"https://json-schema.org/schema", "2020-12", true},
		{"http://json-schema.org/draft-03/schema#", "", false},
		{"ftp://json-schema.org/draft-07/schema#", "", false},
		{"json-schema.org/draft-07/schema", "", false},
		{"https://json-schema.org/draft-07/schema#/definitions", "", false},
		{"", "", false},
	} {
		d, ok := ByURI(c.uri)
		if ok != (c.want != "") || d.Name != c.want {
			t.Errorf("ByURI(%q) = %q, %v; want %q", c.uri, d.Name, ok, c.want)
		}
		if got := Alias(c.uri); got != c.alias {
			t.Errorf("Alias(%q) = %v, want %v", c.uri, got, c.alias)
		}
	}
}

// ByVersion names each draft the library compiles a schema in.
func TestByVersion(t *testing.T) {
	for v, want := range map[int]string{4: "4", 6: "6", 7: "7", 2019: "2019-09", 2020: "2020-12", 3: "", 0: ""} {
		if d, ok := ByVersion(v); ok != (want != "") || d.Name != want {
			t.Errorf("ByVersion(%d) = %q, %v; want %q", v, d.Name, ok, want)
		}
	}
}
