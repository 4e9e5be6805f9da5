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
	"unicode/utf8"
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
// string, bool or nil. Strings and numbers read as encoding/json reads
// them; a document this reader does not take whole is read again by
// encoding/json's decoder, whose error is returned.
func Parse(data []byte) (any, error) {
	p := parser{data: data}
	p.space()
	if v, ok := p.value(0); ok {
		if p.space(); p.i == len(data) {
			return v, nil
		}
	}
	return parseDecoder(data)
}

// parser reads valid JSON by hand: the schemas' key order is read once per
// document, and encoding/json's Token was the larger part of that.
type parser struct {
	data []byte
	i    int
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value reads the value at p.i; false where the text is not one (or not
// one this reader takes).
func (p *parser) value(depth int) (any, bool) {
	if p.i >= len(p.data) || depth > maxDepth {
		return nil, false
	}
	switch c := p.data[p.i]; {
	case c == '{':
		o := NewObject()
		for more := p.open('}'); more; {
			k, ok := p.str()
			if !ok || !p.skip(':') {
				return nil, false
			}
			p.space()
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			o.Set(k, v)
			if more, ok = p.next('}'); !ok {
				return nil, false
			}
		}
		return o, true
	case c == '[':
		arr := []any{}
		for more := p.open(']'); more; {
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			arr = append(arr, v)
			if more, ok = p.next(']'); !ok {
				return nil, false
			}
		}
		return arr, true
	case c == '"':
		return p.str()
	case c == '-' || '0' <= c && c <= '9':
		return p.number()
	}
	for _, lit := range [...]struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if bytes.HasPrefix(p.data[p.i:], []byte(lit.text)) {
			p.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

// open reads the bracket at p.i and the space after it, and reports
// whether members follow, that is, the container is not closed at once.
func (p *parser) open(close byte) bool {
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == close {
		p.i++
		return false
	}
	return true
}

// next reads what follows a member: a comma (more, with the space after
// it) or the closing bracket; false for anything else.
func (p *parser) next(close byte) (more, ok bool) {
	p.space()
	if p.i >= len(p.data) {
		return false, false
	}
	p.i++
	switch p.data[p.i-1] {
	case ',':
		p.space()
		return true, true
	case close:
		return false, true
	}
	return false, false
}

// skip reads the space before b and b.
func (p *parser) skip(b byte) bool {
	p.space()
	if p.i >= len(p.data) || p.data[p.i] != b {
		return false
	}
	p.i++
	return true
}

// str reads a string; one with escapes, control characters or bytes that
// are not UTF-8 is decoded by encoding/json.
func (p *parser) str() (string, bool) {
	if p.i >= len(p.data) || p.data[p.i] != '"' {
		return "", false
	}
	start := p.i
	plain := true
	for p.i++; p.i < len(p.data); p.i++ {
		switch c := p.data[p.i]; {
		case c == '\\':
			plain = false
			p.i++
		case c == '"':
			p.i++
			raw := p.data[start:p.i]
			if plain && utf8.Valid(raw) {
				return string(raw[1 : len(raw)-1]), true
			}
			var out string
			if err := json.Unmarshal(raw, &out); err != nil {
				return "", false
			}
			return out, true
		case c < ' ':
			plain = false
		}
	}
	return "", false
}

// number reads a number as JSON's grammar has it.
func (p *parser) number() (any, bool) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil, false
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, false
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	return json.Number(p.data[start:p.i]), true
}

// parseDecoder reads data with encoding/json's decoder, for its errors.
func parseDecoder(data []byte) (any, error) {
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
