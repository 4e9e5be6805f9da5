package build

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/names"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/internal/ecmaregex"
)

// kinds is a set of JSON value kinds (schema.Kinds), short names.
type kinds = schema.Kinds

const (
	kNull  = schema.Null
	kBool  = schema.Bool
	kInt   = schema.Int
	kFrac  = schema.Frac
	kStr   = schema.Str
	kArr   = schema.Arr
	kObj   = schema.Obj
	kNum   = schema.Num
	kAll   = schema.All
	kValue = schema.NonNull
)

// builder maps schema nodes to the IR.
type builder struct {
	l   Documents
	g   *schema.Graph
	pkg *ir.Package

	rootNames map[string]string   // location → name from the config
	overrides map[string]string   // location → name from `names`
	types     map[string]*ir.Type // key → type
	naming    map[*ir.Type]*naming
	chosen    map[string]*ir.Type  // names the user chose → their type
	refs      map[*ir.Ref]*ir.Type // references to generated types, renamed with them
	renames   []ir.Rename
	// toolResponses are the response types of tools, named when the
	// scope has decided.
	toolResponses map[*ir.Tool]*ir.Ref
	building      map[string]bool              // keys whose fields are being built
	unnamed       map[string]bool              // keys of slices, maps and tuples whose elements are being built
	fields        map[string]map[string]string // properties object → field names
	actionLocs    map[string]bool              // schemas whose struct is an action type
	external      map[string]external          // root locations of Go types used as they are
	kindMemo      map[*schema.Node]kinds
	kindBusy      map[*schema.Node]bool
	partials      map[*ir.Type]bool // struct types outputs reach: each gets a streaming mirror
	// The schemas struct types, their fields and enum types come from,
	// for compiling their decoders.
	structSites map[*ir.Type][]*schema.Node // struct and union types
	fieldSites  map[*ir.Field][]*schema.Node
	enumSites   map[*ir.Type][2]*schema.Node // the schema, and the node with the enum
	valueSites  map[*ir.Type][]*schema.Node  // defined, alias and tuple types, and a tool's arguments type that embeds a shared one: what their Parse checks
	noParams    map[*ir.Type]bool            // arguments of tools without parameters or response
	// variantFields carry union variants' decoder dependencies.
	variantFields map[*ir.Variant]*ir.Field
	extraFields   map[*ir.Type]*ir.Field
	vals          *validators       // built on first use
	toolGraph     *schema.Graph     // tools' augmented schemas, compiled on first use
	kindVariant   map[*ir.Type]bool // object variants of unions of kinds (compileKinds)
	// nullUses are the checks of values that may be null and hold a
	// struct or tuple whose own decoder checks their schema (see
	// ir.Check.NullAlso).
	nullUses  []nullUse
	splits    map[splitKey]splitPair
	splitting map[*schema.Node]bool // schemas checkBeside is splitting
	// validateLists are validator lists outside b.types (structgen -go's
	// types) that sharing validators must update.
	validateLists [][]*ir.Validator
	errs          []error
}

func (b *builder) errorf(p loc.Pos, format string, args ...any) {
	b.errs = append(b.errs, loc.Errorf(p, format, args...))
}

// expand returns the sites and every schema they must also satisfy.
func expand(sites ...*schema.Node) []*schema.Node { return schema.Expand(sites...) }

// kindsOf returns the kinds of JSON value that can satisfy every member.
func (b *builder) kindsOf(conj []*schema.Node) kinds {
	k := kAll
	for _, m := range conj {
		k &= m.Kinds
		for _, dis := range [][]*schema.Node{m.AnyOf, m.OneOf} {
			if len(dis) == 0 {
				continue
			}
			var u kinds
			for _, br := range dis {
				u |= b.kindsOfSchema(br)
			}
			k &= u
		}
	}
	return k
}

func (b *builder) kindsOfSchema(s *schema.Node) kinds {
	if k, ok := b.kindMemo[s]; ok {
		return k
	}
	if b.kindBusy[s] {
		return kAll
	}
	b.kindBusy[s] = true
	k := b.kindsOf(expand(s))
	delete(b.kindBusy, s)
	b.kindMemo[s] = k
	return k
}

