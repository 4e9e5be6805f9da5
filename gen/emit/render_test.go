package emit

import (
	"testing"

	"github.com/structgen/structgen/gen/ir"
)

// TestRenderError: code that does not format is one line of error, with
// its position, not jennifer's message and the whole file after it.
func TestRenderError(t *testing.T) {
	f := newFile(&ir.Package{Name: "p"})
	f.Const().Id("x").Op("=").Op("`a\x00b`")
	for range 1000 {
		f.Var().Id("_").Op("=").Lit("filler")
	}
	_, err := render(f)
	if err == nil {
		t.Fatal("no error")
	}
	const want = "the generated code does not format, a structgen bug (please report it with the schema): 6:13: illegal character NUL"
	if msg := err.Error(); msg != want {
		t.Fatalf("error = %q, want %q", msg, want)
	}
}
