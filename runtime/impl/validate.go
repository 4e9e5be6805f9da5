package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// Generated validators: functions that check one JSON value against one
// schema, every keyword compiled, without decoding it into a Go type.
// The typed decoders call them where a schema combines others (allOf,
// anyOf, oneOf, not, if/then/else, patternProperties, …). The methods
// below are what they share; like the rest of Decoding, they are meant
// for generated code.

// Validator is a generated validator: it checks the value t reads next,
// recording problems in c.
type Validator = func(c *Decoding, t *Text)

// Reader is a typed decoder of a union's variant, which Variant runs on
// a value's text to learn whether it holds the value.
type Reader = func(c *Decoding, d *jx.Decoder)

// Validated reads the next value, checks it with the validators (each a
// schema the value must pass) and, when it passes, decodes it into dst:
// with shape where there is one (the typed decoders of the Go type's
// parts, which check nothing the validators have not), else as
// encoding/json would (without it, for the commonest types).
func Validated[T any](c *Decoding, d *jx.Decoder, dst *T, shape func(*T, *jx.Decoder, *Decoding), vs ...Validator) {
	raw, ok := c.RawView(d)
	if !ok {
		return
	}
	before := c.count()
	for _, v := range vs {
		c.Apply(raw, v)
	}
	decodeChecked(c, raw, before, dst, shape)
}

// TextValidator is a generated validator's text form: it checks raw, a
// value's JSON text, recording problems in c. A validator that reads the
// value more than once (its applicators) has one, so that a caller that
// holds the text does not have it read once more to find where it ends.
type TextValidator = func(c *Decoding, raw []byte)

// ValidatedText is Validated for validators' text forms.
func ValidatedText[T any](c *Decoding, d *jx.Decoder, dst *T, shape func(*T, *jx.Decoder, *Decoding), vs ...TextValidator) {
	raw, ok := c.RawView(d)
	if !ok {
		return
	}
	before := c.count()
	for _, v := range vs {
		v(c, raw)
	}
	decodeChecked(c, raw, before, dst, shape)
}

// decodeChecked decodes raw into dst for Validated where the validators
// found no problem since before.
func decodeChecked[T any](c *Decoding, raw []byte, before int, dst *T, shape func(*T, *jx.Decoder, *Decoding)) {
	if c.count() > before || c.Failed() {
		return
	}
	if shape != nil && decodeShaped(c, raw, dst, shape) || decodeShape(raw, dst) {
		return
	}
	decodeInto(c, raw, dst)
}

// decodeShaped decodes raw into dst with shape, quietly: false, with dst
// unchanged, when shape finds the value is not of its Go type's shape
// (null for a struct, say, which encoding/json passes over).
func decodeShaped[T any](c *Decoding, raw []byte, dst *T, shape func(*T, *jx.Decoder, *Decoding)) bool {
	quiet, marked, depth := c.quiet, c.marked, len(c.path)
	c.quiet, c.marked = true, 0
	d := c.decoder(raw)
	var v T
	shape(&v, d, c)
	c.release(d)
	ok := c.marked == 0 && c.err == nil
	c.quiet, c.marked, c.path = quiet, marked, c.path[:depth]
	if ok {
		*dst = v
	}
	return ok
}

// ParseValidated reads data with the generated validators of its type's
// schemas, then decodes it with shape (see Validated) or as encoding/json
// would: for a type whose shape the typed decoders do not read, still no
// schema interpreter. Problems come back as a *ValidationError, as
// Parse's do.
func ParseValidated[T any](typeName string, data []byte, shape func(*T, *jx.Decoder, *Decoding), vs []Validator, schemas ...*schema.Schema) (T, error) {
	return ParseDecoded(typeName, data, func(d *jx.Decoder, c *Decoding) (v T) {
		Validated(c, d, &v, shape, vs...)
		return v
	}, schemas...)
}

// InterpretValue has the schema interpreter check the next value against
// s, its problems placed under the current location: for the one schema
// a generated validator could not compile.
func InterpretValue(c *Decoding, t *Text, s *schema.Schema) {
	if raw, ok := t.Raw(); ok {
		var v json.RawMessage
		interpretText(c, raw, &v, s)
	}
}

// RawView reads any value as its JSON text without copying it: the text
// is the input's own, for validators to read again while the input is
// read, never to keep.
func (c *Decoding) RawView(d *jx.Decoder) ([]byte, bool) {
	r, err := d.Raw()
	return r, c.syntax(err)
}

// Apply checks raw, a value's JSON text, with v at the current location.
func (c *Decoding) Apply(raw []byte, v Validator) {
	t := c.cursor(raw)
	outer := c.applied
	c.applied = raw
	v(c, t)
	c.applied = outer
	c.releaseText(t)
}

