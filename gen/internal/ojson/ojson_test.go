package ojson

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestRoundTripKeepsKeyOrder(t *testing.T) {
	in := `{"z":1,"a":{"y":[1,"two",{"b":null,"a":true}],"x":false},"m":[],"n":{}}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*Object)
	if got := o.Keys; len(got) != 4 || got[0] != "z" || got[1] != "a" {
		t.Errorf("keys: %v", got)
	}
	out := Marshal(v)
	var a, b any
	json.Unmarshal([]byte(in), &a)
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if string(Marshal(Clone(v))) != string(out) {
		t.Error("Clone changed the value")
	}
	want := "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": [\n      1,\n      \"two\",\n      {\n        \"b\": null,\n        \"a\": true\n      }\n    ],\n    \"x\": false\n  },\n  \"m\": [],\n  \"n\": {}\n}"
	if string(out) != want {
		t.Errorf("Marshal:\n%s\nwant:\n%s", out, want)
	}
	o.Delete("a")
	o.Set("z", 2)
	if string(Marshal(o)) != "{\n  \"z\": 2,\n  \"m\": [],\n  \"n\": {}\n}" {
		t.Errorf("after Delete and Set: %s", Marshal(o))
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{`{`, `{"a":1}x`, `[1,]`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q): want an error", in)
		}
	}
}

// FuzzParse checks the hand reader against encoding/json's decoder: the
// same values, keys in the same order, an error for the same texts.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"z":1,"a":{"y":[1,"two",{"b":null,"a":true}],"x":false},"m":[],"n":{}}`,
		`{"a":"\u00e9\n","a":2}`, `"\xff"`, "\"a\tb\"", `[-0.5e+3, 0, -1, 1E2]`,
		`01`, `[1,]`, `{"a" 1}`, `truex`, ` null `, `{"a":1}x`, `-`, `1.`, `[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Parse(data)
		want, wantErr := parseDecoder(data)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("Parse(%q): error %v, encoding/json: %v", data, err, wantErr)
		}
		if err != nil {
			return
		}
		if g, w := Marshal(got), Marshal(want); !bytes.Equal(g, w) {
			t.Errorf("Parse(%q) = %s, encoding/json reads %s", data, g, w)
		}
	})
}
