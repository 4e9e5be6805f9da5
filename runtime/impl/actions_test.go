package impl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestMarshalKind(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{map[string]int{}, `{"kind":"K"}`},
		{map[string]int{"a": 1}, `{"kind":"K","a":1}`},
		{struct{}{}, `{"kind":"K"}`},
	} {
		got, err := MarshalKind("K", tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("MarshalKind(%v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
	if _, err := MarshalKind("K", []int{1}); err == nil {
		t.Error("an array encoded as an action")
	}
}

func TestSplitKind(t *testing.T) {
	kind, rest, err := SplitKind([]byte(`{"a":1,"kind":"K"}`))
	if err != nil || kind != "K" || string(rest) != `{"a":1}` {
		t.Errorf("SplitKind = %q %s %v", kind, rest, err)
	}
	for in, want := range map[string]string{
		`[1]`:          "event is not a JSON object",
		`{"a":1}`:      `event has no "kind" property`,
		`{"kind":3}`:   `event property "kind" is not a string: 3`,
		`{"kind":null`: "event is not a JSON object",
	} {
		if _, _, err := SplitKind([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SplitKind(%s) = %v, want %q", in, err, want)
		}
	}
}

func TestActionParts(t *testing.T) {
	type resp struct {
		N int `json:"n"`
	}
	out, err := MarshalAction(map[string]string{"q": "x"}, resp{N: 2})
	if err != nil || string(out) != `{"q":"x","n":2}` {
		t.Errorf("MarshalAction = %s, %v", out, err)
	}
	if out, _ := MarshalAction(struct{}{}, resp{N: 2}); string(out) != `{"n":2}` {
		t.Errorf("empty arguments: %s", out)
	}
	var a map[string]any
	var r resp
	if err := UnmarshalAction([]byte(`{"q":"x","n":2,"z":true}`), &a, &r, NewFields("n")); err != nil {
		t.Fatal(err)
	}
	if r.N != 2 || a["q"] != "x" || a["z"] != true || a["n"] != nil {
		t.Errorf("split: args %v response %+v", a, r)
	}
	// The arguments part sees its members in the order they came in.
	var raw json.RawMessage
	if err := UnmarshalAction([]byte(`{"z":true, "n":2, "q":"x\u00e9"}`), &raw, &r, NewFields("n")); err != nil || string(raw) != `{"z":true,"q":"x\u00e9"}` {
		t.Errorf("arguments part: %s, %v", raw, err)
	}
	// What is not an object's valid JSON gets encoding/json's error.
	var syntax *json.SyntaxError
	if err := UnmarshalAction([]byte(`{"z":}`), &raw, &r, NewFields("n")); !errors.As(err, &syntax) {
		t.Errorf("bad JSON: %v, want a *json.SyntaxError", err)
	}
	var kind *json.UnmarshalTypeError
	if err := UnmarshalAction([]byte(` [1]`), &raw, &r, NewFields("n")); !errors.As(err, &kind) {
		t.Errorf("an array: %v, want a *json.UnmarshalTypeError", err)
	}
	// An object is split without being decoded into a map first (35
	// allocations when it was).
	if allocs := testing.AllocsPerRun(20, func() {
		var r resp
		var raw json.RawMessage
		UnmarshalAction([]byte(`{"z":true,"n":2}`), &raw, &r, NewFields("n"))
	}); allocs > 28 {
		t.Errorf("UnmarshalAction of a small object allocates %v times", allocs)
	}
}

func TestUnknownToolAndKind(t *testing.T) {
	if got := UnknownTool("x", []string{"a", "b"}).Error(); got != `unknown tool "x"; known tools: a, b` {
		t.Error(got)
	}
	if got := UnknownKind("X", []string{"A"}).Error(); got != `unknown action kind "X"; known kinds: A` {
		t.Error(got)
	}
}
