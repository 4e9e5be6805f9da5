package build

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/internal/ecmaregex"
	"github.com/structgen/structgen/runtime/format"
)

// Generated validating decoders: for every struct and enum type, either
// each keyword of its schema compiles into the decoder (ir.Decode and the
// fields' ir.Check), or the type is read by the schema interpreter, with
// the reason in Interpreted. A type whose decoder would call the decoder
// of an interpreted type is interpreted too.

// compileDecoders decides every struct and enum type's decoder. A field
// whose schema does not compile, or whose type's decoder does not, is
// read by the interpreter alone (ir.Check.Interpret); a struct type whose
// own object schema does not compile is read by the interpreter whole.
func (b *builder) compileDecoders() {
	types := make([]*ir.Type, 0, len(b.types))
	for _, t := range b.types {
		types = append(types, t)
	}
	sort.Slice(types, func(i, j int) bool { return types[i].Name < types[j].Name })
	deps := map[*ir.Field][]*ir.Type{}
	b.kindVariant = map[*ir.Type]bool{}
	for _, t := range types {
		// The object variant of a union of kinds (see compileKinds) is a
		// struct made from the same schema, which allows other kinds too:
		// the union hands it objects only.
		if t.Kind != ir.KindUnion || len(b.structSites[t]) != 1 {
			continue
		}
		if t.Discriminator != "" || t.Keyed() {
			b.markSelectedVariants(t, b.structSites[t][0])
			continue
		}
		n := follow(b.structSites[t][0])
		if len(n.AnyOf)+len(n.OneOf) > 0 {
			continue
		}
		for _, v := range t.Variants {
			if st := b.structOf(v.Type); v.JSON == "object" && st != nil && len(b.structSites[st]) == 1 && follow(b.structSites[st][0]) == n {
				b.kindVariant[st] = true
			}
		}
	}
	for _, t := range types {
		var reason string
		switch t.Kind {
		case ir.KindStruct:
			reason = b.compileStruct(t, deps)
		case ir.KindEnum:
			reason = b.compileEnum(t)
		case ir.KindUnion:
			reason = b.compileUnion(t, deps)
		case ir.KindTuple:
			reason = b.compileTuple(t, deps)
		case ir.KindAction:
			continue // after its parts: see below
		default:
			continue
		}
		if reason != "" {
			t.Decode, t.Interpreted = nil, reason
			for _, f := range t.Fields {
				f.Check = nil
			}
		}
	}
	// A union whose variant is an interpreted type is interpreted; a
	// field whose value an interpreted type holds is interpreted.
	for changed := true; changed; {
		changed = false
		for _, t := range types {
			if t.Kind != ir.KindUnion || t.Decode == nil {
				continue
			}
			for _, v := range t.Variants {
				for _, d := range deps[b.variantField(v)] {
					if d.Decode == nil {
						t.Decode, t.Interpreted = nil, fmt.Sprintf("it holds %s, which no typed decoder reads", d.Name)
						changed = true
					}
				}
			}
		}
	}
	for _, t := range types {
		if t.Decode == nil || t.Decode.Extra == nil {
			continue
		}
		for _, d := range deps[b.extraField(t)] {
			if d.Decode == nil {
				t.Decode, t.Interpreted = nil, fmt.Sprintf("its extras hold %s, which no typed decoder reads", d.Name)
				for _, f := range t.Fields {
					f.Check = nil
				}
				break
			}
		}
	}
	for _, t := range types {
		if t.Decode == nil || t.Kind == ir.KindUnion {
			continue
		}
		for _, f := range t.Fields {
			for _, d := range deps[f] {
				if d.Decode == nil {
					b.interpret(f, fmt.Sprintf("it holds %s, which no typed decoder reads", d.Name))
					break
				}
			}
		}
	}
	// An action after its parts.
	for _, t := range types {
		if t.Kind == ir.KindAction {
			b.compileAction(t)
		}
	}
	// Defined slice and map types that no other type holds (a root
	// array or map), once every decoder they may call is decided.
	held := map[string]bool{}
	for _, t := range types {
		addHeld(t, held)
	}
	for _, t := range types {
		if t.Kind == ir.KindDefined && !held[t.Name] {
			b.compileDefined(t)
		}
	}
	// Null where a struct or tuple may be null is checked by the
	// keywords beside its typed checks, which its decoder has.
	for _, u := range b.nullUses {
		if d := u.t.Decode; d != nil && d.Null && len(d.Also) > 0 {
			u.c.NullAlso = d.Also
		}
	}
	b.validateTypes(types)
	b.shareValidators()
}

// compileDefined gives defined slice or map type t a typed decoder
// (ir.Decode.Value): its schema compiled as a field holding its
// underlying type would be, where every type that check decodes has a
// typed decoder and the schema allows the one kind the Go type holds.
// Only where no type holds t (the checks of the types that do were
// compiled without it: addHeld), and not for a tool's arguments (an
// object).
func (b *builder) compileDefined(t *ir.Type) {
	u := t.Underlying
	sites := b.valueSites[t]
	if u == nil || u.Kind != ir.RefSlice && u.Kind != ir.RefMap || len(sites) != 1 || len(t.Schemas) != 1 ||
		b.l.Stable(sites[0].Loc) != t.Schemas[0] || b.anyObjectMap(t) || t.Tool != "" {
		return
	}
	// Only a schema that allows the kind the Go type holds and no other
	// (null aside): {"items": …} alone allows any value.
	kind := schema.Arr
	if u.Kind == ir.RefMap {
		kind = schema.Obj
	}
	if k := follow(sites[0]).Kinds; k&kind == 0 || k&^(kind|schema.Null) != 0 {
		return
	}
	c, ds, reason := b.check(sites[0], u)
	if reason != "" {
		return
	}
	for _, d := range ds {
		if d.Decode == nil {
			return
		}
	}
	t.Decode = &ir.Decode{Value: c}
}

// addHeld adds to held the names of this package's types that type o
// refers to (a field, variant, underlying, extras or rest of it).
func addHeld(o *ir.Type, held map[string]bool) {
	add := func(r *ir.Ref) {
		for ; r != nil; r = r.Elem {
			if r.Kind == ir.RefNamed && r.Pkg == "" {
				held[r.Name] = true
			}
		}
	}
	add(o.Underlying)
	add(o.Extra)
	for _, f := range o.Fields {
		add(f.Type)
	}
	for _, v := range o.Variants {
		add(v.Type)
	}
}

// nullUse is a check of a value that may be null and holds t.
type nullUse struct {
	c *ir.Check
	t *ir.Type
}

// validateTypes gives every type the typed decoders do not read the
// generated validators of its schemas, where they compile: struct, enum
// and union types the decoders do not compile, and the types no typed
// decoder reads (defined, alias and tuple types).
func (b *builder) validateTypes(types []*ir.Type) {
	for _, t := range types {
		var sites []*schema.Node
		switch t.Kind {
		case ir.KindStruct, ir.KindUnion:
			if t.Decode != nil || t.Interpreted == "" {
				continue
			}
			if u := b.sameSchema(t); u != nil {
				t.DecodedBy, t.Interpreted = u.Name, ""
				continue
			}
			for _, s := range b.structSites[t] {
				sites = append(sites, canon(s))
			}
		case ir.KindEnum:
			if t.Decode != nil || t.Interpreted == "" {
				continue
			}
			sites = []*schema.Node{b.enumSites[t][0]}
		case ir.KindDefined, ir.KindAlias, ir.KindTuple:
			if t.Decode != nil {
				continue
			}
			if u := b.sameSchema(t); u != nil {
				t.DecodedBy = u.Name
				continue
			}
			sites = b.valueSites[t]
		case ir.KindAction:
			if t.Decode == nil {
				b.validateAction(t)
			}
			continue
		}
		if len(sites) == 0 || len(sites) != len(t.Schemas) {
			continue
		}
		var vals []*ir.Validator
		for i, s := range sites {
			if b.l.Stable(s.Loc) != t.Schemas[i] {
				vals = nil
				break
			}
			v, why := b.validatorFor(s)
			if why != "" {
				if t.Interpreted != "" {
					t.Interpreted += "; "
				}
				t.Interpreted += why
				vals = nil
				break
			}
			vals = append(vals, v)
		}
		t.Validate = vals
	}
}

