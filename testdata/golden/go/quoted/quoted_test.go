package quoted_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/quoted"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// What encoding/json writes reads back; a number where its text in a
// string is wanted, or text encoding/json cannot read, is refused.
func TestQuoted(t *testing.T) {
	limit, tier, ratio := uint32(10), int8(-3), float32(0.5)
	for _, want := range []quoted.Account{
		{},
		{ID: 9007199254740993, Balance: -1.5e300, Active: true, Limit: &limit, Tier: &tier, Note: "n", Ratio: &ratio},
	} {
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := quoted.ParseAccount(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
		}
	}
	for _, doc := range []string{
		`{"id":12,"balance":"0","active":"true","limit":null,"note":""}`,
		`{"id":"012","balance":"0","active":"true","limit":null,"note":""}`,
		`{"id":"1","balance":"0","active":"yes","limit":null,"note":""}`,
		`{"id":"1","balance":"0","active":"true","limit":"-1","note":""}`,
		`{"id":"1","balance":"1.","active":"true","limit":null,"note":""}`,
	} {
		if v, err := quoted.ParseAccount([]byte(doc)); err == nil {
			t.Errorf("%s: no error, got %+v", doc, v)
		}
	}
}
