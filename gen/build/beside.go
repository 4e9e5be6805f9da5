package build

import (
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
)

// Keywords beside the typed checks: a schema whose keywords the typed
// checks do not all compile is read by a typed decoder all the same when
// the keywords they miss apply to the value on their own (anyOf, oneOf,
// not, if/then/else, dependencies, propertyNames, contains,
// patternProperties with the additionalProperties that reads what they
// do not match unless they make a keyed map, allOf and $ref beside
// keywords). The schema splits in two: the typed
// part, which the decoder checks as it reads, and the rest, a schema of
// those keywords alone, which a generated validator checks on the same
// value's text (ir.Check.Also, ir.Decode.Also). A value passes the schema
// exactly when it passes both. Unevaluated keywords read what every other
// keyword evaluated, so a schema that has them does not split.

// How a schema splits.
type splitHow int

const (
	// besideKeywords: the typed part is the schema without the keywords
	// that apply on their own, allOf and $ref among them.
	besideKeywords splitHow = iota
	// besideRef: the typed part is the $ref's target; the rest is the
	// schema without its $ref.
	besideRef
	// besideMerged: as besideKeywords, but $ref and allOf stay with the
	// typed part (a merged object's members: schema.Expand took them).
	besideMerged
	// besideMember + i: the typed part is the schema's allOf member i;
	// the rest is the schema without that member.
	besideMember
)

type splitKey struct {
	n   *schema.Node
	how splitHow
}

type splitPair struct{ typed, rest *schema.Node }

// split returns n's typed part and its rest; both nil when n does not
// split that way. A pair is made once, so that its nodes (and the
// validators built from them) are shared by every use.
func (b *builder) split(n *schema.Node, how splitHow) (typed, rest *schema.Node) {
	k := splitKey{n, how}
	if p, ok := b.splits[k]; ok {
		return p.typed, p.rest
	}
	var p splitPair
	if n.UnevaluatedProperties == nil && n.UnevaluatedItems == nil && n.DynamicRef == nil && n.RecursiveRef == nil && n.Bool == nil {
		switch {
		case how == besideRef:
			p = splitRef(n)
		case how >= besideMember:
			p = splitMember(n, int(how-besideMember))
		default:
			p = splitKeywords(n, how == besideKeywords)
		}
	}
	if p.rest != nil && (p.rest.AnyOf != nil || p.rest.OneOf != nil) {
		// What the typed part took (a member, the target) may be what
		// the rest's anyOf repeats.
		rest := *p.rest
		if implied(n, n.AnyOf, false) {
			rest.AnyOf, rest.Keywords = nil, keywordsWithout(rest.Keywords, "anyOf")
		}
		if implied(n, n.OneOf, true) {
			rest.OneOf, rest.Keywords = nil, keywordsWithout(rest.Keywords, "oneOf")
		}
		p.rest = &rest
	}
	if b.splits == nil {
		b.splits = map[splitKey]splitPair{}
	}
	b.splits[k] = p
	return p.typed, p.rest
}

// splitRef splits n into its $ref's target and n without the $ref.
func splitRef(n *schema.Node) splitPair {
	if n.Ref == nil || n.RefAlone() {
		return splitPair{}
	}
	rest := *n
	rest.Ref = nil
	rest.Keywords = keywordsWithout(n.Keywords, "$ref")
	return splitPair{n.Ref, &rest}
}

// splitMember splits n into its allOf member i and n without it.
func splitMember(n *schema.Node, i int) splitPair {
	if i >= len(n.AllOf) {
		return splitPair{}
	}
	rest := *n
	rest.AllOf = append(append([]*schema.Node(nil), n.AllOf[:i]...), n.AllOf[i+1:]...)
	if len(rest.AllOf) == 0 {
		rest.AllOf = nil
		rest.Keywords = keywordsWithout(n.Keywords, "allOf")
	}
	return splitPair{n.AllOf[i], &rest}
}