// sameSchema returns the named type of this package that alias t stands
// for, or that struct t only embeds (a tool's arguments type), where that
// type's generated decoder reads it and t's schema is no more than
// references to that type's schema; else nil.
func (b *builder) sameSchema(t *ir.Type) *ir.Type {
	var r *ir.Ref
	switch {
	case t.Kind == ir.KindAlias:
		r = t.Underlying
	case t.Kind == ir.KindStruct && len(t.Fields) == 1 && t.Fields[0].Embedded && t.Extra == nil:
		// A tool's arguments type that embeds the type its parameters
		// name: the embedded type's decodeJSON is promoted to it.
		r = t.Fields[0].Type
	}
	if r == nil || r.Kind != ir.RefNamed || r.Pkg != "" || len(b.valueSites[t]) != 1 {
		return nil
	}
	u := b.refs[r]
	if u == nil || u.Decode == nil {
		return nil
	}
	var sites []*schema.Node
	switch u.Kind {
	case ir.KindStruct, ir.KindUnion:
		sites = b.structSites[u]
	case ir.KindEnum:
		sites = []*schema.Node{b.enumSites[u][0]}
	}
	if len(sites) != 1 || follow(b.valueSites[t][0]) != follow(sites[0]) {
		return nil
	}
	// A dynamic reference below lands where the schemas the value was
	// reached through say, and t's schema may be another way in (an $id
	// with anchors of its own): the validators refuse it, and so here.
	if _, why := b.validatorFor(follow(sites[0])); why != "" {
		return nil
	}
	return u
}

// validateAction gives action type t, which no typed decoder reads (a
// part from another package, a part the decoders do not compile), the
// generated validator of its tool's augmented schema: the schema the
// interpreter would check the flat object against.
func (b *builder) validateAction(t *ir.Type) {
	if b.toolGraph == nil {
		docs := newMadeDocs(b.l.DefaultDraft(), nil)
		for _, tl := range b.pkg.Tools {
			order, err := ojson.Parse([]byte(tl.Schema))
			if err != nil {
				continue // Load reports it below
			}
			docs.add(tl.SchemaURL, []byte(tl.Schema), order, tl.Pos)
		}
		b.toolGraph = schema.NewGraph(docs)
	}
	n, err := b.toolGraph.Node(t.ToolSchema)
	if err != nil {
		t.Interpreted += fmt.Sprintf("; its tool's schema does not compile: %v", err)
		return
	}
	v, why := b.validatorFor(n)
	if why != "" {
		t.Interpreted += "; " + why
		return
	}
	t.Validate = []*ir.Validator{v}
}

// interpret makes the decoder check field f's value with the generated
// validators of its schemas, then decode it with encoding/json; where one
// of them does not compile, the interpreter checks it instead.
func (b *builder) interpret(f *ir.Field, why string) {
	var locs []string
	var vals []*ir.Validator
	compiled := true
	for _, s := range b.fieldSites[f] {
		locs = append(locs, b.l.Stable(s.Loc))
		v, reason := b.validatorFor(s)
		if reason != "" {
			why, compiled = why+"; "+reason, false
		}
		vals = append(vals, v)
	}
	if compiled && len(vals) > 0 {
		f.Check = &ir.Check{Validate: vals, Why: why}
		return
	}
	f.Check = &ir.Check{Interpret: locs, Why: why}
}

// checkField compiles field f's check from the schemas of its property
// (several where merged schemas each describe it): the first whose typed
// check compiles, the others checked beside it by their validators
// (ir.Check.Also). Where none compiles, generated validators check the
// value (interpret).
func (b *builder) checkField(f *ir.Field, sites []*schema.Node, deps map[*ir.Field][]*ir.Type) {
	reason := ""
	for i, s := range sites {
		c, ds, why := b.check(s, f.Type)
		if why != "" {
			if reason == "" {
				reason = why
			}
			continue
		}
		if len(sites) > 1 {
			others := append(append([]*schema.Node(nil), sites[:i]...), sites[i+1:]...)
			also, why := b.alsoValidators(s, others)
			if why != "" {
				reason = why
				break
			}
			c.Also = append(also, c.Also...)
			b.validateLists = append(b.validateLists, c.Also)
		}
		f.Check = c
		deps[f] = ds
		return
	}
	if reason == "" {
		reason = "no schema"
	}
	b.interpret(f, reason)
}

// extraField is a pseudo-field that carries the dependencies of a struct
// type's typed extras.
func (b *builder) extraField(t *ir.Type) *ir.Field {
	if f, ok := b.extraFields[t]; ok {
		return f
	}
	f := &ir.Field{Name: "AdditionalProperties", Type: t.Extra}
	b.extraFields[t] = f
	return f
}

// variantField is a pseudo-field that carries a union variant's
// dependencies, so that variants and fields share one table.
func (b *builder) variantField(v *ir.Variant) *ir.Field {
	f, ok := b.variantFields[v]
	if !ok {
		f = &ir.Field{Name: v.Name, Type: v.Type}
		b.variantFields[v] = f
	}
	return f
}

// compileUnion compiles a union of kinds whose schema is anyOf or oneOf
// of branches that allow disjoint kinds: the value's kind picks the one
// branch that can match, and that branch's checks apply.
func (b *builder) compileUnion(t *ir.Type, deps map[*ir.Field][]*ir.Type) string {
	sites := b.structSites[t]
	if t.Discriminator != "" || t.Keyed() {
		return b.compileTagged(t, deps)
	}
	if len(sites) != 1 {
		return "a union of several schemas"
	}
	n := follow(sites[0])
	if len(n.AnyOf)+len(n.OneOf) == 0 && unsupported(n) == "" {
		return b.compileKinds(t, n, deps)
	}
	n = unwrap(n)
	tops, oneOf := unionBranches(n)
	branches, top := spliced(tops)
	// Object branches that a tag or keys tell apart are one variant, a
	// union of its own (see compileTagged) made from the same schema.
	selected := false
	for _, v := range t.Variants {
		if u := b.unionOf(v.Type); v.JSON == "object" && u != nil && (u.Discriminator != "" || u.Keyed()) &&
			len(b.structSites[u]) == 1 && b.structSites[u][0] == sites[0] {
			selected = true
		}
	}
	if len(branches) == 0 {
		return at(n, "a union that is not anyOf or oneOf of kinds")
	}
	// Keywords beside the branches constrain some kinds (see besideKinds):
	// variants of those kinds are checked by the union's validator.
	beside := besideKinds(n, branches)
	// String branches that are constants alone (how schemars writes a
	// Rust enum's unit variants beside its struct variants) are one
	// variant, a string that is one of them.
	strs := constStringBranches(branches)
	var seen, overlap schema.Kinds
	null := false // a {"type": "null"} branch: null leaves every variant unset
	for _, br := range branches {
		k := follow(br).Kinds
		if isNull(follow(br)) && !null {
			if beside&schema.Null != 0 {
				return at(n, "a null branch beside keywords that constrain it")
			}
			null = true
			continue
		}
		if nullableBranch(follow(br)) && n.Kinds&schema.Null != 0 && !null && beside&schema.Null == 0 {
			// A branch that allows null beside other kinds, and checks
			// null by its type alone: null is its, the rest as for any
			// branch (no other may allow null: see below).
			null = true
			k &^= schema.Null
		}
		if selected && k == schema.Obj && seen&schema.Obj != 0 || len(strs) > 1 && k == schema.Str && seen&schema.Str != 0 {
			continue
		}
		if k&schema.Null != 0 || k == 0 {
			return at(n, "anyOf or oneOf branches whose kinds overlap")
		}
		if k&schema.Frac != 0 && k&schema.Int == 0 {
			return at(n, "a branch of non-integer numbers")
		}
		overlap |= k & seen
		seen |= k
	}
	var checks []*ir.Check
	var whole []*ir.Validator // the union's validator, for variants of overlapping branches
	var of [][]int            // the branches each variant's value may match (ir.Branches.Of)
	for _, v := range t.Variants {
		want := variantKinds[v.JSON]
		of = append(of, nil)
		if want&(overlap|beside) != 0 {
			// Several branches allow the variant's kind, or keywords
			// beside them constrain it: the union's validator checks the
			// value (which branches pass is its question: anyOf or
			// oneOf), encoding/json decodes it.
			if whole == nil {
				val, why := b.validatorFor(sites[0])
				if why != "" {
					return why
				}
				whole = []*ir.Validator{val}
				b.validateLists = append(b.validateLists, whole)
			}
			why := "anyOf or oneOf branches whose kinds overlap"
			if want&overlap == 0 {
				why = "keywords beside anyOf or oneOf"
			}
			checks = append(checks, &ir.Check{Validate: whole, Why: at(n, why)})
			continue
		}
		var branch *schema.Node
		for i, br := range branches {
			if f := follow(br); f.Kinds&want == want {
				branch, of[len(of)-1] = br, []int{top[i]}
			}
		}
		if branch == nil {
			return at(n, "a variant no branch holds")
		}
		if selected && v.JSON == "object" {
			branch = sites[0]   // the object variant's union reads it
			of[len(of)-1] = nil // and words its problems as the union's
		}
		c, ds, reason := b.check(branch, v.Type)
		if reason != "" {
			return reason
		}
		if c.Null {
			// The value's kind picked the variant: it is not null.
			cc := *c
			cc.Null, cc.NullAlso = false, nil
			c = &cc
		}
		if v.JSON == "string" && len(strs) > 1 {
			if c, reason = b.constStrings(n, strs, v.Type); reason != "" {
				return reason
			}
			of[len(of)-1] = nil
			for i, br := range branches {
				if slices.Contains(strs, br) && !slices.Contains(of[len(of)-1], top[i]) {
					of[len(of)-1] = append(of[len(of)-1], top[i])
				}
			}
		}
		deps[b.variantField(v)] = ds
		checks = append(checks, c)
	}
	typed := false
	for _, c := range checks {
		typed = typed || c.Validate == nil
	}
	if !typed {
		// The union's validator would check every variant: it is the
		// union's, and encoding/json decodes it, as without a decoder.
		return checks[0].Why
	}
	// A value of a kind no variant holds is worded by the union's
	// validator where the union has one, as for any anyOf or oneOf.
	t.Decode = &ir.Decode{Variants: checks, Null: null, Words: whole,
		Branches: &ir.Branches{OneOf: oneOf, Want: branchWords(tops), Of: of}}
	return ""
}

