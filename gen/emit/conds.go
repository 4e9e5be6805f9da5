package emit

import (
	"fmt"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/gen/ir"
)

// condsRead reads t with its typed decoder, then checks its conditions
// (ir.Decode.Conds, Presence) on the fields it decoded, where decoding found no
// problem: otherwise a field may not hold what the input says.
func condsRead(t *ir.Type) []gosrc.Code {
	fields := map[string]*ir.Field{}
	for _, f := range t.Fields {
		fields[f.JSON] = f
	}
	var checks []gosrc.Code
	for _, cd := range t.Decode.Conds {
		checks = append(checks, condCode(cd, fields))
	}
	for _, p := range t.Decode.Presence {
		checks = append(checks, presenceCode(t, p, fields))
	}
	return []gosrc.Code{
		gosrc.Id("found").Op(":=").Id("c").Dot("Found").Call(),
		gosrc.Id("v").Dot("decodeTyped").Call(gosrc.Id("d"), gosrc.Id("c")),
		gosrc.If(gosrc.Id("c").Dot("Found").Call().Op("==").Id("found").Op("&&").Op("!").Id("c").Dot("Failed").Call()).Block(checks...),
	}
}

// condCode checks one condition: the then branch where the if passes,
// the else branch where it does not.
func condCode(cd *ir.Cond, fields map[string]*ir.Field) gosrc.Code {
	f := fields[cd.Field]
	x := gosrc.Id("v").Dot(f.Name)
	if cd.Dependent {
		return dependentCode(cd, fields)
	}
	ptr := f.Type.Kind == ir.RefPointer
	val := x.Clone()
	if ptr {
		val = gosrc.Parens(gosrc.Op("*").Add(x.Clone()))
	}
	lit := strEnumLit
	switch f.Type.Held().Kind {
	case ir.RefBool:
		lit = boolEnumLit
	case ir.RefInt:
		lit = intEnumLit
	}
	// one: the value is one of the constants.
	var one *gosrc.Statement
	if cd.Values == nil {
		one = gosrc.True()
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
					eq = gosrc.Op("!").Add(val.Clone())
				}
			}
			if one == nil {
				one = eq
			} else {
				one = one.Op("||").Add(eq)
			}
		}
		if one == nil {
			one = gosrc.False()
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
	comment := gosrc.Comment(commentText(fmt.Sprintf("The if/then/else whose if is %s.", cd.Loc)))
	switch {
	case cd.Then != nil && cd.Else != nil:
		return gosrc.Block(comment, gosrc.If(passes).Block(then...).Else().Block(els...))
	case cd.Then != nil:
		return gosrc.Block(comment, gosrc.If(passes).Block(then...))
	case cd.Else != nil:
		return gosrc.Block(comment, gosrc.If(gosrc.Op("!").Parens(passes)).Block(els...))
	}
	return gosrc.Null()
}

