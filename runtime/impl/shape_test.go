package impl

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/schema"
)

// shapeInputs are values of every kind, with escapes, invalid UTF-8,
// white space, integers written with fractions and duplicate keys.
var shapeInputs = []string{
	`null`, `true`, `1`, `1.0`, `-2e3`, `"a"`, `"\u00e9\ud83d\ude00 \"q\""`, "\"bad \xff byte\"",
	`[]`, `[ "a" , "b" ]`, `["a", 1]`, `[null]`, `[{"a":1}, null, {}]`, `[[1.0], {"x": 2.50}]`,
	`{}`, ` { "a" : 1.0 , "b" : [ 1, 2 ] } `, `{"a":1,"a":2}`, "{\"k\xff\":1}", `{"\u0041":{"n":null}}`,
	`{"a":"x"}`, `[{"a":1}, 2]`,
}

// shapeOf returns what decodeShape and encoding/json make of raw for one
// Go type.
func shapeOf[T any](t *testing.T, raw string) {
	t.Helper()
	var got, want T
	ok := decodeShape([]byte(raw), &got)
	err := json.Unmarshal(schema.NormalizeIntegers([]byte(raw)), &want)
	if !ok {
		var zero T
		if diff := cmp.Diff(zero, got); diff != "" {
			t.Errorf("%T %s: declined but changed the value (-zero +got):\n%s", got, raw, diff)
		}
		return
	}
	if err != nil {
		t.Errorf("%T %s: decoded %#v, encoding/json refuses: %v", got, raw, got, err)
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%T %s: differs from encoding/json (-want +got):\n%s", got, raw, diff)
	}
}

func checkShapes(t *testing.T, raw string) {
	shapeOf[json.RawMessage](t, raw)
	shapeOf[map[string]json.RawMessage](t, raw)
	shapeOf[[]json.RawMessage](t, raw)
	shapeOf[[]map[string]json.RawMessage](t, raw)
	shapeOf[string](t, raw)
	shapeOf[*string](t, raw)
	shapeOf[[]string](t, raw)
}

// TestDecodeShape: what decodeShape decodes, it decodes as encoding/json
// does; what it declines, it leaves alone.
func TestDecodeShape(t *testing.T) {
	for _, raw := range shapeInputs {
		checkShapes(t, raw)
	}
	// The types it takes on: each decoded without encoding/json.
	for _, c := range []struct {
		dst any
		raw string
	}{
		{new(json.RawMessage), `{"a": 1}`},
		{new(map[string]json.RawMessage), `{"a": 1}`},
		{new([]json.RawMessage), `[1]`},
		{new([]map[string]json.RawMessage), `[{}]`},
		{new(string), `"s"`},
		{new(*string), `null`},
		{new([]string), `["s"]`},
	} {
		if !decodeShape([]byte(c.raw), c.dst) {
			t.Errorf("%T %s: declined", c.dst, c.raw)
		}
	}
	if decodeShape([]byte(`{}`), new(struct{ A int })) {
		t.Error("decoded a struct, which is encoding/json's")
	}
}

// FuzzDecodeShape compares decodeShape with encoding/json on any valid
// JSON value.
func FuzzDecodeShape(f *testing.F) {
	for _, raw := range shapeInputs {
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if !json.Valid([]byte(raw)) {
			return
		}
		checkShapes(t, raw)
	})
}

func TestKeyText(t *testing.T) {
	for in, want := range map[string]string{"type": "type", "a\xffb": "a\uFFFDb", "\xfe\xff": "\uFFFD\uFFFD", "é": "é"} {
		var got string
		var m map[string]int
		if err := json.Unmarshal([]byte(`{"`+in+`": 1}`), &m); err != nil {
			t.Fatal(err)
		}
		for k := range m {
			got = k
		}
		if got != want || KeyText([]byte(in)) != want {
			t.Errorf("KeyText(%q) = %q, encoding/json %q; want %q", in, KeyText([]byte(in)), got, want)
		}
	}
}
