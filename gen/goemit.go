package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/internal/ojson"
)

// GenerateGo maps the types marked //structgen:schema in the Go package in
// dir and returns the file to write next to them: each type's JSON Schema
// as a constant and a Parse function. The user's types are never
// redefined.
func GenerateGo(dir string) (map[string][]byte, *gotypes.Package, error) {
	p, err := gotypes.Load(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(p.Types) == 0 {
		return nil, nil, fmt.Errorf("%s: no type is marked %s", dir, gotypes.Marker)
	}
	var errs []string
	taken := func(id, what string) {
		if pos, ok := p.Taken[id]; ok && !strings.HasSuffix(pos.Filename, gotypes.GeneratedFile) {
			errs = append(errs, fmt.Sprintf("%s: %s is already declared; structgen generates %s for %s", pos, id, id, what))
		}
	}
	for _, o := range p.OneOfs {
		taken("Unmarshal"+o.Name, o.Name)
	}
	for _, t := range p.Types {
		for _, id := range []string{"Parse" + t.Name, t.Name + "JSONSchema"} {
			if pos, taken := p.Taken[id]; taken && !strings.HasSuffix(pos.Filename, gotypes.GeneratedFile) {
				errs = append(errs, fmt.Sprintf("%s: %s is already declared; structgen generates %s for %s", pos, id, id, t.Name))
			}
		}
	}
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	f := jen.NewFile(p.Name)
	f.HeaderComment(Header)
	for _, file := range p.Files {
		f.HeaderComment("source: " + file)
	}
	f.ImportName(runtimePkg, "runtime")
	f.Const().Id("_").Op("=").Qual(runtimePkg, "IsVersion1").Line()
	resources := jen.Dict{}
	for _, t := range p.Types {
		url := "urn:structgen:go:" + t.Name
		f.Comment(fmt.Sprintf("// %sJSONSchema is the JSON Schema of %s, derived from its declaration", t.Name, t.Name))
		f.Comment("// the way encoding/json encodes it.")
		f.Const().Id(t.Name + "JSONSchema").Op("=").Add(stringLit(string(ojson.Marshal(t.Schema)) + "\n"))
		f.Line()
		resources[jen.Lit(url)] = jen.Id(t.Name + "JSONSchema")
		f.Var().Id("schema" + t.Name).Op("=").Id("structgenSchemas").Dot("Schema").Call(jen.Lit(url + "#"))
		f.Line()
		f.Comment(fmt.Sprintf("// Parse%s validates data against the schema of %s and decodes it.", t.Name, t.Name))
		f.Comment("// Nothing is repaired; on failure the error is a *runtime.ValidationError.")
		f.Func().Id("Parse"+t.Name).Params(jen.Id("data").Index().Byte()).Params(jen.Id(t.Name), jen.Error()).Block(
			jen.Return(jen.Qual(runtimePkg, "Parse").Types(jen.Id(t.Name)).Call(jen.Lit(t.Name), jen.Id("data"), jen.Id("schema"+t.Name))),
		)
		f.Line()
	}
	f.Var().Id("structgenSchemas").Op("=").Qual(runtimePkg, "NewSchemas").Call(jen.Lit(""), jen.Map(jen.String()).String().Values(resources))
	f.Line()
	for _, o := range p.OneOfs {
		emitOneOf(f, o)
	}
	for _, d := range p.Decoders {
		emitDecoder(f, d)
	}
	src := fmt.Sprintf("%#v", f)
	if !strings.HasPrefix(src, "// "+Header) {
		return nil, nil, fmt.Errorf("emit %s: %s", gotypes.GeneratedFile, firstLineOf(src))
	}
	return map[string][]byte{gotypes.GeneratedFile: []byte(src)}, p, nil
}

// emitOneOf writes the function that decodes an interface by the property
// that tells its variants apart.
func emitOneOf(f *jen.File, o gotypes.OneOf) {
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
		jen.List(jen.Id("tag"), jen.Err()).Op(":=").Qual(runtimePkg, "Discriminator").Call(jen.Id("data"), jen.Lit(o.Property)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Qual(runtimePkg, "NoVariant").Call(jen.Lit(o.Name), jen.Err().Dot("Error").Call()))),
		jen.Switch(jen.Id("tag")).Block(cases...),
		jen.Return(jen.Nil(), jen.Qual(runtimePkg, "NoVariant").Call(jen.Lit(o.Name), jen.Qual("strconv", "Quote").Call(jen.Id("tag")))),
	)
	f.Line()
}

// emitDecoder writes UnmarshalJSON for a struct whose fields hold
// interfaces that a property tells apart: encoding/json decodes the rest,
// the generated Unmarshal functions those fields.
func emitDecoder(f *jen.File, d gotypes.Decoder) {
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
