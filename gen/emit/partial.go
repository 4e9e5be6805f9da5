package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/structgen/structgen/gen/ir"
)

// PartialFile holds each output's streaming partial type and parser.
const PartialFile = "structgen_partial_gen.go"

// emitPartials writes the partial mirrors of struct types and, for every
// output, <Name>Partial and Parse<Name>Partial.
func emitPartials(f *jen.File, pkg *ir.Package) {
	for _, p := range pkg.Partials {
		f.Comment(fmt.Sprintf("// %s is %s as read so far from a streaming reply.", p.Name, p.Of))
		f.Comment("// A field is absent until the reply writes it; Get returns its value so")
		f.Comment("// far, Done whether the model finished it. It marshals to the JSON read")
		f.Comment("// so far.")
		for _, u := range p.Unmirrored {
			f.Comment(fmt.Sprintf("// The fields of %s, a type of another package, are not read here.", u))
		}
		var fields []jen.Code
		for _, fd := range p.Fields {
			fields = append(fields, jen.Id(fd.Name).Qual(runtimePkg, "Field").Types(partialType(fd.Expr)).Tag(map[string]string{"json": fieldTag(fd.JSON) + ",omitzero"}))
		}
		f.Type().Id(p.Name).Struct(fields...)
		f.Line()
		var body []jen.Code
		body = append(body,
			jen.Var().Id("p").Id(p.Name),
			jen.If(jen.Op("!").Id("n").Dot("IsObject").Call()).Block(jen.Return(jen.Id("p"), jen.False())),
		)
		for _, fd := range p.Fields {
			body = append(body, jen.Qual(runtimePkg, "SetField").Call(jen.Op("&").Id("p").Dot(fd.Name), jen.Id("n").Dot("Field").Call(jen.Lit(fd.JSON)), partialReader(fd.Expr)))
		}
		body = append(body, jen.Return(jen.Id("p"), jen.True()))
		f.Comment(fmt.Sprintf("// %s reads a %s from a streaming reply's value.", p.Read, p.Name))
		f.Func().Id(p.Read).Params(jen.Id("n").Op("*").Qual(lenientPkg, "Node")).Params(jen.Id(p.Name), jen.Bool()).Block(body...)
		f.Line()
	}
	for _, o := range pkg.Outputs {
		id := o.Idents
		e := o.Partial
		structRoot := e.Kind == ir.PartialStruct
		switch {
		case structRoot && e.Named == id.Partial:
			// The output's type is the mirror itself.
		case structRoot:
			f.Comment(fmt.Sprintf("// %s is output %s as read so far from a streaming reply.", id.Partial, o.Name))
			f.Type().Id(id.Partial).Op("=").Id(e.Named)
			f.Line()
		default:
			f.Comment(fmt.Sprintf("// %s is output %s as read so far from a streaming reply.", id.Partial, o.Name))
			f.Comment("// It is absent until the reply holds some of it.")
			f.Type().Id(id.Partial).Op("=").Qual(runtimePkg, "Field").Types(partialType(e))
			f.Line()
		}
		f.Comment(fmt.Sprintf("// %s reads a reply that may still be streaming.", id.ParsePartial))
		f.Comment("// Strings may still grow; numbers, booleans and enum values appear once")
		f.Comment(fmt.Sprintf("// finished. Nothing is validated: %s.Parse does that once the", id.Output))
		f.Comment("// reply is complete.")
		read := []jen.Code{
			jen.List(jen.Id("n"), jen.Id("_"), jen.Err()).Op(":=").Id(id.Output).Dot("ReadPartial").Call(jen.Id("text")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(id.Partial).Values(), jen.Err())),
		}
		if structRoot {
			read = append(read,
				jen.List(jen.Id("p"), jen.Id("_")).Op(":=").Id(e.Read).Call(jen.Id("n")),
				jen.Return(jen.Id("p"), jen.Nil()))
		} else {
			read = append(read,
				jen.Var().Id("p").Id(id.Partial),
				jen.Qual(runtimePkg, "SetField").Call(jen.Op("&").Id("p"), jen.Id("n"), partialReader(e)),
				jen.Return(jen.Id("p"), jen.Nil()))
		}
		f.Func().Id(id.ParsePartial).Params(jen.Id("text").Index().Byte()).Params(jen.Id(id.Partial), jen.Error()).Block(read...)
		f.Line()
	}
	for _, t := range pkg.Tools {
		emitToolPartial(f, t)
	}
}

