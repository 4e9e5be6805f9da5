package refs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/testdata/golden/refs/out"
)

func TestRecursiveTree(t *testing.T) {
	in := `{"name":"root","children":[{"name":"a","children":[]},{"name":"b","children":[{"name":"c","children":[]}]}],"parent":{"name":"up","children":[]}}`
	tree, err := refs.ParseTree([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if tree.Children[1].Children[0].Name != "c" || tree.Parent.Name != "up" {
		t.Errorf("tree: %+v", tree)
	}
	out, _ := json.Marshal(tree)
	var a, b any
	json.Unmarshal([]byte(in), &a)
	json.Unmarshal(out, &b)
	if d := cmp.Diff(a, b); d != "" {
		t.Errorf("round trip (-in +out):\n%s", d)
	}
	if _, err := refs.ParseTree([]byte(`{"name":"root","children":[{"name":1,"children":[]}]}`)); err == nil || !strings.Contains(err.Error(), "/children/0/name") {
		t.Errorf("nested error must name its path: %v", err)
	}
}

func TestCrossFileAndMappedURL(t *testing.T) {
	c, err := refs.ParseCatalog([]byte(`{"products":[{"name":"pen","price":{"amount":"1.50","currency":"EUR"},"related":[{"name":"ink","price":{"amount":"3.00","currency":"USD"}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var want refs.Amount = refs.Amount{Amount: "3.00", Currency: refs.CurrencyUSD}
	if d := cmp.Diff(want, c.Products[0].Related[0].Price); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
	// The currency enum comes from the document that `urls` maps.
	if _, err := refs.ParseCatalog([]byte(`{"products":[{"name":"pen","price":{"amount":"1.50","currency":"GBP"}}]}`)); err == nil || !strings.Contains(err.Error(), "/products/0/price/currency") {
		t.Errorf("want the currency enum enforced at its path, got %v", err)
	}
	// The pattern of common.json#/$defs/money, renamed Amount by `names`.
	if _, err := refs.ParseAmount([]byte(`{"amount":"1.5","currency":"EUR"}`)); err == nil {
		t.Error("pattern not enforced")
	}
}

// TestItemsDecodedInPlace: an array of objects decodes each where it
// goes. A recursive type's decoder calls itself, so the compiler cannot
// keep a variable it decodes into on the stack: decoded there and
// appended after, each of sixteen children would cost an allocation,
// where the slice's growth costs four.
func TestItemsDecodedInPlace(t *testing.T) {
	tree := func(n int) []byte {
		children := make([]string, n)
		for i := range children {
			children[i] = `{"name":"leaf","children":[]}`
		}
		return []byte(`{"name":"root","children":[` + strings.Join(children, ",") + `]}`)
	}
	one, sixteen := tree(1), tree(16)
	if got, err := refs.ParseTree(sixteen); err != nil || len(got.Children) != 16 || got.Children[15].Name != "leaf" {
		t.Fatalf("ParseTree = %+v, %v", got, err)
	}
	a1 := testing.AllocsPerRun(50, func() { refs.ParseTree(one) })
	a16 := testing.AllocsPerRun(50, func() { refs.ParseTree(sixteen) })
	if a16-a1 > 6 {
		t.Errorf("16 children allocate %v times, one %v: more than the slice's growth and a chunk of text", a16, a1)
	}
}