// AppliedMember returns the member name of the value Apply hands the
// validator it runs (not found where that is no object), found in its
// text (see member) without reading the object's other members. It is
// for a validator of one property that an if/then/else applies to an
// object whose every key another validator reads and checks.
func (c *Decoding) AppliedMember(name string) ([]byte, bool) {
	val, found, ok := c.member(c.applied, name)
	return val, found && ok
}

// AppliedMembers returns a cursor over the members of the value Apply
// hands the validator it runs (none where that is no object), found in
// its text by scanning bytes, as member does. It is for a validator of
// properties only that an if/then/else applies to an object whose every
// key another validator reads and checks: that one reports a key written
// twice and text that is not JSON, where the cursor stops.
func (c *Decoding) AppliedMembers() Members {
	m, _ := membersOf(c.applied)
	return m
}

// membersOf returns a cursor over the members of the object raw holds;
// false where raw is no object.
func membersOf(raw []byte) (Members, bool) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return Members{}, false
	}
	return Members{raw: raw, i: i + 1}, true
}

// Members reads an object's members from its text: see AppliedMembers.
type Members struct {
	raw      []byte
	i        int // where the next member's key starts, or -1 at the end
	key, val []byte
	ended    bool // Next met the object's closing brace
	end      int  // once ended: where the object's text ends
}

// Next moves to the next member; false at the end of the object or
// where its text cannot be read.
func (m *Members) Next() bool {
	if m.raw == nil || m.i < 0 {
		return false
	}
	raw, i := m.raw, skipSpace(m.raw, m.i)
	m.i = -1
	if i < len(raw) && raw[i] == '}' {
		m.ended, m.end = true, i+1
		return false
	}
	if i >= len(raw) || raw[i] != '"' {
		return false
	}
	end := schema.StringEnd(raw, i)
	if end < 0 {
		return false
	}
	m.key = raw[i+1 : end-1]
	if bytes.IndexByte(m.key, '\\') >= 0 {
		d := jx.DecodeBytes(raw[i:end])
		key, err := d.Str()
		if err != nil {
			return false
		}
		m.key = []byte(key)
	}
	if i = skipSpace(raw, end); i >= len(raw) || raw[i] != ':' {
		return false
	}
	i = skipSpace(raw, i+1)
	vend := valueEnd(raw, i)
	if vend < 0 {
		return false
	}
	m.val = raw[i:vend]
	switch i = skipSpace(raw, vend); {
	case i < len(raw) && raw[i] == ',':
		m.i = i + 1
	case i < len(raw) && raw[i] == '}':
		m.ended, m.end = true, i+1 // Next finds no more
	default:
		return false
	}
	return true
}

// Key is the member's name (unescaped).
func (m *Members) Key() []byte { return m.key }

// Value is the member's JSON text.
func (m *Members) Value() []byte { return m.val }

// decoder returns a decoder of raw: a spare one where there is one.
func (c *Decoding) decoder(raw []byte) *jx.Decoder {
	var d *jx.Decoder
	if n := len(c.spare); n > 0 {
		d, c.spare = c.spare[n-1], c.spare[:n-1]
	} else {
		d = jx.GetDecoder()
	}
	if d == c.orNull {
		c.orNull = nil // the mark was for a value this decoder read before
	}
	d.ResetBytes(raw)
	return d
}

// TextDecoder returns a decoder of raw, a value's JSON text, for a
// typed decoder to read what RawView returned; Release gives it back.
// Where IsNull found that value not null, the new decoder reads it as
// one that may be null ("want object or null").
func (c *Decoding) TextDecoder(raw []byte) *jx.Decoder {
	marked := c.orNull != nil && c.nullAt == c.moves
	d := c.decoder(raw)
	if marked {
		c.orNull = d
	}
	return d
}

// Release gives back a decoder TextDecoder returned.
func (c *Decoding) Release(d *jx.Decoder) { c.release(d) }

// release keeps d for the next decoder call, holding no input.
func (c *Decoding) release(d *jx.Decoder) {
	d.ResetBytes(nil)
	c.spare = append(c.spare, d)
}

// passes reports whether raw passes v. Only the verdict counts, so v
// runs quietly: problems are counted, not worded, and v stops at the
// first. A syntax error stops c too.
func (c *Decoding) passes(raw []byte, v Validator) bool {
	return c.quietly(func() { c.Apply(raw, v) })
}

// quietly reports whether run, reading one value at the current
// location, finds no problem, as passes does.
func (c *Decoding) quietly(run func()) bool {
	quiet, marked, depth, ev := c.quiet, c.marked, len(c.path), c.ev
	c.quiet, c.marked = true, 0
	if ev != nil && ev.depth == depth {
		// What the branch evaluates counts only if it passes.
		c.ev = &evaluation{depth: depth, outer: ev}
	}
	run()
	ok := c.marked == 0 && c.err == nil
	if c.ev != ev {
		if ok {
			ev.merge(c.ev)
		}
		c.ev = ev
	}
	c.quiet, c.marked, c.path = quiet, marked, c.path[:depth]
	return ok
}

