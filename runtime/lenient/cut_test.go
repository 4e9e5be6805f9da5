package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// randomDocument writes a JSON document of objects, arrays, strings with
// every escape, numbers and literals, in compact or spaced layout.
func randomDocument(r *rand.Rand, depth int, spaced bool) string {
	sep, colon := ",", ":"
	if spaced {
		sep, colon = ",\n  ", ": "
	}
	scalars := []string{`"plain"`, `"é ü 😀"`, `"a\"q\"b"`, `"back\\slash"`, `"\/\n\r\t"`, `"\u00e9\u4e2d"`, `"\frac"`, `"\b"`, `"\ud83d\ude00"`,
		`""`, `0`, `-1`, `12.5`, `-0.25e3`, `1E+2`, `true`, `false`, `null`}
	if depth == 0 || r.IntN(3) == 0 {
		return scalars[r.IntN(len(scalars))]
	}
	n := r.IntN(4)
	var b strings.Builder
	if r.IntN(2) == 0 {
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(randomDocument(r, depth-1, spaced))
		}
		b.WriteByte(']')
		return b.String()
	}
	keys := []string{"a", "name", "b/c", "~t", "a"} // "a" twice: a duplicate
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "%q%s%s", keys[r.IntN(len(keys))], colon, randomDocument(r, depth-1, spaced))
	}
	b.WriteByte('}')
	return b.String()
}

// sameReading fails unless closeCut, where it reads text, reads it as the
// tolerant reader does: the same value and the same repairs.
func sameReading(t *testing.T, text []byte) bool {
	t.Helper()
	closed, repairs, ok := closeCut(text)
	if !ok {
		return false
	}
	v, want, err := readLenient(text)
	if err != nil {
		t.Fatalf("%q: closeCut reads it, the reader fails: %v", text, err)
	}
	var got, read any
	if err := decodeNumbers(closed, &got); err != nil {
		t.Fatalf("%q: closeCut wrote invalid JSON %q: %v", text, closed, err)
	}
	if err := decodeNumbers(encodeValue(v, len(text)), &read); err != nil {
		t.Fatal(err)
	}
	// Compared as canonical JSON, not with cmp.Diff: on deeply nested
	// lists cmp.Diff takes exponential time, even when they are equal.
	readJSON, _ := json.Marshal(read)
	gotJSON, _ := json.Marshal(got)
	if !bytes.Equal(readJSON, gotJSON) {
		t.Fatalf("%q: values differ:\nreader:   %s\ncloseCut: %s", text, readJSON, gotJSON)
	}
	if d := cmp.Diff(want, repairs, cmp.Comparer(func(a, b problem.Repair) bool { return a == b })); d != "" {
		t.Fatalf("%q: repairs differ (-reader +closeCut):\n%s", text, d)
	}
	return true
}

func decodeNumbers(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

// TestCloseCutReadsAsTheReader: every prefix of random documents that
// closeCut reads, it reads as the tolerant reader does; and it reads the
// prefixes that end between values.
func TestCloseCutReadsAsTheReader(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	read, docs := 0, 0
	for docs < 2000 {
		doc := randomDocument(r, 4, r.IntN(2) == 0)
		if doc[0] != '{' && doc[0] != '[' {
			continue
		}
		docs++
		for n := 1; n <= len(doc); n++ {
			if sameReading(t, []byte(doc[:n])) {
				read++
			}
		}
	}
	if read < 10000 {
		t.Errorf("closeCut read %d prefixes; it should read most that end between values", read)
	}
}

// TestCloseCut: what it reads and what it leaves to the tolerant reader.
func TestCloseCut(t *testing.T) {
	for _, tc := range []struct {
		in, closed string
		ok         bool
	}{
		{`[{"a":1},{"a":2},`, `[{"a":1},{"a":2}]`, true},
		{"[\n  {\"a\": 1},\n  {\"a\": 2}\n", "[\n  {\"a\": 1},\n  {\"a\": 2}]", true},
		{`{"items":[{"a":1},`, `{"items":[{"a":1}]}`, true},
		{`{"a":{"b":[`, `{"a":{"b":[]}}`, true},
		{`{"a":1}`, `{"a":1}`, true},
		{`[1,2`, ``, false},             // a number that may go on
		{`["a","b`, ``, false},          // a string cut
		{`{"a":1,"b"`, ``, false},       // a key without its value
		{`{"a":`, ``, false},            // a member cut after its colon
		{`{"a":1,"a":2,`, ``, false},    // a key written twice
		{`["\frac",`, ``, false},        // \f: the reader may keep it
		{`["x"] and more`, ``, false},   // prose after the document
		{`Here: [1,`, ``, false},        // prose before it
		{`[1,]`, ``, false},             // a trailing comma is a repair
		{"[\"tab\there\",", ``, false},  // a control character
		{`[{"a":1}{"b":2},`, ``, false}, // a missing comma
		{"[\"\xff\",", ``, false},       // invalid UTF-8
		{`{"k\u0061":1,`, ``, false},    // a key with an escape
		{`[tru`, ``, false},             // a literal cut
		{"```json\n[1,", ``, false},     // a fence
		{`["\ud83d\ude00",`, ``, false}, // a surrogate pair
		{`{"p":".\nA0",`, ``, false},    // .\n: a path the reader keeps as written
		{`{"p":"x \\ C:\new",`, ``, false},
		{`{"p":"line\nTwo\nThree",`, `{"p":"line\nTwo\nThree"}`, true}, // line breaks
		{"{\"d\":\"```{}```\",", ``, false},                            // a fenced document in a string, which the reader reads
		{`{"a":[1,2],"b":{"c":null},`, `{"a":[1,2],"b":{"c":null}}`, true},
	} {
		closed, _, ok := closeCut([]byte(tc.in))
		if ok != tc.ok || ok && string(closed) != tc.closed {
			t.Errorf("%q: got %q, %v; want %q, %v", tc.in, closed, ok, tc.closed, tc.ok)
		}
		if ok {
			sameReading(t, []byte(tc.in))
		}
	}
}

// FuzzCloseCut: whatever closeCut reads, it reads as the tolerant reader
// does.
func FuzzCloseCut(f *testing.F) {
	for _, s := range []string{`[{"a":1},{"a":2},`, `{"items":[{"a":"x\n"},`, `{"a":{"b":[`, `[1,2]`, `{"a":[true,null,-1.5e3],`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		sameReading(t, text)
	})
}

