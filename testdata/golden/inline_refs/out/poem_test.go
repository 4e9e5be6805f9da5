package poem

import "testing"

func TestInlineLocalRef(t *testing.T) {
	p, err := ParsePoem([]byte(`{"lines": ["a", "b"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Lines) != 2 || p.Lines[0] != "a" {
		t.Errorf("got %+v", p)
	}
	// The referenced definition's minLength holds.
	if _, err := ParsePoem([]byte(`{"lines": [""]}`)); err == nil {
		t.Error("an empty line must be rejected")
	}
}
