package emit

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
)

// DecodeFile holds the generated validating decoders.
const DecodeFile = "structgen_decode_gen.go"

const jxPkg = "github.com/go-faster/jx"

// emitDecoders writes a decodeJSON method for every type with a Decode:
// it reads the JSON once with a jx.Decoder, decodes and checks the schema
// as it goes (impl.Decoding collects the problems).
func emitDecoders(f *gosrc.File, pkg *ir.Package) bool {
	f.ImportName(jxPkg, "jx")
	types := map[string]*ir.Type{}
	for _, t := range pkg.Types {
		types[t.Name] = t
	}
	any := false
	for _, t := range pkg.Types {
		if t.Decode == nil {
			continue
		}
		any = true
		switch t.Kind {
		case ir.KindStruct:
			emitStructDecoder(f, t, types, pkg.SchemaSet)
		case ir.KindEnum:
			emitEnumDecoder(f, t)
		case ir.KindUnion:
			emitUnionDecoder(f, t, types, pkg.SchemaSet)
		case ir.KindTuple:
			emitTupleDecoder(f, t, types, pkg.SchemaSet)
		case ir.KindAction:
			emitActionDecoder(f, t, types, pkg.SchemaSet)
		case ir.KindDefined:
			emitDefinedDecoder(f, t, types)
		}
		f.Line()
	}
	return any
}

// emitDefinedDecoder writes the decodeJSON of a defined slice or map
// type: its value read and checked as a field of its underlying type.
func emitDefinedDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type) {
	deref := gosrc.Op("*").Id("v")
	if t.Underlying.Kind == ir.RefMap {
		deref = gosrc.Parens(deref) // its keys are read
	}
	f.Comment(fmt.Sprintf("// decodeJSON reads %s and checks its schema in one pass.", t.Name))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(
		valueCode(deref, t.Underlying, t.Decode.Value, 0, types)...)
}

func decoderParams() []gosrc.Code {
	return []gosrc.Code{gosrc.Id("d").Op("*").Qual(jxPkg, "Decoder"), gosrc.Id("c").Op("*").Qual(implPkg, "Decoding")}
}

// decodeValue is the function impl.ParseDecoded calls to read a value
// of type typ: it returns the value, so that the value need not escape.
// With null (the schema of a struct or tuple type allows null, see
// ir.Decode.Null) null is the zero value, as encoding/json reads it,
// which the validators of the keywords beside the typed checks (also)
// check: the typed checks, of an object's or array's parts, pass it.
func decodeValue(typ string, null bool, also []*ir.Validator, top []gosrc.Code) gosrc.Code {
	body := []gosrc.Code{gosrc.Id("v").Dot("decodeJSON").Call(gosrc.Id("d"), gosrc.Id("c")), gosrc.Return()}
	if top != nil {
		body = append(top, gosrc.Return())
	}
	switch {
	case null && len(also) > 0:
		checks := applyAll(gosrc.Id("raw"), also)
		body = []gosrc.Code{
			gosrc.If(gosrc.Id("d").Dot("Next").Call().Op("!=").Qual(jxPkg, "Null")).Block(body...),
			gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawView").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(checks...),
			gosrc.Return(),
		}
	case null:
		body = []gosrc.Code{gosrc.If(gosrc.Op("!").Id("c").Dot("IsNull").Call(gosrc.Id("d"))).Block(body[:len(body)-1]...), gosrc.Return()}
	}
	return gosrc.Func().Params(decoderParams()...).Params(gosrc.Id("v").Id(typ)).Block(body...)
}

func emitEnumDecoder(f *gosrc.File, t *ir.Type) {
	// The text is compared where jx holds it and each value assigned as
	// its constant: reading a value allocates nothing.
	var cases []gosrc.Code
	var vals []string
	for _, v := range t.Values {
		vals = append(vals, strconv.Quote(v.Value))
		cases = append(cases, gosrc.Case(gosrc.Lit(v.Value)).Block(gosrc.Op("*").Id("v").Op("=").Id(t.Name).Call(gosrc.Lit(v.Value))))
	}
	cases = append(cases, gosrc.Default().Block(notOneOf(vals)))
	f.Comment(fmt.Sprintf("// decodeJSON reads %s, one of its values.", t.Name))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(
		gosrc.List(gosrc.Id("s"), gosrc.Id("ok")).Op(":=").Id("c").Dot("StringBytes").Call(gosrc.Id("d")),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		gosrc.Switch(gosrc.String().Call(gosrc.Id("s"))).Block(cases...),
	)
}

// jxKinds are the jx token types of each JSON kind a variant holds.
var jxKinds = map[string][]string{
	"boolean": {"Bool"}, "integer": {"Number"}, "number": {"Number"},
	"string": {"String"}, "array": {"Array"}, "object": {"Object"},
}

// emitUnionDecoder writes a union's decoder: the value's kind picks the
// variant, whose branch's checks apply.
func emitUnionDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type, set string) {
	if t.Decode.Tag != "" || t.Decode.Keyed {
		emitTaggedDecoder(f, t, types)
		return
	}
	var cases []gosrc.Code
	var want []string
	brs := t.Decode.Branches
	brsVar := gosrc.Id("structgen" + t.Name + "Branches")
	for i, v := range t.Variants {
		var kinds []gosrc.Code
		for _, k := range jxKinds[v.JSON] {
			kinds = append(kinds, gosrc.Qual(jxPkg, k))
		}
		want = append(want, v.JSON)
		read := checkedCode(gosrc.Id("v").Dot(v.Name), v.Type, t.Decode.Variants[i], types, set)
		if brs != nil && brs.Of[i] != nil {
			// The variant's problems are its branch's: worded as the
			// union's validator words a failed anyOf or oneOf.
			args := []gosrc.Code{brsVar, gosrc.Id("from"), kinds[0]}
			for _, b := range brs.Of[i] {
				args = append(args, gosrc.Lit(b))
			}
			read = append(append([]gosrc.Code{gosrc.Id("from").Op(":=").Id("c").Dot("Found").Call()}, read...),
				gosrc.If(gosrc.Id("c").Dot("Found").Call().Op(">").Id("from")).Block(gosrc.Id("c").Dot("VariantFailed").Call(args...)))
		}
		cases = append(cases, gosrc.Case(kinds...).Block(read...))
	}
	if t.Decode.Null {
		cases = append(cases, gosrc.Case(gosrc.Qual(jxPkg, "Null")).Block(gosrc.Id("c").Dot("IsNull").Call(gosrc.Id("d"))))
		want = append(want, "null")
	}
	// Any other kind is a problem, and no kind at all a syntax error.
	other := gosrc.Id("c").Dot("WrongType").Call(gosrc.Id("d"), gosrc.Lit(strings.Join(want, " or ")))
	switch {
	case t.Decode.Words != nil:
		other = gosrc.Id("c").Dot("Check").Call(gosrc.Id("d"), gosrc.Id(t.Decode.Words[0].Name)) // see ir.Decode.Words
	case brs != nil:
		other = gosrc.Id("c").Dot("NoBranchKind").Call(gosrc.Id("d"), brsVar)
	case t.Decode.Enum != nil:
		other = gosrc.Block(gosrc.Id("c").Dot("Skip").Call(gosrc.Id("d")), notOneOf(t.Decode.Enum))
	}
	cases = append(cases, gosrc.Default().Block(other))
	if brs != nil {
		op := "anyOf"
		if brs.OneOf {
			op = "oneOf"
		}
		var words []gosrc.Code
		for _, w := range brs.Want {
			words = append(words, gosrc.Lit(w))
		}
		f.Comment(fmt.Sprintf("// %s words a value no branch of %s's %s matches.", brsVar.GoString(), t.Name, op))
		f.Var().Add(brsVar).Op("=").Op("&").Qual(implPkg, "Branches").Values(gosrc.Dict{
			gosrc.Id("Op"): gosrc.Lit(op), gosrc.Id("Want"): gosrc.Index().String().Values(words...)})
		f.Line()
	}
	f.Comment(fmt.Sprintf("// decodeJSON reads %s: the value's kind picks the variant.", t.Name))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(
		gosrc.Switch(gosrc.Id("d").Dot("Next").Call()).Block(cases...),
	)
}

