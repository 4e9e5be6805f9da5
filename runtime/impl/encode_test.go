package impl

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestEncoding: what the generated encoders write is what encoding/json
// writes for the same values, and what it refuses is refused.
func TestEncoding(t *testing.T) {
	tests := []struct {
		name   string
		encode func(e *Encoding)
		want   any // encoding/json's input for the same output; nil for an error
	}{
		{"string escapes", func(e *Encoding) { e.Str("<a & \"b\"> \u2028 \x00 \xff") }, "<a & \"b\"> \u2028 \x00 \xff"},
		{"integers", func(e *Encoding) { e.Int(math.MinInt64) }, int64(math.MinInt64)},
		{"floats", func(e *Encoding) { e.Float(1e21) }, 1e21},
		{"small floats", func(e *Encoding) { e.Float(1.5e-7) }, 1.5e-7},
		{"raw is compacted", func(e *Encoding) { e.Raw(json.RawMessage(" { \"a\" : [ 1 , 2 ] } ")) }, json.RawMessage(`{"a":[1,2]}`)},
		{"empty raw is null", func(e *Encoding) { e.Raw(nil) }, nil},
		{"object", func(e *Encoding) {
			e.ObjStart()
			e.Field("a")
			e.Bool(true)
			e.Field("b")
			e.ArrStart()
			e.Null()
			e.Int(1)
			e.ArrEnd()
			e.ObjEnd()
		}, map[string]any{"a": true, "b": []any{nil, 1}}},
		{"fallback", func(e *Encoding) { e.Marshal(map[string]int{"z": 1, "a": 2}) }, map[string]int{"z": 1, "a": 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Marshal(tc.encode)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(tc.want)
			if tc.name == "empty raw is null" {
				want = []byte("null")
			}
			if string(got) != string(want) {
				t.Errorf("got %s, want %s", got, want)
			}
		})
	}
	for _, bad := range []struct {
		name   string
		encode func(e *Encoding)
		msg    string
	}{
		{"NaN", func(e *Encoding) { e.Float(math.NaN()) }, "unsupported value: NaN"},
		{"infinity", func(e *Encoding) { e.Float(math.Inf(-1)) }, "unsupported value: -Inf"},
		{"invalid raw", func(e *Encoding) { e.Raw(json.RawMessage(`{"a":`)) }, "json.RawMessage"},
		{"unsupported fallback", func(e *Encoding) { e.Marshal(make(chan int)) }, "unsupported type"},
	} {
		if _, err := Marshal(bad.encode); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("%s: error %v, want one saying %q", bad.name, err, bad.msg)
		}
	}
	// Names are written as jx writes them (HTML characters not escaped):
	// the same JSON value.
	got, err := Marshal(func(e *Encoding) {
		e.ObjStart()
		e.Field("<\"k\">")
		e.Int(1)
		e.ObjEnd()
	})
	var m map[string]int
	if err != nil || json.Unmarshal(got, &m) != nil || m["<\"k\">"] != 1 {
		t.Errorf("a name that needs escaping: %s, %v", got, err)
	}
	// The pooled state starts clean after an error.
	if got, err := Marshal(func(e *Encoding) { e.Int(1) }); err != nil || string(got) != "1" {
		t.Errorf("after an error: %s, %v", got, err)
	}
}
