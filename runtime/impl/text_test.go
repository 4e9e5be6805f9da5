package impl

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

// TestRawItems: an array's text splits into its items' texts without
// the space around them, each capped so that appending to one leaves
// the next alone; null is no array where it is allowed, and a value of
// another kind is worded as Array words it.
func TestRawItems(t *testing.T) {
	long := `["` + strings.Repeat("x", 2000) + `", 2]`
	for _, tc := range []struct {
		raw   string
		null  bool
		want  []string // nil: no items (null, or a problem)
		isNil bool
		says  string
	}{
		{raw: ` [ 1 , { "a" : [ "]" ] } ,"x", null ] `, want: []string{`1`, `{ "a" : [ "]" ] }`, `"x"`, `null`}},
		{raw: `[]`, want: []string{}},
		{raw: "[\n\t[[]]\r\n]", want: []string{`[[]]`}},
		{raw: long, want: []string{`"` + strings.Repeat("x", 2000) + `"`, `2`}},
		{raw: `null`, null: true, isNil: true},
		{raw: `null`, says: "got null, want array"},
		{raw: `{"a": 1}`, null: true, says: "got object, want array or null"},
		{raw: `"[1]"`, says: "got string, want array"},
	} {
		c := &Decoding{}
		items, ok := c.RawItems([]byte(tc.raw), tc.null)
		var got []string
		if items != nil {
			got = []string{}
			for _, it := range items {
				got = append(got, string(it))
			}
		}
		problems := ""
		for _, p := range c.problems {
			problems += p.Message
		}
		switch {
		case tc.says != "":
			if ok || !strings.Contains(problems, tc.says) {
				t.Errorf("%s: ok %v, problems %q; want %q", tc.raw, ok, problems, tc.says)
			}
		case !ok || problems != "":
			t.Errorf("%s: ok %v, problems %q", tc.raw, ok, problems)
		case tc.isNil && items != nil:
			t.Errorf("%s: items %q; want nil", tc.raw, got)
		case !tc.isNil && !cmp.Equal(tc.want, got):
			t.Errorf("%s: items %q; want %q", tc.raw, got, tc.want)
		}
		if len(items) >= 2 {
			next := string(items[1])
			_ = append(items[0], "!!!!"...)
			if string(items[1]) != next {
				t.Errorf("%s: appending to the first item wrote over the second: %q", tc.raw, items[1])
			}
		}
	}
}

// rawMemberAgrees checks, on an array's text, that RawMember and
// RawHashedMember read each item as Raw and RawHashed do and find the
// member name as a second scan (member) does.
func rawMemberAgrees(t *testing.T, raw []byte, name string) {
	t.Helper()
	type read struct {
		Raw    string
		Tag    string
		Found  bool
		Hashes []uint64
	}
	readAll := func(fused bool, hashed bool) []read {
		c := &Decoding{}
		var out []read
		c.Apply(raw, func(c *Decoding, tx *Text) {
			it, ok := tx.Array()
			if !ok {
				return
			}
			var hashes []uint64
			for i := 0; it.Next(); i++ {
				var r []byte
				var tag Member
				ok := false
				switch {
				case fused && hashed:
					r, tag, hashes, ok = tx.RawHashedMember(hashes, i, name)
				case fused:
					r, tag, ok = tx.RawMember(name)
				case hashed:
					r, hashes, ok = tx.RawHashed(hashes, i)
					tag = c.memberOf(r, name)
				default:
					r, ok = tx.Raw()
					tag = c.memberOf(r, name)
				}
				if !ok {
					t.Fatalf("%s: item %d unread", raw, i)
				}
				out = append(out, read{string(r), string(tag.Value), tag.Found, append([]uint64(nil), hashes...)})
			}
			c.End(it.Err())
		})
		if c.err != nil {
			t.Fatalf("%s: %v", raw, c.err)
		}
		return out
	}
	for _, hashed := range []bool{false, true} {
		if d := cmp.Diff(readAll(false, hashed), readAll(true, hashed)); d != "" {
			t.Errorf("%s, %q, hashed %v (-two scans +one):\n%s", raw, name, hashed, d)
		}
	}
}

// TestRawMember: the scan that passes over an item finds its member
// where a second scan would: at any place in the object, behind an
// escaped name, the first of two, not in a nested object, not in a
// value that is no object.
func TestRawMember(t *testing.T) {
	for _, raw := range []string{
		`[{"type": "a", "x": 1}, {"x": [1, {"type": "b"}], "type" : "c"}, { "\u0074ype": "d" }]`,
		`[{"type": "a", "type": "b"}, {"x": {"type": "b"}}, {}, ["type"], "type", 1, null]`,
		`[{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"type":17}]`,
		"[ {\n  \"type\" :\t\"a\\\"b\" } , {\"type\":{\"type\":1}} ]",
	} {
		rawMemberAgrees(t, []byte(raw), "type")
	}
	// The found member is its value's text, as a second scan gives it.
	c := &Decoding{}
	c.Apply([]byte(`{"x": 1, "type": "doc"}`), func(c *Decoding, tx *Text) {
		raw, tag, ok := tx.RawMember("type")
		if !ok || !tag.Found || string(tag.Value) != `"doc"` || string(raw) != `{"x": 1, "type": "doc"}` {
			t.Errorf("RawMember = %q, %+v, %v", raw, tag, ok)
		}
	})
}

// FuzzRawMember: on any JSON array, one scan per item finds what two
// would.
func FuzzRawMember(f *testing.F) {
	f.Add([]byte(`[{"type": "a"}, {"b": {"type": 1}, "type": [2]}, 3]`), "type")
	f.Add([]byte(`[{"\u0061": 1, "a": 2}]`), "a")
	f.Fuzz(func(t *testing.T, raw []byte, name string) {
		if jx.DecodeBytes(raw).Validate() != nil || !json.Valid(raw) || jx.DecodeBytes(raw).Next() != jx.Array {
			return
		}
		rawMemberAgrees(t, raw, name)
	})
}

