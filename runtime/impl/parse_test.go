package impl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-faster/jx"
	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

var testSchemas = schema.NewSchemas("", map[string]string{
	"structgen:///person.json": `{
		"type": "object",
		"required": ["name", "age"],
		"properties": {
			"name": {"type": "string", "minLength": 1},
			"age": {"type": "integer", "minimum": 0},
			"email": {"type": "string", "format": "email"},
			"code": {"type": "string", "pattern": "^(?!x)[a-z]+$"}
		},
		"additionalProperties": false
	}`,
	"structgen:///broken.json": `{"$ref": "missing.json"}`,
})

type person struct {
	Name  string  `json:"name"`
	Age   int     `json:"age"`
	Email *string `json:"email,omitempty"`
	Code  *string `json:"code,omitempty"`
}

var personSchema = testSchemas.Schema("structgen:///person.json#")

// TestAnnotateFormats: a set made with AnnotateFormats reads "format" as
// an annotation.
func TestAnnotateFormats(t *testing.T) {
	set := schema.NewSchemas("", testSchemas.Resources()).AnnotateFormats()
	got, err := schema.Parse[person]("Person", []byte(`{"name":"Ada","age":1,"email":"not an email"}`), set.Schema("structgen:///person.json#"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Email == nil || *got.Email != "not an email" {
		t.Errorf("email %v", got.Email)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, in string
		want     person
		problems []problem.Problem
		sentinel error
	}{
		{name: "valid", in: `{"name":"Ada","age":36}`, want: person{Name: "Ada", Age: 36}},
		{name: "integer written as 36.0", in: `{"name":"Ada","age":36.0}`, want: person{Name: "Ada", Age: 36}},
		{name: "format is asserted", in: `{"name":"Ada","age":1,"email":"not an email"}`, problems: []problem.Problem{{Pointer: "/email", Message: "'not an email' is not valid email: no '@'"}}},
		{name: "valid format", in: `{"name":"Ada","age":1,"email":"ada@example.com"}`, want: person{Name: "Ada", Age: 1, Email: ptr("ada@example.com")}},
		{name: "ECMAScript lookahead", in: `{"name":"Ada","age":1,"code":"xa"}`, problems: []problem.Problem{{Pointer: "/code", Message: "'xa' does not match pattern '^(?!x)[a-z]+$'"}}},
		{name: "every problem", in: `{"name":"","age":-1,"extra":true}`, problems: []problem.Problem{
			{Pointer: "", Message: "additional properties 'extra' not allowed"},
			{Pointer: "/age", Message: "minimum: got -1, want 0"},
			{Pointer: "/name", Message: "minLength: got 0, want 1"},
		}},
		{name: "empty", in: " \n", problems: []problem.Problem{{Pointer: "", Message: "empty input: want one JSON document"}}, sentinel: problem.ErrEmptyReply},
		{name: "syntax", in: "{\"name\":\n\"Ada\",}", problems: []problem.Problem{{Pointer: "", Message: "line 2, column 7: invalid character '}' looking for beginning of object key string"}}, sentinel: problem.ErrInvalidJSON},
		{name: "trailing data", in: `{"name":"Ada","age":1} x`, problems: []problem.Problem{{Pointer: "", Message: "line 1, column 24: unexpected data after the JSON document"}}, sentinel: problem.ErrInvalidJSON},
		{name: "truncated", in: `{"name":"Ada"`, problems: []problem.Problem{{Pointer: "", Message: "line 1, column 14: unexpected end of input"}}, sentinel: problem.ErrInvalidJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := schema.Parse[person]("Person", []byte(tc.in), personSchema)
			if tc.problems == nil {
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("-want +got:\n%s", d)
				}
				return
			}
			var ve *problem.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("want *ValidationError, got %v", err)
			}
			if ve.TypeName != "Person" || string(ve.Raw) != tc.in {
				t.Errorf("TypeName %q Raw %q", ve.TypeName, ve.Raw)
			}
			if d := cmp.Diff(tc.problems, ve.Problems); d != "" {
				t.Errorf("problems (-want +got):\n%s", d)
			}
			if tc.sentinel == nil && ve.Err != nil || tc.sentinel != nil && !errors.Is(err, tc.sentinel) {
				t.Errorf("sentinel: got %v, want %v", ve.Err, tc.sentinel)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestParseDecodeProblem(t *testing.T) {
	// The schema allows what the Go type cannot hold: the error says where.
	s := schema.NewSchemas("", map[string]string{"structgen:///n.json": `{"type":"object","properties":{"age":{"type":"integer"}}}`}).Schema("structgen:///n.json#")
	_, err := schema.Parse[person]("Person", []byte(`{"age":1e30}`), s)
	var ve *problem.ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != "/age" {
		t.Fatalf("want one problem at /age, got %v", err)
	}
}

func TestParseSchemaThatDoesNotCompile(t *testing.T) {
	_, err := schema.Parse[person]("Person", []byte(`{}`), testSchemas.Schema("structgen:///broken.json#"))
	if err == nil || !strings.Contains(err.Error(), "not embedded") {
		t.Fatalf("want the compile error, got %v", err)
	}
}

func TestValidationErrorText(t *testing.T) {
	one := &problem.ValidationError{TypeName: "T", Problems: []problem.Problem{{Pointer: "/a", Message: "bad"}}}
	if got := one.Error(); got != "parse T: /a: bad" {
		t.Errorf("one problem: %q", got)
	}
	two := &problem.ValidationError{TypeName: "T", Problems: []problem.Problem{{Pointer: "", Message: "x"}, {Pointer: "/b", Message: "y"}}}
	if got := two.Error(); got != "parse T: 2 problems:\n  - (root): x\n  - /b: y" {
		t.Errorf("two problems: %q", got)
	}
}

// FuzzParse: any input gives a value or a *ValidationError, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"name":"a","age":1}`, `{`, ``, `[1,2]`, `{"age":1.0e0,"name":"x"}`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := schema.Parse[person]("Person", []byte(s), personSchema)
		if err == nil {
			return
		}
		var ve *problem.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) == 0 {
			t.Fatalf("want *ValidationError with problems, got %v", err)
		}
	})
}