// tracking reports whether schemas' evaluations of the current value
// are being collected.
func (c *Decoding) tracking() bool { return c.ev != nil && c.ev.depth == len(c.path) }

// try checks raw with v in a Decoding of its own at the same location
// and returns its problems, worded: for a check that failed quietly and
// must now say why. A syntax error stops c too.
func (c *Decoding) try(raw []byte, v Validator) []problem.Problem {
	f := &Decoding{path: append([]step(nil), c.path...)}
	f.Apply(raw, v)
	if f.err != nil {
		c.syntax(f.err)
	}
	if f.duplicate {
		c.duplicate = true
	}
	return f.problems
}

// AnyOf checks that raw passes at least one of the branches; when none
// does, the problem says so first, then lists each branch's problems.
func (c *Decoding) AnyOf(raw []byte, branches ...Validator) {
	c.AnyOfKinds(raw, "", branches...) // no kinds listed: every branch is read
}

// OneOf checks that raw passes exactly one of the branches.
func (c *Decoding) OneOf(raw []byte, branches ...Validator) {
	c.OneOfKinds(raw, "", false, branches...)
}

// branchProblems records why each branch failed, each problem marked
// with its branch. The branches ran quietly first: their problems are
// worded only now that they are reported.
func (c *Decoding) branchProblems(raw []byte, branches []Validator) {
	if c.quiet {
		return
	}
	for i, b := range branches {
		for _, p := range c.try(raw, b) {
			p.Message = fmt.Sprintf("(schema %d) %s", i, p.Message)
			c.problems = append(c.problems, p)
		}
	}
}

// Not checks that raw does not pass v.
func (c *Decoding) Not(raw []byte, v Validator) {
	if c.passes(raw, v) && !c.Failed() {
		c.Problemf("not: the value matches a schema it must not")
	}
}

// IfThenElse checks raw with then when it passes cond, with els when it
// does not; either may be nil.
func (c *Decoding) IfThenElse(raw []byte, cond, then, els Validator) {
	if c.passes(raw, cond) {
		if then != nil {
			c.Apply(raw, then)
		}
	} else if els != nil {
		c.Apply(raw, els)
	}
}

// False records that the schema false allows no value, and passes it:
// for a typed decoder (a tuple's items past its positions).
func (c *Decoding) False(d *jx.Decoder) {
	c.Problemf("false schema")
	c.Skip(d)
}

// WrongType records a value of a kind the schema does not allow, and
// passes it.
func (c *Decoding) WrongType(d *jx.Decoder, want string) {
	t := d.Next()
	if t == jx.Invalid {
		c.Skip(d)
		return
	}
	if !c.counted() {
		c.Problemf("got %s, want %s", jxKindName(t), c.orNullOf(d, want))
	}
	c.Skip(d)
}

// NotAllowed records that the member the current location names is one
// the object does not allow (additionalProperties: false), as the
// object's problem.
func (c *Decoding) NotAllowed() {
	if c.counted() {
		return
	}
	n := len(c.path)
	last := c.path[n-1]
	c.path = c.path[:n-1]
	c.Problemf("additional properties '%s' not allowed", last.name)
	c.path = append(c.path, last)
}

// KindOf records raw, a value's JSON text, as of a kind the schema does
// not allow when it is one of the kinds wrong lists (want words the
// allowed ones): the first byte says the kind, so nothing is read again.
func (c *Decoding) KindOf(raw []byte, want string, wrong ...jx.Type) {
	t := rawKind(raw)
	for _, w := range wrong {
		if t == w {
			if !c.counted() {
				c.Problemf("got %s, want %s", jxKindName(t), want)
			}
			return
		}
	}
}

// rawKind is the kind of a value's JSON text by its first byte.
func rawKind(raw []byte) jx.Type {
	for _, b := range raw {
		switch {
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			continue
		case b == '{':
			return jx.Object
		case b == '[':
			return jx.Array
		case b == '"':
			return jx.String
		case b == 't' || b == 'f':
			return jx.Bool
		case b == 'n':
			return jx.Null
		case b == '-' || b >= '0' && b <= '9':
			return jx.Number
		}
		return jx.Invalid
	}
	return jx.Invalid
}

// IsInteger reports whether a number's text is an integer (1.0 and 1e2
// are).
func IsInteger(text []byte) bool {
	if !hasFraction(text) {
		return true
	}
	r, ok := new(big.Rat).SetString(string(text))
	return ok && r.IsInt()
}

// hasFraction reports whether a number's text has a fraction or an
// exponent (a loop: bytes.ContainsAny costs more on such short text).
func hasFraction(text []byte) bool {
	for _, b := range text {
		if b == '.' || b == 'e' || b == 'E' {
			return true
		}
	}
	return false
}

