package emit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/internal/ecmaregex"
)

// Generated validators (see ir.Validator): one function per schema, which
// reads a value's JSON text with a impl.Text and checks every keyword.
// Applicators run on the value's text, which the cursor hands over where
// it stands (Raw), with no second reading to find where the value ends.

// usedValidators returns the validators the decoders call and those they
// call in turn, sorted by name.
func usedValidators(pkg *ir.Package) []*ir.Validator {
	seen := map[*ir.Validator]bool{}
	var walk func(v *ir.Validator)
	walk = func(v *ir.Validator) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		for _, s := range v.PrefixItems {
			walk(s)
		}
		walk(v.Items)
		walk(v.Contains)
		for _, p := range v.Properties {
			walk(p.V)
		}
		for _, p := range v.PatternProperties {
			walk(p.V)
		}
		walk(v.AdditionalProperties)
		walk(v.PropertyNames)
		for _, p := range v.DependentSchemas {
			walk(p.V)
		}
		walk(v.Ref)
		for _, list := range [][]*ir.Validator{v.AllOf, v.AnyOf, v.OneOf} {
			for _, s := range list {
				walk(s)
			}
		}
		walk(v.Not)
		walk(v.If)
		walk(v.Then)
		walk(v.Else)
		walk(v.UnevaluatedProperties)
		walk(v.UnevaluatedItems)
	}
	var check func(c *ir.Check)
	check = func(c *ir.Check) {
		if c == nil {
			return
		}
		for _, v := range c.Validate {
			walk(v)
		}
		for _, v := range c.Also {
			walk(v)
		}
		check(c.Items)
	}
	for _, t := range pkg.Types {
		for _, f := range t.Fields {
			check(f.Check)
		}
		for _, v := range t.Validate {
			walk(v)
		}
		if t.Decode != nil {
			for _, v := range t.Decode.Words {
				walk(v)
			}
			for _, v := range t.Decode.Also {
				walk(v)
			}
			for _, c := range t.Decode.Variants {
				check(c)
			}
			check(t.Decode.Extra)
			check(t.Decode.Value)
			if p := t.Decode.ExtraPattern; p != nil {
				for _, v := range p.Validate {
					walk(v)
				}
			}
			for _, cd := range t.Decode.Conds {
				for _, br := range []*ir.CondBranch{cd.Then, cd.Else} {
					if br == nil {
						continue
					}
					for _, x := range br.Extras {
						for _, v := range x.Validate {
							walk(v)
						}
					}
				}
			}
		}
	}
	if pkg.Go != nil {
		for _, t := range pkg.Go.Types {
			for _, v := range t.Validate {
				walk(v)
			}
		}
	}
	var out []*ir.Validator
	for _, v := range pkg.Validators {
		if seen[v] {
			out = append(out, v)
		}
	}
	return out
}

func emitValidators(f *gosrc.File, pkg *ir.Package) bool {
	used := usedValidators(pkg)
	projected := map[*ir.Validator]bool{}
	for _, v := range used {
		emitValidator(f, v, pkg.SchemaSet)
		f.Line()
		for _, s := range projectedBy(v) {
			projected[s] = true
		}
	}
	for _, v := range used { // in used's order: the output stays the same
		if projected[v] {
			emitMembersForm(f, v)
			f.Line()
		}
	}
	return len(used) > 0
}

// A then or else schema of properties only, applied to an object whose
// every key the validator applying it reads (readsKeys), need not read
// the object's keys itself: its members form (membersName) finds its one
// member by its text (impl.Decoding.AppliedMember), or scans the
// members for the ones it declares (AppliedMembers), recording no keys.
// The other reading reports a key written twice.

// membersForm reports whether s is a schema of properties and nothing
// else.
func membersForm(s *ir.Validator) bool {
	return s != nil && s.Interpret == "" && !s.False && len(s.Properties) > 0 && s.Only(func(w *ir.Validator) { w.Properties = nil })
}

// readsKeys reports whether v's own checks read every key of an object
// (memberChecks has something to check).
func readsKeys(v *ir.Validator) bool {
	return len(v.Properties)+len(v.PatternProperties)+len(v.Required)+len(v.DependentRequired)+len(v.DependentSchemas) > 0 ||
		v.AdditionalProperties != nil || v.PropertyNames != nil || v.MinProperties != nil || v.MaxProperties != nil
}

// projectedBy returns the then and else schemas v's text form applies
// through their members forms.
func projectedBy(v *ir.Validator) []*ir.Validator {
	if !textForm(v) || deref(v) != v || !readsKeys(v) {
		return nil
	}
	var out []*ir.Validator
	add := func(ss ...*ir.Validator) {
		for _, s := range ss {
			if membersForm(s) {
				out = append(out, s)
			}
		}
	}
	add(v.Then, v.Else)
	for _, run := range ifConstRuns(v.AllOf) {
		for _, s := range run {
			add(s.Then, s.Else)
		}
	}
	return out
}