// hasShape reports whether s says anything about a value's structure that
// a Go type can carry (beyond plain constraints).
func hasShape(s *schema.Node) bool {
	return len(s.Properties) > 0 || s.AdditionalProperties != nil || len(s.PatternProperties) > 0 ||
		s.Items != nil || len(s.PrefixItems) > 0 ||
		s.Enum != nil || len(s.AnyOf) > 0 || len(s.OneOf) > 0 || s.Types != nil
}

func shaped(conj []*schema.Node) bool {
	for _, m := range conj {
		if hasShape(m) || m.Const != nil {
			return true
		}
	}
	return false
}

// canonAll is canon of each site: the schemas a named type is the type
// of (its Schemas), without the checks a site adds beside its reference,
// which the site's own checks apply where it is used.
func canonAll(sites []*schema.Node) []*schema.Node {
	out := make([]*schema.Node, len(sites))
	for i, s := range sites {
		out[i] = canon(s)
	}
	return out
}

// canon follows a bare $ref to the schema that gives a type its name.
func canon(s *schema.Node) *schema.Node {
	for i := 0; i < 100 && s.Ref != nil; i++ {
		if len(s.Properties) > 0 || s.AdditionalProperties != nil || len(s.PatternProperties) > 0 ||
			s.Items != nil || len(s.PrefixItems) > 0 || s.Enum != nil || len(s.Required) > 0 ||
			len(s.AllOf) > 0 || len(s.AnyOf) > 0 || len(s.OneOf) > 0 {
			return s
		}
		s = s.Ref
	}
	return s
}

// narrow adds to conj the one branch of each anyOf/oneOf that can hold a
// value of kind k; a disjunction with several such branches is left to
// validation. It returns the branches that were left, by disjunction.
func (b *builder) narrow(conj []*schema.Node, k kinds) (out []*schema.Node, open [][]*schema.Node) {
	out = conj
	seen := map[*schema.Node]bool{}
	for _, m := range conj {
		seen[m] = true
	}
	for i := 0; i < len(out); i++ {
		m := out[i]
		for _, dis := range [][]*schema.Node{m.AnyOf, m.OneOf} {
			var match []*schema.Node
			for _, br := range dis {
				if b.kindsOfSchema(br)&k != 0 {
					match = append(match, br)
				}
			}
			switch {
			case len(match) == 1:
				for _, s := range expand(match[0]) {
					if !seen[s] {
						seen[s] = true
						out = append(out, s)
					}
				}
			case len(match) > 1:
				var shapedMatch []*schema.Node
				for _, br := range match {
					if shaped(expand(br)) {
						shapedMatch = append(shapedMatch, br)
					}
				}
				if len(shapedMatch) > 0 {
					open = append(open, match)
				}
			}
		}
	}
	return out, open
}

// typeOf maps the schemas at sites (all of which a value must satisfy) to
// a Go type, restricted to the kinds in mask. It reports whether null is
// allowed too.
func (b *builder) typeOf(sites []*schema.Node, mask kinds, hint string) (*ir.Ref, bool) {
	b.pkg.Nodes++
	// Sites that only annotate do not shape the type.
	var shapedSites []*schema.Node
	for _, s := range sites {
		if shaped(expand(s)) {
			shapedSites = append(shapedSites, s)
		}
	}
	if len(shapedSites) == 0 && len(sites) > 0 {
		shapedSites = sites[:1]
	}
	conj := expand(shapedSites...)
	k := b.kindsOf(conj) & mask
	nullable := k&kNull != 0
	k &^= kNull
	switch {
	case k == 0:
		b.pkg.Fallbacks++
		return &ir.Ref{Kind: ir.RefAny}, nullable
	case k == kValue && !shapedFor(conj, kObj):
		if shaped(conj) {
			b.pkg.Fallbacks++
		}
		return &ir.Ref{Kind: ir.RefAny}, nullable
	}
	// A schema with properties but no type: any value is valid, but an
	// object is typed; the union below holds the other kinds as they are.
	single := k == kBool || k == kStr || k == kArr || k == kObj || k&^kNum == 0
	if single && len(shapedSites) > 1 {
		// Sites that add only constraints for this kind (a bare
		// {"type": "object"} beside a full definition) do not change
		// the Go type, and must not change its name either.
		var keep []*schema.Node
		for _, s := range shapedSites {
			if c := expand(s); shapedFor(c, k) || hasDisjunction(c) {
				keep = append(keep, s)
			}
		}
		if len(keep) == 0 {
			keep = shapedSites[:1]
		}
		shapedSites = keep
		conj = expand(shapedSites...)
	}
	primary := canon(shapedSites[0])
	if ext, ok := b.external[primary.Loc]; ok {
		return &ir.Ref{Kind: ir.RefNamed, Name: ext.name, Pkg: ext.pkgPath}, nullable
	}
	if full := b.kindsOfSchema(primary) &^ kNull; single && k != full {
		hint += kindWord(k) // a one-kind view of a schema that allows more
	}
	if !single {
		return b.union(primary, shapedSites, conj, k, hint), nullable
	}
	own := conj
	conj, open := b.narrow(conj, k)
	if !shapedFor(own, k) && len(conj) > len(own) {
		// The shape comes from the one anyOf/oneOf branch that can hold
		// this kind: the type is that branch's, under its own name.
		r, _ := b.typeOf([]*schema.Node{conj[len(own)]}, k, "")
		return r, nullable
	}
	switch {
	case k == kBool:
		return &ir.Ref{Kind: ir.RefBool}, nullable
	case k == kInt:
		return &ir.Ref{Kind: ir.RefInt}, nullable
	case k&^kNum == 0:
		return &ir.Ref{Kind: ir.RefFloat}, nullable
	case k == kStr:
		for _, m := range conj {
			if m.Enum != nil && len(m.Enum.List) > 0 && allStrings(m.Enum.List) {
				return b.enum(primary, m, hint), nullable
			}
		}
		return &ir.Ref{Kind: ir.RefString}, nullable
	case k == kArr:
		return b.array(primary, shapedSites, conj, hint), nullable
	default:
		if len(open) > 0 {
			if r := b.discriminated(primary, shapedSites, conj, open[0], hint); r != nil {
				return r, nullable
			}
		}
		return b.object(primary, shapedSites, conj, open, hint), nullable
	}
}

