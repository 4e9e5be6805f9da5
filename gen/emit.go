package gen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

const runtimePkg = "github.com/structgen/structgen/runtime"

// Generated file names.
const (
	TypesFile   = "structgen_gen.go"
	SchemasFile = "structgen_schemas_gen.go"
	// DialectsFile holds each tool and output as each provider expects it.
	DialectsFile = "structgen_dialects_gen.go"
)

// Emit writes the Go files for pkg.
func Emit(pkg *Package) (map[string][]byte, error) {
	out := map[string][]byte{}
	types := newFile(pkg)
	types.Const().Id("_").Op("=").Qual(runtimePkg, "IsVersion1").Line()
	for _, t := range pkg.Types {
		emitType(types, t)
	}
	if len(pkg.Tools) > 0 {
		emitTools(types, pkg)
	}
	for _, o := range pkg.Outputs {
		emitOutput(types, o)
	}
	schemas := newFile(pkg)
	emitSchemas(schemas, pkg)
	files := map[string]*jen.File{TypesFile: types, SchemasFile: schemas}
	if len(pkg.Tools)+len(pkg.Outputs) > 0 {
		dialects := newFile(pkg)
		emitDialects(dialects, pkg)
		files[DialectsFile] = dialects
	}
	for name, f := range files {
		src := fmt.Sprintf("%#v", f)
		if strings.HasPrefix(src, "// Error") || !strings.HasPrefix(src, "// "+Header) {
			return nil, fmt.Errorf("emit %s: %s", name, firstLineOf(src))
		}
		out[name] = []byte(src)
	}
	return out, nil
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func newFile(pkg *Package) *jen.File {
	f := jen.NewFile(pkg.Name)
	f.HeaderComment(Header)
	for _, s := range pkg.Sources {
		f.HeaderComment("source: " + s)
	}
	f.ImportName(runtimePkg, "runtime")
	f.ImportName("encoding/json", "json")
	return f
}

// comment renders text as // lines.
func comment(text string) []jen.Code {
	var out []jen.Code
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			out = append(out, jen.Comment("//"))
		} else {
			out = append(out, jen.Comment("// "+strings.ReplaceAll(line, "\r", " ")))
		}
	}
	return out
}

func typeDoc(t *Type) string {
	var parts []string
	doc := t.Doc
	if first, rest, _ := strings.Cut(doc, "\n\n"); first == t.Name {
		doc = rest // a title that only repeats the name says nothing
	}
	if doc != "" {
		parts = append(parts, doc)
	}
	if t.Deprecated {
		parts = append(parts, "Deprecated: the schema marks this deprecated.")
	}
	parts = append(parts, "Schema: "+t.Source)
	return strings.Join(parts, "\n\n")
}

func addDoc(f *jen.File, text string) {
	for _, c := range comment(text) {
		f.Add(c)
	}
}

func goType(r *Ref) jen.Code {
	switch r.Kind {
	case RefAny:
		return jen.Qual("encoding/json", "RawMessage")
	case RefBool:
		return jen.Bool()
	case RefInt:
		return jen.Int64()
	case RefFloat:
		return jen.Float64()
	case RefString:
		return jen.String()
	case RefNamed:
		if r.Pkg != "" {
			return jen.Qual(r.Pkg, r.Name)
		}
		return jen.Id(r.Name)
	case RefSlice:
		return jen.Index().Add(goType(r.Elem))
	case RefMap:
		return jen.Map(jen.String()).Add(goType(r.Elem))
	case RefPointer:
		return jen.Op("*").Add(goType(r.Elem))
	case RefNullable:
		return jen.Qual(runtimePkg, "Nullable").Types(goType(r.Elem))
	}
	panic("unknown ref kind " + r.Kind)
}