// branchOf names the validator that checks s where it is a then or else
// schema: its members form where applying may use it (keysRead: the
// applying validator reads every key; see projectedBy).
func branchOf(s *ir.Validator, keysRead bool) gosrc.Code {
	if keysRead && membersForm(s) {
		return gosrc.Id(membersName(s))
	}
	return vref(s)
}

func membersName(v *ir.Validator) string { return v.Name + "Members" }

func emitMembersForm(f *gosrc.File, v *ir.Validator) {
	params := []gosrc.Code{gosrc.Id("c").Op("*").Qual(implPkg, "Decoding"), gosrc.Id("_").Op("*").Qual(implPkg, "Text")}
	f.Comment(commentText(fmt.Sprintf("// %s checks the value Apply hands it against %s,", membersName(v), v.Loc)))
	if len(v.Properties) == 1 {
		p := v.Properties[0]
		f.Comment("// reading only its member " + strconv.Quote(p.Name) + ".")
		f.Func().Id(membersName(v)).Params(params...).Block(
			gosrc.If(gosrc.List(gosrc.Id("r"), gosrc.Id("found")).Op(":=").Add(c("AppliedMember", gosrc.Lit(p.Name))), gosrc.Id("found")).Block(
				c("Push", gosrc.Lit(p.Name)),
				applyTo(gosrc.Id("r"), p.V),
				c("Pop"),
			),
		)
		return
	}
	f.Comment("// reading only the members it declares.")
	var cases []gosrc.Code
	for _, p := range v.Properties {
		cases = append(cases, gosrc.Case(gosrc.Lit(p.Name)).Block(
			c("Push", gosrc.Lit(p.Name)),
			applyTo(gosrc.Id("m").Dot("Value").Call(), p.V),
			c("Pop"),
		))
	}
	f.Func().Id(membersName(v)).Params(params...).Block(
		gosrc.Id("m").Op(":=").Add(c("AppliedMembers")),
		gosrc.For(gosrc.Id("m").Dot("Next").Call()).Block(
			gosrc.Switch(gosrc.String().Call(gosrc.Id("m").Dot("Key").Call())).Block(cases...),
		),
	)
}

// needsRaw reports whether v checks its value more than once: its
// applicators, enum and dependent schemas read the JSON text again.
func needsRaw(v *ir.Validator) bool {
	return v.Ref != nil || len(v.AllOf)+len(v.AnyOf)+len(v.OneOf) > 0 || v.Not != nil || v.If != nil ||
		v.Enum != nil || len(v.DependentSchemas) > 0 || unevaluated(v)
}

// textForm reports whether v is written as a function of the value's
// JSON text (textName), beside the function of a decoder that finds the
// text and calls it: a validator that reads the value more than once
// (needsRaw). Where the caller holds the text already (an applicator, a
// field checked by impl.ValidatedText), it calls the text form, and
// the value is not read once more only to find where it ends.
//
// A validator that is nothing but a reference (onlyRef) has no text form
// of its own: textForm and textOf look through it to the one it names.
func textForm(v *ir.Validator) bool {
	v = deref(v)
	return v != nil && v.Interpret == "" && !v.False && needsRaw(v)
}

// textOf is the name of the text form that checks v (see textForm).
func textOf(v *ir.Validator) string { return textName(deref(v)) }

// onlyRef reports whether all v checks is another schema applied to the
// same value: its $ref's, or its one allOf member's (appliesOne).
func onlyRef(v *ir.Validator) bool { return appliesOne(v) != nil }

// passesAll reports whether v checks nothing (the schema true, or one of
// annotations only).
func passesAll(v *ir.Validator) bool {
	return v != nil && deref(v).Only(func(*ir.Validator) {})
}

// textName is the name of v's text form.
func textName(v *ir.Validator) string { return v.Name + "Text" }

// applyTo checks raw, a value's text, against s: through its text form
// where it has one.
func applyTo(raw gosrc.Code, s *ir.Validator) gosrc.Code {
	if textForm(s) {
		return gosrc.Id(textOf(s)).Call(gosrc.Id("c"), raw)
	}
	return c("Apply", raw, vref(deref(s)))
}

