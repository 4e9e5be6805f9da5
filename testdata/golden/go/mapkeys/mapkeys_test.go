package mapkeys_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/mapkeys"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// What encoding/json writes reads back; keys that are no integer of the
// key's type are refused, by the schema's pattern or by encoding/json.
func TestIntegerKeys(t *testing.T) {
	want := mapkeys.Scores{ByID: map[int]string{-3: "a", 7: "b"}, ByLevel: map[uint8]int{0: 1, 255: 2}, Named: map[mapkeys.Name]float64{"x": 1.5}}
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := mapkeys.ParseScores(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
	}
	for _, doc := range []string{
		`{"by_id":{"x":"a"}}`,
		`{"by_id":{"1.5":"a"}}`,
		`{"by_id":{},"by_level":{"-1":2}}`,
		`{"by_id":{},"by_level":{"256":2}}`,
	} {
		if v, err := mapkeys.ParseScores([]byte(doc)); err == nil {
			t.Errorf("%s: no error, got %+v", doc, v)
		}
	}
}
