package emit

import (
	"slices"
	"testing"

	"github.com/structgen/structgen/gen/ir"
)

func TestExclusive(t *testing.T) {
	closed := &ir.Validator{Name: "no", False: true}
	str := &ir.Validator{Name: "s", Types: []string{"string"}}
	num := &ir.Validator{Name: "n", Types: []string{"number"}}
	integer := &ir.Validator{Name: "i", Types: []string{"integer"}}
	anyKind := &ir.Validator{Name: "a"}
	tag := func(v string) *ir.Validator {
		return &ir.Validator{Name: "t" + v, Enum: []string{`"` + v + `"`}, Const: true}
	}
	object := func(required []string, props []string, isClosed bool) *ir.Validator {
		v := &ir.Validator{Name: "o", Types: []string{"object"}, Required: required}
		for _, p := range props {
			v.Properties = append(v.Properties, ir.NamedValidator{Name: p, V: anyKind})
		}
		if isClosed {
			v.AdditionalProperties = closed
		}
		return v
	}
	tagged := func(v string, closedToo bool) *ir.Validator {
		o := object([]string{"kind"}, nil, closedToo)
		o.Properties = []ir.NamedValidator{{Name: "kind", V: tag(v)}}
		return o
	}
	ref := &ir.Validator{Name: "r", Ref: object([]string{"id"}, []string{"id"}, true)}
	for _, tc := range []struct {
		name     string
		branches []*ir.Validator
		want     bool
	}{
		{"kinds apart", []*ir.Validator{str, num}, true},
		{"integer is a number", []*ir.Validator{integer, num}, false},
		{"any kind", []*ir.Validator{str, anyKind}, false},
		{"closed objects, each requiring what the other refuses", []*ir.Validator{object([]string{"id"}, []string{"id", "value"}, true), object([]string{"name"}, []string{"name", "value"}, true)}, true},
		{"through a reference", []*ir.Validator{ref, object([]string{"name"}, []string{"name"}, true)}, true},
		{"open objects", []*ir.Validator{object([]string{"id"}, []string{"id"}, false), object([]string{"name"}, []string{"name"}, false)}, false},
		{"one declares the other's requirement", []*ir.Validator{object([]string{"id"}, []string{"id"}, true), object(nil, []string{"id", "name"}, true)}, false},
		{"tags apart", []*ir.Validator{tagged("a", false), tagged("b", false)}, true},
		{"same tag", []*ir.Validator{tagged("a", false), tagged("a", false)}, false},
		{"a third branch overlaps", []*ir.Validator{str, num, anyKind}, false},
		{"false", []*ir.Validator{closed, anyKind}, true},
		{"interpreted", []*ir.Validator{str, {Name: "x", Interpret: "#", Why: "cycle"}}, false},
	} {
		if got := exclusive(tc.branches); got != tc.want {
			t.Errorf("%s: exclusive = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestBranchKinds(t *testing.T) {
	str := &ir.Validator{Name: "s", Types: []string{"string"}}
	integer := &ir.Validator{Name: "i", Types: []string{"integer"}}
	obj := &ir.Validator{Name: "o", Types: []string{"object", "null"}}
	anyKind := &ir.Validator{Name: "a"}
	cycle := &ir.Validator{Name: "c"}
	cycle.Ref = cycle
	for _, tc := range []struct {
		name     string
		branches []*ir.Validator
		want     string // "" where every branch allows the same kinds
	}{
		{"types", []*ir.Validator{str, integer}, "string|number"},
		{"any", []*ir.Validator{str, anyKind}, "string|*"},
		{"same", []*ir.Validator{str, {Name: "s2", Types: []string{"string"}}}, ""},
		{"false", []*ir.Validator{str, {Name: "f", False: true}}, "string|-"},
		{"through a reference", []*ir.Validator{str, {Name: "r", Ref: obj}}, "string|null,object"},
		{"anyOf is the union of its branches", []*ir.Validator{{Name: "u", AnyOf: []*ir.Validator{str, integer}}, obj}, "number,string|null,object"},
		{"allOf narrows", []*ir.Validator{{Name: "n", Types: []string{"object", "string"}, AllOf: []*ir.Validator{obj}}, str}, "object|string"},
		{"a cycle allows every kind", []*ir.Validator{cycle, str}, "*|string"},
	} {
		got, ok := branchKinds(tc.branches)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s: branchKinds = %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
}

// TestConstsOf: a type beside the constants keeps those of its kinds; an
// integer type leaves numbers written with a fraction or exponent to the
// validator; any other keyword makes it no set of constants.
func TestConstsOf(t *testing.T) {
	one := 1
	for _, tc := range []struct {
		name string
		v    *ir.Validator
		want []string
	}{
		{"enum", &ir.Validator{Enum: []string{`"a"`, `1`}}, []string{`"a"`, `1`}},
		{"typed", &ir.Validator{Types: []string{"string"}, Enum: []string{`"a"`, `1`, `null`}}, []string{`"a"`}},
		{"two types", &ir.Validator{Types: []string{"string", "null"}, Enum: []string{`"a"`, `1`, `null`}}, []string{`"a"`, `null`}},
		{"none of the type", &ir.Validator{Types: []string{"string"}, Enum: []string{`1`}}, []string{}},
		{"integer", &ir.Validator{Types: []string{"integer"}, Enum: []string{`1`, `-2`}}, []string{`1`, `-2`}},
		{"integer with a fraction", &ir.Validator{Types: []string{"integer"}, Enum: []string{`1`, `1.0`}}, nil},
		{"number", &ir.Validator{Types: []string{"number"}, Enum: []string{`1.5`}}, []string{`1.5`}},
		{"other keyword", &ir.Validator{Types: []string{"string"}, Enum: []string{`"a"`}, MinLength: &one}, nil},
		{"no enum", &ir.Validator{Types: []string{"string"}}, nil},
		{"through a reference", &ir.Validator{Ref: &ir.Validator{Types: []string{"boolean"}, Enum: []string{`true`, `"x"`}}}, []string{`true`}},
	} {
		got := constsOf(tc.v)
		if (got == nil) != (tc.want == nil) || !slices.Equal(got, tc.want) {
			t.Errorf("%s: constsOf = %#v, want %#v", tc.name, got, tc.want)
		}
	}
}
