package impl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/go-faster/jx"
	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// Hand-written validators of the shapes generated code has.
func wantString(c *Decoding, t *Text) {
	if t.Next() != jx.String {
		t.WrongType("string")
		return
	}
	t.Skip()
}

func wantNumber(c *Decoding, t *Text) {
	if t.Next() != jx.Number {
		t.WrongType("number")
		return
	}
	t.Skip()
}

func wantShort(c *Decoding, t *Text) {
	if s, ok := t.Str(); ok {
		c.Length(s, 0, 3)
	}
}

// check runs f on a fresh Decoding at /x and returns its problems as
// "pointer: message" lines.
func check(f func(c *Decoding)) []string {
	c := &Decoding{}
	c.Push("x")
	f(c)
	var out []string
	for _, p := range c.problems {
		out = append(out, p.Pointer+": "+p.Message)
	}
	if c.err != nil {
		out = append(out, "syntax: "+c.err.Error())
	}
	return out
}

// manyItems returns n objects, all different but item b, a copy of a
// (written with 1.0 for 1), and item d, a copy of c; -1 for none.
func manyItems(n, a, b, c, d int) [][]byte {
	items := make([][]byte, n)
	for i := range items {
		items[i] = []byte(fmt.Sprintf(`{"n":[%d]}`, i))
	}
	if a >= 0 {
		items[b] = []byte(fmt.Sprintf(`{"n":[%d.0]}`, a))
		items[d] = []byte(fmt.Sprintf(`{ "n": [%d] }`, c))
	}
	return items
}

