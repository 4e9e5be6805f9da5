package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/go-faster/jx"
)

// Fields is the set of JSON property names a generated struct declares.
type Fields struct {
	names  map[string]struct{}
	folded map[string]struct{} // names in lower case
}

// NewFields returns the set of the given names.
func NewFields(names ...string) *Fields {
	f := &Fields{names: map[string]struct{}{}, folded: map[string]struct{}{}}
	for _, n := range names {
		f.names[n] = struct{}{}
		f.folded[strings.ToLower(n)] = struct{}{}
	}
	return f
}

// Has reports whether name is a declared property.
func (f *Fields) Has(name string) bool { return f.has(name) }

func (f *Fields) has(name string) bool {
	_, ok := f.names[name]
	return ok
}

// shadows reports whether encoding/json, which matches keys to fields
// without regard to case, would decode undeclared name into a field.
func (f *Fields) shadows(name string) bool {
	_, ok := f.folded[strings.ToLower(name)]
	return ok && !f.has(name)
}

// MarshalObject encodes fields, a struct without JSON methods of its own,
// then appends the properties of extra that fields does not declare, in
// order (see ExtraKeys), so that output is deterministic.
func MarshalObject[V any](fields any, known *Fields, extra map[string]V, order []string) ([]byte, error) {
	b, err := json.Marshal(fields)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	keys := ExtraKeys(extra, order)
	keys = slices.DeleteFunc(keys, known.has)
	out := bytes.TrimRight(b, " \n")
	out = out[:len(out)-1] // drop '}'
	sep := len(bytes.TrimSpace(out)) > 1
	for _, k := range keys {
		v, err := json.Marshal(extra[k])
		if err != nil {
			return nil, fmt.Errorf("property %q: %w", k, err)
		}
		kb, _ := json.Marshal(k)
		if sep {
			out = append(out, ',')
		}
		sep = true
		out = append(out, kb...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// UnmarshalObject decodes data into fields, a pointer to a struct without
// JSON methods of its own, and every property that fields does not declare
// into *extra, so that nothing in the object is dropped; *order becomes
// their order (see KeyOrder).
func UnmarshalObject[V any](data []byte, fields any, known *Fields, extra *map[string]V, order *[]string) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	declared := data
	for k := range all {
		if known.shadows(k) {
			// Decode the declared fields from their exact keys only.
			only := map[string]json.RawMessage{}
			for k, v := range all {
				if known.has(k) {
					only[k] = v
				}
			}
			var err error
			if declared, err = json.Marshal(only); err != nil {
				return err
			}
			break
		}
	}
	if err := json.Unmarshal(declared, fields); err != nil {
		return err
	}
	*extra, *order = nil, nil
	n := 0
	for k, raw := range all {
		if known.has(k) {
			continue
		}
		var v V
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("property %q: %w", k, err)
		}
		if *extra == nil {
			*extra = make(map[string]V)
		}
		(*extra)[k] = v
		n++
	}
	if n > 1 {
		if keys := memberKeys(data, known); !slices.IsSorted(keys) {
			*order = keys
		}
	}
	return nil
}

// memberKeys lists the keys of the object data that known does not
// declare, in the order they first come in, as encoding/json reads them.
func memberKeys(data []byte, known *Fields) []string {
	var keys []string
	seen := map[string]bool{}
	d := jx.DecodeBytes(data)
	_ = d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		k := validUTF8(string(key))
		if !known.has(k) && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
		return d.Skip()
	})
	return keys
}

// KeyOrder is the order undeclared properties came in, as a generated
// struct's AdditionalPropertiesOrder keeps it: nil when it is key order,
// which encoding falls back to anyway, so that a value read and the same
// value written in code compare equal in the common case.
// The result is a copy: a generated decoder collects keys in a buffer on
// its stack.
func KeyOrder(keys []string) []string {
	if slices.IsSorted(keys) {
		return nil
	}
	return slices.Clone(keys)
}

// ExtraKeys returns the keys of extra in the order to encode them: first
// those that order names (the order they were read in), then the others
// in key order.
func ExtraKeys[V any](extra map[string]V, order []string) []string {
	if len(order) == 0 {
		return SortedKeys(extra)
	}
	keys := make([]string, 0, len(extra))
	listed := make(map[string]bool, len(order))
	for _, k := range order {
		if _, ok := extra[k]; ok && !listed[k] {
			listed[k] = true
			keys = append(keys, k)
		}
	}
	rest := len(keys)
	for k := range extra {
		if !listed[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys[rest:])
	return keys
}
