package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/schema"
)

// Text is the cursor generated validators read a value's JSON text with.
// Every text a validator is handed has been read once by jx (a typed
// decoder's RawView or Raw, or the document it read whole), so it is
// JSON: the cursor finds where values end by scanning bytes (valueEnd)
// instead of tokens, and a validator that needs a value's text takes it
// from where the cursor stands (Raw) without reading the value once more
// to find its end, which jx, exposing no position, cannot offer. It still
// checks the structure it walks (commas, colons, brackets) and decodes
// the strings it reads as jx does.
type Text struct {
	c   *Decoding
	buf []byte
	pos int
}

// textKinds is the kind of a value by its first byte.
var textKinds = func() (k [256]jx.Type) {
	k['{'], k['['], k['"'], k['t'], k['f'], k['n'] = jx.Object, jx.Array, jx.String, jx.Bool, jx.Bool, jx.Null
	k['-'] = jx.Number
	for b := '0'; b <= '9'; b++ {
		k[b] = jx.Number
	}
	return k
}()

// TextError is a syntax error a Text met: the byte offset in the text it
// read, and what it wanted there.
type TextError struct {
	Offset int
	Want   string
}

func (e *TextError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d of a value: want %s", e.Offset, e.Want)
}

// space skips white space and returns where the next byte is.
func (t *Text) space() int {
	i := skipSpace(t.buf, t.pos)
	t.pos = i
	return i
}

// fail records a syntax error at i; reading stops.
func (t *Text) fail(i int, want string) {
	t.c.syntax(&TextError{Offset: i, Want: want})
	t.pos = len(t.buf)
}

// Next reports the kind of the value that comes next, without reading
// it; jx.Invalid where none does.
func (t *Text) Next() jx.Type {
	if i := t.space(); i < len(t.buf) {
		return textKinds[t.buf[i]]
	}
	return jx.Invalid
}

// Skip passes over the next value.
func (t *Text) Skip() {
	i := t.space()
	e := valueEnd(t.buf, i)
	if e < 0 {
		t.fail(i, "a value")
		return
	}
	t.pos = e
}

// Raw passes over the next value and returns its text: the input's own,
// for validators to read again, never to keep.
func (t *Text) Raw() ([]byte, bool) {
	i := t.space()
	e := valueEnd(t.buf, i)
	if e < 0 {
		t.fail(i, "a value")
		return nil, false
	}
	t.pos = e
	return t.buf[i:e], true
}

// RawHashed is Raw for an item that uniqueItems compares: where the n
// items before it have their hashes in hashes, it appends the item's
// (see jsonHash), found by the scan that finds where the item ends, so
// that UniqueHashed need not read the items again.
func (t *Text) RawHashed(hashes []uint64, n int) ([]byte, []uint64, bool) {
	if len(hashes) != n {
		raw, ok := t.Raw()
		return raw, hashes, ok
	}
	i := t.space()
	if h, e, ok := scanHash(t.buf, i); ok {
		t.pos = e
		return t.buf[i:e], append(hashes, h), true
	}
	raw, ok := t.Raw()
	if ok {
		if h, hashed := jsonHash(raw); hashed {
			hashes = append(hashes, h)
		}
	}
	return raw, hashes, ok
}

// Member is a member of an object that the scan passing over the object
// looked for: its value's text, where the object has it. A tagged anyOf
// or oneOf reads its tag so (AnyOfTaggedBy, OneOfTaggedBy).
type Member struct {
	Value []byte
	Found bool
}

// RawMember is Raw for a value that a tagged anyOf or oneOf checks: where
// it is an object, the scan that finds its end finds its member name too.
func (t *Text) RawMember(name string) ([]byte, Member, bool) {
	raw, tag, _, ok := t.rawMember(name)
	return raw, tag, ok
}

// rawMember is RawMember that also tells whether the object may name
// the member twice (then which value counts is the last, for JSON
// equality).
func (t *Text) rawMember(name string) (raw []byte, tag Member, twice, ok bool) {
	i := t.space()
	if i < len(t.buf) && t.buf[i] == '{' {
		m := Members{raw: t.buf, i: i + 1}
		for m.Next() {
			if string(m.key) == name {
				twice = twice || tag.Found
				if !tag.Found {
					tag = Member{m.val, true}
				}
			}
		}
		if m.ended {
			t.pos = m.end
			return t.buf[i:m.end], tag, twice, true
		}
	}
	raw, ok = t.Raw()
	if !ok {
		return nil, Member{}, false, false
	}
	tag = t.c.memberOf(raw, name)
	return raw, tag, tag.Found, true
}

