// Package gotypes reads Go types marked //structgen:schema and maps them
// to JSON Schema at generate time, the way encoding/json encodes them, so
// that no reflection runs when the program starts.
package gotypes

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/names"
)

// Marker marks a type whose schema structgen generates. Text after it on
// the same line is an inline JSON Schema that replaces the derived one.
const Marker = "//structgen:schema"

// Type is one marked type and its schema.
type Type struct {
	Name string
	// Schema is the type's JSON Schema, standalone: the schemas of the
	// named types it uses are in its $defs.
	Schema *ojson.Object
	Pos    token.Position
}

// Package is what Load found in one Go package.
type Package struct {
	Name, Path, Dir string
	Files           []string // Go files with marked types, relative to Dir
	Types           []Type
	// Taken are the package-level identifiers, so that generated names
	// can be checked against them.
	Taken map[string]token.Position
	// OneOfs are the interfaces marked //structgen:oneof that the marked
	// types use, and Decoders the local structs whose fields hold them.
	OneOfs   []OneOf
	Decoders []Decoder
}

// OneOf is an interface whose values are told apart by a property.
type OneOf struct {
	Name     string
	Property string // the discriminating JSON property
	Variants []Variant
}

// Variant is one implementation of a OneOf.
type Variant struct {
	Type    string
	Tag     string // the property's value that selects it
	Pointer bool   // only the pointer implements the interface
}

// Decoder is a local struct with fields of OneOf types, which needs an
// UnmarshalJSON that reads them.
type Decoder struct {
	Type   string
	Fields []OneOfField
}

// OneOfField is a field whose type is a OneOf, or a slice of one.
type OneOfField struct {
	Name, JSON, OneOf string
	Slice             bool
}

// Error is a problem at a position in a Go file.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Load reads the Go package in dir and maps its marked types.
func Load(dir string) (*Package, error) { return load(dir, nil) }

// LoadTypes reads the Go package in dir and maps the named types, marked
// or not.
func LoadTypes(dir string, names ...string) (*Package, error) {
	if len(names) == 0 {
		return nil, errors.New("LoadTypes: no type names")
	}
	return load(dir, names)
}

// LoadImport is LoadTypes for a package named by its import path, resolved
// from the module that holds dir.
func LoadImport(dir, importPath string, names ...string) (*Package, error) {
	if len(names) == 0 {
		return nil, errors.New("LoadImport: no type names")
	}
	p, err := loadPackage(dir, importPath)
	if err != nil {
		return nil, err
	}
	if len(p.GoFiles) == 0 {
		return nil, fmt.Errorf("package %s has no Go files", importPath)
	}
	return mapPackage(p, filepath.Dir(p.GoFiles[0]), names)
}

func loadPackage(dir, pattern string) (*packages.Package, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("no Go package folder %s", dir)
	}
	overlayDir := dir
	if pattern != "." {
		overlayDir = "" // the package's folder is known only once loaded
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir:     dir,
		Tests:   false,
		Overlay: generatedOverlay(overlayDir),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("load Go package %s: %w", pattern, err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("want one Go package for %s in %s, found %d", pattern, dir, len(pkgs))
	}
	p := pkgs[0]
	var errs []error
	for _, e := range p.Errors {
		errs = append(errs, errors.New(e.Error()))
	}
	return p, errors.Join(errs...)
}

func load(dir string, typeNames []string) (*Package, error) {
	p, err := loadPackage(dir, ".")
	if err != nil {
		return nil, err
	}
	return mapPackage(p, dir, typeNames)
}

