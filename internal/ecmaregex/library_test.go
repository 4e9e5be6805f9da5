package ecmaregex

import (
	"fmt"
	"strings"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// patternForms covers the shapes of pattern each matcher takes: anchors,
// alternation at the top with and without anchors of its own, groups,
// classes, counts, and what only the backtracking engine runs.
var patternForms = []string{
	``, `a`, `^a`, `a$`, `^a$`, `^a|b$`, `^(a|b)$`, `a|b|c`, `^ab|^cd|ef$`,
	`^[a-z]+$`, `^[^/]+/[^/]+$`, `\d{3}-\d{4}`, `^x-`, `(?:ab)+c`, `^(?:a|b)*$`,
	`^\p{L}+$`, `^[A-Z][a-z]*$|^$`, `^.{1,255}$`, `^(?!x)[a-z]+$`, `^(a)\1$`,
	`(?<=a)b`, `^a{2,3}|b{4}$`, `[\s\S]`, `^\w+([.-]?\w+)*@\w+$`,
}

// TestCompiledAreMapKeys: the validator library keeps compiled patterns as
// map keys, so every value Compile returns must be hashable (a struct
// holding a slice made the library panic).
func TestCompiledAreMapKeys(t *testing.T) {
	for _, p := range patternForms {
		re, err := Compile(p)
		if err != nil {
			t.Errorf("%q: %v", p, err)
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: %T is not a map key: %v", p, re, r)
				}
			}()
			m := map[jsonschema.Regexp]bool{re: true}
			_ = m[re]
		}()
	}
}

// TestThroughLibrary compiles every pattern form as a pattern and as a
// patternProperties key through the validator library with this engine,
// and validates an instance with each.
func TestThroughLibrary(t *testing.T) {
	for _, p := range patternForms {
		t.Run(p, func(t *testing.T) {
			quoted := strings.ReplaceAll(strings.ReplaceAll(p, `\`, `\\`), `"`, `\"`)
			doc := fmt.Sprintf(`{"type":"object","patternProperties":{"%s":{"type":"string","pattern":"%s"}},"properties":{"x":{"pattern":"%s"}}}`, quoted, quoted, quoted)
			schema, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
			if err != nil {
				t.Fatal(err)
			}
			c := jsonschema.NewCompiler()
			c.UseRegexpEngine(Compile)
			if err := c.AddResource("urn:t", schema); err != nil {
				t.Fatal(err)
			}
			sch, err := c.Compile("urn:t")
			if err != nil {
				t.Fatal(err)
			}
			inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"a":"b","x":"ab"}`))
			_ = sch.Validate(inst) // a verdict, not a panic
		})
	}
}
