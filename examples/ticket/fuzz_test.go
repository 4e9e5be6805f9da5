package main

import (
	"errors"
	"testing"

	"github.com/structgen/structgen/examples/ticket/ticket"
	"github.com/structgen/structgen/runtime"
)

// FuzzDecoderAgrees mutates tickets and checks that the generated decoder
// and the schema interpreter (santhosh-tekuri/jsonschema) give the same
// verdict and, when both accept, the same value
// (runtime.CheckDecoders).
func FuzzDecoderAgrees(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte(broken))
	f.Add(makeTicket(2))
	f.Add([]byte(`{"id":"TCK-0001","title":"x","status":"open","priority":1.0,"requester":{"name":"a","email":"a@b.c"},"tags":[],"messages":[{"author":{"name":"a","email":"a@b.c"},"body":"","sent_at":"2026-01-01T00:00:00Z","attachments":[{"name":"f","size":1e2}]}],"satisfaction":1}`))
	f.Add([]byte(`{"id":"TCK-0001","priority":9223372036854775808,"tags":["a","a"],"satisfaction":-0.0}`))
	runtime.CheckDecoders = true
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := ticket.ParseTicket(data)
		if errors.Is(err, runtime.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
