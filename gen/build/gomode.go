package build

import (
	"fmt"
	"strings"

	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/gen/spec"
	"github.com/structgen/structgen/internal/drafts"
)

// GoPackage maps the Go types marked //structgen:schema in p to the IR of
// the file written next to them. Every identifier that file declares is
// checked against the package's own declarations: those are the user's
// choices, so a clash is an error at the declaration, never a rename.
func GoPackage(p *gotypes.Package) (*ir.Package, []error) {
	if len(p.Types) == 0 {
		return nil, []error{fmt.Errorf("%s: no type is marked %s", p.Dir, gotypes.Marker)}
	}
	var errs []error
	taken := func(id, what string) {
		if pos, ok := p.Taken[id]; ok && !strings.HasSuffix(pos.Filename, gotypes.GeneratedFile) {
			errs = append(errs, fmt.Errorf("%s: %s is already declared; structgen generates %s for %s", pos, id, id, what))
		}
	}
	for _, o := range p.OneOfs {
		taken("Unmarshal"+o.Name, o.Name)
	}
	g := &ir.GoPackage{}
	for _, t := range p.Types {
		gt := ir.GoType{Name: t.Name, Schema: string(ojson.Marshal(t.Schema)) + "\n", URL: "urn:structgen:go:" + t.Name,
			SchemaConst: t.Name + "JSONSchema", SchemaVar: "schema" + t.Name, ParseFunc: "Parse" + t.Name}
		taken(gt.ParseFunc, t.Name)
		taken(gt.SchemaConst, t.Name)
		taken(gt.SchemaVar, t.Name)
		g.Types = append(g.Types, gt)
	}
	taken(schemaSet, "the package's schemas")
	if len(errs) > 0 {
		return nil, errs
	}
	for _, o := range p.OneOfs {
		oo := ir.OneOf{Name: o.Name, Property: o.Property}
		for _, v := range o.Variants {
			oo.Variants = append(oo.Variants, ir.OneOfVariant{Tag: v.Tag, Type: v.Type, Pointer: v.Pointer})
		}
		g.OneOfs = append(g.OneOfs, oo)
	}
	for _, d := range p.Decoders {
		dd := ir.Decoder{Type: d.Type}
		for _, f := range d.Fields {
			dd.Fields = append(dd.Fields, ir.DecoderField{Name: f.Name, JSON: f.JSON, OneOf: f.OneOf, Slice: f.Slice})
		}
		g.Decoders = append(g.Decoders, dd)
	}
	pkg := &ir.Package{Name: p.Name, Sources: p.Files, SchemaSet: schemaSet, Go: g}
	if errs := goValidators(p, pkg); len(errs) > 0 {
		return nil, errs
	}
	return pkg, nil
}

// goValidators gives every marked type the generated validators of its
// schema, so that its Parse function checks with them and decodes with
// encoding/json: the user's types are never redefined, so no typed
// decoder is written for them, but no schema interpreter runs either.
// A type whose schema does not compile keeps the interpreter; its
// Interpreted says why.
func goValidators(p *gotypes.Package, pkg *ir.Package) []error {
	docs := newMadeDocs(drafts.Default.URI, p.Files)
	for i, t := range pkg.Go.Types {
		pos := p.Types[i].Pos
		docs.add(t.URL, []byte(t.Schema), p.Types[i].Schema, loc.Pos{File: pos.Filename, Line: pos.Line, Col: pos.Column})
	}
	b := newBuilder(docs, schema.NewGraph(docs), &spec.Spec{Package: p.Name})
	b.pkg = pkg
	for i := range pkg.Go.Types {
		t := &pkg.Go.Types[i]
		n, err := b.g.Node(t.URL + "#")
		if err != nil {
			return []error{docs.CompileError(err, docs.Position(t.URL))}
		}
		v, why := b.validatorFor(n)
		if why != "" {
			t.Interpreted = why
			continue
		}
		t.Validate = []*ir.Validator{v}
		b.validateLists = append(b.validateLists, t.Validate)
	}
	b.shareValidators()
	var errs []error
	for _, v := range pkg.Validators {
		// A validator may have a text form too (emit: textForm).
		for _, name := range []string{v.Name, v.Name + "Text"} {
			if pos, ok := p.Taken[name]; ok && !strings.HasSuffix(pos.Filename, gotypes.GeneratedFile) {
				errs = append(errs, fmt.Errorf("%s: %s is already declared; structgen generates it to validate the marked types", pos, name))
			}
		}
	}
	return errs
}