func hasDisjunction(conj []*schema.Node) bool {
	for _, m := range conj {
		if len(m.AnyOf) > 0 || len(m.OneOf) > 0 {
			return true
		}
	}
	return false
}

func kindWord(k kinds) string {
	switch {
	case k == kBool:
		return "Bool"
	case k == kInt:
		return "Int"
	case k&^kNum == 0:
		return "Number"
	case k == kStr:
		return "String"
	case k == kArr:
		return "Array"
	case k == kObj:
		return "Object"
	}
	return "Value"
}

// shapedFor reports whether conj itself says how a value of kind k is
// built, as opposed to leaving it to an anyOf/oneOf branch.
func shapedFor(conj []*schema.Node, k kinds) bool {
	for _, m := range conj {
		switch {
		case k == kObj && (len(m.Properties) > 0 || m.AdditionalProperties != nil || len(m.PatternProperties) > 0),
			k == kArr && (m.Items != nil || len(m.PrefixItems) > 0),
			k == kStr && m.Enum != nil:
			return true
		}
	}
	return false
}

func allStrings(vs []any) bool {
	for _, v := range vs {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return true
}

// named returns the type for key, creating it with fill when new. Its
// name is derived from the schema at nameLoc plus hint, its position is
// at's; the naming scope
// may qualify it later (resolveNames). Fill may recurse into named
// (recursive schemas); the ir.Ref is valid at once.
func (b *builder) named(key, nameLoc, hint string, at *schema.Node, fill func(t *ir.Type)) *ir.Ref {
	if t, ok := b.types[key]; ok {
		return b.refTo(t)
	}
	n := &naming{key: key, loc: nameLoc}
	if hint == "" && (b.overrides[nameLoc] != "" || b.rootNames[nameLoc] != "") {
		n.chosen = true
		n.ladder = []string{b.nameOf(nameLoc)}
	} else {
		n.ladder = b.nameLadder(key, nameLoc, hint)
		n.plain = plainName(nameLoc, n.ladder[0])
	}
	t := &ir.Type{Name: n.ladder[0], Source: b.l.Source(at.Loc), Pos: at.Pos}
	b.register(t, n)
	b.building[key] = true
	fill(t)
	delete(b.building, key)
	return b.refTo(t)
}

// register adds t to the package under n.
func (b *builder) register(t *ir.Type, n *naming) {
	b.types[n.key] = t
	b.naming[t] = n
	if n.chosen {
		if _, taken := b.chosen[t.Name]; !taken {
			b.chosen[t.Name] = t
		}
	}
}

// refTo returns a reference to t that follows it when it is renamed.
func (b *builder) refTo(t *ir.Type) *ir.Ref {
	r := &ir.Ref{Kind: ir.RefNamed, Name: t.Name}
	b.refs[r] = t
	return r
}

func (b *builder) doc(t *ir.Type, s *schema.Node) {
	for _, m := range expand(s) {
		if t.Doc == "" {
			t.Doc = docText(m)
		}
		t.Deprecated = t.Deprecated || m.Deprecated
	}
}

func docText(s *schema.Node) string {
	title, desc := strings.TrimSpace(s.Title), strings.TrimSpace(s.Description)
	switch {
	case title != "" && desc != "" && title != desc:
		return title + "\n\n" + desc
	case desc != "":
		return desc
	}
	return title
}

func keyOf(primary *schema.Node, sites []*schema.Node, mask kinds, extra string) string {
	var parts []string
	if primary != nil {
		parts = append(parts, primary.Loc)
	}
	for _, s := range sites {
		if c := canon(s); c != primary {
			parts = append(parts, c.Loc)
		}
	}
	return strings.Join(parts, "&") + "|" + strconv.Itoa(int(mask)) + extra
}

// container builds the slice or map of the schemas at sites. Unnamed,
// unless its elements lead back to it ("items": {"$ref": "#"}): Go has
// no unnamed type that holds itself, so that one is a defined type, named
// as a struct of the same schema would be, and every use of it is that
// type.
func (b *builder) container(key string, primary *schema.Node, sites []*schema.Node, hint string, build func() *ir.Ref) *ir.Ref {
	if t, ok := b.types[key]; ok {
		return b.refTo(t)
	}
	if b.unnamed[key] {
		// Inside its own elements: named now, filled in below.
		return b.named(key, primary.Loc, hint, primary, func(t *ir.Type) {
			t.Kind = ir.KindDefined
			t.Schemas = b.schemaLocs(sites)
			b.valueSites[t] = sites
			b.doc(t, primary)
		})
	}
	b.unnamed[key] = true
	r := build()
	delete(b.unnamed, key)
	if t, ok := b.types[key]; ok {
		t.Underlying = r
		return b.refTo(t)
	}
	return r
}

func (b *builder) schemaLocs(sites []*schema.Node) []string {
	var out []string
	for _, s := range sites {
		out = append(out, b.l.Stable(canon(s).Loc))
	}
	return out
}

func (b *builder) enum(primary, m *schema.Node, hint string) *ir.Ref {
	key := m.Loc + "|enum"
	return b.named(key, primary.Loc, hint, m, func(t *ir.Type) {
		t.Kind = ir.KindEnum
		t.Schemas = []string{b.l.Stable(primary.Loc)}
		b.enumSites[t] = [2]*schema.Node{primary, m}
		b.doc(t, primary)
		var vals []string
		seen := map[string]bool{}
		for _, v := range m.Enum.List {
			s := v.(string)
			if !seen[s] {
				seen[s] = true
				vals = append(vals, s)
			}
		}
		ids := names.Unique(vals, func(v string) string {
			n := names.Go(v)
			if n == "" {
				n = "Empty"
			}
			return t.Name + n
		}, nil)
		for _, v := range vals {
			t.Values = append(t.Values, ir.EnumValue{Name: ids[v], Value: v})
		}
	})
}

func (b *builder) array(primary *schema.Node, sites, conj []*schema.Node, hint string) *ir.Ref {
	var items []*schema.Node
	var prefix [][]*schema.Node // sites of each position
	var rest []*schema.Node
	restClosed, tuple := false, false
	minItems := 0
	addPrefix := func(ps []*schema.Node) {
		tuple = true
		for i, p := range ps {
			if i == len(prefix) {
				prefix = append(prefix, nil)
			}
			prefix[i] = append(prefix[i], p)
		}
	}
	for _, m := range conj {
		if m.MinItems != nil {
			minItems = max(minItems, *m.MinItems)
		}
		switch {
		case len(m.PrefixItems) > 0:
			addPrefix(m.PrefixItems)
			switch {
			case m.Items.IsFalse():
				restClosed = true
			case m.Items != nil:
				rest = append(rest, m.Items)
			}
		case m.Items != nil:
			items = append(items, m.Items)
		}
	}
	elemOf := func(ss []*schema.Node) *ir.Ref {
		if len(ss) == 0 {
			return &ir.Ref{Kind: ir.RefAny}
		}
		r, null := b.typeOf(ss, kAll, "")
		return b.wrapElem(r, null)
	}
	if !tuple {
		return b.container(keyOf(primary, sites, kArr, hint+"|slice"), primary, sites, hint, func() *ir.Ref {
			return &ir.Ref{Kind: ir.RefSlice, Elem: elemOf(items)}
		})
	}
	key := keyOf(primary, sites, kArr, hint+"|tuple")
	if b.unnamed[key] {
		// A tuple inside its own positions: its struct would hold
		// itself, so the inner one is kept as JSON text, which its
		// schema still checks.
		b.pkg.Fallbacks++
		return &ir.Ref{Kind: ir.RefAny}
	}
	b.unnamed[key] = true
	// Items after the prefix must match both `items` of a plain member and
	// the rest schema of a tuple member.
	restType := elemOf(append(rest, items...))
	types := make([]*ir.Ref, len(prefix))
	same := true
	for i, ss := range prefix {
		types[i] = elemOf(append(ss, items...))
		if !sameRef(types[i], types[0]) || !restClosed && !sameRef(types[i], restType) {
			same = false
		}
	}
	delete(b.unnamed, key)
	if same {
		return &ir.Ref{Kind: ir.RefSlice, Elem: types[0]}
	}
	return b.named(key, primary.Loc, hint, primary, func(t *ir.Type) {
		t.Kind = ir.KindTuple
		t.Schemas = b.schemaLocs(sites)
		b.valueSites[t] = sites
		b.doc(t, primary)
		for i, r := range types {
			f := &ir.Field{Name: "V" + strconv.Itoa(i), JSON: strconv.Itoa(i), Type: r}
			if i >= minItems {
				f.Omit = "optional"
				switch {
				case r.Kind == ir.RefAny:
				case r.Kind == ir.RefPointer && r.Elem != nil:
					f.Type = &ir.Ref{Kind: ir.RefNullable, Elem: r.Elem}
				default:
					f.Type = &ir.Ref{Kind: ir.RefPointer, Elem: r}
				}
			}
			if len(prefix[i]) > 0 {
				f.Doc = docText(prefix[i][0])
			}
			t.Fields = append(t.Fields, f)
		}
		if !restClosed {
			t.Extra = restType
		}
	})
}

func sameRef(a, b *ir.Ref) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Kind == b.Kind && a.Name == b.Name && sameRef(a.Elem, b.Elem)
}

