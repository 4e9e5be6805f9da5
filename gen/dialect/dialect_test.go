package dialect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen/internal/ojson"
)

func TestLimitNotes(t *testing.T) {
	// 1001 enum values and 11 levels of nesting.
	var values []string
	for i := range 1001 {
		values = append(values, fmt.Sprintf("%q", fmt.Sprint("v", i)))
	}
	inner := `{"type":"string","enum":[` + strings.Join(values, ",") + `]}`
	for range 11 {
		inner = `{"type":"object","properties":{"x":` + inner + `}}`
	}
	v, err := ojson.Parse([]byte(inner))
	if err != nil {
		t.Fatal(err)
	}
	notes := limitNotes(openAIRules, v.(*ojson.Object))
	want := []string{"OpenAI: 11 levels of nesting; the limit is 10", "OpenAI: 1001 enum values; the limit is 1000"}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}

func TestNullable(t *testing.T) {
	for in, want := range map[string]string{
		`{"type":"string"}`:                      `["string", "null"]`,
		`{"type":["integer","string"]}`:          `["integer", "string", "null"]`,
		`{"enum":["a"]}`:                         `["a", null]`,
		`{"$ref":"#/$defs/X","description":"d"}`: `"anyOf"`,
	} {
		v, _ := ojson.Parse([]byte(in))
		if got := string(ojson.Marshal(nullable(v))); !strings.Contains(got, want) {
			t.Errorf("nullable(%s) = %s, want it to hold %s", in, got, want)
		}
	}
}

func TestMCPOutputSchema(t *testing.T) {
	args := `{"type":"object","properties":{"n":{"type":"integer","maximum":9007199254740993}},"additionalProperties":false}`
	v, err := Tool("t", "d", args, `{"type":"object","properties":{"ok":{"type":"boolean"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"t","description":"d","inputSchema":` + args + `,"outputSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}`
	if got := compact(t, v.MCP); got != want {
		t.Errorf("MCP:\n got %s\nwant %s", got, want)
	}
	v, err = Tool("t", "d", args, `{"type":"string"}`)
	if err != nil || strings.Contains(v.MCP, "outputSchema") || !strings.Contains(strings.Join(v.Notes, "\n"), "no outputSchema") {
		t.Errorf("a response that is not an object: %s %v %v", v.MCP, v.Notes, err)
	}
	if _, err := Tool("t", "d", args, `[1]`); err == nil {
		t.Error("a response schema that is not an object was accepted")
	}
}

func compact(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