func ExampleParse() {
	schemas := schema.NewSchemas("", map[string]string{
		"structgen:///point.json": `{"type":"object","required":["x","y"],"properties":{"x":{"type":"integer"},"y":{"type":"integer"}}}`,
	})
	type point struct{ X, Y int }
	p, err := schema.Parse[point]("Point", []byte(`{"x":1,"y":2.0}`), schemas.Schema("structgen:///point.json#"))
	fmt.Println(p, err)
	_, err = schema.Parse[point]("Point", []byte(`{"x":1}`), schemas.Schema("structgen:///point.json#"))
	fmt.Println(err)
	// Output:
	// {1 2} <nil>
	// parse Point: (root): missing property 'y'
}

// TestNewScalars: the pointers optional fields get from chunks are each
// their own, and a parse's chunks end with it, so that a value kept
// holds nothing of the next parse.
func TestNewScalars(t *testing.T) {
	c := &Decoding{}
	var strs []*string
	var ints []*int64
	for i := range 200 {
		s, n := c.NewString(), c.NewInt64()
		if *s != "" || *n != 0 {
			t.Fatalf("pointer %d: %q, %d; want zero values", i, *s, *n)
		}
		*s, *n = fmt.Sprint(i), int64(i)
		strs, ints = append(strs, s), append(ints, n)
	}
	for i := range 200 {
		if *strs[i] != fmt.Sprint(i) || *ints[i] != int64(i) {
			t.Fatalf("pointer %d reads %q, %d: shared with another", i, *strs[i], *ints[i])
		}
	}
	if f, b := c.NewFloat64(), c.NewBool(); *f != 0 || *b {
		t.Errorf("NewFloat64, NewBool: %v, %v; want zero values", *f, *b)
	}
	var used *Decoding
	p, err := ParseDecoded("T", []byte(`"x"`), func(d *jx.Decoder, c *Decoding) *string {
		used = c
		p := c.NewString()
		*p, _ = c.String(d)
		return p
	})
	if err != nil || *p != "x" {
		t.Fatalf("ParseDecoded = %q, %v", *p, err)
	}
	if len(used.strs.free) != 0 || used.strs.next != 0 {
		t.Errorf("after the parse its Decoding keeps %d strings of its chunk; want none", len(used.strs.free))
	}
	// Raw values kept share chunks too, each capped at its own length.
	var raws []json.RawMessage
	for i := range 300 {
		raws = append(raws, c.keep([]byte(fmt.Sprintf(`{"n":%d}`, i))))
	}
	raws[0] = append(raws[0], ' ') // a copy: the next value stays
	for i := 1; i < 300; i++ {
		if want := fmt.Sprintf(`{"n":%d}`, i); string(raws[i]) != want || cap(raws[i]) != len(raws[i]) {
			t.Fatalf("raw %d = %s (cap %d); want %s capped at its length", i, raws[i], cap(raws[i]), want)
		}
	}
	if big := c.keep(make([]byte, 5000)); len(big) != 5000 {
		t.Errorf("a large value kept as %d bytes", len(big))
	}
	ParseDecoded("T", []byte(`[1]`), func(d *jx.Decoder, c *Decoding) json.RawMessage {
		used = c
		r, _ := c.Raw(d)
		return r
	})
	if used.texts != nil {
		t.Errorf("after the parse its Decoding keeps a chunk of %d bytes of text; want none", cap(used.texts))
	}
}

