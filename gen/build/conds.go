package build

import (
	"encoding/json"
	"reflect"

	"github.com/structgen/structgen/internal/ecmaregex"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
)

// Checks on decoded fields. Some keywords beside an object's properties
// only test and require declared properties, so the object's decoder
// can check them on the fields it has set, and no validator reads the
// object's text again for them:
//   - an if/then/else whose if tests one declared property against
//     constants and whose then and else check declared properties only
//     (what they require, a scalar's value, a slice's or map's length),
//     or undeclared ones an object keeps as raw JSON, which a validator
//     checks on that member's text alone: ir.Decode.Conds;
//   - a dependentRequired over declared properties (Cond.Dependent);
//   - an anyOf or oneOf whose branches only require properties or refuse
//     a set of them (ir.Decode.Presence);
//   - one pattern of patternProperties that matches no declared name,
//     which checks the undeclared properties as they are kept
//     (ir.Decode.ExtraPattern).
// Where decoding the object found problems, the fields may not hold what
// the input says, so the first three are not checked (the object fails
// already). A property whose value may be null is left to validators:
// its field is nil both where it is absent and where it is null.

// typedConds takes from rests the schemas that t's decoder can check on
// its fields (conditions and presence branches), with the rests left for
// validators.
func (b *builder) typedConds(t *ir.Type, rests []*schema.Node) ([]*ir.Cond, []*ir.Presence, []*schema.Node) {
	fields := map[string]*ir.Field{}
	for _, f := range t.Fields {
		fields[f.JSON] = f
	}
	// Undeclared properties are kept by name as raw JSON, where a then or
	// else can find them.
	rawExtras := t.Extra != nil && t.Extra.Kind == ir.RefAny
	var conds []*ir.Cond
	var presence []*ir.Presence
	var left []*schema.Node
	for _, r := range rests {
		if c := b.typedCond(r, fields, rawExtras); c != nil {
			conds = append(conds, c)
			continue
		}
		if ps := b.presenceOf(r, fields); ps != nil {
			presence = append(presence, ps...)
			continue
		}
		if cs := b.dependentConds(r, fields); cs != nil {
			conds = append(conds, cs...)
			continue
		}
		left = append(left, r)
	}
	return conds, presence, left
}

// presenceOf returns r, when it is anyOf or oneOf (or both) whose
// branches only require properties or refuse a set of them, as
// Presences; nil otherwise. A property's presence is its field's being
// set, so each must be a field that cannot be null, or undeclared (then
// it is in the extras map, or where there is none, absent).
func (b *builder) presenceOf(r *schema.Node, fields map[string]*ir.Field) []*ir.Presence {
	if r.Ref != nil || len(r.AnyOf)+len(r.OneOf) == 0 || !onlyKeywords(r, "anyOf", "oneOf") {
		return nil
	}
	known := func(names []string) bool {
		for _, name := range names {
			if f := fields[name]; f != nil && !decodedAlone(f) {
				return false
			}
		}
		return true
	}
	var out []*ir.Presence
	for _, app := range []struct {
		oneOf    bool
		branches []*schema.Node
	}{{false, r.AnyOf}, {true, r.OneOf}} {
		if len(app.branches) == 0 {
			continue
		}
		p := &ir.Presence{Loc: b.l.Stable(r.Loc), OneOf: app.oneOf}
		for _, br := range app.branches {
			br = follow(br)
			if br.Ref != nil || br.Bool != nil || !onlyKeywords(br, "required", "not", "type") || br.Kinds&schema.Obj == 0 {
				return nil
			}
			pb := ir.PresenceBranch{Required: br.Required}
			if br.Not != nil {
				n := follow(br.Not)
				if n.Ref != nil || n.Bool != nil || len(n.Required) == 0 || !onlyKeywords(n, "required") {
					return nil
				}
				pb.Forbidden = n.Required
			}
			if !known(pb.Required) || !known(pb.Forbidden) {
				return nil
			}
			p.Branches = append(p.Branches, pb)
		}
		out = append(out, p)
	}
	return out
}

