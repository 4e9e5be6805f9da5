package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/go-faster/jx"
)

// KindField is the property that holds an action's kind in a persisted
// event.
const KindField = "kind"

// MarshalKind encodes v, a JSON object, with "kind" first.
func MarshalKind(kind string, v any) ([]byte, error) { return MarshalEvent(kind, "", v) }

// SplitKind reads the "kind" of a persisted event and returns the event's
// other properties as a JSON object.
func SplitKind(data []byte) (string, []byte, error) {
	kind, _, rest, err := SplitEvent(data)
	return kind, rest, err
}

// UnknownKind reports a kind that no action type of the package has.
func UnknownKind(kind string, known []string) error {
	return fmt.Errorf("unknown action kind %q; known kinds: %s", kind, strings.Join(known, ", "))
}

// UnknownTool reports a tool name that the package does not define.
func UnknownTool(name string, known []string) error {
	return fmt.Errorf("unknown tool %q; known tools: %s", name, strings.Join(known, ", "))
}

// MarshalAction encodes an action's own arguments and its response as one
// flat JSON object.
func MarshalAction(args, response any) ([]byte, error) {
	a, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	r, err := json.Marshal(response)
	if err != nil {
		return nil, err
	}
	a, r = bytes.TrimSpace(a), bytes.TrimSpace(r)
	if len(a) < 2 || len(r) < 2 || a[0] != '{' || r[0] != '{' {
		return nil, fmt.Errorf("action parts must encode as JSON objects")
	}
	out := append([]byte(nil), a[:len(a)-1]...)
	if len(bytes.TrimSpace(out)) > 1 && len(bytes.TrimSpace(r[1:len(r)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, r[1:]...)
	return out, nil
}

// UnmarshalAction decodes one flat JSON object into an action's parts:
// the response's declared properties into response, all others into args,
// each part's members in the order they came in.
func UnmarshalAction(data []byte, args any, response any, responseFields *Fields) error {
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' || !json.Valid(data) {
		// What is not an object's valid JSON gets encoding/json's error
		// for it (an object's is read below without decoding it twice).
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil {
			return err
		}
	}
	a, r := []byte{'{'}, []byte{'{'}
	d := jx.DecodeBytes(data)
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		raw, err := d.Raw()
		if err != nil {
			return err
		}
		k := validUTF8(string(key))
		part := &a
		if responseFields.has(k) {
			part = &r
		}
		if len(*part) > 1 {
			*part = append(*part, ',')
		}
		kq, _ := json.Marshal(k)
		*part = append(append(append(*part, kq...), ':'), bytes.TrimSpace(raw)...)
		return nil
	})
	if err != nil {
		return err
	}
	if err := json.Unmarshal(append(a, '}'), args); err != nil {
		return err
	}
	return json.Unmarshal(append(r, '}'), response)
}