// TestStringsShareChunks: the strings and keys a parse keeps are copies
// in chunks it owns, as its raw values are: reading many costs a few
// allocations, each reads what the input said after the input and the
// raw values beside them change, and escapes, invalid UTF-8 and long
// strings read as encoding/json reads them.
func TestStringsShareChunks(t *testing.T) {
	type member struct {
		key, val string
		raw      json.RawMessage
	}
	decode := func(d *jx.Decoder, c *Decoding) (ms []member) {
		it, ok := c.Object(d)
		for ok && it.Next() {
			m := member{key: c.KeyText(it.Key())}
			if d.Next() == jx.String {
				m.val, _ = c.String(d)
			} else {
				m.raw, _ = c.Raw(d)
			}
			ms = append(ms, m)
		}
		c.End(it.Err())
		return ms
	}
	long := strings.Repeat("é", 600) // 1,200 bytes: a string of its own
	var doc strings.Builder
	doc.WriteString(`{"esc\u0041pe": "a\nb", "bad` + "\xff" + `": "` + "\xfe" + `q", "long": "` + long + `", "raw": [1, 2]`)
	for i := range 200 {
		fmt.Fprintf(&doc, `, "k%d": "value %d"`, i, i)
	}
	doc.WriteString("}")
	input := []byte(doc.String())
	ms, err := ParseDecoded("T", input, decode)
	if err != nil {
		t.Fatal(err)
	}
	want := []member{{key: "escApe", val: "a\nb"}, {key: "bad\uFFFD", val: "\uFFFDq"}, {key: "long", val: long}, {key: "raw", raw: json.RawMessage("[1, 2]")}}
	for i := range 200 {
		want = append(want, member{key: fmt.Sprint("k", i), val: fmt.Sprint("value ", i)})
	}
	ms[3].raw[1] = '9' // writing into one raw value changes nothing beside it
	want[3].raw[1] = '9'
	for i := range input {
		input[i] = 'x'
	}
	if d := cmp.Diff(want, ms, cmp.AllowUnexported(member{})); d != "" {
		t.Errorf("strings and keys read (-want +got):\n%s", d)
	}
	input = []byte(doc.String())
	if n := testing.AllocsPerRun(20, func() { ParseDecoded("T", input, decode) }); n > 40 {
		t.Errorf("reading 204 strings and keys allocates %v times; want a few per chunk (at most 40)", n)
	}
	// Strings with escapes share the chunks too: they are decoded into a
	// buffer the parse keeps, not one jx grows for each.
	doc.Reset()
	doc.WriteString(`{"k": "\u00e9"`)
	for i := range 200 {
		fmt.Fprintf(&doc, `, "k%d": "line %d\nsaid \"hi\" \u00e9\ud83d\ude00"`, i, i)
	}
	doc.WriteString("}")
	input = []byte(doc.String())
	ms, err = ParseDecoded("T", input, decode)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ms[200].val, "line 199\nsaid \"hi\" \u00e9\U0001F600"; got != want {
		t.Errorf("escaped string: got %q, want %q", got, want)
	}
	if n := testing.AllocsPerRun(20, func() { ParseDecoded("T", input, decode) }); n > 40 {
		t.Errorf("reading 201 strings with escapes allocates %v times; want a few per chunk (at most 40)", n)
	}
}

