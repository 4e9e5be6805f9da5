package emit

import (
	"fmt"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
)

// Generated encoders: for a struct type that keeps undeclared
// properties (AdditionalProperties) and whose decoder is generated, a
// MarshalJSON that writes the fields, then the extras, in one pass with
// jx, as encoding/json would write them (the same omitempty and omitzero
// rules, the same escaping), without reflection. Other struct types have
// no MarshalJSON: encoding/json re-scans whatever a MarshalJSON returns,
// which costs more than its reflection saves, while the extras otherwise
// need encoding/json twice (impl.MarshalObject).

// encodable reports whether t gets a generated encoder.
func encodable(t *ir.Type, types map[string]*ir.Type) bool {
	if t.Kind != ir.KindStruct || t.Decode == nil || t.Extra == nil {
		return false
	}
	for _, f := range t.Fields {
		if f.Embedded || !omitSupported(f) || !refSupported(f.Type, types) {
			return false
		}
	}
	return true
}

// omitSupported: the field's omit option is one whose test the encoder
// writes (those the type builder gives).
func omitSupported(f *ir.Field) bool {
	switch f.Omit {
	case "":
		return true
	case "omitempty":
		return f.Type.Kind == ir.RefAny || f.Type.Kind == ir.RefPointer
	case "omitzero":
		return f.Type.Kind == ir.RefSlice || f.Type.Kind == ir.RefMap || f.Type.Kind == ir.RefNullable
	}
	return false
}

func refSupported(r *ir.Ref, types map[string]*ir.Type) bool {
	switch r.Kind {
	case ir.RefAny, ir.RefBool, ir.RefInt, ir.RefFloat, ir.RefString:
		return true
	case ir.RefPointer, ir.RefNullable, ir.RefSlice, ir.RefMap:
		return refSupported(r.Elem, types)
	case ir.RefNamed:
		return true // its own encoder, a string, or encoding/json
	}
	return false
}

func emitEncoders(f *gosrc.File, pkg *ir.Package) bool {
	types := map[string]*ir.Type{}
	for _, t := range pkg.Types {
		types[t.Name] = t
	}
	any := false
	for _, t := range pkg.Types {
		if !encodable(t, types) {
			continue
		}
		any = true
		emitEncoder(f, t, types)
		f.Line()
	}
	return any
}

func emitEncoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type) {
	f.Comment(fmt.Sprintf("// MarshalJSON writes %s in one pass, as encoding/json would: fields in", t.Name))
	if t.Extra != nil {
		f.Comment("// schema order, then AdditionalProperties in the order read.")
	} else {
		f.Comment("// schema order.")
	}
	f.Func().Params(gosrc.Id("v").Id(t.Name)).Id("MarshalJSON").Params().Params(gosrc.Index().Byte(), gosrc.Error()).Block(
		gosrc.Return(gosrc.Qual(implPkg, "Marshal").Call(gosrc.Id("v").Dot("encodeJSON"))),
	)
	f.Line()
	body := []gosrc.Code{gosrc.Id("e").Dot("ObjStart").Call()}
	for _, fd := range t.Fields {
		x := gosrc.Id("v").Dot(fd.Name)
		// Past an omit test, a pointer, slice or map is not nil.
		value := encodeValue(x, fd.Type, types, 0)
		if fd.Omit != "" && fd.Type.Kind != ir.RefNullable && fd.Type.Kind != ir.RefAny {
			value = encodeNonNil(x, fd.Type, types, 0)
		}
		write := append([]gosrc.Code{gosrc.Id("e").Dot("Field").Call(gosrc.Lit(fd.JSON))}, value...)
		switch fd.Omit {
		case "omitempty":
			if fd.Type.Kind == ir.RefAny {
				body = append(body, gosrc.If(gosrc.Len(x.Clone()).Op("!=").Lit(0)).Block(write...))
			} else {
				body = append(body, gosrc.If(x.Clone().Op("!=").Nil()).Block(write...))
			}
		case "omitzero":
			if fd.Type.Kind == ir.RefNullable {
				body = append(body, gosrc.If(x.Clone().Dot("Present")).Block(write...))
			} else {
				body = append(body, gosrc.If(x.Clone().Op("!=").Nil()).Block(write...))
			}
		default:
			body = append(body, write...)
		}
	}
	if t.Extra != nil {
		// The extras in the order read, but for a declared name (which
		// a caller may have put there too: the field wins).
		body = append(body, gosrc.For(gosrc.List(gosrc.Id("_"), gosrc.Id("k")).Op(":=").Range().Qual(implPkg, "ExtraKeys").Call(gosrc.Id("v").Dot("AdditionalProperties"), gosrc.Id("v").Dot("AdditionalPropertiesOrder"))).Block(
			append([]gosrc.Code{
				gosrc.If(gosrc.Id(t.FieldsVar).Dot("Has").Call(gosrc.Id("k"))).Block(gosrc.Continue()),
				gosrc.Id("e").Dot("Field").Call(gosrc.Id("k")),
				gosrc.Id("x").Op(":=").Id("v").Dot("AdditionalProperties").Index(gosrc.Id("k")),
			}, encodeValue(gosrc.Id("x"), t.Extra, types, 0)...)...))
	}
	body = append(body, gosrc.Id("e").Dot("ObjEnd").Call())
	f.Comment(fmt.Sprintf("// encodeJSON writes %s with e.", t.Name))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("encodeJSON").Params(gosrc.Id("e").Op("*").Qual(implPkg, "Encoding")).Block(body...)
}

