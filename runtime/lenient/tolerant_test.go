package lenient

import (
	"encoding/json"
	"testing"
)

// FuzzReadLenient: any text reads to valid JSON or an error, never a
// panic, and every repair points into the text.
func FuzzReadLenient(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2`, `{a: 'b', c: """d"""}`, "```json\n{\"a\":1}\n```", `["a" "b" ...]`, `{"k": "v" "x": [}`, `(1, (2,))`, `\"a\": \"b\"`, `{"a":"b,"c":"d"}`, `{„a“: «b», 「c」: ‚d‘}`, "<|x|>[T] {\"a\": f(1, 'b'), \"c\": 5'11\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, repairs, err := ReadLenient([]byte(s))
		if err != nil {
			return
		}
		if !json.Valid(got) {
			t.Fatalf("%q read to invalid JSON %s", s, got)
		}
		text := []byte(s)
		if escapedDocument(text) {
			text = unescapeQuotes(text)
		}
		for _, r := range repairs {
			if r.Offset < 0 || r.Offset > len(text) {
				t.Fatalf("%q: repair %q at offset %d outside the text", s, r.Message, r.Offset)
			}
		}
	})
}