// TestParseDecodedTrailing: whatever follows the document is refused, a
// value cut short too (jx wraps io.EOF for it, which is not the end).
func TestParseDecodedTrailing(t *testing.T) {
	decode := func(d *jx.Decoder, c *Decoding) string { s, _ := c.String(d); return s }
	for _, in := range []string{`"x" 1`, `"x"{"":`, `"x" [1,`, `"x" {`, `"x" "a`, `"x" x`} {
		if _, err := ParseDecoded("T", []byte(in), decode); !errors.Is(err, problem.ErrInvalidJSON) {
			t.Errorf("%s: %v; want ErrInvalidJSON", in, err)
		}
	}
	for _, in := range []string{`"x"`, " \"x\" \n\t"} {
		if s, err := ParseDecoded("T", []byte(in), decode); err != nil || s != "x" {
			t.Errorf("%q: %q, %v; want x", in, s, err)
		}
	}
	if _, ok := jsonHash([]byte(`{}{"":`)); ok {
		t.Error(`jsonHash({}{"":) hashed it as one value`)
	}
	if got := canonicalText([]byte(`{"b":1,"a":2} [1,`)); got != `{"b":1,"a":2} [1,` {
		t.Errorf("canonicalText of a value and a cut one = %s; want the text as it is", got)
	}
}

// TestDocument: after the decoder has read the document, Document is
// its text, without the whitespace around it, for every kind of value;
// nothing where reading failed or data follows the value.
func TestDocument(t *testing.T) {
	for in, want := range map[string]string{
		`{"a": [1, "]}"], "b": {}}`:     `{"a": [1, "]}"], "b": {}}`,
		" \n [1, {\"x\": \"\\\"\"}]\t ": `[1, {"x": "\""}]`,
		` "a \" b" `:                    `"a \" b"`,
		`-1.5e3`:                        `-1.5e3`,
		"true\n":                        `true`,
		` null`:                         `null`,
	} {
		var got []byte
		var ok bool
		_, err := ParseDecoded("T", []byte(in), func(d *jx.Decoder, c *Decoding) int {
			c.Skip(d)
			got, ok = c.Document()
			return 0
		})
		if err != nil || !ok || string(got) != want {
			t.Errorf("%q: Document = %q, %v (%v); want %q", in, got, ok, err, want)
		}
	}
	for _, in := range []string{`{"a": tru}`, `{"a": 1} x`, `{"a": 1}}`, `{"a": 1} {"b":`, "1 \u00a0", `[1,`} {
		_, err := ParseDecoded("T", []byte(in), func(d *jx.Decoder, c *Decoding) int {
			c.Skip(d)
			if raw, ok := c.Document(); ok {
				t.Errorf("%q: Document = %q, true; want nothing", in, raw)
			}
			return 0
		})
		if !errors.Is(err, problem.ErrInvalidJSON) {
			t.Errorf("%q: got %v; want ErrInvalidJSON", in, err)
		}
	}
}

// TestStringView: a string read for checks only reads as String reads
// it (escapes, invalid UTF-8), without allocating where it has no
// escapes.
func TestStringView(t *testing.T) {
	for _, in := range []string{`""`, `"abc"`, `"a\"b\u00e9"`, "\"\xff\"", `"日本"`, `1`} {
		c1, c2 := &Decoding{}, &Decoding{}
		want, wok := c1.String(jx.DecodeStr(in))
		got, gok := c2.StringView(jx.DecodeStr(in))
		if got != want || gok != wok || len(c1.problems) != len(c2.problems) {
			t.Errorf("%s: StringView = %q, %v (%d problems); String = %q, %v (%d)", in, got, gok, len(c2.problems), want, wok, len(c1.problems))
		}
	}
	c, d, text := &Decoding{}, jx.DecodeStr(`"plain text"`), []byte(`"plain text"`)
	if n := testing.AllocsPerRun(10, func() {
		d.ResetBytes(text)
		c.StringView(d)
	}); n > 0 {
		t.Errorf("StringView of a plain string allocates %v times", n)
	}
}

