package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
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
