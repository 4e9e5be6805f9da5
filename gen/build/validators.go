package build

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
)

// Generated validators: where a value's schema combines others (allOf,
// anyOf, oneOf, not, if/then/else, $ref beside keywords,
// patternProperties, …), the typed checks of ir.Check do not cover it.
// Such a value is checked by a generated validator of its schema, which
// reads the JSON with every keyword compiled, then decoded with
// encoding/json: no schema interpreter at run time.

// validators builds the validators of a package: one per schema node,
// shared by everything that checks against it.
type validators struct {
	b      *builder
	byNode map[*schema.Node]*ir.Validator
	nodeOf map[*ir.Validator]*schema.Node
	why    map[*schema.Node]string // nodes that do not compile, and why
	// inPlace marks the nodes whose in-place applicators (those that
	// check the same value: $ref, allOf, …) have been searched for a
	// cycle: 1 while searching, 2 when done.
	inPlace map[*schema.Node]int
}

// validatorFor returns the validator of n, or why n does not compile.
func (b *builder) validatorFor(n *schema.Node) (*ir.Validator, string) {
	if b.vals == nil {
		b.vals = &validators{b: b, byNode: map[*schema.Node]*ir.Validator{}, nodeOf: map[*ir.Validator]*schema.Node{}, why: map[*schema.Node]string{}, inPlace: map[*schema.Node]int{}}
	}
	v := b.vals
	// A node that fails fails every node that refers to it, but one built
	// earlier in this call may refer to it through a cycle: on failure,
	// forget every validator this call built.
	start := len(b.pkg.Validators)
	val, why := v.node(n)
	if why != "" {
		for _, made := range b.pkg.Validators[start:] {
			delete(v.byNode, v.nodeOf[made])
		}
		b.pkg.Validators = b.pkg.Validators[:start]
	}
	return val, why
}

// inPlaceCycle reports a cycle of in-place applicators from n: a schema
// that, through $ref, allOf and the like, applies itself to the same
// value again would recurse without end (the interpreter refuses such
// schemas too). Recursion through a property or an item is fine: it
// reads deeper each time.
func (v *validators) inPlaceCycle(n *schema.Node) string {
	switch v.inPlace[n] {
	case 1:
		return at(n, "a cycle of references that never reads deeper")
	case 2:
		return ""
	}
	v.inPlace[n] = 1
	for _, m := range inPlaceOf(n) {
		if why := v.inPlaceCycle(m); why != "" {
			return why // n stays marked: it reaches the cycle
		}
	}
	v.inPlace[n] = 2
	return ""
}

