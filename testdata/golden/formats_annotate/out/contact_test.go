package contact

import "testing"

func TestFormatsAnnotated(t *testing.T) {
	c, err := ParseContact([]byte(`{"email": "not an address", "since": "yesterday"}`))
	if err != nil {
		t.Fatalf("formats are annotations here: %v", err)
	}
	if c.Email != "not an address" || c.Since == nil || *c.Since != "yesterday" {
		t.Errorf("got %+v", c)
	}
}
