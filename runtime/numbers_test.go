package runtime

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime/schema"
)

func TestNormalizeIntegers(t *testing.T) {
	tests := []struct{ in, want string }{
		{`1.0`, `1`},
		{`-2.50e1`, `-25`},
		{`1e3`, `1000`},
		{`1E+2`, `100`},
		{`0.0`, `0`},
		{`-0.0`, `0`},
		{`1.5`, `1.5`},
		{`1e-2`, `1e-2`},
		{`12`, `12`},
		{`1e400`, `1e400`}, // too long to be any Go integer: left for the decoder
		{`{"a":1.0,"b":"1.0","c":[2.000,3e0]}`, `{"a":1,"b":"1.0","c":[2,3]}`},
		{`"esc \" 1.0"`, `"esc \" 1.0"`},
		{`[100e-2, 0.5e1]`, `[1, 5]`},
		{``, ``},
	}
	for _, tc := range tests {
		if got := string(schema.NormalizeIntegers([]byte(tc.in))); got != tc.want {
			t.Errorf("NormalizeIntegers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNormalizeIntegersKeepsInputWhenUnchanged(t *testing.T) {
	in := []byte(`{"a":[1,2,3],"b":"x.y"}`)
	if out := schema.NormalizeIntegers(in); &out[0] != &in[0] {
		t.Error("allocated a copy of input that needed no change")
	}
}

// FuzzNormalizeIntegers: no panic, and valid JSON stays the same JSON
// value, numbers compared exactly.
func FuzzNormalizeIntegers(f *testing.F) {
	for _, s := range []string{`1.0`, `{"a":[1e2,-0.5]}`, `"1.0"`, `[1e-7,12.34e2]`, `0e0`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := schema.NormalizeIntegers([]byte(s))
		if !json.Valid([]byte(s)) {
			return
		}
		var a, b any
		if err := decodeNumbers([]byte(s), &a); err != nil {
			return
		}
		if err := decodeNumbers(out, &b); err != nil {
			t.Fatalf("output %q of valid %q is not JSON: %v", out, s, err)
		}
		if !sameValue(a, b) {
			t.Fatalf("value changed: %q -> %q", s, out)
		}
	})
}

func decodeNumbers(data []byte, v *any) error {
	d, err := schema.DecodeValue(data)
	*v = d
	return err
}

// canonical writes a JSON number as sign, significant digits and
// exponent, so that equal values compare equal without big arithmetic.
func canonical(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			return "bad:" + s
		}
		exp, s = e, s[:i]
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		exp -= len(s) - i - 1
		s = s[:i] + s[i+1:]
	}
	s = strings.TrimLeft(s, "0")
	for strings.HasSuffix(s, "0") {
		s, exp = s[:len(s)-1], exp+1
	}
	if s == "" {
		return "0"
	}
	if neg {
		s = "-" + s
	}
	return s + "e" + strconv.Itoa(exp)
}

func sameValue(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		return canonical(string(a)) == canonical(string(bn))
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !sameValue(a[i], bs[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			if !sameValue(v, bm[k]) {
				return false
			}
		}
		return true
	}
	return a == b
}
