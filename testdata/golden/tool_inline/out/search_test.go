package search

import "testing"

func TestInlineToolSchemas(t *testing.T) {
	a, err := ParseSearchAction([]byte(`{"q": "go", "hits": ["a"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Q != "go" || len(a.Hits) != 1 {
		t.Errorf("got %+v", a)
	}
	if _, err := ParseSearchAction([]byte(`{"q": "", "hits": []}`)); err == nil {
		t.Error("q must not be empty")
	}
	if _, err := ParseSearchAction([]byte(`{"q": "go"}`)); err == nil {
		t.Error("hits is required")
	}
}
