package runtime

import (
	"encoding/json"

	"github.com/structgen/structgen/runtime/lenient"
)

// Field is a field of a <Name>Partial type: absent until the reply
// writes it, then its value so far, and whether the model finished it.
// It marshals to its value (absent with omitzero while not seen), so a
// partial value can be forwarded as JSON as it is.
type Field[T any] struct {
	value   T
	present bool
	done    bool
}

// Get returns the value read so far and whether the reply has written
// the field yet.
func (f Field[T]) Get() (T, bool) { return f.value, f.present }

// Done reports whether the model finished the field's value.
func (f Field[T]) Done() bool { return f.done }

// IsZero reports whether the field has not been seen, for omitzero.
func (f Field[T]) IsZero() bool { return !f.present }

// MarshalJSON writes the value read so far.
func (f Field[T]) MarshalJSON() ([]byte, error) {
	if !f.present {
		return []byte("null"), nil
	}
	return json.Marshal(f.value)
}

// SetField reads n into f with read; f stays absent when n is nil or
// read finds nothing usable yet.
func SetField[T any](f *Field[T], n *lenient.Node, read func(*lenient.Node) (T, bool)) {
	if n == nil {
		return
	}
	if v, ok := read(n); ok {
		*f = Field[T]{value: v, present: true, done: n.Done()}
	}
}

// ReadPartial reads a reply that may still be streaming: strings may
// still grow; numbers, booleans, null and enum values appear only once the
// text has finished them; each value knows whether the model closed it.
// Nothing is validated, since the reply is not finished. It returns nil
// and ErrEmptyReply or ErrNoJSON when there is nothing to read yet.
func (o Output[T]) ReadPartial(text []byte) (*lenient.Node, []Repair, error) {
	if o.plain {
		// A plain string output is the text itself, still growing.
		return lenient.StringNode(string(text)), nil, nil
	}
	return lenient.ReadPartial(o.schema, text)
}

// readPartial returns the JSON of what an unfinished reply holds so far.
func (o Output[T]) readPartial(text []byte) (json.RawMessage, error) {
	n, _, err := o.ReadPartial(text)
	if err != nil {
		return nil, err
	}
	return n.JSON(), nil
}
