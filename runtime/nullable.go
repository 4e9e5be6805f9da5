package runtime

import (
	"bytes"
	"encoding/json"
)

// Nullable is an optional field that may also be null. Absent, null and a
// value all survive a decode/encode round trip; use it with the omitzero
// option of encoding/json.
type Nullable[T any] struct {
	// Value holds the value when Present && !Null.
	Value T
	// Present reports whether the field was in the document.
	Present bool
	// Null reports whether the field was the JSON null.
	Null bool
}

// Some returns a present, non-null value.
func Some[T any](v T) Nullable[T] { return Nullable[T]{Value: v, Present: true} }

// Null returns a present null.
func Null[T any]() Nullable[T] { return Nullable[T]{Present: true, Null: true} }

// Get returns the value and whether there is one (present and not null).
func (n Nullable[T]) Get() (T, bool) { return n.Value, n.Present && !n.Null }

// IsZero reports whether the field is absent, for omitzero.
func (n Nullable[T]) IsZero() bool { return !n.Present }

// MarshalJSON encodes null or the value.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Present || n.Null {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON marks the field present and decodes null or a value.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	var zero T
	*n = Nullable[T]{Present: true}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		n.Null = true
		return nil
	}
	n.Value = zero
	return json.Unmarshal(data, &n.Value)
}
