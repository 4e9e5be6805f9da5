package cost

import (
	"strings"
	"testing"

	"github.com/structgen/structgen/gen/ir"
)

func TestOf(t *testing.T) {
	schema := `{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`
	pkg := &ir.Package{
		Tools:   []*ir.Tool{{Name: "save", Description: "Save it.", Schema: schema}},
		Outputs: []*ir.Output{{Name: "Brief", Schema: schema}},
	}
	items, err := Of(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || len(items[0].Sizes) != 5 || len(items[1].Sizes) != 4 {
		t.Fatalf("items: %v", items)
	}
	canonical := items[0].Sizes[0]
	// 19 is o200k_base's count for this schema (a regression value);
	// TestTokenizer pins the tokenizer itself.
	if canonical.Bytes != len(schema) || canonical.Tokens != 19 {
		t.Errorf("canonical: %+v", canonical)
	}
	for _, it := range items {
		for _, sz := range it.Sizes[1:] {
			if sz.Tokens < canonical.Tokens || sz.Bytes < canonical.Bytes {
				t.Errorf("%s %s: %+v is smaller than the schema it wraps", it.Kind, sz.Dialect, sz)
			}
		}
	}
	if got := items[0].String(); !strings.HasPrefix(got, "tool save: canonical 79 B, 19 tokens; OpenAI ") {
		t.Errorf("String: %s", got)
	}
}

// TestTokenizer: the counts are o200k_base's, not an estimate.
func TestTokenizer(t *testing.T) {
	for text, want := range map[string]int{"hello world": 2, "Hello, world!": 4, "": 0} {
		if n, err := tokens(text); err != nil || n != want {
			t.Errorf("%q: %d tokens (%v), want %d", text, n, err, want)
		}
	}
}