func emitType(f *jen.File, t *Type) {
	addDoc(f, typeDoc(t))
	switch t.Kind {
	case KindStruct:
		emitStruct(f, t)
	case KindEnum:
		f.Type().Id(t.Name).String()
		var defs []jen.Code
		for _, v := range t.Values {
			defs = append(defs, jen.Id(v.Name).Id(t.Name).Op("=").Lit(v.Value))
		}
		f.Comment("Values of " + t.Name + ".")
		f.Const().Defs(defs...)
	case KindUnion:
		emitUnion(f, t)
	case KindTuple:
		emitTuple(f, t)
	case KindDefined:
		f.Type().Id(t.Name).Add(goType(t.Underlying))
	case KindAlias:
		f.Type().Id(t.Name).Op("=").Add(goType(t.Underlying))
	case KindAction:
		emitAction(f, t)
	}
	f.Line()
	if t.Tool != "" {
		emitActionMethods(f, t)
	}
	if len(t.Schemas) > 0 {
		emitParse(f, t)
	}
}

// emitAction writes an action type: the tool's arguments and its response
// embedded, encoded as one flat object.
func emitAction(f *jen.File, t *Type) {
	args, resp := t.Fields[0].Type.Name, t.Fields[1].Type.Name
	f.Type().Id(t.Name).Struct(goType(t.Fields[0].Type), goType(t.Fields[1].Type))
	f.Line()
	fields := "responseFields" + t.Name
	var lits []jen.Code
	for _, n := range t.ResponseFields {
		lits = append(lits, jen.Lit(n))
	}
	f.Var().Id(fields).Op("=").Qual(runtimePkg, "NewFields").Call(lits...)
	f.Line()
	f.Comment("// MarshalJSON writes the arguments and the response as one flat object.")
	f.Func().Params(jen.Id("a").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Qual(runtimePkg, "MarshalAction").Call(jen.Id("a").Dot(args), jen.Id("a").Dot(resp))),
	)
	f.Line()
	f.Comment(fmt.Sprintf("// UnmarshalJSON reads one flat object: the response's fields into %s,", resp))
	f.Comment(fmt.Sprintf("// every other property into %s.", args))
	f.Func().Params(jen.Id("a").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Qual(runtimePkg, "UnmarshalAction").Call(jen.Id("data"), jen.Op("&").Id("a").Dot(args), jen.Op("&").Id("a").Dot(resp), jen.Id(fields))),
	)
}

// emitActionMethods makes t an Action of the package.
func emitActionMethods(f *jen.File, t *Type) {
	f.Comment(fmt.Sprintf("// Kind returns %q, the kind that persisted actions of this type carry.", t.Name))
	f.Func().Params(jen.Id(t.Name)).Id("Kind").Params().String().Block(jen.Return(jen.Lit(t.Name)))
	f.Line()
	f.Comment(fmt.Sprintf("// ToolName returns %q, the tool the model called.", t.Tool))
	f.Func().Params(jen.Id(t.Name)).Id("ToolName").Params().String().Block(jen.Return(jen.Lit(t.Tool)))
	f.Line()
	f.Func().Params(jen.Id(t.Name)).Id("isAction").Params().Block()
	f.Line()
}