// emitToolPartial writes Parse<Tool>ActionPartial, which reads the
// arguments of a call of t that may still be streaming.
func emitToolPartial(f *jen.File, t *ir.Tool) {
	e, id := t.Partial, t.Idents
	if e == nil {
		return
	}
	var typ jen.Code = jen.Qual(runtimePkg, "Field").Types(partialType(e))
	if e.Kind == ir.PartialStruct {
		typ = jen.Id(e.Named)
	}
	f.Comment(fmt.Sprintf("// %s reads the arguments of a call of tool", id.ParsePartial))
	f.Comment(fmt.Sprintf("// %q while they stream (runtime.StreamCalls, runtime.CallReader).", t.Name))
	f.Comment("// Strings may still grow; numbers, booleans and enum values appear once")
	f.Comment(fmt.Sprintf("// finished. Nothing is validated: %s does that once the", id.Parse))
	f.Comment("// call is finished.")
	read := []jen.Code{
		jen.List(jen.Id("n"), jen.Id("_"), jen.Err()).Op(":=").Id(id.Tool).Dot("ReadPartial").Call(jen.Id("args")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Add(typ).Values(), jen.Err())),
	}
	if e.Kind == ir.PartialStruct {
		read = append(read,
			jen.List(jen.Id("p"), jen.Id("_")).Op(":=").Id(e.Read).Call(jen.Id("n")),
			jen.Return(jen.Id("p"), jen.Nil()))
	} else {
		read = append(read,
			jen.Var().Id("p").Add(typ),
			jen.Qual(runtimePkg, "SetField").Call(jen.Op("&").Id("p"), jen.Id("n"), partialReader(e)),
			jen.Return(jen.Id("p"), jen.Nil()))
	}
	f.Func().Id(id.ParsePartial).Params(jen.Id("args").Index().Byte()).Params(typ, jen.Error()).Block(read...)
	f.Line()
}

// fieldTag is a JSON name as a struct tag takes it.
func fieldTag(name string) string {
	if name == "-" {
		return "-,"
	}
	return name
}

// partialType is the Go type of a partial value.
func partialType(e *ir.PartialExpr) jen.Code {
	switch e.Kind {
	case ir.PartialString:
		return jen.String()
	case ir.PartialInt:
		return jen.Int64()
	case ir.PartialFloat:
		return jen.Float64()
	case ir.PartialBool:
		return jen.Bool()
	case ir.PartialEnum, ir.PartialStruct:
		return jen.Id(e.Named)
	case ir.PartialPointer:
		return jen.Op("*").Add(partialType(e.Elem))
	case ir.PartialSlice:
		return jen.Index().Add(partialType(e.Elem))
	case ir.PartialMap:
		return jen.Map(jen.String()).Add(partialType(e.Elem))
	}
	return jen.Qual("encoding/json", "RawMessage")
}

// partialReader is the function that reads a partial value.
func partialReader(e *ir.PartialExpr) jen.Code {
	switch e.Kind {
	case ir.PartialString:
		return jen.Qual(implPkg, "ReadString")
	case ir.PartialInt:
		return jen.Qual(implPkg, "ReadInt")
	case ir.PartialFloat:
		return jen.Qual(implPkg, "ReadFloat")
	case ir.PartialBool:
		return jen.Qual(implPkg, "ReadBool")
	case ir.PartialEnum:
		return jen.Qual(implPkg, "ReadEnum").Types(jen.Id(e.Named))
	case ir.PartialStruct:
		return jen.Id(e.Read)
	case ir.PartialPointer:
		// Written out, not a runtime helper: code generated for this
		// runtime version calls nothing new.
		return jen.Func().Params(jen.Id("n").Op("*").Qual(lenientPkg, "Node")).Params(partialType(e), jen.Bool()).Block(
			jen.List(jen.Id("p"), jen.Id("ok")).Op(":=").Add(partialReader(e.Elem)).Call(jen.Id("n")),
			jen.Return(jen.Op("&").Id("p"), jen.Id("ok")),
		)
	case ir.PartialSlice:
		return jen.Qual(implPkg, "ReadSlice").Call(partialReader(e.Elem))
	case ir.PartialMap:
		return jen.Qual(implPkg, "ReadMap").Call(partialReader(e.Elem))
	}
	return jen.Qual(implPkg, "ReadRaw")
}
