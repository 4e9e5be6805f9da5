package impl

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/schema"
)

// decodeShape decodes raw, a value its validators passed, into dst as
// encoding/json would decode NormalizeIntegers(raw), for the Go types that
// such values have most often (raw JSON, maps and slices of it, strings).
// It reports false, having changed nothing, for any other type or a value
// of a kind the type cannot hold; encoding/json decodes those and words
// the error.
func decodeShape(raw []byte, dst any) bool {
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(raw)
	switch p := dst.(type) {
	case *json.RawMessage:
		*p = rawCopy(raw)
		return true
	case *map[string]json.RawMessage:
		m, ok := rawMap(d)
		if ok {
			*p = m
		}
		return ok
	case *[]json.RawMessage:
		return shapeSlice(d, p, func(d *jx.Decoder) (json.RawMessage, bool) {
			r, err := d.Raw()
			return rawCopy(r), err == nil
		})
	case *[]map[string]json.RawMessage:
		return shapeSlice(d, p, rawMap)
	case *string:
		if d.Next() != jx.String {
			return false
		}
		s, ok := shapeString(d)
		if ok {
			*p = s
		}
		return ok
	case **string:
		switch d.Next() {
		case jx.Null:
			*p = nil
			return true
		case jx.String:
			s, ok := shapeString(d)
			if ok {
				*p = &s
			}
			return ok
		}
		return false
	case *[]string:
		return shapeSlice(d, p, func(d *jx.Decoder) (string, bool) {
			if d.Next() != jx.String {
				return "", false
			}
			return shapeString(d)
		})
	}
	return false
}

// rawCopy is a value's JSON text as a json.RawMessage of its own, as
// encoding/json keeps it: no white space around it, integers normalized.
func rawCopy(raw []byte) json.RawMessage {
	return append(json.RawMessage(nil), schema.NormalizeIntegers(bytes.TrimSpace(raw))...)
}

// rawMap reads an object (or null) into a map of its members' JSON text.
func rawMap(d *jx.Decoder) (map[string]json.RawMessage, bool) {
	switch d.Next() {
	case jx.Null:
		return nil, d.Null() == nil
	case jx.Object:
	default:
		return nil, false
	}
	m := map[string]json.RawMessage{}
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		r, err := d.Raw()
		if err != nil {
			return err
		}
		m[validUTF8(string(key))] = rawCopy(r)
		return nil
	})
	return m, err == nil
}

// shapeSlice reads an array (or null) with item.
func shapeSlice[T any](d *jx.Decoder, dst *[]T, item func(*jx.Decoder) (T, bool)) bool {
	switch d.Next() {
	case jx.Null:
		*dst = nil
		return d.Null() == nil
	case jx.Array:
	default:
		return false
	}
	list := []T{}
	ok := true
	err := d.Arr(func(d *jx.Decoder) error {
		if !ok {
			return d.Skip()
		}
		v, good := item(d)
		if !good {
			ok = false
			return nil
		}
		list = append(list, v)
		return nil
	})
	if err != nil || !ok {
		return false
	}
	*dst = list
	return true
}

// shapeString reads a string as encoding/json does.
func shapeString(d *jx.Decoder) (string, bool) {
	s, err := d.Str()
	return validUTF8(s), err == nil
}

// KeyText is a member's key as encoding/json reads it: each invalid
// UTF-8 byte becomes U+FFFD.
func KeyText(key []byte) string { return validUTF8(string(key)) }

// validUTF8 is s with each invalid UTF-8 byte read as U+FFFD, as
// encoding/json reads strings.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}
