package gen

import (
	"fmt"
	"os"
	"path/filepath"
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

func TestPromptTemplateOverride(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "block.tmpl"), []byte("Answer in JSON only.\n{{.Schema}}\n"), 0o644)
	cfg, err := ParseConfig(filepath.Join(dir, "structgen.yaml"), []byte("package: p\nprompt_template: block.tmpl\noutputs:\n  - name: N\n    schema: {type: integer}\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, pkg, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := pkg.Outputs[0].Prompt; got != "Answer in JSON only.\n{\n  \"type\": \"integer\"\n}\n" {
		t.Errorf("prompt block %q", got)
	}
	cfg.PromptTemplate = "missing.tmpl"
	if _, _, err := Generate(cfg); err == nil || !strings.Contains(err.Error(), "prompt_template") {
		t.Errorf("missing template: %v", err)
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