// appliedAlready reports whether branches, v's anyOf or oneOf, are one
// schema that v's $ref or allOf applies to the same value already: the
// value passes them exactly when it passes that, so they are not read
// again (devinit's items: an allOf and an anyOf of the same reference).
// Where evaluations are tracked, each application counts, and both run.
func appliedAlready(v *ir.Validator, branches []*ir.Validator) bool {
	if len(branches) != 1 || unevaluated(v) || v.Annotate {
		return false
	}
	// (By references only: deref asks this function.)
	b := refTarget(branches[0])
	if b == nil || b.Annotate {
		return false
	}
	if v.Ref != nil && refTarget(v.Ref) == b {
		return true
	}
	for _, a := range v.AllOf {
		if refTarget(a) == b {
			return true
		}
	}
	return false
}

func unevaluated(v *ir.Validator) bool {
	return v.UnevaluatedProperties != nil || v.UnevaluatedItems != nil
}

func vref(v *ir.Validator) gosrc.Code {
	if v == nil {
		return gosrc.Nil()
	}
	return gosrc.Id(v.Name)
}

func c(method string, args ...gosrc.Code) *gosrc.Statement {
	return gosrc.Id("c").Dot(method).Call(args...)
}

func emitValidator(f *gosrc.File, v *ir.Validator, set string) {
	if usesDeclaredKeys(v) {
		var names []gosrc.Code
		for _, n := range declaredKeys(v) {
			names = append(names, gosrc.Lit(n))
		}
		f.Comment(fmt.Sprintf("// %s are the properties %s declares, which it records by index.", keysName(v), v.Name))
		f.Var().Id(keysName(v)).Op("=").Index().String().Values(names...)
		f.Line()
	}
	f.Comment(commentText(fmt.Sprintf("// %s checks a value against %s.", v.Name, v.Loc)))
	params := []gosrc.Code{gosrc.Id("c").Op("*").Qual(implPkg, "Decoding"), gosrc.Id("t").Op("*").Qual(implPkg, "Text")}
	var body []gosrc.Code
	switch {
	case v.Interpret != "":
		// The interpreter checks this schema: see ir.Validator.
		f.Comment(commentText("// The schema interpreter checks it: " + v.Why + "."))
		body = append(body, gosrc.Qual(implPkg, "InterpretValue").Call(gosrc.Id("c"), gosrc.Id("t"), gosrc.Id(set).Dot("Schema").Call(gosrc.Lit(v.Interpret))))
	case v.Cycle:
		body = append(body, gosrc.Id("t").Dot("Cycle").Call())
	case v.False:
		body = append(body, gosrc.Id("t").Dot("False").Call())
	case onlyRef(v):
		// All v checks is its reference's schema: it reads the value as
		// that schema's validator does, finding the text only if that
		// one needs it; callers holding the text call that one's text
		// form (textOf).
		body = []gosrc.Code{gosrc.Id(appliesOne(v).Name).Call(gosrc.Id("c"), gosrc.Id("t"))}
	case textForm(v):
		// The checks read the value's text: they are v's text form, and
		// v finds the text (see textForm); a tagged union's tag, in the
		// same scan.
		read := gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Raw").Call()), gosrc.Id("ok")).Block(
			gosrc.Id(textName(v)).Call(gosrc.Id("c"), gosrc.Id("raw")))
		if name, check := taggedOnly(v, gosrc.Id("raw"), gosrc.Id("tag")); name != "" {
			read = gosrc.If(gosrc.List(gosrc.Id("raw"), gosrc.Id("tag"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("RawMember").Call(gosrc.Lit(name))), gosrc.Id("ok")).Block(check)
		}
		f.Func().Id(v.Name).Params(params...).Block(read)
		f.Line()
		f.Comment(commentText(fmt.Sprintf("// %s checks a value's JSON text against %s.", textName(v), v.Loc)))
		if unevaluated(v) {
			// Collect what this schema and those it applies evaluate.
			body = append(body, c("Track"))
		}
		if v.Ref != nil {
			body = append(body, applyTo(gosrc.Id("raw"), v.Ref))
		}
		body = append(body, allOfChecks(v.AllOf, readsKeys(v))...)
		if len(v.AnyOf) > 0 && !appliedAlready(v, v.AnyOf) {
			body = append(body, branchesCheck("AnyOf", v.AnyOf))
		}
		if len(v.OneOf) > 0 && !appliedAlready(v, v.OneOf) {
			body = append(body, branchesCheck("OneOf", v.OneOf))
		}
		if v.Not != nil {
			body = append(body, c("Not", gosrc.Id("raw"), vref(v.Not)))
		}
		if name, _, _, _ := ifConst(v.If); name != "" {
			body = append(body, ifConstsCheck([]*ir.Validator{v}, readsKeys(v)))
		} else if v.If != nil {
			body = append(body, c("IfThenElse", gosrc.Id("raw"), vref(v.If), branchOf(v.Then, readsKeys(v)), branchOf(v.Else, readsKeys(v))))
		}
		if v.Enum != nil {
			body = append(body, c("Enum", gosrc.Id("raw"), gosrc.Lit("["+strings.Join(v.Enum, ",")+"]"), gosrc.Lit(v.Const)))
		}
		if cases, wrong, want := ownParts(v); len(cases) == 0 && len(wrong) > 0 {
			// Only the kind: its first byte says it, no second reading.
			body = append(body, c("KindOf", append([]gosrc.Code{gosrc.Id("raw"), gosrc.Lit(want)}, wrong...)...))
		} else if own := ownChecks(v); own != nil {
			body = append(body, c("Apply", gosrc.Id("raw"), gosrc.Func().Params(params...).Block(own...)))
		}
		if unevaluated(v) {
			// A false schema is worded as the object's or array's problem.
			props, items := v.UnevaluatedProperties, v.UnevaluatedItems
			noProps, noItems := props != nil && props.False, items != nil && items.False
			if noProps {
				props = nil
			}
			if noItems {
				items = nil
			}
			body = append(body, c("Unevaluated", gosrc.Id("raw"), vref(props), vref(items), gosrc.Lit(noProps), gosrc.Lit(noItems)), c("Untrack"))
		}
		f.Func().Id(textName(v)).Params(gosrc.Id("c").Op("*").Qual(implPkg, "Decoding"), gosrc.Id("raw").Index().Byte()).Block(body...)
		return
	default:
		body = ownChecks(v)
		if body == nil {
			body = []gosrc.Code{gosrc.Id("t").Dot("Skip").Call()}
		}
	}
	f.Func().Id(v.Name).Params(params...).Block(body...)
}