// Integer records a number that is not an integer where only integers
// are allowed.
func (c *Decoding) Integer(text []byte, want string) {
	if !IsInteger(text) {
		c.Problemf("got number, want %s", want)
	}
}

// NumberMultipleOf checks, exactly, that a number is a multiple of m
// (rational text: "1/100" for 0.01).
func (c *Decoding) NumberMultipleOf(text []byte, m string) {
	if multiple, ok := multipleFast(text, m); ok {
		if !multiple {
			c.Problemf("multipleOf: %s is not a multiple of %s", text, decimalOf(m))
		}
		return
	}
	r, ok := new(big.Rat).SetString(string(text))
	if !ok {
		return
	}
	if !new(big.Rat).Quo(r, rat(m)).IsInt() {
		c.Problemf("multipleOf: %s is not a multiple of %s", text, decimalOf(m))
	}
}

// decimalOf writes m, a rational as generated code passes it ("1/100"),
// as the schema would have: in decimals where they end (0.01).
func decimalOf(m string) string {
	r := rat(m)
	if r == nil {
		return m
	}
	d := new(big.Int).Set(r.Denom())
	k := 0
	for ten := big.NewInt(10); k < 40; k++ {
		if d.Cmp(big.NewInt(1)) == 0 {
			return r.FloatString(k)
		}
		g := new(big.Int).GCD(nil, nil, d, ten)
		if g.Cmp(big.NewInt(1)) == 0 {
			break // a factor other than 2 or 5: no end
		}
		d.Quo(d, g)
	}
	return m
}

// multipleFast decides, without big arithmetic, whether the number text
// is a multiple of m where both are simple: an integer m and an integer
// of at most 18 digits, or m = 1/10^k (multipleOf 0.01, say) and a
// number in plain decimal notation, which is a multiple exactly when its
// fraction, trailing zeros left out, has at most k digits. ok is false
// where it cannot tell.
func multipleFast(text []byte, m string) (multiple, ok bool) {
	if mi, isInt := smallInt(m); isInt {
		if n, small := smallInt(text); small && mi > 0 {
			return n%mi == 0, true
		}
		return false, false
	}
	if len(m) < 4 || m[:3] != "1/1" {
		return false, false
	}
	k := 0
	for i := 3; i < len(m); i++ {
		if m[i] != '0' {
			return false, false
		}
		k++
	}
	i := 0
	if len(text) > 0 && text[0] == '-' {
		i++
	}
	dot := -1
	for j := i; j < len(text); j++ {
		switch b := text[j]; {
		case b >= '0' && b <= '9':
		case b == '.' && dot < 0:
			dot = j
		default:
			return false, false // an exponent: big arithmetic decides
		}
	}
	if dot < 0 {
		return true, true
	}
	frac := text[dot+1:]
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	return len(frac) <= k, true
}

// Matches reports whether s matches an ECMA-262 pattern (as Pattern
// checks it), compiled once; a pattern that does not compile is a
// problem, and matches nothing.
func (c *Decoding) Matches(s, pattern string) bool {
	ok, err := matchPattern(s, pattern)
	if err != nil {
		c.Problemf("pattern %q does not compile: %v", pattern, err)
	}
	return ok
}

// Key checks an object's key, as a string value, with v (propertyNames).
// Its problems are the object's, each naming the key.
func (c *Decoding) Key(key []byte, v Validator) {
	raw, _ := json.Marshal(string(key))
	if c.passes(raw, v) {
		return
	}
	if c.quiet {
		c.marked++
		return
	}
	for _, p := range c.try(raw, v) {
		p.Message = fmt.Sprintf("property name '%s': %s", key, p.Message)
		c.problems = append(c.problems, p)
	}
}

// Keys records the keys an object has written, to find keys written
// twice and the required ones missing. The keys a validator declares
// are marked by their index (Mark), a bit each; of the others, the first
// few are held in the value itself, so a generated validator's Keys does
// not allocate unless an object has many keys it does not declare.
type Keys struct {
	n     int
	first [8]string
	set   map[string]bool // all undeclared ones, once there are more than fit first
	// declared are the names Mark's indexes stand for (sorted), marks
	// the ones written and marked how many.
	declared []string
	marks    [4]uint64
	marked   int
}

// maxMarked is how many declared keys Mark can record; a validator
// records any others with Add.
const maxMarked = 256

// DeclaredKeys returns the Keys of an object whose validator declares
// names (sorted): the validator records the i-th name with Mark(i),
// the others with Add.
func DeclaredKeys(names []string) Keys {
	return Keys{declared: names}
}

// Mark records the object's i-th declared key; false when the object
// wrote it before. i is below 256.
func (k *Keys) Mark(i int) bool {
	w, b := i>>6, uint64(1)<<(i&63)
	if k.marks[w]&b != 0 {
		return false
	}
	k.marks[w] |= b
	k.marked++
	return true
}