// RawHashedMember is RawHashed for an item that a tagged anyOf or oneOf
// checks: the scan that hashes it finds its member name too.
func (t *Text) RawHashedMember(hashes []uint64, n int, name string) ([]byte, Member, []uint64, bool) {
	if len(hashes) == n {
		i := t.space()
		var tag Member
		if h, e, ok := scanHashMember(t.buf, i, name, &tag); ok {
			t.pos = e
			return t.buf[i:e], tag, append(hashes, h), true
		}
	}
	raw, hashes, ok := t.RawHashed(hashes, n)
	if !ok {
		return nil, Member{}, hashes, false
	}
	return raw, t.c.memberOf(raw, name), hashes, true
}

// RawTagged is RawMember for an item of a uniqueItems array that one
// tagged union checks: once u knows that two items may be equal (two
// tags picked one branch, or one picked none), the scan that reads an
// item hashes it too, as RawHashedMember; until then items are not
// hashed, since items whose tags pick different branches differ.
func (t *Text) RawTagged(u *UniqueTags, name string) ([]byte, Member, bool) {
	if !u.hashing {
		raw, tag, twice, ok := t.rawMember(name)
		u.twice = twice
		return raw, tag, ok
	}
	raw, tag, hashes, ok := t.RawHashedMember(u.hashes, u.n-u.first, name)
	u.hashes = hashes
	return raw, tag, ok
}

// kind reads the kind of the next value, as Decoding.Kind does: where it
// is not want it records "got X, want Y", skips the value and returns
// false.
func (t *Text) kind(want jx.Type, wantName string) bool {
	k := t.Next()
	if k == want {
		return true
	}
	if k == jx.Invalid {
		t.fail(t.pos, wantName)
		return false
	}
	if !t.c.counted() {
		t.c.Problemf("got %s, want %s", jxKindName(k), wantName)
	}
	t.Skip()
	return false
}

// WrongType records a value of a kind the schema does not allow, and
// passes it.
func (t *Text) WrongType(want string) {
	k := t.Next()
	if k == jx.Invalid {
		t.Skip()
		return
	}
	if !t.c.counted() {
		t.c.Problemf("got %s, want %s", jxKindName(k), want)
	}
	t.Skip()
}

// False records that the schema false allows no value, and passes it.
func (t *Text) False() {
	t.c.Problemf("false schema")
	t.Skip()
}

// Cycle records a value that a schema is applied to again while it is
// being applied to it, through a cycle of references ($ref, allOf, …)
// that reads no deeper: no value passes there, as the interpreter
// refuses such a cycle.
func (t *Text) Cycle() {
	t.c.Problemf("the schema applies itself to this value again through a cycle of references, which no value passes")
	t.Skip()
}

// Number reads a number's JSON text.
func (t *Text) Number() ([]byte, bool) {
	if !t.kind(jx.Number, "number") {
		return nil, false
	}
	return t.Raw()
}

// stringBytes reads a string's value: the text's own bytes where it has
// no escapes and is valid UTF-8 (invalid bytes each read as U+FFFD, as
// encoding/json reads them), else a copy.
func (t *Text) stringBytes() ([]byte, bool) {
	if !t.kind(jx.String, "string") {
		return nil, false
	}
	i := t.pos
	e := schema.StringEnd(t.buf, i)
	if e < 0 {
		t.fail(i, "a string")
		return nil, false
	}
	t.pos = e
	s := t.buf[i+1 : e-1]
	if bytes.IndexByte(s, '\\') >= 0 {
		var ok bool
		if s, ok = t.unescape(i, e); !ok {
			return nil, false
		}
	}
	if !utf8.Valid(s) {
		s = []byte(validUTF8(string(s)))
	}
	return s, true
}

// unescape decodes the string raw[i:e] into a copy.
func (t *Text) unescape(i, e int) ([]byte, bool) {
	s, err := t.c.unquote(nil, t.buf[i:e])
	if err != nil {
		t.fail(i, "a string")
		return nil, false
	}
	return s, true
}

// StrView reads a string for checks that keep nothing of it (a
// length, a pattern, a format other than regex): the text's own bytes
// where it has no escapes, so reading it allocates nothing.
func (t *Text) StrView() (string, bool) {
	b, ok := t.stringBytes()
	if !ok || len(b) == 0 {
		return "", ok
	}
	return unsafe.String(&b[0], len(b)), true
}

// Str reads a string as a copy the parse keeps (see Decoding.String).
func (t *Text) Str() (string, bool) {
	b, ok := t.stringBytes()
	if !ok {
		return "", false
	}
	return t.c.text(b), true
}

// Object starts reading an object: false (with the problem recorded)
// when the next value is not one. Read its members with the iterator's
// Next and Key while !c.Failed(), then call c.End(it.Err()).
func (t *Text) Object() (TextObject, bool) {
	if !t.kind(jx.Object, "object") {
		return TextObject{}, false
	}
	t.pos++
	return TextObject{entries: entries{t: t, first: true}}, true
}

