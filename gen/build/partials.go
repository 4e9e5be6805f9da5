package build

import (
	"sort"

	"github.com/structgen/structgen/gen/ir"
)

// Streaming partials: every output gets <Name>Partial, its value as read
// so far from a streaming reply, and Parse<Name>Partial; every tool gets
// Parse<Tool>ActionPartial, its call's arguments as read so far. Struct
// types an output or a tool's action reaches get a mirror whose fields
// are runtime.Field values, embedded structs' fields flattened as they
// are on the wire; enums, scalars, lists and maps read as themselves;
// unions, tuples and Go types of other packages as the JSON read so far.

// markPartials records the struct types that outputs reach, before names
// are resolved, so that the scope reserves their mirrors' names.
func (b *builder) markPartials() {
	defined := map[*ir.Type]bool{} // walked already: type Nested []Nested holds itself
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
		case ir.KindStruct, ir.KindAction:
			if b.partials[t] {
				return
			}
			b.partials[t] = true
			for _, f := range b.flatFields(t, nil) {
				walk(f.Type)
			}
		case ir.KindDefined, ir.KindAlias:
			if !defined[t] {
				defined[t] = true
				walk(t.Underlying)
			}
		}
	}
	for _, o := range b.pkg.Outputs {
		walk(&ir.Ref{Kind: ir.RefNamed, Name: o.Type})
	}
	for _, tl := range b.pkg.Tools {
		walk(&ir.Ref{Kind: ir.RefNamed, Name: tl.Action})
	}
}

// flatFields returns t's fields as they are on the wire: the fields of
// an embedded struct generated here in its place, after t's own, and a
// name only once (the shallower field wins, as in encoding/json). An
// embedded Go type of another package has no fields to mirror and is
// left out.
func (b *builder) flatFields(t *ir.Type, seen map[*ir.Type]bool) []*ir.Field {
	fields, _ := b.flatFieldsOf(t, seen)
	return fields
}

// flatFieldsOf is flatFields that also returns the embedded Go types of
// other packages it left out.
func (b *builder) flatFieldsOf(t *ir.Type, seen map[*ir.Type]bool) ([]*ir.Field, []string) {
	if seen == nil {
		seen = map[*ir.Type]bool{}
	}
	seen[t] = true
	var out []*ir.Field
	var foreign []string
	names := map[string]bool{}
	add := func(f *ir.Field) {
		if !names[f.Name] && !names["json:"+f.JSON] {
			names[f.Name], names["json:"+f.JSON] = true, true
			out = append(out, f)
		}
	}
	for _, f := range t.Fields {
		if !f.Embedded {
			add(f)
		}
	}
	for _, f := range t.Fields {
		if !f.Embedded {
			continue
		}
		e := b.refs[f.Type]
		if e == nil && f.Type.Pkg == "" {
			e = b.chosen[f.Type.Name]
		}
		if e == nil && f.Type.Pkg != "" {
			foreign = append(foreign, f.Type.Pkg+"."+f.Type.Name)
		}
		if e == nil || e.Kind != ir.KindStruct && e.Kind != ir.KindAction || seen[e] {
			continue
		}
		fs, fr := b.flatFieldsOf(e, seen)
		for _, ef := range fs {
			add(ef)
		}
		foreign = append(foreign, fr...)
	}
	return out, foreign
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
		fields, foreign := b.flatFieldsOf(t, nil)
		for _, f := range fields {
			p.Fields = append(p.Fields, &ir.PartialField{Name: f.Name, JSON: f.JSON, Expr: b.partialExpr(f.Type)})
		}
		p.Unmirrored = foreign
		b.pkg.Partials = append(b.pkg.Partials, p)
	}
	pointToSelf(b.pkg.Partials)
	for _, o := range b.pkg.Outputs {
		o.Partial = b.partialExpr(&ir.Ref{Kind: ir.RefNamed, Name: o.Type})
	}
	for _, tl := range b.pkg.Tools {
		tl.Partial = b.partialExpr(&ir.Ref{Kind: ir.RefNamed, Name: tl.Action})
	}
}

// partialExpr says how a value of type r is read from a streaming reply.
func (b *builder) partialExpr(r *ir.Ref) *ir.PartialExpr {
	return b.partialExprIn(r, map[*ir.Type]bool{})
}

// partialExprIn is partialExpr inside the defined and alias types in
// busy: one met again holds itself (type Nested []Nested), and is read
// as the JSON so far there.
func (b *builder) partialExprIn(r *ir.Ref, busy map[*ir.Type]bool) *ir.PartialExpr {
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
		return b.partialExprIn(r.Elem, busy)
	case ir.RefSlice:
		return &ir.PartialExpr{Kind: ir.PartialSlice, Elem: b.partialExprIn(r.Elem, busy)}
	case ir.RefMap:
		return &ir.PartialExpr{Kind: ir.PartialMap, Elem: b.partialExprIn(r.Elem, busy)}
	case ir.RefNamed:
		t := b.refs[r]
		if t == nil && r.Pkg == "" {
			t = b.chosen[r.Name]
		}
		if t == nil {
			break // a Go type of another package
		}
		switch t.Kind {
		case ir.KindStruct, ir.KindAction:
			name, read := partialIdents(t.Name)
			return &ir.PartialExpr{Kind: ir.PartialStruct, Named: name, Read: read}
		case ir.KindEnum:
			return &ir.PartialExpr{Kind: ir.PartialEnum, Named: t.Name}
		case ir.KindDefined, ir.KindAlias:
			if busy[t] {
				break
			}
			busy[t] = true
			defer delete(busy, t)
			return b.partialExprIn(t.Underlying, busy)
		}
	}
	return &ir.PartialExpr{Kind: ir.PartialRaw}
}

// pointToSelf holds through a pointer each field whose mirror leads,
// through fields held in place, back to the mirror the field is in (a
// tree's Child *Tree: Field[TreePartial] inside TreePartial is no Go
// type). Slices and maps hold their items apart already.
func pointToSelf(ps []*ir.Partial) {
	holds := map[string][]string{} // mirror → the mirrors its fields hold in place
	for _, p := range ps {
		for _, f := range p.Fields {
			if f.Expr.Kind == ir.PartialStruct {
				holds[p.Name] = append(holds[p.Name], f.Expr.Named)
			}
		}
	}
	reaches := func(from, to string) bool {
		seen := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == to {
				return true
			}
			if !seen[n] {
				seen[n] = true
				stack = append(stack, holds[n]...)
			}
		}
		return false
	}
	for _, p := range ps {
		for _, f := range p.Fields {
			if f.Expr.Kind == ir.PartialStruct && reaches(f.Expr.Named, p.Name) {
				f.Expr = &ir.PartialExpr{Kind: ir.PartialPointer, Elem: f.Expr}
			}
		}
	}
}