// Add records key, which is not one Mark records; false when the object
// wrote it before.
func (k *Keys) Add(key string) bool {
	if k.set != nil {
		if k.set[key] {
			return false
		}
		k.set[key] = true
		return true
	}
	for _, have := range k.first[:k.n] {
		if have == key {
			return false
		}
	}
	if k.n < len(k.first) {
		k.first[k.n] = key
		k.n++
		return true
	}
	k.set = make(map[string]bool, 2*len(k.first))
	for _, have := range k.first {
		k.set[have] = true
	}
	k.set[key] = true
	return true
}

// Len is the number of keys recorded.
func (k *Keys) Len() int {
	if k.set != nil {
		return k.marked + len(k.set)
	}
	return k.marked + k.n
}

// Declared enters the member of the object's declared property name,
// whose key is kb, and records it in keys: by its index i where i is not
// negative (Mark), else by name. A key written before is a duplicate. It
// is what a generated validator does for each declared member, in one
// call.
func (c *Decoding) Declared(keys *Keys, i int, name string, kb []byte) {
	var fresh bool
	if i >= 0 {
		fresh = keys.Mark(i)
	} else {
		fresh = keys.Add(name)
	}
	if !fresh {
		c.Duplicate(kb)
	}
	c.Push(name)
}

// Undeclared is Declared for a member whose key kb names no declared
// property; it returns the key's text.
func (c *Decoding) Undeclared(keys *Keys, kb []byte) string {
	key := c.KeyText(kb)
	if !keys.Add(key) {
		c.Duplicate(kb)
	}
	c.Push(key)
	return key
}

// Has reports whether the object has key.
func (k *Keys) Has(key string) bool {
	if i, ok := slices.BinarySearch(k.declared, key); ok && i < maxMarked {
		return k.marks[i>>6]&(1<<(i&63)) != 0
	}
	if k.set != nil {
		return k.set[key]
	}
	for _, have := range k.first[:k.n] {
		if have == key {
			return true
		}
	}
	return false
}

// Require records the names the object lacks.
func (c *Decoding) Require(k *Keys, names ...string) {
	if c.quiet && c.Failed() {
		return // the verdict is in; a branch that failed stops reading
	}
	var missing []string
	for _, n := range names {
		if !k.Has(n) {
			missing = append(missing, n)
		}
	}
	c.Missing(missing...)
}

// RequireMarked is Require for names the validator declares: each is
// given by its index in the declared names (below 256), so that the
// check is a bit test, not a look-up.
func (c *Decoding) RequireMarked(k *Keys, idx ...int) {
	if c.quiet && c.Failed() {
		return
	}
	var missing []string
	for _, i := range idx {
		if k.marks[i>>6]&(1<<(i&63)) == 0 {
			missing = append(missing, k.declared[i])
		}
	}
	c.Missing(missing...)
}

// RequiredIf records missing, the properties a dependentRequired lists
// for the property name, present, that the object lacks (none: nothing
// to record), worded as DependentRequired words them.
func (c *Decoding) RequiredIf(name string, missing ...string) {
	if len(missing) > 0 {
		c.Problemf("properties %s required, if '%s' exists", quoteList(missing), name)
	}
}

// DependentRequired records the names the object lacks though it has
// name.
func (c *Decoding) DependentRequired(k *Keys, name string, names ...string) {
	if !k.Has(name) {
		return
	}
	var missing []string
	for _, n := range names {
		if !k.Has(n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		c.Problemf("properties %s required, if '%s' exists", quoteList(missing), name)
	}
}

// canonicalString is a string's canonical text: Go-quoted, one text per
// string whatever escapes the JSON used.
func canonicalString(s string) string {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b > 0x7e || b == '"' || b == '\\' {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"` // what Quote returns for printable ASCII, without its work
}

// plainString returns the text between the quotes of raw, a value's
// JSON, when raw is a string without escapes in valid UTF-8: that text is
// the string's value, so sets of strings can be looked up by it without
// decoding (or allocating).
func plainString(raw []byte) ([]byte, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 1 && raw[0] == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw[1 : len(raw)-1], true
	}
	return nil, false
}

// canonicalText returns the canonical text of a value's JSON.
func canonicalText(raw []byte) string {
	if s, ok := plainString(raw); ok {
		return canonicalString(string(s))
	}
	raw = bytes.TrimSpace(raw)
	var b strings.Builder
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(raw)
	if err := canonicalValue(&b, d); err != nil || !atEnd(d) {
		return string(raw)
	}
	return b.String()
}

// canonicalValue writes the value d reads as canonicalJSON writes it
// decoded (an object's last value of a key counts, as in a Go map),
// without decoding it first.
func canonicalValue(b *strings.Builder, d *jx.Decoder) error {
	switch d.Next() {
	case jx.String:
		s, err := d.Str()
		b.WriteString(canonicalString(validUTF8(s)))
		return err
	case jx.Number:
		n, err := d.Num()
		if err != nil {
			return err
		}
		if i, ok := smallInt([]byte(n)); ok {
			b.WriteString(strconv.FormatInt(i, 10))
		} else if r, ok := new(big.Rat).SetString(string(n)); ok {
			b.WriteString(r.RatString())
		} else {
			b.Write(n)
		}
		return nil
	case jx.Bool:
		v, err := d.Bool()
		b.WriteString(strconv.FormatBool(v))
		return err
	case jx.Null:
		b.WriteString("null")
		return d.Null()
	case jx.Array:
		b.WriteByte('[')
		n := 0
		err := d.Arr(func(d *jx.Decoder) error {
			if n++; n > 1 {
				b.WriteByte(',')
			}
			return canonicalValue(b, d)
		})
		b.WriteByte(']')
		return err
	case jx.Object:
		type member struct{ key, val string }
		var members []member
		err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			var v strings.Builder
			err := canonicalValue(&v, d)
			members = append(members, member{string(key), v.String()})
			return err
		})
		if err != nil {
			return err
		}
		for i := range members {
			members[i].key = validUTF8(members[i].key)
		}
		sort.SliceStable(members, func(i, j int) bool { return members[i].key < members[j].key })
		b.WriteByte('{')
		first := true
		for i, m := range members {
			if i+1 < len(members) && members[i+1].key == m.key {
				continue // a later value of the key replaces it
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(canonicalString(m.key))
			b.WriteByte(':')
			b.WriteString(m.val)
		}
		b.WriteByte('}')
		return nil
	}
	return d.Skip() // no value: the syntax error
}

