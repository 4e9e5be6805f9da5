package impl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/go-faster/jx"

	"github.com/structgen/structgen/internal/ecmaregex"
	"github.com/structgen/structgen/runtime/format"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// Decoding is the state of a generated validating decoder: it reads the
// JSON once with a jx.Decoder, decodes into the generated types and
// checks the schema as it goes, collecting every problem with its JSON
// pointer instead of stopping at the first. Generated code calls its
// methods; they are not meant for hand-written code.
type Decoding struct {
	path      []step
	problems  []problem.Problem
	err       error // a syntax error: reading stops
	duplicate bool  // a key was written twice
	// quiet: only the verdict counts (a branch of anyOf, oneOf, not or
	// if, or an item contains tests), so a problem is counted, not
	// worded, and reading stops at the first.
	quiet  bool
	marked int // problems counted while quiet
	// spare are decoders Apply has used, kept for the next (applicators
	// nest, so there may be several).
	spare []*jx.Decoder
	// spareTexts are the cursors Apply has used, kept likewise.
	spareTexts []*Text
	// ev collects the members and items that schemas evaluated, for a
	// schema with unevaluatedProperties or unevaluatedItems.
	ev *evaluation
	// applied is the text Apply hands the validator it runs.
	applied []byte
	// The scalars optional fields point to, handed out from chunks (see
	// NewString).
	strs   chunk[string]
	ints   chunk[int64]
	floats chunk[float64]
	bools  chunk[bool]
	texts  []byte // the raw JSON values a parse keeps (see keep)
	// unescaped is where String decodes a string with escapes.
	unescaped []byte
	// doc is the input of the parse and top its decoder (see Document).
	doc []byte
	top *jx.Decoder
	// orNull is the decoder whose next value IsNull found not to be
	// null, where null is allowed: a wrong kind there says "or null"
	// (see Kind). moves counts Push, PushIndex and Pop, and nullAt is
	// moves then, so that the mark holds for that value alone.
	orNull        *jx.Decoder
	moves, nullAt int
}

// chunk hands out pointers to zero values of T from slices of a few:
// a document's optional strings and numbers cost an allocation per
// chunk, not one each.
type chunk[T any] struct {
	free []T
	next int // the next chunk's length
}

func (ch *chunk[T]) take() *T {
	if len(ch.free) == 0 {
		ch.next = min(max(2*ch.next, 4), 64)
		ch.free = make([]T, ch.next)
	}
	p := &ch.free[0]
	ch.free = ch.free[1:]
	return p
}

// NewString, NewInt64, NewFloat64 and NewBool return a pointer to a new
// zero value, for an optional field's decoder, as new does. A parse's
// chunks are its own (ParseDecoded drops them when it ends), so a value
// the caller keeps holds nothing of another parse.
func (c *Decoding) NewString() *string { return c.strs.take() }

// NewInt64: see NewString.
func (c *Decoding) NewInt64() *int64 { return c.ints.take() }

// NewFloat64: see NewString.
func (c *Decoding) NewFloat64() *float64 { return c.floats.take() }

// NewBool: see NewString.
func (c *Decoding) NewBool() *bool { return c.bools.take() }

// StringPtr reads a string into a new *string (NewString): the read of
// an optional field with no checks of its own, in one call. On a
// problem the string is empty and the problem is recorded.
func (c *Decoding) StringPtr(d *jx.Decoder) *string {
	p := c.NewString()
	*p, _ = c.String(d)
	return p
}

// Int64Ptr: see StringPtr.
func (c *Decoding) Int64Ptr(d *jx.Decoder) *int64 {
	p := c.NewInt64()
	*p, _ = c.Int64(d)
	return p
}

// Float64Ptr: see StringPtr.
func (c *Decoding) Float64Ptr(d *jx.Decoder) *float64 {
	p := c.NewFloat64()
	*p, _, _ = c.Float64(d)
	return p
}

// BoolPtr: see StringPtr.
func (c *Decoding) BoolPtr(d *jx.Decoder) *bool {
	p := c.NewBool()
	*p, _ = c.Bool(d)
	return p
}

// Strings reads an array of strings that nothing checks but their kind,
// as a generated decoder reads one, in one call: nil where the value is
// no array (the problem recorded), else a slice that is not nil.
func (c *Decoding) Strings(d *jx.Decoder) []string {
	a, ok := c.Array(d)
	if !ok {
		return nil
	}
	out := []string{}
	for i := 0; !c.Failed() && a.Next(); i++ {
		c.PushIndex(i)
		s, _ := c.String(d)
		if i == 0 {
			// Room for four: appending from none would allocate for one,
			// two and four in turn.
			out = make([]string, 0, 4)
		}
		out = append(out, s)
		c.Pop()
	}
	c.End(a.Err())
	return out
}