// TestOrNull: a value IsNull found not to be null is refused "or null";
// the mark holds for that value only, not after a move or for another
// decoder.
func TestOrNull(t *testing.T) {
	words := func(f func(c *Decoding)) string {
		c := &Decoding{}
		f(c)
		if len(c.problems) != 1 {
			return fmt.Sprint(c.problems)
		}
		return c.problems[0].Message
	}
	for _, tc := range []struct {
		name string
		f    func(c *Decoding)
		want string
	}{
		{"the value itself", func(c *Decoding) {
			d := jx.DecodeStr(`1`)
			c.IsNull(d)
			c.String(d)
		}, "got number, want string or null"},
		{"a fraction for an integer", func(c *Decoding) {
			d := jx.DecodeStr(`1.5`)
			c.IsNull(d)
			c.Int64(d)
		}, "got number, want integer or null"},
		{"a wrong kind worded with null already", func(c *Decoding) {
			d := jx.DecodeStr(`1`)
			c.IsNull(d)
			c.WrongType(d, "string or null")
		}, "got number, want string or null"},
		{"a member of it", func(c *Decoding) {
			d := jx.DecodeStr(`{"a": 1}`)
			c.IsNull(d)
			it, _ := c.Object(d)
			for it.Next() {
				c.Push("a")
				c.String(d)
				c.Pop()
			}
		}, "got number, want string"},
		{"another decoder", func(c *Decoding) {
			d := jx.DecodeStr(`1`)
			c.IsNull(d)
			c.Skip(d)
			c.release(d)
			e := c.decoder([]byte(`2`))
			c.String(e)
		}, "got number, want string"},
		{"its text, read by a decoder of its own", func(c *Decoding) {
			d := jx.DecodeStr(`[1]`)
			c.IsNull(d)
			raw, _ := c.RawView(d)
			e := c.TextDecoder(raw)
			c.Object(e)
			c.Release(e)
		}, "got array, want object or null"},
		{"the text of a value after it", func(c *Decoding) {
			d := jx.DecodeStr(`[1]`)
			c.IsNull(d)
			it, _ := c.Array(d)
			for it.Next() {
				c.PushIndex(0)
				raw, _ := c.RawView(d)
				e := c.TextDecoder(raw)
				c.String(e)
				c.Release(e)
				c.Pop()
			}
		}, "got number, want string"},
		{"without IsNull", func(c *Decoding) { c.String(jx.DecodeStr(`1`)) }, "got number, want string"},
	} {
		if got := words(tc.f); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestEnumInt64: integers written any way are read; another number is a
// value outside the enum, and another kind a wrong kind.
func TestEnumInt64(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		one  bool
		want int64
		says string
	}{
		{`3`, false, 3, ""},
		{`3.0`, false, 3, ""},
		{`-2e2`, false, -200, ""},
		{`1.5`, false, 0, "value must be one of 1, 2"},
		{`1e400`, false, 0, "value must be one of 1, 2"},
		{`1.5`, true, 0, "value must be 1, 2"},
		{`"1"`, false, 0, "got string, want integer"},
	} {
		c := &Decoding{}
		got, ok := c.EnumInt64(jx.DecodeStr(tc.doc), "1, 2", tc.one)
		var says string
		if len(c.problems) > 0 {
			says = c.problems[0].Message
		}
		if got != tc.want || ok != (tc.says == "") || says != tc.says || len(c.problems) > 1 {
			t.Errorf("%s: %d, %v, %q; want %d, %q", tc.doc, got, ok, c.problems, tc.want, tc.says)
		}
	}
}

// TestScalarPtr: StringPtr and its kin read a value into a new pointer;
// a value of another kind is a problem, and the pointer holds the zero
// value, as the reads they replace left it.
func TestScalarPtr(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		read       func(d *jx.Decoder, c *Decoding) any
		want       any
		problem    string
	}{
		{"string", `"x"`, func(d *jx.Decoder, c *Decoding) any { return *c.StringPtr(d) }, "x", ""},
		{"string of a number", `1`, func(d *jx.Decoder, c *Decoding) any { return *c.StringPtr(d) }, "", "string"},
		{"int", `-7`, func(d *jx.Decoder, c *Decoding) any { return *c.Int64Ptr(d) }, int64(-7), ""},
		{"int of a fraction", `1.5`, func(d *jx.Decoder, c *Decoding) any { return *c.Int64Ptr(d) }, int64(0), "integer"},
		{"float", `2.5e1`, func(d *jx.Decoder, c *Decoding) any { return *c.Float64Ptr(d) }, 25.0, ""},
		{"float of a string", `"2"`, func(d *jx.Decoder, c *Decoding) any { return *c.Float64Ptr(d) }, 0.0, "number"},
		{"bool", `true`, func(d *jx.Decoder, c *Decoding) any { return *c.BoolPtr(d) }, true, ""},
		{"bool of null", `null`, func(d *jx.Decoder, c *Decoding) any { return *c.BoolPtr(d) }, false, "boolean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got any // kept when the parse fails too
			_, err := ParseDecoded("T", []byte(tc.data), func(d *jx.Decoder, c *Decoding) any {
				got = tc.read(d, c)
				return got
			})
			if got != tc.want {
				t.Errorf("value %#v; want %#v", got, tc.want)
			}
			switch {
			case tc.problem == "" && err != nil:
				t.Errorf("error %v; want none", err)
			case tc.problem != "" && (err == nil || !strings.Contains(err.Error(), tc.problem)):
				t.Errorf("error %v; want one naming %q", err, tc.problem)
			}
		})
	}
}