// emitTaggedDecoder writes the decoder of a union whose variants a
// property or the presence of properties tells apart: the tag or keys
// pick the one variant that can match, whose decoder reads the value
// quietly; where it finds a problem (or no variant can match), the
// union's validator checks the value again to word the problems as for
// any anyOf or oneOf.
func emitTaggedDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type) {
	read := func(i int) gosrc.Code {
		r := gosrc.Func().Params(gosrc.Id("c").Op("*").Qual(implPkg, "Decoding"), gosrc.Id("d").Op("*").Qual(jxPkg, "Decoder")).Block(
			valueCode(gosrc.Id("v").Dot(t.Variants[i].Name), t.Variants[i].Type, t.Decode.Variants[i], 0, types)...)
		return gosrc.If(gosrc.Id("c").Dot("Variant").Call(gosrc.Id("raw"), r)).Block(gosrc.Return())
	}
	def := -1
	var cases []gosrc.Code
	for i, v := range t.Variants {
		if len(v.Tags) == 0 && len(v.Keys) == 0 {
			def = i
			continue
		}
		if t.Decode.Keyed {
			cases = append(cases, gosrc.Case(gosrc.Lit(i)).Block(read(i)))
			continue
		}
		var tags []gosrc.Code
		for _, tag := range v.Tags {
			tags = append(tags, gosrc.Lit(tag))
		}
		cases = append(cases, gosrc.Case(tags...).Block(read(i)))
	}
	words := []gosrc.Code{gosrc.Id("raw")}
	for _, w := range t.Decode.Words {
		words = append(words, gosrc.Id(w.Name))
	}
	var pick gosrc.Code
	switch {
	case t.Decode.Keyed:
		if def >= 0 {
			cases = append(cases, gosrc.Case(gosrc.Lit(def)).Block(read(def)))
		}
		f.Comment(fmt.Sprintf("// decodeJSON reads %s: the properties it has pick the variant.", t.Name))
		keys, _ := variantKeys(t.Variants)
		pick = gosrc.Switch(gosrc.Id("c").Dot("Keyed").Call(gosrc.Id("raw"), keys, gosrc.Lit(def))).Block(cases...)
	case def >= 0:
		// The untagged variant refuses the property: where it passes, no
		// other can, and where the property comes first it fails at once.
		// It is tried first, sparing a scan for the tag where there is none.
		f.Comment(fmt.Sprintf("// decodeJSON reads %s: the variant without a %q property, or the one", t.Name, t.Decode.Tag))
		f.Comment("// that property picks.")
		pick = gosrc.Add(read(def)).Line().Op("*").Id("v").Op("=").Id(t.Name).Values().Line().
			If(gosrc.List(gosrc.Id("tag"), gosrc.Id("ok")).Op(":=").Id("c").Dot("TagBytes").Call(gosrc.Id("raw"), gosrc.Lit(t.Decode.Tag)), gosrc.Id("ok")).Block(
			gosrc.Switch(gosrc.String().Parens(gosrc.Id("tag"))).Block(cases...))
	default:
		f.Comment(fmt.Sprintf("// decodeJSON reads %s: its %q property picks the variant.", t.Name, t.Decode.Tag))
		pick = gosrc.If(gosrc.List(gosrc.Id("tag"), gosrc.Id("ok")).Op(":=").Id("c").Dot("TagBytes").Call(gosrc.Id("raw"), gosrc.Lit(t.Decode.Tag)), gosrc.Id("ok")).Block(
			gosrc.Switch(gosrc.String().Parens(gosrc.Id("tag"))).Block(cases...))
	}
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(
		gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawView").Call(gosrc.Id("d")),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		pick,
		gosrc.Op("*").Id("v").Op("=").Id(t.Name).Values(),
		gosrc.Id("c").Dot("NoVariant").Call(words...),
	)
}

func emitStructDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type, set string) {
	var members []objMember
	for _, fd := range t.Fields {
		members = append(members, objMember{fd, gosrc.Id("v").Dot(fd.Name)})
	}
	var extras *gosrc.Statement
	if !t.Decode.Closed {
		extras = gosrc.Id("v")
	}
	body := objectBody(members, t.Decode, extras, t.Extra, types, set)
	fieldChecks := len(t.Decode.Conds)+len(t.Decode.Presence) > 0 // checked on the decoded fields
	if t.Decode.Also == nil && !fieldChecks {
		f.Comment(fmt.Sprintf("// decodeJSON reads %s and checks its schema in one pass.", t.Name))
		f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(body...)
		return
	}
	if t.Decode.Also == nil {
		f.Comment(fmt.Sprintf("// decodeJSON reads %s and checks its schema in one pass: its", t.Name))
		f.Comment("// properties as it decodes them, then the schemas beside them on the")
		f.Comment("// fields it has set.")
		f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(condsRead(t)...)
		emitDecodeTyped(f, t, body)
		return
	}
	emitBesideDecoder(f, t, besideRead(t), "properties", "object", body)
	if fieldChecks {
		f.Line()
		f.Comment(fmt.Sprintf("// decodeChecked reads %s with decodeTyped, then checks the schemas", t.Name))
		f.Comment("// beside its properties on the fields it has set.")
		f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeChecked").Params(decoderParams()...).Block(condsRead(t)...)
	}
}

// besideRead is the typed reading of a struct or tuple type whose
// decoder then checks the keywords beside its typed checks
// (Decode.Also): its decodeTyped, or decodeChecked where it checks some
// schemas on the decoded fields. nil for other types.
func besideRead(t *ir.Type) gosrc.Code {
	if t.Decode == nil || t.Decode.Also == nil {
		return nil
	}
	switch {
	case t.Kind == ir.KindStruct && len(t.Decode.Conds)+len(t.Decode.Presence) > 0:
		return gosrc.Id("v").Dot("decodeChecked").Call(gosrc.Id("d"), gosrc.Id("c"))
	case t.Kind == ir.KindStruct || t.Kind == ir.KindTuple:
		return gosrc.Id("v").Dot("decodeTyped").Call(gosrc.Id("d"), gosrc.Id("c"))
	}
	return nil
}

// topRead is how Parse reads a document of type t, where that differs
// from its decodeJSON: a type whose decoder reads the value's text first
// to check the keywords beside its typed checks on it (besideCode) reads
// the document typed, then checks the document's text, which needs no
// reading to find (impl.Decoding.Document). nil: its decodeJSON.
func topRead(t *ir.Type) []gosrc.Code {
	read := besideRead(t)
	also := t.Decode.Also
	if read == nil || len(also) == 1 && !textForm(also[0]) {
		return nil
	}
	return []gosrc.Code{
		read,
		gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Document").Call(), gosrc.Id("ok")).Block(applyAll(gosrc.Id("raw"), also)...),
	}
}