// wrapElem makes an element or map value able to hold null.
func (b *builder) wrapElem(r *ir.Ref, null bool) *ir.Ref {
	if null && !r.Nilable() {
		return &ir.Ref{Kind: ir.RefPointer, Elem: r}
	}
	return r
}

type prop struct {
	name  string
	sites []*schema.Node
	pos   loc.Pos
	order int
}

func (b *builder) object(primary *schema.Node, sites, conj []*schema.Node, open [][]*schema.Node, hint string) *ir.Ref {
	props := map[string]*prop{}
	var order []*prop
	required := map[string]bool{}
	closed := false
	var addl []*schema.Node
	patterns := false
	for mi, m := range conj {
		for _, name := range slices.Sorted(maps.Keys(m.Properties)) {
			s := m.Properties[name]
			p := props[name]
			if p == nil {
				p = &prop{name: name, pos: s.Pos, order: mi}
				props[name] = p
				order = append(order, p)
			}
			p.sites = append(p.sites, s)
		}
		for _, r := range m.Required {
			required[r] = true
		}
		switch a := m.AdditionalProperties; {
		case a.IsFalse():
			if len(m.PatternProperties) == 0 {
				closed = true
			}
		case a != nil && !a.IsTrue():
			addl = append(addl, a)
		}
		if len(m.PatternProperties) > 0 {
			patterns = true
		}
	}
	if len(open) > 0 {
		b.pkg.Fallbacks++ // branch properties land in the extras map
	}
	extraType := func() *ir.Ref {
		if len(addl) == 1 && !patterns {
			r, null := b.typeOf(addl, kAll, "")
			return b.wrapElem(r, null)
		}
		return &ir.Ref{Kind: ir.RefAny}
	}
	if len(props) == 0 {
		return b.container(keyOf(primary, sites, kObj, hint+"|map"), primary, sites, hint, func() *ir.Ref {
			if p := keyedBy(conj); p != nil && len(addl) == 0 {
				// Every member's name matches the one pattern and its
				// value the pattern's schema: a map of that type, keys
				// checked.
				r, null := b.typeOf([]*schema.Node{p}, kAll, "")
				return &ir.Ref{Kind: ir.RefMap, Elem: b.wrapElem(r, null)}
			}
			return &ir.Ref{Kind: ir.RefMap, Elem: extraType()}
		})
	}
	key := keyOf(primary, sites, kObj, hint)
	loc := primary.Loc
	return b.named(key, loc, hint, primary, func(t *ir.Type) {
		t.Kind = ir.KindStruct
		t.Schemas = b.schemaLocs(sites)
		b.doc(t, primary)
		sort.SliceStable(order, func(i, j int) bool {
			a, c := order[i], order[j]
			if a.order != c.order {
				return a.order < c.order
			}
			if a.pos.File != c.pos.File {
				return a.pos.File < c.pos.File
			}
			if a.pos.Line != c.pos.Line {
				return a.pos.Line < c.pos.Line
			}
			if a.pos.Col != c.pos.Col {
				return a.pos.Col < c.pos.Col
			}
			return a.name < c.name // documents without positions (meta-schemas)
		})
		var keys []string
		var fieldProps []*prop
		unrepresentable := false
		for _, p := range order {
			if !validTagName(p.name) {
				unrepresentable = true
				continue
			}
			keys = append(keys, p.name)
			fieldProps = append(fieldProps, p)
		}
		ids := fieldNames(keys)
		if b.actionLocs[loc] {
			ids = names.Unique(keys, names.Go, map[string]bool{"AdditionalProperties": true, "AdditionalPropertiesOrder": true, "MarshalJSON": true,
				"UnmarshalJSON": true, "Kind": true, "ToolName": true})
		}
		for _, p := range fieldProps {
			f := &ir.Field{Name: ids[p.name], JSON: p.name}
			r, null := b.typeOf(p.sites, kAll, "")
			if len(p.sites) > 0 {
				f.Doc = docText(p.sites[0])
				for _, s := range p.sites {
					f.Deprecated = f.Deprecated || s.Deprecated
				}
			}
			f.Type, f.Omit = b.fieldType(r, null, required[p.name])
			t.Fields = append(t.Fields, f)
			b.fieldSites[f] = p.sites
		}
		b.structSites[t] = canonAll(sites)
		if !closed || unrepresentable {
			if closed {
				t.Extra = &ir.Ref{Kind: ir.RefAny}
			} else {
				t.Extra = extraType()
			}
		}
	})
}

