package runtime

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/go-faster/jx"
	"github.com/google/go-cmp/cmp"
)

// walkText and walkJX describe a value as a validator reads it: kinds,
// keys and strings unescaped, numbers' and literals' text, each
// container's items; walkText also each value's text as Raw returns it
// after the value was read (the position the cursor offers).
func walkText(c *Decoding, t *Text, out *[]string) {
	switch k := t.Next(); k {
	case jx.Object:
		it, _ := t.Object()
		*out = append(*out, "{")
		for !c.Failed() && it.Next() {
			*out = append(*out, fmt.Sprintf("key %q", validUTF8(string(it.Key()))))
			walkText(c, t, out)
		}
		c.End(it.Err())
		*out = append(*out, "}")
	case jx.Array:
		it, _ := t.Array()
		*out = append(*out, "[")
		for !c.Failed() && it.Next() {
			walkText(c, t, out)
		}
		c.End(it.Err())
		*out = append(*out, "]")
	case jx.String:
		s, _ := t.StrView()
		*out = append(*out, fmt.Sprintf("string %q", s))
	case jx.Number:
		n, _ := t.Number()
		*out = append(*out, "number "+string(n))
	default:
		r, _ := t.Raw()
		*out = append(*out, "literal "+string(r))
	}
}

func walkJX(d *jx.Decoder, out *[]string) error {
	switch d.Next() {
	case jx.Object:
		*out = append(*out, "{")
		err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			*out = append(*out, fmt.Sprintf("key %q", validUTF8(string(key))))
			return walkJX(d, out)
		})
		*out = append(*out, "}")
		return err
	case jx.Array:
		*out = append(*out, "[")
		err := d.Arr(func(d *jx.Decoder) error { return walkJX(d, out) })
		*out = append(*out, "]")
		return err
	case jx.String:
		s, err := d.StrBytes()
		*out = append(*out, fmt.Sprintf("string %q", validUTF8(string(s))))
		return err
	case jx.Number:
		n, err := d.Num()
		*out = append(*out, "number "+n.String())
		return err
	default:
		r, err := d.Raw()
		*out = append(*out, "literal "+strings.TrimSpace(string(r)))
		return err
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`{"a": [1, -2.5e3, true, null], "b\u0063": "x\"y", "": {}}`, []string{
			"{", `key "a"`, "[", "number 1", "number -2.5e3", "literal true", "literal null", "]",
			`key "bc"`, `string "x\"y"`, `key ""`, "{", "}", "}"}},
		{" [ ] ", []string{"[", "]"}},
		{`"\ud83d\ude00 \u00e9"`, []string{`string "😀 é"`}},
		{"\"a\xffb\"", []string{fmt.Sprintf("string %q", "a\ufffdb")}},
	} {
		c := &Decoding{}
		var got []string
		walkText(c, c.cursor([]byte(tc.in)), &got)
		if c.err != nil {
			t.Errorf("%s: %v", tc.in, c.err)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.in, d)
		}
	}
}

// TestTextSyntax: the structure the cursor walks is checked, each error
// a *TextError at the byte it wanted something else at; a validator
// reading a value of another kind records the problem and passes it.
func TestTextSyntax(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a" 1}`, `invalid JSON at byte 5 of a value: want ":"`},
		{`{"a": 1 "b": 2}`, `invalid JSON at byte 8 of a value: want "," or "}"`},
		{`{1: 2}`, `invalid JSON at byte 1 of a value: want a member's name`},
		{`[1 2]`, `invalid JSON at byte 3 of a value: want "," or "]"`},
		{`[1, tru]`, `invalid JSON at byte 4 of a value: want a value`},
		{`{"a": "b`, `invalid JSON at byte 6 of a value: want a string`},
		{`{"a`, `invalid JSON at byte 1 of a value: want a member's name`},
		{`[`, `invalid JSON at byte 1 of a value: want a value`},
		{``, `invalid JSON at byte 0 of a value: want a value`},
	} {
		c := &Decoding{}
		var out []string
		walkText(c, c.cursor([]byte(tc.in)), &out)
		if c.err == nil || c.err.Error() != tc.want {
			t.Errorf("%s: error %v; want %s", tc.in, c.err, tc.want)
		}
	}
	got := check(func(c *Decoding) {
		c.Apply([]byte(`[1]`), func(c *Decoding, t *Text) {
			if _, ok := t.Object(); ok {
				c.Problemf("read an array as an object")
			}
			if t.Next() != jx.Invalid {
				c.Problemf("Object did not pass the array")
			}
		})
		c.Apply([]byte(`"s"`), func(c *Decoding, t *Text) { t.Number() })
	})
	want := []string{"/x: got array, want object", "/x: got string, want number"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("kinds (-want +got):\n%s", d)
	}
}

// TestTextRaw: Raw hands over the value the cursor stands at, without
// the white space around it, and moves past it.
func TestTextRaw(t *testing.T) {
	c := &Decoding{}
	var raws []string
	c.Apply([]byte(` { "a" : [ 1 , { "b" : "]" } ] , "c" : 2 } `), func(c *Decoding, t *Text) {
		it, _ := t.Object()
		for it.Next() {
			r, _ := t.Raw()
			raws = append(raws, string(r))
		}
		c.End(it.Err())
	})
	if want := []string{`[ 1 , { "b" : "]" } ]`, `2`}; !cmp.Equal(want, raws) || c.err != nil {
		t.Errorf("raws %q, error %v; want %q", raws, c.err, want)
	}
}

// TestTextAllocs: a cursor comes from the parse's spares, so applying a
// validator allocates nothing.
func TestTextAllocs(t *testing.T) {
	c := &Decoding{}
	raw := []byte(`{"a": ["x", 1], "b": {"c": null}}`)
	c.Apply(raw, func(c *Decoding, t *Text) { t.Skip() })
	if n := testing.AllocsPerRun(100, func() { c.Apply(raw, func(c *Decoding, t *Text) { t.Skip() }) }); n != 0 {
		t.Errorf("Apply allocates %v times; want 0", n)
	}
}

// FuzzText: on any JSON jx accepts, the cursor reads what jx reads.
func FuzzText(f *testing.F) {
	for _, s := range []string{`{"a": [1, -2.5e3, true, null], "b\u0063": "x\"y", "": {}}`, `[[], {}, [{}]]`,
		`"\ud83d\ude00"`, "\"\xff\"", `{"\\": "\\\\\"", "k": [0.5e-1, "]}"]}`, ` 12 `, `{"a":{"b":{"c":[1,[2,[3]]]}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want []string
		d := jx.DecodeBytes(raw)
		if err := walkJX(d, &want); err != nil || !json.Valid(raw) {
			return
		}
		c := &Decoding{}
		var got []string
		tx := c.cursor(raw)
		walkText(c, tx, &got)
		if c.err != nil {
			t.Fatalf("%q: cursor error %v on JSON", raw, c.err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%q (-jx +cursor):\n%s", raw, d)
		}
		if tx.Next() != jx.Invalid {
			t.Errorf("%q: the cursor stopped before the end", raw)
		}
	})
}
