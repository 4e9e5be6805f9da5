package schema_test

import (
	"encoding/json"
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

type inner struct {
	V int8 `json:"v"`
}

// tagged decodes only with its tag member: a fault of a member alone
// (no tag) is not the member's own.
type tagged struct {
	Kind string
	R    float32
}

func (t *tagged) UnmarshalJSON(data []byte) error {
	var m struct {
		Kind *string `json:"kind"`
		R    float32 `json:"r"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	if m.Kind == nil {
		return errors.New("no kind")
	}
	t.Kind, t.R = *m.Kind, m.R
	return nil
}

type doc struct {
	A     inner                   `json:"a"`
	S     []inner                 `json:"s"`
	M     map[string]inner        `json:"m"`
	Dot   int8                    `json:"x.y"`
	Slash int8                    `json:"p/q"`
	At    time.Time               `json:"at"`
	Ratio float32                 `json:"ratio"`
	Addrs map[string][]netip.Addr `json:"addrs"`
	Shape tagged                  `json:"shape"`
	Fixed [2]inner                `json:"fixed"`
}

// The pointer names the value encoding/json refuses, where its own path
// (UnmarshalTypeError.Field) drops indices and map keys, reads a dot in
// a key as a step, and errors of UnmarshalJSON and UnmarshalText methods
// have none.
func TestUnmarshalLocates(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      problem.Problem
	}{
		{"nested field", `{"s":[],"a":{"v":300}}`, problem.Problem{Pointer: "/a/v", Message: "decode: cannot hold JSON number 300 in Go type int8"}},
		{"item of a slice", `{"s":[{"v":1},{"v":2},{"v":-200}]}`, problem.Problem{Pointer: "/s/2/v", Message: "decode: cannot hold JSON number -200 in Go type int8"}},
		{"value of a map", `{"m":{"k":{"v":1},"j.k":{"v":128}}}`, problem.Problem{Pointer: "/m/j.k/v", Message: "decode: cannot hold JSON number 128 in Go type int8"}},
		{"key with a dot", `{"x.y":999}`, problem.Problem{Pointer: "/x.y", Message: "decode: cannot hold JSON number 999 in Go type int8"}},
		{"key with a slash", `{"p/q":999}`, problem.Problem{Pointer: "/p~1q", Message: "decode: cannot hold JSON number 999 in Go type int8"}},
		{"a time Time cannot parse", `{"ratio":1,"at":"2024-06-30T23:59:60Z"}`, problem.Problem{Pointer: "/at", Message: `decode: parsing time "2024-06-30T23:59:60Z": second out of range`}},
		{"a float32 cannot hold", `{"ratio":1e39}`, problem.Problem{Pointer: "/ratio", Message: "decode: cannot hold JSON number 1000000000000000000000000000000000000000 in Go type float32"}},
		{"text UnmarshalText refuses", `{"addrs":{"dns":["192.0.2.1","192.0.2.300"]}}`, problem.Problem{Pointer: "/addrs/dns/1", Message: `decode: ParseAddr("192.0.2.300"): IPv4 field has value >255`}},
		{"inside a value a method decodes", `{"shape":{"kind":"circle","r":1e40}}`, problem.Problem{Pointer: "/shape/r", Message: "decode: cannot hold JSON number 1e40 in Go type float32"}},
		{"a fault of the members together", `{"shape":{"r":1}}`, problem.Problem{Pointer: "/shape", Message: "decode: no kind"}},
		{"item of an array", `{"fixed":[{"v":1},{"v":1000}]}`, problem.Problem{Pointer: "/fixed/1/v", Message: "decode: cannot hold JSON number 1000 in Go type int8"}},
		{"the root", `[]`, problem.Problem{Pointer: "", Message: "decode: cannot hold JSON array in Go type schema_test.doc"}},
		{"integers written as 1.0", `{"a":{"v":300.0}}`, problem.Problem{Pointer: "/a/v", Message: "decode: cannot hold JSON number 300 in Go type int8"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v doc
			p := schema.Unmarshal([]byte(tc.doc), &v)
			if p == nil {
				t.Fatalf("no problem; decoded %+v", v)
			}
			if diff := cmp.Diff(tc.want, *p); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	var v doc
	if p := schema.Unmarshal([]byte(`{"a":{"v":1.0},"s":[{"v":-128}]}`), &v); p != nil {
		t.Errorf("valid document: %+v", p)
	}
	if v.A.V != 1 || len(v.S) != 1 || v.S[0].V != -128 {
		t.Errorf("decoded %+v", v)
	}
}

// A decoder of its own (ParseWith's) is located the same way.
func TestLocateDecodeFailureWithDecoder(t *testing.T) {
	decode := func(data []byte) error {
		var m map[string][]int8
		return json.Unmarshal(data, &m)
	}
	data := []byte(`{"a":[1,2],"b":[3,4,500]}`)
	err := decode(data)
	p := schema.LocateDecodeFailure(data, err, decode)
	if p.Pointer != "/b/2" || !strings.Contains(p.Message, "500") {
		t.Errorf("got %+v", p)
	}
}

// Whatever the text, Unmarshal does not panic, and the pointer of its
// problem names a value that is in the document.
func FuzzUnmarshalLocates(f *testing.F) {
	for _, s := range []string{`{"s":[{"v":1},{"v":-200}]}`, `{"m":{"j.k":{"v":128}}}`, `{"shape":{"r":1}}`,
		`{"addrs":{"dns":["192.0.2.300"]}}`, `{"at":"x"}`, `{"fixed":[{},{"v":1e3}]}`, `[1,`, `{"a":{"v":3.0}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v doc
		p := schema.Unmarshal([]byte(s), &v)
		if p == nil || p.Pointer == "" {
			return
		}
		var tree any
		if err := json.Unmarshal([]byte(s), &tree); err != nil {
			t.Fatalf("%s: pointer %s in text that is not JSON", s, p.Pointer)
		}
		for _, tok := range strings.Split(p.Pointer[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch n := tree.(type) {
			case map[string]any:
				tree = n[tok]
				if _, ok := n[tok]; !ok {
					t.Fatalf("%s: %s names no member %q", s, p.Pointer, tok)
				}
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(n) {
					t.Fatalf("%s: %s names no item %q", s, p.Pointer, tok)
				}
				tree = n[i]
			default:
				t.Fatalf("%s: %s goes into a scalar", s, p.Pointer)
			}
		}
	})
}
