package emit

import (
	"fmt"

	"github.com/structgen/structgen/gen/internal/gosrc"

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
	f := gosrc.NewFile(pkg.Name)
	f.HeaderComment(Header)
	for _, file := range pkg.Sources {
		f.HeaderComment(commentText("source: " + file))
	}
	f.ImportName(runtimePkg, "runtime")
	f.ImportName(implPkg, "impl")
	f.ImportName(schemaPkg, "schema")
	f.ImportName(jxPkg, "jx")
	versionCheck(f)
	resources := gosrc.Dict{}
	for _, t := range pkg.Go.Types {
		f.Comment(fmt.Sprintf("// %s is the JSON Schema of %s, derived from its declaration", t.SchemaConst, t.Name))
		f.Comment("// the way encoding/json encodes it.")
		f.Const().Id(t.SchemaConst).Op("=").Add(stringLit(t.Schema))
		f.Line()
		resources[gosrc.Lit(t.URL)] = gosrc.Id(t.SchemaConst)
		f.Var().Id(t.SchemaVar).Op("=").Id(pkg.SchemaSet).Dot("Schema").Call(gosrc.Lit(t.URL + "#"))
		f.Line()
		f.Comment(fmt.Sprintf("// %s validates data against the schema of %s and decodes it.", t.ParseFunc, t.Name))
		f.Comment("// Nothing is repaired; on failure the error is a *runtime.ValidationError.")
		call := gosrc.Qual(schemaPkg, "Parse").Types(gosrc.Id(t.Name)).Call(gosrc.Lit(t.Name), gosrc.Id("data"), gosrc.Id(t.SchemaVar))
		if t.Validate != nil {
			// The generated validators check it, encoding/json decodes it
			// (into the user's type, which has no typed decoder).
			var vals []gosrc.Code
			for _, v := range t.Validate {
				vals = append(vals, gosrc.Id(v.Name))
			}
			call = gosrc.Qual(implPkg, "ParseValidated").Types(gosrc.Id(t.Name)).Call(gosrc.Lit(t.Name), gosrc.Id("data"), gosrc.Nil(),
				gosrc.Index().Qual(implPkg, "Validator").Values(vals...), gosrc.Id(t.SchemaVar))
		}
		f.Func().Id(t.ParseFunc).Params(gosrc.Id("data").Index().Byte()).Params(gosrc.Id(t.Name), gosrc.Error()).Block(
			gosrc.Return(call),
		)
		f.Line()
	}
	f.Var().Id(pkg.SchemaSet).Op("=").Qual(schemaPkg, "NewSchemas").Call(gosrc.Lit(""), gosrc.Map(gosrc.String()).String().Values(resources))
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
func emitOneOf(f *gosrc.File, o ir.OneOf) {
	var cases []gosrc.Code
	for _, v := range o.Variants {
		ret := gosrc.Id("v")
		if v.Pointer {
			ret = gosrc.Op("&").Id("v")
		}
		cases = append(cases, gosrc.Case(gosrc.Lit(v.Tag)).Block(
			gosrc.Var().Id("v").Id(v.Type),
			gosrc.If(gosrc.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(gosrc.Id("data"), gosrc.Op("&").Id("v")), gosrc.Err().Op("!=").Nil()).Block(
				gosrc.Return(gosrc.Nil(), gosrc.Err())),
			gosrc.Return(ret, gosrc.Nil()),
		))
	}
	f.Comment(fmt.Sprintf("// Unmarshal%s reads a %s, picking the variant by its %q property.", o.Name, o.Name, o.Property))
	f.Func().Id("Unmarshal"+o.Name).Params(gosrc.Id("data").Index().Byte()).Params(gosrc.Id(o.Name), gosrc.Error()).Block(
		gosrc.List(gosrc.Id("tag"), gosrc.Err()).Op(":=").Qual(implPkg, "Discriminator").Call(gosrc.Id("data"), gosrc.Lit(o.Property)),
		gosrc.If(gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Nil(), gosrc.Qual(implPkg, "NoVariant").Call(gosrc.Lit(o.Name), gosrc.Err().Dot("Error").Call()))),
		gosrc.Switch(gosrc.Id("tag")).Block(cases...),
		gosrc.Return(gosrc.Nil(), gosrc.Qual(implPkg, "NoVariant").Call(gosrc.Lit(o.Name), gosrc.Qual("strconv", "Quote").Call(gosrc.Id("tag")))),
	)
	f.Line()
}