func TestValidatorHelpers(t *testing.T) {
	raw := func(s string) []byte { return []byte(s) }
	tests := []struct {
		name string
		f    func(c *Decoding)
		want []string
	}{
		{"anyOf passes", func(c *Decoding) { c.AnyOf(raw(`1`), wantString, wantNumber) }, nil},
		{"anyOf fails with each branch", func(c *Decoding) { c.AnyOf(raw(`true`), wantString, wantNumber) }, []string{
			"/x: anyOf: the value matches none of the 2 schemas",
			"/x: (schema 0) got boolean, want string",
			"/x: (schema 1) got boolean, want number",
		}},
		{"oneOf one", func(c *Decoding) { c.OneOf(raw(`"abcd"`), wantString, wantShort) }, nil},
		{"oneOf two", func(c *Decoding) { c.OneOf(raw(`"ab"`), wantString, wantShort) }, []string{
			"/x: oneOf: the value matches schemas 0 and 1, want exactly one",
		}},
		{"oneOf none", func(c *Decoding) { c.OneOf(raw(`1`), wantString, wantShort) }, []string{
			"/x: oneOf: the value matches none of the 2 schemas",
			"/x: (schema 0) got number, want string",
			"/x: (schema 1) got number, want string",
		}},
		{"not", func(c *Decoding) { c.Not(raw(`"a"`), wantString) }, []string{"/x: not: the value matches a schema it must not"}},
		{"not passes", func(c *Decoding) { c.Not(raw(`1`), wantString) }, nil},
		{"if then", func(c *Decoding) { c.IfThenElse(raw(`"abcd"`), wantString, wantShort, wantNumber) }, []string{"/x: maxLength: got 4, want 3"}},
		{"if else", func(c *Decoding) { c.IfThenElse(raw(`true`), wantString, wantShort, wantNumber) }, []string{"/x: got boolean, want number"}},
		{"if without else", func(c *Decoding) { c.IfThenElse(raw(`true`), wantString, wantShort, nil) }, nil},
		{"enum: JSON equality", func(c *Decoding) { c.Enum(raw(`{"b": [1.0], "a": 2e0}`), `[{"a":2,"b":[1]}]`, false) }, nil},
		{"enum miss", func(c *Decoding) { c.Enum(raw(`"c"`), `["a","b"]`, false) }, []string{`/x: value must be one of 'a', 'b'`}},
		{"enum miss: other kinds", func(c *Decoding) { c.Enum(raw(`"c"`), `[1.50,null,true,"it's\n"]`, false) }, []string{`/x: value must be one of 1.50, <nil>, true, 'it\'s\n'`}},
		{"enum: a kind no value has", func(c *Decoding) { c.Enum(raw(`["a"]`), `["a","b"]`, false) }, []string{`/x: value must be one of 'a', 'b'`}},
		{"enum: an array among strings", func(c *Decoding) { c.Enum(raw(` [ "a" ]`), `["a",["a"]]`, false) }, nil},
		{"enum: a number among strings", func(c *Decoding) { c.Enum(raw(`1.0`), `["a",1]`, false) }, nil},
		{"enum of one", func(c *Decoding) { c.Enum(raw(`"c"`), `["a"]`, false) }, []string{`/x: value must be 'a'`}},
		{"enum with an object", func(c *Decoding) { c.Enum(raw(`"c"`), `["a",{"b": 1}]`, false) }, []string{`/x: value must be one of 'a', {"b":1}`}},
		{"const miss", func(c *Decoding) { c.Enum(raw(`2`), `[1]`, true) }, []string{`/x: value must be 1`}},
		{"const miss: array", func(c *Decoding) { c.Enum(raw(`2`), `[[1]]`, true) }, []string{`/x: value must be [1]`}},
		{"unique", func(c *Decoding) { c.UniqueJSON([][]byte{raw(`{"a":1}`), raw(`{"a":2}`)}) }, nil},
		{"unique strings", func(c *Decoding) { c.UniqueJSON([][]byte{raw(`"a"`), raw(`"b"`), raw(` "a"`)}) }, []string{"/x: items at 0 and 2 are equal"}},
		{"unique strings: escapes", func(c *Decoding) { c.UniqueJSON([][]byte{raw(`"a"`), raw(`"\u0061"`)}) }, []string{"/x: items at 0 and 1 are equal"}},
		{"unique strings: all differ", func(c *Decoding) { c.UniqueJSON([][]byte{raw(`"a"`), raw(`"A"`), raw(`"é"`)}) }, nil},
		{"unique: 1 equals 1.0", func(c *Decoding) { c.UniqueJSON([][]byte{raw(`[1]`), raw(`"x"`), raw(`[1.0]`)}) }, []string{"/x: items at 0 and 2 are equal"}},
		{"unique: many, the first pair", func(c *Decoding) { c.UniqueJSON(manyItems(20, 3, 17, 5, 19)) }, []string{"/x: items at 3 and 17 are equal"}},
		{"unique: few, the first pair", func(c *Decoding) { c.UniqueJSON(manyItems(10, 2, 8, 1, 9)) }, []string{"/x: items at 2 and 8 are equal"}},
		{"unique: many, all differ", func(c *Decoding) { c.UniqueJSON(manyItems(40, -1, -1, -1, -1)) }, nil},
		{"contains", func(c *Decoding) { c.Contains([][]byte{raw(`1`), raw(`"a"`)}, wantString, 1, -1, false) }, nil},
		{"contains none", func(c *Decoding) { c.Contains([][]byte{raw(`1`)}, wantString, 1, -1, false) }, []string{"/x: contains: no item matches the schema"}},
		{"minContains", func(c *Decoding) { c.Contains([][]byte{raw(`"a"`)}, wantString, 2, -1, false) }, []string{"/x: minContains: got 1 matching items, want 2"}},
		{"maxContains", func(c *Decoding) { c.Contains([][]byte{raw(`"a"`), raw(`"b"`)}, wantString, 1, 1, false) }, []string{"/x: maxContains: got 2 matching items, want at most 1"}},
		{"minContains 0", func(c *Decoding) { c.Contains(nil, wantString, 0, -1, false) }, nil},
		{"multipleOf exact", func(c *Decoding) { c.NumberMultipleOf(raw(`0.3`), "1/10") }, nil},
		{"multipleOf miss", func(c *Decoding) { c.NumberMultipleOf(raw(`0.35`), "1/10") }, []string{"/x: multipleOf: 0.35 is not a multiple of 0.1"}},
		{"multipleOf of no decimal end", func(c *Decoding) { c.NumberMultipleOf(raw(`0.5`), "1/3") }, []string{"/x: multipleOf: 0.5 is not a multiple of 1/3"}},
		{"multipleOf by 0.25", func(c *Decoding) { c.NumberMultipleOf(raw(`0.3`), "1/4") }, []string{"/x: multipleOf: 0.3 is not a multiple of 0.25"}},
		{"multipleOf by 2.5", func(c *Decoding) { c.NumberMultipleOf(raw(`1`), "5/2") }, []string{"/x: multipleOf: 1 is not a multiple of 2.5"}},
		{"integer", func(c *Decoding) { c.Integer(raw(`1e2`), "integer") }, nil},
		{"not an integer", func(c *Decoding) { c.Integer(raw(`1.5`), "integer") }, []string{"/x: got number, want integer"}},
		{"property name", func(c *Decoding) { c.Key([]byte("abcd"), wantShort) }, []string{"/x: property name 'abcd': maxLength: got 4, want 3"}},
		{"dependent required", func(c *Decoding) {
			var k Keys
			k.Add("phone")
			c.DependentRequired(&k, "phone", "email", "name")
			c.DependentRequired(&k, "fax", "email")
		}, []string{"/x: properties 'email', 'name' required, if 'phone' exists"}},
		{"required if", func(c *Decoding) {
			c.RequiredIf("phone", "email", "name")
			c.RequiredIf("fax")
		}, []string{"/x: properties 'email', 'name' required, if 'phone' exists"}},
		{"require", func(c *Decoding) {
			var k Keys
			k.Add("a")
			c.Require(&k, "a", "b")
		}, []string{"/x: missing property 'b'"}},
		{"require marked", func(c *Decoding) {
			k := DeclaredKeys([]string{"a", "b", "c", "d"})
			k.Mark(2)
			k.Add("e")
			c.RequireMarked(&k, 3, 2, 0) // the required order: d, c, a
		}, []string{"/x: missing properties 'd', 'a'"}},
		{"require marked, all there", func(c *Decoding) {
			k := DeclaredKeys([]string{"a", "b"})
			k.Mark(0)
			k.Mark(1)
			c.RequireMarked(&k, 1, 0)
		}, nil},
		{"declared and undeclared members, each once", func(c *Decoding) {
			k := DeclaredKeys([]string{"a", "b"})
			c.Declared(&k, 1, "b", raw("b"))
			c.Pop()
			var byName Keys // names not sorted: recorded by name
			c.Declared(&byName, -1, "a", raw("a"))
			c.Pop()
			if !byName.Has("a") {
				t.Error("Declared with no index did not record its name")
			}
			if key := c.Undeclared(&k, raw("z!")); key != "z!" {
				t.Errorf("Undeclared = %q, want the key", key)
			}
			c.Pop()
			if k.Len() != 2 || k.Has("a") || !k.Has("b") || !k.Has("z!") {
				t.Errorf("keys recorded: %d", k.Len())
			}
		}, nil},
		{"declared and undeclared members written twice", func(c *Decoding) {
			k := DeclaredKeys([]string{"a", "b"})
			c.Declared(&k, 0, "a", raw("a"))
			c.Pop()
			c.Declared(&k, 0, "a", raw("a"))
			c.Pop()
			c.Undeclared(&k, raw("z"))
			c.Pop()
			c.Undeclared(&k, raw("z"))
			c.Pop()
		}, []string{"/x: property 'a' is written twice", "/x: property 'z' is written twice"}},
		{"false", func(c *Decoding) { c.Apply(raw(`1`), func(c *Decoding, t *Text) { t.False() }) }, []string{"/x: false schema"}},
		{"length in code points, not bytes", func(c *Decoding) {
			c.Length("ééé", 0, 3)  // 6 bytes
			c.Length("😀", 2, -1)   // 4 bytes, 1 code point
			c.Length("ab😀", 4, -1) // 6 bytes, 3 code points
			c.Length("abcd", 4, 4)
			c.Length("", 1, -1)
		}, []string{"/x: minLength: got 1, want 2", "/x: minLength: got 3, want 4", "/x: minLength: got 0, want 1"}},
		{"nested branches say why only at the top", func(c *Decoding) {
			inner := func(c *Decoding, t *Text) {
				raw, _ := t.Raw()
				c.OneOf(raw, wantNumber, wantShort)
			}
			c.AnyOf(raw(`"abcd"`), inner, wantNumber)
		}, []string{
			"/x: anyOf: the value matches none of the 2 schemas",
			"/x: (schema 0) oneOf: the value matches none of the 2 schemas",
			"/x: (schema 0) (schema 0) got string, want number",
			"/x: (schema 0) (schema 1) maxLength: got 4, want 3",
			"/x: (schema 1) got string, want number",
		}},
		{"property name in a branch", func(c *Decoding) {
			obj := func(c *Decoding, t *Text) {
				it, _ := t.Object()
				for !c.Failed() && it.Next() {
					c.Key(it.Key(), wantShort)
					t.Skip()
				}
				c.End(it.Err())
			}
			c.Not(raw(`{"abcd": 1}`), obj)
			c.OneOf(raw(`{"abcd": 1, "ab": 2}`), obj, wantNumber)
		}, []string{
			"/x: oneOf: the value matches none of the 2 schemas",
			"/x: (schema 0) property name 'abcd': maxLength: got 4, want 3",
			"/x: (schema 1) got object, want number",
		}},
		{"member not allowed", func(c *Decoding) {
			c.Push("extra")
			c.NotAllowed()
			c.Pop()
		}, []string{"/x: additional properties 'extra' not allowed"}},
		{"kind of a value read", func(c *Decoding) {
			c.KindOf(raw(" [1]"), "object", jx.Array, jx.String)
			c.KindOf(raw(`{"a": 1}`), "object", jx.Array, jx.String)
			c.KindOf(raw(`-1`), "string", jx.Number, jx.Bool, jx.Null)
			c.KindOf(raw(`null`), "string", jx.Number, jx.Bool, jx.Null)
		}, []string{"/x: got array, want object", "/x: got number, want string", "/x: got null, want string"}},
		{"syntax error in a branch stops", func(c *Decoding) { c.AnyOf(raw(`[1,`), wantString) }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := check(tc.f)
			if tc.name == "syntax error in a branch stops" {
				if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "syntax: ") {
					t.Fatalf("got %q, want a syntax error", got)
				}
				return
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("problems (-want +got):\n%s", d)
			}
		})
	}
}

