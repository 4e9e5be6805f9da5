package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/structgen/structgen/runtime/problem"
)

// Unmarshal decodes data, which its schema has passed, into v with
// encoding/json (integers written as 1.0 read as integers). Where the Go
// type still refuses it (a time a Time cannot parse, a number a float32
// cannot hold, a text an UnmarshalText refuses), the problem names the
// value that fails, found by LocateDecodeFailure, and encoding/json's
// message for it.
func Unmarshal[T any](data []byte, v *T) *problem.Problem {
	data = NormalizeIntegers(data)
	err := json.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	p := LocateDecodeFailure(data, err, func(doc []byte) error {
		var fresh T
		return json.Unmarshal(doc, &fresh)
	})
	return &p
}

// LocateDecodeFailure returns the problem of err, what decode said of
// data: at the pointer of the smallest value whose decoding still fails
// when it is the only member or item of each value around it (so a
// member's own fault is told from its siblings'), with decode's message
// for that document. encoding/json's own path (UnmarshalTypeError.Field)
// leaves out array indices and map keys, and errors of UnmarshalJSON and
// UnmarshalText methods have none, so the value is found by decoding.
// A member or item counts only when it fails as data did (the same
// message); where none does (a fault of their combination), or where the
// value fails so with no members at all (a union's decoder wanting its
// tag), the pointer stops at the value that holds them.
func LocateDecodeFailure(data []byte, err error, decode func([]byte) error) problem.Problem {
	var ptr []string
	cur := bytes.TrimSpace(data)
	// wrap puts a candidate value back in place of cur, inside the
	// single-member objects and single-item arrays around it.
	wrap := func(v []byte) []byte { return v }
	for {
		if empty := emptyOf(cur); empty == nil || sameFailure(decode(wrap(empty)), err) {
			// Not a container, or one that fails as data did with
			// nothing in it (a tag its decoder wants): its own fault.
			break
		}
		found := false
		each(cur, func(key string, index int, value []byte) bool {
			// in puts a value where this member or item was, alone.
			in := func(v []byte) []byte { return concat([]byte("["), v, []byte("]")) }
			token := strconv.Itoa(index)
			if index < 0 {
				k, _ := json.Marshal(key)
				in = func(v []byte) []byte { return concat([]byte("{"), k, []byte(":"), v, []byte("}")) }
				token = key
			}
			e := decode(wrap(in(value)))
			if e == nil || !sameFailure(e, err) {
				// A failure of another kind is the container's (a
				// union's decoder wanting its tag member), not this
				// value's.
				return true
			}
			outer := wrap
			wrap = func(v []byte) []byte { return outer(in(v)) }
			ptr = append(ptr, token)
			cur, err, found = value, e, true
			return false
		})
		if !found {
			break
		}
	}
	return problem.Problem{Pointer: Pointer(ptr), Message: "decode: " + decodeMessage(err)}
}

// emptyOf is the empty object or array of doc's kind, or nil for other
// values.
func emptyOf(doc []byte) []byte {
	switch {
	case len(doc) > 0 && doc[0] == '{':
		return []byte("{}")
	case len(doc) > 0 && doc[0] == '[':
		return []byte("[]")
	}
	return nil
}

// sameFailure reports whether a and b say the same of the same value.
func sameFailure(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	var ta, tb *json.UnmarshalTypeError
	if errors.As(a, &ta) && errors.As(b, &tb) {
		return ta.Value == tb.Value && ta.Type == tb.Type
	}
	return decodeMessage(a) == decodeMessage(b)
}

// decodeMessage is encoding/json's message without the Go struct field
// path (the pointer says where) and without its "json: " prefix.
func decodeMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("cannot hold JSON %s in Go type %s", te.Value, te.Type)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// each calls f with every member (index -1) or item (key "") of the
// object or array doc, in order, until f returns false; it does nothing
// for other values or text that is not JSON.
func each(doc []byte, f func(key string, index int, value []byte) bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	open, err := dec.Token()
	if err != nil {
		return
	}
	switch open {
	case json.Delim('{'):
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return
			}
			key, _ := kt.(string)
			var v json.RawMessage
			if dec.Decode(&v) != nil || !f(key, -1, v) {
				return
			}
		}
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			var v json.RawMessage
			if dec.Decode(&v) != nil || !f("", i, v) {
				return
			}
		}
	}
}

func concat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}