// dependentConds returns r, when it is dependentRequired alone (draft 4
// to 7: dependencies of property lists) over declared properties, as
// conditions: where the property is present, the ones it lists must be.
func (b *builder) dependentConds(r *schema.Node, fields map[string]*ir.Field) []*ir.Cond {
	if len(r.DependentRequired) == 0 || len(r.DependentSchemas) > 0 || r.Ref != nil ||
		!onlyKeywords(r, "dependentRequired", "dependencies") {
		return nil
	}
	var conds []*ir.Cond
	for _, name := range sortedKeys(r.DependentRequired) {
		for _, n := range append([]string{name}, r.DependentRequired[name]...) {
			if f := fields[n]; f == nil || !decodedAlone(f) {
				return nil
			}
		}
		conds = append(conds, &ir.Cond{Loc: b.l.Stable(r.Loc), Field: name, Required: true, Dependent: true,
			Then: &ir.CondBranch{Required: r.DependentRequired[name]}})
	}
	return conds
}

// typedCond returns r as a condition on fields, or nil; with rawExtras,
// its then and else may check undeclared properties too.
func (b *builder) typedCond(r *schema.Node, fields map[string]*ir.Field, rawExtras bool) *ir.Cond {
	if r.If == nil || r.Ref != nil || !onlyKeywords(r, "if", "then", "else") {
		return nil
	}
	n := follow(r.If)
	if len(n.Properties) != 1 || n.Ref != nil || !onlyKeywords(n, "properties", "required", "type") || n.Kinds&schema.Obj == 0 {
		return nil
	}
	name := sortedKeys(n.Properties)[0]
	cond := &ir.Cond{Loc: b.l.Stable(n.Loc), Field: name}
	switch {
	case len(n.Required) == 0:
	case len(n.Required) == 1 && n.Required[0] == name:
		cond.Required = true
	default:
		return nil
	}
	f := fields[name]
	if f == nil || !decodedAlone(f) {
		return nil
	}
	switch fr := f.Type.Held(); {
	case fr.Kind == ir.RefString || fr.Kind == ir.RefBool || fr.Kind == ir.RefInt:
	case b.enumType(fr):
		// A named string type: the if passes for the constants that are
		// strings.
		vals, ok := constTexts(follow(n.Properties[name]), false)
		if !ok {
			return nil
		}
		cond.Values = vals
		return b.condBranches(cond, r, fields, rawExtras)
	default:
		return nil
	}
	c, ok := b.fieldCheck(n.Properties[name], f)
	switch {
	case !ok:
		return nil
	case c == nil: // any value of the field passes
	case c.Enum == nil || !onlyEnum(c):
		return nil
	default:
		cond.Values = c.Enum
	}
	return b.condBranches(cond, r, fields, rawExtras)
}

// condBranches adds r's then and else to cond, or returns nil.
func (b *builder) condBranches(cond *ir.Cond, r *schema.Node, fields map[string]*ir.Field, rawExtras bool) *ir.Cond {
	var ok bool
	if cond.Then, ok = b.condBranch(r.Then, fields, rawExtras); !ok {
		return nil
	}
	if cond.Else, ok = b.condBranch(r.Else, fields, rawExtras); !ok {
		return nil
	}
	return cond
}

// enumType reports whether r names a generated enum type (a string).
func (b *builder) enumType(r *ir.Ref) bool {
	t := b.refs[r]
	return r.Kind == ir.RefNamed && r.Pkg == "" && t != nil && t.Kind == ir.KindEnum
}

