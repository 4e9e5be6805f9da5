package impl

import (
	"encoding/json"
	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
	"strconv"
)

// ReadString reads a string, finished or still growing.
func ReadString(n *lenient.Node) (string, bool) {
	s, ok := n.Value().(string)
	return s, ok
}

// ReadInt reads an integer.
func ReadInt(n *lenient.Node) (int64, bool) {
	num, ok := n.Value().(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(schema.NormalizeIntegers([]byte(num))), 10, 64)
	return i, err == nil
}

// ReadFloat reads a number.
func ReadFloat(n *lenient.Node) (float64, bool) {
	num, ok := n.Value().(json.Number)
	if !ok {
		return 0, false
	}
	f, err := num.Float64()
	return f, err == nil
}

// ReadBool reads a boolean.
func ReadBool(n *lenient.Node) (bool, bool) {
	b, ok := n.Value().(bool)
	return b, ok
}

// ReadEnum reads an enum value of type E.
func ReadEnum[E ~string](n *lenient.Node) (E, bool) {
	s, ok := n.Value().(string)
	return E(s), ok
}

// ReadRaw reads any value as the JSON read so far.
func ReadRaw(n *lenient.Node) (json.RawMessage, bool) {
	if n == nil {
		return nil, false
	}
	return n.JSON(), true
}

// ReadSlice returns a reader of arrays whose items read reads; items it
// cannot read yet are left out.
func ReadSlice[E any](read func(*lenient.Node) (E, bool)) func(*lenient.Node) ([]E, bool) {
	return func(n *lenient.Node) ([]E, bool) {
		if _, ok := n.Value().([]any); !ok {
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
func ReadMap[E any](read func(*lenient.Node) (E, bool)) func(*lenient.Node) (map[string]E, bool) {
	return func(n *lenient.Node) (map[string]E, bool) {
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