func TestKeys(t *testing.T) {
	// Sizes each side of what Keys holds in itself.
	for _, n := range []int{0, 1, 7, 8, 9, 40} {
		var k Keys
		for i := range n {
			if !k.Add(fmt.Sprint(i)) {
				t.Fatalf("%d keys: Add(%d) = false on first add", n, i)
			}
		}
		for i := range n {
			if k.Add(fmt.Sprint(i)) || !k.Has(fmt.Sprint(i)) {
				t.Fatalf("%d keys: key %d: Add again true or Has false", n, i)
			}
		}
		if k.Len() != n || k.Has(fmt.Sprint(n)) {
			t.Fatalf("%d keys: Len = %d, Has(%d) = %v", n, k.Len(), n, k.Has(fmt.Sprint(n)))
		}
	}
	if allocs := testing.AllocsPerRun(10, func() {
		var k Keys
		for _, key := range []string{"a", "b", "c", "a"} {
			k.Add(key)
		}
		_ = k.Has("c")
	}); allocs != 0 {
		t.Errorf("Keys of a small object allocates %v times", allocs)
	}
}

// TestDeclaredKeys: declared keys are marked by index, others added;
// Has and Len count both, and past maxMarked declared names are added.
func TestDeclaredKeys(t *testing.T) {
	names := make([]string, maxMarked+4)
	for i := range names {
		names[i] = fmt.Sprintf("k%04d", i)
	}
	k := DeclaredKeys(names)
	for _, i := range []int{0, 63, 64, 200, maxMarked - 1} {
		if !k.Mark(i) || k.Mark(i) {
			t.Fatalf("Mark(%d): want true, then false", i)
		}
	}
	for _, key := range []string{names[maxMarked], names[maxMarked+3], "other", "k"} {
		if !k.Add(key) || k.Add(key) {
			t.Fatalf("Add(%q): want true, then false", key)
		}
	}
	for i, name := range names {
		want := slices.Contains([]int{0, 63, 64, 200, maxMarked - 1, maxMarked, maxMarked + 3}, i)
		if k.Has(name) != want {
			t.Errorf("Has(%q) = %v, want %v", name, !want, want)
		}
	}
	if !k.Has("other") || k.Has("none") || k.Len() != 9 {
		t.Errorf("Has(other) %v, Has(none) %v, Len %d; want true, false, 9", k.Has("other"), k.Has("none"), k.Len())
	}
	if allocs := testing.AllocsPerRun(10, func() {
		k := DeclaredKeys(names)
		for i := range 40 {
			k.Mark(i)
		}
		k.Add("x")
		_ = k.Has(names[3]) && k.Len() == 41
	}); allocs != 0 {
		t.Errorf("Keys of an object of 40 declared keys allocates %v times", allocs)
	}
}

