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
