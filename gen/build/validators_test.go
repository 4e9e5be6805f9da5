package build

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
)

// inPlaceRef is a node at ptr whose $ref is target.
func inPlaceRef(ptr string, target *schema.Node) *schema.Node {
	return node(ptr, 1, schema.Node{Ref: target})
}

// validatorsCalled lists the validators pkg's validators call that it
// does not hold.
func validatorsCalled(pkg *ir.Package) []string {
	held := map[*ir.Validator]bool{}
	for _, v := range pkg.Validators {
		held[v] = true
	}
	var missing []string
	for _, v := range pkg.Validators {
		for _, s := range inPlaceValidators(v) {
			if s != nil && !held[s] {
				missing = append(missing, v.Name+" → "+s.Name)
			}
		}
	}
	return missing
}

// TestInPlaceCycles: a schema that applies itself to the same value
// again is compiled as the interpreter reads it (that application
// fails), entered anywhere; one that would unroll into too many
// validators is left to the interpreter, and none of what was unrolled
// for it stays.
func TestInPlaceCycles(t *testing.T) {
	self := node("/properties/self", 2, schema.Node{})
	self.AllOf = []*schema.Node{inPlaceRef("/properties/self/allOf/0", self), node("/properties/self/allOf/1", 2, schema.Node{Types: str()})}
	doc := node("", 1, schema.Node{
		Types:      []string{"object"},
		Properties: map[string]*schema.Node{"self": self},
	})
	pkg := buildRoots(t, map[string]*schema.Node{"T": doc})
	cycles := 0
	for _, v := range pkg.Validators {
		if v.Interpret != "" {
			t.Errorf("%s is left to the interpreter: %s", v.Loc, v.Why)
		}
		if v.Cycle {
			cycles++
			if !v.False || !strings.HasSuffix(v.Loc, "#/properties/self") {
				t.Errorf("the cycle's validator: %+v; want a false one of /properties/self", v)
			}
		}
	}
	if cycles != 1 {
		t.Errorf("%d validators close the cycle; want 1", cycles)
	}

	// d0 … d9 each apply the next twice (anyOf), d9 applies d0: 2^10
	// paths around the cycle.
	defs := make([]*schema.Node, 10)
	for i := range defs {
		defs[i] = node(fmt.Sprintf("/$defs/d%d", i), 3+i, schema.Node{})
	}
	for i, d := range defs {
		next := defs[(i+1)%len(defs)]
		d.AnyOf = []*schema.Node{
			inPlaceRef(fmt.Sprintf("/$defs/d%d/anyOf/0", i), next),
			inPlaceRef(fmt.Sprintf("/$defs/d%d/anyOf/1", i), next),
		}
	}
	doc = node("", 1, schema.Node{
		Types:      []string{"object"},
		Properties: map[string]*schema.Node{"wide": defs[0]},
	})
	pkg = buildRoots(t, map[string]*schema.Node{"T": doc})
	var interpreted []string
	for _, v := range pkg.Validators {
		if v.Interpret != "" {
			interpreted = append(interpreted, v.Loc+": "+v.Why)
		}
		if v.Cycle {
			t.Errorf("%s: a validator unrolled for the interpreter's schema is still there", v.Name)
		}
	}
	if len(interpreted) != 1 || !strings.Contains(interpreted[0], "#/$defs/d0: ") || !strings.Contains(interpreted[0], "unrolled") {
		t.Errorf("left to the interpreter: %q; want d0 alone, unrolled into too many validators", interpreted)
	}
	if missing := validatorsCalled(pkg); len(missing) > 0 {
		t.Errorf("validators call ones the package does not hold: %v", missing)
	}
}