// inPlaceOf lists the schemas that apply to the same value as n.
func inPlaceOf(n *schema.Node) []*schema.Node {
	var out []*schema.Node
	add := func(ms ...*schema.Node) {
		for _, m := range ms {
			if m != nil {
				out = append(out, m)
			}
		}
	}
	add(n.Ref)
	add(n.AllOf...)
	add(n.AnyOf...)
	add(n.OneOf...)
	add(n.Not, n.If, n.Then, n.Else)
	for _, name := range sortedKeys(n.DependentSchemas) {
		add(n.DependentSchemas[name])
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// node builds n's validator and those it calls. A node is registered
// before its sub-schemas are built, so recursion through $ref ends.
func (v *validators) node(n *schema.Node) (*ir.Validator, string) {
	if val, ok := v.byNode[n]; ok {
		return val, ""
	}
	if why, ok := v.why[n]; ok {
		return nil, why
	}
	fail := func(why string) (*ir.Validator, string) {
		v.why[n] = why
		return nil, why
	}
	if why := v.inPlaceCycle(n); why != "" {
		return fail(why)
	}
	switch {
	case n.UnevaluatedItems != nil || n.UnevaluatedProperties != nil:
		return fail(at(n, "unevaluated keywords"))
	case n.DynamicRef != nil || n.RecursiveRef != nil:
		return fail(at(n, "a dynamic reference"))
	}
	val := &ir.Validator{Name: fmt.Sprintf("structgenValidate%d", len(v.b.pkg.Validators)), Loc: v.b.l.Stable(n.Loc)}
	v.b.pkg.Validators = append(v.b.pkg.Validators, val)
	v.byNode[n], v.nodeOf[val] = val, n
	if n.IsFalse() {
		val.False = true
		return val, ""
	}
	if n.IsTrue() {
		return val, ""
	}
	var why string
	sub := func(m *schema.Node) *ir.Validator {
		if m == nil || why != "" {
			return nil
		}
		s, w := v.node(m)
		if w != "" {
			why = w
		}
		return s
	}
	list := func(ms []*schema.Node) []*ir.Validator {
		var out []*ir.Validator
		for _, m := range ms {
			out = append(out, sub(m))
		}
		return out
	}
	val.Types = n.Types
	if n.Enum != nil || n.Const != nil {
		vals := []any{}
		if n.Enum != nil {
			vals = n.Enum.List
		}
		if n.Const != nil {
			vals, val.Const = []any{n.Const.V}, true
			if n.Enum != nil {
				// Both: the value must be the const and in the enum.
				val.AllOf = append(val.AllOf, v.enumOnly(n))
			}
		}
		for _, x := range vals {
			text, err := json.Marshal(x)
			if err != nil {
				return fail(at(n, "an enum value"))
			}
			val.Enum = append(val.Enum, string(text))
		}
	}
	val.Minimum, val.Maximum = ratText(n.Minimum), ratText(n.Maximum)
	val.ExclusiveMinimum, val.ExclusiveMaximum = ratText(n.ExclusiveMinimum), ratText(n.ExclusiveMaximum)
	val.MultipleOf = ratText(n.MultipleOf)
	val.MinLength, val.MaxLength, val.Pattern = n.MinLength, n.MaxLength, n.Pattern
	if n.Format != "" && v.b.asserts(n.Format) {
		val.Format = n.Format
	}
	val.PrefixItems = list(n.PrefixItems)
	val.Items = sub(n.Items)
	val.MinItems, val.MaxItems, val.Unique = n.MinItems, n.MaxItems, n.UniqueItems
	val.Contains = sub(n.Contains)
	val.MinContains, val.MaxContains = n.MinContains, n.MaxContains
	for _, name := range sortedKeys(n.Properties) {
		val.Properties = append(val.Properties, ir.NamedValidator{Name: name, V: sub(n.Properties[name])})
	}
	for _, p := range n.PatternProperties {
		val.PatternProperties = append(val.PatternProperties, ir.NamedValidator{Name: p.Pattern, V: sub(p.Node)})
	}
	val.AdditionalProperties = sub(n.AdditionalProperties)
	val.PropertyNames = sub(n.PropertyNames)
	val.Required = n.Required
	val.MinProperties, val.MaxProperties = n.MinProperties, n.MaxProperties
	for _, name := range sortedKeys(n.DependentRequired) {
		val.DependentRequired = append(val.DependentRequired, ir.Dependent{Name: name, Required: n.DependentRequired[name]})
	}
	for _, name := range sortedKeys(n.DependentSchemas) {
		val.DependentSchemas = append(val.DependentSchemas, ir.NamedValidator{Name: name, V: sub(n.DependentSchemas[name])})
	}
	val.Ref = sub(n.Ref)
	val.AllOf = append(val.AllOf, list(n.AllOf)...)
	val.AnyOf, val.OneOf = list(n.AnyOf), list(n.OneOf)
	val.Not, val.If, val.Then, val.Else = sub(n.Not), sub(n.If), sub(n.Then), sub(n.Else)
	if why != "" {
		return fail(why)
	}
	return val, ""
}

// enumOnly is a validator of n's enum alone (for a schema with both enum
// and const).
func (v *validators) enumOnly(n *schema.Node) *ir.Validator {
	val := &ir.Validator{Name: fmt.Sprintf("structgenValidate%d", len(v.b.pkg.Validators)), Loc: v.b.l.Stable(n.Loc) + "/enum"}
	v.b.pkg.Validators = append(v.b.pkg.Validators, val)
	for _, x := range n.Enum.List {
		text, _ := json.Marshal(x)
		val.Enum = append(val.Enum, string(text))
	}
	return val
}
