package shapes_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/shapes"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated validators disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

func TestOneOfRoundTrip(t *testing.T) {
	for _, d := range []shapes.Drawing{
		{},
		{Title: "empty"},
		{Title: "two", Main: shapes.Circle{Kind: "Circle", Radius: 1}, Shapes: []shapes.Shape{&shapes.Square{Kind: "square", Side: 2}, shapes.Circle{Kind: "Circle"}}},
	} {
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := shapes.ParseDrawing(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if diff := cmp.Diff(d, got); diff != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
		}
	}
}

func TestOneOfErrors(t *testing.T) {
	for in, want := range map[string]string{
		`{"title":"x","main":{"kind":"triangle"},"shapes":[]}`:            "/main",
		`{"title":"x","main":{"kind":"square","side":"2"},"shapes":null}`: "/main",
		`{"title":"x","main":null,"shapes":[{"radius":1}]}`:               "/shapes/0",
	} {
		_, err := shapes.ParseDrawing([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: want an error at %s, got %v", in, want, err)
		}
	}
	if _, err := shapes.UnmarshalShape([]byte(`{"kind":"hexagon"}`)); err == nil || !strings.Contains(err.Error(), `"hexagon"`) {
		t.Errorf("unknown variant: %v", err)
	}
}
