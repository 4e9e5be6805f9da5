package lenient

import (
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/format"
)

// FuzzFormatted: a string rewritten into a format always meets it, and
// one that meets it already is never rewritten.
func FuzzFormatted(f *testing.F) {
	for _, s := range []string{"2024-3-5", "March 5, 2024", "5th Sept. 2024", "03/05/2024", "2024-03-05 10:00+0200",
		"[a](https://a.example)", "<https://x.example>", "Ada <ada@example.com>", "mailto:ada@example.com", "2024-02-30"} {
		f.Add(s)
	}
	names := []string{"date", "date-time", "uri", "email"}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range names {
			ms := []*jsonschema.Schema{{Format: &jsonschema.Format{Name: name}}}
			fixed, _, ok := formatted(s, ms)
			if !ok {
				continue
			}
			if err := format.Check(name, fixed); err != nil {
				t.Fatalf("%s: %q rewritten to %q, which does not meet it: %v", name, s, fixed, err)
			}
			if format.Check(name, s) == nil {
				t.Fatalf("%s: %q meets it, but was rewritten to %q", name, s, fixed)
			}
		}
	})
}
