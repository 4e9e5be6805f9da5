package embedded_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/embedded"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// What encoding/json writes reads back, with the embedded pointer nil
// (its fields absent) or set, and Sig nil (null) or set; the
// value-embedded fields are required.
func TestEmbedded(t *testing.T) {
	for _, want := range []embedded.Record{
		{Base: embedded.Base{ID: "1"}, Name: "a"},
		{Base: embedded.Base{ID: "2"}, Audit: &embedded.Audit{By: "ada", Count: 3}, Name: "b", Sig: []byte{0, 1, 255}},
	} {
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := embedded.ParseRecord(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
		}
	}
	if _, err := embedded.ParseRecord([]byte(`{"name":"a","sig":null}`)); err == nil {
		t.Error(`{"name":"a"}: no error for the missing "id"`)
	}
}