// TextObject reads an object's members from a Text: see Text.Object.
type TextObject struct {
	entries
	key []byte
}

// entries is what an object's and an array's reading share: passing
// the separator before each entry and the closing bracket after the
// last.
type entries struct {
	t           *Text
	err         error
	first, done bool
}

// next moves past the separator before the next entry and returns
// where the entry starts; false at the closing bracket, or at a syntax
// error (want says what was expected there).
func (s *entries) next(closing byte, want string) (int, bool) {
	t := s.t
	if t == nil || s.done || s.err != nil {
		return 0, false
	}
	i := t.space()
	if i < len(t.buf) && t.buf[i] == closing {
		t.pos, s.done = i+1, true
		return 0, false
	}
	if !s.first {
		if i >= len(t.buf) || t.buf[i] != ',' {
			return 0, s.fail(i, want)
		}
		t.pos = i + 1
		i = t.space()
	}
	s.first = false
	return i, true
}

func (s *entries) fail(i int, want string) bool {
	s.err = &TextError{Offset: i, Want: want}
	s.t.pos = len(s.t.buf)
	return false
}

// Err is the syntax error the object or array ended with, if any.
func (s *entries) Err() error { return s.err }

// Next moves to the next member, leaving the cursor at its value; false
// at the end of the object or at a syntax error (see Err).
func (o *TextObject) Next() bool {
	i, ok := o.next('}', `"," or "}"`)
	if !ok {
		return false
	}
	t := o.t
	if i >= len(t.buf) || t.buf[i] != '"' {
		return o.fail(i, "a member's name")
	}
	e := schema.StringEnd(t.buf, i)
	if e < 0 {
		return o.fail(i, "a member's name")
	}
	o.key = t.buf[i+1 : e-1]
	if bytes.IndexByte(o.key, '\\') >= 0 {
		k, ok := t.unescape(i, e)
		if !ok {
			o.err = t.c.err
			return false
		}
		o.key = k
	}
	t.pos = e
	if i = t.space(); i >= len(t.buf) || t.buf[i] != ':' {
		return o.fail(i, `":"`)
	}
	t.pos = i + 1
	return true
}

// Key is the current member's name (unescaped), valid until Next.
func (o *TextObject) Key() []byte { return o.key }

// Array starts reading an array, as Object does an object.
func (t *Text) Array() (TextArray, bool) {
	if !t.kind(jx.Array, "array") {
		return TextArray{}, false
	}
	t.pos++
	return TextArray{entries{t: t, first: true}}, true
}

// TextArray reads an array's items from a Text: see Text.Array.
type TextArray struct {
	entries
}

// Next moves to the next item, leaving the cursor at it; false at the
// end of the array or at a syntax error (see Err).
func (a *TextArray) Next() bool {
	_, ok := a.next(']', `"," or "]"`)
	return ok
}

// cursor returns a cursor over raw: a spare one where there is one.
func (c *Decoding) cursor(raw []byte) *Text {
	var t *Text
	if n := len(c.spareTexts); n > 0 {
		t, c.spareTexts = c.spareTexts[n-1], c.spareTexts[:n-1]
	} else {
		t = new(Text)
	}
	t.c, t.buf, t.pos = c, raw, 0
	return t
}

// releaseText keeps t for the next cursor call, holding no input.
func (c *Decoding) releaseText(t *Text) {
	t.buf = nil
	c.spareTexts = append(c.spareTexts, t)
}

// Check checks the next value d reads with v, a validator: for a typed
// decoder's value that a validator checks beside (or instead of) its
// typed reading.
func (c *Decoding) Check(d *jx.Decoder, v Validator) {
	if raw, ok := c.RawView(d); ok {
		c.Apply(raw, v)
	}
}

// RawItems reads raw, an array's text as RawView returns it, into its
// items' texts, for a []json.RawMessage that validators check beside its
// reading: one scan of text jx has read already, where a decoder would
// read it again. The items share one copy the parse owns, each capped at
// its length. With null, null is no array (nil); a value of another kind
// is a problem worded as Array words it.
func (c *Decoding) RawItems(raw []byte, null bool) ([]json.RawMessage, bool) {
	t := c.cursor(raw)
	defer c.releaseText(t)
	switch k := t.Next(); {
	case k == jx.Null && null:
		return nil, true
	case k != jx.Array:
		want := "array"
		if null {
			want = "array or null"
		}
		t.WrongType(want)
		return nil, false
	}
	t.buf, t.pos = c.keep(raw[t.pos:]), 0
	it, _ := t.Array()
	items := make([]json.RawMessage, 0, 4)
	for it.Next() {
		r, ok := t.Raw()
		if !ok {
			return nil, false
		}
		items = append(items, r[:len(r):len(r)])
	}
	return items, c.syntax(it.Err())
}