// splitKeywords moves the keywords of n that apply on their own to a new
// schema; with inPlace, $ref and allOf too.
func splitKeywords(n *schema.Node, inPlace bool) splitPair {
	typed := *n
	rest := &schema.Node{Loc: n.Loc, Pos: n.Pos, Draft: n.Draft, Kinds: schema.All}
	var moved, dropped []string
	switch {
	case implied(n, n.AnyOf, false):
		typed.AnyOf, dropped = nil, append(dropped, "anyOf")
	case len(n.AnyOf) > 0:
		rest.AnyOf, typed.AnyOf = n.AnyOf, nil
		moved = append(moved, "anyOf")
	}
	switch {
	case implied(n, n.OneOf, true):
		typed.OneOf, dropped = nil, append(dropped, "oneOf")
	case len(n.OneOf) > 0:
		rest.OneOf, typed.OneOf = n.OneOf, nil
		moved = append(moved, "oneOf")
	}
	if n.Not != nil {
		rest.Not, typed.Not = n.Not, nil
		moved = append(moved, "not")
	}
	if n.If != nil || n.Then != nil || n.Else != nil {
		rest.If, rest.Then, rest.Else = n.If, n.Then, n.Else
		typed.If, typed.Then, typed.Else = nil, nil, nil
		moved = append(moved, "if", "then", "else")
	}
	if len(n.DependentRequired)+len(n.DependentSchemas) > 0 {
		rest.DependentRequired, rest.DependentSchemas = n.DependentRequired, n.DependentSchemas
		typed.DependentRequired, typed.DependentSchemas = nil, nil
		moved = append(moved, "dependencies", "dependentRequired", "dependentSchemas")
	}
	if n.PropertyNames != nil {
		rest.PropertyNames, typed.PropertyNames = n.PropertyNames, nil
		moved = append(moved, "propertyNames")
	}
	if n.Contains != nil {
		rest.Contains, rest.MinContains, rest.MaxContains = n.Contains, n.MinContains, n.MaxContains
		typed.Contains, typed.MinContains, typed.MaxContains = nil, nil, nil
		moved = append(moved, "contains", "minContains", "maxContains")
	}
	if a := n.AdditionalProperties; len(n.PatternProperties) > 0 && !keyedMap(n) {
		// (A keyed map's one pattern stays: the typed map checks it.)
		rest.PatternProperties, typed.PatternProperties = n.PatternProperties, nil
		moved = append(moved, "patternProperties")
		if a != nil && !a.IsTrue() {
			// additionalProperties reads the members neither properties
			// nor patternProperties name: it moves with the patterns, and
			// the rest names the declared properties (schemas that pass
			// anything: the typed part checks their values) so that it
			// leaves them alone. The typed part keeps every other member
			// as an extra, which the rest checks.
			rest.AdditionalProperties, typed.AdditionalProperties = a, nil
			yes := true
			anything := &schema.Node{Loc: n.Loc, Pos: n.Pos, Draft: n.Draft, Bool: &yes, Kinds: schema.All}
			rest.Properties = map[string]*schema.Node{}
			for name := range n.Properties {
				rest.Properties[name] = anything
			}
			moved = append(moved, "additionalProperties")
		}
	}
	if inPlace && n.Ref != nil && !n.RefAlone() {
		rest.Ref, typed.Ref = n.Ref, nil
		moved = append(moved, "$ref")
	}
	if inPlace && len(n.AllOf) > 0 {
		rest.AllOf, typed.AllOf = n.AllOf, nil
		moved = append(moved, "allOf")
	}
	if len(moved)+len(dropped) == 0 {
		return splitPair{}
	}
	// A value of a kind the rest refuses fails the schema whatever the
	// typed part says, so the typed part may refuse it too: an anyOf of
	// strings makes it a string.
	typed.Kinds = n.Kinds & allowedKinds(rest)
	typed.Keywords = keywordsWithout(n.Keywords, append(moved, dropped...)...)
	for _, k := range n.Keywords {
		if slicesContains(moved, k) {
			rest.Keywords = append(rest.Keywords, k)
		}
	}
	return splitPair{&typed, rest}
}

