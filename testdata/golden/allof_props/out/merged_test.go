package merged

import "testing"

func TestMergedProperty(t *testing.T) {
	r, err := ParseRoot([]byte(`{"x": {"a": "s", "b": 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	var x *RootAX = r.X
	if *x.A != "s" || *x.B != 2 {
		t.Errorf("got %+v", x)
	}
	// Both definitions' constraints hold.
	if _, err := ParseRoot([]byte(`{"x": {"a": 1}}`)); err == nil {
		t.Error("x.a must be a string")
	}
	if _, err := ParseRoot([]byte(`{"x": {"b": "two"}}`)); err == nil {
		t.Error("x.b must be an integer")
	}
	if _, err := ParseAX2([]byte(`{"z": "ok"}`)); err != nil {
		t.Error(err)
	}
}