// emitTools writes each tool's descriptor and parsers, then the package's
// action API.
func emitTools(f *jen.File, pkg *Package) {
	for _, t := range pkg.Tools {
		schema := "toolSchema" + t.GoName
		f.Var().Id(schema).Op("=").Id("structgenSchemas").Dot("Schema").Call(jen.Lit(t.SchemaURL + "#"))
		f.Line()
		f.Comment(fmt.Sprintf("// %sTool is tool %q. Its Parameters are the tool's augmented schema:", t.GoName, t.Name))
		if t.Response != "" {
			f.Comment(fmt.Sprintf("// its own arguments and the fields of %s, the schema the model is shown", t.Response))
		} else {
			f.Comment("// its arguments, the schema the model is shown")
		}
		f.Comment(fmt.Sprintf("// and the one Parse%sAction validates against.", t.GoName))
		f.Var().Id(t.GoName+"Tool").Op("=").Qual(runtimePkg, "NewTool").Call(jen.Lit(t.Name), jen.Lit(t.Description), jen.Id(schema),
			jen.Qual(runtimePkg, "ToolDialects").Values(jen.Dict{
				jen.Id("OpenAI"):    jen.Qual("encoding/json", "RawMessage").Call(jen.Id("openAITool" + t.GoName)),
				jen.Id("Anthropic"): jen.Qual("encoding/json", "RawMessage").Call(jen.Id("anthropicTool" + t.GoName)),
				jen.Id("Gemini"):    jen.Qual("encoding/json", "RawMessage").Call(jen.Id("geminiTool" + t.GoName)),
				jen.Id("MCP"):       jen.Qual("encoding/json", "RawMessage").Call(jen.Id("mcpTool" + t.GoName)),
			}))
		f.Line()
		f.Comment(fmt.Sprintf("// Parse%sAction reads the arguments of a call of tool %q as the model", t.GoName, t.Name))
		f.Comment("// sent them: repaired where the schema allows (runtime.ParseArgs returns")
		f.Comment("// the repairs), then validated against the tool's schema and decoded.")
		f.Func().Id("Parse"+t.GoName+"Action").Params(jen.Id("args").Index().Byte()).Params(jen.Id(t.Action), jen.Error()).Block(
			jen.List(jen.Id("a"), jen.Id("_"), jen.Err()).Op(":=").Qual(runtimePkg, "ParseArgs").Types(jen.Id(t.Action)).Call(jen.Id(t.GoName+"Tool"), jen.Lit(t.Action), jen.Id("args")),
			jen.Return(jen.Id("a"), jen.Err()),
		)
		f.Line()
		if t.Response == "" {
			continue
		}
		f.Comment(fmt.Sprintf("// Last%sResponse returns the response of the most recent call of tool", t.GoName))
		f.Comment(fmt.Sprintf("// %q in calls, read again from its stored arguments; false when the", t.Name))
		f.Comment("// tool was never called. A call that lacks or breaks the response fields")
		f.Comment("// gives a *runtime.ValidationError.")
		respType := goType(&Ref{Kind: RefNamed, Name: t.Response, Pkg: t.ResponsePkg})
		f.Func().Id("Last"+t.GoName+"Response").Params(jen.Id("calls").Index().Qual(runtimePkg, "ToolCall")).Params(respType, jen.Bool(), jen.Error()).Block(
			jen.For(jen.Id("i").Op(":=").Len(jen.Id("calls")).Op("-").Lit(1), jen.Id("i").Op(">=").Lit(0), jen.Id("i").Op("--")).Block(
				jen.If(jen.Id("calls").Index(jen.Id("i")).Dot("Name").Op("==").Lit(t.Name)).Block(
					jen.List(jen.Id("a"), jen.Err()).Op(":=").Id("Parse"+t.GoName+"Action").Call(jen.Id("calls").Index(jen.Id("i")).Dot("Arguments")),
					jen.Return(jen.Id("a").Dot(t.Response), jen.True(), jen.Err()),
				),
			),
			jen.Return(jen.Add(goType(&Ref{Kind: RefNamed, Name: t.Response, Pkg: t.ResponsePkg})).Values(), jen.False(), jen.Nil()),
		)
		f.Line()
	}

	f.Comment("// Action is a typed tool call of this package. Only this package's types")
	f.Comment("// implement it.")
	f.Type().Id("Action").Interface(
		jen.Comment("// Kind is the action's persisted kind: its Go type name."),
		jen.Id("Kind").Params().String(),
		jen.Comment("// ToolName is the name of the tool the model called."),
		jen.Id("ToolName").Params().String(),
		jen.Id("isAction").Params(),
	)
	f.Line()
	var tools, names, kinds, cases, kindCases []jen.Code
	sortedKinds := make([]*Tool, len(pkg.Tools))
	copy(sortedKinds, pkg.Tools)
	sort.Slice(sortedKinds, func(i, j int) bool { return sortedKinds[i].Action < sortedKinds[j].Action })
	for _, t := range pkg.Tools {
		tools = append(tools, jen.Id(t.GoName+"Tool"))
		names = append(names, jen.Lit(t.Name))
		cases = append(cases, jen.Case(jen.Lit(t.Name)).Block(
			jen.List(jen.Id("a"), jen.Err()).Op(":=").Id("Parse"+t.GoName+"Action").Call(jen.Id("args")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("a"), jen.Nil()),
		))
	}
	for _, t := range sortedKinds {
		kinds = append(kinds, jen.Lit(t.Action))
		kindCases = append(kindCases, jen.Case(jen.Lit(t.Action)).Block(
			jen.List(jen.Id("a"), jen.Err()).Op(":=").Qual(runtimePkg, "Parse").Types(jen.Id(t.Action)).Call(jen.Lit(t.Action), jen.Id("rest"), jen.Id("toolSchema"+t.GoName)),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("a"), jen.Nil()),
		))
	}
	f.Comment("// Tools are the package's tools, by name.")
	f.Var().Id("Tools").Op("=").Index().Qual(runtimePkg, "Tool").Values(tools...)
	f.Line()
	f.Var().Id("toolNames").Op("=").Index().String().Values(names...)
	f.Line()
	f.Var().Id("actionKinds").Op("=").Index().String().Values(kinds...)
	f.Line()
	f.Comment("// ParseToolCall reads a call of the named tool into its typed action. An")
	f.Comment("// unknown name is an error that lists the known tools.")
	f.Func().Id("ParseToolCall").Params(jen.Id("name").String(), jen.Id("args").Index().Byte()).Params(jen.Id("Action"), jen.Error()).Block(
		jen.Switch(jen.Id("name")).Block(cases...),
		jen.Return(jen.Nil(), jen.Qual(runtimePkg, "UnknownTool").Call(jen.Id("name"), jen.Id("toolNames"))),
	)
	f.Line()
	f.Comment("// MarshalAction encodes an action as an event: {\"kind\": its kind, then its")
	f.Comment("// fields}. UnmarshalAction reads it back.")
	f.Func().Id("MarshalAction").Params(jen.Id("a").Id("Action")).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Qual(runtimePkg, "MarshalKind").Call(jen.Id("a").Dot("Kind").Call(), jen.Id("a"))),
	)
	f.Line()
	f.Comment("// UnmarshalAction reads an event that MarshalAction wrote, validating it")
	f.Comment("// strictly against its tool's schema. An unknown kind is an error that")
	f.Comment("// lists the known kinds.")
	f.Func().Id("UnmarshalAction").Params(jen.Id("data").Index().Byte()).Params(jen.Id("Action"), jen.Error()).Block(
		jen.List(jen.Id("kind"), jen.Id("rest"), jen.Err()).Op(":=").Qual(runtimePkg, "SplitKind").Call(jen.Id("data")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Switch(jen.Id("kind")).Block(kindCases...),
		jen.Return(jen.Nil(), jen.Qual(runtimePkg, "UnknownKind").Call(jen.Id("kind"), jen.Id("actionKinds"))),
	)
}

