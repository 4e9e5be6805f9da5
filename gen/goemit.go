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
	src := fmt.Sprintf("%#v", f)
	if !strings.HasPrefix(src, "// "+Header) {
		return nil, nil, fmt.Errorf("emit %s: %s", gotypes.GeneratedFile, firstLineOf(src))
	}
	return map[string][]byte{gotypes.GeneratedFile: []byte(src)}, p, nil
}