// TestContainerReads: Strings and RawMap read what the loops they replace
// read, problems included; Unseen lists the required properties not seen.
func TestContainerReads(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		read       func(d *jx.Decoder, c *Decoding) any
		want       any
		problem    string
	}{
		{"strings", `["a", "b\u0021"]`, func(d *jx.Decoder, c *Decoding) any { return c.Strings(d) }, []string{"a", "b!"}, ""},
		{"no strings", `[]`, func(d *jx.Decoder, c *Decoding) any { return c.Strings(d) }, []string{}, ""},
		{"strings with a number", `["a", 2]`, func(d *jx.Decoder, c *Decoding) any { return c.Strings(d) }, []string{"a", ""}, "/1: got number, want string"},
		{"strings of an object", `{}`, func(d *jx.Decoder, c *Decoding) any { return c.Strings(d) }, []string(nil), "want array"},
		{"raw map", `{"a": [1, 2], "b": null}`, func(d *jx.Decoder, c *Decoding) any { return c.RawMap(d) },
			map[string]json.RawMessage{"a": json.RawMessage(`[1, 2]`), "b": json.RawMessage(`null`)}, ""},
		{"raw map with a key twice", `{"a": 1, "a": 2}`, func(d *jx.Decoder, c *Decoding) any { return c.RawMap(d) },
			map[string]json.RawMessage{"a": json.RawMessage(`2`)}, "property 'a' is written twice"},
		{"raw map of a list", `[]`, func(d *jx.Decoder, c *Decoding) any { return c.RawMap(d) }, map[string]json.RawMessage(nil), "want object"},
		{"unseen", `1`, func(d *jx.Decoder, c *Decoding) any {
			c.Skip(d)
			var missing []string
			missing = Unseen(missing, true, "a")
			missing = Unseen(missing, false, "b")
			missing = Unseen(missing, false, "c")
			c.Missing(missing...)
			return missing
		}, []string{"b", "c"}, "missing properties 'b', 'c'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got any // kept when the parse fails too
			_, err := ParseDecoded("T", []byte(tc.data), func(d *jx.Decoder, c *Decoding) any {
				got = tc.read(d, c)
				return got
			})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("value (-want +got):\n%s", diff)
			}
			switch {
			case tc.problem == "" && err != nil:
				t.Errorf("error %v; want none", err)
			case tc.problem != "" && (err == nil || !strings.Contains(err.Error(), tc.problem)):
				t.Errorf("error %v; want one naming %q", err, tc.problem)
			}
		})
	}
}