func emitStruct(f *jen.File, t *Type) {
	var fields []jen.Code
	for _, fd := range t.Fields {
		doc := fd.Doc
		if fd.Deprecated {
			if doc != "" {
				doc += "\n\n"
			}
			doc += "Deprecated: the schema marks this deprecated."
		}
		if doc != "" {
			fields = append(fields, comment(doc)...)
		}
		if fd.Embedded {
			fields = append(fields, goType(fd.Type))
			continue
		}
		tag := fd.JSON
		if tag == "-" {
			tag = "-,"
		}
		if fd.Omit != "" {
			tag += "," + fd.Omit
		}
		fields = append(fields, jen.Id(fd.Name).Add(goType(fd.Type)).Tag(map[string]string{"json": tag}))
	}
	if t.Extra != nil {
		fields = append(fields,
			jen.Comment("// AdditionalProperties holds the properties that the schema does not"),
			jen.Comment("// declare, so that decoding and encoding lose nothing."),
			jen.Id("AdditionalProperties").Map(jen.String()).Add(goType(t.Extra)).Tag(map[string]string{"json": "-"}))
	}
	f.Type().Id(t.Name).Struct(fields...)
	if t.Extra == nil {
		return
	}
	known := "fields" + t.Name
	var lits []jen.Code
	for _, fd := range t.Fields {
		lits = append(lits, jen.Lit(fd.JSON))
	}
	f.Line()
	f.Var().Id(known).Op("=").Qual(runtimePkg, "NewFields").Call(lits...)
	f.Line()
	f.Comment("// MarshalJSON encodes the declared fields, then AdditionalProperties.")
	f.Func().Params(jen.Id("v").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Type().Id("plain").Id(t.Name),
		jen.Return(jen.Qual(runtimePkg, "MarshalObject").Call(jen.Id("plain").Call(jen.Id("v")), jen.Id(known), jen.Id("v").Dot("AdditionalProperties"))),
	)
	f.Line()
	f.Comment("// UnmarshalJSON decodes the declared fields and keeps every other")
	f.Comment("// property in AdditionalProperties.")
	f.Func().Params(jen.Id("v").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Type().Id("plain").Id(t.Name),
		jen.Return(jen.Qual(runtimePkg, "UnmarshalObject").Call(jen.Id("data"), jen.Parens(jen.Op("*").Id("plain")).Call(jen.Id("v")), jen.Id(known), jen.Op("&").Id("v").Dot("AdditionalProperties"))),
	)
}

