package lenient

import (
	"errors"
	"github.com/structgen/structgen/runtime/problem"
	"sort"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	tests := []struct {
		name, in, want string
		where          Extraction
		err            error
	}{
		{"raw object", ` {"a":1} `, `{"a":1}`, ExtractedRaw, nil},
		{"raw array", "[1,2]\n", `[1,2]`, ExtractedRaw, nil},
		{"raw scalar", `42`, `42`, ExtractedRaw, nil},
		{"fence with language", "Here:\n```json\n{\"a\": 1}\n```\nDone.", `{"a": 1}`, ExtractedFence, nil},
		{"fence without language", "```\n[1, 2]\n```", `[1, 2]`, ExtractedFence, nil},
		{"code first, then JSON", "```python\nf({\"a\": 1})\n```\n```json\n{\"a\": 2}\n```", `{"a": 2}`, ExtractedFence, nil},
		{"a tilde fence", "~~~json\n{\"a\": 1}\n~~~", `{"a": 1}`, ExtractedFence, nil},
		{"a CDATA section", "<answer><![CDATA[{\"a\": 1}]]></answer>", `{"a": 1}`, ExtractedProse, nil},
		{"a CDATA section of an array", "<![CDATA[[1, 2]]]>", `[1, 2]`, ExtractedProse, nil},
		{"code alone", "```python\nf({\"a\": 1})\n```", `{"a": 1}`, ExtractedFence, nil},
		{"fence holding prose and JSON", "```json\nresult: {\"a\":1}\n```", `{"a":1}`, ExtractedFence, nil},
		{"first fence without JSON skipped", "```go\nx := 1\n```\n```json\n{\"b\":2}\n```", `{"b":2}`, ExtractedFence, nil},
		{"unclosed fence", "```json\n{\"a\": 1}", `{"a": 1}`, ExtractedFence, nil},
		{"prose before and after", `Sure! {"a": {"b": [1, 2]}} Hope this helps.`, `{"a": {"b": [1, 2]}}`, ExtractedProse, nil},
		{"braces inside strings", `The answer: {"text": "use } and { and ] freely", "n": 1} end`, `{"text": "use } and { and ] freely", "n": 1}`, ExtractedProse, nil},
		{"escaped quotes", `x {"q": "she said \"}\" twice"} y`, `{"q": "she said \"}\" twice"}`, ExtractedProse, nil},
		{"several values: the first", `first {"a":1} then {"b":2}`, `{"a":1}`, ExtractedProse, nil},
		{"array in prose", `The list is [1, 2, 3].`, `[1, 2, 3]`, ExtractedProse, nil},
		{"prose braces before JSON", `I {think} the answer is {"a": 1}`, `{"a": 1}`, ExtractedProse, nil},
		{"unclosed brace before JSON", `{ note {"a": 1}`, `{"a": 1}`, ExtractedProse, nil},
		{"JSON inside an invalid outer region", `{ note: {"a": 1} }`, `{"a": 1}`, ExtractedProse, nil},
		{"quote in prose", `He said "hi {"a": 1}`, `{"a": 1}`, ExtractedProse, nil},
		{"empty", " \n\t", "", 0, problem.ErrEmptyReply},
		{"no JSON", "I cannot answer that.", "", 0, problem.ErrNoJSON},
		{"only broken JSON", `{"a": 1`, "", 0, problem.ErrNoJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, where, err := Extract([]byte(tc.in))
			if !errors.Is(err, tc.err) || tc.err == nil && err != nil {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if string(got) != tc.want || err == nil && where != tc.where {
				t.Errorf("Extract = %q from %v, want %q from %v", got, where, tc.want, tc.where)
			}
		})
	}
}

// workBound is how many bytes extraction may scan and validate per byte of
// input; a super-linear search would exceed it on large inputs.
const workBound = 12

// Adversarial inputs stay linear in the work extraction does.
func TestExtractLinear(t *testing.T) {
	for name, gen := range adversarial {
		for _, n := range []int{1_000, 100_000} {
			in := gen(n)
			var e extractor
			e.extract([]byte(in))
			if e.work > workBound*len(in)+4096 {
				t.Errorf("%s, %d bytes: %d bytes of work", name, len(in), e.work)
			}
		}
	}
}

var adversarial = map[string]func(n int) string{
	"open braces":    func(n int) string { return strings.Repeat("{", n) },
	"nested arrays":  func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n-1) },
	"nested invalid": func(n int) string { return strings.Repeat("{x", n) + strings.Repeat("}", n) },
	"invalid pairs":  func(n int) string { return strings.Repeat("{x}", n) },
	"fences":         func(n int) string { return strings.Repeat("```\n{\n", n) },
	"quotes":         func(n int) string { return "{" + strings.Repeat(`"\"`, n) },
	"valid at end":   func(n int) string { return strings.Repeat("{a} ", n) + `{"ok":true}` },
}

// BenchmarkExtract measures extraction from prose at 1 KB, 1 MB and 10 MB,
// and of adversarial inputs of 1 MB; bytes/s should stay flat.
func BenchmarkExtract(b *testing.B) {
	doc := `{"name":"x","items":[1,2,3],"nested":{"text":"a } b { c"}}`
	prose := func(size int) []byte {
		filler := strings.Repeat("Some words, and a {brace} or two. ", size/34+1)
		return []byte(filler[:size/2] + doc + filler[:size/2])
	}
	cases := map[string][]byte{"prose-1KB": prose(1 << 10), "prose-1MB": prose(1 << 20), "prose-10MB": prose(10 << 20)}
	for name, gen := range adversarial {
		cases["adversarial-"+name+"-1MB"] = []byte(gen(1 << 20 / 4))
	}
	for _, name := range sortedNames(cases) {
		in := cases[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				Extract(in)
			}
		})
	}
}

func sortedNames(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// FuzzExtract: extraction's work stays linear on any text.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n[1]\n```", `x {"title":"T"} y`, "{{{", `{"a" {"b":2}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var e extractor
		e.extract([]byte(s))
		if e.work > workBound*len(s)+4096 {
			t.Fatalf("%d bytes of work for %d bytes", e.work, len(s))
		}
	})
}