// TestMergedProperties: allOf members that only declare (and require)
// properties are read with the schema's own properties, once; where a
// keyword reads which properties a schema declares, or two declare the
// same one, the allOf stays.
func TestMergedProperties(t *testing.T) {
	base := node("/$defs/base", 2, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
		"name": node("/$defs/base/properties/name", 2, schema.Node{Types: str()}),
	}})
	closed := node("/$defs/closed", 3, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
		"code": node("/$defs/closed/properties/code", 3, schema.Node{Types: str()}),
	}, AdditionalProperties: node("/$defs/closed/additionalProperties", 3, schema.Node{Types: []string{"integer"}})})
	member := func(ptr, name string, required ...string) *schema.Node {
		return node(ptr, 4, schema.Node{Properties: map[string]*schema.Node{
			name: node(ptr+"/properties/"+name, 4, schema.Node{Types: []string{"integer"}}),
		}, Required: required})
	}
	allOf := func(ptr string, n schema.Node, members ...*schema.Node) *schema.Node {
		n.AllOf = members
		return node(ptr, 5, n)
	}
	doc := node("", 1, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
		// base and a member: one object of two properties.
		"merged": allOf("/properties/merged", schema.Node{}, inPlaceRef("/properties/merged/allOf/0", base), member("/properties/merged/allOf/1", "size", "size")),
		// closed reads which properties it declares: it stays applied.
		"closed": allOf("/properties/closed", schema.Node{}, inPlaceRef("/properties/closed/allOf/0", closed), member("/properties/closed/allOf/1", "size")),
		// the schema's additionalProperties would see the members' properties.
		"open": allOf("/properties/open", schema.Node{AdditionalProperties: node("/properties/open/additionalProperties", 5, schema.Node{Types: str()})},
			member("/properties/open/allOf/0", "size")),
		// a property declared twice.
		"twice": allOf("/properties/twice", schema.Node{Properties: map[string]*schema.Node{"size": node("/properties/twice/properties/size", 5, schema.Node{Minimum: new(big.Rat)})}},
			member("/properties/twice/allOf/0", "size")),
	}})
	pkg := buildRoots(t, map[string]*schema.Node{"T": doc})
	got := map[string]string{}
	for _, v := range pkg.Validators {
		name, ok := strings.CutPrefix(v.Loc, "mem:///doc.json#/properties/")
		if !ok || strings.Contains(name, "/") {
			continue
		}
		var props []string
		for _, p := range v.Properties {
			props = append(props, p.Name)
		}
		got[name] = fmt.Sprintf("types %v, properties %v, required %v, allOf %d", v.Types, props, v.Required, len(v.AllOf))
	}
	want := map[string]string{
		"merged": "types [object], properties [name size], required [size], allOf 0",
		"closed": "types [], properties [size], required [], allOf 1",
		"open":   "types [], properties [], required [], allOf 1",
		"twice":  "types [], properties [size], required [], allOf 1",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("validators (-want +got):\n%s", d)
	}
}

// TestValidatorKeyFields checks that validatorKey tells validators apart
// by every field that changes what they check: each field set to each of
// a few values (nil and empty lists among them) gives a key no other
// variant gives. A field added to ir.Validator without being written to
// the key fails here, rather than sharing validators that differ.
func TestValidatorKeyFields(t *testing.T) {
	r1, r2 := &ir.Validator{Name: "r1"}, &ir.Validator{Name: "r2"}
	canon := map[*ir.Validator]*ir.Validator{r1: r1, r2: r2}
	ids := map[*ir.Validator]int{r1: 0, r2: 1}
	one, two, x, y := 1, 2, "x", "y"
	samples := map[reflect.Type][]any{
		reflect.TypeFor[string]():              {"x", "y", "x;"},
		reflect.TypeFor[bool]():                {true},
		reflect.TypeFor[*int]():                {&one, &two},
		reflect.TypeFor[*string]():             {&x, &y},
		reflect.TypeFor[[]string]():            {[]string{}, []string{"x"}, []string{"x", "y"}, []string{"xy"}},
		reflect.TypeFor[*ir.Validator]():       {r1, r2},
		reflect.TypeFor[[]*ir.Validator]():     {[]*ir.Validator{}, []*ir.Validator{r1}, []*ir.Validator{r1, r2}},
		reflect.TypeFor[[]ir.NamedValidator](): {[]ir.NamedValidator{}, []ir.NamedValidator{{Name: "x", V: r1}}, []ir.NamedValidator{{Name: "x", V: r2}}, []ir.NamedValidator{{Name: "y", V: r1}}},
		reflect.TypeFor[[]ir.Dependent]():      {[]ir.Dependent{}, []ir.Dependent{{Name: "x"}}, []ir.Dependent{{Name: "x", Required: []string{"y"}}}, []ir.Dependent{{Name: "x", Required: []string{}}}},
	}
	seen := map[string]string{}
	add := func(what string, v *ir.Validator) {
		t.Helper()
		k, ok := validatorKey(v, canon, ids)
		if !ok {
			t.Fatalf("%s: no key", what)
		}
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s have one key %q", what, other, k)
		}
		seen[k] = what
	}
	add("the zero validator", &ir.Validator{})
	typ := reflect.TypeFor[ir.Validator]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Name == "Name" || f.Name == "Loc" {
			continue // where it is, not what it checks
		}
		vals, known := samples[f.Type]
		if !known {
			t.Fatalf("field %s has type %s, which this test does not know: write it in validatorKey and add samples here", f.Name, f.Type)
		}
		for j, val := range vals {
			var v ir.Validator
			reflect.ValueOf(&v).Elem().Field(i).Set(reflect.ValueOf(val))
			add(fmt.Sprintf("%s sample %d", f.Name, j), &v)
		}
	}
	// A validator whose callee has no representative yet has no key.
	if _, ok := validatorKey(&ir.Validator{Items: &ir.Validator{}}, canon, ids); ok {
		t.Error("a key for a validator calling one without a representative")
	}
	// Representatives decide, not the validators named.
	r3 := &ir.Validator{Name: "r3"}
	canon[r3] = r1
	k1, _ := validatorKey(&ir.Validator{Not: r1}, canon, ids)
	k3, _ := validatorKey(&ir.Validator{Not: r3}, canon, ids)
	if k1 != k3 {
		t.Errorf("validators calling one representative by two members have keys %q and %q", k1, k3)
	}
}