// TestValidated: a value is decoded only when every validator passes.
func TestValidated(t *testing.T) {
	run := func(doc string, vs ...Validator) (string, []string) {
		var dst string
		got := check(func(c *Decoding) {
			d := jx.DecodeBytes([]byte(doc))
			Validated(c, d, &dst, nil, vs...)
		})
		return dst, got
	}
	if dst, ps := run(`"ab"`, wantString, wantShort); dst != "ab" || ps != nil {
		t.Errorf("valid: dst %q, problems %q", dst, ps)
	}
	if dst, ps := run(`"abcd"`, wantString, wantShort); dst != "" || len(ps) != 1 {
		t.Errorf("invalid: dst %q, problems %q; want nothing decoded, one problem", dst, ps)
	}
}

// TestValidatedShape: a shape decoder decodes what the validators passed;
// where it finds the value is not of its shape, encoding/json decodes it
// and nothing the shape decoder did is kept.
func TestValidatedShape(t *testing.T) {
	type pair struct{ A, B string }
	shapes := 0
	shape := func(v *pair, d *jx.Decoder, c *Decoding) {
		shapes++
		it, ok := c.Object(d)
		if !ok {
			return
		}
		for !c.Failed() && it.Next() {
			key := string(it.Key())
			c.Push(key)
			s, _ := c.String(d)
			switch key {
			case "A":
				v.A = s
			case "B":
				v.B = s
			}
			c.Pop()
		}
		c.End(it.Err())
	}
	anything := func(c *Decoding, t *Text) { t.Skip() }
	for _, tc := range []struct {
		doc     string
		want    pair
		problem bool
	}{
		{`{"A": "x", "B": "y"}`, pair{"x", "y"}, false},
		{`{"B": 1}`, pair{A: "keep"}, true}, // encoding/json refuses a number for a string
		{`null`, pair{A: "keep"}, false},    // encoding/json leaves the value alone
	} {
		dst := pair{A: "keep"}
		shapes = 0
		got := check(func(c *Decoding) {
			Validated(c, jx.DecodeBytes([]byte(tc.doc)), &dst, shape, anything)
		})
		if dst != tc.want || (got != nil) != tc.problem {
			t.Errorf("%s: dst %+v, problems %q; want %+v, a problem: %v", tc.doc, dst, got, tc.want, tc.problem)
		}
		if shapes != 1 {
			t.Errorf("%s: shape ran %d times", tc.doc, shapes)
		}
	}
}

// TestEnumWording: a value outside an enum or const is worded as the
// interpreter words it, except where the values are arrays or objects:
// there the interpreter says only "'enum' failed", we show them.
func TestEnumWording(t *testing.T) {
	for _, tc := range []struct{ keyword, values, value string }{
		{"enum", `["a","b"]`, `"c"`},
		{"enum", `["a"]`, `"c"`},
		{"enum", `[1.50, null, true, "it's\n\"q\""]`, `"c"`},
		{"const", `"x"`, `"c"`},
		{"const", `1e3`, `"c"`},
	} {
		doc := `{"` + tc.keyword + `": ` + tc.values + `}`
		set := schema.NewSchemas("", map[string]string{"urn:t": doc})
		_, err := schema.Parse[json.RawMessage]("T", []byte(tc.value), set.Schema("urn:t#"))
		var ve *problem.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 {
			t.Fatalf("%s: interpreter: %v", doc, err)
		}
		values, isConst := tc.values, tc.keyword == "const"
		if isConst {
			values = "[" + values + "]"
		}
		got := check(func(c *Decoding) { c.Enum([]byte(tc.value), values, isConst) })
		want := []string{"/x: " + ve.Problems[0].Message}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: (-interpreter +validator)\n%s", doc, diff)
		}
	}
}