// constTexts returns the JSON text of the constants n allows (const or
// enum, beside annotations and a type), or false when n checks more:
// those that are strings, or with all, every one (for the message that
// lists them).
func constTexts(n *schema.Node, all bool) ([]string, bool) {
	if !onlyKeywords(n, "const", "enum", "type") || n.Ref != nil || n.Bool != nil {
		return nil, false
	}
	var vals []any
	switch {
	case n.Const != nil && n.Enum != nil:
		return nil, false
	case n.Const != nil:
		vals = []any{n.Const.V}
	case n.Enum != nil:
		vals = n.Enum.List
	default:
		return nil, false
	}
	texts := []string{}
	for _, v := range vals {
		switch v.(type) {
		case string:
			if !all && n.Kinds&schema.Str == 0 {
				continue
			}
		case bool, json.Number:
			if !all {
				continue
			}
		default: // null, or structured: left to validators
			return nil, false
		}
		text, err := json.Marshal(v)
		if err != nil {
			return nil, false
		}
		texts = append(texts, string(text))
	}
	return texts, true
}

// condBranch returns a then or else schema as checks on fields, and
// with rawExtras on the undeclared properties kept as raw JSON, which a
// validator checks; nil and true when there is none.
func (b *builder) condBranch(n *schema.Node, fields map[string]*ir.Field, rawExtras bool) (*ir.CondBranch, bool) {
	if n == nil {
		return nil, true
	}
	n = follow(n)
	if n.IsTrue() {
		return nil, true
	}
	if n.Ref != nil || n.Bool != nil || !onlyKeywords(n, "properties", "required", "type") || n.Kinds&schema.Obj == 0 {
		return nil, false
	}
	br := &ir.CondBranch{}
	for _, name := range n.Required {
		f := fields[name]
		if f == nil && !rawExtras || f != nil && !decodedAlone(f) {
			return nil, false
		}
		br.Required = append(br.Required, name)
	}
	var extras []ir.CondExtra
	for _, name := range sortedKeys(n.Properties) {
		f := fields[name]
		if f == nil && rawExtras {
			v, why := b.validatorFor(n.Properties[name])
			if why != "" || v.Interpret != "" {
				return nil, false
			}
			extras = append(extras, ir.CondExtra{Field: name, Validate: []*ir.Validator{v}})
			continue
		}
		if f == nil || !decodedAlone(f) {
			return nil, false
		}
		c, ok := b.fieldCheck(n.Properties[name], f)
		if !ok {
			return nil, false
		}
		if c != nil {
			br.Checks = append(br.Checks, ir.CondCheck{Field: name, Check: c})
		}
	}
	// Only now that the whole branch compiles: the validators are kept.
	for _, x := range extras {
		b.validateLists = append(b.validateLists, x.Validate)
	}
	br.Extras = extras
	return br, true
}

// fieldCheck compiles s, a schema applied to field f's value, into the
// checks a decoder makes of a value it has decoded: a scalar's, or a
// slice's or map's length; nil when s checks nothing of such a value, and
// false when it checks what these cannot (items, a struct's members, a
// number's bounds, which need its text).
func (b *builder) fieldCheck(s *schema.Node, f *ir.Field) (*ir.Check, bool) {
	s = follow(s)
	if s.IsTrue() {
		return nil, true
	}
	r := f.Type.Held()
	if b.enumType(r) {
		// A named string type: its constants or a type that allows
		// strings.
		if s.Kinds&schema.Str == 0 || s.Const == nil && s.Enum == nil && onlyKeywords(s, "type") {
			return nil, s.Kinds&schema.Str != 0
		}
		texts, ok := constTexts(s, true)
		if !ok {
			return nil, false
		}
		return &ir.Check{Enum: texts}, true
	}
	// The field's value is of one kind: keywords of the others do not
	// apply to it.
	kind := goKinds(r)
	if s.Kinds&kind == 0 || s.Bool != nil {
		return nil, false // s refuses every value: left to validators
	}
	switch r.Kind {
	case ir.RefSlice:
		if !onlyKeywords(s, "type", "minItems", "maxItems") {
			return nil, false
		}
		if s.MinItems == nil && s.MaxItems == nil {
			return nil, true
		}
		return &ir.Check{MinItems: s.MinItems, MaxItems: s.MaxItems}, true
	case ir.RefMap:
		if !onlyKeywords(s, "type", "minProperties", "maxProperties") {
			return nil, false
		}
		if s.MinProperties == nil && s.MaxProperties == nil {
			return nil, true
		}
		return &ir.Check{MinItems: s.MinProperties, MaxItems: s.MaxProperties}, true
	case ir.RefString, ir.RefBool, ir.RefInt:
	default:
		return nil, false
	}
	probe := *s
	probe.Kinds = s.Kinds & kind
	c, deps, why := b.check(&probe, r)
	if why != "" || len(deps) > 0 || c.Interpret != nil || c.Validate != nil || c.Also != nil || c.Items != nil {
		return nil, false
	}
	c.Null = false
	if reflect.ValueOf(*c).IsZero() {
		return nil, true
	}
	return c, true
}

