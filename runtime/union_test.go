package runtime

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestKindOf(t *testing.T) {
	for in, want := range map[string]Kind{
		` null`: KindNull, "true": KindBool, "\tfalse": KindBool, "-1": KindNumber, "0.5": KindNumber,
		`"s"`: KindString, "\n[1]": KindArray, "{}": KindObject, "": KindInvalid, "x": KindInvalid,
	} {
		if got := KindOf([]byte(in)); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestDiscriminator(t *testing.T) {
	tests := []struct {
		in, want string
		fail     bool
	}{
		{`{"kind":"circle","r":1}`, "circle", false},
		{`{"r":1}`, "", true},
		{`{"kind":3}`, "", true},
		{`[1]`, "", true},
	}
	for _, tc := range tests {
		got, err := Discriminator([]byte(tc.in), "kind")
		if got != tc.want || (err != nil) != tc.fail {
			t.Errorf("Discriminator(%s) = %q, %v", tc.in, got, err)
		}
	}
	if err := NoVariant("Shape", `"triangle"`); !errors.Is(err, ErrNoVariant) {
		t.Errorf("NoVariant does not wrap ErrNoVariant: %v", err)
	}
}

func TestTuple(t *testing.T) {
	var a float64
	var b *string
	var rest []int
	err := UnmarshalTuple([]byte(`[1.5,"x",3,4]`), []any{&a, &b}, &rest)
	if err != nil || a != 1.5 || *b != "x" || len(rest) != 2 {
		t.Fatalf("UnmarshalTuple: %v %v %v %v", a, b, rest, err)
	}
	out, err := MarshalTuple([]any{a}, []TupleItem{{Set: true, Value: b}}, rest)
	if err != nil || string(out) != `[1.5,"x",3,4]` {
		t.Errorf("MarshalTuple = %s, %v", out, err)
	}
	if err := UnmarshalTuple[json.RawMessage]([]byte(`[1,2,3]`), []any{&a, &b}, nil); err == nil {
		t.Error("a closed tuple accepted more items")
	}
	if _, err := MarshalTuple([]any{}, []TupleItem{{Set: false}}, []int{1}); err == nil {
		t.Error("items after an unset position encoded")
	}
	var short float64
	if err := UnmarshalTuple[json.RawMessage]([]byte(`[]`), []any{&short}, nil); err != nil || short != 0 {
		t.Errorf("missing optional positions: %v", err)
	}
}

func TestTag(t *testing.T) {
	for _, tc := range []struct {
		raw, want string
		ok        bool
	}{
		{`{"kind": "circle", "r": 1}`, "circle", true},
		{`{"r": {"kind": "inner"}, "kind" : "square"}`, "square", true},
		{`{"kind": "a\"b"}`, `a"b`, true},     // escapes: read by jx
		{`{"k\u0069nd": "esc"}`, "esc", true}, // an escaped key too
		{`{"kind": "ünï"}`, "ünï", true},      // plain UTF-8
		{`{"kind": 3}`, "", false},            // not a string
		{`{"shape": "circle"}`, "", false},    // missing
		{`["kind", "circle"]`, "", false},     // not an object
		{`{"kind": "first", "kind": "second"}`, "first", true},
	} {
		c := &Decoding{}
		got, ok := c.Tag([]byte(tc.raw), "kind")
		if got != tc.want || ok != tc.ok {
			t.Errorf("Tag(%s) = %q, %v; want %q, %v", tc.raw, got, ok, tc.want, tc.ok)
		}
	}
}
