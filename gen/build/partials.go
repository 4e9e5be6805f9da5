package build

import (
	"sort"

	"github.com/structgen/structgen/gen/ir"
)

// Streaming partials: every output gets <Name>Partial, its value as read
// so far from a streaming reply, and Parse<Name>Partial. Struct types the
// output reaches get a mirror whose fields are runtime.Field values;
// enums, scalars, lists and maps read as themselves; unions, tuples and Go
// types of other packages as the JSON read so far.

// markPartials records the struct types that outputs reach, before names
// are resolved, so that the scope reserves their mirrors' names.
func (b *builder) markPartials() {
	var walk func(r *ir.Ref)
	walk = func(r *ir.Ref) {
		if r == nil {
			return
		}
		if r.Kind != ir.RefNamed {
			walk(r.Elem)
			return
		}
		t := b.refs[r]
		if t == nil {
			if r.Pkg == "" {
				t = b.chosen[r.Name]
			}
			if t == nil {
				return
			}
		}
		switch t.Kind {
		case ir.KindStruct:
			if b.partials[t] {
				return
			}
			b.partials[t] = true
			for _, f := range t.Fields {
				if !f.Embedded {
					walk(f.Type)
				}
			}
		case ir.KindDefined, ir.KindAlias:
			walk(t.Underlying)
		}
	}
	for _, o := range b.pkg.Outputs {
		walk(&ir.Ref{Kind: ir.RefNamed, Name: o.Type})
	}
}

// partialIdents are the identifiers of the mirror of struct type name.
func partialIdents(name string) (typeName, read string) {
	return name + "Partial", "read" + name + "Partial"
}

// buildPartials makes the mirrors and each output's partial expression,
// once names are final.
func (b *builder) buildPartials() {
	var structs []*ir.Type
	for t := range b.partials {
		structs = append(structs, t)
	}
	sort.Slice(structs, func(i, j int) bool { return structs[i].Name < structs[j].Name })
	for _, t := range structs {
		p := &ir.Partial{Of: t.Name}
		p.Name, p.Read = partialIdents(t.Name)
		for _, f := range t.Fields {
			if f.Embedded {
				continue
			}
			p.Fields = append(p.Fields, &ir.PartialField{Name: f.Name, JSON: f.JSON, Expr: b.partialExpr(f.Type)})
		}
		b.pkg.Partials = append(b.pkg.Partials, p)
	}
	for _, o := range b.pkg.Outputs {
		o.Partial = b.partialExpr(&ir.Ref{Kind: ir.RefNamed, Name: o.Type})
	}
}

// partialExpr says how a value of type r is read from a streaming reply.
func (b *builder) partialExpr(r *ir.Ref) *ir.PartialExpr {
	switch r.Kind {
	case ir.RefString:
		return &ir.PartialExpr{Kind: ir.PartialString}
	case ir.RefInt:
		return &ir.PartialExpr{Kind: ir.PartialInt}
	case ir.RefFloat:
		return &ir.PartialExpr{Kind: ir.PartialFloat}
	case ir.RefBool:
		return &ir.PartialExpr{Kind: ir.PartialBool}
	case ir.RefPointer, ir.RefNullable:
		return b.partialExpr(r.Elem)
	case ir.RefSlice:
		return &ir.PartialExpr{Kind: ir.PartialSlice, Elem: b.partialExpr(r.Elem)}
	case ir.RefMap:
		return &ir.PartialExpr{Kind: ir.PartialMap, Elem: b.partialExpr(r.Elem)}
	case ir.RefNamed:
		t := b.refs[r]
		if t == nil && r.Pkg == "" {
			t = b.chosen[r.Name]
		}
		if t == nil {
			break // a Go type of another package
		}
		switch t.Kind {
		case ir.KindStruct:
			name, read := partialIdents(t.Name)
			return &ir.PartialExpr{Kind: ir.PartialStruct, Named: name, Read: read}
		case ir.KindEnum:
			return &ir.PartialExpr{Kind: ir.PartialEnum, Named: t.Name}
		case ir.KindDefined, ir.KindAlias:
			return b.partialExpr(t.Underlying)
		}
	}
	return &ir.PartialExpr{Kind: ir.PartialRaw}
}
