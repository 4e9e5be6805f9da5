package runtime

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-faster/jx"
)

// Kind is the kind of a JSON value, as its first byte tells.
type Kind int

// The kinds of JSON values.
const (
	KindInvalid Kind = iota
	KindNull
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

var kindNames = [...]string{"invalid", "null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string { return kindNames[k] }

// KindOf returns the kind of the JSON value in data.
func KindOf(data []byte) Kind {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case 'n':
			return KindNull
		case 't', 'f':
			return KindBool
		case '"':
			return KindString
		case '[':
			return KindArray
		case '{':
			return KindObject
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			return KindNumber
		}
		return KindInvalid
	}
	return KindInvalid
}

// Discriminator returns the string value of property name in the JSON
// object data.
func Discriminator(data []byte, name string) (string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return "", err
	}
	raw, ok := obj[name]
	if !ok {
		return "", fmt.Errorf("missing discriminator property %q", name)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("discriminator property %q: want a string, got %s", name, raw)
	}
	return s, nil
}

// ErrNoVariant is returned by a union's UnmarshalJSON when no variant
// holds the value.
var ErrNoVariant = errors.New("no variant of the union holds this value")

// NoVariant reports that union type typeName has no variant for what.
func NoVariant(typeName, what string) error {
	return fmt.Errorf("%s: %w: %s", typeName, ErrNoVariant, what)
}

// Tag returns the string value of property name in raw, an object's
// JSON text as RawView returns it, reading nothing else; false when raw
// is not an object or its property is missing or not a string. A
// generated decoder of a union told apart by a property picks the
// variant with it.
func (c *Decoding) Tag(raw []byte, name string) (string, bool) {
	val, found, ok := c.member(raw, name)
	if !ok || !found {
		return "", false
	}
	if s, plain := plainString(val); plain {
		return string(s), true
	}
	d := c.decoder(val)
	defer c.release(d)
	if d.Next() != jx.String {
		return "", false
	}
	s, err := d.Str()
	return s, err == nil
}

// Variant reports whether read, a union variant's decoder, reads raw
// without a problem. It runs quietly, as an applicator's branch does:
// where it fails, NoVariant words the problems.
func (c *Decoding) Variant(raw []byte, read Validator) bool {
	return c.passes(raw, read)
}

// NoVariant checks raw with the union's validators, for their problems:
// the value's tag named no variant, or the variant's decoder found a
// problem. Should they pass, it is still a problem, never a silent zero
// value.
func (c *Decoding) NoVariant(raw []byte, validators ...Validator) {
	before := c.count()
	for _, v := range validators {
		c.Apply(raw, v)
	}
	if c.count() == before && c.err == nil {
		c.Problemf("no variant of the union holds this value")
	}
}