var enums textCache[*enumSet] // the JSON of a list of values → its set

// enumSet is a list of allowed values: their canonical texts, and the
// problem a value outside them is, worded as the interpreter words it
// (where it lists the values: not for arrays and objects).
type enumSet struct {
	texts map[string]bool
	strs  map[string]bool // the string values, by value (see plainString)
	kinds uint16          // the values' kinds, bit 1<<jx.Type each
	msg   string
}

// has reports whether the value raw holds is one of the set's: a value
// of a kind none of them has is not, without its canonical text.
func (e *enumSet) has(raw []byte) bool {
	if k := rawKind(raw); k != jx.Invalid && e.kinds&(1<<k) == 0 {
		return false
	}
	return e.texts[canonicalText(raw)]
}

// Enum checks that raw is one of the values, a JSON array's text (const
// when isConst: worded as an enum of one value is); equality is JSON's.
func (c *Decoding) Enum(raw []byte, values string, isConst bool) {
	_ = isConst // the wording is the same
	set, ok := enums.load(values)
	if !ok {
		made, err := newEnumSet(values)
		if err != nil {
			c.Problemf("the generated enum %s: %v", values, err)
			return
		}
		set = enums.store(values, made)
	}
	if s, ok := plainString(raw); ok && set.strs[string(s)] || !ok && set.has(raw) || c.counted() {
		return
	}
	c.Problemf("%s", set.msg)
}

func newEnumSet(values string) (*enumSet, error) {
	var list []json.RawMessage
	if err := json.Unmarshal([]byte(values), &list); err != nil {
		return nil, err
	}
	set := &enumSet{texts: map[string]bool{}, strs: map[string]bool{}}
	var shown []string
	for _, v := range list {
		set.texts[canonicalText(v)] = true
		set.kinds |= 1 << rawKind(v)
		d := json.NewDecoder(bytes.NewReader(v))
		d.UseNumber()
		var x any
		if err := d.Decode(&x); err != nil {
			return nil, err
		}
		switch x := x.(type) {
		case string:
			set.strs[x] = true
			shown = append(shown, quoteValue(x))
		case []any, map[string]any:
			// The interpreter says only "'enum' failed"; the value
			// wanted, as compact JSON, says more.
			var b bytes.Buffer
			if err := json.Compact(&b, v); err != nil {
				return nil, err
			}
			shown = append(shown, b.String())
		default:
			shown = append(shown, fmt.Sprintf("%v", x))
		}
	}
	set.msg = "value must be one of " + strings.Join(shown, ", ")
	if len(shown) == 1 {
		set.msg = "value must be " + shown[0]
	}
	return set, nil
}

// quoteValue writes a string value as the interpreter does in messages:
// Go-quoted, in single quotes.
func quoteValue(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q, `\"`, `"`)
	q = strings.ReplaceAll(q, `'`, `\'`)
	return "'" + q[1:len(q)-1] + "'"
}

// UniqueJSON checks that no two items (their JSON text) are equal.
func (c *Decoding) UniqueJSON(items [][]byte) {
	if len(items) <= 16 && c.uniqueStrings(items) {
		return
	}
	if c.uniqueHashes(items) {
		return
	}
	c.uniqueCanonical(items)
}

