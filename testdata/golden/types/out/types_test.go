package types_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/types/out"
)

const full = `{
  "id": "A-1", "quantity": 2, "price": 9.5, "paid": true, "note": null,
  "coupon": null, "discount": 0,
  "items": [{"sku": "ABC-1", "gift": false, "wrapping": "red"}],
  "labels": [], "attributes": {"weight": 3},
  "priority": "", "status": 3, "version": 2,
  "location": [52.5, 13.4], "legacy": "x", "big": 1.0e3,
  "meta": {"any": ["thing", 1]}, "$ref-like key": "k", "caseA": "A", "case_a": "a"
}`

// roundTrip parses data and encodes the result again; the JSON values
// must be equal.
func roundTrip(t *testing.T, data string) types.Order {
	t.Helper()
	o, err := types.ParseOrder([]byte(data))
	if err != nil {
		t.Fatalf("ParseOrder: %v", err)
	}
	out, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := json.Unmarshal([]byte(data), &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("round trip changed the value (-in +out):\n%s", d)
	}
	return o
}

func TestOrderRoundTrip(t *testing.T) {
	o := roundTrip(t, full)
	if o.Note != nil || !o.Coupon.Present || !o.Coupon.Null {
		t.Errorf("required null and optional null: got note=%v coupon=%+v", o.Note, o.Coupon)
	}
	if o.Discount == nil || *o.Discount != 0 {
		t.Errorf("optional zero must stay present: %v", o.Discount)
	}
	if o.Labels == nil || len(o.Labels) != 0 {
		t.Errorf("empty optional array must stay present and empty: %#v", o.Labels)
	}
	if o.Big == nil || *o.Big != 1000 {
		t.Errorf("1.0e3 is an integer: got %v", o.Big)
	}
	if o.Priority != types.PriorityEmpty || o.Status.Int == nil || *o.Status.Int != 3 {
		t.Errorf("enum values: %q %+v", o.Priority, o.Status)
	}
	if string(o.Items[0].AdditionalProperties["wrapping"]) != `"red"` {
		t.Errorf("undeclared property dropped: %v", o.Items[0].AdditionalProperties)
	}
	if o.Location.V0 != 52.5 || o.Location.V2 != nil {
		t.Errorf("tuple: %+v", o.Location)
	}
	if *o.CaseA != "A" || *o.CaseA2 != "a" {
		t.Errorf("properties that differ in case: %q %q", *o.CaseA, *o.CaseA2)
	}
}

// TestEnumItems: an array of enum values reads each, and its first item
// makes room for four, as for strings: up to four cost one allocation.
func TestEnumItems(t *testing.T) {
	with := func(items string) []byte {
		return []byte(`{"id": "A-1", "quantity": 2, "price": 9.5, "paid": true, "note": null, "priority": "low",
			"items": [{"sku": "ABC-1"}], "escalations": ` + items + `}`)
	}
	o := roundTrip(t, string(with(`["normal", "high", "", "low"]`)))
	if d := cmp.Diff([]types.Priority{types.PriorityNormal, types.PriorityHigh, types.PriorityEmpty, types.PriorityLow}, o.Escalations); d != "" {
		t.Errorf("escalations (-want +got):\n%s", d)
	}
	if _, err := types.ParseOrder(with(`["normal", "urgent"]`)); err == nil {
		t.Error("an item outside the enum passed")
	}
	one, four := with(`["high"]`), with(`["normal", "high", "", "low"]`)
	a1 := testing.AllocsPerRun(50, func() { types.ParseOrder(one) })
	a4 := testing.AllocsPerRun(50, func() { types.ParseOrder(four) })
	if a4 != a1 {
		t.Errorf("four items allocate %v times, one %v; want the same", a4, a1)
	}
}

func TestOrderAbsentStaysAbsent(t *testing.T) {
	o := roundTrip(t, `{"id":"A","quantity":1,"price":1,"paid":false,"note":"n","items":[{"sku":"ABC-2"}],"priority":"low","location":[1,2,"home"]}`)
	if o.Coupon.Present || o.Labels != nil || o.Discount != nil {
		t.Errorf("absent fields: %+v", o)
	}
	if o.Location.V2 == nil || *o.Location.V2 != "home" {
		t.Errorf("optional tuple position: %+v", o.Location)
	}
}

func TestOrderErrors(t *testing.T) {
	tests := []struct {
		name, data string
		want       []string // pointers of the problems
	}{
		{"missing required", `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}]}`, []string{""}},
		{"wrong type and pattern", `{"id":"A","quantity":"1","price":1,"paid":false,"note":null,"items":[{"sku":"abc"}],"priority":"low"}`, []string{"/items/0/sku", "/quantity"}},
		{"not an integer", `{"id":"A","quantity":1.5,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low"}`, []string{"/quantity"}},
		{"enum and closed object", `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"urgent","extra":1}`, []string{"", "/priority"}},
		{"map key written twice", `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low","attributes":{"a":1,"b":2,"a":"x"}}`, []string{"/attributes", "/attributes/a"}},
		{"tuple too long", `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low","location":[1,2,"a",4]}`, []string{"/location/3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := types.ParseOrder([]byte(tc.data))
			var ve *runtime.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("want *runtime.ValidationError, got %v", err)
			}
			if ve.TypeName != "Order" || string(ve.Raw) != tc.data {
				t.Errorf("TypeName %q, Raw %q", ve.TypeName, ve.Raw)
			}
			var got []string
			for _, p := range ve.Problems {
				if len(got) == 0 || got[len(got)-1] != p.Pointer {
					got = append(got, p.Pointer)
				}
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("problem pointers (-want +got):\n%s\n%v", d, err)
			}
		})
	}
}

