package build

import (
	"fmt"
	"strings"
	"testing"

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