// RawMap reads an object whose members nothing checks, each kept as its
// JSON text, in one call: nil where the value is no object (the problem
// recorded), else a map that is not nil. A key written twice is a
// problem.
func (c *Decoding) RawMap(d *jx.Decoder) map[string]json.RawMessage {
	m, ok := c.Object(d)
	if !ok {
		return nil
	}
	out := map[string]json.RawMessage{}
	for !c.Failed() && m.Next() {
		k := c.KeyText(m.Key())
		had := len(out)
		c.Push(k)
		raw, _ := c.Raw(d)
		out[k] = raw
		c.Pop()
		if len(out) == had {
			c.Duplicate([]byte(k))
		}
	}
	c.End(m.Err())
	return out
}

// step is one token of the current location: a member's name, or an
// item's index (spelled out only when a problem names it).
type step struct {
	name  string
	index int // -1 for a member
}

// Push enters the member named name; Pop leaves it.
func (c *Decoding) Push(name string) { c.path = append(c.path, step{name, -1}); c.moves++ }

// Field enters the declared property name, whose key is key, and marks
// it seen; a property seen before is a duplicate. It is what a generated
// decoder does for each member it reads, in one call.
func (c *Decoding) Field(seen *bool, key []byte, name string) {
	if *seen {
		c.Duplicate(key)
	}
	*seen = true
	c.Push(name)
}

// PushIndex enters item i of an array.
func (c *Decoding) PushIndex(i int) { c.path = append(c.path, step{index: i}); c.moves++ }

// Pop leaves what Push or PushIndex entered.
func (c *Decoding) Pop() { c.path = c.path[:len(c.path)-1]; c.moves++ }

// Problemf records a problem at the current location.
func (c *Decoding) Problemf(format string, args ...any) {
	if c.quiet {
		c.marked++
		return
	}
	c.problems = append(c.problems, problem.Problem{Pointer: c.pointer(), Message: fmt.Sprintf(format, args...)})
}

// pointer is the JSON pointer of the current location.
func (c *Decoding) pointer() string {
	tokens := make([]string, len(c.path))
	for i, s := range c.path {
		if s.index >= 0 {
			tokens[i] = strconv.Itoa(s.index)
		} else {
			tokens[i] = s.name
		}
	}
	return schema.Pointer(tokens)
}

// Failed reports whether reading stops: at a syntax error, or at the
// first problem of a check whose verdict alone counts.
func (c *Decoding) Failed() bool { return c.err != nil || c.marked > 0 }

// Found is the number of problems found so far (worded or counted): a
// decoder compares it before and after reading an object to know whether
// the object's fields hold what the input says.
func (c *Decoding) Found() int { return len(c.problems) + c.marked }

// orNullOf is want, the kinds a value of a wrong kind was read as, with
// "or null" where IsNull has just found this value not to be null.
func (c *Decoding) orNullOf(d *jx.Decoder, want string) string {
	if c.orNull != d || c.nullAt != c.moves {
		return want
	}
	c.orNull = nil
	if strings.HasSuffix(want, "null") {
		return want
	}
	return want + " or null"
}

// Document returns the text of the document ParseDecoded reads, once the
// decoder it calls has read it: the keywords beside a type's typed checks
// are checked on that text, which at the top needs no reading of its own
// to find where the value ends (see RawView): once nothing but
// whitespace follows the value, the document is the value. ok is false
// where reading failed or data follows the value (then the parse fails
// for it).
func (c *Decoding) Document() (raw []byte, ok bool) {
	switch {
	case c.Failed():
		return nil, false
	case c.top == nil:
		c.err = errors.New("structgen: Document is called outside ParseDecoded")
		return nil, false
	case !atEnd(c.top):
		c.err = errors.New("data after the document")
		return nil, false
	}
	start, end := skipSpace(c.doc, 0), len(c.doc)
	for end > start && isSpace(c.doc[end-1]) {
		end--
	}
	return c.doc[start:end], true
}

// add records problems found elsewhere (by the schema interpreter).
func (c *Decoding) add(ps ...problem.Problem) {
	if c.quiet {
		c.marked += len(ps)
		return
	}
	c.problems = append(c.problems, ps...)
}

// counted counts a problem when c is quiet, and reports whether it did:
// callers then skip wording it (and the allocations of Problemf's
// arguments, which a failing branch would pay for nothing).
func (c *Decoding) counted() bool {
	if c.quiet {
		c.marked++
	}
	return c.quiet
}

// count is the number of problems recorded or counted so far.
func (c *Decoding) count() int { return len(c.problems) + c.marked }

// syntax records a syntax error; reading stops.
func (c *Decoding) syntax(err error) bool {
	if err != nil && c.err == nil {
		c.err = err
	}
	return err == nil
}

