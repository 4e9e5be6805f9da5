// Package build maps what a config generates (package spec) and the
// schemas it names (package schema) to the IR: a Go type for every schema
// that needs one, tools with their augmented schemas, outputs with their
// canonical ones, and one naming scope that decides every identifier the
// emitter writes. It reads schema nodes and the loaded documents; it
// writes nothing but the IR.
package build

import (
	"sort"
	"strconv"

	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/gen/source"
	"github.com/structgen/structgen/gen/spec"
)

// Documents is what the build stage reads of the loaded documents;
// source.Set is one. Nodes say what a schema means; documents say where it
// is written, what it is called in comments and in the generated package,
// and hold the text that canonical schemas are copied from.
type Documents interface {
	Position(at string) loc.Pos
	Source(at string) string
	Stable(at string) string
	DraftOf(u string) string
	DefaultDraft() string
	DisplayURL(u string) string
	// Ordered returns document u decoded with its keys in order (ojson).
	Ordered(u string) any
	CompileError(err error, fallback loc.Pos) error
	Len() int
	Resources() []source.Resource
	Sources() []string
}

// Package builds the IR of sp. Schemas are compiled through g from the
// documents of set. It returns every problem it finds.
func Package(sp *spec.Spec, g *schema.Graph, set Documents) (*ir.Package, []error) {
	b := newBuilder(set, g, sp)
	roots := map[string]*schema.Node{} // by name
	for _, r := range sp.Roots {
		if r.Loc == "" {
			continue // its document could not be loaded: reported
		}
		n, err := g.Node(r.Loc)
		if err != nil {
			b.errs = append(b.errs, set.CompileError(err, r.Pos))
			continue
		}
		roots[r.Name] = n
		if _, dup := b.rootNames[n.Loc]; !dup {
			b.rootNames[n.Loc] = r.Name
		}
		if r.Go != nil {
			b.external[n.Loc] = external{pkgPath: r.Go.PkgPath, name: r.Go.Name}
		}
	}
	for _, o := range sp.Names {
		n, err := g.Node(o.Loc)
		if err != nil {
			b.errs = append(b.errs, set.CompileError(err, o.Pos))
			continue
		}
		b.overrides[n.Loc] = o.Name
	}
	tools := b.resolveTools(sp.Tools, roots)
	for _, e := range sp.Roots {
		s := roots[e.Name]
		if s == nil {
			continue // reported above
		}
		if first := b.rootNames[s.Loc]; first != e.Name {
			under := &ir.Ref{Kind: ir.RefNamed, Name: first}
			if ft := b.chosen[first]; ft != nil {
				under = b.refTo(ft)
			}
			b.addRoot(&ir.Type{Name: e.Name, Kind: ir.KindAlias, Underlying: under}, s, e)
			continue
		}
		r, null := b.typeOf([]*schema.Node{s}, kAll, "")
		if r.Kind == ir.RefNamed && r.Name == e.Name && r.Pkg == "" {
			// The type the schema names ({"$ref": "#/$defs/s"} for root
			// S) already has the root's name: it is the root, and keeps
			// that name as one the user chose (outputs and tools find
			// their types by it).
			if t := b.refs[r]; t != nil && b.chosen[e.Name] == nil {
				b.chosen[e.Name] = t
				n := b.naming[t]
				n.chosen, n.ladder, n.step = true, []string{e.Name}, 0
			}
			continue
		}
		named := r.Kind == ir.RefNamed
		if null && !r.Nilable() && !b.holdsNull(r) {
			r = &ir.Ref{Kind: ir.RefPointer, Elem: r}
		}
		t := &ir.Type{Name: e.Name, Kind: ir.KindDefined, Underlying: r}
		if named || r.Kind == ir.RefAny {
			// An alias keeps the methods of the named type; a defined
			// pointer type (type Root *X) would have none, and encoding/json
			// would not use X's.
			t.Kind = ir.KindAlias
		}
		b.addRoot(t, s, e)
	}
	reserved := map[string]config.Reserved{}
	for _, r := range sp.Reserved {
		reserved[r.Name] = r
	}
	for _, t := range tools {
		before := len(b.errs)
		b.checkTool(t, reserved)
		if len(b.errs) == before {
			b.buildTool(t)
		}
	}
	sort.Slice(b.pkg.Tools, func(i, j int) bool { return b.pkg.Tools[i].Name < b.pkg.Tools[j].Name })
	for _, o := range sp.Outputs {
		if s := roots[o.Root]; s != nil {
			b.buildOutput(o, s.Loc)
		}
	}
	b.markPartials()
	b.resolveNames(b.reservedIdents())
	for t, r := range b.toolResponses {
		t.Response = r.Name
	}
	b.pkg.Renames = b.renames
	for _, t := range b.types {
		declare(t)
	}
	b.buildPartials()
	b.compileDecoders()
	b.checkIdents()
	if len(b.errs) > 0 {
		return nil, b.errs
	}
	for _, t := range b.types {
		b.pkg.Types = append(b.pkg.Types, t)
	}
	sort.Slice(b.pkg.Types, func(i, j int) bool { return b.pkg.Types[i].Name < b.pkg.Types[j].Name })
	for _, r := range set.Resources() {
		b.pkg.Resources = append(b.pkg.Resources, ir.Resource{URL: r.URL, Text: r.Text})
	}
	sort.Slice(b.pkg.Resources, func(i, j int) bool { return b.pkg.Resources[i].URL < b.pkg.Resources[j].URL })
	for i := range b.pkg.Resources {
		b.pkg.Resources[i].Const = resourceConst(i)
	}
	b.pkg.SchemaSet = schemaSet
	b.pkg.Sources = set.Sources()
	return b.pkg, nil
}