func mapPackage(p *packages.Package, dir string, typeNames []string) (*Package, error) {
	m := newMapper(p)
	if typeNames != nil {
		m.marked = nil
		for _, name := range typeNames {
			obj, _ := p.Types.Scope().Lookup(name).(*types.TypeName)
			n, _ := types.Unalias(typeOf(obj)).(*types.Named)
			if n == nil {
				return nil, fmt.Errorf("package %s (%s) has no type %s", p.PkgPath, dir, name)
			}
			if n.TypeParams().Len() > 0 {
				return nil, fmt.Errorf("%s: %s is generic: declare a type for one instantiation and name that", p.Fset.Position(obj.Pos()), name)
			}
			m.marked = append(m.marked, marked{named: n, inline: m.inline[obj]})
		}
	}
	out := &Package{Name: p.Name, Path: p.PkgPath, Dir: dir, Taken: map[string]token.Position{}}
	defer func() {
		for _, name := range slices.Sorted(maps.Keys(m.oneOfs)) {
			out.OneOfs = append(out.OneOfs, *m.oneOfs[name])
		}
		for _, name := range slices.Sorted(maps.Keys(m.decoders)) {
			out.Decoders = append(out.Decoders, *m.decoders[name])
		}
	}()
	for _, name := range p.Types.Scope().Names() {
		pos := p.Fset.Position(p.Types.Scope().Lookup(name).Pos())
		pos.Filename = display(pos.Filename) // as other errors name files
		out.Taken[name] = pos
	}
	files := map[string]bool{}
	absDir, _ := filepath.Abs(dir)
	for _, mt := range m.marked {
		schema := m.standalone(mt.named)
		pos := p.Fset.Position(mt.named.Obj().Pos())
		out.Types = append(out.Types, Type{Name: mt.named.Obj().Name(), Schema: schema, Pos: pos})
		if rel, err := filepath.Rel(absDir, pos.Filename); err == nil {
			files[filepath.ToSlash(rel)] = true
		}
	}
	if len(m.errs) > 0 {
		sort.SliceStable(m.errs, func(i, j int) bool { return before(m.errs[i].Pos, m.errs[j].Pos) })
		var es []error
		for _, e := range m.errs {
			e.Pos.Filename = display(e.Pos.Filename)
			es = append(es, e)
		}
		// A type mapped twice (the marked root, and again where a field
		// refers back to it) finds its faults twice: Join drops repeats.
		return nil, loc.Join(es)
	}
	for f := range files {
		out.Files = append(out.Files, f)
	}
	sort.Strings(out.Files)
	sort.Slice(out.Types, func(i, j int) bool { return out.Types[i].Name < out.Types[j].Name })
	return out, nil
}

func before(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

func display(path string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil {
			return rel
		}
	}
	return path
}

// GeneratedFile is the file Load's caller writes into the package.
const GeneratedFile = "structgen_gen.go"

// generatedOverlay hides the package's generated file from the type
// checker: it may refer to types that no longer exist.
func generatedOverlay(dir string) map[string][]byte {
	path, err := filepath.Abs(filepath.Join(dir, GeneratedFile))
	if err != nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(line, "package "); ok {
			return map[string][]byte{path: []byte("package " + strings.TrimSpace(name) + "\n")}
		}
	}
	return nil
}

func typeOf(obj *types.TypeName) types.Type {
	if obj == nil {
		return nil
	}
	return obj.Type()
}

// marked is a type with the marker, and its inline schema if any.
type marked struct {
	named  *types.Named
	inline string
}

// fieldInfo is what the syntax says of a struct field.
type fieldInfo struct {
	doc    string
	tagPos token.Pos
}

type mapper struct {
	pkg       *packages.Package
	marked    []marked
	inline    map[*types.TypeName]string // inline schemas by type
	titled    map[*types.TypeName]bool   // types marked //structgen:title
	oneOfSpec map[*types.TypeName]string // //structgen:oneof arguments
	oneOfs    map[string]*OneOf
	decoders  map[string]*Decoder
	docs      map[*types.TypeName]string // doc comments of local types
	fields    map[token.Pos]fieldInfo    // by the position of the field's name
	defs      map[string]*ojson.Object   // $defs by name
	owner     map[string]types.Type      // which type owns a $defs name
	errs      []*Error
}

