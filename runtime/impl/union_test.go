package impl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/go-faster/jx"
	"github.com/google/go-cmp/cmp"
)

func TestKindOf(t *testing.T) {
	for in, want := range map[string]Kind{
		` null`: KindNull, "true": KindBool, "\tfalse": KindBool, "-1": KindNumber, "0.5": KindNumber,
		`"s"`: KindString, "\n[1]": KindArray, "{}": KindObject, "": KindInvalid, "x": KindInvalid,
	} {
		if got := KindOf([]byte(in)); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestDiscriminator(t *testing.T) {
	tests := []struct {
		in, want string
		fail     bool
	}{
		{`{"kind":"circle","r":1}`, "circle", false},
		{`{"r":1}`, "", true},
		{`{"kind":3}`, "", true},
		{`[1]`, "", true},
	}
	for _, tc := range tests {
		got, err := Discriminator([]byte(tc.in), "kind")
		if got != tc.want || (err != nil) != tc.fail {
			t.Errorf("Discriminator(%s) = %q, %v", tc.in, got, err)
		}
	}
	if err := NoVariant("Shape", `"triangle"`); !errors.Is(err, ErrNoVariant) {
		t.Errorf("NoVariant does not wrap ErrNoVariant: %v", err)
	}
}

func TestTuple(t *testing.T) {
	var a float64
	var b *string
	var rest []int
	err := UnmarshalTuple([]byte(`[1.5,"x",3,4]`), []any{&a, &b}, &rest)
	if err != nil || a != 1.5 || *b != "x" || len(rest) != 2 {
		t.Fatalf("UnmarshalTuple: %v %v %v %v", a, b, rest, err)
	}
	out, err := MarshalTuple([]any{a}, []TupleItem{{Set: true, Value: b}}, rest)
	if err != nil || string(out) != `[1.5,"x",3,4]` {
		t.Errorf("MarshalTuple = %s, %v", out, err)
	}
	if err := UnmarshalTuple[json.RawMessage]([]byte(`[1,2,3]`), []any{&a, &b}, nil); err == nil {
		t.Error("a closed tuple accepted more items")
	}
	if _, err := MarshalTuple([]any{}, []TupleItem{{Set: false}}, []int{1}); err == nil {
		t.Error("items after an unset position encoded")
	}
	var short float64
	if err := UnmarshalTuple[json.RawMessage]([]byte(`[]`), []any{&short}, nil); err != nil || short != 0 {
		t.Errorf("missing optional positions: %v", err)
	}
}

func TestTag(t *testing.T) {
	for _, tc := range []struct {
		raw, want string
		ok        bool
	}{
		{`{"kind": "circle", "r": 1}`, "circle", true},
		{`{"r": {"kind": "inner"}, "kind" : "square"}`, "square", true},
		{`{"kind": "a\"b"}`, `a"b`, true},     // escapes: read by jx
		{`{"k\u0069nd": "esc"}`, "esc", true}, // an escaped key too
		{`{"kind": "ünï"}`, "ünï", true},      // plain UTF-8
		{`{"kind": 3}`, "", false},            // not a string
		{`{"shape": "circle"}`, "", false},    // missing
		{`["kind", "circle"]`, "", false},     // not an object
		{`{"kind": "first", "kind": "second"}`, "first", true},
	} {
		c := &Decoding{}
		got, ok := c.Tag([]byte(tc.raw), "kind")
		if got != tc.want || ok != tc.ok {
			t.Errorf("Tag(%s) = %q, %v; want %q, %v", tc.raw, got, ok, tc.want, tc.ok)
		}
	}
	// A generated decoder switches on TagBytes: a plain tag costs nothing.
	c, raw := &Decoding{}, []byte(`{"kind": "circle", "r": 1}`)
	if n := testing.AllocsPerRun(100, func() {
		if tag, ok := c.TagBytes(raw, "kind"); !ok || string(tag) != "circle" {
			t.Fatal("no tag")
		}
	}); n != 0 {
		t.Errorf("TagBytes allocates %v times; want 0", n)
	}
}

func TestKeyed(t *testing.T) {
	keys := [][]string{{"insert", "at"}, {"remove"}, nil}
	for _, tc := range []struct {
		raw      string
		fallback int
		want     int
	}{
		{`{"insert": "a"}`, 2, 0},
		{`{"at": 1, "insert": "a"}`, 2, 0},
		{`{"note": "x", "remove": "a"}`, 2, 1},
		{`{"note": "x"}`, 2, 2},                            // none: the fallback
		{`{}`, -1, -1},                                     // none and no fallback
		{`{"insert": 1, "remove": 2}`, 2, -1},              // two variants' keys
		{`{"remove": 1, "remove": 2}`, 2, 1},               // one variant's, twice
		{`{"n": {"insert": 1}, "r\u0065move": "a"}`, 2, 1}, // nested keys do not count; escaped keys do
		{`{"s": "}\"insert\"", "at": 0}`, 2, 0},
		{`[{"insert": 1}]`, 2, -1}, // not an object
	} {
		c := &Decoding{}
		if got := c.Keyed([]byte(tc.raw), keys, tc.fallback); got != tc.want {
			t.Errorf("Decoding.Keyed(%s) = %d, want %d", tc.raw, got, tc.want)
		}
		got, err := Keyed([]byte(tc.raw), keys, tc.fallback)
		if tc.raw[0] == '[' {
			if err == nil {
				t.Errorf("Keyed(%s): no error", tc.raw)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Keyed(%s) = %d, %v; want %d", tc.raw, got, err, tc.want)
		}
	}
	if _, err := Keyed([]byte(`{"insert": }`), keys, -1); err == nil {
		t.Error("Keyed of bad JSON: no error")
	}
}

func TestHasMember(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{`{"v": "2"}`, true},
		{`{"v": null}`, true},
		{`{"\u0076": 1}`, true},
		{`{"w": {"v": 1}}`, false},
		{`{}`, false},
	} {
		if got, err := HasMember([]byte(tc.raw), "v"); err != nil || got != tc.want {
			t.Errorf("HasMember(%s) = %v, %v; want %v", tc.raw, got, err, tc.want)
		}
	}
	if _, err := HasMember([]byte(`"v"`), "v"); err == nil {
		t.Error("HasMember of a string: no error")
	}
}

// FuzzKeyed: the decoder's scan of an object's keys (Decoding.Keyed)
// picks what jx's reading of them (Keyed) picks, on any valid JSON.
func FuzzKeyed(f *testing.F) {
	f.Add([]byte(`{"insert": "a", "n": {"remove": 1}}`))
	f.Add([]byte(`{"r\u0065move": [1, "}"], "x": null}`))
	f.Add([]byte(`{"at": 1, "remove": 2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		keys := [][]string{{"insert", "at"}, {"remove"}, nil}
		want, err := Keyed(data, keys, 2)
		if err != nil {
			want = -1
		}
		c := &Decoding{}
		if got := c.Keyed(data, keys, 2); got != want {
			t.Errorf("Decoding.Keyed(%s) = %d, Keyed = %d", data, got, want)
		}
	})
}

// wantNamed is a validator of objects whose member "n" is a string.
func wantNamed(c *Decoding, t *Text) {
	if t.Next() != jx.Object {
		t.WrongType("object")
		return
	}
	it, _ := t.Object()
	for !c.Failed() && it.Next() {
		c.Push(string(it.Key()))
		if string(it.Key()) == "n" {
			wantString(c, t)
		} else {
			t.Skip()
		}
		c.Pop()
	}
	c.End(it.Err())
}

// TestVariantFailed: a union of kinds read typed words a failed value as
// the union's validator (OneOf, AnyOf) words it, problem for problem.
func TestVariantFailed(t *testing.T) {
	raw := func(s string) []byte { return []byte(s) }
	branches := []Validator{wantShort, wantNumber, wantNamed}
	words := &Branches{Op: "oneOf", Want: []string{"string", "number", "object"}}
	typed := func(c *Decoding, d *jx.Decoder) {
		switch t := d.Next(); t {
		case jx.String, jx.Number, jx.Object:
			i := map[jx.Type]int{jx.String: 0, jx.Number: 1, jx.Object: 2}[t]
			from := c.Found()
			c.Check(d, branches[i])
			if c.Found() > from {
				c.VariantFailed(words, from, t, i)
			}
		default:
			c.NoBranchKind(d, words)
		}
	}
	for _, doc := range []string{`"ab"`, `"abcd"`, `1`, `{"n": "x"}`, `{"n": 1}`, `{"m": 1, "n": true}`, `true`, `null`, `[1]`} {
		want := check(func(c *Decoding) { c.OneOf(raw(doc), branches...) })
		got := check(func(c *Decoding) { readAloud(c, raw(doc), typed) })
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: problems (-validator +typed):\n%s", doc, diff)
		}
		// Where only the verdict counts, nothing is worded.
		c := &Decoding{}
		if passed := c.Variant(raw(doc), typed); passed != (want == nil) || len(c.problems) > 0 {
			t.Errorf("%s: quietly passed %v with %d problems worded; want %v and none", doc, passed, len(c.problems), want == nil)
		}
	}
	// A variant several branches hold words its problems once, for them
	// all; a syntax error is left as it is.
	got := check(func(c *Decoding) {
		from := c.Found()
		c.Problemf("value must be one of 'a', 'b'")
		c.VariantFailed(&Branches{Op: "anyOf", Want: []string{"string", "string", "array"}}, from, jx.String, 0, 1)
	})
	want := []string{"/x: anyOf: the value matches none of the 3 schemas", "/x: (schemas 0, 1) value must be one of 'a', 'b'", "/x: (schema 2) got string, want array"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("several branches: (-want +got):\n%s", diff)
	}
	got = check(func(c *Decoding) {
		readAloud(c, raw(`"abcd`), typed)
	})
	if len(got) != 1 || !strings.HasPrefix(got[0], "syntax: ") {
		t.Errorf("unterminated string: %q; want a syntax error alone", got)
	}
}

// readAloud reads raw with read, a typed decoder, recording its problems.
func readAloud(c *Decoding, raw []byte, read Reader) {
	d := c.decoder(raw)
	read(c, d)
	c.release(d)
}
