package unions_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/unions/out"
)

func same(t *testing.T, in string, v any) {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	json.Unmarshal([]byte(in), &a)
	json.Unmarshal(out, &b)
	if d := cmp.Diff(a, b); d != "" {
		t.Errorf("round trip (-in +out):\n%s", d)
	}
}

func TestDiscriminatedShape(t *testing.T) {
	for _, in := range []string{`{"kind":"circle","radius":2}`, `{"kind":"square","side":3}`} {
		s, err := unions.ParseShape([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if (s.Circle == nil) == (s.Square == nil) {
			t.Errorf("%s: want exactly one variant, got %+v", in, s)
		}
		same(t, in, s)
	}
	if _, err := unions.ParseShape([]byte(`{"kind":"triangle"}`)); err == nil {
		t.Error("unknown kind accepted")
	}
	// The tag picks the variant whose typed decoder reads it; where that
	// finds a problem, the generated validator words it as for any oneOf.
	// Both are compared with the interpreter.
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	for doc, want := range map[string]string{
		`{"kind":"circle","radius":2}`:               "",
		`{"radius":2,"kind":"circle"}`:               "",
		`{"side":2.5,"kind":"square"}`:               "",
		`{"kind":"circle","side":2}`:                 "oneOf: the value matches none of the 2 schemas",
		`{"kind":"square","side":"3"}`:               "(schema 1) got string, want number",
		`{"kind":"circle","radius":1,"extra":1}`:     "(schema 0) additional properties 'extra' not allowed",
		`{"kind":"triangle","side":1}`:               "(schema 1) value must be 'square'",
		`{"side":1}`:                                 "(schema 1) missing property 'kind'",
		`{"kind":1,"side":1}`:                        "oneOf: the value matches none of the 2 schemas",
		`["circle"]`:                                 "(schema 0) got array, want object",
		`null`:                                       "oneOf: the value matches none of the 2 schemas",
		`{"kind":"circle","kind":"square","side":1}`: "written twice",
		`{"kind":"circle","radius":1`:                "unexpected end",
	} {
		_, err := unions.ParseShape([]byte(doc))
		switch {
		case errors.Is(err, impl.ErrDecoderDisagrees):
			t.Errorf("ParseShape(%s): %v", doc, err)
		case want == "written twice" && !errors.Is(err, runtime.ErrDuplicateKey):
			t.Errorf("ParseShape(%s) = %v, want ErrDuplicateKey", doc, err)
		case want == "" && err != nil, want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("ParseShape(%s) = %v, want %q", doc, err, want)
		}
	}
}

// TestKindUnionSyntax: where a union's value should start and no value
// does, it is a syntax error (it was once read as nothing).
func TestKindUnionSyntax(t *testing.T) {
	for _, doc := range []string{`{"value":}`, `{"value":]`, `{"value":`} {
		if _, err := unions.ParseSetting([]byte(doc)); !errors.Is(err, runtime.ErrInvalidJSON) {
			t.Errorf("%s: %v, want ErrInvalidJSON", doc, err)
		}
	}
}

func TestKindUnion(t *testing.T) {
	tests := []struct {
		in   string
		want func(unions.Setting) bool
	}{
		{`{"value":"x"}`, func(s unions.Setting) bool { return *s.Value.String == "x" }},
		{`{"value":7,"fallback":1.5}`, func(s unions.Setting) bool { return *s.Value.Int == 7 && *s.Fallback.Value.Number == 1.5 }},
		{`{"value":true,"fallback":null}`, func(s unions.Setting) bool { return *s.Value.Bool && s.Fallback.Null }},
		{`{"value":["a"],"fallback":{"env":"HOME"}}`, func(s unions.Setting) bool { return s.Value.Array[0] == "a" && s.Fallback.Value.Object.Env == "HOME" }},
		{`{"value":[]}`, func(s unions.Setting) bool { return s.Value.Array != nil && len(s.Value.Array) == 0 }},
	}
	for _, tc := range tests {
		s, err := unions.ParseSetting([]byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if !tc.want(s) {
			t.Errorf("%s: got %+v", tc.in, s)
		}
		same(t, tc.in, s)
	}
	if _, err := unions.ParseSetting([]byte(`{"value":1.5}`)); err == nil {
		t.Error("1.5 is not an integer")
	}
}

func TestAllOfMerged(t *testing.T) {
	in := `{"name":"Ada","age":36,"employer":"Analytical","badge":7}`
	e, err := unions.ParseEmployee([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Ada" || *e.Age != 36 || e.Employer != "Analytical" {
		t.Errorf("merged fields: %+v", e)
	}
	same(t, in, e)
	if _, err := unions.ParseEmployee([]byte(`{"name":"Ada"}`)); err == nil {
		t.Error("the second part's required field is not enforced")
	}
}

func TestPropertiesWithoutType(t *testing.T) {
	l, err := unions.ParseLoose([]byte(`{"name":"n","x":1}`))
	if err != nil || l.Object == nil || l.Object.Name != "n" {
		t.Fatalf("object: %+v %v", l, err)
	}
	same(t, `{"name":"n","x":1}`, l)
	for _, in := range []string{`5`, `"text"`, `[1,"a"]`, `true`} {
		v, err := unions.ParseLoose([]byte(in))
		if err != nil || v.Object != nil {
			t.Errorf("%s: a non-object is valid and held as it is: %+v %v", in, v, err)
		}
		same(t, in, v)
	}
	if _, err := unions.ParseLoose([]byte(`{"x":1}`)); err == nil {
		t.Error("required is not enforced on objects")
	}
}

// FuzzShapeDecoderAgrees: the tagged union's decoder and the interpreter
// read any input alike.
func FuzzShapeDecoderAgrees(f *testing.F) {
	for _, s := range []string{`{"kind":"circle","radius":2}`, `{"side":1.5,"kind":"square"}`, `{"kind":"square","side":"3"}`,
		`{"kind":"circle","kind":"square","side":1}`, `{"kind":1}`, `[]`, `null`} {
		f.Add([]byte(s))
	}
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := unions.ParseShape(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
