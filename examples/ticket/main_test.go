package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	if !errors.Is(err, runtime.ErrDuplicateKey) || !strings.Contains(err.Error(), "property 'name' is written twice") {
		t.Errorf("got %v", err)
	}
}

// TestDueOrNull: anyOf of a schema and null (as Pydantic and Zod write an
// optional value) decodes in the same pass: null, a date, or a problem.
func TestDueOrNull(t *testing.T) {
	with := func(due string) string {
		return strings.Replace(good, `"priority": 2,`, `"priority": 2, "due": `+due+`,`, 1)
	}
	tk, err := ticket.ParseTicket([]byte(with("null")))
	if err != nil || !tk.Due.Present || !tk.Due.Null {
		t.Errorf("null: %+v, %v", tk.Due, err)
	}
	tk, err = ticket.ParseTicket([]byte(with(`"2026-12-24"`)))
	if d, ok := tk.Due.Get(); err != nil || !ok || d != "2026-12-24" {
		t.Errorf("a date: %+v, %v", tk.Due, err)
	}
	if _, err := ticket.ParseTicket([]byte(with(`"24.12.2026"`))); err == nil || !strings.Contains(err.Error(), "/due: '24.12.2026' is not valid date") {
		t.Errorf("a bad date: %v", err)
	}
}

// TestTypedExtras: undeclared properties of one schema are checked and
// decoded into the typed extras map, in the same pass.
func TestTypedExtras(t *testing.T) {
	with := func(effort string) string {
		return strings.Replace(good, `"priority": 2,`, `"priority": 2, "effort": `+effort+`,`, 1)
	}
	tk, err := ticket.ParseTicket([]byte(with(`{"owner": "billing", "billing": 3, "platform": 1}`)))
	if err != nil || tk.Effort == nil || tk.Effort.AdditionalProperties["billing"] != 3 || *tk.Effort.Owner != "billing" {
		t.Fatalf("got %+v, %v", tk.Effort, err)
	}
	_, err = ticket.ParseTicket([]byte(with(`{"billing": -1, "platform": "x"}`)))
	if err == nil || !strings.Contains(err.Error(), "/effort/billing: minimum: got -1, want 0") || !strings.Contains(err.Error(), "/effort/platform: got string, want integer") {
		t.Errorf("got %v", err)
	}
}

// TestExtrasKeepOrder: undeclared properties are written back in the
// order they were read in, whether the generated decoder or
// encoding/json read them, and in key order when built in code.
func TestExtrasKeepOrder(t *testing.T) {
	// The second has more extras than the decoder's buffer of keys.
	many := `{"owner":"core","t12":12,"t11":11,"t10":10,"t9":9,"t8":8,"t7":7,"t6":6,"t5":5,"t4":4,"t3":3,"t2":2,"t1":1}`
	var viaJSON ticket.TicketEffort
	for _, in := range []string{many, `{"owner":"core","zeta":1,"alpha":2,"mid":3}`} {
		viaJSON = ticket.TicketEffort{}
		if err := json.Unmarshal([]byte(in), &viaJSON); err != nil {
			t.Fatal(err)
		}
		tk, err := ticket.ParseTicket([]byte(strings.Replace(good, `"priority": 2,`, `"priority": 2, "effort": `+in+`,`, 1)))
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range map[string]ticket.TicketEffort{"generated decoder": *tk.Effort, "encoding/json": viaJSON} {
			out, err := json.Marshal(v)
			if err != nil || string(out) != in {
				t.Errorf("%s: wrote %s, %v; want %s", name, out, err, in)
			}
		}
		if d := cmp.Diff(*tk.Effort, viaJSON); d != "" {
			t.Errorf("the two readings differ (-decoder +encoding/json):\n%s", d)
		}
	}
	// A key added in code goes after the ones read; one deleted is gone.
	v := viaJSON
	v.AdditionalProperties = map[string]int64{"zeta": 1, "mid": 3, "beta": 4}
	if out, _ := json.Marshal(v); string(out) != `{"owner":"core","zeta":1,"mid":3,"beta":4}` {
		t.Errorf("after edits: %s", out)
	}
	// Built in code: key order, and no order kept.
	owner := "core"
	built := ticket.TicketEffort{Owner: &owner, AdditionalProperties: map[string]int64{"zeta": 1, "alpha": 2}}
	if out, _ := json.Marshal(built); string(out) != `{"owner":"core","alpha":2,"zeta":1}` {
		t.Errorf("built in code: %s", out)
	}
	var sorted ticket.TicketEffort
	if err := json.Unmarshal([]byte(`{"owner":"core","alpha":2,"zeta":1}`), &sorted); err != nil || sorted.AdditionalPropertiesOrder != nil {
		t.Errorf("extras read in key order keep no order: %q, %v", sorted.AdditionalPropertiesOrder, err)
	}
}
