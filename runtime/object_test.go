package runtime

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type point struct {
	X     int                        `json:"x"`
	Label string                     `json:"label,omitempty"`
	Extra map[string]json.RawMessage `json:"-"`
}

var pointFields = NewFields("x", "label")

func TestObjectRoundTrip(t *testing.T) {
	tests := []struct {
		name, in  string
		wantX     int
		wantExtra map[string]string
		out       string
	}{
		{"declared only", `{"x":1,"label":"a"}`, 1, nil, `{"x":1,"label":"a"}`},
		{"extras in key order", `{"z":true,"x":2,"b":[1]}`, 2, map[string]string{"z": "true", "b": "[1]"}, `{"x":2,"b":[1],"z":true}`},
		{"key differing only in case stays an extra", `{"x":3,"X":4,"LABEL":"no"}`, 3, map[string]string{"X": "4", "LABEL": `"no"`}, `{"x":3,"LABEL":"no","X":4}`},
		{"empty object", `{}`, 0, nil, `{"x":0}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p point
			if err := UnmarshalObject([]byte(tc.in), &p, pointFields, &p.Extra); err != nil {
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
			out, err := MarshalObject(p, pointFields, p.Extra)
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
	out, err := MarshalObject(point{X: 1}, pointFields, map[string]int{"x": 9, "y": 2})
	if err != nil || string(out) != `{"x":1,"y":2}` {
		t.Errorf("MarshalObject = %s, %v", out, err)
	}
}

func TestUnmarshalObjectTypedExtras(t *testing.T) {
	var p point
	var extra map[string]int
	err := UnmarshalObject([]byte(`{"x":1,"n":"not a number"}`), &p, pointFields, &extra)
	if err == nil {
		t.Fatal("want an error for an extra of the wrong type")
	}
}
