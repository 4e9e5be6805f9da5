package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/structgen/structgen/examples/ticket/ticket"
	"github.com/structgen/structgen/runtime"
)

func TestGoodTicket(t *testing.T) {
	tk, err := ticket.ParseTicket([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if tk.Status != ticket.TicketStatusOpen || len(tk.Messages) != 1 || tk.Messages[0].Author.Name != "Ada" {
		t.Errorf("got %+v", tk)
	}
}

// TestBrokenTicket: every problem is reported, each at its pointer, in
// one pass.
func TestBrokenTicket(t *testing.T) {
	_, err := ticket.ParseTicket([]byte(broken))
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a *runtime.ValidationError, got %v", err)
	}
	got := map[string]string{}
	for _, p := range ve.Problems {
		got[p.Pointer] += p.Message + ";"
	}
	for ptr, want := range map[string]string{
		"/id":              "does not match pattern",
		"/title":           "minLength",
		"/status":          "must be one of",
		"/priority":        "maximum",
		"/requester/email": "not valid email",
		"/tags":            "are equal",
		"/messages":        "minItems",
		"":                 "additional properties 'note'",
	} {
		if !strings.Contains(got[ptr], want) {
			t.Errorf("%s: want a problem saying %q, got %q", ptr, want, got[ptr])
		}
	}
}

// TestDuplicateKey: a key written twice is a problem, not a silent choice
// of one of its values.
func TestDuplicateKey(t *testing.T) {
	_, err := ticket.ParsePerson([]byte(`{"name": "Ada", "email": "ada@example.com", "name": "Grace"}`))
	if err == nil || !strings.Contains(err.Error(), "property 'name' is written twice") {
		t.Errorf("got %v", err)
	}
}
