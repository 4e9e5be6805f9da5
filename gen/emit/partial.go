package emit

import (
	"fmt"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
)

// PartialFile holds each output's streaming partial type and parser.
const PartialFile = "structgen_partial_gen.go"

// emitPartials writes the partial mirrors of struct types and, for every
// output, <Name>Partial and Parse<Name>Partial.
func emitPartials(f *gosrc.File, pkg *ir.Package) {
	for _, p := range pkg.Partials {
		f.Comment(fmt.Sprintf("// %s is %s as read so far from a streaming reply.", p.Name, p.Of))
		f.Comment("// A field is absent until the reply writes it; Get returns its value so")
		f.Comment("// far, Done whether the model finished it. It marshals to the JSON read")
		f.Comment("// so far.")
		for _, u := range p.Unmirrored {
			f.Comment(fmt.Sprintf("// The fields of %s, a type of another package, are not read here.", u))
		}
		var fields []gosrc.Code
		for _, fd := range p.Fields {
			fields = append(fields, gosrc.Id(fd.Name).Qual(runtimePkg, "Field").Types(partialType(fd.Expr)).Tag(map[string]string{"json": fieldTag(fd.JSON) + ",omitzero"}))
		}
		f.Type().Id(p.Name).Struct(fields...)
		f.Line()
		var body []gosrc.Code
		body = append(body,
			gosrc.Var().Id("p").Id(p.Name),
			gosrc.If(gosrc.Op("!").Id("n").Dot("IsObject").Call()).Block(gosrc.Return(gosrc.Id("p"), gosrc.False())),
		)
		for _, fd := range p.Fields {
			body = append(body, gosrc.Qual(runtimePkg, "SetField").Call(gosrc.Op("&").Id("p").Dot(fd.Name), gosrc.Id("n").Dot("Field").Call(gosrc.Lit(fd.JSON)), partialReader(fd.Expr)))
		}
		body = append(body, gosrc.Return(gosrc.Id("p"), gosrc.True()))
		f.Comment(fmt.Sprintf("// %s reads a %s from a streaming reply's value.", p.Read, p.Name))
		f.Func().Id(p.Read).Params(gosrc.Id("n").Op("*").Qual(lenientPkg, "Node")).Params(gosrc.Id(p.Name), gosrc.Bool()).Block(body...)
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
		read := []gosrc.Code{
			gosrc.List(gosrc.Id("n"), gosrc.Id("_"), gosrc.Err()).Op(":=").Id(id.Output).Dot("ReadPartial").Call(gosrc.Id("text")),
			gosrc.If(gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Id(id.Partial).Values(), gosrc.Err())),
		}
		if structRoot {
			read = append(read,
				gosrc.List(gosrc.Id("p"), gosrc.Id("_")).Op(":=").Id(e.Read).Call(gosrc.Id("n")),
				gosrc.Return(gosrc.Id("p"), gosrc.Nil()))
		} else {
			read = append(read,
				gosrc.Var().Id("p").Id(id.Partial),
				gosrc.Qual(runtimePkg, "SetField").Call(gosrc.Op("&").Id("p"), gosrc.Id("n"), partialReader(e)),
				gosrc.Return(gosrc.Id("p"), gosrc.Nil()))
		}
		f.Func().Id(id.ParsePartial).Params(gosrc.Id("text").Index().Byte()).Params(gosrc.Id(id.Partial), gosrc.Error()).Block(read...)
		f.Line()
	}
	for _, t := range pkg.Tools {
		emitToolPartial(f, t)
	}
}

