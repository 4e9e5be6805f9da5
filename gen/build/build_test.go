package build

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/gen/source"
	"github.com/structgen/structgen/gen/spec"
	"github.com/structgen/structgen/internal/drafts"
)

// memDocs stands in for the loaded documents: the builder reads nodes,
// and asks documents only for names, positions and stable URLs.
type memDocs struct{}

func (memDocs) Load(u string) (any, error)              { return nil, errors.New("no files here") }
func (memDocs) Position(at string) loc.Pos              { return loc.Pos{File: "mem.json"} }
func (memDocs) Source(at string) string                 { return strings.TrimPrefix(at, "mem:///") }
func (memDocs) Stable(at string) string                 { return at }
func (memDocs) DraftOf(string) string                   { return drafts.Default.URI }
func (memDocs) DefaultDraft() string                    { return drafts.Default.URI }
func (memDocs) DisplayURL(u string) string              { return u }
func (memDocs) Ordered(string) any                      { return nil }
func (memDocs) Raw(string) any                          { return nil }
func (memDocs) Len() int                                { return 1 }
func (memDocs) Resources() []source.Resource            { return nil }
func (memDocs) Sources() []string                       { return nil }
func (memDocs) CompileError(err error, p loc.Pos) error { return loc.Errorf(p, "%v", err) }

// node makes a schema node at mem:///doc.json#ptr; line orders properties
// as a document would.
func node(ptr string, line int, n schema.Node) *schema.Node {
	n.Loc = "mem:///doc.json#" + ptr
	n.Pos = loc.Pos{File: "doc.json", Line: line, Col: 1}
	return &n
}

func str() []string { return []string{"string"} }

// buildRoots builds the IR of the named roots, from nodes only.
func buildRoots(t *testing.T, roots map[string]*schema.Node) *ir.Package {
	t.Helper()
	g := schema.NewGraph(memDocs{})
	sp := &spec.Spec{Package: "p"}
	for name, n := range roots {
		g.Add(n)
		sp.Roots = append(sp.Roots, spec.Root{Name: name, Loc: n.Loc})
	}
	sort.Slice(sp.Roots, func(i, j int) bool { return sp.Roots[i].Name < sp.Roots[j].Name }) // as spec sorts them
	pkg, errs := Package(sp, g, memDocs{})
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	return pkg
}

func typeNamed(pkg *ir.Package, name string) *ir.Type {
	for _, t := range pkg.Types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func TestStructFields(t *testing.T) {
	doc := node("", 1, schema.Node{
		Types:       []string{"object"},
		Description: "A person.",
		Properties: map[string]*schema.Node{
			"name":  node("/properties/name", 2, schema.Node{Types: str()}),
			"age":   node("/properties/age", 3, schema.Node{Types: []string{"integer"}}),
			"email": node("/properties/email", 4, schema.Node{Types: []string{"string", "null"}}),
		},
		Required: []string{"name", "email"},
	})
	pkg := buildRoots(t, map[string]*schema.Node{"Person": doc})
	p := typeNamed(pkg, "Person")
	if p == nil || p.Kind != ir.KindStruct || p.Doc != "A person." {
		t.Fatalf("Person: %+v", p)
	}
	got := map[string]string{}
	for _, f := range p.Fields {
		got[f.JSON] = f.Name + " " + refString(f.Type) + " " + f.Omit
	}
	want := map[string]string{
		"name":  "Name string ",         // required: the value itself
		"age":   "Age *int64 omitempty", // optional: absent and zero apart
		"email": "Email *string ",       // required and nullable: null and value apart
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	// Field order follows the document, not the map.
	if p.Fields[0].JSON != "name" || p.Fields[2].JSON != "email" {
		t.Errorf("field order: %s, %s, %s", p.Fields[0].JSON, p.Fields[1].JSON, p.Fields[2].JSON)
	}
	if p.Extra == nil {
		t.Error("an open object keeps its undeclared properties")
	}
}

func refString(r *ir.Ref) string {
	switch r.Kind {
	case ir.RefPointer:
		return "*" + refString(r.Elem)
	case ir.RefSlice:
		return "[]" + refString(r.Elem)
	case ir.RefNamed:
		return r.Name
	}
	return string(r.Kind)
}

func TestEnumConstants(t *testing.T) {
	color := node("/$defs/color", 5, schema.Node{Types: str(), Enum: &schema.Values{List: []any{"red", "dark-blue"}}})
	doc := node("", 1, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
		"c": node("/properties/c", 2, schema.Node{Ref: color}),
	}})
	pkg := buildRoots(t, map[string]*schema.Node{"Doc": doc})
	c := typeNamed(pkg, "Color")
	if c == nil || c.Kind != ir.KindEnum {
		t.Fatalf("Color: %+v", c)
	}
	want := []ir.EnumValue{{Name: "ColorRed", Value: "red"}, {Name: "ColorDarkBlue", Value: "dark-blue"}}
	if d := cmp.Diff(want, c.Values); d != "" {
		t.Errorf("values (-want +got):\n%s", d)
	}
}

