// Package ojson reads and writes JSON keeping the order of object keys,
// because the order of a schema's properties is the order a model writes
// them in.
package ojson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Object is a JSON object with its keys in document order.
type Object struct {
	Keys []string
	Vals map[string]any
}

// NewObject returns an empty object.
func NewObject() *Object { return &Object{Vals: map[string]any{}} }

// Get returns the value of key.
func (o *Object) Get(key string) (any, bool) {
	v, ok := o.Vals[key]
	return v, ok
}

// Set sets key, appending it when new.
func (o *Object) Set(key string, v any) {
	if _, ok := o.Vals[key]; !ok {
		o.Keys = append(o.Keys, key)
	}
	o.Vals[key] = v
}

// Delete removes key.
func (o *Object) Delete(key string) {
	if _, ok := o.Vals[key]; !ok {
		return
	}
	delete(o.Vals, key)
	for i, k := range o.Keys {
		if k == key {
			o.Keys = append(o.Keys[:i:i], o.Keys[i+1:]...)
			break
		}
	}
}

// Parse reads one JSON document. Values are *Object, []any, json.Number,
// string, bool or nil.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON document")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := NewObject()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				o.Set(k, v)
			}
			_, err := dec.Token()
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	}
	return tok, nil
}

// Marshal writes v as indented JSON with keys in their order.
func Marshal(v any) []byte {
	var b bytes.Buffer
	write(&b, v, "")
	return b.Bytes()
}

func write(b *bytes.Buffer, v any, indent string) {
	in := indent + "  "
	switch v := v.(type) {
	case *Object:
		if len(v.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range v.Keys {
			b.WriteString(in)
			writeString(b, k)
			b.WriteString(": ")
			write(b, v.Vals[k], in)
			if i < len(v.Keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		if scalars(v) {
			b.WriteByte('[')
			for i, e := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				write(b, e, in)
			}
			b.WriteByte(']')
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(in)
			write(b, e, in)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case string:
		writeString(b, v)
	case json.Number:
		b.WriteString(string(v))
	case bool:
		if v {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case nil:
		b.WriteString("null")
	default:
		data, _ := json.Marshal(v)
		b.Write(data)
	}
}

func scalars(vs []any) bool {
	for _, v := range vs {
		switch v.(type) {
		case *Object, []any:
			return false
		}
	}
	return true
}

func writeString(b *bytes.Buffer, s string) {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	b.WriteString(strings.TrimSuffix(sb.String(), "\n"))
}

// Clone returns a deep copy of v.
func Clone(v any) any {
	switch v := v.(type) {
	case *Object:
		o := NewObject()
		for _, k := range v.Keys {
			o.Set(k, Clone(v.Vals[k]))
		}
		return o
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = Clone(e)
		}
		return out
	}
	return v
}