// emitBesideDecoder writes the decodeJSON of a type whose schema has
// keywords beside its typed checks (ir.Decode.Also): read decodes the
// value typed (through decodeTyped, whose body is body), then the
// keywords' validators check its text; parts and value word the comment.
func emitBesideDecoder(f *gosrc.File, t *ir.Type, read gosrc.Code, parts, value string, body []gosrc.Code) {
	f.Comment(fmt.Sprintf("// decodeJSON reads %s and checks its schema: its %s as it", t.Name, parts))
	f.Comment(fmt.Sprintf("// decodes them, then the keywords beside them on the %s's text.", value))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(
		besideCode(read, t.Decode.Also)...)
	emitDecodeTyped(f, t, body)
}

// emitDecodeTyped writes t's decodeTyped: its typed checks alone.
func emitDecodeTyped(f *gosrc.File, t *ir.Type, body []gosrc.Code) {
	f.Line()
	f.Comment(fmt.Sprintf("// decodeTyped reads %s and checks what its decoder compiles.", t.Name))
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeTyped").Params(decoderParams()...).Block(body...)
}

// emitTupleDecoder writes a tuple's decoder: each item read into its
// position's field with that position's checks, the items after them
// into Rest with the rest's (or refused, where items is false).
func emitTupleDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type, set string) {
	dec := t.Decode
	var cases []gosrc.Code
	for i, fd := range t.Fields {
		cases = append(cases, gosrc.Case(gosrc.Lit(i)).Block(checkedCode(gosrc.Id("v").Dot(fd.Name), fd.Type, fd.Check, types, set)...))
	}
	rest := []gosrc.Code{gosrc.Id("c").Dot("False").Call(gosrc.Id("d"))}
	if !dec.Closed {
		rest = append([]gosrc.Code{gosrc.Var().Id("e").Add(goType(t.Extra))}, valueCode(gosrc.Id("e"), t.Extra, dec.Extra, 0, types)...)
		rest = append(rest, gosrc.Id("v").Dot("Rest").Op("=").Append(gosrc.Id("v").Dot("Rest"), gosrc.Id("e")))
	}
	cases = append(cases, gosrc.Default().Block(rest...))
	body := []gosrc.Code{
		gosrc.List(gosrc.Id("it"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Array").Call(gosrc.Id("d")),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		gosrc.Id("n").Op(":=").Lit(0),
		gosrc.For(gosrc.Op("!").Id("c").Dot("Failed").Call().Op("&&").Id("it").Dot("Next").Call()).Block(
			gosrc.Id("c").Dot("PushIndex").Call(gosrc.Id("n")),
			gosrc.Switch(gosrc.Id("n")).Block(cases...),
			gosrc.Id("c").Dot("Pop").Call(),
			gosrc.Id("n").Op("++"),
		),
		gosrc.Id("c").Dot("End").Call(gosrc.Id("it").Dot("Err").Call()),
	}
	if dec.MinItems != nil || dec.MaxItems != nil {
		body = append(body, gosrc.Id("c").Dot("Items").Call(gosrc.Id("n"), intOr(dec.MinItems, 0), intOr(dec.MaxItems, -1)))
	}
	if dec.Also == nil {
		f.Comment(fmt.Sprintf("// decodeJSON reads %s, an array, position by position and checks", t.Name))
		f.Comment("// its schema in one pass.")
		f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(body...)
		return
	}
	emitBesideDecoder(f, t, besideRead(t), "positions", "array", body)
}

// extraPatternCheck checks an undeclared property's value, raw, kept
// under the name k, against the pattern's schema where k matches it
// (ir.ExtraPattern); where it does not and the object is closed, the
// property is not allowed.
func extraPatternCheck(p *ir.ExtraPattern) gosrc.Code {
	if p == nil {
		return gosrc.Null()
	}
	check := []gosrc.Code{gosrc.Id("c").Dot("Push").Call(gosrc.Id("k")), applyTo(gosrc.Id("raw"), p.Validate[0]), gosrc.Id("c").Dot("Pop").Call()}
	if p.Always {
		return gosrc.Block(check...)
	}
	stmt := gosrc.If(gosrc.Id("c").Dot("Matches").Call(gosrc.Id("k"), gosrc.Lit(p.Pattern))).Block(check...)
	if p.Closed {
		stmt = stmt.Else().Block(gosrc.Id("c").Dot("Push").Call(gosrc.Id("k")), gosrc.Id("c").Dot("NotAllowed").Call(), gosrc.Id("c").Dot("Pop").Call())
	}
	return stmt
}

// rawItemsOnly reports whether r, checked by c, is a slice of raw JSON
// items with no check of its own but null: its items are split off the
// text the validators beside read (rawItemsCode), not read again.
func rawItemsOnly(r *ir.Ref, c *ir.Check) bool {
	if r.Kind != ir.RefSlice || r.Elem.Kind != ir.RefAny {
		return false
	}
	bare := *c
	bare.Null = false
	if bare.Items != nil {
		// A raw item is read whatever its kind: null too.
		item := *bare.Items
		item.Null = false
		if !reflect.ValueOf(item).IsZero() {
			return false
		}
		bare.Items = nil
	}
	return reflect.ValueOf(bare).IsZero()
}

// rawItemsCode reads the next value's text, splits it into dst's raw
// items (impl.Decoding.RawItems; null allowed where null is) and
// checks the text with also.
func rawItemsCode(dst *gosrc.Statement, null bool, also []*ir.Validator) []gosrc.Code {
	return []gosrc.Code{
		gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawView").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(
			gosrc.If(gosrc.List(gosrc.Id("items"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawItems").Call(gosrc.Id("raw"), gosrc.Lit(null)), gosrc.Id("ok")).Block(
				dst.Clone().Op("=").Id("items"),
			),
			gosrc.If(gosrc.Op("!").Id("c").Dot("Failed").Call()).Block(applyAll(gosrc.Id("raw"), also)...),
		),
	}
}

// besideCode reads the next value's text, has read (which reads from d)
// decode and check it from the text, then checks the text with also, the
// validators of the keywords beside the typed checks (ir.Check.Also).
func besideCode(read gosrc.Code, also []*ir.Validator) []gosrc.Code {
	checks := applyAll(gosrc.Id("raw"), also)
	return []gosrc.Code{
		gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawView").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(
			gosrc.Id("d").Op(":=").Id("c").Dot("TextDecoder").Call(gosrc.Id("raw")),
			read,
			gosrc.Id("c").Dot("Release").Call(gosrc.Id("d")),
			gosrc.If(gosrc.Op("!").Id("c").Dot("Failed").Call()).Block(checks...),
		),
	}
}

// emitActionDecoder writes the decoder of a tool's action: one flat
// object whose response fields go to the response part and all others to
// the arguments part, as its UnmarshalJSON reads it.
func emitActionDecoder(f *gosrc.File, t *ir.Type, types map[string]*ir.Type, set string) {
	args, resp := types[t.Fields[0].Type.Name], types[t.Fields[1].Type.Name]
	var members []objMember
	for _, fd := range resp.Fields {
		members = append(members, objMember{fd, gosrc.Id("v").Dot(resp.Name).Dot(fd.Name)})
	}
	for _, fd := range args.Fields {
		members = append(members, objMember{fd, gosrc.Id("v").Dot(args.Name).Dot(fd.Name)})
	}
	var extras *gosrc.Statement
	if !t.Decode.Closed {
		extras = gosrc.Id("v").Dot(args.Name)
	}
	body := objectBody(members, t.Decode, extras, args.Extra, types, set)
	if t.Decode.ArgsMap {
		// An empty map, not nil, as encoding/json reads {} into it.
		body = append([]gosrc.Code{gosrc.Id("v").Dot(args.Name).Op("=").Map(gosrc.String()).Qual("encoding/json", "RawMessage").Values()}, body...)
	}
	f.Comment(fmt.Sprintf("// decodeJSON reads %s, the arguments and the response as one flat", t.Name))
	f.Comment("// object, and checks the tool's schema in one pass.")
	f.Func().Params(gosrc.Id("v").Op("*").Id(t.Name)).Id("decodeJSON").Params(decoderParams()...).Block(body...)
}

// objMember is a declared property and where its value goes.
type objMember struct {
	fd  *ir.Field
	dst *gosrc.Statement
}

// duplicateIf records a key written twice where storing it in the map
// extras did not add an entry: one hash of the key, not a look-up and
// then a store.
func duplicateIf(extras *gosrc.Statement) gosrc.Code {
	return gosrc.If(gosrc.Len(extras.Clone()).Op("==").Id("had")).Block(
		gosrc.Id("c").Dot("Duplicate").Call(gosrc.Index().Byte().Call(gosrc.Id("k"))))
}

// objectBody reads an object's members into their destinations, undeclared
// ones into the AdditionalProperties (of Go type map[string]extraType) and
// AdditionalPropertiesOrder of owner (nil: the object is closed), and
// checks dec.
func objectBody(members []objMember, dec *ir.Decode, owner *gosrc.Statement, extraType *ir.Ref, types map[string]*ir.Type, set string) []gosrc.Code {
	var extras, order *gosrc.Statement
	switch {
	case owner != nil && dec.ArgsMap:
		extras = owner.Clone() // the map itself, which keeps no order
	case owner != nil:
		extras = owner.Clone().Dot("AdditionalProperties")
		order = owner.Clone().Dot("AdditionalPropertiesOrder")
	}
	index := map[string]int{}
	for i, m := range members {
		index[m.fd.JSON] = i
	}
	var required []int // member indexes that are required
	var requiredExtra []string
	for _, name := range dec.Required {
		if i, ok := index[name]; ok {
			required = append(required, i)
		} else {
			requiredExtra = append(requiredExtra, name)
		}
	}
	var body []gosrc.Code
	if len(members) > 0 {
		// seen: a key written twice is a problem (the interpreter's
		// decoder would keep the last value silently), and required
		// properties must be seen.
		body = append(body, gosrc.Var().Id("seen").Index(gosrc.Lit(len(members))).Bool())
	}
	count := dec.MinProperties != nil || dec.MaxProperties != nil
	if count {
		body = append(body, gosrc.Id("n").Op(":=").Lit(0))
	}
	if order != nil {
		// The extras' keys in the order read, on the stack while there
		// are few (KeyOrder keeps a copy, and none in key order).
		body = append(body, gosrc.Var().Id("orderBuf").Index(gosrc.Lit(8)).String(),
			gosrc.Id("order").Op(":=").Id("orderBuf").Index(gosrc.Empty(), gosrc.Lit(0)))
	}
	// remember appends k to the extras' order, where it is kept.
	remember := func() gosrc.Code {
		if order == nil {
			return gosrc.Null()
		}
		return gosrc.Id("order").Op("=").Append(gosrc.Id("order"), gosrc.Id("k"))
	}
	var cases []gosrc.Code
	for i, m := range members {
		fd := m.fd
		block := []gosrc.Code{gosrc.Id("c").Dot("Field").Call(gosrc.Op("&").Id("seen").Index(gosrc.Lit(i)), gosrc.Id("key"), gosrc.Lit(fd.JSON))}
		block = append(block, checkedCode(m.dst, fd.Type, fd.Check, types, set)...)
		block = append(block, gosrc.Id("c").Dot("Pop").Call())
		cases = append(cases, gosrc.Case(gosrc.Lit(fd.JSON)).Block(block...))
	}
	var other []gosrc.Code
	switch {
	case extras == nil:
		other = []gosrc.Code{gosrc.Id("c").Dot("Extra").Call(gosrc.Id("key")), gosrc.Id("c").Dot("Skip").Call(gosrc.Id("d"))}
	case dec.Extra != nil:
		// Undeclared properties of one schema, each checked and decoded.
		other = []gosrc.Code{
			gosrc.Id("k").Op(":=").Id("c").Dot("KeyText").Call(gosrc.Id("key")),
			gosrc.Id("c").Dot("Push").Call(gosrc.Id("k")),
			gosrc.Var().Id("e").Add(goType(extraType)),
		}
		other = append(other, valueCode(gosrc.Id("e"), extraType, dec.Extra, 0, types)...)
		other = append(other,
			gosrc.Id("c").Dot("Pop").Call(),
			gosrc.If(extras.Clone().Op("==").Nil()).Block(
				extras.Clone().Op("=").Map(gosrc.String()).Add(goType(extraType)).Values(),
			),
			gosrc.Id("had").Op(":=").Len(extras.Clone()),
			extras.Clone().Index(gosrc.Id("k")).Op("=").Id("e"),
			duplicateIf(extras),
			remember(),
		)
	default:
		// The key is copied before the value is read: the decoder may
		// reuse the bytes it points into.
		other = []gosrc.Code{
			gosrc.Id("k").Op(":=").Id("c").Dot("KeyText").Call(gosrc.Id("key")),
			gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Raw").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(
				extraPatternCheck(dec.ExtraPattern),
				gosrc.If(extras.Clone().Op("==").Nil()).Block(
					extras.Clone().Op("=").Map(gosrc.String()).Qual("encoding/json", "RawMessage").Values(),
				),
				gosrc.Id("had").Op(":=").Len(extras.Clone()),
				extras.Clone().Index(gosrc.Id("k")).Op("=").Id("raw"),
				duplicateIf(extras),
				remember(),
			),
		}
	}
	member := []gosrc.Code{gosrc.Id("key").Op(":=").Id("it").Dot("Key").Call()}
	if count {
		member = append(member, gosrc.Id("n").Op("++"))
	}
	if len(cases) > 0 {
		member = append(member, gosrc.Switch(gosrc.String().Call(gosrc.Id("key"))).Block(append(cases, gosrc.Default().Block(other...))...))
	} else {
		member = append(member, other...)
	}
	body = append(body,
		gosrc.List(gosrc.Id("it"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Object").Call(gosrc.Id("d")),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		gosrc.For(gosrc.Op("!").Id("c").Dot("Failed").Call().Op("&&").Id("it").Dot("Next").Call()).Block(member...),
		gosrc.Id("c").Dot("End").Call(gosrc.Id("it").Dot("Err").Call()),
		gosrc.If(gosrc.Id("c").Dot("Failed").Call()).Block(gosrc.Return()),
	)
	if order != nil {
		body = append(body, order.Clone().Op("=").Qual(implPkg, "KeyOrder").Call(gosrc.Id("order")))
	}
	if len(required)+len(requiredExtra) > 0 {
		body = append(body, gosrc.Var().Id("missing").Index().String())
		for _, i := range required {
			body = append(body, gosrc.Id("missing").Op("=").Qual(implPkg, "Unseen").Call(gosrc.Id("missing"), gosrc.Id("seen").Index(gosrc.Lit(i)), gosrc.Lit(members[i].fd.JSON)))
		}
		for _, name := range requiredExtra {
			if extras == nil {
				// A closed object cannot hold it: always missing.
				body = append(body, gosrc.Id("missing").Op("=").Append(gosrc.Id("missing"), gosrc.Lit(name)))
				continue
			}
			body = append(body, gosrc.If(gosrc.List(gosrc.Id("_"), gosrc.Id("ok")).Op(":=").Add(extras.Clone()).Index(gosrc.Lit(name)), gosrc.Op("!").Id("ok")).Block(
				gosrc.Id("missing").Op("=").Append(gosrc.Id("missing"), gosrc.Lit(name))))
		}
		body = append(body, gosrc.Id("c").Dot("Missing").Call(gosrc.Id("missing").Op("...")))
	}
	if count {
		body = append(body, gosrc.Id("c").Dot("Properties").Call(gosrc.Id("n"), intOr(dec.MinProperties, 0), intOr(dec.MaxProperties, -1)))
	}
	return body
}

// checkedCode reads a value of Go type r (an object's property, a
// tuple's position, a union's variant) into dst with check c: by the
// generated validators or the interpreter c names, or typed.
func checkedCode(dst *gosrc.Statement, r *ir.Ref, c *ir.Check, types map[string]*ir.Type, set string) []gosrc.Code {
	var out []gosrc.Code
	if vs := c.Validate; vs != nil {
		// Generated validators check this value: see ir.Check.
		args := []gosrc.Code{gosrc.Id("c"), gosrc.Id("d"), gosrc.Op("&").Add(dst.Clone()), shapeDecoder(r, types)}
		text := true // every validator has a text form: hand them the text
		for _, v := range vs {
			text = text && textForm(v)
		}
		for _, v := range vs {
			if text {
				args = append(args, gosrc.Id(textOf(v)))
			} else {
				args = append(args, gosrc.Id(v.Name))
			}
		}
		call := "Validated"
		if text {
			call = "ValidatedText"
		}
		out = append(out, gosrc.Qual(implPkg, call).Call(args...))
	} else if in := c.Interpret; in != nil {
		// The schema interpreter checks this value: see ir.Check.
		args := []gosrc.Code{gosrc.Id("c"), gosrc.Id("d"), gosrc.Op("&").Add(dst.Clone())}
		for _, loc := range in {
			args = append(args, gosrc.Id(set).Dot("Schema").Call(gosrc.Lit(loc)))
		}
		out = append(out, gosrc.Qual(implPkg, "Interpret").Call(args...))
	} else {
		out = append(out, valueCode(dst.Clone(), r, c, 0, types)...)
	}
	return out
}

func intOr(p *int, def int) gosrc.Code {
	if p == nil {
		return gosrc.Lit(def)
	}
	return gosrc.Lit(*p)
}

// newScalar names the impl.Decoding method that allocates a scalar
// an optional field points to.
var newScalar = map[ir.RefKind]string{ir.RefString: "NewString", ir.RefInt: "NewInt64", ir.RefFloat: "NewFloat64", ir.RefBool: "NewBool"}

// plain reports whether c checks nothing (nil does not), but for null
// where null is allowed (the caller reads it) and the items' checks
// (the caller looks at them).
func plain(c *ir.Check, container bool) bool {
	if c == nil {
		return true
	}
	cc := *c
	cc.Why = ""
	if container {
		cc.Null, cc.Items = false, nil
	}
	return reflect.ValueOf(cc).IsZero()
}

// scalarPtr names the impl.Decoding method that reads a scalar into a
// new pointer, where nothing but its kind is checked.
var scalarPtr = map[ir.RefKind]string{ir.RefString: "StringPtr", ir.RefInt: "Int64Ptr", ir.RefFloat: "Float64Ptr", ir.RefBool: "BoolPtr"}

// scalarChecked reports whether c checks a scalar of kind k beyond its
// kind (what valueCode writes after the read).
func scalarChecked(k ir.RefKind, c *ir.Check) bool {
	switch k {
	case ir.RefString:
		return len(stringChecks(c)) > 0
	case ir.RefBool:
		return len(boolChecks(c)) > 0
	case ir.RefInt:
		return len(intChecks(c)) > 0 || c.EnumOnly && len(c.Enum) > 0
	case ir.RefFloat:
		return c.Minimum+c.Maximum+c.ExclusiveMinimum+c.ExclusiveMaximum+c.MultipleOf != ""
	}
	return true
}

// small reports whether a value of Go type r takes a word or two (a
// string, a number, a pointer), so that room for a few costs little.
func small(r *ir.Ref, types map[string]*ir.Type) bool {
	switch r.Kind {
	case ir.RefString, ir.RefInt, ir.RefFloat, ir.RefBool, ir.RefPointer, ir.RefMap:
		return true
	case ir.RefNamed:
		// An enum is a string or a number; a defined type is as small as
		// what it is defined as.
		t := types[r.Name]
		if r.Pkg != "" || t == nil {
			return false
		}
		switch t.Kind {
		case ir.KindEnum:
			return true
		case ir.KindDefined, ir.KindAlias:
			return t.Underlying != nil && t.Underlying.Kind != ir.RefNamed && small(t.Underlying, types)
		}
	}
	return false
}

// nullChecks checks null, read where c allows it, with the validators
// of the keywords beside a struct's or tuple's typed checks (see
// ir.Check.NullAlso).
func nullChecks(c *ir.Check) []gosrc.Code {
	return applyAll(gosrc.Index().Byte().Call(gosrc.Lit("null")), c.NullAlso)
}

// applyAll checks raw, a value's text, with each of vs.
func applyAll(raw gosrc.Code, vs []*ir.Validator) []gosrc.Code {
	var out []gosrc.Code
	for _, v := range vs {
		out = append(out, applyTo(raw, v))
	}
	return out
}

// valueCode reads the next value into dst (addressable), of Go type r,
// checking c.
func valueCode(dst *gosrc.Statement, r *ir.Ref, c *ir.Check, depth int, types map[string]*ir.Type) []gosrc.Code {
	if c.Also != nil {
		// Keywords beside the typed checks: see ir.Check.Also.
		typed := *c
		typed.Also = nil
		if rawItemsOnly(r, &typed) {
			return rawItemsCode(dst, typed.Null, c.Also)
		}
		return besideCode(gosrc.Block(valueCode(dst, r, &typed, depth, types)...), c.Also)
	}
	switch r.Kind {
	case ir.RefPointer:
		x := fmt.Sprintf("p%d", depth)
		read := []gosrc.Code{
			gosrc.Id(x).Op(":=").New(goType(r.Elem)),
		}
		if n, ok := newScalar[r.Elem.Kind]; ok {
			read[0] = gosrc.Id(x).Op(":=").Id("c").Dot(n).Call() // from a chunk: see impl.Decoding.NewString
		}
		if n, ok := scalarPtr[r.Elem.Kind]; ok && !scalarChecked(r.Elem.Kind, c) {
			// Nothing to check but the kind: one call (less code to
			// write, format and compile).
			read = []gosrc.Code{dst.Clone().Op("=").Id("c").Dot(n).Call(gosrc.Id("d"))}
		} else if r.Elem.Kind == ir.RefNamed {
			read = append(read, gosrc.Id(x).Dot("decodeJSON").Call(gosrc.Id("d"), gosrc.Id("c")))
		} else {
			deref := gosrc.Op("*").Id(x)
			if r.Elem.Kind == ir.RefMap || r.Elem.Kind == ir.RefNullable {
				deref = gosrc.Parens(deref) // its keys or fields are read
			}
			read = append(read, valueCode(deref, r.Elem, c, depth+1, types)...)
		}
		if len(read) > 1 {
			read = append(read, dst.Clone().Op("=").Id(x))
		}
		if c.Null {
			return []gosrc.Code{gosrc.If(gosrc.Id("c").Dot("IsNull").Call(gosrc.Id("d"))).Block(append([]gosrc.Code{dst.Clone().Op("=").Nil()}, nullChecks(c)...)...).Else().Block(read...)}
		}
		return read
	case ir.RefNullable:
		read := valueCode(dst.Clone().Dot("Value"), r.Elem, c, depth+1, types)
		return []gosrc.Code{
			dst.Clone().Dot("Present").Op("=").True(),
			gosrc.If(gosrc.Id("c").Dot("IsNull").Call(gosrc.Id("d"))).Block(append([]gosrc.Code{dst.Clone().Dot("Null").Op("=").True()}, nullChecks(c)...)...).Else().Block(read...),
		}
	}
	nullable := c.Null && (r.Kind == ir.RefSlice || r.Kind == ir.RefMap)
	var read []gosrc.Code
	switch r.Kind {
	case ir.RefAny:
		return []gosrc.Code{gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Raw").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(dst.Clone().Op("=").Id("raw"))}
	case ir.RefNamed:
		read = []gosrc.Code{dst.Clone().Dot("decodeJSON").Call(gosrc.Id("d"), gosrc.Id("c"))}
	case ir.RefString:
		checks := append([]gosrc.Code{dst.Clone().Op("=").Id("s")}, stringChecks(c)...)
		read = []gosrc.Code{gosrc.If(gosrc.List(gosrc.Id("s"), gosrc.Id("ok")).Op(":=").Id("c").Dot("String").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(checks...)}
	case ir.RefBool:
		checks := append([]gosrc.Code{dst.Clone().Op("=").Id("b")}, boolChecks(c)...)
		read = []gosrc.Code{gosrc.If(gosrc.List(gosrc.Id("b"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Bool").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(checks...)}
	case ir.RefInt:
		checks := append([]gosrc.Code{dst.Clone().Op("=").Id("i")}, intChecks(c)...)
		get := gosrc.Id("c").Dot("Int64").Call(gosrc.Id("d"))
		if c.EnumOnly && len(c.Enum) > 0 {
			words, one := enumWords(c.Enum)
			get = gosrc.Id("c").Dot("EnumInt64").Call(gosrc.Id("d"), gosrc.Lit(words), gosrc.Lit(one))
		}
		read = []gosrc.Code{gosrc.If(gosrc.List(gosrc.Id("i"), gosrc.Id("ok")).Op(":=").Add(get), gosrc.Id("ok")).Block(checks...)}
	case ir.RefFloat:
		checks := []gosrc.Code{dst.Clone().Op("=").Id("f")}
		if c.Minimum+c.Maximum+c.ExclusiveMinimum+c.ExclusiveMaximum != "" {
			checks = append(checks, gosrc.Id("c").Dot("FloatBounds").Call(gosrc.Id("f"), gosrc.Id("text"), gosrc.Lit(c.Minimum), gosrc.Lit(c.Maximum), gosrc.Lit(c.ExclusiveMinimum), gosrc.Lit(c.ExclusiveMaximum)))
		}
		if c.MultipleOf != "" {
			checks = append(checks, gosrc.Id("c").Dot("NumberMultipleOf").Call(gosrc.Id("text"), gosrc.Lit(c.MultipleOf)))
		}
		if len(checks) == 1 {
			checks = append(checks, gosrc.Id("_").Op("=").Id("text"))
		}
		read = []gosrc.Code{gosrc.If(gosrc.List(gosrc.Id("f"), gosrc.Id("text"), gosrc.Id("ok")).Op(":=").Id("c").Dot("Float64").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(checks...)}
	case ir.RefSlice:
		if r.Elem.Kind == ir.RefString && plain(c, true) && plain(c.Items, false) {
			// Nothing to check but kinds: one call (less code to write,
			// format and compile).
			read = []gosrc.Code{dst.Clone().Op("=").Id("c").Dot("Strings").Call(gosrc.Id("d"))}
			break
		}
		item, it, idx := fmt.Sprintf("e%d", depth), fmt.Sprintf("a%d", depth), fmt.Sprintf("i%d", depth)
		texts := fmt.Sprintf("t%d", depth)
		itemCode := []gosrc.Code{gosrc.Id("c").Dot("PushIndex").Call(gosrc.Id(idx))}
		inPlace := r.Elem.Kind == ir.RefNamed && !c.UniqueText && !small(r.Elem, types)
		switch {
		case inPlace:
			// A struct (or union, or tuple) is decoded where it goes: as a
			// variable appended after, it would be zeroed and then copied
			// (and moved to the heap where its decoder calls itself).
			slice := gosrc.Add(dst.Clone())
			if strings.HasPrefix(fmt.Sprintf("%#v", dst), "*") {
				slice = gosrc.Parens(dst.Clone()) // *v[i] would index v
			}
			last := slice.Index(gosrc.Len(dst.Clone()).Op("-").Lit(1))
			itemCode = append(itemCode, dst.Clone().Op("=").Append(dst.Clone(), gosrc.Add(goType(r.Elem)).Values()))
			itemCode = append(itemCode, valueCode(last, r.Elem, c.Items, depth+1, types)...)
		case c.UniqueText:
			// Each item's text is kept for the comparison, and the item
			// decoded from it.
			itemCode = append(itemCode,
				gosrc.Var().Id(item).Add(goType(r.Elem)),
				gosrc.List(gosrc.Id("text"), gosrc.Id("ok")).Op(":=").Id("c").Dot("RawView").Call(gosrc.Id("d")),
				gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Id("c").Dot("Pop").Call(), gosrc.Break()),
				gosrc.Id(texts).Op("=").Append(gosrc.Id(texts), gosrc.Id("text")),
				gosrc.Block(append([]gosrc.Code{gosrc.Id("d").Op(":=").Id("c").Dot("TextDecoder").Call(gosrc.Id("text"))},
					append(valueCode(gosrc.Id(item), r.Elem, c.Items, depth+1, types), gosrc.Id("c").Dot("Release").Call(gosrc.Id("d")))...)...),
			)
		default:
			itemCode = append(itemCode, gosrc.Var().Id(item).Add(goType(r.Elem)))
			itemCode = append(itemCode, valueCode(gosrc.Id(item), r.Elem, c.Items, depth+1, types)...)
		}
		if !inPlace {
			if small(r.Elem, types) {
				// The first small item makes room for four: appending from
				// none would allocate for one, two and four in turn.
				itemCode = append(itemCode, gosrc.If(gosrc.Id(idx).Op("==").Lit(0)).Block(dst.Clone().Op("=").Make(goType(r), gosrc.Lit(0), gosrc.Lit(4))))
			}
			itemCode = append(itemCode, dst.Clone().Op("=").Append(dst.Clone(), gosrc.Id(item)))
		}
		itemCode = append(itemCode, gosrc.Id("c").Dot("Pop").Call())
		done := append([]gosrc.Code{gosrc.Id("c").Dot("End").Call(gosrc.Id(it).Dot("Err").Call())}, arrayChecks(dst, c)...)
		start := []gosrc.Code{dst.Clone().Op("=").Add(goType(r)).Values()}
		if c.UniqueText {
			start = append(start, gosrc.Var().Id(texts).Index().Index().Byte())
			done = append(done, gosrc.Id("c").Dot("UniqueJSON").Call(gosrc.Id(texts)))
		}
		read = []gosrc.Code{
			gosrc.If(gosrc.List(gosrc.Id(it), gosrc.Id("ok")).Op(":=").Id("c").Dot("Array").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(
				append(append(start,
					gosrc.For(gosrc.Id(idx).Op(":=").Lit(0), gosrc.Op("!").Id("c").Dot("Failed").Call().Op("&&").Id(it).Dot("Next").Call(), gosrc.Id(idx).Op("++")).Block(itemCode...),
				), done...)...),
		}
	case ir.RefMap:
		if r.Elem.Kind == ir.RefAny && plain(c, true) && plain(c.Items, false) {
			read = []gosrc.Code{dst.Clone().Op("=").Id("c").Dot("RawMap").Call(gosrc.Id("d"))}
			break
		}
		k, m, val := fmt.Sprintf("k%d", depth), fmt.Sprintf("m%d", depth), fmt.Sprintf("e%d", depth)
		duplicate := gosrc.Id("c").Dot("Duplicate").Call(gosrc.Index().Byte().Call(gosrc.Id(k)))
		member := []gosrc.Code{gosrc.Id(k).Op(":=").Id("c").Dot("KeyText").Call(gosrc.Id(m).Dot("Key").Call())}
		var after []gosrc.Code
		if c.KeyPattern == nil {
			// Every member is stored: a key written twice is one the
			// store did not add (one hash of the key, not two).
			had := fmt.Sprintf("had%d", depth)
			member = append(member, gosrc.Id(had).Op(":=").Len(dst.Clone()))
			after = []gosrc.Code{gosrc.If(gosrc.Len(dst.Clone()).Op("==").Id(had)).Block(duplicate)}
		} else {
			member = append(member, gosrc.If(gosrc.List(gosrc.Id("_"), gosrc.Id("dup")).Op(":=").Add(dst.Clone()).Index(gosrc.Id(k)), gosrc.Id("dup")).Block(duplicate))
		}
		member = append(member, gosrc.Id("c").Dot("Push").Call(gosrc.Id(k)))
		value := append([]gosrc.Code{gosrc.Var().Id(val).Add(goType(r.Elem))}, valueCode(gosrc.Id(val), r.Elem, c.Items, depth+1, types)...)
		value = append(value, dst.Clone().Index(gosrc.Id(k)).Op("=").Id(val))
		if c.KeyPattern != nil {
			// A key the pattern does not match is not allowed; its value
			// is not read.
			value = []gosrc.Code{gosrc.If(gosrc.Id("c").Dot("Matches").Call(gosrc.Id(k), gosrc.Lit(*c.KeyPattern))).Block(value...).Else().Block(
				gosrc.Id("c").Dot("NotAllowed").Call(),
				gosrc.Id("c").Dot("Skip").Call(gosrc.Id("d")),
			)}
		}
		member = append(append(append(member, value...), gosrc.Id("c").Dot("Pop").Call()), after...)
		done := []gosrc.Code{gosrc.Id("c").Dot("End").Call(gosrc.Id(m).Dot("Err").Call())}
		if c.MinItems != nil || c.MaxItems != nil {
			done = append(done, gosrc.Id("c").Dot("Properties").Call(gosrc.Len(dst.Clone()), intOr(c.MinItems, 0), intOr(c.MaxItems, -1)))
		}
		if len(c.Required) > 0 {
			done = append(done, gosrc.Var().Id("missing").Index().String())
			for _, name := range c.Required {
				done = append(done, gosrc.If(gosrc.List(gosrc.Id("_"), gosrc.Id("ok")).Op(":=").Add(dst.Clone()).Index(gosrc.Lit(name)), gosrc.Op("!").Id("ok")).Block(
					gosrc.Id("missing").Op("=").Append(gosrc.Id("missing"), gosrc.Lit(name))))
			}
			done = append(done, gosrc.Id("c").Dot("Missing").Call(gosrc.Id("missing").Op("...")))
		}
		read = []gosrc.Code{
			gosrc.If(gosrc.List(gosrc.Id(m), gosrc.Id("ok")).Op(":=").Id("c").Dot("Object").Call(gosrc.Id("d")), gosrc.Id("ok")).Block(
				append([]gosrc.Code{
					dst.Clone().Op("=").Add(goType(r)).Values(),
					gosrc.For(gosrc.Op("!").Id("c").Dot("Failed").Call().Op("&&").Id(m).Dot("Next").Call()).Block(member...),
				}, done...)...),
		}
	default:
		panic("structgen: no decoder for " + string(r.Kind)) // the build stage compiles no other kind
	}
	if nullable {
		return []gosrc.Code{gosrc.If(gosrc.Id("c").Dot("IsNull").Call(gosrc.Id("d"))).Block(dst.Clone().Op("=").Nil()).Else().Block(read...)}
	}
	return read
}

// shapeDecoder is a function that reads a value of Go type r with the
// typed decoders of the named types in it, checking nothing else: for
// impl.Validated to decode a value that validators have checked. It
// is nil where r names no generated type (the runtime reads those
// itself) or one without a typed decoder (encoding/json reads those).
func shapeDecoder(r *ir.Ref, types map[string]*ir.Type) gosrc.Code {
	return shapeDecoderOf(goType(r), r, types)
}

// shapeDecoderOf is shapeDecoder for a value of Go type goT, whose type
// is r or a type defined as r.
func shapeDecoderOf(goT gosrc.Code, r *ir.Ref, types map[string]*ir.Type) gosrc.Code {
	if named, ok := shapeNames(r, types); !named || !ok {
		return gosrc.Nil()
	}
	return shapeFunc(goT, r, types)
}

// shapeFunc is the shape decoder of a value of Go type goT, whose type is
// r or a type defined as r.
func shapeFunc(goT gosrc.Code, r *ir.Ref, types map[string]*ir.Type) gosrc.Code {
	deref := gosrc.Op("*").Id("v")
	if r.Kind == ir.RefNamed || r.Kind == ir.RefNullable || r.Kind == ir.RefMap {
		deref = gosrc.Parens(deref) // its fields, methods or keys are read
	}
	return gosrc.Func().Params(append([]gosrc.Code{gosrc.Id("v").Op("*").Add(goT)}, decoderParams()...)...).Block(
		valueCode(deref, r, shapeCheck(r), 0, types)...)
}

// shapeNames reports whether r names a type of the package, and whether
// every type it names has a typed decoder.
func shapeNames(r *ir.Ref, types map[string]*ir.Type) (named, ok bool) {
	switch r.Kind {
	case ir.RefNamed:
		t := types[r.Name]
		return true, r.Pkg == "" && t != nil && t.Decode != nil && t.Kind != ir.KindAction
	case ir.RefSlice, ir.RefMap, ir.RefPointer, ir.RefNullable:
		return shapeNames(r.Elem, types)
	}
	return false, true
}

// shapeCheck checks nothing but lets null stand for nil, as encoding/json
// does.
func shapeCheck(r *ir.Ref) *ir.Check {
	switch r.Kind {
	case ir.RefPointer, ir.RefNullable:
		c := shapeCheck(r.Elem)
		c.Null = true
		return c
	case ir.RefSlice, ir.RefMap:
		return &ir.Check{Null: true, Items: shapeCheck(r.Elem)}
	}
	return &ir.Check{}
}

func arrayChecks(dst *gosrc.Statement, c *ir.Check) []gosrc.Code {
	var out []gosrc.Code
	if c.MinItems != nil || c.MaxItems != nil {
		out = append(out, gosrc.Id("c").Dot("Items").Call(gosrc.Len(dst.Clone()), intOr(c.MinItems, 0), intOr(c.MaxItems, -1)))
	}
	if c.Unique && !c.UniqueText {
		out = append(out, gosrc.Qual(implPkg, "Unique").Call(gosrc.Id("c"), dst.Clone()))
	}
	return out
}

// stringChecks check the string s against c.
func stringChecks(c *ir.Check) []gosrc.Code {
	var checks []gosrc.Code
	if c.MinLength != nil || c.MaxLength != nil {
		checks = append(checks, gosrc.Id("c").Dot("Length").Call(gosrc.Id("s"), intOr(c.MinLength, 0), intOr(c.MaxLength, -1)))
	}
	if c.Pattern != nil {
		checks = append(checks, gosrc.Id("c").Dot("Pattern").Call(gosrc.Id("s"), gosrc.Lit(*c.Pattern)))
	}
	if c.Format != "" {
		checks = append(checks, gosrc.Id("c").Dot("Format").Call(gosrc.Id("s"), gosrc.Lit(c.Format)))
	}
	return append(checks, enumCheck(gosrc.Id("s"), c, strEnumLit)...)
}

// boolChecks check the boolean b against c.
func boolChecks(c *ir.Check) []gosrc.Code {
	return enumCheck(gosrc.Id("b"), c, boolEnumLit)
}

// intChecks check the integer i against c.
func intChecks(c *ir.Check) []gosrc.Code {
	checks := intBounds(c)
	if c.MultipleOf != "" {
		checks = append(checks, gosrc.Id("c").Dot("MultipleOf").Call(gosrc.Id("i"), gosrc.Lit(mustInt(c.MultipleOf))))
	}
	return append(checks, enumCheck(gosrc.Id("i"), c, intEnumLit)...)
}

// strEnumLit, boolEnumLit and intEnumLit are the Go constants equal to a JSON
// value's text; nil for a value of another kind, which no Go value of
// theirs equals.
func strEnumLit(text string) gosrc.Code {
	s, err := strconv.Unquote(text)
	if err != nil || !strings.HasPrefix(text, `"`) {
		return nil
	}
	return gosrc.Lit(s)
}

func boolEnumLit(text string) gosrc.Code {
	if text != "true" && text != "false" {
		return nil
	}
	return gosrc.Lit(text == "true")
}

func intEnumLit(text string) gosrc.Code {
	r, ok := new(big.Rat).SetString(text)
	if !ok || !r.IsInt() || !r.Num().IsInt64() || strings.HasPrefix(text, `"`) {
		return nil // no int64 equals it
	}
	return gosrc.Lit(r.Num().Int64())
}

// enumCheck checks v against the enum's values (when there is one).
func enumCheck(v gosrc.Code, c *ir.Check, lit func(text string) gosrc.Code) []gosrc.Code {
	if c.Enum == nil {
		return nil
	}
	var cases []gosrc.Code
	seen := map[string]bool{}
	for _, e := range c.Enum {
		// Two texts of one value (1 and 1.0) are one case: Go refuses a
		// case twice.
		if l := lit(e); l != nil && !seen[fmt.Sprintf("%#v", l)] {
			seen[fmt.Sprintf("%#v", l)] = true
			cases = append(cases, l)
		}
	}
	if len(c.Enum) == 0 {
		return []gosrc.Code{notOneOf([]string{"null"})} // null alone (Check.Null)
	}
	if len(cases) == 0 {
		return []gosrc.Code{notOneOf(c.Enum)}
	}
	return []gosrc.Code{gosrc.Switch(v).Block(
		gosrc.Case(cases...),
		gosrc.Default().Block(notOneOf(c.Enum)),
	)}
}

// notOneOf records a value outside an enum of the values texts (JSON),
// worded as the validators word it (impl.Decoding.Enum): "value must
// be one of 'a', 'b'", or "value must be 'a'" for one value.
func notOneOf(texts []string) gosrc.Code {
	words, one := enumWords(texts)
	if one {
		return gosrc.Id("c").Dot("NotValue").Call(gosrc.Lit(words))
	}
	return gosrc.Id("c").Dot("NotOneOf").Call(gosrc.Lit(words))
}

// enumWords lists the values texts (JSON) as the validators word them,
// strings in single quotes; one: there is one value.
func enumWords(texts []string) (string, bool) {
	words := make([]string, len(texts))
	for i, t := range texts {
		if s, err := strconv.Unquote(t); err == nil && strings.HasPrefix(t, `"`) {
			// In single quotes, escaped as Go quotes it.
			q := strings.ReplaceAll(strconv.Quote(s), `\"`, `"`)
			t = "'" + strings.ReplaceAll(q[1:len(q)-1], `'`, `\'`) + "'"
		}
		words[i] = t
	}
	return strings.Join(words, ", "), len(words) == 1
}

// intBounds checks an integer against its bounds: as int64 where the
// bound is one, exactly through its text otherwise.
func intBounds(c *ir.Check) []gosrc.Code {
	if c.Minimum+c.Maximum+c.ExclusiveMinimum+c.ExclusiveMaximum == "" {
		return nil
	}
	asInt := func(s string) (int64, bool) {
		r, ok := new(big.Rat).SetString(s)
		if !ok || !r.IsInt() || !r.Num().IsInt64() {
			return 0, false
		}
		return r.Num().Int64(), true
	}
	var out []gosrc.Code
	exact := true
	for _, b := range []struct{ text, method string }{
		{c.Minimum, "IntMin"}, {c.Maximum, "IntMax"}, {c.ExclusiveMinimum, "IntExclusiveMin"}, {c.ExclusiveMaximum, "IntExclusiveMax"},
	} {
		if b.text == "" {
			continue
		}
		n, ok := asInt(b.text)
		if !ok {
			exact = false
			break
		}
		out = append(out, gosrc.Id("c").Dot(b.method).Call(gosrc.Id("i"), gosrc.Lit(n)))
	}
	if exact {
		return out
	}
	return []gosrc.Code{gosrc.Id("c").Dot("NumberBounds").Call(
		gosrc.Qual("strconv", "AppendInt").Call(gosrc.Nil(), gosrc.Id("i"), gosrc.Lit(10)),
		gosrc.Lit(c.Minimum), gosrc.Lit(c.Maximum), gosrc.Lit(c.ExclusiveMinimum), gosrc.Lit(c.ExclusiveMaximum))}
}

func mustInt(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
