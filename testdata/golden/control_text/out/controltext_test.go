package controltext_test

import (
	"os"
	"testing"

	"github.com/structgen/structgen/runtime/impl"
	controltext "github.com/structgen/structgen/testdata/golden/control_text/out"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// Enum values and constants holding NUL, a byte order mark and line
// separators decode to the constants as the schema wrote them; a value
// that differs only by the invisible character is refused, and so are
// values that the pattern "^\u0000$" and the dependentRequired of
// "k\u0000" refuse.
func TestControlText(t *testing.T) {
	for doc, want := range map[string]controltext.FormColor{
		`{"color":"x\u0000","k":"\u0000\r","p":[]}`:                controltext.FormColorX,
		`{"color":"\ufeffy","k":"\u0000\r","p":[]}`:                controltext.FormColorY,
		`{"color":"a\u2028b","k":"\u0000\r","n":2,"k\u0000":true}`: controltext.FormColorAB,
		`{"color":"\u0007","k":"\u0000\r","p":["\u0000"]}`:         controltext.FormColorEmpty,
	} {
		v, err := controltext.ParseForm([]byte(doc))
		if err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if v.Color != want || v.K != "\x00\r" {
			t.Errorf("%s: color %q, k %q; want %q, %q", doc, v.Color, v.K, want, "\x00\r")
		}
	}
	for _, doc := range []string{
		`{"color":"x","k":"\u0000\r","p":[]}`,
		`{"color":"y","k":"\u0000\r","p":[]}`,
		`{"color":"x\u0000","k":"\u0000","p":[]}`,
		`{"color":"x\u0000","k":"\u0000\r","n":3}`,
		`{"color":"x\u0000","k":"\u0000\r","p":["\u0001"]}`,
	} {
		if _, err := controltext.ParseForm([]byte(doc)); err == nil {
			t.Errorf("%s: no error", doc)
		}
	}
}
