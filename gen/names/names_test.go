package names

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGo(t *testing.T) {
	for in, want := range map[string]string{
		"user_id":        "UserID",
		"fooBar":         "FooBar",
		"HTTPServer":     "HTTPServer",
		"http-server":    "HTTPServer",
		"api_url":        "APIURL",
		"3d":             "X3d",
		"2fa-enabled":    "X2faEnabled",
		"$schema":        "Schema",
		"type":           "Type",
		"func":           "Func",
		"résumé":         "Résumé",
		"名前":             "X名前",
		"already Pascal": "AlreadyPascal",
		"v2":             "V2",
		"":               "",
		"$":              "",
		"JSONPath":       "JSONPath",
		"mcp_tools":      "MCPTools",
	} {
		if got := Go(in); got != want {
			t.Errorf("Go(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	got := Words("fooBar-baz2 HTTPServer")
	want := []string{"foo", "Bar", "baz2", "HTTP", "Server"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
}

func TestUnique(t *testing.T) {
	keys := []string{"case_a", "caseA", "$schema", "schema", "x"}
	got := Unique(keys, Go, map[string]bool{"X": true})
	want := map[string]string{"caseA": "CaseA", "case_a": "CaseA2", "schema": "Schema", "$schema": "Schema2", "x": "X2"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
	// The result depends on the keys only, not on their order.
	rev := []string{"x", "schema", "$schema", "caseA", "case_a"}
	if d := cmp.Diff(got, Unique(rev, Go, map[string]bool{"X": true})); d != "" {
		t.Errorf("order changed the names:\n%s", d)
	}
}
