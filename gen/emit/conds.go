package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/structgen/structgen/gen/ir"
)

// condsRead reads t with its typed decoder, then checks its conditions
// (ir.Decode.Conds, Presence) on the fields it decoded, where decoding found no
// problem: otherwise a field may not hold what the input says.
func condsRead(t *ir.Type) []jen.Code {
	fields := map[string]*ir.Field{}
	for _, f := range t.Fields {
		fields[f.JSON] = f
	}
	var checks []jen.Code
	for _, cd := range t.Decode.Conds {
		checks = append(checks, condCode(cd, fields))
	}
	for _, p := range t.Decode.Presence {
		checks = append(checks, presenceCode(t, p, fields))
	}
	return []jen.Code{
		jen.Id("found").Op(":=").Id("c").Dot("Found").Call(),
		jen.Id("v").Dot("decodeTyped").Call(jen.Id("d"), jen.Id("c")),
		jen.If(jen.Id("c").Dot("Found").Call().Op("==").Id("found").Op("&&").Op("!").Id("c").Dot("Failed").Call()).Block(checks...),
	}
}

// condCode checks one condition: the then branch where the if passes,
// the else branch where it does not.
func condCode(cd *ir.Cond, fields map[string]*ir.Field) jen.Code {
	f := fields[cd.Field]
	x := jen.Id("v").Dot(f.Name)
	if cd.Dependent {
		return dependentCode(cd, fields)
	}
	ptr := f.Type.Kind == ir.RefPointer
	val := x.Clone()
	if ptr {
		val = jen.Parens(jen.Op("*").Add(x.Clone()))
	}
	lit := strEnumLit
	switch f.Type.Held().Kind {
	case ir.RefBool:
		lit = boolEnumLit
	case ir.RefInt:
		lit = intEnumLit
	}
	// one: the value is one of the constants.
	var one *jen.Statement
	if cd.Values == nil {
		one = jen.True()
	} else {
		for _, text := range cd.Values {
			l := lit(text)
			if l == nil {
				continue
			}
			eq := val.Clone().Op("==").Add(l)
			if r := f.Type.Held().Kind; r == ir.RefBool {
				eq = val.Clone() // v.X == true is v.X; false, !v.X
				if text == "false" {
					eq = jen.Op("!").Add(val.Clone())
				}
			}
			if one == nil {
				one = eq
			} else {
				one = one.Op("||").Add(eq)
			}
		}
		if one == nil {
			one = jen.False()
		}
	}
	passes := one
	if ptr {
		if cd.Required {
			passes = x.Clone().Op("!=").Nil().Op("&&").Parens(one)
		} else {
			passes = x.Clone().Op("==").Nil().Op("||").Add(one)
		}
	}
	then, els := branchCode(cd.Then, fields), branchCode(cd.Else, fields)
	comment := jen.Comment(commentText(fmt.Sprintf("The if/then/else whose if is %s.", cd.Loc)))
	switch {
	case cd.Then != nil && cd.Else != nil:
		return jen.Block(comment, jen.If(passes).Block(then...).Else().Block(els...))
	case cd.Then != nil:
		return jen.Block(comment, jen.If(passes).Block(then...))
	case cd.Else != nil:
		return jen.Block(comment, jen.If(jen.Op("!").Parens(passes)).Block(els...))
	}
	return jen.Null()
}

