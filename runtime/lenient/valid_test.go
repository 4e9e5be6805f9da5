package lenient

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// validDocument writes a JSON document whose strings hold what the
// reader's rules look at: delimiters, brackets, escaped quotes, URLs,
// times, fences, words that are literals; keys are never repeated.
func validDocument(r *rand.Rand, depth int, spaced bool) string {
	sep, colon := ",", ":"
	if spaced {
		sep, colon = ",\n  ", ": "
	}
	scalars := []string{`"a, b"`, `"x: y"`, `"[1]"`, `"{\"k\": 1}"`, `"say \"hi\", ok"`, `"https://x.y/z?a=1"`, `"10:30"`,
		`"\"quoted\""`, `"end\\"`, `"ends with ]"`, `"} {"`, `"{\""`, `"{\\,"`, `"{\n}:"`, `"[\"x"`, `"a {\" b"`, `"say \"hi\""`, `"\\d \"q\""`, `"true"`, `"null"`, `"1,234"`, `"//not a comment"`, `"/* nor this */"`,
		`""`, `"'single'"`, `0`, `-1`, `12.5`, `-0.25e3`, `1E+2`, `true`, `false`, `null`}
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
			b.WriteString(validDocument(r, depth-1, spaced))
		}
		b.WriteByte(']')
		return b.String()
	}
	keys := []string{"a", "name", "b/c", "~t", "key with space", "k:v", "x,y"}
	r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "%q%s%s", keys[i], colon, validDocument(r, depth-1, spaced))
	}
	b.WriteByte('}')
	return b.String()
}

// TestValidJSONReadsAsWritten: a document that is valid JSON, with no key
// repeated, reads to its own value with no repair, whatever its strings
// hold and however its lists nest.
func TestValidJSONReadsAsWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		doc := validDocument(r, 5, r.IntN(2) == 0)
		got, repairs, err := ReadLenient([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		var want, read any
		if err := decodeNumbers([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		if err := decodeNumbers(got, &read); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, read); d != "" || len(repairs) > 0 {
			t.Fatalf("%s: read with repairs %v, value diff (-written +read):\n%s", doc, repairs, d)
		}
	}
}