// keyedBy returns the schema of the one pattern of a keyed map
// (keyedMap), when conj has exactly one pattern and no property: a map
// whose every value that schema checks.
func keyedBy(conj []*schema.Node) *schema.Node {
	var p *schema.Node
	for _, m := range conj {
		switch {
		case len(m.PatternProperties) == 0:
		case p != nil || !keyedMap(m):
			return nil
		default:
			p = m.PatternProperties[0].Node
		}
	}
	return p
}

// keyedMap reports whether n is an object of one pattern for its
// members' names and no other member: patternProperties with one
// pattern and no properties, beside additionalProperties false or a
// pattern that matches every name (".*").
func keyedMap(n *schema.Node) bool {
	if len(n.PatternProperties) != 1 || len(n.Properties) != 0 {
		return false
	}
	a := n.AdditionalProperties
	return a.IsFalse() || (a == nil || a.IsTrue()) && ecmaregex.MatchesEvery(n.PatternProperties[0].Pattern)
}

// fieldType wraps r so that absent, null and a value stay apart.
func (b *builder) fieldType(r *ir.Ref, null, required bool) (*ir.Ref, string) {
	target := b.refs[r]
	recursive := target != nil && b.building[b.naming[target].key] && target.Kind == ir.KindStruct
	switch {
	case required && !null:
		if recursive {
			return &ir.Ref{Kind: ir.RefPointer, Elem: r}, ""
		}
		return r, ""
	case required && null:
		if r.Nilable() {
			return r, ""
		}
		return &ir.Ref{Kind: ir.RefPointer, Elem: r}, ""
	case !null:
		switch r.Kind {
		case ir.RefSlice, ir.RefMap:
			return r, "omitzero"
		case ir.RefAny, ir.RefPointer:
			return r, "omitempty"
		}
		return &ir.Ref{Kind: ir.RefPointer, Elem: r}, "omitempty"
	default:
		if r.Kind == ir.RefAny {
			return r, "omitempty"
		}
		if recursive {
			// Nullable holds its value in place: a struct that holds
			// itself does so through a pointer.
			r = &ir.Ref{Kind: ir.RefPointer, Elem: r}
		}
		return &ir.Ref{Kind: ir.RefNullable, Elem: r}, "omitzero"
	}
}