// TestValidatedText: text forms get the value's text as it is, and the
// value is decoded only where they find no problem.
func TestValidatedText(t *testing.T) {
	var seen []string
	text := func(c *Decoding, raw []byte) {
		seen = append(seen, string(raw))
		c.Apply(raw, wantShort)
	}
	for _, tc := range []struct {
		doc, dst string
		problems int
	}{
		{`"ab"`, "ab", 0},
		{`"abcd"`, "", 1},
		{`7`, "", 1},
	} {
		seen = nil
		var dst string
		got := check(func(c *Decoding) {
			ValidatedText(c, jx.DecodeBytes([]byte(" "+tc.doc+" ")), &dst, nil, text, text)
		})
		// The text is jx's: from the whitespace before the value.
		if dst != tc.dst || len(got) != 2*tc.problems || !cmp.Equal(seen, []string{" " + tc.doc, " " + tc.doc}) {
			t.Errorf("%s: dst %q, problems %q, texts %q", tc.doc, dst, got, seen)
		}
	}
}

// TestEnumEquality: enum and const compare JSON values, whether a string
// is written plainly or with escapes (plain strings are looked up by
// their text, the rest by canonical text).
func TestEnumEquality(t *testing.T) {
	const values = `["aé", "x\"y", 1, [1, {"a": null}], "\ufffd"]`
	for raw, want := range map[string]bool{
		`"aé"`: true, `"a\u00e9"`: true, `"a"`: false, `"x\"y"`: true, `"x"`: false,
		`1`: true, `1.0`: true, `1e0`: true, `2`: false, `"1"`: false,
		`[1, {"a": null}]`: true, `[1.0,{"a":null}]`: true, `[1, {}]`: false,
		"\"\xff\"": true, // invalid UTF-8 reads as U+FFFD, as encoding/json has it
	} {
		got := check(func(c *Decoding) { c.Enum([]byte(raw), values, false) }) == nil
		if got != want {
			t.Errorf("Enum(%s) passes = %v, want %v", raw, got, want)
		}
		set, err := loadConstSet(`[` + values + `]`)
		if err != nil {
			t.Fatal(err)
		}
		if in := len(set.lookup([]byte(raw))) == 1; in != want {
			t.Errorf("constSet.lookup(%s) found = %v, want %v", raw, in, want)
		}
	}
}

// TestParseDecodedAllocs guards ParseDecoded's shape: the decoded value is
// returned, not filled through a pointer that escapes, so reading a value
// without strings or slices allocates nothing.
func TestParseDecodedAllocs(t *testing.T) {
	type point struct{ X, Y int64 }
	decode := func(d *jx.Decoder, c *Decoding) (p point) {
		if err := d.Arr(func(d *jx.Decoder) error {
			n, err := d.Int64()
			p.X, p.Y = p.Y, n
			return err
		}); err != nil {
			c.Problemf("%v", err)
		}
		return p
	}
	data := []byte(`[3, 4]`)
	if p, err := ParseDecoded("point", data, decode); err != nil || p != (point{3, 4}) {
		t.Fatalf("ParseDecoded = %v, %v; want {3 4}", p, err)
	}
	if n := testing.AllocsPerRun(100, func() { ParseDecoded("point", data, decode) }); n != 0 {
		t.Errorf("ParseDecoded allocates %v times per call; want 0", n)
	}
}

// boundsByRat is what NumberBounds must say: each bound compared
// exactly, through big.Rat.
func boundsByRat(text, min, max, exclMin, exclMax string) []string {
	v, _ := new(big.Rat).SetString(text)
	cmpTo := func(b string) int { r, _ := new(big.Rat).SetString(b); return v.Cmp(r) }
	var out []string
	switch {
	case min != "" && cmpTo(min) < 0:
		out = append(out, "/x: minimum: got "+text+", want "+min)
	case exclMin != "" && cmpTo(exclMin) <= 0:
		out = append(out, "/x: exclusiveMinimum: got "+text+", want "+exclMin)
	}
	switch {
	case max != "" && cmpTo(max) > 0:
		out = append(out, "/x: maximum: got "+text+", want "+max)
	case exclMax != "" && cmpTo(exclMax) >= 0:
		out = append(out, "/x: exclusiveMaximum: got "+text+", want "+exclMax)
	}
	return out
}

// compareBounds checks text against lo and hi as inclusive and as
// exclusive bounds, with NumberBounds and with big.Rat.
func compareBounds(t *testing.T, text, lo, hi string) {
	t.Helper()
	got := check(func(c *Decoding) {
		c.NumberBounds([]byte(text), lo, hi, "", "")
		c.NumberBounds([]byte(text), "", "", lo, hi)
	})
	want := append(boundsByRat(text, lo, hi, "", ""), boundsByRat(text, "", "", lo, hi)...)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s in [%s, %s] (-want +got):\n%s", text, lo, hi, d)
	}
	// FloatBounds is given the float Float64 reads; it decides the same.
	f, _ := strconv.ParseFloat(text, 64)
	got = check(func(c *Decoding) {
		c.FloatBounds(f, []byte(text), lo, hi, "", "")
		c.FloatBounds(f, []byte(text), "", "", lo, hi)
	})
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("FloatBounds: %s in [%s, %s] (-want +got):\n%s", text, lo, hi, d)
	}
}