// ownChecks reads the value once and checks the keywords of its kind;
// nil when there is nothing to check (the value is only passed).
func ownChecks(v *ir.Validator) []gosrc.Code {
	cases, wrong, want := ownParts(v)
	if len(wrong) > 0 {
		cases = append(cases, gosrc.Case(wrong...).Block(gosrc.Id("t").Dot("WrongType").Call(gosrc.Lit(want))))
	}
	if len(cases) == 0 {
		return nil
	}
	cases = append(cases, gosrc.Default().Block(gosrc.Id("t").Dot("Skip").Call()))
	return []gosrc.Code{gosrc.Switch(gosrc.Id("t").Dot("Next").Call()).Block(cases...)}
}

// ownParts are the cases of ownChecks' switch on the value's kind: the
// kinds with checks, and the kinds the schema does not allow (want words
// the ones it does).
func ownParts(v *ir.Validator) (cases, wrong []gosrc.Code, want string) {
	allowed := map[string]bool{}
	for _, t := range v.Types {
		allowed[t] = true
	}
	if allowed["number"] {
		allowed["integer"] = true
	}
	any := v.Types == nil
	want = strings.Join(v.Types, " or ")
	for _, k := range []struct {
		jx, name string
		checks   []gosrc.Code
	}{
		{"Null", "null", nil},
		{"Bool", "boolean", nil},
		{"Number", "integer", numberChecks(v, any, allowed, want)},
		{"String", "string", textChecks(v)},
		{"Array", "array", itemsChecks(v)},
		{"Object", "object", memberChecks(v)},
	} {
		switch {
		case !any && !allowed[k.name]:
			wrong = append(wrong, gosrc.Qual(jxPkg, k.jx))
		case k.checks != nil:
			cases = append(cases, gosrc.Case(gosrc.Qual(jxPkg, k.jx)).Block(k.checks...))
		}
	}
	return cases, wrong, want
}

