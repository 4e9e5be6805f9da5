package untyped

import (
	"encoding/json"
	"testing"
)

func TestUntypedRootRoundTrip(t *testing.T) {
	for _, in := range []string{`{"name":"x","extra":1}`, `"text"`, `null`, `[1,2]`} {
		r, err := ParseRoot([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != in {
			t.Errorf("%s re-encodes as %s", in, out)
		}
	}
	r, _ := ParseRoot([]byte(`{"name":"x"}`))
	if r.Object == nil || *r.Object.Name != "x" {
		t.Errorf("object variant: %+v", r)
	}
	if _, err := ParseRoot([]byte(`{"name": 1}`)); err == nil {
		t.Error("name must be a string")
	}
}

// TestRefBeside: keywords beside a reference check the values that
// schema describes, never the type the reference names: Settings allows
// what its own schema does wherever another schema narrows it.
func TestRefBeside(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parse func([]byte) error
		in    string
		ok    bool
	}{
		{"Settings", func(b []byte) error { _, err := ParseSettings(b); return err }, `{}`, true},
		{"Settings", func(b []byte) error { _, err := ParseSettings(b); return err }, `{"size": 0}`, false},
		{"Narrowed", func(b []byte) error { _, err := ParseNarrowed(b); return err }, `{}`, false},
		{"Narrowed", func(b []byte) error { _, err := ParseNarrowed(b); return err }, `{"name": ""}`, true},
		{"Checked", func(b []byte) error { _, err := ParseChecked(b); return err }, `{}`, false},
		{"Checked", func(b []byte) error { _, err := ParseChecked(b); return err }, `{"size": 1}`, true},
		{"Checked", func(b []byte) error { _, err := ParseChecked(b); return err }, `{"size": 0}`, false},
		{"Plain", func(b []byte) error { _, err := ParsePlain(b); return err }, `{}`, true},
		{"Plain", func(b []byte) error { _, err := ParsePlain(b); return err }, `{"name": 1}`, false},
	} {
		if err := tc.parse([]byte(tc.in)); (err == nil) != tc.ok {
			t.Errorf("%s %s: %v, want ok %v", tc.name, tc.in, err, tc.ok)
		}
	}
	// Settings' name is optional: absent stays absent.
	s, err := ParseSettings([]byte(`{"size": 2}`))
	if err != nil || s.Name != nil {
		t.Fatalf("Settings: %+v, %v", s, err)
	}
	if out, _ := json.Marshal(s); string(out) != `{"size":2}` {
		t.Errorf("Settings re-encodes as %s", out)
	}
}