// uniqueCanonical checks items by their canonical texts alone.
func (c *Decoding) uniqueCanonical(items [][]byte) {
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := canonicalText(it)
		if j, dup := seen[k]; dup {
			c.Problemf("items at %d and %d are equal", j, i)
			return
		}
		seen[k] = i
	}
}

// uniqueHashes checks items by their hashes (jsonHash), comparing the
// canonical texts of only the items whose hashes meet; it reports the
// pair UniqueJSON's canonical texts would. False where some item has no
// hash.
func (c *Decoding) uniqueHashes(items [][]byte) bool {
	var few [16]uint64 // a few items: no allocation, pairs compared
	hashes := few[:0]
	if len(items) > len(few) {
		hashes = make([]uint64, 0, len(items))
	}
	for _, it := range items {
		h, ok := textHash(it)
		if !ok {
			return false
		}
		hashes = append(hashes, h)
	}
	c.uniqueByHash(items, hashes)
	return true
}

// UniqueHashed is UniqueJSON for items read with Text.RawHashed, whose
// hashes are found already; where one item had none, it is UniqueJSON.
func (c *Decoding) UniqueHashed(items [][]byte, hashes []uint64) {
	if len(hashes) != len(items) {
		c.UniqueJSON(items)
		return
	}
	c.uniqueByHash(items, hashes)
}

// UniqueTags is what the reading of a uniqueItems array that one tagged
// union checks tells UniqueTagged: the branch each item's tag picked
// (Pick) and, from the first item that may equal another on, the items'
// hashes (Text.RawTagged). The zero value is ready for the first item.
type UniqueTags struct {
	few     [8]int // the picks of the first items, without an allocation
	more    []int  // the picks of the rest
	n       int    // items picked
	hashing bool   // items from first on are hashed as they are read
	first   int
	hashes  []uint64
	twice   bool // the item read last may name its tag twice
}

// Pick records the branch the tag of the item just read picked, as
// AnyOfTaggedBy and OneOfTaggedBy return it (-1: none alone).
func (u *UniqueTags) Pick(branch int) {
	if u.twice {
		// Which tag counts for JSON equality is the last: the item may
		// equal one of another branch.
		branch, u.twice = -1, false
	}
	if !u.hashing && (branch < 0 || u.picked(branch)) {
		u.hashing, u.first = true, u.n+1
	}
	if u.n < len(u.few) {
		u.few[u.n] = branch
	} else {
		u.more = append(u.more, branch)
	}
	u.n++
}

// pick returns the branch item i picked.
func (u *UniqueTags) pick(i int) int {
	if i < len(u.few) {
		return u.few[i]
	}
	return u.more[i-len(u.few)]
}

// picked reports whether an item picked branch already.
func (u *UniqueTags) picked(branch int) bool {
	for i := range u.n {
		if u.pick(i) == branch {
			return true
		}
	}
	return false
}

// UniqueTagged is UniqueJSON for items read with Text.RawTagged and
// picked in u. Two items whose tags pick different branches differ in
// their tags, so where every tag picks a branch of its own, the items
// are unique and none is hashed; otherwise items are compared by their
// hashes, as UniqueHashed does, and reported as UniqueJSON reports them.
func (c *Decoding) UniqueTagged(items [][]byte, u *UniqueTags) {
	if u.n != len(items) || u.hashing && len(u.hashes) != u.n-u.first {
		c.UniqueJSON(items)
		return
	}
	if !u.hashing {
		return
	}
	var few [16]uint64
	hashes := few[:0]
	if len(items) > len(few) {
		hashes = make([]uint64, 0, len(items))
	}
	none := false
	for i := range u.n {
		none = none || u.pick(i) < 0
	}
	// The items read before hashing began: an item whose branch no other
	// item picked equals none, so any hash serves it; distinct picks keep
	// such items' hashes apart.
	for i := range u.first {
		p := u.pick(i)
		shared := none
		for j := 0; j < u.n && !shared; j++ {
			shared = j != i && u.pick(j) == p
		}
		if !shared {
			hashes = append(hashes, uint64(p))
			continue
		}
		h, ok := textHash(items[i])
		if !ok {
			c.UniqueJSON(items)
			return
		}
		hashes = append(hashes, h)
	}
	c.uniqueByHash(items, append(hashes, u.hashes...))
}

// uniqueByHash checks items by their hashes, comparing the canonical
// texts of only the items whose hashes meet.
func (c *Decoding) uniqueByHash(items [][]byte, hashes []uint64) {
	var texts map[int]string
	text := func(i int) string {
		t, ok := texts[i]
		if !ok {
			if texts == nil {
				texts = map[int]string{}
			}
			t = canonicalText(items[i])
			texts[i] = t
		}
		return t
	}
	if len(items) <= 16 {
		for i, h := range hashes {
			for j, g := range hashes[:i] {
				if g == h && text(j) == text(i) {
					c.Problemf("items at %d and %d are equal", j, i)
					return
				}
			}
		}
		return
	}
	first := make(map[uint64][]int, len(items)) // the items of each hash, in order
	for i, h := range hashes {
		for _, j := range first[h] {
			if text(j) == text(i) {
				c.Problemf("items at %d and %d are equal", j, i)
				return
			}
		}
		first[h] = append(first[h], i)
	}
}

