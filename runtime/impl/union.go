package impl

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/problem"
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
// is not an object or its property is missing or not a string.
func (c *Decoding) Tag(raw []byte, name string) (string, bool) {
	b, ok := c.TagBytes(raw, name)
	return string(b), ok
}

// TagBytes is Tag without the copy: where the string has no escapes, the
// bytes are raw's. A generated decoder of a union told apart by a
// property picks the variant with it (switch string(tag) allocates
// nothing).
func (c *Decoding) TagBytes(raw []byte, name string) ([]byte, bool) {
	val, found, ok := c.member(raw, name)
	if !ok || !found {
		return nil, false
	}
	if s, plain := plainString(val); plain {
		return s, true
	}
	d := c.decoder(val)
	defer c.release(d)
	if d.Next() != jx.String {
		return nil, false
	}
	s, err := d.StrAppend(nil)
	return s, err == nil
}

// Variant reports whether read, a union variant's decoder, reads raw
// without a problem. It runs quietly, as an applicator's branch does:
// where it fails, NoVariant words the problems.
func (c *Decoding) Variant(raw []byte, read Reader) bool {
	return c.quietly(func() {
		d := c.decoder(raw)
		read(c, d)
		c.release(d)
	})
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

// Branches are the branches of the anyOf or oneOf a union of kinds is
// read from (told apart by kind, so at most one can match a value):
// generated code keeps one per union, for wording a failed value as
// the keyword's validator words it.
type Branches struct {
	// Op is "anyOf" or "oneOf"; Want words the kinds each branch allows,
	// in branch order ("string", "integer or null").
	Op   string
	Want []string
}

// VariantFailed words the problems a union variant's decoder found, the
// ones after the first from (Found before it read the value, of kind
// t), as the union's validator words them: that the value matches none
// of the branches first, then each branch's problems, the variant's for
// the branches of its (the first of them) and a wrong kind for the
// others. Where only the verdict counts, or reading stopped at a syntax
// error, nothing changes.
func (c *Decoding) VariantFailed(b *Branches, from int, t jx.Type, of ...int) {
	if c.quiet || c.err != nil || from < 0 || from >= len(c.problems) {
		return
	}
	own := append([]problem.Problem(nil), c.problems[from:]...)
	c.problems = c.problems[:from]
	c.branchesFailed(b, t, own, of)
}

// NoBranchKind records a value of a kind none of a union's branches
// allows, worded as the union's validator words it, and passes it.
func (c *Decoding) NoBranchKind(d *jx.Decoder, b *Branches) {
	t := d.Next()
	if t == jx.Invalid {
		c.Skip(d)
		return
	}
	if !c.counted() {
		c.branchesFailed(b, t, nil, nil)
	}
	c.Skip(d)
}

func (c *Decoding) branchesFailed(b *Branches, t jx.Type, own []problem.Problem, of []int) {
	c.Problemf("%s: the value matches none of the %d schemas", b.Op, len(b.Want))
	for i, want := range b.Want {
		switch {
		case len(of) > 0 && i == of[0]:
			prefix := fmt.Sprintf("(schema %d) ", i)
			if len(of) > 1 {
				nums := make([]string, len(of))
				for j, n := range of {
					nums[j] = strconv.Itoa(n)
				}
				prefix = "(schemas " + strings.Join(nums, ", ") + ") "
			}
			for _, p := range own {
				p.Message = prefix + p.Message
				c.problems = append(c.problems, p)
			}
		case slices.Contains(of, i):
		default:
			c.Problemf("(schema %d) got %s, want %s", i, jxKindName(t), want)
		}
	}
}

// Keyed returns which variant of a union told apart by keys (properties
// one variant requires and every other refuses) the JSON object data
// can be: the variant keys[i] one of whose keys data has, fallback (-1
// for none) where it has none of them, -1 where it has keys of two
// variants. It is for the union's UnmarshalJSON.
func Keyed(data []byte, keys [][]string, fallback int) (int, error) {
	d := jx.DecodeBytes(data)
	if d.Next() != jx.Object {
		return -1, errors.New("not an object")
	}
	picked := fallback
	seen := false
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		if i := keyOwner(key, keys); i >= 0 {
			if seen && i != picked {
				picked = -1
			} else if !seen {
				picked, seen = i, true
			}
		}
		return d.Skip()
	})
	if err != nil {
		return -1, err
	}
	return picked, nil
}

// HasMember reports whether the JSON object data has property name. It
// is for the UnmarshalJSON of a union told apart by a tag whose one
// untagged variant is the one without the property.
func HasMember(data []byte, name string) (bool, error) {
	d := jx.DecodeBytes(data)
	if d.Next() != jx.Object {
		return false, errors.New("not an object")
	}
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		if string(key) == name {
			return errFound
		}
		return d.Skip()
	})
	if errors.Is(err, errFound) {
		return true, nil
	}
	return false, err
}

// keyOwner returns the index of the variant whose keys hold key, or -1.
func keyOwner(key []byte, keys [][]string) int {
	for i, ks := range keys {
		for _, k := range ks {
			if string(key) == k {
				return i
			}
		}
	}
	return -1
}

// Keyed is the package function Keyed for raw, an object's JSON text as
// RawView returns it, reading its keys without tokens (see scanMember):
// a generated decoder of a union told apart by keys picks the variant
// with it. -1 means no variant can hold the value.
func (c *Decoding) Keyed(raw []byte, keys [][]string, fallback int) int {
	m, ok := membersOf(raw)
	if !ok {
		return -1
	}
	picked := fallback
	seen := false
	for m.Next() {
		if i := keyOwner(m.key, keys); i >= 0 {
			if seen && i != picked {
				return -1
			}
			picked, seen = i, true
		}
	}
	if !m.ended {
		// Text the scan cannot read: jx reads it, as the decoder did.
		i, err := Keyed(raw, keys, fallback)
		if err != nil {
			return -1
		}
		return i
	}
	return picked
}
