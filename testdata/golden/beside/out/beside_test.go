package beside_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	beside "github.com/structgen/structgen/testdata/golden/beside/out"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated decoders disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// TestBeside: the keywords beside the typed checks are checked on the
// value's text after the typed decoder has read it, with the problems
// the validators word.
func TestBeside(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
	}{
		{`{"code": "AB", "contact": {"email": "a@b.co"}}`, ""},
		{`{"code": "n/a", "ship": {"country": "FR"}}`, ""},
		// anyOf beside a string's type.
		{`{"code": "ab", "contact": {"email": "a@b.co"}}`, `/code: anyOf: the value matches none of the 2 schemas`},
		{`{"code": "ab", "contact": {"email": "a@b.co"}}`, `/code: (schema 0) 'ab' does not match pattern '^[A-Z]+$'`},
		// oneOf beside the root's properties; anyOf beside Contact's.
		{`{"code": "AB"}`, `(root): (schema 1) missing property 'ship'`},
		{`{"code": "AB", "contact": {"phone": "1"}, "ship": {"country": "FR"}}`, `(root): oneOf: the value matches schemas 0 and 1, want exactly one`},
		{`{"code": "AB", "contact": {"name": "x"}}`, `/contact: (schema 1) missing property 'phone'`},
		{`{"code": "AB", "contact": {"email": "nope"}}`, `/contact/email: 'nope' is not valid email`},
		{`[]`, `(root): got array, want object`},
		// $ref beside keywords (2020-12): both apply.
		{`{"code": "AB", "contact": {"phone": "1"}, "size": 100}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "size": 0}`, `/size: minimum: got 0, want 1`},
		{`{"code": "AB", "contact": {"phone": "1"}, "size": 101}`, `/size: maximum: got 101, want 100`},
		{`{"code": "AB", "contact": {"phone": "1"}, "size": 2.5}`, `/size: got number, want integer`},
		// contains and maxContains beside items.
		{`{"code": "AB", "contact": {"phone": "1"}, "tags": ["a", "main"]}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "tags": ["a"]}`, `/tags: contains: no item matches the schema`},
		{`{"code": "AB", "contact": {"phone": "1"}, "tags": ["main", "main"]}`, `/tags: maxContains: got 2 matching items, want at most 1`},
		// propertyNames beside a map's values.
		{`{"code": "AB", "contact": {"phone": "1"}, "labels": {"Bad": "x"}}`, `/labels: property name 'Bad': 'Bad' does not match pattern '^[a-z]+$'`},
		{`{"code": "AB", "contact": {"phone": "1"}, "labels": {"ok": 1}}`, `/labels/ok: got number, want string`},
		// patternProperties beside properties, no additionalProperties.
		{`{"code": "AB", "contact": {"phone": "1"}, "meta": {"id": 1, "x-a": "s", "other": 2}}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "meta": {"x-a": 1}}`, `/meta/x-a: got number, want string`},
		// patternProperties with additionalProperties false: the typed
		// part keeps what the patterns match, the rest refuses the others.
		{`{"code": "AB", "contact": {"phone": "1"}, "strict": {"id": 1, "x-a": "s", "//": [1]}}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "strict": {"x-a": 1}}`, `/strict/x-a: got number, want string`},
		{`{"code": "AB", "contact": {"phone": "1"}, "strict": {"id": 1, "other": 2}}`, `/strict: additional properties 'other' not allowed`},
		{`{"code": "AB", "contact": {"phone": "1"}, "strict": {"id": "1"}}`, `/strict/id: got string, want integer`},
		// dependentRequired and not beside properties.
		{`{"code": "AB", "contact": {"phone": "1"}, "limits": {"min": 1}}`, `/limits: properties 'max' required, if 'min' exists`},
		{`{"code": "AB", "contact": {"phone": "1"}, "limits": {"unused": 1}}`, `/limits: not: the value matches a schema it must not`},
		// if/then in a merged object.
		{`{"code": "AB", "ship": {"country": "US", "zip": "12345"}}`, ""},
		{`{"code": "AB", "ship": {"country": "US"}}`, `/ship: missing property 'zip'`},
		{`{"code": "AB", "ship": {"zip": "12345"}}`, `/ship: missing property 'country'`},
		// Branches that all allow strings make the typed part a string.
		{`{"code": "AB", "contact": {"phone": "1"}, "kind": "abc"}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "kind": "long-value"}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "kind": "abcd"}`, `/kind: anyOf: the value matches none of the 2 schemas`},
		{`{"code": "AB", "contact": {"phone": "1"}, "kind": 5}`, `/kind: got number, want string`},
		// A type list beside oneOf of an enum and null refuses nothing more.
		{`{"code": "AB", "contact": {"phone": "1"}, "mode": "a"}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "mode": null}`, ""},
		{`{"code": "AB", "contact": {"phone": "1"}, "mode": "c"}`, `/mode: value must be one of 'a', 'b'`},
		// An allOf member is the typed part; the others are checked beside.
		{`{"code": "AB", "contact": {"phone": "1"}, "window": [1, 2, 3]}`, `/window: maxItems: got 3, want 2`},
		{`{"code": "AB", "contact": {"phone": "1"}, "window": ["a"]}`, `/window/0: got string, want integer`},
	} {
		_, err := beside.ParseOrder([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestBesideDecodes: what the typed decoders read is what encoding/json
// reads, undeclared properties kept, and it encodes back to the input.
func TestBesideDecodes(t *testing.T) {
	doc := `{"contact":{"phone":"1"},"code":"AB","size":7,"tags":["main","b"],"labels":{"a":"x"},"meta":{"id":1,"x-a":"s","other":2},"strict":{"id":1,"//":"c","x-b":"t"},"limits":{"min":1,"max":2},"window":[1,2],"note":true}`
	got, err := beside.ParseOrder([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var want beside.Order
	if err := json.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseOrder differs from json.Unmarshal (-want +got):\n%s", diff)
	}
	if got.Meta == nil || string(got.Meta.AdditionalProperties["x-a"]) != `"s"` || string(got.Meta.AdditionalProperties["other"]) != `2` {
		t.Errorf("meta's undeclared properties not kept: %+v", got.Meta)
	}
	if got.Strict == nil || string(got.Strict.AdditionalProperties["//"]) != `"c"` || len(got.Strict.AdditionalProperties) != 2 {
		t.Errorf("strict's pattern properties not kept: %+v", got.Strict)
	}
	out, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != doc {
		t.Errorf("re-encoded:\n%s\nwant\n%s", out, doc)
	}
}

// TestRefAlone: in draft 7, $ref hides the keywords beside it, so the
// name's maxLength does not apply (the interpreter agrees).
func TestRefAlone(t *testing.T) {
	for _, tc := range []struct{ doc, says string }{
		{`{"name": "abcdef"}`, ""},
		{`{"name": ""}`, `/name: minLength: got 0, want 1`},
		{`{"name": 1}`, `/name: got number, want string`},
	} {
		_, err := beside.ParseLegacy([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestBesideAtTheTop: Parse of a type whose keywords beside the typed
// checks read the value's text checks them on the document's text, found
// without a reading of its own (impl.Decoding.Document): whitespace
// around it, data after it and text that is not JSON are told apart as
// where the value is read first.
func TestBesideAtTheTop(t *testing.T) {
	for _, tc := range []struct{ doc, says string }{
		{`{"min": 1, "max": 2}`, ""},
		{" \n\t{\"min\": 1, \"max\": 2}\r\n ", ""},
		{`{"min": 1}`, `(root): properties 'max' required, if 'min' exists`},
		{`  {"unused": [1, {"a": "}"}]}  `, `(root): not: the value matches a schema it must not`},
		{`{"min": "1", "unused": 0}`, `/min: got string, want integer`},
		{`{"min": 1, "max": 2}}`, `line 1, column 21: unexpected data after the JSON document`},
		{`{"min": 1, "max": 2} {"min": 1}`, `line 1, column 23: unexpected data after the JSON document`},
		{`{"min": 1, "max": 2} {"min":`, `line 1, column 23: unexpected data after the JSON document`},
		{`{"min": 1, "max": 2`, `line 1, column 20: unexpected end of input`},
		{`{"min": 1, "max": 2, "x": tru}`, `invalid character`},
		{`[{"min": 1}]`, `(root): got array, want object`},
	} {
		_, err := beside.ParseOrderLimits([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

func check(t *testing.T, doc string, err error, says string) {
	t.Helper()
	if errors.Is(err, impl.ErrDecoderDisagrees) {
		t.Errorf("%s: %v", doc, err)
		return
	}
	if says == "" {
		if err != nil {
			t.Errorf("%s: %v; want it accepted", doc, err)
		}
		return
	}
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(err.Error(), says) {
		t.Errorf("%s: %v; want a problem saying %q", doc, err, says)
	}
}

// FuzzOrderDecoderAgrees: the decoders and the interpreter read any
// input alike.
func FuzzOrderDecoderAgrees(f *testing.F) {
	f.Add([]byte(`{"code": "ab", "contact": {"email": "x", "phone": 1}, "ship": {"country": "US", "zip": "1"}}`))
	f.Add([]byte(`{"code": "n/a", "size": 0, "tags": ["main", "main", 1], "labels": {"B": 1}, "window": [1, 2, 3]}`))
	f.Add([]byte(`{"code": "AB", "meta": {"x-": 1, "id": "1"}, "limits": {"min": 1, "unused": null}, "contact": null}`))
	f.Add([]byte(`{"code": "AB", "kind": "abcd", "mode": "c", "ship": {"country": 1}}`))
	f.Add([]byte(` {"min": 1, "unused": 2} {"max": `))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := beside.ParseOrder(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
		if _, err := beside.ParseLegacy(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
		if _, err := beside.ParseOrderLimits(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
