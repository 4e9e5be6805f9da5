package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/go-faster/jx"
)

// Encoding is the state of a generated encoder (a MarshalJSON written for
// one type): a jx.Encoder and the first error. It writes the JSON value
// encoding/json would write for the same Go value, without reflection:
// string values escaped the same way (member names as jx writes them), a
// float that JSON cannot hold an error, json.RawMessage checked and
// compacted. Generated code calls its
// methods; they are not meant for hand-written code.
type Encoding struct {
	e   jx.Encoder
	err error
}

var encodings = sync.Pool{New: func() any { return new(Encoding) }}

// Marshal runs a generated encoder and returns what it wrote.
func Marshal(encode func(*Encoding)) ([]byte, error) {
	e := encodings.Get().(*Encoding)
	defer func() {
		e.e.Reset()
		e.err = nil
		encodings.Put(e)
	}()
	encode(e)
	if e.err != nil {
		return nil, e.err
	}
	return slices.Clone(e.e.Bytes()), nil
}

func (e *Encoding) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// ObjStart and ObjEnd bound an object; Field writes a member's name.
func (e *Encoding) ObjStart() { e.e.ObjStart() }

// ObjEnd: see ObjStart.
func (e *Encoding) ObjEnd() { e.e.ObjEnd() }

// Field writes a member's name; its value follows.
func (e *Encoding) Field(name string) { e.e.FieldStart(name) }

// ArrStart and ArrEnd bound an array.
func (e *Encoding) ArrStart() { e.e.ArrStart() }

// ArrEnd: see ArrStart.
func (e *Encoding) ArrEnd() { e.e.ArrEnd() }

// Str writes a string as encoding/json does (HTML characters escaped,
// invalid UTF-8 as U+FFFD).
func (e *Encoding) Str(s string) { e.e.StrEscape(s) }

// Int writes an integer.
func (e *Encoding) Int(v int64) { e.e.Int64(v) }

// Bool writes a boolean.
func (e *Encoding) Bool(v bool) { e.e.Bool(v) }

// Null writes null.
func (e *Encoding) Null() { e.e.Null() }

// Float writes a number; NaN and the infinities are an error, as they are
// for encoding/json (JSON has no such numbers).
func (e *Encoding) Float(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		e.fail(fmt.Errorf("json: unsupported value: %v", v))
		e.e.Null()
		return
	}
	e.e.Float64(v)
}

// Raw writes a value's JSON text, compacted; empty is null, as for
// encoding/json.
func (e *Encoding) Raw(raw json.RawMessage) {
	if len(raw) == 0 {
		e.e.Null()
		return
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		e.fail(fmt.Errorf("json: error calling MarshalJSON for type json.RawMessage: %w", err))
		e.e.Null()
		return
	}
	e.e.Raw(b.Bytes())
}

// Marshal writes v with encoding/json: for values of types that have no
// generated encoder.
func (e *Encoding) Marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.fail(err)
		e.e.Null()
		return
	}
	e.e.Raw(b)
}

// SortedKeys returns a map's keys in order, as encoding/json writes them.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