func newMapper(p *packages.Package) *mapper {
	m := &mapper{pkg: p, inline: map[*types.TypeName]string{}, titled: map[*types.TypeName]bool{},
		oneOfSpec: map[*types.TypeName]string{}, oneOfs: map[string]*OneOf{}, decoders: map[string]*Decoder{},
		docs:   map[*types.TypeName]string{},
		fields: map[token.Pos]fieldInfo{}, defs: map[string]*ojson.Object{}, owner: map[string]types.Type{}}
	for _, f := range p.Syntax {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				obj, _ := p.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if obj == nil {
					continue
				}
				text, mark, inline := docText(doc)
				m.docs[obj] = text
				if inline != "" {
					m.inline[obj] = inline
				}
				if doc != nil && hasDirective(doc, TitleMarker) {
					m.titled[obj] = true
				}
				if doc != nil {
					for _, c := range doc.List {
						if rest, ok := strings.CutPrefix(c.Text, OneOfMarker); ok {
							m.oneOfSpec[obj] = strings.TrimSpace(rest)
						}
					}
				}
				if mark {
					if n, ok := obj.Type().(*types.Named); ok {
						if n.TypeParams().Len() > 0 {
							m.errorf(ts.Pos(), "%s is generic: mark an instantiation instead (type X = %s[...] cannot carry methods; declare type X %s[...])", obj.Name(), obj.Name(), obj.Name())
							continue
						}
						m.marked = append(m.marked, marked{named: n, inline: inline})
					}
				}
			}
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				m.schemaMethod(fd)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				info := fieldInfo{doc: strings.TrimSpace(field.Doc.Text())}
				if field.Tag != nil {
					info.tagPos = field.Tag.Pos()
				}
				if len(field.Names) > 0 {
					for _, n := range field.Names {
						m.fields[n.Pos()] = info
					}
				} else {
					m.fields[embeddedPos(field.Type)] = info
				}
			}
			return true
		})
	}
	return m
}

// OneOfMarker marks an interface whose implementations are told apart by
// a property: //structgen:oneof PROPERTY Variant1 Variant2 …
const OneOfMarker = "//structgen:oneof"

// TitleMarker asks for the first sentence of a type's doc comment as its
// schema's title.
const TitleMarker = "//structgen:title"

func hasDirective(g *ast.CommentGroup, directive string) bool {
	for _, c := range g.List {
		if strings.TrimSpace(c.Text) == directive {
			return true
		}
	}
	return false
}

// schemaMethod reads a JSONSchema() string method that returns a constant:
// the type's schema, as the way out for types with their own MarshalJSON.
func (m *mapper) schemaMethod(fd *ast.FuncDecl) {
	if fd.Recv == nil || fd.Name.Name != "JSONSchema" || len(fd.Recv.List) != 1 {
		return
	}
	fn, _ := m.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	recv := sig.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, _ := recv.(*types.Named)
	if named == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return
	}
	var value string
	if fd.Body != nil && len(fd.Body.List) == 1 {
		if ret, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			if tv, ok := m.pkg.TypesInfo.Types[ret.Results[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				value = constant.StringVal(tv.Value)
			}
		}
	}
	if value == "" {
		m.errorf(fd.Pos(), "%s.JSONSchema must return a constant string for structgen to read it at generate time", named.Obj().Name())
		return
	}
	if _, has := m.inline[named.Obj()]; !has {
		m.inline[named.Obj()] = value
	}
}

// firstSentence returns the first sentence of a doc comment.
func firstSentence(doc string) string {
	doc = strings.Join(strings.Fields(strings.SplitN(doc, "\n\n", 2)[0]), " ")
	if i := strings.Index(doc, ". "); i >= 0 {
		return doc[:i+1]
	}
	return doc
}