// uniqueTaggedAgrees checks, on an array's text, that reading its items
// with RawTagged, picking each by its tag among values and checking them
// with UniqueTagged reports what UniqueJSON reports of the same items.
// It returns the problems.
func uniqueTaggedAgrees(t *testing.T, raw []byte, name, values string, branches int) string {
	t.Helper()
	problems := func(tagged bool) string {
		c := &Decoding{}
		c.Apply(raw, func(c *Decoding, tx *Text) {
			it, ok := tx.Array()
			if !ok {
				return
			}
			var items [][]byte
			var tags UniqueTags
			for it.Next() {
				r, tag, ok := tx.RawTagged(&tags, name)
				if !ok {
					t.Fatalf("%s: item %d unread", raw, len(items))
				}
				items = append(items, r)
				tags.Pick(tagBranch(tag, values, branches))
			}
			c.End(it.Err())
			if tagged {
				c.UniqueTagged(items, &tags)
			} else {
				c.UniqueJSON(items)
			}
		})
		if c.err != nil {
			t.Fatalf("%s: %v", raw, c.err)
		}
		var out []string
		for _, p := range c.problems {
			out = append(out, p.Message)
		}
		return strings.Join(out, "; ")
	}
	want, got := problems(false), problems(true)
	if got != want {
		t.Errorf("%s: UniqueTagged says %q; UniqueJSON %q", raw, got, want)
	}
	return got
}

// TestUniqueTagged: items whose tags pick different branches are not
// hashed, and equal items are reported as UniqueJSON reports them,
// whether they were read before or after hashing began.
func TestUniqueTagged(t *testing.T) {
	const values = `[["a"], ["b"], ["c", 1]]`
	many := func(n int, last string) string {
		var items []string
		for i := range n {
			items = append(items, fmt.Sprintf(`{"type": "c", "n": %d}`, i))
		}
		return "[" + strings.Join(append(items, last), ", ") + "]"
	}
	for _, tc := range []struct{ raw, says string }{
		{`[{"type": "a", "x": 1}, {"type": "b", "x": 1}, {"x": 1, "type": "c"}]`, ""},
		// Equal items, written apart: the second's tag repeats a branch.
		{`[{"type": "a", "x": 1}, {"type": "b"}, {"x": 1.0, "type": "a"}]`, "items at 0 and 2 are equal"},
		{`[{"type": "a", "x": 1}, {"type": "a", "x": 2}, {"type": "b"}, {"type": "b"}]`, "items at 2 and 3 are equal"},
		// One tag, two constants of one branch: "c" and 1 differ.
		{`[{"type": "c"}, {"type": 1}, {"type": 1.0}]`, "items at 1 and 2 are equal"},
		// An item with no tag or one no branch allows may equal any.
		{`[{"type": "a"}, {"x": 1}, {"x": 1}]`, "items at 1 and 2 are equal"},
		{`[{"x": 1}, {"type": "a"}, {"x": 1}]`, "items at 0 and 2 are equal"},
		{`[{"type": "z"}, {"type": "a"}, {"type": "\u007a"}]`, "items at 0 and 2 are equal"},
		{`[{"type": "a"}, "a", "a"]`, "items at 1 and 2 are equal"},
		{`[{"type": "a"}, {"type": "b"}, "x", {"type": "a"}]`, "items at 0 and 3 are equal"},
		// A tag written twice: the last counts for equality.
		{`[{"type": "a", "type": "b"}, {"type": "b"}]`, "items at 0 and 1 are equal"},
		{`[{"type": "b"}, {"type": "a", "x": 1, "\u0074ype": "b"}, {"type": "c"}]`, ""},
		// Past the picks kept without an allocation, past the pairs compared.
		{many(12, `{"n": 3, "type": "c"}`), "items at 3 and 12 are equal"},
		{many(20, `{"type": "c", "n": 19}`), "items at 19 and 20 are equal"},
		{many(20, `{"type": "c", "n": 20}`), ""},
		{`[]`, ""},
	} {
		if got := uniqueTaggedAgrees(t, []byte(tc.raw), "type", values, 3); got != tc.says {
			t.Errorf("%s: problems %q; want %q", tc.raw, got, tc.says)
		}
	}
	// Distinct picks: nothing hashed.
	c := &Decoding{}
	c.Apply([]byte(`[{"type": "a"}, {"type": "b"}, {"type": "c"}]`), func(c *Decoding, tx *Text) {
		it, _ := tx.Array()
		var tags UniqueTags
		for it.Next() {
			_, tag, _ := tx.RawTagged(&tags, "type")
			tags.Pick(tagBranch(tag, values, 3))
		}
		if tags.hashing || tags.hashes != nil {
			t.Errorf("distinct tags: hashing %v, hashes %v", tags.hashing, tags.hashes)
		}
	})
}

// FuzzUniqueTagged: on any JSON array, UniqueTagged reports what
// UniqueJSON reports.
func FuzzUniqueTagged(f *testing.F) {
	f.Add([]byte(`[{"type": "a", "x": 1}, {"type": "b"}, {"x": 1.0, "type": "a"}]`))
	f.Add([]byte(`[{"type": "c"}, {"type": 1}, {"type": 1.0}, {"x": [1]}, {"x": [1.0]}]`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if jx.DecodeBytes(raw).Validate() != nil || !json.Valid(raw) || jx.DecodeBytes(raw).Next() != jx.Array {
			return
		}
		uniqueTaggedAgrees(t, raw, "type", `[["a"], ["b"], ["c", 1]]`, 3)
	})
}