// scalar reads the next value's text, where it is of kind want, as
// Kind and then a read of that kind would (a number where want is
// "integer"), with one look at the text: jx's Raw finds where it ends,
// its first byte tells its kind.
func (c *Decoding) scalar(d *jx.Decoder, want jx.Type, wantName string) ([]byte, bool) {
	raw, err := d.Raw()
	if err != nil {
		// jx words it as a skip ("skip: str: unexpected EOF"): the
		// innermost error is what reading the value says.
		for u := errors.Unwrap(err); u != nil; u = errors.Unwrap(err) {
			err = u
		}
		c.syntax(err)
		return nil, false
	}
	raw = raw[skipSpace(raw, 0):]
	if t := kindOfByte(raw[0]); t != want {
		if !c.counted() {
			c.Problemf("got %s, want %s", jxKindName(t), c.orNullOf(d, wantName))
		}
		return nil, false
	}
	return raw, true
}

// kindOfByte is the kind of the value whose text starts with b (valid
// JSON, as jx has read it).
func kindOfByte(b byte) jx.Type {
	switch b {
	case '"':
		return jx.String
	case '{':
		return jx.Object
	case '[':
		return jx.Array
	case 't', 'f':
		return jx.Bool
	case 'n':
		return jx.Null
	}
	return jx.Number
}

// kindName is the JSON Schema name of a jx type, as problems say it.
func jxKindName(t jx.Type) string {
	switch t {
	case jx.String:
		return "string"
	case jx.Number:
		return "number"
	case jx.Null:
		return "null"
	case jx.Bool:
		return "boolean"
	case jx.Array:
		return "array"
	case jx.Object:
		return "object"
	}
	return "invalid"
}

// Kind reads the kind of the next value. When it is not want (and not
// null where null is allowed) it records "got X, want Y", skips the value
// and returns false.
func (c *Decoding) Kind(d *jx.Decoder, want jx.Type, wantName string) bool {
	t := d.Next()
	if t == want {
		return true
	}
	if t == jx.Invalid {
		c.syntax(d.Skip())
		return false
	}
	if t == jx.Number && wantName == "integer" {
		return true
	}
	if !c.counted() {
		c.Problemf("got %s, want %s", jxKindName(t), c.orNullOf(d, wantName))
	}
	c.syntax(d.Skip())
	return false
}

// IsNull reads a null if one comes next. It is asked where null is
// allowed, so a value of a wrong kind that follows is worded "want X or
// null".
func (c *Decoding) IsNull(d *jx.Decoder) bool {
	if d.Next() != jx.Null {
		c.orNull, c.nullAt = d, c.moves
		return false
	}
	c.syntax(d.Null())
	return true
}

// String reads a string, as encoding/json would (invalid UTF-8 bytes
// each read as U+FFFD).
func (c *Decoding) String(d *jx.Decoder) (string, bool) {
	// The string's text, not jx's reading of it: a string with escapes
	// jx decodes into a buffer it grows from nothing, one allocation or
	// more per string. The text without escapes is the string; the one
	// with them is decoded into the parse's own buffer. Either is then
	// copied into a chunk. The text's first byte tells its kind, as Kind
	// would have, without a look ahead of its own.
	raw, ok := c.scalar(d, jx.String, "string")
	if !ok {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return c.text(body), true
	}
	b, err := c.unquote(c.unescaped[:0], raw)
	if !c.syntax(err) {
		return "", false
	}
	c.unescaped = b[:0]
	return c.text(b), true
}

// unquote appends to dst the string whose JSON text, quotes and all, is
// raw, decoded as encoding/json decodes it (unescape); where unescape
// cannot tell, jx reads it and words what is wrong.
func (c *Decoding) unquote(dst, raw []byte) ([]byte, error) {
	if b, ok := unescape(dst, raw[1:len(raw)-1]); ok {
		return b, nil
	}
	d := c.decoder(raw)
	defer c.release(d)
	return d.StrAppend(dst)
}

// unescape appends to dst the string whose text between the quotes is s
// (jx has read it, so its escapes are well formed), decoded as
// encoding/json decodes it: a \u escape of half a surrogate pair that no
// other half follows reads as U+FFFD. Bytes that are not escapes are
// copied as they are (text replaces invalid UTF-8). ok is false where s
// is not as jx would have let it be.
func unescape(dst, s []byte) (_ []byte, ok bool) {
	for i := 0; i < len(s); {
		j := bytes.IndexByte(s[i:], '\\')
		if j < 0 {
			return append(dst, s[i:]...), true
		}
		dst = append(dst, s[i:i+j]...)
		i += j
		if i+1 >= len(s) {
			return dst, false
		}
		switch e := s[i+1]; e {
		case '"', '\\', '/':
			dst = append(dst, e)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := hex4(s[i+2:])
			if !ok {
				return dst, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if r2, ok := hex4(s[i+2:]); ok {
						if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
							dst = utf8.AppendRune(dst, pair)
							i += 6
							continue
						}
					}
				}
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return dst, false
		}
		i += 2
	}
	return dst, true
}