// embeddedPos is where go/types puts an embedded field: at its type name.
func embeddedPos(e ast.Expr) token.Pos {
	switch t := e.(type) {
	case *ast.StarExpr:
		return embeddedPos(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Pos()
	case *ast.IndexExpr:
		return embeddedPos(t.X)
	case *ast.IndexListExpr:
		return embeddedPos(t.X)
	}
	return e.Pos()
}

// docText returns a doc comment without structgen's directives, whether it
// has the marker, and the inline schema after it.
func docText(g *ast.CommentGroup) (string, bool, string) {
	if g == nil {
		return "", false, ""
	}
	mark, inline := false, ""
	for _, c := range g.List {
		if rest, ok := strings.CutPrefix(c.Text, Marker); ok {
			mark = true
			inline = strings.TrimSpace(rest)
		}
	}
	return strings.TrimSpace(g.Text()), mark, inline
}

// typeString writes t as the package's own code would.
func (m *mapper) typeString(t types.Type) string {
	return types.TypeString(t, types.RelativeTo(m.pkg.Types))
}

func (m *mapper) errorf(pos token.Pos, format string, args ...any) {
	m.errs = append(m.errs, &Error{Pos: m.pkg.Fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
}

// standalone returns the schema of a marked type with its $defs.
func (m *mapper) standalone(n *types.Named) *ojson.Object {
	root := m.named(n, n.Obj().Pos(), true)
	doc := ojson.NewObject()
	for _, k := range root.Keys {
		doc.Set(k, root.Vals[k])
	}
	defs := ojson.NewObject()
	var visit func(v any)
	seen := map[string]bool{}
	visit = func(v any) {
		switch x := v.(type) {
		case *ojson.Object:
			if r, ok := x.Vals["$ref"].(string); ok {
				name := strings.TrimPrefix(r, "#/$defs/")
				if !seen[name] {
					seen[name] = true
					visit(m.defs[name])
				}
			}
			for _, k := range x.Keys {
				visit(x.Vals[k])
			}
		case []any:
			for _, e := range x {
				visit(e)
			}
		}
	}
	visit(root)
	var used []string
	for name := range seen {
		used = append(used, name)
	}
	sort.Strings(used)
	for _, name := range used {
		defs.Set(name, m.defs[name])
	}
	if len(defs.Keys) > 0 {
		doc.Set("$defs", defs)
	}
	return doc
}

// named returns the schema of a named type: the type's own schema when
// inline is true, else a $ref to its $defs entry.
func (m *mapper) named(n *types.Named, pos token.Pos, inline bool) *ojson.Object {
	obj := n.Obj()
	switch {
	case obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time":
		return kv("type", "string", "format", "date-time")
	case obj.Pkg() != nil && obj.Pkg().Path() == "encoding/json" && obj.Name() == "RawMessage":
		return ojson.NewObject()
	case obj.Pkg() != nil && obj.Pkg().Path() == "encoding/json" && obj.Name() == "Number":
		return kv("type", "number") // written as a number, not a string
	case obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Duration":
		return kv("type", "integer", "description", "A duration in nanoseconds.")
	}
	if !inline {
		name := defName(n)
		if other, ok := m.owner[name]; ok && !types.Identical(other, n) {
			m.errorf(pos, "types %s and %s would both be $defs/%s", m.typeString(other), m.typeString(n), name)
		}
		if _, ok := m.defs[name]; !ok {
			m.owner[name] = n
			m.defs[name] = kv() // placeholder: recursion ends here
			m.defs[name] = m.named(n, pos, true)
		}
		return kv("$ref", "#/$defs/"+name)
	}
	var s *ojson.Object
	if spec, ok := m.oneOfSpec[obj]; ok {
		return m.oneOf(n, spec, pos)
	}
	if text, ok := m.inline[obj]; ok && text != "" {
		v, err := ojson.Parse([]byte(text))
		o, isObj := v.(*ojson.Object)
		if err != nil || !isObj {
			m.errorf(obj.Pos(), "the inline schema after %s is not a JSON object: %v", Marker, err)
			return kv()
		}
		s = o
	} else if values := m.enumValues(n); len(values) > 0 {
		s = m.underlying(n.Underlying(), pos, n)
		s.Set("enum", values)
	} else {
		if implementsMarshaler(n) {
			m.errorf(pos, "%s implements json.Marshaler, so its JSON is its own: give it a schema with a %s {...} comment or a JSONSchema() string method that returns a constant", m.typeString(n), Marker)
			return kv()
		}
		if implementsUnmarshaler(n) && m.decoders[obj.Name()] == nil {
			m.errorf(pos, "%s implements json.Unmarshaler, so the JSON it reads is its own: give it a schema with a %s {...} comment or a JSONSchema() string method that returns a constant", m.typeString(n), Marker)
			return kv()
		}
		if implementsTextMarshaler(n) {
			// encoding/json writes its text (net.IP: "192.0.2.1", not
			// the base64 of its bytes).
			s = kv("type", "string")
		} else {
			s = m.underlying(n.Underlying(), pos, n)
		}
	}
	if doc := m.docs[obj]; doc != "" {
		desc, deprecated := description(doc)
		if _, has := s.Vals["description"]; desc != "" && !has {
			s = withFirst(s, "description", desc)
		}
		if _, has := s.Vals["title"]; m.titled[obj] && !has && desc != "" {
			s = withFirst(s, "title", firstSentence(desc))
		}
		if deprecated {
			s.Set("deprecated", true)
		}
	}
	return s
}

// withFirst returns s with key set before its other keys.
func withFirst(s *ojson.Object, key string, v any) *ojson.Object {
	out := kv(key, v)
	for _, k := range s.Keys {
		if k != key {
			out.Set(k, s.Vals[k])
		}
	}
	return out
}

// description removes structgen directives and reports a Deprecated:
// paragraph.
func description(doc string) (string, bool) {
	var keep []string
	deprecated := false
	for _, p := range strings.Split(doc, "\n\n") {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, "Deprecated:") {
			deprecated = true
		}
		if p != "" && !strings.HasPrefix(p, "structgen:") && !strings.HasPrefix(p, "//structgen:") {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n\n"), deprecated
}

// hasMethod reports whether t or *t has the named method.
func hasMethod(t types.Type, name string) bool {
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(typ)
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return true
			}
		}
	}
	return false
}

func implementsMarshaler(t types.Type) bool     { return hasMethod(t, "MarshalJSON") }
func implementsTextMarshaler(t types.Type) bool { return hasMethod(t, "MarshalText") }

// defName is a named type's $defs key: its name, with type arguments.
func defName(n *types.Named) string {
	name := n.Obj().Name()
	args := n.TypeArgs()
	for i := 0; args != nil && i < args.Len(); i++ {
		name += names.Go(types.TypeString(args.At(i), func(p *types.Package) string { return "" }))
	}
	return name
}

// enumValues returns the constants declared for a named basic type in its
// package, in declaration order; none for the standard library's types.
func (m *mapper) enumValues(n *types.Named) []any {
	obj := n.Obj()
	if obj.Pkg() == nil || !strings.Contains(strings.Split(obj.Pkg().Path(), "/")[0], ".") && obj.Pkg() != m.pkg.Types {
		return nil
	}
	if _, ok := n.Underlying().(*types.Basic); !ok {
		return nil
	}
	scope := obj.Pkg().Scope()
	type val struct {
		pos token.Pos
		v   any
	}
	var vals []val
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) {
			continue
		}
		var v any
		switch c.Val().Kind() {
		case constant.String:
			v = constant.StringVal(c.Val())
		case constant.Int:
			v = json.Number(c.Val().ExactString())
		default:
			v = json.Number(c.Val().ExactString())
		}
		vals = append(vals, val{c.Pos(), v})
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i].pos < vals[j].pos })
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v.v
	}
	return out
}

