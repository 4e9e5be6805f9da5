package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/structgen/structgen/examples/ticket/ticket"
	"github.com/structgen/structgen/runtime"
)

// FuzzDecoderAgrees mutates tickets and checks that the generated decoder
// and the schema interpreter (santhosh-tekuri/jsonschema, through
// schema.Parse) give the same verdict and, when both accept, the same
// value.
func FuzzDecoderAgrees(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte(broken))
	f.Add(makeTicket(2))
	f.Add([]byte(`{"id":"TCK-0001","title":"x","status":"open","priority":1.0,"requester":{"name":"a","email":"a@b.c"},"tags":[],"messages":[{"author":{"name":"a","email":"a@b.c"},"body":"","sent_at":"2026-01-01T00:00:00Z","attachments":[{"name":"f","size":1e2}]}],"satisfaction":1}`))
	f.Add([]byte(`{"id":"TCK-0001","priority":9223372036854775808,"tags":["a","a"],"satisfaction":-0.0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ticket.ParseTicket(data)
		w, werr := interpreted(data)
		switch {
		case errors.Is(err, runtime.ErrDuplicateKey):
			return // the decoder refuses a key written twice; the interpreter keeps the last (on purpose)
		case (err == nil) != (werr == nil):
			t.Fatalf("decoder error %v, interpreter error %v", err, werr)
		case err != nil:
			return
		}
		if !reflect.DeepEqual(v, w) {
			a, _ := json.Marshal(v)
			b, _ := json.Marshal(w)
			if !sameJSON(t, a, b) {
				t.Fatalf("decoder read %+v, interpreter %+v", v, w)
			}
		}
		// The generated encoder loses nothing: what it writes is the same
		// JSON value as the input, and parses back to the same ticket.
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		if !sameJSON(t, data, out) {
			t.Fatalf("Marshal wrote %s for %s", out, data)
		}
		back, err := ticket.ParseTicket(out)
		if err != nil || !reflect.DeepEqual(v, back) {
			t.Fatalf("parse of the encoding: %v, %+v, want %+v", err, back, v)
		}
	})
}

// sameJSON reports whether a and b are the same JSON value (numbers by
// their text, as json.Number).
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	decode := func(b []byte) any {
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatalf("decode %s: %v", b, err)
		}
		return normalize(v)
	}
	return reflect.DeepEqual(decode(a), decode(b))
}

// normalize writes numbers as float64 text, so 1.0 and 1 compare equal.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return string(x)
		}
		return f
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return v
}