// validTagName reports whether encoding/json can use name as a field's
// key; other properties are kept in the extras map.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c > 127 && (unicode.IsLetter(c) || unicode.IsDigit(c)):
		default:
			return false
		}
	}
	return true
}

var kindWords = []struct {
	k    kinds
	word string
	json string
}{
	{kBool, "Bool", "boolean"},
	{kNum, "Number", "number"},
	{kStr, "String", "string"},
	{kArr, "Array", "array"},
	{kObj, "Object", "object"},
}

// union maps a schema that allows several kinds of value to a struct with
// one field per kind, picked by the JSON value's first byte.
func (b *builder) union(primary *schema.Node, sites, conj []*schema.Node, k kinds, hint string) *ir.Ref {
	key := keyOf(primary, sites, k, hint)
	return b.named(key, primary.Loc, hint, primary, func(t *ir.Type) {
		t.Kind = ir.KindUnion
		t.Schemas = b.schemaLocs(sites)
		b.structSites[t] = canonAll(sites)
		b.doc(t, primary)
		used := map[string]bool{}
		for _, kw := range kindWords {
			sub := k & kw.k
			if sub == 0 {
				continue
			}
			v := &ir.Variant{JSON: kw.json}
			word := kw.word
			if sub == kInt {
				word, v.JSON = "Int", "integer"
			}
			r, _ := b.typeOf(sites, sub, hint)
			v.Type = r
			// A variant typed by a named schema of its own ($defs) is called
			// after it; one that only the union's path names, after its kind.
			v.Name = word
			if r.Kind == ir.RefNamed && !strings.HasPrefix(r.Name, t.Name) && !used[r.Name] {
				v.Name = r.Name
			}
			used[v.Name] = true
			if !r.Nilable() {
				v.Type = &ir.Ref{Kind: ir.RefPointer, Elem: r}
			}
			t.Variants = append(t.Variants, v)
		}
	})
}