func newBuilder(set Documents, g *schema.Graph, sp *spec.Spec) *builder {
	return &builder{
		l:             set,
		g:             g,
		pkg:           &ir.Package{Name: sp.Package, Draft: set.DefaultDraft(), PromptTemplate: sp.PromptTemplate, PromptPos: sp.PromptPos, AnnotateFormats: sp.AnnotateFormats},
		rootNames:     map[string]string{},
		overrides:     map[string]string{},
		types:         map[string]*ir.Type{},
		naming:        map[*ir.Type]*naming{},
		chosen:        map[string]*ir.Type{},
		refs:          map[*ir.Ref]*ir.Type{},
		toolResponses: map[*ir.Tool]*ir.Ref{},
		building:      map[string]bool{},
		unnamed:       map[string]bool{},
		fields:        map[string]map[string]string{},
		actionLocs:    map[string]bool{},
		external:      map[string]external{},
		kindMemo:      map[*schema.Node]kinds{},
		kindBusy:      map[*schema.Node]bool{},
		partials:      map[*ir.Type]bool{},
		structSites:   map[*ir.Type][]*schema.Node{},
		fieldSites:    map[*ir.Field][]*schema.Node{},
		enumSites:     map[*ir.Type][2]*schema.Node{},
		valueSites:    map[*ir.Type][]*schema.Node{},
		noParams:      map[*ir.Type]bool{},
		variantFields: map[*ir.Variant]*ir.Field{},
		extraFields:   map[*ir.Type]*ir.Field{},
	}
}

// external is a Go type that a generated package uses instead of
// generating one.
type external struct {
	pkgPath, name string
}

// holdsNull reports whether the type r names reads and writes null
// itself: a union does.
func (b *builder) holdsNull(r *ir.Ref) bool {
	if r.Kind != ir.RefNamed || r.Pkg != "" {
		return false
	}
	t := b.refs[r]
	return t != nil && t.Kind == ir.KindUnion
}

func (b *builder) addRoot(t *ir.Type, s *schema.Node, e spec.Root) {
	key := "root:" + e.Name
	if ot, ok := b.chosen[t.Name]; ok {
		b.errorf(e.Pos, "schema name %s is also the Go name of %s (%s); add a `names` entry for that schema", t.Name, ot.Source, ot.Pos)
		return
	}
	t.Source = b.l.Source(s.Loc)
	t.Pos = e.Pos
	t.Schemas = []string{b.l.Stable(s.Loc)}
	b.valueSites[t] = []*schema.Node{s}
	b.doc(t, s)
	b.register(t, &naming{key: key, chosen: true, ladder: []string{t.Name}})
}