// implied reports whether branches, n's anyOf (or, with one, its
// oneOf), hold whenever n's allOf and $ref do: a branch is, through bare
// references, one of those (devinit's items: allOf [runObject], anyOf
// [runObject]). Such a keyword checks nothing more and is not compiled;
// a value it refuses, the member it repeats refuses too.
func implied(n *schema.Node, branches []*schema.Node, one bool) bool {
	if len(branches) == 0 || one && len(branches) > 1 {
		return false
	}
	for _, br := range branches {
		br = follow(br)
		if n.Ref != nil && follow(n.Ref) == br {
			return true
		}
		for _, m := range n.AllOf {
			if follow(m) == br {
				return true
			}
		}
	}
	return false
}

// allowedKinds returns kinds that hold every value n's applicators can
// pass: what their branches' own type keywords allow (their applicators
// can only allow less).
func allowedKinds(n *schema.Node) schema.Kinds {
	k := schema.All
	for _, branches := range [][]*schema.Node{n.AnyOf, n.OneOf} {
		if len(branches) == 0 {
			continue
		}
		var some schema.Kinds
		for _, br := range branches {
			some |= follow(br).Kinds
		}
		k &= some
	}
	for _, m := range n.AllOf {
		k &= follow(m).Kinds
	}
	if n.Ref != nil {
		k &= follow(n.Ref).Kinds
	}
	return k
}

// keywordsWithout returns keywords without these.
func keywordsWithout(keywords []string, these ...string) []string {
	var out []string
	for _, k := range keywords {
		if !slicesContains(these, k) {
			out = append(out, k)
		}
	}
	return out
}

// checkBeside compiles the schema of a value decoded into r whose
// keywords the typed checks do not all compile (why says the first): the
// first split whose typed part compiles, with a validator of its rest.
func (b *builder) checkBeside(n *schema.Node, r *ir.Ref, why string) (*ir.Check, []*ir.Type, string) {
	if b.splitting[n] {
		return nil, nil, why // a $ref cycle of keywords beside keywords
	}
	if b.splitting == nil {
		b.splitting = map[*schema.Node]bool{}
	}
	b.splitting[n] = true
	defer delete(b.splitting, n)
	hows := []splitHow{besideKeywords, besideRef}
	for i := range n.AllOf {
		hows = append(hows, besideMember+splitHow(i))
	}
	for _, how := range hows {
		typed, rest := b.split(n, how)
		if rest == nil {
			continue
		}
		c, deps, reason := b.check(typed, r)
		if reason != "" {
			continue
		}
		also, vwhy := b.alsoValidators(n, []*schema.Node{rest})
		if vwhy != "" {
			return nil, nil, vwhy
		}
		if checksNothing(also[0]) {
			// The keywords beside were implied by the typed part (an
			// anyOf that repeats its allOf member), or annotations.
			return c, deps, ""
		}
		c.Also = append(also, c.Also...)
		b.validateLists = append(b.validateLists, c.Also)
		return c, deps, ""
	}
	return nil, nil, why
}

// checksNothing reports whether v passes every value and records
// nothing. (A schema's keywords cannot tell: one the validator library
// holds, a meta-schema, lists none.)
func checksNothing(v *ir.Validator) bool { return v.Only(func(*ir.Validator) {}) }

// alsoValidators returns the validator of rests, the keywords beside an
// object's or a value's typed checks (one schema each), as one: allOf of
// them where there are several, so that runs of if/then/else keyed by one
// property stay one run (Decoding.IfConsts). at is the schema they come
// from. A rest's validator left to the interpreter (a cycle) has it check
// the schema the rest was split from, which holds the rest; an allOf of
// several rests has no such schema, so it does not compile.
func (b *builder) alsoValidators(at *schema.Node, rests []*schema.Node) ([]*ir.Validator, string) {
	if len(rests) == 0 {
		return nil, ""
	}
	n := rests[0]
	if len(rests) > 1 {
		n = &schema.Node{Loc: at.Loc, Pos: at.Pos, Draft: at.Draft, Kinds: schema.All, AllOf: rests, Keywords: []string{"allOf"}}
	}
	v, why := b.validatorFor(n)
	if why != "" {
		return nil, why
	}
	if len(rests) > 1 && v.Interpret != "" {
		// The interpreter would check at, which need not hold them all.
		return nil, v.Why
	}
	vs := []*ir.Validator{v}
	b.validateLists = append(b.validateLists, vs)
	return vs, ""
}