// uniqueStrings checks few items that are all strings without escapes,
// whose texts are equal exactly when their values are: compared pair by
// pair, nothing decoded or allocated. False where some item is not such
// a string (UniqueJSON then compares canonical texts).
func (c *Decoding) uniqueStrings(items [][]byte) bool {
	var texts [16][]byte
	for i, it := range items {
		s, ok := plainString(it)
		if !ok {
			return false
		}
		texts[i] = s
	}
	for i := range items {
		for j := range i {
			if bytes.Equal(texts[i], texts[j]) {
				c.Problemf("items at %d and %d are equal", j, i)
				return true
			}
		}
	}
	return true
}

// Contains checks how many items pass v: at least min (1 unless the
// schema says), at most max (-1: no bound). With evaluates (draft
// 2020-12), the items that pass count as evaluated.
func (c *Decoding) Contains(items [][]byte, v Validator, min, max int, evaluates bool) {
	n := 0
	for i, it := range items {
		c.PushIndex(i)
		if c.passes(it, v) {
			n++
			if evaluates {
				c.Evaluated()
			}
		}
		c.Pop()
	}
	if n < min {
		if min == 1 {
			c.Problemf("contains: no item matches the schema")
		} else {
			c.Problemf("minContains: got %d matching items, want %d", n, min)
		}
	}
	if max >= 0 && n > max {
		c.Problemf("maxContains: got %d matching items, want at most %d", n, max)
	}
}

// evaluation is what the schemas applied to one value (at path depth
// depth) evaluated: its members by name, its items by index. outer is
// the evaluation it goes into when its schema is done.
type evaluation struct {
	depth int
	keys  map[string]bool
	items map[int]bool
	outer *evaluation
}

func (e *evaluation) merge(from *evaluation) {
	for k := range from.keys {
		e.mark(step{name: k, index: -1})
	}
	for i := range from.items {
		e.mark(step{index: i})
	}
}

func (e *evaluation) mark(s step) {
	if s.index >= 0 {
		if e.items == nil {
			e.items = map[int]bool{}
		}
		e.items[s.index] = true
		return
	}
	if e.keys == nil {
		e.keys = map[string]bool{}
	}
	e.keys[s.name] = true
}

// Track starts collecting what the schemas applied to the current value
// evaluate, for its schema's unevaluatedProperties or unevaluatedItems;
// Untrack ends it. They nest.
func (c *Decoding) Track() { c.ev = &evaluation{depth: len(c.path), outer: c.ev} }

// Untrack ends what Track started; what was evaluated counts for the
// schema around, if that applies to the same value.
func (c *Decoding) Untrack() {
	inner := c.ev
	c.ev = inner.outer
	if c.ev != nil && c.ev.depth == inner.depth {
		c.ev.merge(inner)
	}
}

// Evaluated records that a schema evaluated the member or item the
// current location names (called between its Push and Pop), where a
// schema around collects evaluations.
func (c *Decoding) Evaluated() {
	n := len(c.path)
	if c.ev == nil || c.ev.depth != n-1 {
		return
	}
	c.ev.mark(c.path[n-1])
}

// Unevaluated checks raw's members (with props) and items (with items)
// that no schema evaluated, and counts them evaluated; either may be nil.
// noProps and noItems: the schema is false, and each such member or item
// is a problem of the object or array.
func (c *Decoding) Unevaluated(raw []byte, props, items Validator, noProps, noItems bool) {
	ev := c.ev
	t := c.cursor(raw)
	defer c.releaseText(t)
	switch t.Next() {
	case jx.Object:
		if props == nil && !noProps {
			t.Skip()
			return
		}
		it, ok := t.Object()
		if !ok {
			return
		}
		for !c.Failed() && it.Next() {
			key := string(it.Key())
			if ev.keys[key] {
				t.Skip()
				continue
			}
			if noProps {
				c.Problemf("unevaluated property '%s' not allowed", key)
				t.Skip()
				continue
			}
			c.Push(key)
			props(c, t)
			c.Evaluated()
			c.Pop()
		}
		c.End(it.Err())
	case jx.Array:
		if items == nil && !noItems {
			t.Skip()
			return
		}
		it, ok := t.Array()
		if !ok {
			return
		}
		for i := 0; !c.Failed() && it.Next(); i++ {
			if ev.items[i] {
				t.Skip()
				continue
			}
			if noItems {
				c.Problemf("unevaluated item %d not allowed", i)
				t.Skip()
				continue
			}
			c.PushIndex(i)
			items(c, t)
			c.Evaluated()
			c.Pop()
		}
		c.End(it.Err())
	default:
		t.Skip()
	}
}