var kindConst = map[string]string{
	"boolean": "KindBool", "integer": "KindNumber", "number": "KindNumber",
	"string": "KindString", "array": "KindArray", "object": "KindObject",
}

func emitUnion(f *jen.File, t *Type) {
	var fields []jen.Code
	for _, v := range t.Variants {
		fields = append(fields, jen.Id(v.Name).Add(goType(v.Type)))
	}
	f.Type().Id(t.Name).Struct(fields...)
	f.Line()

	// MarshalJSON: the first variant that is set; null when none is.
	var cases []jen.Code
	for _, v := range t.Variants {
		cases = append(cases, jen.Case(jen.Id("u").Dot(v.Name).Op("!=").Nil()).Block(
			jen.Return(jen.Qual("encoding/json", "Marshal").Call(jen.Id("u").Dot(v.Name)))))
	}
	f.Comment("// MarshalJSON encodes the variant that is set, or null when none is.")
	f.Func().Params(jen.Id("u").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Switch().Block(cases...),
		jen.Return(jen.Index().Byte().Call(jen.Lit("null")), jen.Nil()),
	)
	f.Line()

	decode := func(v *Variant) []jen.Code {
		var init jen.Code
		switch v.Type.Kind {
		case RefPointer:
			init = jen.Id("u").Dot(v.Name).Op("=").New(goType(v.Type.Elem))
			return []jen.Code{init, jen.Return(jen.Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Id("u").Dot(v.Name)))}
		default:
			return []jen.Code{jen.Return(jen.Qual("encoding/json", "Unmarshal").Call(jen.Id("data"), jen.Op("&").Id("u").Dot(v.Name)))}
		}
	}
	byKind := map[string][]*Variant{}
	var order []string
	for _, v := range t.Variants {
		k := kindConst[v.JSON]
		if _, ok := byKind[k]; !ok {
			order = append(order, k)
		}
		byKind[k] = append(byKind[k], v)
	}
	var kcases []jen.Code
	kcases = append(kcases, jen.Case(jen.Qual(runtimePkg, "KindNull")).Block(jen.Return(jen.Nil())))
	for _, k := range order {
		vs := byKind[k]
		if t.Discriminator == "" || k != "KindObject" {
			kcases = append(kcases, jen.Case(jen.Qual(runtimePkg, k)).Block(decode(vs[0])...))
			continue
		}
		var dcases []jen.Code
		for _, v := range vs {
			var tags []jen.Code
			for _, tag := range v.Tags {
				tags = append(tags, jen.Lit(tag))
			}
			dcases = append(dcases, jen.Case(tags...).Block(decode(v)...))
		}
		kcases = append(kcases, jen.Case(jen.Qual(runtimePkg, k)).Block(
			jen.List(jen.Id("tag"), jen.Err()).Op(":=").Qual(runtimePkg, "Discriminator").Call(jen.Id("data"), jen.Lit(t.Discriminator)),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Qual(runtimePkg, "NoVariant").Call(jen.Lit(t.Name), jen.Err().Dot("Error").Call()))),
			jen.Switch(jen.Id("tag")).Block(dcases...),
			jen.Return(jen.Qual(runtimePkg, "NoVariant").Call(jen.Lit(t.Name), jen.Qual("strconv", "Quote").Call(jen.Id("tag")))),
		))
	}
	f.Comment("// UnmarshalJSON decodes into the variant that the JSON value's kind" + discText(t) + " selects.")
	f.Func().Params(jen.Id("u").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Op("*").Id("u").Op("=").Id(t.Name).Values(),
		jen.Switch(jen.Qual(runtimePkg, "KindOf").Call(jen.Id("data"))).Block(kcases...),
		jen.Return(jen.Qual(runtimePkg, "NoVariant").Call(jen.Lit(t.Name), jen.Qual(runtimePkg, "KindOf").Call(jen.Id("data")).Dot("String").Call())),
	)
}