// emitDecoder writes UnmarshalJSON for a struct whose fields hold
// interfaces that a property tells apart: encoding/json decodes the rest,
// the generated Unmarshal functions those fields.
func emitDecoder(f *gosrc.File, d ir.Decoder) {
	var aux []gosrc.Code
	aux = append(aux, gosrc.Op("*").Id("plain"))
	var fill []gosrc.Code
	for _, fd := range d.Fields {
		raw := gosrc.Qual("encoding/json", "RawMessage")
		if fd.Slice {
			aux = append(aux, gosrc.Id(fd.Name).Index().Qual("encoding/json", "RawMessage").Tag(map[string]string{"json": fd.JSON}))
			fill = append(fill, gosrc.If(gosrc.Id("aux").Dot(fd.Name).Op("!=").Nil()).Block(
				gosrc.Id("d").Dot(fd.Name).Op("=").Make(gosrc.Index().Id(fd.OneOf), gosrc.Len(gosrc.Id("aux").Dot(fd.Name))),
				gosrc.For(gosrc.List(gosrc.Id("i"), gosrc.Id("raw")).Op(":=").Range().Id("aux").Dot(fd.Name)).Block(
					gosrc.List(gosrc.Id("v"), gosrc.Err()).Op(":=").Id("Unmarshal"+fd.OneOf).Call(gosrc.Id("raw")),
					gosrc.If(gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Err())),
					gosrc.Id("d").Dot(fd.Name).Index(gosrc.Id("i")).Op("=").Id("v"),
				),
			))
			continue
		}
		aux = append(aux, gosrc.Id(fd.Name).Add(raw).Tag(map[string]string{"json": fd.JSON}))
		fill = append(fill, gosrc.If(gosrc.Len(gosrc.Id("aux").Dot(fd.Name)).Op(">").Lit(0).Op("&&").String().Call(gosrc.Id("aux").Dot(fd.Name)).Op("!=").Lit("null")).Block(
			gosrc.List(gosrc.Id("v"), gosrc.Err()).Op(":=").Id("Unmarshal"+fd.OneOf).Call(gosrc.Id("aux").Dot(fd.Name)),
			gosrc.If(gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Err())),
			gosrc.Id("d").Dot(fd.Name).Op("=").Id("v"),
		))
	}
	body := []gosrc.Code{
		gosrc.Type().Id("plain").Id(d.Type),
		gosrc.Var().Id("aux").Struct(aux...),
		gosrc.Id("aux").Dot("plain").Op("=").Parens(gosrc.Op("*").Id("plain")).Call(gosrc.Id("d")),
		gosrc.If(gosrc.Err().Op(":=").Qual("encoding/json", "Unmarshal").Call(gosrc.Id("data"), gosrc.Op("&").Id("aux")), gosrc.Err().Op("!=").Nil()).Block(gosrc.Return(gosrc.Err())),
	}
	body = append(body, fill...)
	body = append(body, gosrc.Return(gosrc.Nil()))
	f.Comment(fmt.Sprintf("// UnmarshalJSON decodes %s; the generated Unmarshal functions read its", d.Type))
	f.Comment("// interface fields, by the property that tells their variants apart.")
	f.Func().Params(gosrc.Id("d").Op("*").Id(d.Type)).Id("UnmarshalJSON").Params(gosrc.Id("data").Index().Byte()).Error().Block(body...)
	f.Line()
}