// TestDerivedNameClash: two definitions whose names fold to one Go name
// both get a type; the plainer keeps the name, the other is qualified by
// its parent, whichever order the roots come in.
func TestDerivedNameClash(t *testing.T) {
	build := func() *ir.Package {
		a := node("/$defs/user_info", 10, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
			"x": node("/$defs/user_info/properties/x", 11, schema.Node{Types: str()})}})
		b := node("/$defs/userInfo", 12, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
			"y": node("/$defs/userInfo/properties/y", 13, schema.Node{Types: str()})}})
		doc := node("", 1, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
			"a": node("/properties/a", 2, schema.Node{Ref: a}),
			"b": node("/properties/b", 3, schema.Node{Ref: b}),
		}})
		return buildRoots(t, map[string]*schema.Node{"Doc": doc})
	}
	for range 5 { // map order varies between runs
		pkg := build()
		var names []string
		for _, ty := range pkg.Types {
			names = append(names, ty.Name+"="+ty.Source)
		}
		want := []string{"Doc=doc.json#", "DocUserInfo=doc.json#/$defs/user_info", "UserInfo=doc.json#/$defs/userInfo"}
		if d := cmp.Diff(want, names); d != "" {
			t.Fatalf("types (-want +got):\n%s", d)
		}
		if len(pkg.Renames) != 1 || pkg.Renames[0].From != "UserInfo" || pkg.Renames[0].To != "DocUserInfo" {
			t.Errorf("renames: %+v", pkg.Renames)
		}
		doc := typeNamed(pkg, "Doc")
		if got := refString(doc.Fields[0].Type); got != "*DocUserInfo" {
			t.Errorf("field a refers to %s, want the renamed type", got)
		}
	}
}

// TestUntypedRootAlias: a root that is a reference to a schema with
// properties but no type names the union that schema maps to (it holds
// null itself), never a defined pointer type.
func TestUntypedRootAlias(t *testing.T) {
	conf := node("/definitions/Configuration", 5, schema.Node{Properties: map[string]*schema.Node{
		"name": node("/definitions/Configuration/properties/name", 6, schema.Node{Types: str()})}})
	root := node("", 1, schema.Node{Ref: conf})
	pkg := buildRoots(t, map[string]*schema.Node{"Root": root})
	r := typeNamed(pkg, "Root")
	if r == nil || r.Kind != ir.KindAlias || refString(r.Underlying) != "Configuration" {
		t.Fatalf("Root: %+v %+v", r, r.Underlying)
	}
	u := typeNamed(pkg, "Configuration")
	if u == nil || u.Kind != ir.KindUnion {
		t.Fatalf("Configuration: %+v", u)
	}
	var object *ir.Variant
	for _, v := range u.Variants {
		if v.JSON == "object" {
			object = v
		}
	}
	if object == nil || refString(object.Type) != "*ConfigurationObject" {
		t.Errorf("object variant: %+v", object)
	}
}

// TestChosenNameClash: two names the user chose that clash are an error
// naming both places, never a rename.
func TestChosenNameClash(t *testing.T) {
	e := node("/$defs/e", 5, schema.Node{Types: str(), Enum: &schema.Values{List: []any{"b"}}})
	g := schema.NewGraph(memDocs{})
	ab := node("/$defs/ab", 6, schema.Node{Types: []string{"object"}, Properties: map[string]*schema.Node{
		"x": node("/$defs/ab/properties/x", 7, schema.Node{Types: str()})}})
	g.Add(e, ab)
	sp := &spec.Spec{Package: "p", Roots: []spec.Root{
		{Name: "A", Loc: e.Loc, Pos: loc.Pos{File: "structgen.yaml", Line: 3, Col: 6}},
		{Name: "AB", Loc: ab.Loc, Pos: loc.Pos{File: "structgen.yaml", Line: 4, Col: 7}},
	}}
	_, errs := Package(sp, g, memDocs{})
	got := errors.Join(errs...)
	if got == nil || !strings.Contains(got.Error(), "constant AB") || !strings.Contains(got.Error(), "doc.json:5:1") || !strings.Contains(got.Error(), "doc.json:6:1") {
		t.Errorf("want a clash between enum constant AB and type AB naming both places, got %v", got)
	}
}

// TestDerivedNamesNeverClash: derived types whose every rung is the same
// name (two types merged from one location whose key hashes happen to
// agree) still end with names of their own, numbered in the order of
// their keys, whatever order they were built in; only chosen names can
// clash.
func TestDerivedNamesNeverClash(t *testing.T) {
	for _, order := range [][]string{{"k1", "k2", "k3", "k4", "k5"}, {"k5", "k3", "k1", "k4", "k2"}} {
		b := &builder{types: map[string]*ir.Type{}, naming: map[*ir.Type]*naming{}, chosen: map[string]*ir.Type{}, refs: map[*ir.Ref]*ir.Type{}}
		for _, key := range order {
			b.register(&ir.Type{Name: "T"}, &naming{key: key, loc: "doc.json#/x", ladder: []string{"T", "TAtX", "T1234ABCD"}})
		}
		b.resolveNames(nil)
		got := map[string]string{}
		for key, ty := range b.types {
			got[key] = ty.Name
		}
		want := map[string]string{"k1": "T", "k2": "TAtX", "k3": "T1234ABCD", "k4": "T1234ABCD2", "k5": "T1234ABCD3"}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("built in order %v (-want +got):\n%s", order, d)
		}
	}
}
