package build

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/internal/drafts"
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
	// building are the validators whose keywords are being filled in
	// (recursion reaches them through a property or an item).
	building map[*ir.Validator]bool
}

// validators returns the package's validators, made on first use.
func (b *builder) validators() *validators {
	if b.vals == nil {
		b.vals = &validators{b: b, byNode: map[*schema.Node]*ir.Validator{}, nodeOf: map[*ir.Validator]*schema.Node{}, why: map[*schema.Node]string{}, inPlace: map[*schema.Node]int{}, building: map[*ir.Validator]bool{}}
	}
	return b.vals
}

// validatorFor returns the validator of n, or why n does not compile.
func (b *builder) validatorFor(n *schema.Node) (*ir.Validator, string) {
	v := b.validators()
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
	if n.DynamicRef != nil || n.RecursiveRef != nil {
		// Where a dynamic reference lands depends on the schemas the
		// value was reached through: the interpreter reads the whole
		// value that holds it, from there.
		return fail(at(n, "a dynamic reference"))
	}
	val := v.newValidator(n)
	v.byNode[n], v.nodeOf[val] = val, n
	var stack []*schema.Node
	if v.inPlaceCycle(n) != "" {
		// n applies itself to the same value again, through a cycle of
		// in-place applicators: see unroll.
		stack = []*schema.Node{n}
	}
	var unrolled []*ir.Validator
	why := v.fill(val, n, stack, &unrolled)
	switch {
	case why != "" && stack != nil:
		// What no validator compiles is left to the interpreter for
		// this schema alone; the schemas around it stay compiled.
		v.drop(unrolled)
		*val = ir.Validator{Name: val.Name, Loc: val.Loc, Interpret: val.Loc, Why: why}
	case why != "":
		return fail(why)
	}
	return val, ""
}

// drop removes validators unroll made from the package.
func (v *validators) drop(made []*ir.Validator) {
	gone := map[*ir.Validator]bool{}
	for _, m := range made {
		gone[m] = true
	}
	v.b.pkg.Validators = slices.DeleteFunc(v.b.pkg.Validators, func(x *ir.Validator) bool { return gone[x] })
}

// newValidator adds a validator of n to the package.
func (v *validators) newValidator(n *schema.Node) *ir.Validator {
	val := &ir.Validator{Name: fmt.Sprintf("structgenValidate%d", len(v.b.pkg.Validators)), Loc: v.b.l.Stable(n.Loc)}
	v.b.pkg.Validators = append(v.b.pkg.Validators, val)
	return val
}

// maxUnrolled bounds the validators one cycle of in-place applicators
// is unrolled into (see unroll); past it, the schema is the
// interpreter's.
const maxUnrolled = 256

// unroll returns the validator of m applied in place by the schemas on
// stack (those applied to the same value, m's last), where m reaches a
// cycle of in-place applicators. The interpreter refuses a schema that
// it is already applying to the same value (a reference cycle), so that
// application fails, and the rest of each schema on the way counts as
// written. Which applications fail depends on where the value entered
// the cycle, so these validators are m's for this stack alone, and are
// shared with no other schema; a value deeper down (a property, an item)
// starts afresh. unrolled collects them, for maxUnrolled.
func (v *validators) unroll(m *schema.Node, stack []*schema.Node, unrolled *[]*ir.Validator) (*ir.Validator, string) {
	if len(*unrolled) >= maxUnrolled {
		return nil, at(m, "a cycle of references that never reads deeper, unrolled into more validators than structgen writes for one")
	}
	val := v.newValidator(m)
	*unrolled = append(*unrolled, val)
	if slices.ContainsFunc(stack, func(s *schema.Node) bool { return s == m || s.Loc == m.Loc }) {
		val.False, val.Cycle = true, true
		return val, ""
	}
	if m.DynamicRef != nil || m.RecursiveRef != nil {
		return nil, at(m, "a dynamic reference")
	}
	if why := v.fill(val, m, append(stack[:len(stack):len(stack)], m), unrolled); why != "" {
		return nil, why
	}
	return val, ""
}

