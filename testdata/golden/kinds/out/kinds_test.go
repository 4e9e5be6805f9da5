package kinds_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	kinds "github.com/structgen/structgen/testdata/golden/kinds/out"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated decoders disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

func TestKindsDecode(t *testing.T) {
	c, err := kinds.ParseConfig([]byte(`{"shared": ["a", "b"], "band": true, "opt": {"a": 1}, "count": "2026-11-30"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Shared.Array) != 2 || c.Shared.String != nil || !*c.Band.Bool || c.Opt.Object.A != 1 || *c.Count.String != "2026-11-30" {
		t.Errorf("got %+v", c)
	}
	c, err = kinds.ParseConfig([]byte(`{"shared": "ab", "band": 1.5, "opt": "xy", "count": 3}`))
	if err != nil {
		t.Fatal(err)
	}
	if *c.Shared.String != "ab" || *c.Band.Number != 1.5 || *c.Opt.String != "xy" || *c.Count.Int != 3 {
		t.Errorf("got %+v", c)
	}
}

// TestKindsCheckTheirKeywords: each kind's keywords apply to a value of
// that kind, as the interpreter applies them (TestMain compares).
// TestKindsWithNull: null leaves a union of kinds that allows it unset;
// a pointer to one is nil, as encoding/json has it.
func TestKindsWithNull(t *testing.T) {
	c, err := kinds.ParseConfig([]byte(`{"maybe": null, "list": [null, false, {"x": "y"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Maybe.Present || !c.Maybe.Null || len(c.List) != 3 || c.List[0] != nil || *c.List[1].Bool || *c.List[2].Object.X != "y" {
		t.Errorf("got %+v", c)
	}
}

func TestKindsCheckTheirKeywords(t *testing.T) {
	for doc, says := range map[string]string{
		`{"shared": "a"}`:                  "minLength",
		`{"shared": ["a", ""]}`:            "minLength",
		`{"shared": ["a", "b", "c", "d"]}`: "maxItems",
		`{"shared": 1}`:                    "want string or array",
		`{"band": -1}`:                     "minimum",
		`{"band": "x"}`:                    "want",
		`{"opt": "y"}`:                     "does not match pattern",
		`{"opt": {}}`:                      "missing property 'a'",
		`{"opt": {"a": 1, "b": 2}}`:        "not allowed",
		`{"count": 11}`:                    "maximum",
		`{"count": 1.5}`:                   "integer",
		`{"count": "tomorrow"}`:            "date",
		`{"shared": null}`:                 "null",
	} {
		_, err := kinds.ParseConfig([]byte(doc))
		var ve *runtime.ValidationError
		if errors.Is(err, impl.ErrDecoderDisagrees) || !errors.As(err, &ve) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v; want a problem saying %q", doc, err, says)
		}
	}
}

// FuzzConfigDecoderAgrees: the decoders and the interpreter read any
// input alike.
func FuzzConfigDecoderAgrees(f *testing.F) {
	f.Add([]byte(`{"shared": ["a", "b"], "band": true, "opt": {"a": 1}, "count": "2026-11-30", "n": null}`))
	f.Add([]byte(`{"shared": "ab", "band": 1.5, "opt": "xy", "count": 3}`))
	f.Add([]byte(`{"shared": "a", "band": -1, "opt": {"a": "1"}, "count": 1.5}`))
	f.Add([]byte(`{"maybe": null, "list": [null, true, {"x": "y"}, {}]}`))
	f.Add([]byte(`{"maybe": [1, 2], "list": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := kinds.ParseConfig(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
