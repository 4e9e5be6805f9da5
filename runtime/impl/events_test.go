package impl

import (
	"errors"
	"testing"

	"github.com/structgen/structgen/runtime"
)

func TestMarshalSplitEvent(t *testing.T) {
	tests := []struct {
		kind, fp string
		v        any
		want     string
	}{
		{"A", "abc", map[string]int{"x": 1}, `{"kind":"A","schemaFingerprint":"abc","x":1}`},
		{"A", "", map[string]int{"x": 1}, `{"kind":"A","x":1}`},
		{"B", "abc", struct{}{}, `{"kind":"B","schemaFingerprint":"abc"}`},
	}
	for _, tc := range tests {
		got, err := MarshalEvent(tc.kind, tc.fp, tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("MarshalEvent(%s, %s): %s %v, want %s", tc.kind, tc.fp, got, err, tc.want)
		}
		kind, fp, rest, err := SplitEvent(got)
		if err != nil || kind != tc.kind || fp != tc.fp || string(rest) == "" {
			t.Errorf("SplitEvent(%s): %q %q %s %v", got, kind, fp, rest, err)
		}
	}
	for _, bad := range []string{`[]`, `{"x":1}`, `{"kind":1}`, `{"kind":"A","schemaFingerprint":2}`} {
		if _, _, _, err := SplitEvent([]byte(bad)); err == nil {
			t.Errorf("SplitEvent(%s): want an error", bad)
		}
	}
	if _, err := MarshalEvent("A", "f", []int{1}); err == nil {
		t.Error("an action that is not an object is an error")
	}
}

func TestSchemaChanged(t *testing.T) {
	if SchemaChanged("A", "", "new", nil) != nil || SchemaChanged("A", "same", "same", nil) != nil {
		t.Error("no change, no report")
	}
	err := SchemaChanged("A", "old", "new", nil)
	var sc *runtime.SchemaChangedError
	if !errors.As(err, &sc) || !errors.Is(err, runtime.ErrSchemaChanged) || sc.Err != nil {
		t.Errorf("%v", err)
	}
	invalid := errors.New("/x: want string")
	err = SchemaChanged("A", "old", "new", invalid)
	if !errors.Is(err, invalid) || err.Error() != "event of kind A was written under schema old; the tool's schema is now new: /x: want string" {
		t.Errorf("%v", err)
	}
}