func kv(pairs ...any) *ojson.Object {
	o := ojson.NewObject()
	for i := 0; i+1 < len(pairs); i += 2 {
		o.Set(pairs[i].(string), pairs[i+1])
	}
	return o
}

// underlying maps a type expression.
func (m *mapper) underlying(t types.Type, pos token.Pos, owner types.Type) *ojson.Object {
	switch t := t.(type) {
	case *types.Named:
		return m.named(t, pos, false)
	case *types.Alias:
		return m.underlying(types.Unalias(t), pos, owner)
	case *types.Basic:
		return m.basic(t, pos)
	case *types.Pointer:
		return m.underlying(t.Elem(), pos, owner)
	case *types.Slice:
		if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return kv("type", "string", "contentEncoding", "base64")
		}
		return kv("type", "array", "items", m.underlying(t.Elem(), pos, owner))
	case *types.Array:
		n := json.Number(strconv.FormatInt(t.Len(), 10))
		return kv("type", "array", "items", m.underlying(t.Elem(), pos, owner), "minItems", n, "maxItems", n)
	case *types.Map:
		// encoding/json's keys: a string kind as it is, an
		// encoding.TextMarshaler's text, an integer in decimal.
		b, basic := t.Key().Underlying().(*types.Basic)
		switch {
		case basic && b.Info()&types.IsString != 0, implementsTextMarshaler(t.Key()):
		case basic && b.Info()&types.IsInteger != 0:
			// What strconv.ParseInt or ParseUint reads, as encoding/json
			// decodes such a key; a value out of the type's range is
			// encoding/json's error.
			pattern := "^[+-]?[0-9]+$"
			if b.Info()&types.IsUnsigned != 0 {
				pattern = "^[0-9]+$"
			}
			return kv("type", "object", "propertyNames", kv("pattern", pattern), "additionalProperties", m.underlying(t.Elem(), pos, owner))
		default:
			m.errorf(pos, "map key type %s is no string, integer or encoding.TextMarshaler: JSON object keys are strings; use map[string]…", m.typeString(t.Key()))
			return kv()
		}
		return kv("type", "object", "additionalProperties", m.underlying(t.Elem(), pos, owner))
	case *types.Struct:
		named, _ := owner.(*types.Named)
		return m.structType(t, pos, named)
	case *types.Interface:
		if t.Empty() {
			return kv()
		}
		m.errorf(pos, "interface type %s has no JSON shape; use a concrete type, any, or give the type a schema with a %s {...} comment", m.typeString(t), Marker)
		return kv()
	case *types.Chan, *types.Signature:
		m.errorf(pos, "%s cannot be encoded as JSON; leave the field out with json:\"-\"", m.typeString(t))
		return kv()
	}
	m.errorf(pos, "unsupported type %s", t)
	return kv()
}