// decodedAlone reports whether f's value is decoded and checked by its
// decoder (no validators beside it, which would read it as text) and can
// be told apart from an absent one: it allows no null.
func decodedAlone(f *ir.Field) bool {
	c := f.Check
	if c == nil || c.Interpret != nil || c.Validate != nil || c.Null {
		return false
	}
	switch f.Type.Kind {
	case ir.RefNullable, ir.RefAny:
		return false
	case ir.RefPointer:
		return f.Type.Elem.Kind != ir.RefPointer && f.Type.Elem.Kind != ir.RefNullable
	}
	return true
}

// goKinds are the JSON kinds a Go value of r holds.
func goKinds(r *ir.Ref) schema.Kinds {
	switch r.Kind {
	case ir.RefString:
		return schema.Str
	case ir.RefBool:
		return schema.Bool
	case ir.RefInt:
		return schema.Int
	case ir.RefSlice:
		return schema.Arr
	case ir.RefMap:
		return schema.Obj
	}
	return 0
}

// onlyEnum reports whether c checks nothing but its enum.
func onlyEnum(c *ir.Check) bool {
	e := *c
	e.Enum, e.EnumOnly = nil, false
	return reflect.ValueOf(e).IsZero()
}

// extraPattern returns, where n's one pattern of patternProperties
// matches none of its declared properties' names and its
// additionalProperties is false or absent, the check of the undeclared
// properties that the decoder makes as it keeps them in t's extras map of
// raw JSON, and n without those keywords; nil otherwise (the pattern is
// then checked by a validator reading the object again).
func (b *builder) extraPattern(t *ir.Type, n *schema.Node) (*ir.ExtraPattern, *schema.Node) {
	a := n.AdditionalProperties
	if len(n.PatternProperties) != 1 || len(n.Properties) == 0 || t.Extra == nil || t.Extra.Kind != ir.RefAny ||
		n.UnevaluatedProperties != nil || !(a == nil || a.IsTrue() || a.IsFalse()) {
		return nil, nil
	}
	p := n.PatternProperties[0]
	re, err := ecmaregex.Compile(p.Pattern)
	if err != nil {
		return nil, nil
	}
	for name := range n.Properties {
		if re.MatchString(name) {
			return nil, nil // the declared property's value passes both
		}
	}
	v, why := b.validatorFor(p.Node)
	if why != "" || v.Interpret != "" {
		return nil, nil
	}
	vs := []*ir.Validator{v}
	b.validateLists = append(b.validateLists, vs)
	rest := *n
	rest.PatternProperties, rest.AdditionalProperties = nil, nil
	rest.Keywords = keywordsWithout(n.Keywords, "patternProperties", "additionalProperties")
	return &ir.ExtraPattern{Pattern: p.Pattern, Always: ecmaregex.MatchesEvery(p.Pattern), Closed: a.IsFalse(), Validate: vs}, &rest
}
