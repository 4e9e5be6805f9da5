package runtime

import (
	"encoding/json"
	"strconv"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// Node is a value of an unfinished reply, as read so far. Generated
// Parse<Name>Partial functions read their <Name>Partial types from it.
type Node struct {
	v    any
	ptr  string
	done map[string]bool
}

// ReadPartial reads a reply that may still be streaming: strings may
// still grow; numbers, booleans, null and enum values appear only once the
// text has finished them; each value knows whether the model closed it.
// Nothing is validated, since the reply is not finished. It returns nil
// and ErrEmptyReply or ErrNoJSON when there is nothing to read yet.
func (o Output[T]) ReadPartial(text []byte) (*Node, []Repair, error) {
	if o.plain {
		// A plain string output is the text itself, still growing.
		return &Node{v: string(text), done: map[string]bool{"": false}}, nil, nil
	}
	sch, err := o.schema.get()
	if err != nil {
		return nil, nil, err
	}
	v, repairs, err := read(text, true)
	if err != nil {
		return nil, repairs, err
	}
	done := map[string]bool{}
	v = prune(v, sch, nil, done)
	if v == nil {
		return nil, repairs, ErrNoJSON
	}
	doc := toAny(v)
	var coerced []Repair
	doc = coerce(&o.schema.set.shapes, doc, sch, "", &coerced)
	for i := range coerced {
		coerced[i].Offset = offsetOf(v, coerced[i].Pointer)
	}
	return &Node{v: doc, done: done}, append(repairs, coerced...), nil
}

// readPartial returns the JSON of what an unfinished reply holds so far.
func (o Output[T]) readPartial(text []byte) (json.RawMessage, error) {
	n, _, err := o.ReadPartial(text)
	if err != nil {
		return nil, err
	}
	return n.JSON(), nil
}

// prune drops what an unfinished reply has not finished and that may
// still change meaning: a number, boolean or literal the text ends in, an
// enum value or a string read as another kind still being written. It
// records which values the model closed. It returns nil for a value
// dropped whole.
func prune(v *jvalue, s *jsonschema.Schema, path []string, done map[string]bool) *jvalue {
	ptr := Pointer(path)
	done[ptr] = v.done
	var ms []*jsonschema.Schema
	if s != nil {
		ms = members(s)
	}
	switch v.kind {
	case jNull, jBool, jNumber:
		if !v.done {
			return nil
		}
	case jString:
		if !v.done && s != nil {
			want := allowedTypes(ms)
			if want != 0 && !want.has("string") || hasEnum(ms) {
				return nil
			}
		}
	case jArray:
		var items []*jvalue
		for i, it := range v.kids {
			var sub *jsonschema.Schema
			if s != nil {
				sub = itemSchema(nil, ms, i)
			}
			if p := prune(it, sub, append(path, strconv.Itoa(len(items))), done); p != nil {
				items = append(items, p)
			}
		}
		v.kids = items
	case jObject:
		var keys []string
		var vals []*jvalue
		for i, k := range v.keys {
			var sub *jsonschema.Schema
			if s != nil {
				sub = propertySchema(ms, k)
			}
			if p := prune(v.kids[i], sub, append(path, k), done); p != nil {
				keys = append(keys, k)
				vals = append(vals, p)
			}
		}
		v.keys, v.kids = keys, vals
	}
	return v
}

func hasEnum(ms []*jsonschema.Schema) bool {
	for _, m := range ms {
		if m.Enum != nil {
			return true
		}
		if _, ok := constString(m); ok {
			return true
		}
	}
	return false
}

// Done reports whether the model closed the value: a string's end quote,
// an array's or object's bracket. Numbers, booleans and enum values are
// only there once finished.
func (n *Node) Done() bool {
	if n == nil {
		return false
	}
	for ptr := n.ptr; ; {
		if d, ok := n.done[ptr]; ok {
			return d
		}
		// A value a coercion made (a list of one) is as done as the value
		// it was made of.
		j := strings.LastIndexByte(ptr, '/')
		if j < 0 {
			return false
		}
		ptr = ptr[:j]
	}
}

// IsObject reports whether the value is an object.
func (n *Node) IsObject() bool {
	_, ok := n.value().(map[string]any)
	return ok
}

func (n *Node) value() any {
	if n == nil {
		return nil
	}
	return n.v
}

// Field returns the member name of an object; nil when the reply has not
// written it yet.
func (n *Node) Field(name string) *Node {
	m, ok := n.value().(map[string]any)
	if !ok {
		return nil
	}
	v, ok := m[name]
	if !ok {
		return nil
	}
	return &Node{v: v, ptr: n.ptr + "/" + escapeToken(name), done: n.done}
}

// Items returns the items of an array read so far.
func (n *Node) Items() []*Node {
	a, ok := n.value().([]any)
	if !ok {
		return nil
	}
	out := make([]*Node, len(a))
	for i, v := range a {
		out[i] = &Node{v: v, ptr: n.ptr + "/" + strconv.Itoa(i), done: n.done}
	}
	return out
}

// Members returns the members of an object read so far, by name.
func (n *Node) Members() map[string]*Node {
	m, ok := n.value().(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]*Node, len(m))
	for k, v := range m {
		out[k] = &Node{v: v, ptr: n.ptr + "/" + escapeToken(k), done: n.done}
	}
	return out
}

