package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPromptTemplateOverride(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "block.tmpl"), []byte("Answer in JSON only.\n{{.Schema}}\n"), 0o644)
	cfg, err := ParseConfig(filepath.Join(dir, "structgen.yaml"), []byte("package: p\nprompt_template: block.tmpl\noutputs:\n  - name: N\n    schema: {type: integer}\n"))
	if err != nil {
		t.Fatal(err)
	}
	files, _, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := "const promptOutputN = `Answer in JSON only.\n{\n  \"type\": \"integer\"\n}\n`"
	if got := string(files[DialectsFile]); !strings.Contains(got, want) {
		t.Errorf("dialects file lacks the prompt block %q:\n%s", want, got)
	}
	cfg.PromptTemplate = "missing.tmpl"
	if _, _, err := Generate(cfg); err == nil || !strings.Contains(err.Error(), "prompt_template") {
		t.Errorf("missing template: %v", err)
	}
}
