package impl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/structgen/structgen/runtime"
)

// SchemaChanged returns a *SchemaChangedError when an event's fingerprint
// (written) differs from the tool's (current); err is what reading the
// event against the current schema gave. An event without a fingerprint
// (written before fingerprints) is not reported.
func SchemaChanged(kind, written, current string, err error) error {
	if written == "" || written == current {
		return nil
	}
	return &runtime.SchemaChangedError{Kind: kind, Written: written, Current: current, Err: err}
}

// MarshalEvent encodes an action as a persisted event: {"kind": kind,
// "schemaFingerprint": fingerprint, then the action's fields}.
func MarshalEvent(kind, fingerprint string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("action %s does not encode as a JSON object", kind)
	}
	k, _ := json.Marshal(kind)
	out := append([]byte(`{"`+KindField+`":`), k...)
	if fingerprint != "" {
		f, _ := json.Marshal(fingerprint)
		out = append(append(out, `,"`+runtime.FingerprintField+`":`...), f...)
	}
	if rest := bytes.TrimSpace(b[1:]); len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, b[1:]...), nil
}

// SplitEvent reads the kind and the schema fingerprint of a persisted
// event and returns its other properties as a JSON object; the
// fingerprint is "" in events written before fingerprints.
func SplitEvent(data []byte) (kind, fingerprint string, rest []byte, err error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return "", "", nil, fmt.Errorf("event is not a JSON object: %w", err)
	}
	raw, ok := obj[KindField]
	if !ok {
		return "", "", nil, fmt.Errorf("event has no %q property", KindField)
	}
	if err := json.Unmarshal(raw, &kind); err != nil {
		return "", "", nil, fmt.Errorf("event property %q is not a string: %s", KindField, raw)
	}
	delete(obj, KindField)
	if raw, ok := obj[runtime.FingerprintField]; ok {
		if err := json.Unmarshal(raw, &fingerprint); err != nil {
			return "", "", nil, fmt.Errorf("event property %q is not a string: %s", runtime.FingerprintField, raw)
		}
		delete(obj, runtime.FingerprintField)
	}
	rest, err = json.Marshal(obj)
	return kind, fingerprint, rest, err
}
