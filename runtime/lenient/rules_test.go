package lenient

import (
	"strings"
	"testing"
)

// ruleCase is a reply written the way models break JSON, the JSON it
// reads to, and a word of the repair that must report it.
type ruleCase struct {
	name, in, want, repair string
}

func checkRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, repairs, err := ReadLenient([]byte(c.in))
			if err != nil || string(got) != c.want {
				t.Fatalf("%q read to %s (%v), want %s", c.in, got, err, c.want)
			}
			if c.repair == "" {
				return
			}
			for _, r := range repairs {
				if strings.Contains(r.Message, c.repair) {
					if r.Offset < 0 || r.Offset > len(c.in) {
						t.Errorf("repair %q at offset %d outside the text", r.Message, r.Offset)
					}
					return
				}
			}
			t.Errorf("no repair says %q: %v", c.repair, repairs)
		})
	}
}

// Backslashes that start no JSON escape are the text's own.
func TestRuleBackslashes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"regular expression classes", `{"pattern": "^\d{3}-\w+\s*$"}`, `{"pattern":"^\\d{3}-\\w+\\s*$"}`, "no JSON escape"},
		{"escaped punctuation in a pattern", `{"re": "a\.b\(c\)\[d\]"}`, `{"re":"a\\.b\\(c\\)\\[d\\]"}`, "no JSON escape"},
		{"a Windows path", `{"path": "C:\Program Files\tool\bin"}`, `{"path":"C:\\Program Files\tool\\bin"}`, "no JSON escape"},
		{"LaTeX commands", `{"math": "\frac{a}{b} + \alpha \cdot \beta"}`, `{"math":"\\frac{a}{b} + \\alpha \\cdot \\beta"}`, "LaTeX"},
		{"a regular expression's word boundary", `["\bcat\b"]`, `["\\bcat\\b"]`, "regular expression"},
		{"JSON escapes stay escapes", `{"s": "line\nnext\ttab \"q\" \u00e9 \\"}`, `{"s":"line\nnext\ttab \"q\" é \\"}`, ""},
		{"a single quote escaped in single quotes", `{'s': 'it\'s'}`, `{"s":"it's"}`, ""},
		{"a backslash ending a line", "{\"s\": \"one\\\ntwo\"}", `{"s":"one\ntwo"}`, "line break"},
		{"a lone stray escape", `["\q"]`, `["q"]`, "invalid escape"},
	})
}