// hex4 reads the four hex digits a \u escape starts with.
func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// KeyText is a member's key as encoding/json reads it (each invalid
// UTF-8 byte read as U+FFFD), held as String holds a string: for a key
// that a decoded map or a set of keys keeps.
func (c *Decoding) KeyText(key []byte) string { return c.text(key) }

// text returns b, text the decoder read, as a string the parse keeps:
// short ones are copied into the chunks a parse owns (see keep), so a
// document's strings cost an allocation per chunk, not one each. Those
// bytes are never written again: keep hands out each value capped at its
// own length.
func (c *Decoding) text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > 1024 || !utf8.Valid(b) {
		return validUTF8(string(b))
	}
	start := c.room(b)
	c.texts = append(c.texts, b...)
	return unsafe.String(&c.texts[start], len(b))
}

// StringBytes reads a string as String does, without copying it where
// its text has no escapes: the bytes are the decoder's, valid until its
// next read. An enum's decoder compares them with its values, so a
// value read costs no allocation.
func (c *Decoding) StringBytes(d *jx.Decoder) ([]byte, bool) {
	if !c.Kind(d, jx.String, "string") {
		return nil, false
	}
	b, err := d.StrBytes()
	if !c.syntax(err) {
		return nil, false
	}
	if !utf8.Valid(b) {
		return []byte(validUTF8(string(b))), true
	}
	return b, true
}

// StringView reads a string as String does, for checks that keep
// nothing of it (a length, a pattern, a format other than regex, which
// compiles it): it is the decoder's bytes where the text has no escapes,
// valid until the decoder's next read, so reading it allocates nothing.
// Generated validators read the strings they only check so.
func (c *Decoding) StringView(d *jx.Decoder) (string, bool) {
	b, ok := c.StringBytes(d)
	if !ok || len(b) == 0 {
		return "", ok
	}
	return unsafe.String(&b[0], len(b)), true
}

// Bool reads a boolean.
func (c *Decoding) Bool(d *jx.Decoder) (bool, bool) {
	if !c.Kind(d, jx.Bool, "boolean") {
		return false, false
	}
	b, err := d.Bool()
	return b, c.syntax(err)
}

// Int64 reads an integer: JSON Schema counts 1.0 and 1e2 as integers; a
// fraction is a problem, and so is an integer beyond int64, never a
// rounding.
func (c *Decoding) Int64(d *jx.Decoder) (int64, bool) {
	text, ok := c.scalar(d, jx.Number, "integer")
	if !ok {
		return 0, false
	}
	if v, ok := int64Of(text); ok {
		return v, true
	}
	if _, ok := schema.IntegerText(text); ok || isIntegerDigits(text) {
		c.Problemf("%s is beyond the range of a 64-bit integer", text)
		return 0, false
	}
	c.Problemf("got number, want %s", c.orNullOf(d, "integer"))
	return 0, false
}

// EnumInt64 is Int64 for a value that only an enum of integers makes
// one (no type keyword does): a number no int64 holds (1.5, 1e400) is
// outside the enum and worded so, as NotOneOf words values (NotValue
// for one value).
func (c *Decoding) EnumInt64(d *jx.Decoder, values string, one bool) (int64, bool) {
	if !c.Kind(d, jx.Number, "integer") {
		return 0, false
	}
	n, err := d.Num()
	if !c.syntax(err) {
		return 0, false
	}
	if v, ok := int64Of(n); ok {
		return v, true
	}
	if one {
		c.NotValue(values)
	} else {
		c.NotOneOf(values)
	}
	return 0, false
}

// int64Of returns the integer a number's text writes (1, 1.0, 1e2) where
// an int64 holds it.
func int64Of(text []byte) (int64, bool) {
	if v, ok := smallInt(text); ok {
		return v, true // most integers: no parser's generality needed
	}
	if v, err := strconv.ParseInt(string(text), 10, 64); err == nil {
		return v, true
	}
	if digits, ok := schema.IntegerText(text); ok {
		if v, err := strconv.ParseInt(string(digits), 10, 64); err == nil {
			return v, true
		}
	}
	return 0, false
}

// exactFloat reads a number's text (valid JSON) where that is exact in
// float64 arithmetic: at most 15 digits, no exponent. The digits as an
// integer (below 2^53) and the power of ten that divides them (at most
// 10^15) are exact floats, and their quotient is rounded once, correctly:
// the float64 nearest the text, as strconv.ParseFloat reads it, without
// its generality. ok is false otherwise, and ParseFloat decides.
func exactFloat(text []byte) (float64, bool) {
	i, neg := 0, len(text) > 0 && text[0] == '-'
	if neg {
		i = 1
	}
	var mant uint64
	digits, frac, dot := 0, 0, false
	for ; i < len(text); i++ {
		switch b := text[i]; {
		case b >= '0' && b <= '9':
			if digits++; digits > 15 {
				return 0, false
			}
			mant = mant*10 + uint64(b-'0')
			if dot {
				frac++
			}
		case b == '.' && !dot:
			dot = true
		default:
			return 0, false // an exponent
		}
	}
	if digits == 0 {
		return 0, false
	}
	f := float64(mant) / exactPow10[frac]
	if neg {
		f = -f
	}
	return f, true
}

