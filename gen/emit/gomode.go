package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/ir"
)

// GoFile is the file structgen -go writes next to the marked types.
const GoFile = gotypes.GeneratedFile

// goFiles writes the file of a package of Go types (structgen -go): each
// marked type's JSON Schema as a constant and a Parse function, the
// generated validators those call, and the decoders of its oneOf
// interfaces. The user's types are never redefined.
func goFiles(pkg *ir.Package) (map[string][]byte, error) {
	f := jen.NewFile(pkg.Name)
	f.HeaderComment(Header)
	for _, file := range pkg.Sources {
		f.HeaderComment(commentText("source: " + file))
	}
	f.ImportName(runtimePkg, "runtime")
	f.ImportName(implPkg, "impl")
	f.ImportName(schemaPkg, "schema")
	f.ImportName(jxPkg, "jx")
	versionCheck(f)
	resources := jen.Dict{}
	for _, t := range pkg.Go.Types {
		f.Comment(fmt.Sprintf("// %s is the JSON Schema of %s, derived from its declaration", t.SchemaConst, t.Name))
		f.Comment("// the way encoding/json encodes it.")
		f.Const().Id(t.SchemaConst).Op("=").Add(stringLit(t.Schema))
		f.Line()
		resources[jen.Lit(t.URL)] = jen.Id(t.SchemaConst)
		f.Var().Id(t.SchemaVar).Op("=").Id(pkg.SchemaSet).Dot("Schema").Call(jen.Lit(t.URL + "#"))
		f.Line()
		f.Comment(fmt.Sprintf("// %s validates data against the schema of %s and decodes it.", t.ParseFunc, t.Name))
		f.Comment("// Nothing is repaired; on failure the error is a *runtime.ValidationError.")
		call := jen.Qual(schemaPkg, "Parse").Types(jen.Id(t.Name)).Call(jen.Lit(t.Name), jen.Id("data"), jen.Id(t.SchemaVar))
		if t.Validate != nil {
			// The generated validators check it, encoding/json decodes it
			// (into the user's type, which has no typed decoder).
			var vals []jen.Code
			for _, v := range t.Validate {
				vals = append(vals, jen.Id(v.Name))
			}
			call = jen.Qual(implPkg, "ParseValidated").Types(jen.Id(t.Name)).Call(jen.Lit(t.Name), jen.Id("data"), jen.Nil(),
				jen.Index().Qual(implPkg, "Validator").Values(vals...), jen.Id(t.SchemaVar))
		}
		f.Func().Id(t.ParseFunc).Params(jen.Id("data").Index().Byte()).Params(jen.Id(t.Name), jen.Error()).Block(
			jen.Return(call),
		)
		f.Line()
	}
	f.Var().Id(pkg.SchemaSet).Op("=").Qual(schemaPkg, "NewSchemas").Call(jen.Lit(""), jen.Map(jen.String()).String().Values(resources))
	f.Line()
	for _, o := range pkg.Go.OneOfs {
		emitOneOf(f, o)
	}
	for _, d := range pkg.Go.Decoders {
		emitDecoder(f, d)
	}
	emitValidators(f, pkg)
	src, err := render(f)
	if err != nil {
		return nil, fmt.Errorf("emit %s: %w", GoFile, err)
	}
	return map[string][]byte{GoFile: src}, nil
}

// emitOneOf writes the function that decodes an interface by the property
// that tells its variants apart.
func emitOneOf(f *jen.File, o ir.OneOf) {
	var cases []jen.Code
	for _, v := range o.Variants {
		ret := jen.Id("v")
		if v.Pointer {
			ret = jen.Op("&").Id("v")
		}
		cases = append(cases, jen.Case(jen.Lit(v.Tag)).Block(
			jen.Var().Id("v").Id(v.Type),
			jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("v")), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Nil(), jen.Err())),
			jen.Return(ret, jen.Nil()),
		))
	}
	f.Comment(fmt.Sprintf("// Unmarshal%s reads a %s, picking the variant by its %q property.", o.Name, o.Name, o.Property))
	f.Func().Id("Unmarshal"+o.Name).Params(jen.Id("data").Index().Byte()).Params(jen.Id(o.Name), jen.Error()).Block(
		jen.List(jen.Id("tag"), jen.Err()).Op(":=").Qual(implPkg, "Discriminator").Call(jen.Id("data"), jen.Lit(o.Property)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Qual(implPkg, "NoVariant").Call(jen.Lit(o.Name), jen.Err().Dot("Error").Call()))),
		jen.Switch(jen.Id("tag")).Block(cases...),
		jen.Return(jen.Nil(), jen.Qual(implPkg, "NoVariant").Call(jen.Lit(o.Name), jen.Qual("strconv", "Quote").Call(jen.Id("tag")))),
	)
	f.Line()
}

// emitDecoder writes UnmarshalJSON for a struct whose fields hold
// interfaces that a property tells apart: encoding/json decodes the rest,
// the generated Unmarshal functions those fields.
func emitDecoder(f *jen.File, d ir.Decoder) {
	var aux []jen.Code
	aux = append(aux, jen.Op("*").Id("plain"))
	var fill []jen.Code
	for _, fd := range d.Fields {
		raw := jen.Qual("encoding/json", "RawMessage")
		if fd.Slice {
			aux = append(aux, jen.Id(fd.Name).Index().Qual("encoding/json", "RawMessage").Tag(map[string]string{"json": fd.JSON}))
			fill = append(fill, jen.If(jen.Id("aux").Dot(fd.Name).Op("!=").Nil()).Block(
				jen.Id("d").Dot(fd.Name).Op("=").Make(jen.Index().Id(fd.OneOf), jen.Len(jen.Id("aux").Dot(fd.Name))),
				jen.For(jen.List(jen.Id("i"), jen.Id("raw")).Op(":=").Range().Id("aux").Dot(fd.Name)).Block(
					jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("Unmarshal"+fd.OneOf).Call(jen.Id("raw")),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
					jen.Id("d").Dot(fd.Name).Index(jen.Id("i")).Op("=").Id("v"),
				),
			))
			continue
		}
		aux = append(aux, jen.Id(fd.Name).Add(raw).Tag(map[string]string{"json": fd.JSON}))
		fill = append(fill, jen.If(jen.Len(jen.Id("aux").Dot(fd.Name)).Op(">").Lit(0).Op("&&").String().Call(jen.Id("aux").Dot(fd.Name)).Op("!=").Lit("null")).Block(
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("Unmarshal"+fd.OneOf).Call(jen.Id("aux").Dot(fd.Name)),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.Id("d").Dot(fd.Name).Op("=").Id("v"),
		))
	}
	body := []jen.Code{
		jen.Type().Id("plain").Id(d.Type),
		jen.Var().Id("aux").Struct(aux...),
		jen.Id("aux").Dot("plain").Op("=").Parens(jen.Op("*").Id("plain")).Call(jen.Id("d")),
		jen.If(jen.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("aux")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	}
	body = append(body, fill...)
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(fmt.Sprintf("// UnmarshalJSON decodes %s; the generated Unmarshal functions read its", d.Type))
	f.Comment("// interface fields, by the property that tells their variants apart.")
	f.Func().Params(jen.Id("d").Op("*").Id(d.Type)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(body...)
	f.Line()
}
