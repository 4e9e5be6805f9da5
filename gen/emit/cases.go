package emit

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
)

// Applicators that test one property against constants are written so
// the property is read once (impl.Decoding.IfConsts, OneOfTagged,
// AnyOfTagged) instead of once per schema; a oneOf whose branches cannot
// both pass stops at the first that does (OneOfExclusive). (Branches told
// apart by which property they have gain nothing from a search: a closed
// branch fails at the first property it does not declare.)

// allOfChecks applies each of allOf's schemas to raw; a run of
// if/then/else schemas testing the same property is one IfConsts.
// keysRead: the validator applying them reads every key (branchOf).
func allOfChecks(allOf []*ir.Validator, keysRead bool) []gosrc.Code {
	var out []gosrc.Code
	runs := ifConstRuns(allOf)
	for i := 0; i < len(allOf); {
		run := runs[i]
		if run == nil {
			out = append(out, applyTo(gosrc.Id("raw"), allOf[i]))
			i++
			continue
		}
		out = append(out, ifConstsCheck(run, keysRead))
		i += len(run)
	}
	return out
}

// ifConstsCheck is the IfConsts call that applies the if/then/else
// schemas of run (each one that ifConst accepts, all testing the same
// property); IfConstsRequired where an if also requires the property.
func ifConstsCheck(run []*ir.Validator, keysRead bool) gosrc.Code {
	name, _, _, _ := ifConst(run[0].If)
	var lists []string
	var required []byte
	args := []gosrc.Code{gosrc.Id("raw"), gosrc.Lit(name), nil}
	for _, s := range run {
		_, values, cond, req := ifConst(s.If)
		lists = append(lists, "["+strings.Join(values, ",")+"]")
		required = append(required, "01"[btoi(req)])
		args = append(args, vref(cond), branchOf(s.Then, keysRead), branchOf(s.Else, keysRead))
	}
	args[2] = gosrc.Lit("[" + strings.Join(lists, ",") + "]")
	if !slices.Contains(required, '1') {
		return c("IfConsts", args...)
	}
	args = slices.Insert(args, 3, gosrc.Code(gosrc.Lit(string(required))))
	return c("IfConstsRequired", args...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ifConstRuns returns, by the index of its first schema, each run of
// allOf's if/then/else schemas that test the same property against
// constants (see ifConst), one schema or more.
func ifConstRuns(allOf []*ir.Validator) map[int][]*ir.Validator {
	runs := map[int][]*ir.Validator{}
	for i := 0; i < len(allOf); {
		name := ifThenElseConst(allOf[i])
		j := i + 1
		for name != "" && j < len(allOf) && ifThenElseConst(allOf[j]) == name {
			j++
		}
		if name != "" {
			runs[i] = allOf[i:j]
		}
		i = j
	}
	return runs
}

// ifThenElseConst is the property s's if tests against constants where
// s is nothing but if/then/else, else "".
func ifThenElseConst(s *ir.Validator) string {
	if s == nil || s.If == nil || !s.Only(func(w *ir.Validator) { w.If, w.Then, w.Else = nil, nil, nil }) {
		return ""
	}
	name, _, _, _ := ifConst(s.If)
	return name
}

// ifConst reports whether cond, an if schema, tests only one property
// against constants, perhaps requiring it too: the property's name, the
// constants' JSON text, the if's validator and whether it requires the
// property. name is "" when it is not such a schema.
func ifConst(cond *ir.Validator) (name string, values []string, v *ir.Validator, required bool) {
	if cond == nil || len(cond.Properties) != 1 {
		return "", nil, nil, false
	}
	p := cond.Properties[0]
	required = len(cond.Required) == 1 && cond.Required[0] == p.Name
	if !cond.Only(func(w *ir.Validator) {
		w.Properties = nil
		if required {
			w.Required = nil
		}
	}) {
		return "", nil, nil, false
	}
	if values := constsOf(p.V); values != nil {
		return p.Name, values, cond, required
	}
	return "", nil, nil, false
}

// constsOf returns the values v allows when it checks nothing but an
// enum or const (through references), perhaps with a type: the
// constants of an allowed kind, as a type and a const together allow.
// It returns nil when v checks anything else.
func constsOf(v *ir.Validator) []string {
	v = deref(v)
	if v == nil || v.Enum == nil || !v.Only(func(w *ir.Validator) { w.Enum, w.Const, w.Types = nil, false, nil }) {
		return nil
	}
	if v.Types == nil {
		return v.Enum
	}
	kinds := typeKinds(v.Types)
	out := []string{}
	for _, text := range v.Enum {
		k := slices.Index(kindNames, jsonKind(text))
		if k < 0 {
			return nil
		}
		if kinds&(1<<k) == 0 {
			continue // a value of a kind the type rules out
		}
		if k == slices.Index(kindNames, "number") && !slices.Contains(v.Types, "number") && strings.ContainsAny(text, ".eE") {
			return nil // an integer only: leave 1.0 and 1.5 to the validator
		}
		out = append(out, text)
	}
	return out
}

// jsonKind names the kind of JSON text (see kindNames), by its first byte.
func jsonKind(text string) string {
	switch {
	case text == "":
		return ""
	case text[0] == '"':
		return "string"
	case text[0] == '{':
		return "object"
	case text[0] == '[':
		return "array"
	case text == "true" || text == "false":
		return "boolean"
	case text == "null":
		return "null"
	}
	return "number"
}

// deref follows validators that are nothing but another one applied to
// the same value (appliesOne).
func deref(v *ir.Validator) *ir.Validator {
	for range 64 {
		one := appliesOne(v)
		if one == nil {
			return v
		}
		v = one
	}
	return v
}

// refTarget follows validators that are nothing but a reference.
func refTarget(v *ir.Validator) *ir.Validator {
	for range 64 {
		if v == nil || v.Ref == nil || !v.Only(func(w *ir.Validator) { w.Ref = nil }) {
			return v
		}
		v = v.Ref
	}
	return v
}

// appliesOne returns the one validator that all v checks is, applied
// to the same value: its $ref, or its one allOf member, beside which an
// anyOf or oneOf that repeats it (appliedAlready) checks nothing more;
// nil where v checks anything else.
func appliesOne(v *ir.Validator) *ir.Validator {
	var one *ir.Validator
	switch {
	case v == nil:
		return nil
	case v.Ref != nil && len(v.AllOf) == 0:
		one = v.Ref
	case v.Ref == nil && len(v.AllOf) == 1:
		one = v.AllOf[0]
	default:
		return nil
	}
	anyOf, oneOf := appliedAlready(v, v.AnyOf), appliedAlready(v, v.OneOf)
	if !v.Only(func(w *ir.Validator) {
		w.Ref, w.AllOf = nil, nil
		if anyOf {
			w.AnyOf = nil
		}
		if oneOf {
			w.OneOf = nil
		}
	}) {
		return nil
	}
	return one
}

// derefAll is deref of each branch; false where one is nil or left to
// the interpreter (whose keywords are not known here).
func derefAll(branches []*ir.Validator) ([]*ir.Validator, bool) {
	var bs []*ir.Validator
	for _, b := range branches {
		if b = deref(b); b == nil || b.Interpret != "" {
			return nil, false
		}
		bs = append(bs, b)
	}
	return bs, true
}

// branchesCheck checks raw against anyOf's or oneOf's branches (method
// "AnyOf" or "OneOf"); where a property's string constants tell the
// branches apart, only the branch they name is read.
func branchesCheck(method string, branches []*ir.Validator) gosrc.Code {
	args := []gosrc.Code{gosrc.Id("raw")}
	if name, values := tagOf(branches); name != "" {
		method += "Tagged"
		args = append(args, gosrc.Lit(name), gosrc.Lit(values))
	} else if values, ok := branchConsts(branches); ok {
		// The branches of constants are decided by one lookup.
		kinds, _ := branchKinds(branches)
		args = append(args, gosrc.Lit(kinds), gosrc.Lit(values))
		if method == "OneOf" {
			args = append(args, gosrc.Lit(exclusive(branches)))
		}
		method += "Consts"
	} else if kinds, ok := branchKinds(branches); ok {
		// Only the branches that allow the value's kind are read.
		args = append(args, gosrc.Lit(kinds))
		if method == "OneOf" {
			args = append(args, gosrc.Lit(exclusive(branches)))
		}
		method += "Kinds"
	} else if method == "OneOf" && exclusive(branches) {
		method = "OneOfExclusive"
	}
	for _, s := range branches {
		args = append(args, vref(s))
	}
	return c(method, args...)
}

// taggedOnly returns, where all v checks is an anyOf or a oneOf whose
// branches a property tells apart (tagOf), the property and the call
// that checks raw against the branches given the member found by the
// scan that read raw (impl.Text.RawMember, RawTagged); "" for
// other validators.
func taggedOnly(v *ir.Validator, raw, tag gosrc.Code) (string, gosrc.Code) {
	v = deref(v)
	if v == nil || v.Interpret != "" || v.Annotate || unevaluated(v) {
		return "", nil
	}
	method, branches := "AnyOfTaggedBy", v.AnyOf
	if len(v.OneOf) > 0 {
		method, branches = "OneOfTaggedBy", v.OneOf
	}
	if !v.Only(func(w *ir.Validator) { w.AnyOf, w.OneOf = nil, nil }) || len(v.AnyOf) > 0 && len(v.OneOf) > 0 {
		return "", nil
	}
	name, values := tagOf(branches)
	if name == "" {
		return "", nil
	}
	args := []gosrc.Code{raw, tag, gosrc.Lit(values)}
	for _, s := range branches {
		args = append(args, vref(s))
	}
	return name, c(method, args...)
}

// branchConsts lists, as impl.Decoding.AnyOfConsts reads them, the
// constants of each branch that allows constants only (null for the
// others); false where fewer than two branches do.
func branchConsts(branches []*ir.Validator) (string, bool) {
	var lists []string
	n := 0
	for _, b := range branches {
		values := constsOf(b)
		if b == nil || b.Interpret != "" || values == nil {
			lists = append(lists, "null")
			continue
		}
		n++
		lists = append(lists, "["+strings.Join(values, ",")+"]")
	}
	return "[" + strings.Join(lists, ",") + "]", n >= 2
}

// branchKinds lists the kinds each branch allows, as
// impl.Decoding.AnyOfKinds reads them; false where every branch
// allows the same, so that no kind of value leaves one out.
func branchKinds(branches []*ir.Validator) (string, bool) {
	var words []string
	differ, m := false, kindCache{}
	first := itemCounts(branches[0], nil)
	for _, b := range branches {
		k := m.kindsOf(b)
		counts := itemCounts(b, nil)
		differ = differ || k != m.kindsOf(branches[0]) || counts != first
		switch {
		case k == allKinds && counts == noBounds:
			words = append(words, "*")
		case k == 0:
			words = append(words, "-")
		default:
			var names []string
			for j, name := range kindNames {
				if k&(1<<j) == 0 {
					continue
				}
				if name == "array" && counts != noBounds {
					// The array's number of items tells this branch apart.
					name = fmt.Sprintf("array[%d-", counts.min)
					if counts.max >= 0 {
						name += strconv.Itoa(counts.max)
					}
					name += "]"
				}
				names = append(names, name)
			}
			words = append(words, strings.Join(names, ","))
		}
	}
	if !differ {
		return "", false
	}
	return strings.Join(words, "|"), true
}

// bounds are the numbers of items a schema allows an array: min to max,
// max -1 where there is no limit.
type bounds struct{ min, max int }

var noBounds = bounds{0, -1}

// itemCounts is the numbers of items v allows an array, by its
// minItems and maxItems (a closed tuple's prefixItems count as its
// maxItems) and those of its reference and allOf members. A validator
// met again on the way (seen; a cycle) adds no bound.
func itemCounts(v *ir.Validator, seen map[*ir.Validator]bool) bounds {
	b := noBounds
	if v == nil || v.Interpret != "" || seen[v] {
		return b
	}
	if seen == nil {
		seen = map[*ir.Validator]bool{}
	}
	seen[v] = true
	defer delete(seen, v)
	narrow := func(o bounds) {
		b.min = max(b.min, o.min)
		if o.max >= 0 && (b.max < 0 || o.max < b.max) {
			b.max = o.max
		}
	}
	if v.MinItems != nil {
		narrow(bounds{*v.MinItems, -1})
	}
	if v.MaxItems != nil {
		narrow(bounds{0, *v.MaxItems})
	}
	if v.Items != nil && v.Items.False {
		narrow(bounds{0, len(v.PrefixItems)})
	}
	if v.Ref != nil {
		narrow(itemCounts(v.Ref, seen))
	}
	for _, a := range v.AllOf {
		narrow(itemCounts(a, seen))
	}
	return b
}

// kindNames are the kinds of JSON value, a bit each in kindsOf's sets;
// "number" counts integers too.
var kindNames = []string{"null", "boolean", "number", "string", "array", "object"}

const allKinds = 1<<6 - 1

// kindCache holds kindsOf's answers, one walk of in-place applicators.
type kindCache map[*ir.Validator]int

// kindsOf is the set of kinds of value v may pass: those its type
// allows, narrowed by what its reference and allOf members allow and
// what one of its anyOf or oneOf branches does. A validator met again
// on the way (a cycle) counts as allowing every kind.
func (m kindCache) kindsOf(v *ir.Validator) int {
	switch {
	case v == nil || v.Interpret != "":
		return allKinds
	case v.False:
		return 0
	}
	if k, ok := m[v]; ok {
		return k
	}
	m[v] = allKinds
	k := allKinds
	if v.Types != nil {
		k = typeKinds(v.Types)
	}
	if v.Ref != nil {
		k &= m.kindsOf(v.Ref)
	}
	for _, a := range v.AllOf {
		k &= m.kindsOf(a)
	}
	for _, bs := range [][]*ir.Validator{v.AnyOf, v.OneOf} {
		if len(bs) == 0 {
			continue
		}
		any := 0
		for _, b := range bs {
			any |= m.kindsOf(b)
		}
		k &= any
	}
	m[v] = k
	return k
}

// tagOf finds a property that every branch allows only string constants
// for, no two branches the same: its name and, per branch, the JSON
// array of its constants. name is "" where there is none.
func tagOf(branches []*ir.Validator) (name string, values string) {
	if len(branches) < 2 {
		return "", ""
	}
	bs, ok := derefAll(branches)
	if !ok {
		return "", ""
	}
candidates:
	for _, p := range bs[0].Properties {
		seen := map[string]bool{}
		var lists [][]string
		for _, b := range bs {
			consts := propConsts(b, p.Name)
			if len(consts) == 0 {
				continue candidates
			}
			for _, s := range consts {
				if seen[s] {
					continue candidates
				}
				seen[s] = true
			}
			lists = append(lists, consts)
		}
		text, _ := json.Marshal(lists)
		return p.Name, string(text)
	}
	return "", ""
}

// exclusive reports whether no value can pass two of the branches, so
// that the first to pass settles a oneOf: for each pair, the kinds they
// allow are disjoint, or one requires a property the other refuses (an
// object closed without it), or both require a property whose constants
// differ.
func exclusive(branches []*ir.Validator) bool {
	bs, ok := derefAll(branches)
	if !ok {
		return false
	}
	for j := range bs {
		for k := j + 1; k < len(bs); k++ {
			if !apart(bs[j], bs[k]) {
				return false
			}
		}
	}
	return true
}

// apart reports whether no value passes both a and b (see exclusive).
func apart(a, b *ir.Validator) bool {
	if a.False || b.False || kindsApart(a.Types, b.Types) {
		return true
	}
	return refusesRequired(a, b) || refusesRequired(b, a) || constsApart(a, b) || countsApart(a, b)
}

// countsApart reports whether a and b allow arrays alone, and no number
// of items both.
func countsApart(a, b *ir.Validator) bool {
	if !onlyArrays(a) || !onlyArrays(b) {
		return false
	}
	x, y := itemCounts(a, nil), itemCounts(b, nil)
	return x.max >= 0 && x.max < y.min || y.max >= 0 && y.max < x.min
}

// onlyArrays reports whether v allows arrays alone.
func onlyArrays(v *ir.Validator) bool { return len(v.Types) == 1 && v.Types[0] == "array" }

// kindsApart reports whether two type lists share no kind (nil allows
// every kind; a number may be an integer).
func kindsApart(a, b []string) bool {
	return a != nil && b != nil && typeKinds(a)&typeKinds(b) == 0
}

// typeKinds is the set of kinds (see kindNames) a type list allows.
func typeKinds(types []string) int {
	k := 0
	for _, t := range types {
		if t == "integer" {
			t = "number"
		}
		if i := slices.Index(kindNames, t); i >= 0 {
			k |= 1 << i
		}
	}
	return k
}

// onlyObjects reports whether v allows objects alone.
func onlyObjects(v *ir.Validator) bool { return len(v.Types) == 1 && v.Types[0] == "object" }

// refusesRequired reports whether a, which allows objects alone, requires
// a property that b, closed, does not declare.
func refusesRequired(a, b *ir.Validator) bool {
	if !onlyObjects(a) || b.AdditionalProperties == nil || !b.AdditionalProperties.False || len(b.PatternProperties) > 0 {
		return false
	}
	for _, name := range a.Required {
		declared := false
		for _, p := range b.Properties {
			declared = declared || p.Name == name
		}
		if !declared {
			return true
		}
	}
	return false
}

// constsApart reports whether a and b, both allowing objects alone,
// require a property whose allowed constants they share none of.
func constsApart(a, b *ir.Validator) bool {
	if !onlyObjects(a) || !onlyObjects(b) {
		return false
	}
	for _, name := range a.Required {
		if !slices.Contains(b.Required, name) {
			continue
		}
		ca, cb := propConsts(a, name), propConsts(b, name)
		if ca == nil || cb == nil {
			continue
		}
		shared := false
		for _, x := range ca {
			shared = shared || slices.Contains(cb, x)
		}
		if !shared {
			return true
		}
	}
	return false
}

// propConsts returns the canonical constants v allows for property name
// (strings only, whose JSON equality is their text's); nil where v
// allows other values.
func propConsts(v *ir.Validator, name string) []string {
	for _, p := range v.Properties {
		if p.Name != name {
			continue
		}
		var out []string
		for _, text := range constsOf(p.V) {
			var s string
			if json.Unmarshal([]byte(text), &s) != nil {
				return nil
			}
			out = append(out, s)
		}
		return out
	}
	return nil
}
