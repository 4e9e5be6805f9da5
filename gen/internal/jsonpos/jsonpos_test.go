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