func numberChecks(v *ir.Validator, any bool, allowed map[string]bool, want string) []gosrc.Code {
	bounds := v.Minimum != "" || v.Maximum != "" || v.ExclusiveMinimum != "" || v.ExclusiveMaximum != ""
	integerOnly := !any && !allowed["number"]
	if !bounds && v.MultipleOf == "" && !integerOnly {
		return nil // nothing to check
	}
	out := []gosrc.Code{
		gosrc.List(gosrc.Id("text"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Number").Call()),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
	}
	if integerOnly {
		out = append(out, c("Integer", gosrc.Id("text"), gosrc.Lit(want)))
	}
	if bounds {
		out = append(out, c("NumberBounds", gosrc.Id("text"), gosrc.Lit(v.Minimum), gosrc.Lit(v.Maximum), gosrc.Lit(v.ExclusiveMinimum), gosrc.Lit(v.ExclusiveMaximum)))
	}
	if v.MultipleOf != "" {
		out = append(out, c("NumberMultipleOf", gosrc.Id("text"), gosrc.Lit(v.MultipleOf)))
	}
	return out
}

func textChecks(v *ir.Validator) []gosrc.Code {
	if v.MinLength == nil && v.MaxLength == nil && v.Pattern == nil && v.Format == "" {
		return nil // nothing to check
	}
	read := "StrView" // the checks keep nothing of it
	if v.Format == "regex" {
		read = "Str" // compiled: a copy of its own
	}
	out := []gosrc.Code{
		gosrc.List(gosrc.Id("s"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot(read).Call()),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
	}
	if v.MinLength != nil || v.MaxLength != nil {
		out = append(out, c("Length", gosrc.Id("s"), intOr(v.MinLength, 0), intOr(v.MaxLength, -1)))
	}
	if v.Pattern != nil {
		out = append(out, c("Pattern", gosrc.Id("s"), gosrc.Lit(*v.Pattern)))
	}
	if v.Format != "" {
		out = append(out, c("Format", gosrc.Id("s"), gosrc.Lit(v.Format)))
	}
	return out
}

func itemsChecks(v *ir.Validator) []gosrc.Code {
	if len(v.PrefixItems) == 0 && v.Items == nil && v.MinItems == nil && v.MaxItems == nil && !v.Unique && v.Contains == nil {
		return nil // nothing to check
	}
	collect := v.Unique || v.Contains != nil
	out := []gosrc.Code{
		gosrc.List(gosrc.Id("it"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Array").Call()),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		gosrc.Id("i").Op(":=").Lit(0),
	}
	if collect {
		// Room for a few on the stack: the checks keep no item list.
		out = append(out, gosrc.Id("items").Op(":=").Make(gosrc.Index().Index().Byte(), gosrc.Lit(0), gosrc.Lit(8)))
	}
	// Items of one tagged union: the scan that reads each finds its tag
	// too.
	var tagName string
	var tagged gosrc.Code
	if collect && len(v.PrefixItems) == 0 && !v.Annotate {
		tagName, tagged = taggedOnly(v.Items, gosrc.Id("r"), gosrc.Id("tag"))
	}
	switch {
	case v.Unique && tagged != nil:
		// The branch each item's tag picks, and hashes once two may
		// be equal (Text.RawTagged).
		out = append(out, gosrc.Var().Id("tags").Qual(implPkg, "UniqueTags"))
	case v.Unique:
		// The items' hashes, found as each is read (Text.RawHashed).
		out = append(out, gosrc.Id("hashes").Op(":=").Make(gosrc.Index().Uint64(), gosrc.Lit(0), gosrc.Lit(8)))
	}
	// item applies the item's schema to the value the cursor t is at (or raw, its text).
	item := func(read func(v *ir.Validator) gosrc.Code) []gosrc.Code {
		// An item a schema checks counts as evaluated (see
		// ir.Validator.Annotate).
		check := func(s *ir.Validator) []gosrc.Code {
			if v.Annotate {
				return []gosrc.Code{read(s), c("Evaluated")}
			}
			return []gosrc.Code{read(s)}
		}
		var sw []gosrc.Code
		for i, p := range v.PrefixItems {
			sw = append(sw, gosrc.Case(gosrc.Id("i").Op("==").Lit(i)).Block(check(p)...))
		}
		if v.Items != nil {
			sw = append(sw, gosrc.Default().Block(check(v.Items)...))
		} else if !collect {
			sw = append(sw, gosrc.Default().Block(gosrc.Id("t").Dot("Skip").Call()))
		}
		if len(sw) == 0 {
			return nil
		}
		if len(v.PrefixItems) == 0 && v.Items != nil {
			return check(v.Items)
		}
		return []gosrc.Code{gosrc.Switch().Block(sw...)}
	}
	loop := []gosrc.Code{c("PushIndex", gosrc.Id("i"))}
	if v.MaxItems != nil {
		// A branch read quietly stops at the first item too many.
		loop = append([]gosrc.Code{gosrc.If(gosrc.Op("!").Add(c("MayHave", gosrc.Id("i"), gosrc.Lit(*v.MaxItems)))).Block(gosrc.Break())}, loop...)
	}
	if collect {
		read := gosrc.List(gosrc.Id("r"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Raw").Call())
		switch {
		case tagged != nil && v.Unique:
			read = gosrc.List(gosrc.Id("r"), gosrc.Id("tag"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("RawTagged").Call(gosrc.Op("&").Id("tags"), gosrc.Lit(tagName)))
		case tagged != nil:
			read = gosrc.List(gosrc.Id("r"), gosrc.Id("tag"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("RawMember").Call(gosrc.Lit(tagName)))
		case v.Unique:
			read = gosrc.List(gosrc.Id("r"), gosrc.Id("h"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("RawHashed").Call(gosrc.Id("hashes"), gosrc.Id("i")))
		}
		loop = append(loop,
			read,
			gosrc.If(gosrc.Op("!").Id("ok")).Block(c("Pop"), gosrc.Break()),
			gosrc.Id("items").Op("=").Append(gosrc.Id("items"), gosrc.Id("r")),
		)
		switch {
		case tagged != nil && v.Unique:
			loop = append(loop, gosrc.Id("tags").Dot("Pick").Call(tagged))
		case tagged != nil:
			loop = append(loop, tagged)
		case v.Unique:
			loop = append(loop, gosrc.Id("hashes").Op("=").Id("h"))
		}
		if tagged == nil {
			loop = append(loop, item(func(s *ir.Validator) gosrc.Code { return applyTo(gosrc.Id("r"), s) })...)
		}
	} else {
		loop = append(loop, item(func(s *ir.Validator) gosrc.Code { return gosrc.Id(s.Name).Call(gosrc.Id("c"), gosrc.Id("t")) })...)
	}
	loop = append(loop, c("Pop"), gosrc.Id("i").Op("++"))
	out = append(out,
		gosrc.For(gosrc.Op("!").Add(c("Failed")).Op("&&").Id("it").Dot("Next").Call()).Block(loop...),
		c("End", gosrc.Id("it").Dot("Err").Call()),
	)
	if v.MinItems != nil || v.MaxItems != nil {
		out = append(out, c("Items", gosrc.Id("i"), intOr(v.MinItems, 0), intOr(v.MaxItems, -1)))
	}
	switch {
	case v.Unique && tagged != nil:
		out = append(out, c("UniqueTagged", gosrc.Id("items"), gosrc.Op("&").Id("tags")))
	case v.Unique:
		out = append(out, c("UniqueHashed", gosrc.Id("items"), gosrc.Id("hashes")))
	}
	if v.Contains != nil {
		out = append(out, c("Contains", gosrc.Id("items"), vref(v.Contains), intOr(v.MinContains, 1), intOr(v.MaxContains, -1), gosrc.Lit(v.Annotate && v.ContainsEvaluates)))
	}
	return out
}

// requireCheck checks v's required properties: by the index Mark
// recorded them under where v declares them all, else by name.
func requireCheck(v *ir.Validator) gosrc.Code {
	args := []gosrc.Code{gosrc.Op("&").Id("keys")}
	if names := declaredKeys(v); names != nil {
		for _, r := range v.Required {
			i := slices.Index(names, r)
			if i < 0 || i >= maxMarked {
				args = args[:1]
				break
			}
			args = append(args, gosrc.Lit(i))
		}
		if len(args) > 1 {
			return c("RequireMarked", args...).Comment(commentText(strings.Join(v.Required, ", ")))
		}
	}
	for _, r := range v.Required {
		args = append(args, gosrc.Lit(r))
	}
	return c("Require", args...)
}

// maxMarked is how many declared keys impl.Keys.Mark records.
const maxMarked = 256

// declaredKeys are the names of v's properties, which its object checks
// record by index (impl.DeclaredKeys), or nil where they are not
// sorted (Keys.Has looks a name up by binary search).
func declaredKeys(v *ir.Validator) []string {
	var names []string
	for _, p := range v.Properties {
		names = append(names, p.Name)
	}
	if len(names) == 0 || !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		return nil
	}
	return names
}

// keysName is the name of the variable that holds v's declaredKeys.
func keysName(v *ir.Validator) string { return v.Name + "Keys" }

// usesDeclaredKeys reports whether v's function is its object checks
// (memberChecks) with declaredKeys.
func usesDeclaredKeys(v *ir.Validator) bool {
	if v.Interpret != "" || v.False || onlyRef(v) || declaredKeys(v) == nil {
		return false
	}
	return v.Types == nil || slices.Contains(v.Types, "object")
}

// patternApart reports whether v's one pattern matches none of its
// declared properties' names (so no member is checked by two schemas).
func patternApart(v *ir.Validator) bool {
	re, err := ecmaregex.Compile(v.PatternProperties[0].Name)
	if err != nil {
		return false
	}
	for _, p := range v.Properties {
		if re.MatchString(p.Name) {
			return false
		}
	}
	return true
}

func memberChecks(v *ir.Validator) []gosrc.Code {
	if !readsKeys(v) {
		return nil // nothing to check
	}
	keys := gosrc.Var().Id("keys").Qual(implPkg, "Keys")
	if declaredKeys(v) != nil {
		keys = gosrc.Id("keys").Op(":=").Qual(implPkg, "DeclaredKeys").Call(gosrc.Id(keysName(v)))
	}
	out := []gosrc.Code{
		gosrc.List(gosrc.Id("it"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Object").Call()),
		gosrc.If(gosrc.Op("!").Id("ok")).Block(gosrc.Return()),
		keys,
	}
	// A value that more than one schema checks (a property that a pattern
	// matches too) is read as text and checked by each; matched says
	// whether a property or pattern took it, where additionalProperties
	// checks the others. One pattern that no declared property matches
	// leaves each member one schema, which reads it from the decoder.
	multi := len(v.PatternProperties) > 1 || len(v.PatternProperties) == 1 && !patternApart(v)
	track := multi && v.AdditionalProperties != nil
	loop := []gosrc.Code{
		gosrc.Id("key").Op(":=").Id("c").Dot("KeyText").Call(gosrc.Id("it").Dot("Key").Call()),
		gosrc.If(gosrc.Op("!").Id("keys").Dot("Add").Call(gosrc.Id("key"))).Block(c("Duplicate", gosrc.Id("it").Dot("Key").Call())),
	}
	if len(v.Properties) > 0 {
		// A declared key is its name's constant (no copy of the key),
		// recorded by its index where the names are sorted.
		marked := declaredKeys(v) != nil
		var names []gosrc.Code
		for i, p := range v.Properties {
			record := gosrc.Id("fresh").Op("=").Id("keys").Dot("Add").Call(gosrc.Id("key"))
			if marked && i < maxMarked {
				record = gosrc.Id("fresh").Op("=").Id("keys").Dot("Mark").Call(gosrc.Lit(i))
			}
			names = append(names, gosrc.Case(gosrc.Lit(p.Name)).Block(gosrc.Id("key").Op("=").Lit(p.Name), record))
		}
		names = append(names, gosrc.Default().Block(
			gosrc.Id("key").Op("=").Id("c").Dot("KeyText").Call(gosrc.Id("kb")),
			gosrc.Id("fresh").Op("=").Id("keys").Dot("Add").Call(gosrc.Id("key"))))
		loop = []gosrc.Code{
			gosrc.Var().Id("key").String(),
			gosrc.Var().Id("fresh").Bool(),
			gosrc.Switch(gosrc.Id("kb").Op(":=").Id("it").Dot("Key").Call(), gosrc.String().Call(gosrc.Id("kb"))).Block(names...),
			gosrc.If(gosrc.Op("!").Id("fresh")).Block(c("Duplicate", gosrc.Id("it").Dot("Key").Call())),
		}
	}
	if v.PropertyNames != nil {
		loop = append(loop, c("Key", gosrc.Id("it").Dot("Key").Call(), vref(v.PropertyNames)))
	}
	loop = append(loop, c("Push", gosrc.Id("key")))
	usesText := false // whether a schema reads the member's text (multi)
	applyOne := func(s *ir.Validator) gosrc.Code {
		if multi && passesAll(s) {
			return gosrc.Null() // nothing to check
		}
		if multi {
			usesText = true
			return applyTo(gosrc.Id("r"), s)
		}
		return gosrc.Id(s.Name).Call(gosrc.Id("c"), gosrc.Id("t"))
	}
	// A member a schema checks counts as evaluated (see
	// ir.Validator.Annotate).
	apply := func(s *ir.Validator) []gosrc.Code {
		if v.Annotate {
			return []gosrc.Code{applyOne(s), c("Evaluated")}
		}
		return []gosrc.Code{applyOne(s)}
	}
	applyAdditional := func() []gosrc.Code {
		if v.AdditionalProperties.False {
			// Worded as the object's problem, as the interpreter has it.
			if multi {
				return []gosrc.Code{c("NotAllowed")}
			}
			return []gosrc.Code{c("NotAllowed"), gosrc.Id("t").Dot("Skip").Call()}
		}
		return apply(v.AdditionalProperties)
	}
	if !multi && v.PropertyNames == nil && len(v.Properties) > 0 {
		// One switch enters the member and checks it (as the loop below
		// does in two steps): less code to write, format and compile.
		marked := declaredKeys(v) != nil
		var cases []gosrc.Code
		for i, p := range v.Properties {
			index := -1
			if marked && i < maxMarked {
				index = i
			}
			enter := c("Declared", gosrc.Op("&").Id("keys"), gosrc.Lit(index), gosrc.Lit(p.Name), gosrc.Id("kb"))
			cases = append(cases, gosrc.Case(gosrc.Lit(p.Name)).Block(append([]gosrc.Code{enter}, apply(p.V)...)...))
		}
		other := []gosrc.Code{c("Undeclared", gosrc.Op("&").Id("keys"), gosrc.Id("kb"))}
		rest := []gosrc.Code{gosrc.Id("t").Dot("Skip").Call()}
		if v.AdditionalProperties != nil {
			rest = applyAdditional()
		}
		if len(v.PatternProperties) == 1 {
			p := v.PatternProperties[0]
			other[0] = gosrc.Id("key").Op(":=").Add(other[0])
			rest = []gosrc.Code{gosrc.If(c("Matches", gosrc.Id("key"), gosrc.Lit(p.Name))).Block(apply(p.V)...).Else().Block(rest...)}
		}
		cases = append(cases, gosrc.Default().Block(append(other, rest...)...))
		loop = []gosrc.Code{
			gosrc.Switch(gosrc.Id("kb").Op(":=").Id("it").Dot("Key").Call(), gosrc.String().Call(gosrc.Id("kb"))).Block(cases...),
			c("Pop"),
		}
		out = append(out,
			gosrc.For(gosrc.Op("!").Add(c("Failed")).Op("&&").Id("it").Dot("Next").Call()).Block(loop...),
			c("End", gosrc.Id("it").Dot("Err").Call()),
		)
		return append(out, objectEnd(v)...)
	}
	textAt := len(loop) // where multi reads the member's text
	if track {
		loop = append(loop, gosrc.Id("matched").Op(":=").False())
	}
	var cases []gosrc.Code
	for _, p := range v.Properties {
		block := apply(p.V)
		if track {
			block = append(block, gosrc.Id("matched").Op("=").True())
		}
		cases = append(cases, gosrc.Case(gosrc.Lit(p.Name)).Block(block...))
	}
	if multi {
		if len(cases) > 0 {
			loop = append(loop, gosrc.Switch(gosrc.Id("key")).Block(cases...))
		}
		for _, p := range v.PatternProperties {
			if !track && passesAll(p.V) && !v.Annotate {
				continue // nothing to check, nothing to record
			}
			block := apply(p.V)
			if track {
				block = append(block, gosrc.Id("matched").Op("=").True())
			}
			loop = append(loop, gosrc.If(c("Matches", gosrc.Id("key"), gosrc.Lit(p.Name))).Block(block...))
		}
		if track {
			loop = append(loop, gosrc.If(gosrc.Op("!").Id("matched")).Block(applyAdditional()...))
		}
		// The member's text, where a schema reads it; else only its end.
		read := []gosrc.Code{
			gosrc.List(gosrc.Id("r"), gosrc.Id("ok")).Op(":=").Add(gosrc.Id("t").Dot("Raw").Call()),
			gosrc.If(gosrc.Op("!").Id("ok")).Block(c("Pop"), gosrc.Break()),
		}
		if !usesText {
			read = []gosrc.Code{gosrc.Id("t").Dot("Skip").Call(), gosrc.If(c("Failed")).Block(c("Pop"), gosrc.Break())}
		}
		loop = append(loop[:textAt], append(read, loop[textAt:]...)...)
	} else {
		other := []gosrc.Code{gosrc.Id("t").Dot("Skip").Call()}
		if v.AdditionalProperties != nil {
			other = applyAdditional()
		}
		if len(v.PatternProperties) == 1 {
			p := v.PatternProperties[0]
			other = []gosrc.Code{gosrc.If(c("Matches", gosrc.Id("key"), gosrc.Lit(p.Name))).Block(apply(p.V)...).Else().Block(other...)}
		}
		if len(cases) == 0 {
			loop = append(loop, other...)
		} else {
			cases = append(cases, gosrc.Default().Block(other...))
			loop = append(loop, gosrc.Switch(gosrc.Id("key")).Block(cases...))
		}
	}
	loop = append(loop, c("Pop"))
	out = append(out,
		gosrc.For(gosrc.Op("!").Add(c("Failed")).Op("&&").Id("it").Dot("Next").Call()).Block(loop...),
		c("End", gosrc.Id("it").Dot("Err").Call()),
	)
	return append(out, objectEnd(v)...)
}

// objectEnd checks what an object's keys, all read, must hold.
func objectEnd(v *ir.Validator) []gosrc.Code {
	var out []gosrc.Code
	if len(v.Required) > 0 {
		out = append(out, requireCheck(v))
	}
	if v.MinProperties != nil || v.MaxProperties != nil {
		out = append(out, c("Properties", gosrc.Id("keys").Dot("Len").Call(), intOr(v.MinProperties, 0), intOr(v.MaxProperties, -1)))
	}
	for _, dr := range v.DependentRequired {
		args := []gosrc.Code{gosrc.Op("&").Id("keys"), gosrc.Lit(dr.Name)}
		for _, r := range dr.Required {
			args = append(args, gosrc.Lit(r))
		}
		out = append(out, c("DependentRequired", args...))
	}
	for _, ds := range v.DependentSchemas {
		out = append(out, gosrc.If(gosrc.Id("keys").Dot("Has").Call(gosrc.Lit(ds.Name))).Block(applyTo(gosrc.Id("raw"), ds.V)))
	}
	return out
}