// discriminated maps object branches that a string property or the
// presence of properties tells apart (see selection) to a union; nil when
// nothing tells them apart.
func (b *builder) discriminated(primary *schema.Node, sites, base []*schema.Node, branches []*schema.Node, hint string) *ir.Ref {
	sel, ok := selectionOf(branches)
	if !ok {
		return nil
	}
	mode := "|disc"
	if sel.Tag == "" {
		mode = "|keys"
	}
	key := keyOf(primary, sites, kObj, hint+mode)
	baseShaped := false
	for _, m := range base {
		if len(m.Properties) > 0 {
			baseShaped = true
		}
	}
	return b.named(key, primary.Loc, hint, primary, func(t *ir.Type) {
		t.Kind = ir.KindUnion
		t.Discriminator = sel.Tag
		t.Schemas = b.schemaLocs(sites)
		b.structSites[t] = canonAll(sites)
		b.doc(t, primary)
		used := map[string]bool{}
		for i, br := range branches {
			// A variant is called after its tag's first value or its first
			// key, or Other; a named type's variant after its type.
			word := "Other"
			switch {
			case i == sel.Default:
			case sel.Tag != "":
				word = names.Go(sel.Tags[i][0])
			default:
				word = names.Go(sel.Keys[i][0])
			}
			var r *ir.Ref
			if baseShaped {
				vh := hint + word + "Variant"
				r = b.object(primary, append(append([]*schema.Node(nil), sites...), br), append(append([]*schema.Node(nil), base...), expand(br)...), nil, vh)
			} else {
				r, _ = b.typeOf([]*schema.Node{br}, kObj, "")
			}
			vname := word
			if r.Kind == ir.RefNamed {
				vname = r.Name
			}
			for n := 2; used[vname] || vname == ""; n++ {
				vname = "Variant" + strconv.Itoa(n)
			}
			used[vname] = true
			if !r.Nilable() {
				r = &ir.Ref{Kind: ir.RefPointer, Elem: r}
			}
			t.Variants = append(t.Variants, &ir.Variant{Name: vname, JSON: "object", Type: r, Tags: sel.Tags[i], Keys: sel.Keys[i]})
		}
	})
}
