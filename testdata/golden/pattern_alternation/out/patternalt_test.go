package patternalt_test

import (
	"os"
	"testing"

	"github.com/structgen/structgen/runtime/impl"
	patternalt "github.com/structgen/structgen/testdata/golden/pattern_alternation/out"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// Keys starting with "a" or ending with "b" hold strings, x1/y2… integers,
// nothing else is allowed.
func TestPatternAlternation(t *testing.T) {
	for doc, ok := range map[string]bool{
		`{"alpha":"s","cb":"t","x12":3}`: true,
		`{"alpha":1}`:                    false,
		`{"x1":"s"}`:                     false,
		`{"other":"s"}`:                  false,
		`{"zab":"s","y0":0}`:             true,
	} {
		if _, err := patternalt.ParseLabels([]byte(doc)); (err == nil) != ok {
			t.Errorf("%s: err = %v, want ok %v", doc, err, ok)
		}
	}
}
