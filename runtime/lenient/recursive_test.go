package lenient

import (
	"maps"
	"slices"
	"testing"
)

// A schema that is its own item or property (a JSON value, a tree), or
// its own union's branch, is read like any other: no coercion goes round
// it for ever.
func TestRuleRecursiveSchema(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a value the union takes", "json", `{"a": [1, "x", true, {"b": 2}]}`, `{"a":[1,"x",true,{"b":2}]}`, ""},
		{"a number the union takes only as text", "json", `[1, 2.5]`, `[1,"2.5"]`, ""},
		{"a null it does not take", "json", `{"a": [1, {"b": null}]}`, "", "/a/1/b"},
		{"prose is a string", "json", `The answer is 42.`, `"The answer is 42."`, ""},
		{"a child written as the list's one item", "tree", `{"name": "a", "children": {"name": "b"}}`, `{"children":[{"name":"b"}],"name":"a"}`, ""},
		{"a word for a child", "tree", `{"name": "a", "children": "b"}`, "", "/children/0"},
		{"a word for the next node", "tree", `{"name": "a", "next": "b"}`, "", "/next"},
		{"a number for the next node", "tree", `{"name": "a", "next": 5}`, "", "/next"},
		// A branch that applies its own union to the value again is one
		// no value passes (the validator reports the cycle): the other
		// branches read it.
		{"a union with a branch that is itself", "selfunion", `5`, `"5"`, ""},
		{"two unions each a branch of the other", "mutual", `4.5`, `"4.5"`, ""},
		{"an integer they take", "mutual", `7`, `7`, ""},
		{"an object neither takes", "mutual", `{"a": 1}`, "", "want string"},
	})
}

// FuzzAlignRuleSchemas reads any text with each of the rule tests'
// schemas, whole and as a streaming prefix: no text and no schema makes
// the reader panic or run without end, and what it returns without a
// problem fits the schema.
func FuzzAlignRuleSchemas(f *testing.F) {
	urls := slices.Sorted(maps.Keys(ruleSchemaDocs))
	for i, s := range []string{`{"a": [1, 2.5]}`, `[1, 2.5]`, `{"name": "a", "children": {"name": "b", "next": 5}}`, "- a\n- b", `{"tags": "[go, rust]"}`, `{"age": "about 30"}`, `{"rule": ["true", {"fix": true`} {
		f.Add(uint8(i*7), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		s := ruleSchemas.Schema(urls[int(which)%len(urls)] + "#")
		doc, _, ps, err := Align([]byte(text), s)
		if err == nil && len(ps) == 0 {
			if vps, verr := s.Validate(doc); verr != nil || len(vps) > 0 {
				t.Fatalf("%s: %q read to %v, which does not fit: %v %v", urls[int(which)%len(urls)], text, doc, vps, verr)
			}
		}
		ReadPartial(s, []byte(text))
	})
}