// spliced returns branches with each branch that is only an anyOf or a
// oneOf of its own replaced by its branches, at any depth. The union's
// decoder tells its branches apart by kind (and constants, or keys): no
// value can pass two of them, so "exactly one" and "at least one" agree
// and nesting changes nothing.
//
// top holds the index in branches of the branch each one comes from.
func spliced(branches []*schema.Node) (out []*schema.Node, top []int) {
	var walk func(brs []*schema.Node, depth, from int)
	walk = func(brs []*schema.Node, depth, from int) {
		for i, br := range brs {
			if depth == 0 {
				from = i
			}
			f := unwrap(follow(br))
			switch {
			case depth < 8 && len(f.AnyOf) > 0 && len(f.OneOf) == 0 && onlyKeywords(f, "anyOf"):
				walk(f.AnyOf, depth+1, from)
			case depth < 8 && len(f.OneOf) > 0 && len(f.AnyOf) == 0 && onlyKeywords(f, "oneOf"):
				walk(f.OneOf, depth+1, from)
			default:
				out, top = append(out, br), append(top, from)
			}
		}
	}
	walk(branches, 0, 0)
	return out, top
}

// branchWords words the kinds each of branches allows, as a validator's
// problem says them: its type list where it has one, else the kinds
// its keywords (or the branches it is made of) allow.
func branchWords(branches []*schema.Node) []string {
	var want []string
	for _, br := range branches {
		f := unwrap(follow(br))
		if f.Types != nil {
			// The types its other keywords (an enum, say) leave allowed.
			var types []string
			for _, name := range f.Types {
				if typeKinds[name]&f.Kinds != 0 {
					types = append(types, name)
				}
			}
			want = append(want, strings.Join(types, " or "))
			continue
		}
		k := f.Kinds
		if inner, _ := spliced([]*schema.Node{br}); len(inner) > 1 || inner[0] != br {
			// An anyOf or oneOf of its own: the kinds its branches allow.
			var ks schema.Kinds
			for _, in := range inner {
				ks |= follow(in).Kinds
			}
			k &= ks
		}
		var words []string
		for _, name := range typeNames {
			if k&typeKinds[name] == typeKinds[name] {
				words = append(words, name)
				k &^= typeKinds[name]
			}
		}
		want = append(want, strings.Join(words, " or "))
	}
	return want
}