// TestNumberBounds: small integers take a path of their own (int64);
// every number and bound must be ordered exactly as big.Rat orders them.
func TestNumberBounds(t *testing.T) {
	texts := []string{"0", "-0", "1", "-1", "50", "100", "101", "100.0", "1e2", "1E2", "99.99999999999999999999",
		"100.00000000000000000001", "123456789012345678", "123456789012345679", "1234567890123456789",
		"-123456789012345678", "9223372036854775808", "-9223372036854775809", "0.5", "-0.5"}
	bounds := []string{"", "0", "1", "100", "-1", "1.5", "1e2", "99.99999999999999999999", "123456789012345678",
		"1234567890123456788", "-123456789012345677", "0.5"}
	for _, text := range texts {
		for _, lo := range bounds {
			for _, hi := range bounds {
				compareBounds(t, text, lo, hi)
			}
		}
	}
}

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// FuzzNumberBounds compares NumberBounds with big.Rat on any number
// JSON can write.
func FuzzNumberBounds(f *testing.F) {
	f.Add("50", "1", "100")
	f.Add("-0", "0", "0")
	f.Add("123456789012345678", "123456789012345679", "1e18")
	f.Add("1e2", "100", "100.0")
	f.Fuzz(func(t *testing.T, text, lo, hi string) {
		for _, s := range []string{text, lo, hi} {
			if !jsonNumber.MatchString(s) || len(s) > 40 {
				return
			}
			if _, ok := new(big.Rat).SetString(s); !ok {
				return // an exponent beyond what big.Rat holds: no exact order to compare with
			}
		}
		compareBounds(t, text, lo, hi)
	})
}

// TestStringBytes: what enum decoders compare is the string String reads
// (escapes decoded, invalid UTF-8 as U+FFFD), and a value of another kind
// is a problem.
func TestStringBytes(t *testing.T) {
	for _, text := range []string{`"open"`, `"op\u0065n"`, `"caf\u00e9"`, "\"a\xffb\"", `""`, `1`, `null`, `"unterminated`} {
		var got, want string
		gotProblems := check(func(c *Decoding) {
			d := jx.DecodeStr(text)
			if b, ok := c.StringBytes(d); ok {
				got = string(b)
			}
		})
		wantProblems := check(func(c *Decoding) {
			d := jx.DecodeStr(text)
			want, _ = c.String(d)
		})
		if got != want || !cmp.Equal(gotProblems, wantProblems) {
			t.Errorf("%s: StringBytes %q %q, String %q %q", text, got, gotProblems, want, wantProblems)
		}
	}
	var got []byte
	check(func(c *Decoding) { got, _ = c.StringBytes(jx.DecodeStr("\"a\xffb\"")) })
	if string(got) != "a\uFFFDb" {
		t.Errorf("invalid UTF-8: got %q, want %q", got, "a\uFFFDb")
	}
}

// FuzzCanonicalString: the canonical text of a string is its Go
// quoting, whichever way it is made.
func FuzzCanonicalString(f *testing.F) {
	for _, s := range []string{"", "abc", `a"b`, `a\b`, "tab\t", "\x7f", "é", "\u00a0", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := canonicalString(s), strconv.Quote(s); got != want {
			t.Errorf("canonicalString(%q) = %s, want %s", s, got, want)
		}
	})
}

// canonicalJSON, the reference canonicalText is tested against, writes
// a decoded JSON value in one form per value, so that equal
// values (JSON equality: 1 equals 1.0, members in any order) have equal
// text.
func canonicalJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			b.WriteString(r.RatString())
		} else {
			b.WriteString(string(x))
		}
	case string:
		b.WriteString(canonicalString(x))
	case []any:
		b.WriteByte('[')
		for i, it := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			canonicalJSON(b, it)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(canonicalString(k))
			b.WriteByte(':')
			canonicalJSON(b, x[k])
		}
		b.WriteByte('}')
	}
}

// FuzzCanonicalText: the canonical text made while reading the JSON is
// the one made from the value encoding/json decodes, and JSON-equal
// values (keys in another order, numbers written otherwise) have one.
func FuzzCanonicalText(f *testing.F) {
	for _, s := range []string{`{"b": [1.0, "x"], "a": {"c": null}}`, `{"a": 1, "a": 2}`, `[1e2, -0, 0.50, 123456789012345678901]`,
		`"caf\u00e9"`, "\"a\xffb\"", `{"\u0061": true}`, `1E400`, `[]`, `{}`, `[1,`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := schema.DecodeValue([]byte(s))
		if err != nil {
			return
		}
		var want strings.Builder
		canonicalJSON(&want, v)
		if got := canonicalText([]byte(s)); got != want.String() {
			t.Errorf("canonicalText(%s) = %s, want %s", s, got, want.String())
		}
	})
}