func (m *mapper) basic(b *types.Basic, pos token.Pos) *ojson.Object {
	switch {
	case b.Kind() == types.Bool:
		return kv("type", "boolean")
	case b.Info()&types.IsString != 0:
		return kv("type", "string")
	case b.Info()&types.IsInteger != 0:
		// A sized integer states its range, so that the model sees it and
		// a value encoding/json would refuse (300 in an int8) is a
		// validation error at its pointer. int, uint and the 64-bit kinds
		// state no maximum: int's size is the platform's, and the
		// decoder's own range check covers 64 bits.
		if lo, hi, ok := intRange(b.Kind()); ok {
			return kv("type", "integer", "minimum", json.Number(lo), "maximum", json.Number(hi))
		}
		if b.Info()&types.IsUnsigned != 0 {
			return kv("type", "integer", "minimum", json.Number("0"))
		}
		return kv("type", "integer")
	case b.Info()&types.IsFloat != 0:
		return kv("type", "number")
	case b.Info()&types.IsComplex != 0:
		m.errorf(pos, "complex numbers cannot be encoded as JSON; use two float64 fields")
		return kv()
	}
	m.errorf(pos, "unsupported basic type %s", b)
	return kv()
}

// intRange is the range of a sized integer kind of fewer than 64 bits.
func intRange(k types.BasicKind) (lo, hi string, ok bool) {
	switch k {
	case types.Int8:
		return "-128", "127", true
	case types.Int16:
		return "-32768", "32767", true
	case types.Int32:
		return "-2147483648", "2147483647", true
	case types.Uint8:
		return "0", "255", true
	case types.Uint16:
		return "0", "65535", true
	case types.Uint32:
		return "0", "4294967295", true
	}
	return "", "", false
}