// branchCode checks a then or else branch on the decoded fields.
func branchCode(br *ir.CondBranch, fields map[string]*ir.Field) []jen.Code {
	if br == nil {
		return nil
	}
	var out []jen.Code
	if absent := absentCode(br.Required, fields); absent != nil {
		out = append(absent, jen.Id("c").Dot("Missing").Call(jen.Id("missing").Op("...")))
	}
	for _, cc := range br.Checks {
		f := fields[cc.Field]
		x := jen.Id("v").Dot(f.Name)
		r := f.Type.Held()
		var bind jen.Code
		var checks []jen.Code
		switch r.Kind {
		case ir.RefString:
			bind, checks = jen.Id("s").Op(":=").Add(valueOf(x, f)), stringChecks(cc.Check)
		case ir.RefBool:
			bind, checks = jen.Id("b").Op(":=").Add(valueOf(x, f)), boolChecks(cc.Check)
		case ir.RefInt:
			bind, checks = jen.Id("i").Op(":=").Add(valueOf(x, f)), intChecks(cc.Check)
		case ir.RefNamed: // a string enum type
			bind, checks = jen.Id("s").Op(":=").String().Call(valueOf(x, f)), stringChecks(cc.Check)
		case ir.RefSlice:
			checks = arrayChecks(x.Clone(), cc.Check)
		case ir.RefMap:
			checks = []jen.Code{jen.Id("c").Dot("Properties").Call(jen.Len(x.Clone()), intOr(cc.Check.MinItems, 0), intOr(cc.Check.MaxItems, -1))}
		}
		body := []jen.Code{jen.Id("c").Dot("Push").Call(jen.Lit(cc.Field))}
		if bind != nil {
			body = append(body, bind)
		}
		body = append(append(body, checks...), jen.Id("c").Dot("Pop").Call())
		if f.Type.Nilable() {
			out = append(out, jen.If(x.Clone().Op("!=").Nil()).Block(body...))
		} else {
			out = append(out, jen.Block(body...))
		}
	}
	for _, x := range br.Extras {
		out = append(out, jen.If(
			jen.List(jen.Id("raw"), jen.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(jen.Lit(x.Field)),
			jen.Id("ok"),
		).Block(
			jen.Id("c").Dot("Push").Call(jen.Lit(x.Field)),
			applyTo(jen.Id("raw"), x.Validate[0]),
			jen.Id("c").Dot("Pop").Call(),
		))
	}
	return out
}

// valueOf is the value of field f, x, past the pointer that tells it
// absent.
func valueOf(x *jen.Statement, f *ir.Field) jen.Code {
	if f.Type.Kind == ir.RefPointer {
		return jen.Op("*").Add(x.Clone())
	}
	return x.Clone()
}

// dependentCode checks a dependentRequired: where the property is
// present, the properties it lists must be.
func dependentCode(cd *ir.Cond, fields map[string]*ir.Field) jen.Code {
	absent := absentCode(cd.Then.Required, fields)
	if absent == nil {
		return jen.Null() // every property it lists is required: always present
	}
	body := append(absent, jen.Id("c").Dot("RequiredIf").Call(jen.Lit(cd.Field), jen.Id("missing").Op("...")))
	comment := jen.Comment(commentText(fmt.Sprintf("dependentRequired of %s: %q.", cd.Loc, cd.Field)))
	if f := fields[cd.Field]; f.Type.Nilable() {
		return jen.Block(comment, jen.If(jen.Id("v").Dot(f.Name).Op("!=").Nil()).Block(body...))
	}
	return jen.Block(append([]jen.Code{comment}, body...)...)
}

// absentCode declares missing and adds to it each of names whose field
// is absent; nil where every one is a required field, always present.
func absentCode(names []string, fields map[string]*ir.Field) []jen.Code {
	var ifs []jen.Code
	add := func(name string) jen.Code {
		return jen.Id("missing").Op("=").Append(jen.Id("missing"), jen.Lit(name))
	}
	for _, name := range names {
		switch f := fields[name]; {
		case f == nil: // undeclared: kept among the extras, if present
			ifs = append(ifs, jen.If(
				jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(jen.Lit(name)),
				jen.Op("!").Id("ok"),
			).Block(add(name)))
		case f.Type.Nilable():
			ifs = append(ifs, jen.If(jen.Id("v").Dot(f.Name).Op("==").Nil()).Block(add(name)))
		}
	}
	if ifs == nil {
		return nil
	}
	return append([]jen.Code{jen.Var().Id("missing").Index().String()}, ifs...)
}

// presenceCode checks an anyOf or oneOf of which properties the object
// has (ir.Presence): a property's field is set, or it is in the extras.
func presenceCode(t *ir.Type, p *ir.Presence, fields map[string]*ir.Field) jen.Code {
	seen := map[string]bool{}
	var cases []jen.Code
	var branches []jen.Code
	names := func(list []string) jen.Code {
		var lits []jen.Code
		for _, name := range list {
			lits = append(lits, jen.Lit(name))
			f := fields[name]
			if f == nil || seen[name] {
				continue
			}
			seen[name] = true
			has := jen.True() // a required field: always set
			if f.Type.Nilable() {
				has = jen.Id("v").Dot(f.Name).Op("!=").Nil()
			}
			cases = append(cases, jen.Case(jen.Lit(name)).Block(jen.Return(has)))
		}
		return jen.Index().String().Values(lits...)
	}
	for _, br := range p.Branches {
		var vals []jen.Code
		if len(br.Required) > 0 {
			vals = append(vals, jen.Id("Required").Op(":").Add(names(br.Required)))
		}
		if len(br.Forbidden) > 0 {
			vals = append(vals, jen.Id("Forbidden").Op(":").Add(names(br.Forbidden)))
		}
		branches = append(branches, jen.Qual(implPkg, "Presence").Values(vals...))
	}
	var rest []jen.Code
	if t.Extra != nil {
		rest = []jen.Code{
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(jen.Id("name")),
			jen.Return(jen.Id("ok")),
		}
	} else {
		rest = []jen.Code{jen.Return(jen.False())}
	}
	body := rest
	if len(cases) > 0 {
		body = append([]jen.Code{jen.Switch(jen.Id("name")).Block(cases...)}, rest...)
	}
	keyword, method := "anyOf", "AnyOfPresence"
	if p.OneOf {
		keyword, method = "oneOf", "OneOfPresence"
	}
	has := jen.Func().Params(jen.Id("name").String()).Bool().Block(body...)
	return jen.Block(
		jen.Comment(commentText(fmt.Sprintf("The %s of %s, on which properties the object has.", keyword, p.Loc))),
		jen.Id("c").Dot(method).Call(append([]jen.Code{has}, branches...)...),
	)
}
