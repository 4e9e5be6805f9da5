package impl

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type point struct {
	X     int                        `json:"x"`
	Label string                     `json:"label,omitempty"`
	Extra map[string]json.RawMessage `json:"-"`
	Order []string                   `json:"-"`
}

var pointFields = NewFields("x", "label")

func TestObjectRoundTrip(t *testing.T) {
	tests := []struct {
		name, in  string
		wantX     int
		wantExtra map[string]string
		wantOrder []string
		out       string
	}{
		{"declared only", `{"x":1,"label":"a"}`, 1, nil, nil, `{"x":1,"label":"a"}`},
		{"extras in the order read", `{"z":true,"x":2,"b":[1]}`, 2, map[string]string{"z": "true", "b": "[1]"}, []string{"z", "b"}, `{"x":2,"z":true,"b":[1]}`},
		{"extras read in key order", `{"b":true,"x":2,"z":[1]}`, 2, map[string]string{"z": "[1]", "b": "true"}, nil, `{"x":2,"b":true,"z":[1]}`},
		{"key differing only in case stays an extra", `{"x":3,"X":4,"LABEL":"no"}`, 3, map[string]string{"X": "4", "LABEL": `"no"`}, []string{"X", "LABEL"}, `{"x":3,"X":4,"LABEL":"no"}`},
		{"a key written twice: its first place", `{"b":1,"a":2,"b":3}`, 0, map[string]string{"a": "2", "b": "3"}, []string{"b", "a"}, `{"x":0,"b":3,"a":2}`},
		{"empty object", `{}`, 0, nil, nil, `{"x":0}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p point
			if err := UnmarshalObject([]byte(tc.in), &p, pointFields, &p.Extra, &p.Order); err != nil {
				t.Fatal(err)
			}
			if p.X != tc.wantX || p.Label == "no" {
				t.Errorf("declared fields: %+v", p)
			}
			got := map[string]string{}
			for k, v := range p.Extra {
				got[k] = string(v)
			}
			if len(tc.wantExtra) == 0 {
				tc.wantExtra = map[string]string{}
			}
			if d := cmp.Diff(tc.wantExtra, got); d != "" {
				t.Errorf("extras (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.wantOrder, p.Order); d != "" {
				t.Errorf("order (-want +got):\n%s", d)
			}
			out, err := MarshalObject(p, pointFields, p.Extra, p.Order)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.out {
				t.Errorf("MarshalObject = %s, want %s", out, tc.out)
			}
		})
	}
}

func TestMarshalObjectSkipsExtrasThatShadowFields(t *testing.T) {
	out, err := MarshalObject(point{X: 1}, pointFields, map[string]int{"x": 9, "y": 2}, nil)
	if err != nil || string(out) != `{"x":1,"y":2}` {
		t.Errorf("MarshalObject = %s, %v", out, err)
	}
}

func TestUnmarshalObjectTypedExtras(t *testing.T) {
	var p point
	var extra map[string]int
	var order []string
	err := UnmarshalObject([]byte(`{"x":1,"n":"not a number"}`), &p, pointFields, &extra, &order)
	if err == nil {
		t.Fatal("want an error for an extra of the wrong type")
	}
}

func TestExtraKeys(t *testing.T) {
	extra := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}
	for _, tc := range []struct {
		order, want []string
	}{
		{nil, []string{"a", "b", "c", "d"}},
		{[]string{"c", "a"}, []string{"c", "a", "b", "d"}},
		{[]string{"z", "d", "d", "b"}, []string{"d", "b", "a", "c"}}, // gone and repeated keys ignored
	} {
		if d := cmp.Diff(tc.want, ExtraKeys(extra, tc.order)); d != "" {
			t.Errorf("ExtraKeys(%q) (-want +got):\n%s", tc.order, d)
		}
	}
}