// quotedSchema is the schema of a field tagged json:",string": the text
// encoding/json writes inside the string, which its decoder reads back
// (a JSON number literal of the field's kind, true or false); nil for a
// type the option does not fit here (a string field, whose value would
// be a JSON string in a string, and named types).
func quotedSchema(t types.Type) *ojson.Object {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := types.Unalias(t).(*types.Basic)
	if !ok {
		return nil
	}
	switch {
	case b.Kind() == types.Bool:
		return kv("type", "string", "enum", []any{"true", "false"})
	case b.Info()&types.IsUnsigned != 0:
		return kv("type", "string", "pattern", "^(0|[1-9][0-9]*)$")
	case b.Info()&types.IsInteger != 0:
		return kv("type", "string", "pattern", "^-?(0|[1-9][0-9]*)$")
	case b.Info()&types.IsFloat != 0:
		return kv("type", "string", "pattern", "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$")
	}
	return nil
}

// jsonField is one field as encoding/json sees it.
type jsonField struct {
	name   string
	v      *types.Var
	tagged bool
	omit   bool // omitempty or omitzero
	depth  int
	index  []int
	tag    reflectTag
	tagPos token.Pos
	doc    string
	// viaPointer: promoted from a struct embedded by pointer, which
	// encoding/json leaves out, fields and all, where the pointer is nil.
	viaPointer bool
}

// structType maps a struct the way encoding/json encodes it: exported
// fields, json tags, embedded structs flattened by its dominance rules.
func (m *mapper) structType(st *types.Struct, pos token.Pos, owner *types.Named) *ojson.Object {
	fields := m.jsonFields(st, 0, nil, false, map[*types.Struct]bool{})
	byName := map[string][]jsonField{}
	var order []string
	for _, f := range fields {
		if _, ok := byName[f.name]; !ok {
			order = append(order, f.name)
		}
		byName[f.name] = append(byName[f.name], f)
	}
	props := ojson.NewObject()
	var required []any
	for _, name := range order {
		fs := byName[name]
		minDepth := fs[0].depth
		for _, f := range fs {
			minDepth = min(minDepth, f.depth)
		}
		var top, tagged []jsonField
		for _, f := range fs {
			if f.depth == minDepth {
				top = append(top, f)
				if f.tagged {
					tagged = append(tagged, f)
				}
			}
		}
		chosen := top
		if len(top) > 1 && len(tagged) == 1 {
			chosen = tagged
		}
		if len(chosen) > 1 {
			a, b := m.pkg.Fset.Position(chosen[0].v.Pos()), m.pkg.Fset.Position(chosen[1].v.Pos())
			m.errorf(chosen[1].v.Pos(), "JSON field %q is ambiguous: %s (%s) and %s (%s) are at the same depth of embedding, so encoding/json drops both; tag one of them", name, chosen[0].v.Name(), display(a.String()), chosen[1].v.Name(), display(b.String()))
			continue
		}
		f := chosen[0]
		s := m.fieldSchema(f, owner)
		props.Set(name, s)
		_, isPtr := f.v.Type().Underlying().(*types.Pointer)
		if !f.omit && !isPtr && !f.viaPointer {
			required = append(required, name)
		}
	}
	s := kv("type", "object", "properties", props)
	if len(required) > 0 {
		s.Set("required", required)
	}
	s.Set("additionalProperties", false)
	return s
}

