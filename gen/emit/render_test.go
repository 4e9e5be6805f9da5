package emit

import (
	"errors"
	"testing"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
)

// TestRenderError: code that does not format is a structgen bug, one
// line with the file and the position, not go/format's message with the
// whole file after it.
func TestRenderError(t *testing.T) {
	pkg := &ir.Package{Name: "p"}
	_, err := buildAll(pkg, map[string]func(f *gosrc.File) bool{
		"good.go": func(f *gosrc.File) bool { f.Var().Id("_").Op("=").Lit(1); return true },
		"bad.go": func(f *gosrc.File) bool {
			f.Const().Id("x").Op("=").Op("`a\x00b`")
			for range 1000 {
				f.Var().Id("_").Op("=").Lit("filler")
			}
			return true
		},
	})
	var bug *loc.InternalError
	if !errors.As(err, &bug) {
		t.Fatalf("error = %v, want a *loc.InternalError", err)
	}
	const want = "structgen bug: the emit stage failed while processing bad.go: the generated code does not format: 5:13: illegal character NUL; please report it at https://github.com/structgen/structgen/issues with the schema"
	if msg := err.Error(); msg != want {
		t.Fatalf("error = %q, want %q", msg, want)
	}
}

// TestCommentText: what a Go comment cannot hold as written is its Go
// escape; everything else, non-ASCII included, is kept.
func TestCommentText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text, caf\u00e9 \U0001F600 */ `x`\tend", "plain text, caf\u00e9 \U0001F600 */ `x`\tend"},
		{"a\x00b", `a\x00b`},
		{"\ufeffbom", `\ufeffbom`},
		{"line\u2028sep\u2029para\u0085next", `line\u2028sep\u2029para\u0085next`},
		{"bell\a esc\x1b del\x7f", `bell\a esc\x1b del\x7f`},
		{"latin1 caf\xe9!", `latin1 caf\xe9!`},
		{"new\nline\rreturn", `new\nline\rreturn`},
		{"\ufffd kept", "\ufffd kept"},
	} {
		if got := commentText(tc.in); got != tc.want {
			t.Errorf("commentText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
