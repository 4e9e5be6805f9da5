package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// TupleItem is an optional position of a tuple when encoding.
type TupleItem struct {
	Set   bool
	Value any
}

// MarshalTuple encodes a tuple as a JSON array: the required positions,
// the optional ones up to the first that is not set, then rest.
func MarshalTuple[E any](required []any, optional []TupleItem, rest []E) ([]byte, error) {
	items := append([]any(nil), required...)
	complete := true
	for _, it := range optional {
		if !it.Set {
			complete = false
			break
		}
		items = append(items, it.Value)
	}
	if !complete && len(rest) > 0 {
		return nil, fmt.Errorf("tuple has items after an unset position")
	}
	for _, r := range rest {
		items = append(items, r)
	}
	return json.Marshal(items)
}

// UnmarshalTuple decodes a JSON array into positions (pointers to each
// position's field) and the items after them into *rest; rest is nil when
// the tuple allows no more items.
func UnmarshalTuple[E any](data []byte, positions []any, rest *[]E) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for i, p := range positions {
		if i >= len(raw) {
			return nil
		}
		if err := json.Unmarshal(raw[i], p); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	extra := raw[len(positions):]
	if len(extra) == 0 {
		return nil
	}
	if rest == nil {
		return fmt.Errorf("tuple of %d items has %d more", len(positions), len(extra))
	}
	arr := append([]byte{'['}, bytes.Join(toBytes(extra), []byte{','})...)
	return json.Unmarshal(append(arr, ']'), rest)
}

func toBytes(raw []json.RawMessage) [][]byte {
	out := make([][]byte, len(raw))
	for i, r := range raw {
		out[i] = r
	}
	return out
}