// fill sets val's keywords to n's. stack is nil, or n's in-place
// applicators reach a cycle and stack lists the schemas applied to the
// same value so far, n last (see unroll).
func (v *validators) fill(val *ir.Validator, n *schema.Node, stack []*schema.Node, unrolled *[]*ir.Validator) string {
	v.building[val] = true
	defer delete(v.building, val)
	if n.IsFalse() {
		val.False = true
		return ""
	}
	if n.IsTrue() {
		return ""
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
	// inPlace is sub for a schema applied to the same value as n.
	inPlace := func(m *schema.Node) *ir.Validator {
		if m == nil || why != "" || stack == nil || v.inPlaceCycle(m) == "" {
			return sub(m)
		}
		s, w := v.unroll(m, stack, unrolled)
		if w != "" {
			why = w
		}
		return s
	}
	list := func(ms []*schema.Node, sub func(*schema.Node) *ir.Validator) []*ir.Validator {
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
		val.Enum = []string{} // an empty enum allows no value
		for _, x := range vals {
			text, err := json.Marshal(x)
			if err != nil {
				return at(n, "an enum value")
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
	val.PrefixItems = list(n.PrefixItems, sub)
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
		val.DependentSchemas = append(val.DependentSchemas, ir.NamedValidator{Name: name, V: inPlace(n.DependentSchemas[name])})
	}
	val.Ref = inPlace(n.Ref)
	val.AllOf = append(val.AllOf, list(n.AllOf, inPlace)...)
	val.AnyOf, val.OneOf = list(n.AnyOf, inPlace), list(n.OneOf, inPlace)
	val.Not, val.If, val.Then, val.Else = inPlace(n.Not), inPlace(n.If), inPlace(n.Then), inPlace(n.Else)
	val.UnevaluatedProperties, val.UnevaluatedItems = sub(n.UnevaluatedProperties), sub(n.UnevaluatedItems)
	d, _ := drafts.ByURI(n.Draft)
	val.ContainsEvaluates = n.Contains != nil && d.Name == "2020-12"
	if why == "" {
		v.mergeProperties(val)
	}
	return why
}

// mergeProperties moves into val the allOf members (through references)
// that only declare properties, require some and may say the value is
// an object, where val has no keyword that reads which properties a
// schema declares (additionalProperties, patternProperties,
// unevaluatedProperties) and no property of the member is already
// val's: checking the value against the properties of both is what the
// allOf did, read once instead of once per member. (The common
// inheritance of a base object: allOf [{$ref: base}, {properties}].)
func (v *validators) mergeProperties(val *ir.Validator) {
	// An anyOf or oneOf beside may repeat an allOf member, which the
	// emitter then reads once (appliesOne): val stays as written.
	if len(val.AllOf) == 0 || len(val.AnyOf) > 0 || len(val.OneOf) > 0 ||
		val.AdditionalProperties != nil || len(val.PatternProperties) > 0 || val.UnevaluatedProperties != nil ||
		val.Types != nil && !slices.Contains(val.Types, "object") {
		return
	}
	declared := map[string]bool{}
	for _, p := range val.Properties {
		declared[p.Name] = true
	}
	var kept []*ir.Validator
	merged := false
	for _, m := range val.AllOf {
		target := v.propertiesOnly(m)
		if target == nil || slices.ContainsFunc(target.Properties, func(p ir.NamedValidator) bool { return declared[p.Name] }) {
			kept = append(kept, m)
			continue
		}
		for _, p := range target.Properties {
			declared[p.Name] = true
			val.Properties = append(val.Properties, p)
		}
		for _, r := range target.Required {
			if !slices.Contains(val.Required, r) {
				val.Required = append(val.Required, r)
			}
		}
		if target.Types != nil {
			val.Types = []string{"object"}
		}
		merged = true
	}
	if merged {
		val.AllOf = kept
		slices.SortFunc(val.Properties, func(a, b ir.NamedValidator) int { return strings.Compare(a.Name, b.Name) })
	}
}

// propertiesOnly returns the validator m applies (m, or the one a chain
// of references leads to) where that one only declares properties,
// requires some and may allow objects alone; nil otherwise, or where one
// on the way is still being built.
func (v *validators) propertiesOnly(m *ir.Validator) *ir.Validator {
	for range 16 {
		if m == nil || v.building[m] {
			return nil
		}
		if m.Ref == nil {
			break
		}
		if !m.Only(func(w *ir.Validator) { w.Ref = nil }) {
			return nil
		}
		m = m.Ref
	}
	if m == nil || v.building[m] || m.Ref != nil || m.Types != nil && !slices.Equal(m.Types, []string{"object"}) ||
		!m.Only(func(w *ir.Validator) { w.Types, w.Properties, w.Required = nil, nil, nil }) {
		return nil
	}
	return m
}

// annotate marks the validators whose evaluations a schema's
// unevaluatedProperties or unevaluatedItems reads: that schema's and
// those it applies to the same value. Where one of them is left to the
// interpreter, which reports no evaluations, the schema with the
// unevaluated keywords is left to it too.
func (b *builder) annotate() {
	for _, root := range b.pkg.Validators {
		if root.UnevaluatedProperties == nil && root.UnevaluatedItems == nil || root.Interpret != "" {
			continue
		}
		seen := map[*ir.Validator]bool{}
		interpreted := ""
		var walk func(v *ir.Validator)
		walk = func(v *ir.Validator) {
			if v == nil || seen[v] {
				return
			}
			seen[v] = true
			if v.Interpret != "" && interpreted == "" {
				interpreted = v.Why
			}
			for _, s := range inPlaceValidators(v) {
				walk(s)
			}
		}
		walk(root)
		if interpreted != "" {
			*root = ir.Validator{Name: root.Name, Loc: root.Loc, Interpret: root.Loc,
				Why: "unevaluated keywords over a schema the interpreter checks: " + interpreted}
			continue
		}
		for v := range seen {
			v.Annotate = true
		}
	}
}

// inPlaceValidators lists the validators v applies to the same value.
func inPlaceValidators(v *ir.Validator) []*ir.Validator {
	out := append([]*ir.Validator{v.Ref, v.If, v.Then, v.Else}, v.AllOf...)
	out = append(out, v.AnyOf...)
	out = append(out, v.OneOf...)
	for _, d := range v.DependentSchemas {
		out = append(out, d.V)
	}
	return out
}

// enumOnly is a validator of n's enum alone (for a schema with both enum
// and const).
func (v *validators) enumOnly(n *schema.Node) *ir.Validator {
	val := &ir.Validator{Name: fmt.Sprintf("structgenValidate%d", len(v.b.pkg.Validators)), Loc: v.b.l.Stable(n.Loc) + "/enum"}
	v.b.pkg.Validators = append(v.b.pkg.Validators, val)
	val.Enum = []string{}
	for _, x := range n.Enum.List {
		text, _ := json.Marshal(x)
		val.Enum = append(val.Enum, string(text))
	}
	return val
}

// shareValidators makes validators with the same keywords one: a schema
// such as {"type": "string"} is written in many places, and one function
// checks them all. It works bottom-up (a validator is keyed once the
// validators it calls are), so validators on a reference cycle stay
// apart. What is left is renumbered in order.
func (b *builder) shareValidators() {
	b.annotate()
	vals := b.pkg.Validators
	if len(vals) == 0 {
		return
	}
	canon := map[*ir.Validator]*ir.Validator{}
	byKey := map[string]*ir.Validator{}
	ids := map[*ir.Validator]int{} // a number for each representative, for keys
	for changed := true; changed; {
		changed = false
		for _, v := range vals {
			if canon[v] != nil || !childrenShared(v, canon) {
				continue
			}
			k, ok := validatorKey(v, canon, ids)
			if !ok {
				continue
			}
			if rep, seen := byKey[k]; seen {
				canon[v] = rep
			} else {
				byKey[k], canon[v], ids[v] = v, v, len(ids)
			}
			changed = true
		}
	}
	to := func(v *ir.Validator) *ir.Validator {
		if r := canon[v]; r != nil {
			return r
		}
		return v
	}
	list := func(vs []*ir.Validator) {
		for i := range vs {
			vs[i] = to(vs[i])
		}
	}
	var kept []*ir.Validator
	for _, v := range vals {
		if to(v) != v {
			continue
		}
		kept = append(kept, v)
		list(v.PrefixItems)
		v.Items, v.Contains = to(v.Items), to(v.Contains)
		for i := range v.Properties {
			v.Properties[i].V = to(v.Properties[i].V)
		}
		for i := range v.PatternProperties {
			v.PatternProperties[i].V = to(v.PatternProperties[i].V)
		}
		v.AdditionalProperties, v.PropertyNames = to(v.AdditionalProperties), to(v.PropertyNames)
		for i := range v.DependentSchemas {
			v.DependentSchemas[i].V = to(v.DependentSchemas[i].V)
		}
		v.Ref = to(v.Ref)
		list(v.AllOf)
		list(v.AnyOf)
		list(v.OneOf)
		v.Not, v.If, v.Then, v.Else = to(v.Not), to(v.If), to(v.Then), to(v.Else)
		v.UnevaluatedProperties, v.UnevaluatedItems = to(v.UnevaluatedProperties), to(v.UnevaluatedItems)
	}
	for _, t := range b.types { // b.pkg.Types is filled later
		list(t.Validate)
		for _, f := range t.Fields {
			if f.Check != nil {
				list(f.Check.Validate)
			}
		}
	}
	for _, vs := range b.validateLists {
		list(vs)
	}
	for i, v := range kept {
		v.Name = fmt.Sprintf("structgenValidate%d", i)
	}
	b.pkg.Validators = kept
}

// childrenShared reports whether every validator v calls has its
// representative: a cheap test before validatorKey, which the loop of
// shareValidators would otherwise build for a validator once per pass.
func childrenShared(v *ir.Validator, canon map[*ir.Validator]*ir.Validator) bool {
	ok := func(s *ir.Validator) bool { return s == nil || canon[s] != nil }
	all := func(vs []*ir.Validator) bool {
		for _, s := range vs {
			if !ok(s) {
				return false
			}
		}
		return true
	}
	named := func(ns []ir.NamedValidator) bool {
		for _, n := range ns {
			if !ok(n.V) {
				return false
			}
		}
		return true
	}
	return all(v.PrefixItems) && ok(v.Items) && ok(v.Contains) &&
		named(v.Properties) && named(v.PatternProperties) && ok(v.AdditionalProperties) && ok(v.PropertyNames) &&
		named(v.DependentSchemas) && ok(v.Ref) && all(v.AllOf) && all(v.AnyOf) && all(v.OneOf) &&
		ok(v.Not) && ok(v.If) && ok(v.Then) && ok(v.Else) &&
		ok(v.UnevaluatedProperties) && ok(v.UnevaluatedItems)
}

// validatorKey is the text of v's keywords, the validators it calls by
// their representatives' numbers (ids); false while one of those has
// none. Every field of ir.Validator but Name and Loc is written, in
// order, strings with their length, so that two validators have one key
// exactly when they check the same (TestValidatorKeyFields).
func validatorKey(v *ir.Validator, canon map[*ir.Validator]*ir.Validator, ids map[*ir.Validator]int) (string, bool) {
	w := keyWriter{buf: make([]byte, 0, 64), canon: canon, ids: ids}
	w.str(v.Interpret)
	w.str(v.Why)
	w.bool(v.False)
	w.bool(v.Cycle)
	w.strs(v.Types)
	w.strs(v.Enum)
	w.bool(v.Const)
	w.str(v.Minimum)
	w.str(v.Maximum)
	w.str(v.ExclusiveMinimum)
	w.str(v.ExclusiveMaximum)
	w.str(v.MultipleOf)
	w.int(v.MinLength)
	w.int(v.MaxLength)
	if w.bool(v.Pattern != nil) {
		w.str(*v.Pattern)
	}
	w.str(v.Format)
	w.refs(v.PrefixItems)
	w.ref(v.Items)
	w.int(v.MinItems)
	w.int(v.MaxItems)
	w.bool(v.Unique)
	w.ref(v.Contains)
	w.int(v.MinContains)
	w.int(v.MaxContains)
	w.named(v.Properties)
	w.named(v.PatternProperties)
	w.ref(v.AdditionalProperties)
	w.ref(v.PropertyNames)
	w.strs(v.Required)
	w.int(v.MinProperties)
	w.int(v.MaxProperties)
	if w.len(len(v.DependentRequired), v.DependentRequired == nil) {
		for _, d := range v.DependentRequired {
			w.str(d.Name)
			w.strs(d.Required)
		}
	}
	w.named(v.DependentSchemas)
	w.ref(v.Ref)
	w.refs(v.AllOf)
	w.refs(v.AnyOf)
	w.refs(v.OneOf)
	w.ref(v.Not)
	w.ref(v.If)
	w.ref(v.Then)
	w.ref(v.Else)
	w.ref(v.UnevaluatedProperties)
	w.ref(v.UnevaluatedItems)
	w.bool(v.Annotate)
	w.bool(v.ContainsEvaluates)
	return string(w.buf), !w.bad
}

// keyWriter writes a validator's key: every value self-delimiting (a
// length before a string or a list, a terminator after a number), nil
// lists apart from empty ones, so that different fields never write the
// same bytes.
type keyWriter struct {
	buf   []byte
	canon map[*ir.Validator]*ir.Validator
	ids   map[*ir.Validator]int
	bad   bool // a validator called has no representative yet
}

func (w *keyWriter) num(n int) {
	w.buf = strconv.AppendInt(w.buf, int64(n), 10)
	w.buf = append(w.buf, ';')
}

func (w *keyWriter) str(s string) {
	w.num(len(s))
	w.buf = append(w.buf, s...)
}

func (w *keyWriter) bool(b bool) bool {
	if b {
		w.buf = append(w.buf, 't')
	} else {
		w.buf = append(w.buf, 'f')
	}
	return b
}

func (w *keyWriter) int(p *int) {
	if w.bool(p != nil) {
		w.num(*p)
	}
}

// len writes a list's length, or that it is nil; it reports whether
// items follow.
func (w *keyWriter) len(n int, isNil bool) bool {
	if isNil {
		w.buf = append(w.buf, '-')
		return false
	}
	w.num(n)
	return n > 0
}

func (w *keyWriter) strs(ss []string) {
	w.len(len(ss), ss == nil)
	for _, s := range ss {
		w.str(s)
	}
}

// ref writes the number of s's representative; a validator without one
// yet makes the key unusable.
func (w *keyWriter) ref(s *ir.Validator) {
	if !w.bool(s != nil) {
		return
	}
	r := w.canon[s]
	if r == nil {
		w.bad = true
		return
	}
	w.num(w.ids[r])
}

func (w *keyWriter) refs(vs []*ir.Validator) {
	w.len(len(vs), vs == nil)
	for _, s := range vs {
		w.ref(s)
	}
}

func (w *keyWriter) named(ns []ir.NamedValidator) {
	w.len(len(ns), ns == nil)
	for _, n := range ns {
		w.str(n.Name)
		w.ref(n.V)
	}
}
