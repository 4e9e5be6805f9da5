package merged_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	merged "github.com/structgen/structgen/testdata/golden/merged/out"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated decoders disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

const base = `"buyer": {"name": "ana"}, "lines": [{"sku": "ABC-1", "qty": 2}]`

func TestMergedTypesDecode(t *testing.T) {
	o, err := merged.ParseOrder([]byte(`{"buyer": {"name": "ana", "email": "a@b.io", "x": 1},
		"seller": {"name": "bo", "vat": "DE1", "y": [true]},
		"lines": [{"sku": "ABC-1", "qty": 2}, {"sku": "XYZ-9", "note": "n"}],
		"nullable": {"name": "cy"}}`))
	if err != nil {
		t.Fatal(err)
	}
	email, qty, note := "a@b.io", int64(2), "n"
	want := merged.Order{
		Buyer:    merged.OrderBuyer{Name: "ana", Email: &email, AdditionalProperties: map[string]json.RawMessage{"x": json.RawMessage("1")}},
		Seller:   &merged.OrderSeller{Name: "bo", Vat: "DE1", AdditionalProperties: map[string]json.RawMessage{"y": json.RawMessage("[true]")}},
		Lines:    []merged.OrderLinesItem{{Sku: "ABC-1", Qty: &qty}, {Sku: "XYZ-9", Note: &note}},
		Nullable: &merged.OrderNullable{Name: "cy"},
	}
	if d := cmp.Diff(want, o); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

// TestMergedTypesCheckEverySchema: each schema a merged type sums is
// checked, where it is written.
func TestMergedTypesCheckEverySchema(t *testing.T) {
	for _, tc := range []struct{ doc, pointer, says string }{
		{`{"buyer": {}, "lines": []}`, "/buyer", "missing property 'name'"},
		{`{"buyer": {"name": ""}, "lines": []}`, "/buyer/name", "minLength"},
		{`{"buyer": {"name": "a", "email": "nope"}, "lines": []}`, "/buyer/email", "email"},
		{`{` + base + `, "seller": {"name": "bo"}}`, "/seller", "missing property 'vat'"},
		{`{` + base + `, "seller": {"vat": "x"}}`, "/seller", "missing property 'name'"},
		{`{` + base + `, "seller": {"name": "bo", "vat": "1234567890123"}}`, "/seller/vat", "maxLength"},
		{`{` + base + `, "seller": {"name": "` + strings.Repeat("n", 21) + `", "vat": "1"}}`, "/seller/name", "maxLength"},
		{`{"buyer": {"name": "a"}, "lines": [{"sku": "abc"}]}`, "/lines/0/sku", "does not match pattern"},
		{`{"buyer": {"name": "a"}, "lines": [{"sku": "ABC-1", "qty": 0}]}`, "/lines/0/qty", "minimum"},
		{`{"buyer": {"name": "a"}, "lines": [{"sku": "ABC-1", "other": 1}]}`, "/lines/0", "additional properties 'other' not allowed"},
		{`{"buyer": {"name": "a"}, "lines": [{"sku": "ABC-1"}]}`, "/lines/0", "minProperties"},
		{`{"buyer": {"name": "a"}, "lines": [{"sku": "ABC-1", "qty": 1, "note": "n", "x": 1}]}`, "/lines/0", "not allowed"},
		{`{` + base + `, "tag": {"code": "c", "extra": 1}}`, "/tag", "additional properties 'extra' not allowed"},
		{`{` + base + `, "nullable": null}`, "/nullable", "got null, want object"},
		{`{` + base + `, "contact": "nope"}`, "/contact", "is not valid email"},
		{`{` + base + `, "contact": 1}`, "/contact", "got number, want string"},
		{`{` + base + `, "buyer": {"name": "x"}}`, "", "written twice"},
	} {
		_, err := merged.ParseOrder([]byte(tc.doc))
		var ve *runtime.ValidationError
		if errors.Is(err, impl.ErrDecoderDisagrees) || !errors.As(err, &ve) {
			t.Errorf("%s: %v", tc.doc, err)
			continue
		}
		found := false
		for _, p := range ve.Problems {
			if p.Pointer == tc.pointer && strings.Contains(p.Message, tc.says) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want a problem at %q saying %q, got %v", tc.doc, tc.pointer, tc.says, err)
		}
	}
}

// FuzzOrderDecoderAgrees: the merged types' decoders and the interpreter
// read any input alike.
func FuzzOrderDecoderAgrees(f *testing.F) {
	f.Add([]byte(`{` + base + `}`))
	f.Add([]byte(`{"buyer": {"name": "ana", "x": 1}, "seller": {"name": "bo", "vat": "DE1"}, "lines": [{"sku": "ABC-1", "note": "n"}], "contact": "a@b.io", "tag": {"code": "c"}}`))
	f.Add([]byte(`{"buyer": {"name": ""}, "lines": [{"sku": "abc", "qty": 0, "x": 1}], "nullable": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := merged.ParseOrder(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