// TestEnumWording: a value outside an enum is worded as the validators
// word it: the values listed, or the one value of a const; an enum with
// an object value is its validator's to check.
func TestEnumWording(t *testing.T) {
	impl.CheckDecoders = true // and the interpreter agrees
	defer func() { impl.CheckDecoders = false }()
	base := `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low"`
	for doc, want := range map[string]string{
		base + `,"version":3}`: "/version: value must be 2",
		// Only the const makes it an integer: a fraction is another value.
		base + `,"version":2.5}`:      "/version: value must be 2",
		base[:len(base)-5] + `"top"}`: "/priority: value must be one of 'low', 'normal', 'high', ''",
		// An enum of several kinds: the value's kind picks the variant,
		// and any value outside the enum is worded by the whole list.
		base + `,"level":2}`:       "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"level":1.5}`:     "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"level":1e400}`:   "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"level":"high"}`:  "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"level":false}`:   "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"level":[1]}`:     "/level: value must be one of 1, 1.0, 'low', true, null",
		base + `,"status":{}}`:     "/status: value must be one of 'open', 'closed', 3",
		base + `,"shape":{"a":2}}`: `/shape: value must be one of {"a":1}, 'x'`,
		base + `,"shape":"y"}`:     `/shape: value must be one of {"a":1}, 'x'`,
		base + `,"shape":{"a":1}}`: "",
		base + `,"status":"shut"}`: "/status: value must be one of 'open', 'closed', 3",
		// A field that may be null says so when it refuses another kind;
		// one that may not does not.
		base + `,"coupon":{}}`:  "/coupon: got object, want string or null",
		base + `,"location":7}`: "/location: got number, want array",
	} {
		_, err := types.ParseOrder([]byte(doc))
		var ve *runtime.ValidationError
		switch {
		case want == "":
			if err != nil {
				t.Errorf("%s: %v; want it accepted", doc, err)
			}
		case !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].String() != want:
			t.Errorf("%s: %v; want the one problem %q", doc, err, want)
		}
	}
}

// TestEnumOfKinds: the values of an enum of several kinds are read into
// the variant of their kind, 1.0 as the integer 1 and null as no variant.
func TestEnumOfKinds(t *testing.T) {
	impl.CheckDecoders = true // and the interpreter agrees
	defer func() { impl.CheckDecoders = false }()
	base := `{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low"`
	for level, want := range map[string]string{`1`: "1", `1.0`: "1", `"low"`: `"low"`, `true`: "true", `null`: "null"} {
		o, err := types.ParseOrder([]byte(base + `,"level":` + level + `}`))
		if err != nil {
			t.Errorf("level %s: %v", level, err)
			continue
		}
		if !o.Level.Present {
			t.Errorf("level %s: not set", level)
			continue
		}
		got, err := json.Marshal(o.Level)
		if err != nil || string(got) != want {
			t.Errorf("level %s: read as %s (%v), want %s", level, got, err, want)
		}
	}
}

func TestNamedRoots(t *testing.T) {
	tags, err := types.ParseTags([]byte(`["a","b"]`))
	if err != nil || len(tags) != 2 {
		t.Fatalf("ParseTags: %v %v", tags, err)
	}
	if _, err := types.ParseTags([]byte(`["a","a"]`)); err == nil {
		t.Error("uniqueItems not enforced")
	}
	p, err := types.ParsePriority([]byte(`"high"`))
	if err != nil || p != types.PriorityHigh {
		t.Fatalf("ParsePriority: %v %v", p, err)
	}
	if _, err := types.ParsePriority([]byte(`"HIGH"`)); err == nil {
		t.Error("strict Parse must not repair the case of an enum value")
	}
}

func TestEmptyAndInvalidInput(t *testing.T) {
	for _, tc := range []struct {
		data string
		want error
	}{{"", runtime.ErrEmptyReply}, {"  \n", runtime.ErrEmptyReply}, {`{"id":`, runtime.ErrInvalidJSON}, {`{} {}`, runtime.ErrInvalidJSON}} {
		_, err := types.ParseOrder([]byte(tc.data))
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseOrder(%q) = %v, want %v", tc.data, err, tc.want)
		}
	}
}

// FuzzOrderDecoderAgrees mutates orders and checks that the generated
// decoder and the schema interpreter read each the same way (verdict and
// value), through impl.CheckDecoders.
func FuzzOrderDecoderAgrees(f *testing.F) {
	f.Add([]byte(full))
	f.Add([]byte(`{"id":"A-1","quantity":1.5,"price":1e400,"paid":"yes","note":1,"coupon":{},"items":[{"sku":"abc"}],"priority":"top","big":9223372036854775808}`))
	f.Add([]byte(`{"id":"A-1","quantity":2,"price":9.5,"paid":true,"note":"n","items":[],"priority":"low","attributes":{"a":1.0,"b":-0}}`))
	f.Add([]byte(`{"id":"A","quantity":1,"price":1,"paid":false,"note":null,"items":[{"sku":"ABC-1"}],"priority":"low","level":1.0,"status":3}`))
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := types.ParseOrder(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
