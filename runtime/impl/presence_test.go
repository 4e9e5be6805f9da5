package impl

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPresence: branches that require properties or refuse a set of
// them, decided on which properties the object has, worded as AnyOf and
// OneOf word their branches.
func TestPresence(t *testing.T) {
	has := func(names ...string) func(string) bool {
		return func(name string) bool { return slices.Contains(names, name) }
	}
	email := Presence{Required: []string{"email"}}
	phoneNoFax := Presence{Required: []string{"phone"}, Forbidden: []string{"fax"}}
	both := Presence{Required: []string{"a", "b"}}
	for _, tc := range []struct {
		name string
		f    func(c *Decoding)
		want []string
	}{
		{"anyOf passes", func(c *Decoding) { c.AnyOfPresence(has("phone"), email, phoneNoFax) }, nil},
		{"anyOf none", func(c *Decoding) { c.AnyOfPresence(has("phone", "fax"), email, phoneNoFax, both) }, []string{
			"/x: anyOf: the value matches none of the 3 schemas",
			"/x: (schema 0) missing property 'email'",
			"/x: (schema 1) not: the value matches a schema it must not",
			"/x: (schema 2) missing properties 'a', 'b'",
		}},
		{"oneOf one", func(c *Decoding) { c.OneOfPresence(has("email", "fax"), email, phoneNoFax) }, nil},
		{"oneOf two", func(c *Decoding) { c.OneOfPresence(has("email", "phone"), email, phoneNoFax) }, []string{
			"/x: oneOf: the value matches schemas 0 and 1, want exactly one",
		}},
		{"oneOf none", func(c *Decoding) { c.OneOfPresence(has("b"), email, both) }, []string{
			"/x: oneOf: the value matches none of the 2 schemas",
			"/x: (schema 0) missing property 'email'",
			"/x: (schema 1) missing property 'a'",
		}},
		{"a forbidden set needs every one", func(c *Decoding) {
			c.OneOfPresence(has("phone"), Presence{Required: []string{"phone"}, Forbidden: []string{"fax", "telex"}})
		}, nil},
	} {
		if diff := cmp.Diff(tc.want, check(tc.f)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	// Quiet: counted, not worded.
	c := &Decoding{quiet: true}
	c.OneOfPresence(has(), email)
	if !c.Failed() || len(c.problems) != 0 {
		t.Errorf("quiet: failed %v, problems %v", c.Failed(), c.problems)
	}
}
