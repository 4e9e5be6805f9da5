package build

import (
	"fmt"
	"strings"

	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/ir"
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
	return &ir.Package{Name: p.Name, Sources: p.Files, SchemaSet: schemaSet, Go: g}, nil
}