// breakDocument damages doc the way models do: cut it anywhere, drop or
// double a comma, drop a quote, add a trailing comma, or wrap it in prose
// or a fence.
func breakDocument(r *rand.Rand, doc string) string {
	switch r.IntN(8) {
	case 0, 1, 2:
		return doc[:r.IntN(len(doc))+1]
	case 3:
		return strings.Replace(doc, ",", "", 1)
	case 4:
		return strings.Replace(doc, ",", ",,", 1)
	case 5:
		return strings.Replace(doc, `"`, "", 1)
	case 6:
		return "Here it is: " + doc + " Hope that helps."
	}
	return "```json\n" + doc + "\n```"
}

// TestEarlyChoiceChoosesAlike: the readings Align skips (a whole reading
// that fits at a cost no other can undercut; a document cut short, read
// by closeCut) change nothing: Align with them and without them returns
// the same value, repairs and problems, for random broken documents and
// schemas that take most of them, and AlignDecoded with a decoder that
// takes what the schema takes returns the same reading.
func TestEarlyChoiceChoosesAlike(t *testing.T) {
	schemas := schema.NewSchemas("https://json-schema.org/draft/2020-12/schema", map[string]string{
		"structgen:///any.json":    `{}`,
		"structgen:///obj.json":    `{"type": "object"}`,
		"structgen:///arr.json":    `{"type": "array"}`,
		"structgen:///strict.json": `{"type": "object", "properties": {"a": {"type": "array"}}, "required": ["a"]}`,
	})
	r := rand.New(rand.NewPCG(3, 4))
	compared := 0
	for range 3000 {
		doc := randomDocument(r, 4, r.IntN(2) == 0)
		text := []byte(breakDocument(r, doc))
		for _, name := range []string{"any", "obj", "arr", "strict"} {
			s := schemas.Schema("structgen:///" + name + ".json#")
			align := func(decoded bool) string {
				var accept func([]byte) bool
				if decoded {
					accept = func(raw []byte) bool {
						v, err := schema.DecodeValue(raw)
						if err != nil {
							return false
						}
						ps, err := s.Validate(v)
						return err == nil && len(ps) == 0
					}
				}
				doc, raw, repairs, ps, err := AlignDecoded(text, s, accept)
				if raw != nil {
					doc, _ = schema.DecodeValue(raw)
				}
				b, _ := json.Marshal(doc)
				return fmt.Sprintf("%s %v %v %v", b, repairs, ps, err)
			}
			for _, decoded := range []bool{false, true} {
				earlyChoice = false
				want := align(decoded)
				earlyChoice = true
				got := align(decoded)
				if got != want {
					t.Fatalf("%s, %q (decoder %v):\nwith the early choice: %s\nwithout: %s", name, text, decoded, got, want)
				}
				compared++
			}
		}
	}
	t.Logf("%d readings compared", compared)
}