// constStringBranches returns the branches that allow strings, when
// there are several and each allows nothing but strings from a const or
// an enum (and annotations); nil otherwise.
func constStringBranches(branches []*schema.Node) []*schema.Node {
	var out []*schema.Node
	for _, br := range branches {
		f := follow(br)
		if f.Kinds&schema.Str == 0 {
			continue
		}
		if f.Kinds != schema.Str || f.Ref != nil || !onlyKeywords(f, "type", "const", "enum") || f.Const == nil && f.Enum == nil {
			return nil
		}
		out = append(out, br)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// constStrings is the check of a union's string variant that several
// branches of constants hold: the value is one of their constants. A
// constant two branches allow would match both, which a oneOf refuses.
func (b *builder) constStrings(n *schema.Node, branches []*schema.Node, r *ir.Ref) (*ir.Check, string) {
	c := &ir.Check{Enum: []string{}}
	seen := map[string]bool{}
	for _, br := range branches {
		bc, _, reason := b.check(br, r)
		if reason != "" {
			return nil, reason
		}
		if bc.Null || bc.Enum == nil {
			return nil, at(br, "a branch of string constants that allows null")
		}
		for _, text := range bc.Enum {
			if seen[text] {
				return nil, at(n, "a string constant two branches allow")
			}
			seen[text] = true
			c.Enum = append(c.Enum, text)
		}
	}
	return c, ""
}

// typeNames are JSON Schema's type names, in the order a problem lists
// them ("number" before "integer": a branch of numbers says so once).
var typeNames = []string{"null", "boolean", "number", "integer", "string", "array", "object"}

// typeKinds are the kinds each JSON Schema type name allows.
var typeKinds = map[string]schema.Kinds{"null": schema.Null, "boolean": schema.Bool, "integer": schema.Int, "number": schema.Num,
	"string": schema.Str, "array": schema.Arr, "object": schema.Obj}

// variantKinds are the JSON kinds each variant's JSON kind stands for.
var variantKinds = map[string]schema.Kinds{"boolean": schema.Bool, "integer": schema.Int, "number": schema.Num,
	"string": schema.Str, "array": schema.Arr, "object": schema.Obj}

// compileKinds compiles a union of the kinds one schema allows (a type
// list, {"type": ["string", "array"], "items": …}): the value's kind picks
// the variant, and the schema's keywords for that kind apply (items to
// an array, minLength to a string, …), as a validator applies them.
func (b *builder) compileKinds(t *ir.Type, n *schema.Node, deps map[*ir.Field][]*ir.Type) string {
	var covered schema.Kinds
	tokens := map[string]bool{}
	var checks []*ir.Check
	for _, v := range t.Variants {
		want := variantKinds[v.JSON]
		if want == 0 || n.Kinds&want != want || tokens[v.JSON] || v.JSON == "integer" && tokens["number"] || v.JSON == "number" && tokens["integer"] {
			return at(n, "a variant the schema's kinds do not tell apart")
		}
		if (n.Enum != nil || n.Const != nil) && v.JSON != "boolean" && v.JSON != "integer" && v.JSON != "string" {
			// The variants' checks test scalars against the values; a
			// struct or slice would take any value of its shape.
			return at(n, "an enum of several kinds with values of structured kinds or fractions")
		}
		tokens[v.JSON] = true
		covered |= want
		var c *ir.Check
		var ds []*ir.Type
		if st := b.structOf(v.Type); st != nil && len(b.structSites[st]) == 1 && follow(b.structSites[st][0]) == n {
			// The object variant is the struct this schema makes; its
			// decoder checks the object keywords.
			c, ds = &ir.Check{}, []*ir.Type{st}
		} else {
			only := *n // the schema seen as allowing this kind alone
			only.Kinds = want
			var reason string
			if c, ds, reason = b.check(&only, v.Type); reason != "" {
				return reason
			}
		}
		deps[b.variantField(v)] = ds
		checks = append(checks, c)
	}
	if covered != n.Kinds&^schema.Null {
		return at(n, "a kind the schema allows that no variant holds")
	}
	// null, where allowed, leaves every variant unset, as the union's
	// UnmarshalJSON reads it.
	t.Decode = &ir.Decode{Variants: checks, Null: n.Kinds&schema.Null != 0}
	var values []any
	switch {
	case n.Const != nil:
		values = []any{n.Const.V}
	case n.Enum != nil:
		values = n.Enum.List
	}
	for _, v := range values {
		text, err := json.Marshal(v)
		if err != nil {
			return at(n, "an enum value")
		}
		t.Decode.Enum = append(t.Decode.Enum, string(text))
	}
	for _, c := range checks {
		if t.Decode.Enum != nil {
			if c.Enum == nil {
				return at(n, "an enum whose values a variant does not check")
			}
			// A variant's problem lists the whole enum, as the
			// validator does; its cases are the values of its kind.
			c.Enum = t.Decode.Enum
		}
	}
	return ""
}

// structOf returns the struct type r holds directly or through a pointer.
func (b *builder) structOf(r *ir.Ref) *ir.Type { return b.namedOf(r, ir.KindStruct) }

// namedOf returns the generated type of this kind that r names, directly
// or through a pointer or runtime.Nullable; nil when it names none.
func (b *builder) namedOf(r *ir.Ref, kind ir.TypeKind) *ir.Type {
	if r.Kind == ir.RefPointer || r.Kind == ir.RefNullable {
		r = r.Elem
	}
	if r.Kind != ir.RefNamed || r.Pkg != "" {
		return nil
	}
	if t := b.refs[r]; t != nil && t.Kind == kind {
		return t
	}
	return nil
}

// markSelectedVariants marks the variants of a union told apart by a tag
// or keys (see compileTagged) whose branch schemas allow other kinds than
// object, where the union's schema allows objects only: the branch is
// then only ever handed objects, as the object variant of a union of
// kinds is.
func (b *builder) markSelectedVariants(t *ir.Type, site *schema.Node) {
	n, branches, _ := selectedBranches(site)
	if n.Kinds != schema.Obj || len(branches) != len(t.Variants) {
		return
	}
	for i, v := range t.Variants {
		if st := b.structOf(v.Type); st != nil && len(b.structSites[st]) == 1 && follow(b.structSites[st][0]) == follow(branches[i]) {
			b.kindVariant[st] = true
		}
	}
}

// unwrap follows n through allOf of one schema beside annotations (how
// schemars and Pydantic v1 describe a reference) and $refs.
func unwrap(n *schema.Node) *schema.Node {
	for i := 0; i < 64 && len(n.AllOf) == 1 && onlyKeywords(n, "allOf"); i++ {
		n = follow(n.AllOf[0])
	}
	return n
}

// selectedBranches returns the schema of a union told apart by a tag or
// keys (through $refs and an allOf of one schema, which only annotate),
// its branches that allow objects (the variants', in order; where the
// union is the object view of a schema that allows other kinds too, the
// others cannot match an object) and which applicator holds them.
func selectedBranches(site *schema.Node) (n *schema.Node, branches []*schema.Node, applicator string) {
	n = unwrap(follow(site))
	all, applicator := n.OneOf, "oneOf"
	if len(n.AnyOf) > 0 {
		all, applicator = n.AnyOf, "anyOf"
	}
	for _, br := range all {
		if follow(br).Kinds&schema.Obj != 0 {
			branches = append(branches, br)
		}
	}
	return n, branches, applicator
}

// compileTagged compiles a union whose variants a property or the
// presence of properties tells apart (see selection): anyOf or oneOf of
// object schemas, each requiring the property and allowing it only
// strings of its own (const or enum), or each requiring properties that
// every other refuses; one may have neither. A value can then pass only
// the branch its tag or keys name, so the decoder reads them, has that
// variant's typed decoder read the value quietly, and only where it
// fails runs the union's generated validator, which words the problems
// as for any anyOf or oneOf (no branch matched, then each branch's).
func (b *builder) compileTagged(t *ir.Type, deps map[*ir.Field][]*ir.Type) string {
	sites := b.structSites[t]
	if len(sites) != 1 {
		return "a union of several schemas"
	}
	n, branches, applicator := selectedBranches(sites[0])
	// A type beside the branches that allows objects, which each branch
	// requires, checks nothing they do not.
	if len(branches) != len(t.Variants) || !onlyKeywords(n, applicator, "type") || n.Kinds&schema.Obj == 0 {
		return at(n, "a union told apart by a property beside other keywords")
	}
	// A branch that allows other kinds too is handed objects only where
	// the union's schema allows nothing else.
	for _, br := range branches {
		if f := follow(br); f.Kinds != schema.Obj && n.Kinds != schema.Obj {
			return at(f, "a branch that is not an object")
		}
	}
	// The variants were made from these branches, in order; the
	// selection is made again from them to be sure of it.
	sel, ok := selectionOf(branches)
	if !ok || sel.Tag != t.Discriminator {
		return at(n, "a union whose branches its tag or keys do not tell apart")
	}
	var checks []*ir.Check
	for i, v := range t.Variants {
		if v.JSON != "object" || !slices.Equal(v.Tags, sel.Tags[i]) || !slices.Equal(v.Keys, sel.Keys[i]) {
			return at(n, "a variant whose tag or keys its branch does not have")
		}
		c, ds, reason := b.check(branches[i], v.Type)
		if reason != "" {
			return reason
		}
		deps[b.variantField(v)] = ds
		checks = append(checks, c)
	}
	v, why := b.validatorFor(canon(sites[0]))
	if why != "" {
		return why
	}
	words := []*ir.Validator{v}
	b.validateLists = append(b.validateLists, words)
	t.Decode = &ir.Decode{Variants: checks, Tag: t.Discriminator, Keyed: t.Keyed(), Words: words}
	return ""
}

// compileAction compiles a tool's action type from its two parts: the
// flat object their decoders' fields make, closed when either part is
// (as the tool's augmented schema is).
func (b *builder) compileAction(t *ir.Type) {
	if len(t.Fields) != 2 {
		return
	}
	args, resp := b.refs[t.Fields[0].Type], b.refs[t.Fields[1].Type]
	switch {
	case args == nil || resp == nil || t.Fields[1].Type.Pkg != "":
		t.Interpreted = "a part from another package"
	case b.anyObjectMap(args) && resp.Decode != nil && resp.Kind == ir.KindStruct && resp.Decode.Also == nil &&
		resp.Decode.MinProperties == nil && resp.Decode.MaxProperties == nil && resp.Decode.Extra == nil:
		t.Decode = &ir.Decode{Required: resp.Decode.Required, Closed: resp.Decode.Closed, ArgsMap: true}
	case args.Decode == nil || resp.Decode == nil || args.Kind != ir.KindStruct || resp.Kind != ir.KindStruct:
		t.Interpreted = "a part the interpreter reads"
	case args.Decode.Also != nil || resp.Decode.Also != nil:
		// They would check the flat object, which the tool's augmented
		// schema may word otherwise: its validator checks the action.
		t.Interpreted = "keywords beside a part's properties"
	case args.Decode.MinProperties != nil || args.Decode.MaxProperties != nil || resp.Decode.MinProperties != nil || resp.Decode.MaxProperties != nil:
		t.Interpreted = "minProperties or maxProperties on a part"
	case args.Decode.Extra != nil || resp.Decode.Extra != nil:
		t.Interpreted = "additionalProperties with a schema on a part"
	default:
		closed := args.Decode.Closed || resp.Decode.Closed
		if !closed && args.Extra == nil {
			t.Interpreted = "open arguments without extras"
			return
		}
		required := append(append([]string(nil), args.Decode.Required...), resp.Decode.Required...)
		t.Decode = &ir.Decode{Required: required, Closed: closed}
	}
}

// anyObjectMap reports whether t is a map of raw JSON whose schema allows
// any object: a tool's parameters that declare no property.
func (b *builder) anyObjectMap(t *ir.Type) bool {
	u := t.Underlying
	if t.Kind != ir.KindDefined || u == nil || u.Kind != ir.RefMap || u.Elem.Kind != ir.RefAny {
		return false
	}
	sites := b.valueSites[t]
	if len(sites) != 1 || sites[0] == nil {
		return false
	}
	n := sites[0]
	a := n.AdditionalProperties
	return unsupported(n) == "" && n.Kinds == schema.Obj && len(n.Properties) == 0 && (a == nil || a.IsTrue()) &&
		len(n.Required) == 0 && n.MinProperties == nil && n.MaxProperties == nil && n.Enum == nil && n.Const == nil &&
		n.UnevaluatedProperties == nil
}

// compileEnum compiles an enum type: a string that is one of its values.
func (b *builder) compileEnum(t *ir.Type) string {
	sites, ok := b.enumSites[t]
	if !ok {
		return "no schema"
	}
	for _, n := range sites {
		if r := unsupported(n); r != "" {
			return r
		}
		if n.MinLength != nil || n.MaxLength != nil || n.Pattern != nil || n.Format != "" && b.asserts(n.Format) {
			return at(n, "string keywords beside enum")
		}
	}
	if sites[1].Kinds&^(schema.Str) != 0 {
		return at(sites[1], "an enum of several kinds")
	}
	t.Decode = &ir.Decode{}
	return ""
}

// compileStruct compiles a struct type from its one object schema.
func (b *builder) compileStruct(t *ir.Type, deps map[*ir.Field][]*ir.Type) string {
	if b.noParams[t] {
		// A tool without parameters: an object with no property.
		t.Decode = &ir.Decode{Closed: true}
		return ""
	}
	sites := b.structSites[t]
	if len(sites) != 1 || len(t.Schemas) != 1 {
		return b.compileMerged(t, deps)
	}
	n := follow(sites[0])
	if n.Ref != nil || len(n.AllOf) > 0 {
		return b.compileMerged(t, deps)
	}
	extra, without := b.extraPattern(t, n)
	if extra != nil {
		n = without
	}
	n, rests, reason := b.typedPart(n, besideMerged, unsupported)
	if reason != "" {
		return reason
	}
	if n.Kinds&schema.Obj == 0 || n.Kinds&^(schema.Obj|schema.Null) != 0 && !b.kindVariant[t] {
		return at(n, "a schema that allows other kinds than object")
	}
	if n.Enum != nil || n.Const != nil {
		return at(n, "enum or const on an object")
	}
	dec := &ir.Decode{Required: n.Required, MinProperties: n.MinProperties, MaxProperties: n.MaxProperties, ExtraPattern: extra}
	switch a := n.AdditionalProperties; {
	case a.IsFalse():
		if t.Extra != nil {
			return at(n, "properties whose names Go tags cannot hold")
		}
		dec.Closed = true
	case a == nil || a.IsTrue():
		if t.Extra == nil || t.Extra.Kind != ir.RefAny {
			return at(n, "additionalProperties")
		}
	default:
		// Undeclared properties of one schema: each decoded with its
		// checks into the typed extras map.
		if t.Extra == nil || t.Extra.Kind == ir.RefAny {
			return at(n, "additionalProperties with a schema")
		}
		c, ds, reason := b.check(a, t.Extra)
		if reason != "" {
			return reason
		}
		dec.Extra = c
		deps[b.extraField(t)] = ds
	}
	if len(t.Fields) != len(n.Properties) {
		return at(n, "properties whose names Go tags cannot hold")
	}
	for _, f := range t.Fields {
		b.checkField(f, b.fieldSites[f], deps)
	}
	dec.Conds, dec.Presence, rests = b.typedConds(t, rests)
	also, why := b.alsoValidators(sites[0], rests)
	if why != "" {
		return why
	}
	dec.Also = also
	// Null at the top is the zero value, checked by the keywords beside
	// the properties (Also) alone: the properties' own pass any null.
	dec.Null = n.Kinds&schema.Null != 0
	t.Decode = dec
	return ""
}

// compileTuple compiles a tuple type of one schema: its positions
// (prefixItems, or an items list before 2020-12) each checked as a
// field is, the items after them by the schema of the rest (items, or
// additionalItems before 2020-12; none where it is false), the count by
// minItems and maxItems. The keywords that apply on their own (contains,
// anyOf, …) are checked beside, by generated validators.
func (b *builder) compileTuple(t *ir.Type, deps map[*ir.Field][]*ir.Type) string {
	sites := b.valueSites[t]
	if len(sites) != 1 || len(t.Schemas) != 1 {
		return "a tuple of several schemas"
	}
	n := follow(sites[0])
	var unique []*schema.Node
	if n.UniqueItems {
		// uniqueItems compares items of different positions: a validator
		// of it alone checks it beside the positions.
		m := *n
		m.UniqueItems, m.Keywords = false, keywordsWithout(n.Keywords, "uniqueItems")
		n = &m
		unique = []*schema.Node{{Loc: n.Loc, Pos: n.Pos, Draft: n.Draft, Kinds: schema.All, UniqueItems: true, Keywords: []string{"uniqueItems"}}}
	}
	n, rests, reason := b.typedPart(n, besideKeywords, tupleUnsupported)
	if reason != "" {
		return reason
	}
	rests = append(rests, unique...)
	if n.Kinds&schema.Arr == 0 || n.Kinds&^(schema.Arr|schema.Null) != 0 {
		return at(n, "a tuple that allows other kinds than array")
	}
	if n.Enum != nil || n.Const != nil {
		return at(n, "enum or const on a tuple")
	}
	if len(n.PrefixItems) != len(t.Fields) {
		return at(n, "a tuple whose positions come from several schemas")
	}
	dec := &ir.Decode{MinItems: n.MinItems, MaxItems: n.MaxItems}
	for i, f := range t.Fields {
		// A position's site, as a property's: where a type it holds has
		// no typed decoder, the site's validator checks it (interpret).
		b.fieldSites[f] = []*schema.Node{n.PrefixItems[i]}
		b.checkField(f, b.fieldSites[f], deps)
	}
	switch {
	case t.Extra == nil:
		if !n.Items.IsFalse() {
			return at(n, "a tuple whose rest the Go type cannot hold")
		}
		dec.Closed = true
	case n.Items == nil || n.Items.IsTrue():
		if t.Extra.Kind != ir.RefAny {
			return at(n, "items of any kind in a typed rest")
		}
		dec.Extra = &ir.Check{Null: true}
	default:
		c, ds, reason := b.check(n.Items, t.Extra)
		if reason != "" {
			return reason
		}
		dec.Extra = c
		deps[b.extraField(t)] = ds
	}
	also, why := b.alsoValidators(sites[0], rests)
	if why != "" {
		return why
	}
	dec.Also = also
	dec.Null = n.Kinds&schema.Null != 0 // see compileStruct
	t.Decode = dec
	return ""
}

// tupleUnsupported is unsupported for a tuple's own schema, whose
// positions the tuple's decoder reads.
func tupleUnsupported(n *schema.Node) string {
	m := *n
	m.PrefixItems = nil
	return unsupported(&m)
}

// typedPart returns n where unsup finds nothing the typed decoder does
// not compile; otherwise n's typed part and the rest, the keywords that
// apply on their own, split off (see split) for generated validators to
// check beside it; the reason where that split leaves the typed part
// still unsupported.
func (b *builder) typedPart(n *schema.Node, how splitHow, unsup func(*schema.Node) string) (*schema.Node, []*schema.Node, string) {
	r := unsup(n)
	if r == "" {
		return n, nil, ""
	}
	typed, rest := b.split(n, how)
	if rest == nil {
		return nil, nil, r
	}
	if r := unsup(typed); r != "" {
		return nil, nil, r
	}
	return typed, []*schema.Node{rest}, ""
}

// compileMerged compiles a struct type merged from several object
// schemas (allOf, $ref beside keywords, several sites): every schema that
// applies (schema.Expand) may hold only what a typed decoder checks of an
// object, and then the object is their sum: the properties of all, the
// required of all, the tightest member counts, closed where one closes
// it. A field that two schemas describe is checked by generated
// validators of both. A schema that closes the object while another
// declares a property it does not would refuse that property; that, and
// any other keyword, is left to the generated validators of the type.
func (b *builder) compileMerged(t *ir.Type, deps map[*ir.Field][]*ir.Type) string {
	sites := b.structSites[t]
	if len(sites) == 0 {
		return "no schema"
	}
	if len(t.Schemas) != len(sites) {
		return "its schema is merged from several (allOf or $ref beside keywords)"
	}
	for _, s := range sites {
		// A dynamic reference anywhere below lands where the schemas the
		// value was reached through say: only the interpreter, reading
		// the whole value, follows that (the validators refuse it too).
		if _, why := b.validatorFor(canon(s)); why != "" {
			return why
		}
		// A schema whose allOf or $ref applies it to the same value
		// again fails every value (the interpreter refuses the cycle;
		// the validators unroll it): the merged keywords below would
		// pass what it refuses.
		if why := b.validators().inPlaceCycle(canon(s)); why != "" {
			return why
		}
	}
	all := schema.Expand(sites...)
	kinds := schema.All
	dec := &ir.Decode{}
	var rests []*schema.Node // keywords beside the typed checks
	props := map[string][]*schema.Node{}
	required := map[string]bool{}
	var closers []*schema.Node
	for _, m := range all {
		switch {
		case m.IsTrue():
			continue
		case m.DynamicRef != nil || m.RecursiveRef != nil:
			return at(m, "a dynamic reference")
		}
		// $ref and allOf are what Expand followed; keywords that apply on
		// their own go to the validator beside the typed checks; anything
		// else the typed checks below do not cover stops here.
		probe := *m
		probe.Ref, probe.AllOf = nil, nil
		if r := unsupported(&probe); r != "" {
			typed, rest := b.split(m, besideMerged)
			if rest == nil {
				return r
			}
			m, probe = typed, *typed
			probe.Ref, probe.AllOf = nil, nil
			if r := unsupported(&probe); r != "" {
				return r
			}
			rests = append(rests, rest)
		}
		if m.Enum != nil || m.Const != nil {
			return at(m, "enum or const on an object")
		}
		kinds &= m.Kinds
		for _, name := range sortedKeys(m.Properties) {
			props[name] = append(props[name], m.Properties[name])
		}
		for _, r := range m.Required {
			if !required[r] {
				required[r] = true
				dec.Required = append(dec.Required, r)
			}
		}
		if m.MinProperties != nil && (dec.MinProperties == nil || *m.MinProperties > *dec.MinProperties) {
			dec.MinProperties = m.MinProperties
		}
		if m.MaxProperties != nil && (dec.MaxProperties == nil || *m.MaxProperties < *dec.MaxProperties) {
			dec.MaxProperties = m.MaxProperties
		}
		switch a := m.AdditionalProperties; {
		case a == nil || a.IsTrue():
		case a.IsFalse():
			closers = append(closers, m)
		default:
			return at(m, "additionalProperties with a schema in a merged object")
		}
	}
	if kinds&^(schema.Obj|schema.Null) != 0 || kinds&schema.Obj == 0 {
		return at(sites[0], "a schema that allows other kinds than object")
	}
	for _, m := range closers {
		for name := range props {
			if m.Properties[name] == nil {
				return at(m, "additionalProperties: false beside a property another schema declares")
			}
		}
	}
	if len(closers) > 0 {
		if t.Extra != nil {
			return at(sites[0], "properties whose names Go tags cannot hold")
		}
		dec.Closed = true
	} else if t.Extra == nil || t.Extra.Kind != ir.RefAny {
		return at(sites[0], "additionalProperties")
	}
	if len(t.Fields) != len(props) {
		return at(sites[0], "properties whose names Go tags cannot hold")
	}
	for _, f := range t.Fields {
		if !sameNodes(b.fieldSites[f], props[f.JSON]) {
			return at(sites[0], "a property whose schemas its field does not list")
		}
	}
	for _, f := range t.Fields {
		// A property another schema lists as true (to keep it past its
		// additionalProperties: false) adds nothing to check.
		var fs []*schema.Node
		for _, s := range b.fieldSites[f] {
			if !s.IsTrue() {
				fs = append(fs, s)
			}
		}
		if len(fs) == 0 {
			fs = b.fieldSites[f][:1]
		}
		b.checkField(f, fs, deps)
	}
	dec.Conds, dec.Presence, rests = b.typedConds(t, rests)
	also, why := b.alsoValidators(sites[0], rests)
	if why != "" {
		return why
	}
	dec.Also = also
	dec.Null = kinds&schema.Null != 0 // see compileStruct
	t.Decode = dec
	return ""
}

// soleConstraint returns the one schema among those that apply with n
// (schema.Expand) that has a keyword of its own besides $ref, allOf and
// annotations; nil when there are none or several.
func soleConstraint(n *schema.Node) *schema.Node {
	var sole *schema.Node
	for _, m := range schema.Expand(n) {
		if onlyKeywords(m, "$ref", "allOf") {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = m
	}
	return sole
}

// mergedStruct returns the struct type r holds (directly or through a
// pointer) when it was merged from exactly the schema n (allOf, or $ref
// beside keywords): its decoder (compileMerged) checks n whole.
func (b *builder) mergedStruct(n *schema.Node, r *ir.Ref) *ir.Type {
	if n.Ref == nil && len(n.AllOf) == 0 {
		return nil
	}
	t := b.namedOf(r, ir.KindStruct)
	if t == nil {
		return nil
	}
	if ss := b.structSites[t]; len(ss) != 1 || follow(ss[0]) != n {
		return nil
	}
	return t
}

// sameNodes reports whether a and b hold the same nodes, in any order.
func sameNodes(a, b []*schema.Node) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[*schema.Node]int{}
	for _, n := range a {
		in[n]++
	}
	for _, n := range b {
		if in[n] == 0 {
			return false
		}
		in[n]--
	}
	return true
}

// follow passes references that stand alone.
func follow(n *schema.Node) *schema.Node {
	for i := 0; i < 64 && n.Ref != nil && onlyRef(n); i++ {
		n = n.Ref
	}
	return n
}

// onlyRef reports whether n is a $ref with annotations only.
func onlyRef(n *schema.Node) bool { return onlyKeywords(n, "$ref") }

// onlyKeywords reports whether every keyword of n is one of these or an
// annotation (which checks nothing). A $ref that hides the keywords
// beside it (drafts 4 to 7) is the only keyword.
func onlyKeywords(n *schema.Node, these ...string) bool {
	if n.RefAlone() {
		return slicesContains(these, "$ref")
	}
	for _, k := range n.Keywords {
		switch k {
		case "$schema", "$id", "id", "$comment", "title", "description", "default", "examples",
			"deprecated", "readOnly", "writeOnly", "$defs", "definitions", "$anchor":
		default:
			if !slicesContains(these, k) && (len(k) < 2 || k[:2] != "x-") {
				return false
			}
		}
	}
	return true
}

// unsupported names the first keyword of n the decoders do not compile;
// "" when there is none.
func unsupported(n *schema.Node) string {
	switch {
	case n.IsFalse():
		return at(n, "the schema false")
	case n.Ref != nil:
		return at(n, "$ref beside other keywords")
	case len(n.AllOf) > 0:
		return at(n, "allOf")
	case len(n.AnyOf) > 0:
		return at(n, "anyOf")
	case len(n.OneOf) > 0:
		return at(n, "oneOf")
	case n.Not != nil:
		return at(n, "not")
	case n.If != nil || n.Then != nil || n.Else != nil:
		return at(n, "if/then/else")
	case len(n.DependentRequired) > 0 || len(n.DependentSchemas) > 0:
		return at(n, "dependencies")
	case len(n.PatternProperties) > 0 && !keyedMap(n):
		return at(n, "patternProperties")
	case n.PropertyNames != nil:
		return at(n, "propertyNames")
	case n.Contains != nil:
		return at(n, "contains")
	case len(n.PrefixItems) > 0:
		return at(n, "prefixItems (or an items list)")
	case n.UnevaluatedItems != nil || n.UnevaluatedProperties != nil:
		return at(n, "unevaluated keywords")
	case n.DynamicRef != nil || n.RecursiveRef != nil:
		return at(n, "a dynamic reference")
	}
	return ""
}

// at names a keyword and where it is written (file:line:col, or the
// schema's location when it has no position).
func at(n *schema.Node, what string) string {
	if n.Pos.Line != 0 {
		return what + " at " + n.Pos.String()
	}
	return what + " at " + n.Loc
}

// asserts reports whether the package checks the format name.
func (b *builder) asserts(name string) bool { return !b.pkg.AnnotateFormats && format.Known(name) }

// check compiles the schema of a value decoded into r: what the decoder
// checks, and the named types whose decoders it calls.
func (b *builder) check(site *schema.Node, r *ir.Ref) (*ir.Check, []*ir.Type, string) {
	n := follow(site)
	if (n.Ref != nil || len(n.AllOf) > 0) && b.mergedStruct(n, r) == nil {
		// allOf: [{$ref: …}] beside annotations (how Pydantic v1 writes a
		// described reference) constrains only through the one schema.
		// The sole constraint can be n itself, when its allOf or $ref
		// leads back to it: n is then checked as it is.
		if m := soleConstraint(n); m != nil && m != n {
			return b.check(m, r)
		}
	}
	if branch := orNull(n); branch != nil {
		// anyOf/oneOf of a schema and {"type": "null"} (how Pydantic and
		// Zod write an optional value): null, or the branch.
		c, deps, reason := b.check(branch, r)
		if reason != "" {
			return nil, nil, reason
		}
		if c.Null || r.Kind != ir.RefPointer && r.Kind != ir.RefNullable && !r.Nilable() {
			return nil, nil, at(n, "an anyOf with null the Go type cannot hold")
		}
		c.Null = true
		return c, deps, ""
	}
	if u := b.unionOf(r); u != nil && len(b.structSites[u]) == 1 && unwrap(follow(b.structSites[u][0])) == unwrap(n) {
		// The union's own decoder checks its anyOf or oneOf, or its
		// kinds; a pointer to it is nil for null, as encoding/json has it.
		null := len(n.AnyOf)+len(n.OneOf) == 0 && n.Kinds&schema.Null != 0 || nullBranch(n) // a type list with null, or a null branch
		if r.Kind == ir.RefNullable && !null {
			return nil, nil, at(n, "null where the schema allows none")
		}
		return &ir.Check{Null: null && (r.Kind == ir.RefPointer || r.Kind == ir.RefNullable)}, []*ir.Type{u}, ""
	}
	if t := b.mergedStruct(n, r); t != nil {
		// The merged type's own decoder checks every schema that applies;
		// null is what they all allow.
		kinds := schema.All
		for _, m := range schema.Expand(n) {
			kinds &= m.Kinds
		}
		null := kinds&schema.Null != 0
		if null && !r.Nilable() && r.Kind != ir.RefPointer && r.Kind != ir.RefNullable {
			return nil, nil, at(n, "null where the Go type cannot hold it")
		}
		return &ir.Check{Null: null}, []*ir.Type{t}, ""
	}
	if why := unsupported(n); why != "" {
		var ss []*schema.Node
		t := b.structOf(r)
		if t != nil {
			ss = b.structSites[t]
		} else if t = b.namedOf(r, ir.KindTuple); t != nil {
			ss = b.valueSites[t]
		}
		if t != nil {
			if len(ss) == 1 && follow(ss[0]) == n {
				// The struct's or tuple's own decoder checks its schema
				// whole, the keywords beside its properties or positions
				// too (ir.Decode.Also).
				if n.Kinds&schema.Null != 0 && r.Kind != ir.RefPointer && r.Kind != ir.RefNullable {
					return nil, nil, at(n, "null where the Go type cannot hold it")
				}
				c := &ir.Check{Null: n.Kinds&schema.Null != 0}
				if c.Null {
					b.nullUses = append(b.nullUses, nullUse{c, t})
				}
				return c, []*ir.Type{t}, ""
			}
		}
		return b.checkBeside(n, r, why)
	}
	c := &ir.Check{Null: n.Kinds&schema.Null != 0}
	base := r
	switch r.Kind {
	case ir.RefPointer, ir.RefNullable:
		base = r.Elem
	}
	if n.Kinds&schema.Null != 0 && !r.Nilable() && r.Kind != ir.RefPointer && r.Kind != ir.RefNullable {
		return nil, nil, at(n, "null where the Go type cannot hold it")
	}
	kinds := n.Kinds &^ schema.Null
	switch base.Kind {
	case ir.RefAny:
		if hasConstraints(n) {
			return nil, nil, at(n, "constraints on a value of any kind")
		}
		return c, nil, ""
	case ir.RefNamed:
		t := b.refs[base]
		if t == nil || base.Pkg != "" {
			return nil, nil, at(n, "a type from another package")
		}
		switch t.Kind {
		case ir.KindStruct:
			if ss := b.structSites[t]; len(ss) != 1 || follow(ss[0]) != n {
				return nil, nil, at(n, "a schema that differs from its type's")
			}
		case ir.KindEnum:
			if es := b.enumSites[t]; es[0] != n && es[1] != n {
				return nil, nil, at(n, "a schema that differs from its type's")
			}
		default:
			return nil, nil, at(n, string(t.Kind)+" type "+t.Name)
		}
		return c, []*ir.Type{t}, ""
	case ir.RefString:
		if kinds != schema.Str {
			return nil, nil, at(n, "a string that allows other kinds")
		}
		c.MinLength, c.MaxLength, c.Pattern = n.MinLength, n.MaxLength, n.Pattern
		if b.asserts(n.Format) {
			c.Format = n.Format
		}
	case ir.RefInt:
		if kinds != schema.Int {
			return nil, nil, at(n, "an integer that allows other kinds")
		}
		if n.MultipleOf != nil {
			if !n.MultipleOf.IsInt() || !n.MultipleOf.Num().IsInt64() {
				return nil, nil, at(n, "a multipleOf that is not a 64-bit integer")
			}
			c.MultipleOf = n.MultipleOf.RatString()
		}
		c.Minimum, c.Maximum = ratText(n.Minimum), ratText(n.Maximum)
		c.ExclusiveMinimum, c.ExclusiveMaximum = ratText(n.ExclusiveMinimum), ratText(n.ExclusiveMaximum)
	case ir.RefFloat:
		if kinds&^schema.Num != 0 || kinds == 0 {
			return nil, nil, at(n, "a number that allows other kinds")
		}
		if n.MultipleOf != nil {
			c.MultipleOf = n.MultipleOf.RatString() // checked exactly on the number's text
		}
		c.Minimum, c.Maximum = ratText(n.Minimum), ratText(n.Maximum)
		c.ExclusiveMinimum, c.ExclusiveMaximum = ratText(n.ExclusiveMinimum), ratText(n.ExclusiveMaximum)
	case ir.RefBool:
		if kinds != schema.Bool {
			return nil, nil, at(n, "a boolean that allows other kinds")
		}
	case ir.RefSlice:
		if kinds != schema.Arr {
			return nil, nil, at(n, "an array that allows other kinds")
		}
		if n.Enum != nil || n.Const != nil {
			return nil, nil, at(n, "enum or const on an array")
		}
		c.MinItems, c.MaxItems, c.Unique = n.MinItems, n.MaxItems, n.UniqueItems
		var items *ir.Check
		var deps []*ir.Type
		if n.Items == nil || n.Items.IsTrue() {
			if base.Elem.Kind != ir.RefAny {
				return nil, nil, at(n, "items of any kind in a typed slice")
			}
			items = &ir.Check{Null: true}
		} else {
			var reason string
			items, deps, reason = b.check(n.Items, base.Elem)
			if reason != "" {
				return nil, nil, reason
			}
		}
		if c.Unique {
			// Go values compare as JSON values for these; other items
			// (structs, floats, raw JSON) compare by their JSON text.
			switch e := base.Elem; e.Kind {
			case ir.RefString, ir.RefInt, ir.RefBool:
			case ir.RefNamed:
				if t := b.refs[e]; t == nil || t.Kind != ir.KindEnum {
					c.UniqueText = true
				}
			default:
				c.UniqueText = true
			}
		}
		c.Items = items
		return c, deps, ""
	case ir.RefMap:
		if kinds != schema.Obj {
			return nil, nil, at(n, "an object that allows other kinds")
		}
		if len(n.Properties) > 0 || n.Enum != nil || n.Const != nil {
			return nil, nil, at(n, "a map with declared properties")
		}
		c.MinItems, c.MaxItems, c.Required = n.MinProperties, n.MaxProperties, n.Required
		a := n.AdditionalProperties
		if keyedMap(n) {
			p := n.PatternProperties[0]
			items, deps, reason := b.check(p.Node, base.Elem)
			if reason != "" {
				return nil, nil, reason
			}
			if !ecmaregex.MatchesEvery(p.Pattern) {
				c.KeyPattern = &p.Pattern
			}
			c.Items = items
			return c, deps, ""
		}
		if a.IsFalse() {
			return nil, nil, at(n, "an object that allows no property")
		}
		if a == nil || a.IsTrue() {
			if base.Elem.Kind != ir.RefAny {
				return nil, nil, at(n, "values of any kind in a typed map")
			}
			c.Items = &ir.Check{Null: true}
			return c, nil, ""
		}
		items, deps, reason := b.check(a, base.Elem)
		if reason != "" {
			return nil, nil, reason
		}
		c.Items = items
		return c, deps, ""
	default:
		return nil, nil, at(n, "a "+string(base.Kind)+" value")
	}
	if n.Enum != nil || n.Const != nil {
		vals := []any{}
		if n.Const != nil {
			vals = append(vals, n.Const.V)
		}
		if n.Enum != nil {
			if n.Const != nil {
				return nil, nil, at(n, "enum beside const")
			}
			vals = n.Enum.List
		}
		for _, v := range vals {
			if v == nil {
				continue // null: Null says it
			}
			switch v.(type) {
			case string, bool, json.Number:
			default:
				if kinds&(schema.Arr|schema.Obj) == 0 {
					continue // a value the type refuses matches nothing
				}
				return nil, nil, at(n, "enum values of structured kinds")
			}
			text, err := json.Marshal(v)
			if err != nil {
				return nil, nil, at(n, "an enum value")
			}
			c.Enum = append(c.Enum, string(text))
		}
		if base.Kind == ir.RefFloat {
			return nil, nil, at(n, "enum of numbers")
		}
		if c.Enum == nil {
			c.Enum = []string{} // only null
		}
		if base.Kind == ir.RefInt && len(c.Enum) > 0 && !slicesContains(n.Types, "integer") {
			c.EnumOnly = true
		}
	}
	return c, nil, ""
}

// unionOf returns the union type r (or the pointer or Nullable r is)
// names; nil when it names none.
func (b *builder) unionOf(r *ir.Ref) *ir.Type { return b.namedOf(r, ir.KindUnion) }

// isNull reports whether m allows null and nothing else, with no other
// keyword that checks: {"type": "null"}.
func isNull(m *schema.Node) bool { return m.Kinds == schema.Null && passesNull(m) }

// passesNull reports whether m allows null with no keyword but its type
// that could check null ({"type": ["string", "null"], "maxLength": 3}).
func passesNull(m *schema.Node) bool {
	return m.Kinds&schema.Null != 0 && m.Ref == nil && m.RecursiveRef == nil && m.DynamicRef == nil &&
		len(m.AnyOf)+len(m.OneOf)+len(m.AllOf) == 0 && m.Not == nil && m.If == nil && m.Enum == nil && m.Const == nil
}

// nullBranch reports whether one of the branches of n's anyOf or oneOf
// (spliced, as compileUnion reads them) passes null: {"type": "null"},
// or, where n allows null, a branch that allows it beside other kinds
// (nullableBranch). A
// union's decoder reads null as no variant where one does (and only
// one may), so a pointer to the union is nil for null.
func nullBranch(n *schema.Node) bool {
	n = unwrap(n)
	tops, _ := unionBranches(n)
	branches, _ := spliced(tops)
	for _, br := range branches {
		if f := follow(br); isNull(f) || n.Kinds&schema.Null != 0 && nullableBranch(f) {
			return true
		}
	}
	return false
}

// unionBranches returns the branches a union of n reads: its anyOf's,
// else its oneOf's (oneOf true); an anyOf beside a oneOf makes the
// oneOf a keyword beside the branches (besideKinds).
func unionBranches(n *schema.Node) (tops []*schema.Node, oneOf bool) {
	if len(n.AnyOf) > 0 {
		return n.AnyOf, false
	}
	return n.OneOf, true
}

// nullableBranch reports whether a union's branch says it allows null
// beside other kinds (a type list with null) and checks null by its
// type alone.
func nullableBranch(f *schema.Node) bool {
	return f.Types != nil && f.Kinds != schema.Null && passesNull(f)
}

// orNull returns X when n is anyOf or oneOf of X and {"type": "null"}
// with annotations only beside it, and X does not allow null itself; nil
// otherwise.
func orNull(n *schema.Node) *schema.Node {
	branches := n.AnyOf
	if len(branches) == 0 {
		branches = n.OneOf
	}
	if len(branches) != 2 || len(n.AnyOf) > 0 && len(n.OneOf) > 0 || n.Ref != nil || len(n.AllOf) > 0 ||
		n.Not != nil || n.If != nil || n.Then != nil || n.Else != nil || n.Enum != nil || n.Const != nil {
		return nil
	}
	bare := *n
	if bare.Kinds&allowedKinds(n) == allowedKinds(n) {
		// A type list that allows every kind the branches do refuses
		// nothing they pass: {"type": ["string", "null"], "oneOf": …}.
		bare.Kinds = schema.All
	}
	if hasConstraints(&bare) {
		return nil
	}
	var other *schema.Node
	switch {
	case isNull(branches[1]):
		other = branches[0]
	case isNull(branches[0]):
		other = branches[1]
	default:
		return nil
	}
	if f := follow(other); f.Kinds&schema.Null != 0 {
		return nil
	}
	return other
}

// besideKinds returns the kinds of value that n, a union's schema,
// constrains beside its branches: a keyword of one kind (minItems of
// arrays, say) constrains that kind only; a type that allows less than
// the branches do, applicators and enum or const constrain every kind.
// A type that allows every kind the branches do checks nothing they do
// not.
func besideKinds(n *schema.Node, branches []*schema.Node) schema.Kinds {
	for _, br := range branches {
		if follow(br).Kinds&^n.Kinds != 0 {
			return schema.All
		}
	}
	if n.Bool != nil || n.Ref != nil || n.RecursiveRef != nil || n.DynamicRef != nil || len(n.AllOf) > 0 ||
		len(n.AnyOf) > 0 && len(n.OneOf) > 0 || n.Not != nil || n.If != nil || n.Then != nil || n.Else != nil ||
		n.Enum != nil || n.Const != nil {
		return schema.All
	}
	var k schema.Kinds
	if n.MinLength != nil || n.MaxLength != nil || n.Pattern != nil || n.Format != "" {
		k |= schema.Str
	}
	if n.Minimum != nil || n.Maximum != nil || n.ExclusiveMinimum != nil || n.ExclusiveMaximum != nil || n.MultipleOf != nil {
		k |= schema.Num
	}
	if len(n.PrefixItems) > 0 || n.Items != nil || n.MinItems != nil || n.MaxItems != nil || n.UniqueItems ||
		n.Contains != nil || n.UnevaluatedItems != nil {
		k |= schema.Arr
	}
	if len(n.Properties) > 0 || len(n.PatternProperties) > 0 || n.AdditionalProperties != nil || n.PropertyNames != nil ||
		len(n.Required) > 0 || n.MinProperties != nil || n.MaxProperties != nil || len(n.DependentRequired) > 0 ||
		len(n.DependentSchemas) > 0 || n.UnevaluatedProperties != nil {
		k |= schema.Obj
	}
	return k
}

// hasConstraints reports whether n constrains a value at all.
func hasConstraints(n *schema.Node) bool {
	return n.Kinds != schema.All || n.MinLength != nil || n.MaxLength != nil || n.Pattern != nil ||
		n.Format != "" || n.Minimum != nil || n.Maximum != nil || n.ExclusiveMinimum != nil ||
		n.ExclusiveMaximum != nil || n.MultipleOf != nil || n.MinItems != nil || n.MaxItems != nil ||
		n.UniqueItems || n.Items != nil || len(n.Properties) > 0 || len(n.Required) > 0 ||
		n.AdditionalProperties != nil || n.MinProperties != nil || n.MaxProperties != nil ||
		n.Enum != nil || n.Const != nil
}

func ratText(r *big.Rat) string {
	if r == nil {
		return ""
	}
	return r.RatString()
}