// branchCode checks a then or else branch on the decoded fields.
func branchCode(br *ir.CondBranch, fields map[string]*ir.Field) []gosrc.Code {
	if br == nil {
		return nil
	}
	var out []gosrc.Code
	if absent := absentCode(br.Required, fields); absent != nil {
		out = append(absent, gosrc.Id("c").Dot("Missing").Call(gosrc.Id("missing").Op("...")))
	}
	for _, cc := range br.Checks {
		f := fields[cc.Field]
		x := gosrc.Id("v").Dot(f.Name)
		r := f.Type.Held()
		var bind gosrc.Code
		var checks []gosrc.Code
		switch r.Kind {
		case ir.RefString:
			bind, checks = gosrc.Id("s").Op(":=").Add(valueOf(x, f)), stringChecks(cc.Check)
		case ir.RefBool:
			bind, checks = gosrc.Id("b").Op(":=").Add(valueOf(x, f)), boolChecks(cc.Check)
		case ir.RefInt:
			bind, checks = gosrc.Id("i").Op(":=").Add(valueOf(x, f)), intChecks(cc.Check)
		case ir.RefNamed: // a string enum type
			bind, checks = gosrc.Id("s").Op(":=").String().Call(valueOf(x, f)), stringChecks(cc.Check)
		case ir.RefSlice:
			checks = arrayChecks(x.Clone(), cc.Check)
		case ir.RefMap:
			checks = []gosrc.Code{gosrc.Id("c").Dot("Properties").Call(gosrc.Len(x.Clone()), intOr(cc.Check.MinItems, 0), intOr(cc.Check.MaxItems, -1))}
		}
		body := []gosrc.Code{gosrc.Id("c").Dot("Push").Call(gosrc.Lit(cc.Field))}
		if bind != nil {
			body = append(body, bind)
		}
		body = append(append(body, checks...), gosrc.Id("c").Dot("Pop").Call())
		if f.Type.Nilable() {
			out = append(out, gosrc.If(x.Clone().Op("!=").Nil()).Block(body...))
		} else {
			out = append(out, gosrc.Block(body...))
		}
	}
	for _, x := range br.Extras {
		out = append(out, gosrc.If(
			gosrc.List(gosrc.Id("raw"), gosrc.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(gosrc.Lit(x.Field)),
			gosrc.Id("ok"),
		).Block(
			gosrc.Id("c").Dot("Push").Call(gosrc.Lit(x.Field)),
			applyTo(gosrc.Id("raw"), x.Validate[0]),
			gosrc.Id("c").Dot("Pop").Call(),
		))
	}
	return out
}

// valueOf is the value of field f, x, past the pointer that tells it
// absent.
func valueOf(x *gosrc.Statement, f *ir.Field) gosrc.Code {
	if f.Type.Kind == ir.RefPointer {
		return gosrc.Op("*").Add(x.Clone())
	}
	return x.Clone()
}

// dependentCode checks a dependentRequired: where the property is
// present, the properties it lists must be.
func dependentCode(cd *ir.Cond, fields map[string]*ir.Field) gosrc.Code {
	absent := absentCode(cd.Then.Required, fields)
	if absent == nil {
		return gosrc.Null() // every property it lists is required: always present
	}
	body := append(absent, gosrc.Id("c").Dot("RequiredIf").Call(gosrc.Lit(cd.Field), gosrc.Id("missing").Op("...")))
	comment := gosrc.Comment(commentText(fmt.Sprintf("dependentRequired of %s: %q.", cd.Loc, cd.Field)))
	if f := fields[cd.Field]; f.Type.Nilable() {
		return gosrc.Block(comment, gosrc.If(gosrc.Id("v").Dot(f.Name).Op("!=").Nil()).Block(body...))
	}
	return gosrc.Block(append([]gosrc.Code{comment}, body...)...)
}

// absentCode declares missing and adds to it each of names whose field
// is absent; nil where every one is a required field, always present.
func absentCode(names []string, fields map[string]*ir.Field) []gosrc.Code {
	var ifs []gosrc.Code
	add := func(name string) gosrc.Code {
		return gosrc.Id("missing").Op("=").Append(gosrc.Id("missing"), gosrc.Lit(name))
	}
	for _, name := range names {
		switch f := fields[name]; {
		case f == nil: // undeclared: kept among the extras, if present
			ifs = append(ifs, gosrc.If(
				gosrc.List(gosrc.Id("_"), gosrc.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(gosrc.Lit(name)),
				gosrc.Op("!").Id("ok"),
			).Block(add(name)))
		case f.Type.Nilable():
			ifs = append(ifs, gosrc.If(gosrc.Id("v").Dot(f.Name).Op("==").Nil()).Block(add(name)))
		}
	}
	if ifs == nil {
		return nil
	}
	return append([]gosrc.Code{gosrc.Var().Id("missing").Index().String()}, ifs...)
}

// presenceCode checks an anyOf or oneOf of which properties the object
// has (ir.Presence): a property's field is set, or it is in the extras.
func presenceCode(t *ir.Type, p *ir.Presence, fields map[string]*ir.Field) gosrc.Code {
	seen := map[string]bool{}
	var cases []gosrc.Code
	var branches []gosrc.Code
	names := func(list []string) gosrc.Code {
		var lits []gosrc.Code
		for _, name := range list {
			lits = append(lits, gosrc.Lit(name))
			f := fields[name]
			if f == nil || seen[name] {
				continue
			}
			seen[name] = true
			has := gosrc.True() // a required field: always set
			if f.Type.Nilable() {
				has = gosrc.Id("v").Dot(f.Name).Op("!=").Nil()
			}
			cases = append(cases, gosrc.Case(gosrc.Lit(name)).Block(gosrc.Return(has)))
		}
		return gosrc.Index().String().Values(lits...)
	}
	for _, br := range p.Branches {
		var vals []gosrc.Code
		if len(br.Required) > 0 {
			vals = append(vals, gosrc.Id("Required").Op(":").Add(names(br.Required)))
		}
		if len(br.Forbidden) > 0 {
			vals = append(vals, gosrc.Id("Forbidden").Op(":").Add(names(br.Forbidden)))
		}
		branches = append(branches, gosrc.Qual(implPkg, "Presence").Values(vals...))
	}
	var rest []gosrc.Code
	if t.Extra != nil {
		rest = []gosrc.Code{
			gosrc.List(gosrc.Id("_"), gosrc.Id("ok")).Op(":=").Id("v").Dot("AdditionalProperties").Index(gosrc.Id("name")),
			gosrc.Return(gosrc.Id("ok")),
		}
	} else {
		rest = []gosrc.Code{gosrc.Return(gosrc.False())}
	}
	body := rest
	if len(cases) > 0 {
		body = append([]gosrc.Code{gosrc.Switch(gosrc.Id("name")).Block(cases...)}, rest...)
	}
	keyword, method := "anyOf", "AnyOfPresence"
	if p.OneOf {
		keyword, method = "oneOf", "OneOfPresence"
	}
	has := gosrc.Func().Params(gosrc.Id("name").String()).Bool().Block(body...)
	return gosrc.Block(
		gosrc.Comment(commentText(fmt.Sprintf("The %s of %s, on which properties the object has.", keyword, p.Loc))),
		gosrc.Id("c").Dot(method).Call(append([]gosrc.Code{has}, branches...)...),
	)
}
