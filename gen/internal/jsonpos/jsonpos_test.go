package jsonpos

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIndex(t *testing.T) {
	data := []byte("{\n  \"a\": [1, {\"b/c\": true}],\n  \"d~e\": \"x\\\"y\",\n  \"\": null\n}")
	ix, err := New(data)
	if err != nil {
		t.Fatal(err)
	}
	want := Index{
		"":          {1, 1},
		"/a":        {2, 8},
		"/a/0":      {2, 9},
		"/a/1":      {2, 12},
		"/a/1/b~1c": {2, 20},
		"/d~0e":     {3, 10},
		"/":         {4, 7},
	}
	if d := cmp.Diff(want, ix); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
	if got := ix.Lookup("/a/1/missing/deeper"); got != (Pos{2, 12}) {
		t.Errorf("Lookup falls back to the nearest ancestor: got %v", got)
	}
}

func TestIndexErrors(t *testing.T) {
	for _, in := range []string{`{"a" 1}`, `[1 2]`, `{"a":`, `"abc`, `{1:2}`} {
		if _, err := New([]byte(in)); err == nil {
			t.Errorf("New(%q): want an error", in)
		}
	}
}

// TestIndexInvalidUTF8: a string that is not UTF-8 (a file saved as
// Latin-1) is an error at the byte, not a value read as U+FFFD.
func TestIndexInvalidUTF8(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" for no error
	}{
		{"{\"a\": \"caf\xe9\"}", "1:11: invalid UTF-8 (byte 0xe9): JSON text must be UTF-8; save the file as UTF-8"},
		{"{\"a\":\n [\"x\", \"\xc3\"]}", "2:9: invalid UTF-8 (byte 0xc3): JSON text must be UTF-8; save the file as UTF-8"},
		{"{\"caf\xe9\": 1}", "1:6: invalid UTF-8 (byte 0xe9): JSON text must be UTF-8; save the file as UTF-8"},
		{"{\"caf\u00e9 \U0001F600\": \"\u2028\"}", ""},
	} {
		_, err := New([]byte(tc.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("New(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzIndex(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":2}]}`, `[]`, `"x"`, `{"\u00e9":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ix, err := New([]byte(s))
		if err != nil || !json.Valid([]byte(s)) {
			return
		}
		if _, ok := ix[""]; !ok {
			t.Fatalf("no position for the root of %q", s)
		}
	})
}