var exactPow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

func isIntegerDigits(b []byte) bool {
	if len(b) > 0 && b[0] == '-' {
		b = b[1:]
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// Float64 reads a number; its text is kept for exact bounds.
func (c *Decoding) Float64(d *jx.Decoder) (float64, []byte, bool) {
	n, ok := c.scalar(d, jx.Number, "number")
	if !ok {
		return 0, nil, false
	}
	if f, ok := exactFloat(n); ok {
		return f, n, true
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		c.Problemf("%s is beyond the range of a 64-bit float", []byte(n))
		return 0, nil, false
	}
	return f, []byte(n), true
}

// Raw reads any value as its JSON text.
func (c *Decoding) Raw(d *jx.Decoder) (json.RawMessage, bool) {
	r, err := d.Raw()
	if !c.syntax(err) {
		return nil, false
	}
	// jx keeps the white space before the value; encoding/json does not.
	return c.keep(bytes.TrimSpace(r)), true
}

// keep returns a copy of b, a value's JSON text a decoded value holds:
// small ones share chunks the parse owns (as NewString's scalars do),
// each capped at its own length, so that appending to one never writes
// over the next.
func (c *Decoding) keep(b []byte) json.RawMessage {
	if len(b) > 1024 {
		return append(json.RawMessage(nil), b...)
	}
	start := c.room(b)
	c.texts = append(c.texts, b...)
	return json.RawMessage(c.texts[start:len(c.texts):len(c.texts)])
}

// room makes room for the n bytes of b (at most 1024) in the parse's
// current chunk, starting a new one where it has less, and returns where
// they go. Chunks start small, for the few short strings of a tool call,
// and double up to 8 KB; but where b lies in the document, no chunk is
// larger than b and the rest of the document, since what the parse
// copies after b is no longer than the text it comes from (a string's
// escapes only shorten it): the last chunk of a document then holds
// little room that stays unused.
func (c *Decoding) room(b []byte) int {
	n := len(b)
	if cap(c.texts)-len(c.texts) < n {
		size := max(min(max(2*cap(c.texts), 64), 8192), n)
		if rest, ok := c.after(b); ok {
			size = min(size, n+rest)
		}
		c.texts = make([]byte, 0, size)
	}
	return len(c.texts)
}

// after reports how many bytes of the document follow b, where b is a
// part of it.
func (c *Decoding) after(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > len(c.doc) {
		return 0, false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(c.doc)))
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if at < start || at-start > uintptr(len(c.doc)-len(b)) {
		return 0, false
	}
	return len(c.doc) - int(at-start) - len(b), true
}

// Skip passes over a value.
func (c *Decoding) Skip(d *jx.Decoder) { c.syntax(d.Skip()) }

// Object starts reading an object: false (with the problem recorded)
// when the next value is not one. Read its members with the iterator's
// Next and Key while !c.Failed(), then call c.End(it.Err()).
func (c *Decoding) Object(d *jx.Decoder) (jx.ObjIter, bool) {
	if !c.Kind(d, jx.Object, "object") {
		return jx.ObjIter{}, false
	}
	it, err := d.ObjIter()
	return it, c.syntax(err)
}

// Array starts reading an array, as Object does an object.
func (c *Decoding) Array(d *jx.Decoder) (jx.ArrIter, bool) {
	if !c.Kind(d, jx.Array, "array") {
		return jx.ArrIter{}, false
	}
	it, err := d.ArrIter()
	return it, c.syntax(err)
}

// End records the error an iterator ended with, if any.
func (c *Decoding) End(err error) { c.syntax(err) }

// Length checks a string's length in code points.
func (c *Decoding) Length(s string, min, max int) {
	// A code point takes one to four bytes: the byte length often
	// decides without counting.
	if (min <= 0 || (len(s)+3)/4 >= min) && (max < 0 || len(s) <= max) {
		return
	}
	n := utf8.RuneCountInString(s)
	if min > 0 && n < min {
		c.Problemf("minLength: got %d, want %d", n, min)
	}
	if max >= 0 && n > max {
		c.Problemf("maxLength: got %d, want %d", n, max)
	}
}

// patterns holds the compiled patterns generated code has used.
var patterns textCache[any] // pattern → jsonschema.Regexp or error

// Pattern checks s against an ECMA-262 pattern, compiled once.
func (c *Decoding) Pattern(s, pattern string) {
	ok, err := matchPattern(s, pattern)
	switch {
	case err != nil:
		c.Problemf("pattern %q does not compile: %v", pattern, err)
	case !ok:
		c.Problemf("'%s' does not match pattern '%s'", s, pattern)
	}
}

// matchPattern reports whether s matches an ECMA-262 pattern, compiled
// on first use and kept.
func matchPattern(s, pattern string) (bool, error) {
	v, ok := patterns.load(pattern)
	if !ok {
		re, err := ecmaregex.Compile(pattern)
		if err != nil {
			v = err
		} else {
			v = re
		}
		v = patterns.store(pattern, v)
	}
	switch re := v.(type) {
	case error:
		return false, re
	case interface{ MatchString(string) bool }:
		return re.MatchString(s), nil
	}
	return false, fmt.Errorf("pattern %q: no matcher", pattern)
}

// Format checks s against an asserted format.
func (c *Decoding) Format(s, name string) {
	if err := format.Check(name, s); err != nil {
		c.Problemf("'%s' is not valid %s: %v", s, name, err)
	}
}

// IntMin, IntMax, IntExclusiveMin and IntExclusiveMax check an integer
// against one bound each.
func (c *Decoding) IntMin(v, min int64) {
	if v < min {
		c.Problemf("minimum: got %d, want %d", v, min)
	}
}

// IntMax: see IntMin.
func (c *Decoding) IntMax(v, max int64) {
	if v > max {
		c.Problemf("maximum: got %d, want %d", v, max)
	}
}

// IntExclusiveMin: see IntMin.
func (c *Decoding) IntExclusiveMin(v, min int64) {
	if v <= min {
		c.Problemf("exclusiveMinimum: got %d, want %d", v, min)
	}
}

// IntExclusiveMax: see IntMin.
func (c *Decoding) IntExclusiveMax(v, max int64) {
	if v >= max {
		c.Problemf("exclusiveMaximum: got %d, want %d", v, max)
	}
}

// MultipleOf checks that an integer is a multiple of m.
func (c *Decoding) MultipleOf(v, m int64) {
	if v%m != 0 {
		c.Problemf("multipleOf: got %d, want multiple of %d", v, m)
	}
}

// bounds caches the exact values of the bounds generated code passes as
// text.
// bound is a number the generated code names (a bound, a multipleOf):
// exact, and as the nearest float64, which orders it against most values
// without the exact one.
type bound struct {
	r *big.Rat
	f float64
}

var bounds textCache[*bound] // text → bound

func boundOf(s string) *bound {
	if b, ok := bounds.load(s); ok {
		return b
	}
	b := &bound{r: new(big.Rat)}
	if _, ok := b.r.SetString(s); !ok {
		b.r = nil
	}
	if b.r != nil {
		b.f, _ = b.r.Float64()
	}
	return bounds.store(s, b)
}

func rat(s string) *big.Rat { return boundOf(s).r }

// NumberBounds checks a number (its JSON text) against the bounds that are
// set ("" when not), exactly: never through float64 rounding.
func (c *Decoding) NumberBounds(text []byte, min, max, exclMin, exclMax string) {
	c.numberBounds(text, 0, false, min, max, exclMin, exclMax)
}

// FloatBounds checks a number as NumberBounds does, given f, its text
// read as float64 (as Float64 returns both), so that the text is not
// parsed again: f decides wherever it differs from the bound's float.
func (c *Decoding) FloatBounds(f float64, text []byte, min, max, exclMin, exclMax string) {
	c.numberBounds(text, f, true, min, max, exclMin, exclMax)
}

func (c *Decoding) numberBounds(text []byte, f float64, parsed bool, min, max, exclMin, exclMax string) {
	n, small := smallInt(text)
	cmp := func(bound string) int {
		// Small integers compare exactly as int64 (the common case: a
		// count against integer bounds), without the bound's lookup.
		if small {
			if b, ok := smallInt(bound); ok {
				return cmpInt(n, b)
			}
		}
		// Rounding to float64 keeps order, so unequal floats decide; only
		// equal ones need the exact values.
		if !parsed {
			f, _ = strconv.ParseFloat(string(text), 64)
			parsed = true
		}
		b := ratFloat(bound)
		switch {
		case f < b:
			return -1
		case f > b:
			return 1
		}
		v, ok := new(big.Rat).SetString(string(text))
		if !ok {
			return 0
		}
		return v.Cmp(rat(bound))
	}
	switch {
	case min != "" && cmp(min) < 0:
		c.Problemf("minimum: got %s, want %s", text, min)
	case exclMin != "" && cmp(exclMin) <= 0:
		c.Problemf("exclusiveMinimum: got %s, want %s", text, exclMin)
	}
	switch {
	case max != "" && cmp(max) > 0:
		c.Problemf("maximum: got %s, want %s", text, max)
	case exclMax != "" && cmp(exclMax) >= 0:
		c.Problemf("exclusiveMaximum: got %s, want %s", text, exclMax)
	}
}

// smallInt reads an integer of at most 18 digits written without
// fraction or exponent (as JSON writes it): exact in an int64.
func smallInt[S []byte | string](text S) (int64, bool) {
	neg := len(text) > 0 && text[0] == '-'
	digits := text
	if neg {
		digits = text[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		b := digits[i]
		if b < '0' || b > '9' {
			return 0, false
		}
		n = n*10 + int64(b-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ratFloat is a bound as the nearest float64.
func ratFloat(bound string) float64 { return boundOf(bound).f }

// Items checks an array's length.
func (c *Decoding) Items(n, min, max int) {
	if min > 0 && n < min {
		c.Problemf("minItems: got %d, want %d", n, min)
	}
	if max >= 0 && n > max {
		c.Problemf("maxItems: got %d, want %d", n, max)
	}
}

// MayHave reports whether an array with a maxItems of max may go on to
// its item i: false, the problem counted, where only the verdict counts
// (a branch read quietly) and i is past max, so the items after it are
// not read. Otherwise Items words the problem with the full count.
func (c *Decoding) MayHave(i, max int) bool {
	if i < max || !c.quiet {
		return true
	}
	c.marked++
	return false
}

// Unique checks that no two items are equal.
func Unique[T comparable](c *Decoding, items []T) {
	if len(items) <= 16 {
		// Few items: comparing each pair costs less than a map.
		for i := range items {
			for j := range i {
				if items[i] == items[j] {
					c.Problemf("items at %d and %d are equal", j, i)
					return
				}
			}
		}
		return
	}
	seen := make(map[T]int, len(items))
	for i, it := range items {
		if j, dup := seen[it]; dup {
			c.Problemf("items at %d and %d are equal", j, i)
			return
		}
		seen[it] = i
	}
}

// Properties checks an object's number of members.
func (c *Decoding) Properties(n, min, max int) {
	if min > 0 && n < min {
		c.Problemf("minProperties: got %d, want %d", n, min)
	}
	if max >= 0 && n > max {
		c.Problemf("maxProperties: got %d, want %d", n, max)
	}
}

// Missing records required properties that an object lacks.
func (c *Decoding) Missing(names ...string) {
	if c.quiet {
		c.marked += min(len(names), 1)
		return
	}
	if len(names) == 1 {
		c.Problemf("missing property '%s'", names[0])
	} else if len(names) > 1 {
		c.Problemf("missing properties %s", quoteList(names))
	}
}

// Unseen returns missing with name appended where seen is false: a
// generated decoder's check of a required property, in one line.
func Unseen(missing []string, seen bool, name string) []string {
	if !seen {
		return append(missing, name)
	}
	return missing
}

// Extra records a property that a closed object does not allow.
func (c *Decoding) Extra(key []byte) {
	if c.counted() {
		return
	}
	c.Problemf("additional properties '%s' not allowed", key)
}

// Duplicate records a key an object writes twice: which value was meant
// is unknown, and keeping the last would drop the first silently.
func (c *Decoding) Duplicate(key []byte) {
	c.Problemf("property '%s' is written twice", key)
	c.duplicate = true
}

// atEnd reports whether d has nothing left but white space. jx returns
// io.EOF itself only there: a value cut short (`{"a":`) is an error that
// wraps io.EOF, which errors.Is would take for the end.
func atEnd(d *jx.Decoder) bool {
	return d.Skip() == io.EOF //nolint:errorlint // the bare sentinel, see above
}

// NotOneOf records a value outside an enum of the values listed.
func (c *Decoding) NotOneOf(values string) {
	c.Problemf("value must be one of %s", values)
}

// NotValue records a value other than the one an enum of one value (or
// a const) allows.
func (c *Decoding) NotValue(value string) {
	c.Problemf("value must be %s", value)
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	return strings.Join(q, ", ")
}

// decodings are reused: a parse allocates no state of its own.
var decodings = sync.Pool{New: func() any { return &Decoding{path: make([]step, 0, 16)} }}

// CheckDecoders makes ParseDecoded also run the schema interpreter (Parse)
// and fail with ErrDecoderDisagrees where the two differ in verdict or in
// the value decoded. Tests set it; it costs what the interpreter costs.
var CheckDecoders bool

// ErrDecoderDisagrees: with CheckDecoders, a generated decoder and the
// schema interpreter read one document differently.
var ErrDecoderDisagrees = errors.New("the generated decoder and the schema interpreter disagree")

// Interpret reads the next value for a generated decoder whose schema
// has keywords the decoders do not compile: the schema interpreter checks
// it against schemas (its problems placed under the current location),
// then encoding/json decodes it into dst.
func Interpret[T any](c *Decoding, d *jx.Decoder, dst *T, schemas ...*schema.Schema) {
	if raw, ok := c.Raw(d); ok {
		interpretText(c, raw, dst, schemas...)
	}
}

// interpretText is Interpret for a value's text.
func interpretText[T any](c *Decoding, raw []byte, dst *T, schemas ...*schema.Schema) {
	doc, err := schema.DecodeValue(raw)
	if err != nil {
		c.Problemf("%v", err)
		return
	}
	before := c.count()
	here := c.pointer()
	for _, s := range schemas {
		ps, err := s.Validate(doc)
		if err != nil {
			c.Problemf("%v", err)
			continue
		}
		for _, p := range ps {
			p.Pointer = here + p.Pointer
			c.add(p)
		}
	}
	if c.count() > before {
		return
	}
	decodeInto(c, raw, dst)
}

// decodeInto decodes raw, the current value's text, into dst with
// encoding/json, recording a problem where the Go type refuses it at the
// pointer of the value it refuses (which a quiet c does not look for).
func decodeInto[T any](c *Decoding, raw []byte, dst *T) {
	if c.quiet {
		if json.Unmarshal(schema.NormalizeIntegers(raw), dst) != nil {
			c.marked++
		}
		return
	}
	if p := schema.Unmarshal(raw, dst); p != nil {
		p.Pointer = c.pointer() + p.Pointer
		c.add(*p)
	}
}

// ParseDecoded reads data with a generated validating decoder: one pass,
// no schema interpreter. Problems come back as a *ValidationError, as
// Parse's do. The schemas are the ones Parse would validate against;
// only CheckDecoders uses them.
//
// decode returns the value rather than filling a *T: a pointer passed
// through a function value escapes, and the value would be allocated on
// the heap for every call.
func ParseDecoded[T any](typeName string, data []byte, decode func(d *jx.Decoder, c *Decoding) T, schemas ...*schema.Schema) (T, error) {
	v, err := parseDecoded(typeName, data, decode)
	if CheckDecoders && len(schemas) > 0 {
		w, werr := schema.Parse[T](typeName, data, schemas...)
		switch {
		case errors.Is(err, problem.ErrDuplicateKey):
			// Duplicate keys: the decoder refuses them, the interpreter
			// keeps the last value (a difference on purpose).
		case (err == nil) != (werr == nil):
			return v, fmt.Errorf("%w: decoder error %v, interpreter error %v", ErrDecoderDisagrees, err, werr)
		case err == nil && !reflect.DeepEqual(v, w) && !sameJSON(v, w):
			return v, fmt.Errorf("%w: decoder read %+v, interpreter %+v", ErrDecoderDisagrees, v, w)
		}
	}
	return v, err
}

// sameJSON reports whether v and w encode to the same JSON, numbers
// compared by value: the decoder keeps a json.RawMessage's 1.0 as
// written, where the interpreter's second decoding reads 1.
func sameJSON(v, w any) bool {
	a, aerr := json.Marshal(v)
	b, berr := json.Marshal(w)
	return aerr == nil && berr == nil && bytes.Equal(schema.NormalizeIntegers(a), schema.NormalizeIntegers(b))
}

func parseDecoded[T any](typeName string, data []byte, decode func(d *jx.Decoder, c *Decoding) T) (T, error) {
	fail := func(sentinel error, ps ...problem.Problem) (T, error) {
		var zero T
		return zero, &problem.ValidationError{TypeName: typeName, Raw: data, Problems: ps, Err: sentinel}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail(problem.ErrEmptyReply, problem.Problem{Message: "empty input: want one JSON document"})
	}
	c := decodings.Get().(*Decoding)
	defer func() {
		c.path, c.problems, c.err, c.duplicate = c.path[:0], nil, nil, false
		c.quiet, c.marked, c.ev = false, 0, nil
		c.strs, c.ints, c.floats, c.bools, c.texts = chunk[string]{}, chunk[int64]{}, chunk[float64]{}, chunk[bool]{}, nil
		c.doc, c.top, c.orNull = nil, nil, nil
		if cap(c.unescaped) > 64<<10 {
			c.unescaped = nil // a long string's buffer is not kept for every parse
		}
		decodings.Put(c)
	}()
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(data)
	c.doc, c.top = data, d
	v := decode(d, c)
	if c.err == nil {
		if !atEnd(d) {
			c.err = errors.New("data after the document")
		}
	}
	if c.err != nil {
		// The standard decoder words syntax errors with a line and column.
		if _, err := schema.DecodeValue(data); err != nil {
			return fail(problem.ErrInvalidJSON, problem.Problem{Message: err.Error()})
		}
		return fail(problem.ErrInvalidJSON, problem.Problem{Message: c.err.Error()})
	}
	if len(c.problems) > 0 {
		// By location, as the interpreter lists them; in document order
		// within one.
		sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Pointer < c.problems[j].Pointer })
		var sentinel error
		if c.duplicate {
			sentinel = problem.ErrDuplicateKey
		}
		return fail(sentinel, c.problems...)
	}
	return v, nil
}