// jsonFields lists the fields of st and of the structs it embeds.
func (m *mapper) jsonFields(st *types.Struct, depth int, index []int, viaPointer bool, visiting map[*types.Struct]bool) []jsonField {
	if visiting[st] {
		return nil
	}
	visiting[st] = true
	defer delete(visiting, st)
	var out []jsonField
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		info := m.fields[v.Pos()]
		tag, err := parseTag(st.Tag(i))
		if err != nil {
			m.errorf(tagPos(info, v), "%v", err)
			continue
		}
		if tag.json == "-" && !tag.jsonComma {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if v.Embedded() && tag.json == "" {
			et := v.Type()
			p, isPtr := et.Underlying().(*types.Pointer)
			if isPtr {
				et = p.Elem()
			}
			if est, ok := et.Underlying().(*types.Struct); ok {
				// encoding/json promotes the fields of embedded structs.
				out = append(out, m.jsonFields(est, depth+1, idx, viaPointer || isPtr, visiting)...)
				continue
			}
			if !v.Exported() {
				continue
			}
		} else if !v.Exported() {
			continue
		}
		name := tag.json
		if name == "" {
			name = v.Name()
		}
		if tag.stringOpt && quotedSchema(v.Type()) == nil {
			m.errorf(tagPos(info, v), "the json tag option \"string\" is supported on fields of a basic integer, float or bool type (or a pointer to one), not on %s; drop it", m.typeString(v.Type()))
			continue
		}
		out = append(out, jsonField{name: name, v: v, tagged: tag.json != "", omit: tag.omit, depth: depth, index: idx,
			tag: tag, tagPos: tagPos(info, v), doc: info.doc, viaPointer: viaPointer})
	}
	return out
}

func tagPos(info fieldInfo, v *types.Var) token.Pos {
	if info.tagPos.IsValid() {
		return info.tagPos
	}
	return v.Pos()
}

// fieldSchema maps one field with its jsonschema tag and doc comment.
func (m *mapper) fieldSchema(f jsonField, owner *types.Named) *ojson.Object {
	t := f.v.Type()
	m.noteOneOfField(f, owner)
	var s *ojson.Object
	if f.tag.stringOpt {
		s = quotedSchema(t)
	} else {
		s = m.underlying(t, f.v.Pos(), nil)
	}
	if _, isRef := s.Vals["$ref"]; isRef && f.doc != "" {
		s = kv("$ref", s.Vals["$ref"]) // siblings of $ref are fine in 2020-12
	} else {
		s = ojson.Clone(s).(*ojson.Object)
	}
	if f.doc != "" {
		desc, deprecated := description(f.doc)
		if desc != "" {
			s.Set("description", desc)
		}
		if deprecated {
			s.Set("deprecated", true)
		}
	}
	nullable := false
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		// encoding/json writes a nil pointer, slice ([]byte too), map or
		// interface as null.
		if !f.omit {
			nullable = true
		}
	}
	if err := m.applyTag(s, f, &nullable); err != nil {
		m.errorf(f.tagPos, "%v", err)
	}
	if nullable {
		s = makeNullable(s)
	}
	return s
}

func makeNullable(s *ojson.Object) *ojson.Object {
	switch typ := s.Vals["type"].(type) {
	case string:
		s.Set("type", []any{typ, "null"})
		if e, ok := s.Vals["enum"].([]any); ok {
			s.Set("enum", append(e, nil))
		}
		return s
	}
	if len(s.Keys) == 0 {
		return s // anything, null included
	}
	out := ojson.NewObject()
	for _, k := range []string{"title", "description", "deprecated"} {
		if v, ok := s.Vals[k]; ok {
			out.Set(k, v)
			s.Delete(k)
		}
	}
	out.Set("anyOf", []any{s, kv("type", "null")})
	return out
}