// emitToolPartial writes Parse<Tool>ActionPartial, which reads the
// arguments of a call of t that may still be streaming.
func emitToolPartial(f *gosrc.File, t *ir.Tool) {
	e, id := t.Partial, t.Idents
	if e == nil {
		return
	}
	var typ gosrc.Code = gosrc.Qual(runtimePkg, "Field").Types(partialType(e))
	if e.Kind == ir.PartialStruct {
		typ = gosrc.Id(e.Named)
	}
	f.Comment(fmt.Sprintf("// %s reads the arguments of a call of tool", id.ParsePartial))
	f.Comment(fmt.Sprintf("// %q while they stream (runtime.StreamCalls, runtime.CallReader).", t.Name))
	f.Comment("// Strings may still grow; numbers, booleans and enum values appear once")
	f.Comment(fmt.Sprintf("// finished. Nothing is validated: %s does that once the", id.Parse))
	f.Comment("// call is finished.")
	read := []gosrc.Code{
		gosrc.List(gosrc.Id("n"), gosrc.Id("_"), gosrc.Err()).Op(":=").Id(id.Tool).Dot("ReadPartial").Call(gosrc.Id("args")),
		gosrc.If(gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Add(typ).Values(), gosrc.Err())),
	}
	if e.Kind == ir.PartialStruct {
		read = append(read,
			gosrc.List(gosrc.Id("p"), gosrc.Id("_")).Op(":=").Id(e.Read).Call(gosrc.Id("n")),
			gosrc.Return(gosrc.Id("p"), gosrc.Nil()))
	} else {
		read = append(read,
			gosrc.Var().Id("p").Add(typ),
			gosrc.Qual(runtimePkg, "SetField").Call(gosrc.Op("&").Id("p"), gosrc.Id("n"), partialReader(e)),
			gosrc.Return(gosrc.Id("p"), gosrc.Nil()))
	}
	f.Func().Id(id.ParsePartial).Params(gosrc.Id("args").Index().Byte()).Params(typ, gosrc.Error()).Block(read...)
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
func partialType(e *ir.PartialExpr) gosrc.Code {
	switch e.Kind {
	case ir.PartialString:
		return gosrc.String()
	case ir.PartialInt:
		return gosrc.Int64()
	case ir.PartialFloat:
		return gosrc.Float64()
	case ir.PartialBool:
		return gosrc.Bool()
	case ir.PartialEnum, ir.PartialStruct:
		return gosrc.Id(e.Named)
	case ir.PartialPointer:
		return gosrc.Op("*").Add(partialType(e.Elem))
	case ir.PartialSlice:
		return gosrc.Index().Add(partialType(e.Elem))
	case ir.PartialMap:
		return gosrc.Map(gosrc.String()).Add(partialType(e.Elem))
	}
	return gosrc.Qual("encoding/json", "RawMessage")
}

// partialReader is the function that reads a partial value.
func partialReader(e *ir.PartialExpr) gosrc.Code {
	switch e.Kind {
	case ir.PartialString:
		return gosrc.Qual(implPkg, "ReadString")
	case ir.PartialInt:
		return gosrc.Qual(implPkg, "ReadInt")
	case ir.PartialFloat:
		return gosrc.Qual(implPkg, "ReadFloat")
	case ir.PartialBool:
		return gosrc.Qual(implPkg, "ReadBool")
	case ir.PartialEnum:
		return gosrc.Qual(implPkg, "ReadEnum").Types(gosrc.Id(e.Named))
	case ir.PartialStruct:
		return gosrc.Id(e.Read)
	case ir.PartialPointer:
		// Written out, not a runtime helper: code generated for this
		// runtime version calls nothing new.
		return gosrc.Func().Params(gosrc.Id("n").Op("*").Qual(lenientPkg, "Node")).Params(partialType(e), gosrc.Bool()).Block(
			gosrc.List(gosrc.Id("p"), gosrc.Id("ok")).Op(":=").Add(partialReader(e.Elem)).Call(gosrc.Id("n")),
			gosrc.Return(gosrc.Op("&").Id("p"), gosrc.Id("ok")),
		)
	case ir.PartialSlice:
		return gosrc.Qual(implPkg, "ReadSlice").Call(partialReader(e.Elem))
	case ir.PartialMap:
		return gosrc.Qual(implPkg, "ReadMap").Call(partialReader(e.Elem))
	}
	return gosrc.Qual(implPkg, "ReadRaw")
}
