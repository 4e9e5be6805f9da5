package runtime

import (
	"encoding/json"
	"fmt"
	"testing"
)

type doc struct {
	N Nullable[int] `json:"n,omitzero"`
}

func TestNullableKeepsAbsentNullAndValue(t *testing.T) {
	for _, tc := range []struct {
		in              string
		present, isNull bool
		value           int
	}{
		{`{}`, false, false, 0},
		{`{"n":null}`, true, true, 0},
		{`{"n":0}`, true, false, 0},
		{`{"n":7}`, true, false, 7},
	} {
		var d doc
		if err := json.Unmarshal([]byte(tc.in), &d); err != nil {
			t.Fatal(err)
		}
		if d.N.Present != tc.present || d.N.Null != tc.isNull || d.N.Value != tc.value {
			t.Errorf("%s: got %+v", tc.in, d.N)
		}
		out, _ := json.Marshal(d)
		if string(out) != tc.in {
			t.Errorf("%s: re-encoded as %s", tc.in, out)
		}
	}
}

func ExampleNullable() {
	var v struct {
		Note Nullable[string] `json:"note,omitzero"`
	}
	_ = json.Unmarshal([]byte(`{"note":null}`), &v)
	_, ok := v.Note.Get()
	fmt.Println(v.Note.Present, v.Note.Null, ok)
	out, _ := json.Marshal(v)
	fmt.Println(string(out))
	// Output:
	// true true false
	// {"note":null}
}