// FuzzJSONHash: values equal by their canonical texts have one hash, so
// that uniqueItems never misses two equal items; and UniqueJSON says what
// comparing canonical texts alone says.
func FuzzJSONHash(f *testing.F) {
	f.Add(`{"a": 1, "b": [1.0, "x"]}`, `{"b": [1, "x"], "a": 1e0}`)
	f.Add(`{"\u0061": "caf\u00e9"}`, `{"a": "café"}`)
	f.Add("\"a\xffb\"", "\"a\xfeb\"")
	f.Add(`{"a": 1, "a": 2}`, `{"a": 2}`)
	f.Add(`[1, 2]`, `[2, 1]`)
	f.Add(`123456789012345678901`, `1.23456789012345678901e20`)
	f.Fuzz(func(t *testing.T, a, b string) {
		if _, err := schema.DecodeValue([]byte(a)); err != nil {
			return
		}
		if _, err := schema.DecodeValue([]byte(b)); err != nil {
			return
		}
		ha, aok := jsonHash([]byte(a))
		hb, bok := jsonHash([]byte(b))
		if aok && bok && canonicalText([]byte(a)) == canonicalText([]byte(b)) && ha != hb {
			t.Errorf("%s and %s are equal but hash apart", a, b)
		}
		items := [][]byte{[]byte(a), []byte(b), []byte(a + " ")}
		got := check(func(c *Decoding) { c.UniqueJSON(items) })
		want := check(func(c *Decoding) { c.uniqueCanonical(items) })
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("UniqueJSON(%s, %s) (-want +got):\n%s", a, b, d)
		}
	})
}

// TestTextHash: on text jx has read, the byte scan hashes as jsonHash
// does: escapes, numbers by value, member order, nesting, whitespace,
// and the cases it leaves to jsonHash (a key twice, 17 members); short
// ASCII strings, which it hashes in the loop that ends them, hash as
// longer ones and those with escapes or other bytes do.
func TestTextHash(t *testing.T) {
	for _, in := range []string{
		`"x"`, `""`, `"café"`, `"0123456789abcdef0123456789abcdef"`, `"0123456789abcdef0123456789abcdef!"`, `"0123456789abcdef0123456789abcdef\n"`,
		`"a\"b\u00e9\\"`, "\"a\xffb\"", `-0`, `1.0`, `1e2`, `123456789012345678901`, `0.1`, `true`, `false`, `null`,
		`[]`, ` [ 1 , [ ] , { } , "]" ] `, `{}`, `{"a": 1, "b": [1.0, "x"]}`, `{"b": [1, "x"], "\u0061": 1e0}`,
		"{\n\t\"k\" :\r{\"}\":\"]\"} }", `{"a": 1, "a": 2}`,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17}`,
	} {
		wh, wok := jsonHash([]byte(in))
		gh, gok := textHash([]byte(in))
		if gh != wh || gok != wok {
			t.Errorf("%s: textHash = %x, %v; jsonHash = %x, %v", in, gh, gok, wh, wok)
		}
	}
}

// FuzzTextHash: on any text jx reads as one value, textHash is jsonHash.
func FuzzTextHash(f *testing.F) {
	f.Add(`{"a": 1, "b": [1.0, "x"]}`)
	f.Add(`{"\u0061": "caf\u00e9", "b": {"c": [true, false, null]}}`)
	f.Add(` [1e400, -0.0, "\ud800"] `)
	f.Fuzz(func(t *testing.T, in string) {
		if jx.DecodeStr(in).Validate() != nil {
			return
		}
		wh, wok := jsonHash([]byte(in))
		gh, gok := textHash([]byte(in))
		if gh != wh || gok != wok {
			t.Errorf("%s: textHash = %x, %v; jsonHash = %x, %v", in, gh, gok, wh, wok)
		}
	})
}

// TestAppliedMember: a validator Apply runs finds a member of the value
// it is handed by its text (escaped keys too), nested Applies hand their
// own, and a value that is no object has none.
func TestAppliedMember(t *testing.T) {
	member := func(c *Decoding, name string) string {
		r, found := c.AppliedMember(name)
		if !found {
			return "-"
		}
		return string(r)
	}
	var got []string
	c := &Decoding{}
	c.Apply([]byte(`{"a": [1, {"b": 2}], "\u0062": "x"}`), func(c *Decoding, _ *Text) {
		got = append(got, member(c, "a"), member(c, "b"), member(c, "c"))
		c.Apply([]byte(`{"c": true}`), func(c *Decoding, _ *Text) { got = append(got, member(c, "c"), member(c, "a")) })
		got = append(got, member(c, "a"))
	})
	c.Apply([]byte(`["a"]`), func(c *Decoding, _ *Text) { got = append(got, member(c, "a")) })
	want := []string{`[1, {"b": 2}]`, `"x"`, "-", "true", "-", `[1, {"b": 2}]`, "-"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("members (-want +got):\n%s", d)
	}
}

// TestAppliedMembers: the cursor yields each member of the applied
// object in order, keys unescaped, and stops where the text is not an
// object or cannot be read.
func TestAppliedMembers(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want []string
	}{
		{`{"a": [1, {"b": 2}], "\u0062": "x" , "c":{"}":"]"}}`, []string{`a=[1, {"b": 2}]`, `b="x"`, `c={"}":"]"}`}},
		{` { } `, nil},
		{`{"a":null}`, []string{"a=null"}},
		{`{"a\"b": -1.5e3, "": true}`, []string{`a"b=-1.5e3`, `=true`}},
		{`["a", 1]`, nil},
		{`"a"`, nil},
		{`{"a": 1, "b": tru}`, []string{"a=1"}},
		{`{"a": 1,}`, []string{"a=1"}},
		{`{"a": 1 "b": 2}`, nil},
		{`{"a" 1}`, nil},
		{`{"a": "\u12"}`, []string{`a="\u12"`}}, // jx reported it already
	} {
		var got []string
		c := &Decoding{}
		c.Apply([]byte(tc.raw), func(c *Decoding, _ *Text) {
			m := c.AppliedMembers()
			for m.Next() {
				got = append(got, string(m.Key())+"="+string(m.Value()))
			}
			if m.Next() {
				t.Errorf("%s: Next true after false", tc.raw)
			}
		})
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s: members (-want +got):\n%s", tc.raw, d)
		}
	}
	var m Members
	if m.Next() {
		t.Error("zero Members: Next true")
	}
}