func emitTuple(f *jen.File, t *Type) {
	var fields []jen.Code
	for _, fd := range t.Fields {
		if fd.Doc != "" {
			fields = append(fields, comment(fd.Doc)...)
		}
		fields = append(fields, jen.Id(fd.Name).Add(goType(fd.Type)))
	}
	restElem := goType(&Ref{Kind: RefAny})
	rest := jen.Nil()
	restPtr := jen.Nil()
	if t.Extra != nil {
		restElem = goType(t.Extra)
		fields = append(fields, jen.Comment("// Rest holds the items after the fixed positions."),
			jen.Id("Rest").Index().Add(goType(t.Extra)))
		rest = jen.Id("t").Dot("Rest")
		restPtr = jen.Op("&").Id("t").Dot("Rest")
	}
	f.Type().Id(t.Name).Struct(fields...)
	f.Line()
	var required, optional, ptrs []jen.Code
	for _, fd := range t.Fields {
		v := jen.Id("t").Dot(fd.Name)
		ptrs = append(ptrs, jen.Op("&").Id("t").Dot(fd.Name))
		if fd.Omit != "optional" {
			required = append(required, v)
			continue
		}
		set := jen.Id("t").Dot(fd.Name).Op("!=").Nil()
		if fd.Type.Kind == RefNullable {
			set = jen.Id("t").Dot(fd.Name).Dot("Present")
		}
		optional = append(optional, jen.Values(jen.Dict{jen.Id("Set"): set, jen.Id("Value"): v}))
	}
	f.Comment("// MarshalJSON encodes the positions that are set, in order, as a JSON array.")
	f.Func().Params(jen.Id("t").Id(t.Name)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Qual(runtimePkg, "MarshalTuple").Types(restElem).Call(
			jen.Index().Any().Values(required...),
			jen.Index().Qual(runtimePkg, "TupleItem").Values(optional...),
			rest)),
	)
	f.Line()
	f.Comment("// UnmarshalJSON decodes a JSON array position by position.")
	f.Func().Params(jen.Id("t").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Op("*").Id("t").Op("=").Id(t.Name).Values(),
		jen.Return(jen.Qual(runtimePkg, "UnmarshalTuple").Types(restElem).Call(jen.Id("data"), jen.Index().Any().Values(ptrs...), restPtr)),
	)
}

func discText(t *Type) string {
	if t.Discriminator == "" {
		return ""
	}
	return " and its " + strconv.Quote(t.Discriminator) + " property"
}

func emitParse(f *jen.File, t *Type) {
	var schemaArgs []jen.Code
	for i, loc := range t.Schemas {
		v := "schema" + t.Name
		if i > 0 {
			v += strconv.Itoa(i + 1)
		}
		f.Var().Id(v).Op("=").Id("structgenSchemas").Dot("Schema").Call(jen.Lit(loc))
		schemaArgs = append(schemaArgs, jen.Id(v))
	}
	f.Line()
	f.Comment(fmt.Sprintf("// Parse%s validates data against the schema of %s and decodes it.", t.Name, t.Name))
	f.Comment("// Nothing is repaired; on failure the error is a *runtime.ValidationError.")
	args := append([]jen.Code{jen.Lit(t.Name), jen.Id("data")}, schemaArgs...)
	f.Func().Id("Parse"+t.Name).Params(jen.Id("data").Index().Byte()).Params(jen.Id(t.Name), jen.Error()).Block(
		jen.Return(jen.Qual(runtimePkg, "Parse").Types(jen.Id(t.Name)).Call(args...)),
	)
	f.Line()
}