// JSON returns the value read so far as JSON.
func (n *Node) JSON() json.RawMessage {
	b, _ := json.Marshal(n.value())
	return b
}

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
func SetField[T any](f *Field[T], n *Node, read func(*Node) (T, bool)) {
	if n == nil {
		return
	}
	if v, ok := read(n); ok {
		*f = Field[T]{value: v, present: true, done: n.Done()}
	}
}

// ReadString reads a string, finished or still growing.
func ReadString(n *Node) (string, bool) {
	s, ok := n.value().(string)
	return s, ok
}

// ReadInt reads an integer.
func ReadInt(n *Node) (int64, bool) {
	num, ok := n.value().(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(NormalizeIntegers([]byte(num))), 10, 64)
	return i, err == nil
}

// ReadFloat reads a number.
func ReadFloat(n *Node) (float64, bool) {
	num, ok := n.value().(json.Number)
	if !ok {
		return 0, false
	}
	f, err := num.Float64()
	return f, err == nil
}

// ReadBool reads a boolean.
func ReadBool(n *Node) (bool, bool) {
	b, ok := n.value().(bool)
	return b, ok
}

// ReadEnum reads an enum value of type E.
func ReadEnum[E ~string](n *Node) (E, bool) {
	s, ok := n.value().(string)
	return E(s), ok
}

// ReadRaw reads any value as the JSON read so far.
func ReadRaw(n *Node) (json.RawMessage, bool) {
	if n == nil {
		return nil, false
	}
	return n.JSON(), true
}

// ReadSlice returns a reader of arrays whose items read reads; items it
// cannot read yet are left out.
func ReadSlice[E any](read func(*Node) (E, bool)) func(*Node) ([]E, bool) {
	return func(n *Node) ([]E, bool) {
		if _, ok := n.value().([]any); !ok {
			return nil, false
		}
		out := []E{}
		for _, it := range n.Items() {
			if v, ok := read(it); ok {
				out = append(out, v)
			}
		}
		return out, true
	}
}

// ReadMap returns a reader of objects whose member values read reads.
func ReadMap[E any](read func(*Node) (E, bool)) func(*Node) (map[string]E, bool) {
	return func(n *Node) (map[string]E, bool) {
		if !n.IsObject() {
			return nil, false
		}
		out := map[string]E{}
		for k, m := range n.Members() {
			if v, ok := read(m); ok {
				out[k] = v
			}
		}
		return out, true
	}
}