// TestMayHave: an array checked quietly (a branch) stops at the first
// item past maxItems; read aloud, every item is read and the problem
// words the full count.
func TestMayHave(t *testing.T) {
	read := 0
	atMostTwo := func(c *Decoding, t *Text) {
		it, ok := t.Array()
		if !ok {
			return
		}
		i := 0
		for !c.Failed() && it.Next() {
			if !c.MayHave(i, 2) {
				break
			}
			read++
			t.Skip()
			i++
		}
		c.End(it.Err())
		c.Items(i, 0, 2)
	}
	raw := []byte(`[1, 2, 3, 4, 5]`)
	got := check(func(c *Decoding) { c.Apply(raw, atMostTwo) })
	if want := []string{"/x: maxItems: got 5, want 2"}; !cmp.Equal(want, got) || read != 5 {
		t.Errorf("aloud: %q after reading %d items; want %q after 5", got, read, want)
	}
	read = 0
	if got := check(func(c *Decoding) { c.Not(raw, atMostTwo) }); got != nil || read != 2 {
		t.Errorf("quiet: %q after reading %d items; want none after 2", got, read)
	}
	got = check(func(c *Decoding) { c.AnyOf(raw, atMostTwo, wantString) })
	want := []string{
		"/x: anyOf: the value matches none of the 2 schemas",
		"/x: (schema 0) maxItems: got 5, want 2",
		"/x: (schema 1) got array, want string",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("anyOf (-want +got):\n%s", d)
	}
	read = 0
	if got := check(func(c *Decoding) { c.Not([]byte(`[1, 2]`), atMostTwo) }); len(got) != 1 || read != 2 {
		t.Errorf("two items, quiet: %q after %d; want the not's problem after 2", got, read)
	}
}

// TestMultipleFast: where the fast path decides, it agrees with exact
// rational arithmetic; it decides the common cases (integers, a power of
// ten's fraction in plain notation) and leaves exponents to big.Rat.
func TestMultipleFast(t *testing.T) {
	for _, tc := range []struct {
		text, m      string
		multiple, ok bool
	}{
		{"12", "3", true, true},
		{"-12", "5", false, true},
		{"0.07", "1/100", true, true},
		{"19.990", "1/100", true, true},
		{"0.015", "1/100", false, true},
		{"-3.1", "1/10", true, true},
		{"7", "1/1000", true, true},
		{"1e2", "1/100", false, false},
		{"1.5", "3", false, false},
		{"0.5", "1/2", false, false},
		{"123456789012345678901", "7", false, false},
	} {
		multiple, ok := multipleFast([]byte(tc.text), tc.m)
		if multiple != tc.multiple || ok != tc.ok {
			t.Errorf("multipleFast(%s, %s) = %v, %v; want %v, %v", tc.text, tc.m, multiple, ok, tc.multiple, tc.ok)
		}
		if ok && multiple != exactMultiple(tc.text, tc.m) {
			t.Errorf("multipleFast(%s, %s) disagrees with big.Rat", tc.text, tc.m)
		}
	}
}

// FuzzMultipleFast: the fast path never disagrees with big.Rat.
func FuzzMultipleFast(f *testing.F) {
	for _, s := range []string{"0.07", "-12", "19.990", "1e2", "0.", "-", "00.10"} {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, text string, k uint8) {
		if _, ok := new(big.Rat).SetString(text); !ok || !json.Valid([]byte(text)) {
			return
		}
		for _, m := range []string{"1/" + "1" + strings.Repeat("0", int(k%19)), strconv.Itoa(int(k) + 1)} {
			if multiple, ok := multipleFast([]byte(text), m); ok && multiple != exactMultiple(text, m) {
				t.Fatalf("multipleFast(%s, %s) = %v; big.Rat disagrees", text, m, multiple)
			}
		}
	})
}

func exactMultiple(text, m string) bool {
	r, _ := new(big.Rat).SetString(text)
	q, _ := new(big.Rat).SetString(m)
	return new(big.Rat).Quo(r, q).IsInt()
}