// reservedIdents are the identifiers the emitter writes that no type
// owns: the tool and output API, and the embedded schema documents.
func (b *builder) reservedIdents() map[string]bool {
	out := map[string]bool{schemaSet: true}
	for i := 0; i <= b.l.Len()+len(b.pkg.Tools)+len(b.pkg.Outputs); i++ {
		out[resourceConst(i)] = true
	}
	for _, o := range b.pkg.Outputs {
		id := o.Idents
		for _, s := range []string{id.Output, id.OpenAI, id.Anthropic, id.Gemini, id.Prompt, id.ParsePartial} {
			out[s] = true
		}
		if mirror, _ := partialIdents(o.Type); id.Partial != mirror {
			out[id.Partial] = true
		}
	}
	for _, t := range b.pkg.Tools {
		id := t.Idents
		for _, s := range []string{id.Tool, id.Schema, id.Parse, id.ParsePartial, id.LastResponse, id.OpenAI, id.Anthropic, id.Gemini, id.MCP, id.Fingerprint} {
			if s != "" {
				out[s] = true
			}
		}
	}
	if len(b.pkg.Tools) > 0 {
		for _, id := range packageAPI {
			out[id] = true
		}
	}
	return out
}

// checkIdents reports package-level identifiers that two generated
// declarations would both use: a type, a Parse function, an enum constant.
func (b *builder) checkIdents() {
	type decl struct {
		what string
		t    *ir.Type
	}
	seen := map[string]decl{}
	add := func(id, what string, t *ir.Type) {
		if d, ok := seen[id]; ok {
			b.errorf(t.Pos, "%s %s (from %s) collides with %s %s (from %s, %s); add a `names` entry for one of the schemas",
				what, id, t.Source, d.what, id, d.t.Source, d.t.Pos)
			return
		}
		seen[id] = decl{what, t}
	}
	var ts []*ir.Type
	for _, t := range b.types {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
	for _, t := range ts {
		add(t.Name, "type", t)
	}
	for _, t := range ts {
		if t.ParseFunc != "" {
			add(t.ParseFunc, "function", t)
		}
		for _, v := range t.Values {
			add(v.Name, "constant", t)
		}
	}
	for _, p := range b.pkg.Partials {
		t := b.chosenOrDerived(p.Of)
		add(p.Name, "type", t)
		add(p.Read, "function", t)
	}
	for _, o := range b.pkg.Outputs {
		ot := &ir.Type{Name: o.Name, Source: "output " + o.Name, Pos: o.Pos}
		add(o.Idents.Output, "variable", ot)
		add(o.Idents.ParsePartial, "function", ot)
		if mirror, _ := partialIdents(o.Type); o.Idents.Partial != mirror {
			add(o.Idents.Partial, "type", ot)
		}
	}
	for _, tool := range b.pkg.Tools {
		t := &ir.Type{Name: tool.Name, Source: tool.Source, Pos: tool.Pos}
		add(tool.Idents.Tool, "variable", t)
		add(tool.Idents.Parse, "function", t)
		add(tool.Idents.ParsePartial, "function", t)
		if tool.Idents.LastResponse != "" {
			add(tool.Idents.LastResponse, "function", t)
		}
	}
	if len(b.pkg.Tools) > 0 {
		pkgLevel := &ir.Type{Name: "tools", Source: "the package's tool API"}
		for _, id := range []string{"Action", "Tools", "ParseToolCall", "MarshalAction", "UnmarshalAction"} {
			add(id, "declaration", pkgLevel)
		}
	}
}

var _ = strconv.Itoa

// chosenOrDerived returns the type named name.
func (b *builder) chosenOrDerived(name string) *ir.Type {
	for _, t := range b.types {
		if t.Name == name {
			return t
		}
	}
	return &ir.Type{Name: name}
}
