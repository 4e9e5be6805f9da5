package selfclash_test

import (
	"os"
	"testing"

	"github.com/structgen/structgen/runtime/impl"
	selfclash "github.com/structgen/structgen/testdata/golden/self_clash/out"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// The plain Ref and the merged ones decode into types of their own.
func TestSelfClash(t *testing.T) {
	doc := `{"tax":{"first":{"target":{"site":"s","type":"t"}},"thirds":[{"target":{"type":1}}]},"credits":{"by":[{"target":{"site":"x"}}]}}`
	r, err := selfclash.ParseRed([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	tax, _ := r.Object.Tax.Get()
	credits, _ := r.Object.Credits.Get()
	if tax.Object == nil || len(tax.Object.Thirds) != 1 || credits.Object == nil || len(credits.Object.By) != 1 {
		t.Errorf("got %+v", r.Object)
	}
}