// encodeValue writes x, of Go type r. x is addressable where r names a
// struct type with an encoder (whose encodeJSON has a pointer receiver).
func encodeValue(x *gosrc.Statement, r *ir.Ref, types map[string]*ir.Type, depth int) []gosrc.Code {
	e := gosrc.Id("e")
	switch r.Kind {
	case ir.RefAny:
		return []gosrc.Code{e.Clone().Dot("Raw").Call(x)}
	case ir.RefBool:
		return []gosrc.Code{e.Clone().Dot("Bool").Call(x)}
	case ir.RefInt:
		return []gosrc.Code{e.Clone().Dot("Int").Call(x)}
	case ir.RefFloat:
		return []gosrc.Code{e.Clone().Dot("Float").Call(x)}
	case ir.RefString:
		return []gosrc.Code{e.Clone().Dot("Str").Call(x)}
	case ir.RefPointer, ir.RefSlice, ir.RefMap:
		return []gosrc.Code{gosrc.If(x.Clone().Op("==").Nil()).Block(e.Clone().Dot("Null").Call()).Else().Block(encodeNonNil(x, r, types, depth)...)}
	case ir.RefNullable:
		// An absent value without omitzero encodes as null, as
		// Nullable.MarshalJSON has it.
		return []gosrc.Code{gosrc.If(gosrc.Op("!").Add(x.Clone()).Dot("Present").Op("||").Add(x.Clone()).Dot("Null")).Block(e.Clone().Dot("Null").Call()).
			Else().Block(encodeValue(x.Clone().Dot("Value"), r.Elem, types, depth+1)...)}
	case ir.RefNamed:
		if n := namedEncoder(r, types); n != nil {
			return []gosrc.Code{x.Clone().Dot("encodeJSON").Call(e)}
		}
		if t := types[r.Name]; t != nil && r.Pkg == "" && t.Kind == ir.KindEnum {
			return []gosrc.Code{e.Clone().Dot("Str").Call(gosrc.String().Call(x))}
		}
		return []gosrc.Code{e.Clone().Dot("Marshal").Call(x)}
	}
	return []gosrc.Code{e.Clone().Dot("Marshal").Call(x)}
}

// encodeNonNil writes x, a pointer, slice or map that is not nil.
func encodeNonNil(x *gosrc.Statement, r *ir.Ref, types map[string]*ir.Type, depth int) []gosrc.Code {
	e := gosrc.Id("e")
	switch r.Kind {
	case ir.RefPointer:
		if namedEncoder(r.Elem, types) != nil {
			return []gosrc.Code{x.Clone().Dot("encodeJSON").Call(e)}
		}
		return encodeValue(gosrc.Parens(gosrc.Op("*").Add(x.Clone())), r.Elem, types, depth+1)
	case ir.RefSlice:
		it := gosrc.Id(fmt.Sprintf("i%d", depth))
		return []gosrc.Code{
			e.Clone().Dot("ArrStart").Call(),
			gosrc.For(gosrc.Add(it.Clone()).Op(":=").Range().Add(x.Clone())).Block(encodeValue(x.Clone().Index(it.Clone()), r.Elem, types, depth+1)...),
			e.Clone().Dot("ArrEnd").Call(),
		}
	case ir.RefMap:
		k := gosrc.Id(fmt.Sprintf("k%d", depth))
		m := gosrc.Id(fmt.Sprintf("m%d", depth))
		return []gosrc.Code{
			e.Clone().Dot("ObjStart").Call(),
			gosrc.For(gosrc.List(gosrc.Id("_"), k.Clone()).Op(":=").Range().Qual(implPkg, "SortedKeys").Call(x.Clone())).Block(
				append([]gosrc.Code{
					e.Clone().Dot("Field").Call(k.Clone()),
					// A map's value is not addressable: a copy is.
					m.Clone().Op(":=").Add(x.Clone()).Index(k.Clone()),
				}, encodeValue(m.Clone(), r.Elem, types, depth+1)...)...),
			e.Clone().Dot("ObjEnd").Call(),
		}
	}
	return encodeValue(x, r, types, depth)
}

// namedEncoder returns the type r names when it has a generated encoder.
func namedEncoder(r *ir.Ref, types map[string]*ir.Type) *ir.Type {
	if r.Kind != ir.RefNamed || r.Pkg != "" {
		return nil
	}
	if t := types[r.Name]; t != nil && encodable(t, types) {
		return t
	}
	return nil
}