func emitSchemas(f *jen.File, pkg *Package) {
	f.Comment("// structgenSchemas holds the schema documents this package was generated")
	f.Comment("// from; Parse functions validate against them.")
	f.Var().Id("structgenSchemas").Op("=").Qual(runtimePkg, "NewSchemas").Call(
		jen.Lit(pkg.Draft),
		jen.Map(jen.String()).String().Values(jen.DictFunc(func(d jen.Dict) {
			for i := range pkg.Resources {
				d[jen.Lit(pkg.Resources[i].URL)] = jen.Id("schemaDoc" + strconv.Itoa(i))
			}
		})))
	for i, r := range pkg.Resources {
		f.Line()
		f.Comment("// " + r.URL)
		f.Const().Id("schemaDoc" + strconv.Itoa(i)).Op("=").Add(stringLit(r.Text))
	}
}

// emitOutput writes a final-answer contract.
func emitOutput(f *jen.File, o *Output) {
	f.Comment(fmt.Sprintf("// %sOutput is the final-answer contract for %s: its canonical schema,", o.Name, o.Type))
	f.Comment("// each provider's dialect of it, and Parse, which reads a model's reply")
	f.Comment("// leniently, then validates it strictly against the canonical schema.")
	if o.Plain {
		f.Comment("// A plain string: no contract, Parse returns the text as it is.")
	}
	f.Var().Id(o.Name+"Output").Op("=").Qual(runtimePkg, "NewOutput").Types(jen.Id(o.Type)).Call(
		jen.Lit(o.Name),
		jen.Id("structgenSchemas").Dot("Schema").Call(jen.Lit(o.SchemaURL+"#")),
		jen.Qual(runtimePkg, "Dialects").Values(jen.Dict{
			jen.Id("OpenAI"):    jen.Qual("encoding/json", "RawMessage").Call(jen.Id("openAIOutput" + o.Name)),
			jen.Id("Anthropic"): jen.Qual("encoding/json", "RawMessage").Call(jen.Id("anthropicOutput" + o.Name)),
			jen.Id("Gemini"):    jen.Qual("encoding/json", "RawMessage").Call(jen.Id("geminiOutput" + o.Name)),
			jen.Id("Prompt"):    jen.Id("promptOutput" + o.Name),
			jen.Id("Wrapped"):   jen.Lit(o.Wrapped),
		}),
		jen.Lit(o.Plain),
	)
	f.Line()
}

// emitDialects writes the provider views as constants.
func emitDialects(f *jen.File, pkg *Package) {
	for _, o := range pkg.Outputs {
		for _, d := range []struct{ id, text string }{
			{"openAIOutput", o.OpenAI}, {"anthropicOutput", o.Anthropic}, {"geminiOutput", o.Gemini}, {"promptOutput", o.Prompt},
		} {
			f.Const().Id(d.id + o.Name).Op("=").Add(stringLit(d.text))
			f.Line()
		}
	}
	for _, t := range pkg.Tools {
		for _, d := range []struct{ id, text string }{
			{"openAITool", t.OpenAI}, {"anthropicTool", t.Anthropic}, {"geminiTool", t.Gemini}, {"mcpTool", t.MCP},
		} {
			f.Const().Id(d.id + t.GoName).Op("=").Add(stringLit(d.text))
			f.Line()
		}
	}
}

// stringLit writes s as a raw string when it can, so that embedded schemas
// stay readable and diffs stay small.
func stringLit(s string) jen.Code {
	if !strings.ContainsAny(s, "`\r\x00") && !strings.Contains(s, "\ufeff") {
		return jen.Op("`" + s + "`")
	}
	return jen.Lit(s)
}
