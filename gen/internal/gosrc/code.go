// Package gosrc builds Go source as a tree of statements and groups, the
// way jennifer does (the same constructors, so the emitters read the
// same), and prints it as gofmt prints it, without a formatting pass:
// gofmt (parse, then print) was most of the generator's time. What the
// printer is not sure it lays out as gofmt would, it marks, and File.Render
// then formats that file with go/format; the tests check that every file
// printed without that pass is unchanged by it.
package gosrc

import (
	"sort"
	"strings"
)

// Code is a piece of Go source: a token, a group, a statement.
type Code interface {
	render(p *printer)
	isNull() bool
}

// Statement is a sequence of code printed in order, tokens separated as
// gofmt separates them.
type Statement []Code

// Clone returns a statement that prints as s does, to which more can be
// added without changing s.
func (s *Statement) Clone() *Statement { return &Statement{s} }

func (s *Statement) isNull() bool {
	if s == nil {
		return true
	}
	for _, c := range *s {
		if c != nil && !c.isNull() {
			return false
		}
	}
	return true
}

type tokKind uint8

const (
	tIdent   tokKind = iota // identifiers, predeclared types and values
	tKeyword                // keywords (func, var, return, ...)
	tLit                    // literals
	tOp                     // operators
	tDot                    // the selector's dot
	tNull                   // nothing at all
	tLine                   // a line break
)

type token struct {
	kind tokKind
	text string
}

func (t token) isNull() bool { return t.kind == tNull }

// group is a list with optional opening and closing text.
type group struct {
	*groupKind
	items []Code
}

// groupKind is what a group is and how it is written; groups share it,
// which keeps each group small (groups were a tenth of what the emitters
// allocated).
type groupKind struct {
	name  string // what it is: call, params, block, values, ...
	open  string
	close string
	sep   string
	multi bool // one item per line
}

// The kinds of group, one value each: a group points to its kind.
var (
	kCall      = &groupKind{"call", "(", ")", ",", false}
	kParams    = &groupKind{"params", "(", ")", ",", false}
	kTypes     = &groupKind{"types", "[", "]", ",", false}
	kIndex     = &groupKind{"index", "[", "]", ":", false}
	kValues    = &groupKind{"values", "{", "}", ",", false}
	kBlock     = &groupKind{"block", "{", "}", "", true}
	kDefs      = &groupKind{"defs", "(", ")", "", true}
	kStruct    = &groupKind{"struct", "struct{", "}", "", true}
	kInterface = &groupKind{"interface", "interface{", "}", "", true}
	kMap       = &groupKind{"map", "map[", "]", "", false}
	kList      = &groupKind{"list", "", "", ",", false}
	kParens    = &groupKind{"parens", "(", ")", "", false}
	kReturn    = &groupKind{"return", "return", "", ",", false}
	kIf        = &groupKind{"if", "if", "", ";", false}
	kFor       = &groupKind{"for", "for", "", ";", false}
	kSwitch    = &groupKind{"switch", "switch", "", ";", false}
	kCase      = &groupKind{"case", "case", ":", ",", false}
)

func (g *group) isNull() bool {
	if g.open != "" || g.close != "" {
		return false
	}
	for _, c := range g.items {
		if c != nil && !c.isNull() {
			return false
		}
	}
	return true
}

type comment string

func (comment) isNull() bool { return false }

type tag map[string]string

func (t tag) isNull() bool { return len(t) == 0 }

// Dict holds the keys and values of a composite literal, printed sorted
// by key, one pair per line when there are several.
type Dict map[Code]Code

// DictFunc returns the Dict f fills.
func DictFunc(f func(Dict)) Dict {
	d := Dict{}
	f(d)
	return d
}

func (d Dict) isNull() bool {
	for k, v := range d {
		if !k.isNull() && !v.isNull() {
			return false
		}
	}
	return true
}

func (s *Statement) add(c ...Code) *Statement {
	*s = append(*s, c...)
	return s
}

func (s *Statement) tok(k tokKind, text string) *Statement {
	if c, ok := fixed[token{k, text}]; ok {
		return s.add(c)
	}
	return s.add(token{k, text})
}

// fixed holds the tokens of Go's keywords, operators and predeclared
// identifiers as Code, so that writing one does not allocate: tokens
// were a fifth of what the emitters allocate.
var fixed = map[token]Code{}

func init() {
	for _, w := range strings.Fields(`break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var`) {
		fixed[token{tKeyword, w}] = token{tKeyword, w}
	}
	for _, w := range strings.Fields(`+ - * / % & | ^ << >> &^ += -= *= /= %= &= |= ^= <<= >>= &^= && || <- ++ -- == < > = ! != <= >= := ... ; : , . ~`) {
		fixed[token{tOp, w}] = token{tOp, w}
	}
	for w := range reserved {
		fixed[token{tIdent, w}] = token{tIdent, w}
	}
	for _, w := range strings.Fields(`err v d i n ok s b r p x k key data out errs`) {
		fixed[token{tIdent, w}] = token{tIdent, w}
	}
}

func (s *Statement) grp(k *groupKind, items []Code) *Statement {
	return s.add(&group{k, items})
}

// newS returns an empty statement with room for a few items, in one
// allocation with them: most statements hold several, and growing from
// nothing allocated three times.
func newS() *Statement {
	b := &stmtBuf{}
	b.s = b.room[:0]
	return &b.s
}

type stmtBuf struct {
	s    Statement
	room [4]Code
}

// Add appends code.
func (s *Statement) Add(code ...Code) *Statement { return s.add(code...) }

// Id appends an identifier.
func (s *Statement) Id(name string) *Statement { return s.tok(tIdent, name) }

// Dot appends a selector: .name.
func (s *Statement) Dot(name string) *Statement {
	return s.add(token{tDot, "."}, token{tIdent, name})
}

// Qual appends a qualified identifier, importing its package.
func (s *Statement) Qual(path, name string) *Statement { return s.add(qual{path, name}) }

// Op appends an operator.
func (s *Statement) Op(op string) *Statement { return s.tok(tOp, op) }

// Lit appends a literal of v (string, bool, int, float64 and Go's other
// numeric types).
func (s *Statement) Lit(v any) *Statement { return s.tok(tLit, litText(v)) }

// Line appends a line break.
func (s *Statement) Line() *Statement { return s.tok(tLine, "") }

// Null appends nothing (an item that prints nothing, not even a separator).
func (s *Statement) Null() *Statement { return s.tok(tNull, "") }

// Empty appends an item that prints nothing but is separated.
func (s *Statement) Empty() *Statement { return s.tok(tIdent, "") }

// Comment appends a comment: "// text", or text itself when it starts
// with // or /*.
func (s *Statement) Comment(text string) *Statement { return s.add(comment(text)) }

// Tag appends a struct tag of the items, sorted by key.
func (s *Statement) Tag(items map[string]string) *Statement { return s.add(tag(items)) }

// Keywords, predeclared identifiers.

// Func appends func.
func (s *Statement) Func() *Statement { return s.tok(tKeyword, "func") }

// Var appends var.
func (s *Statement) Var() *Statement { return s.tok(tKeyword, "var") }

// Const appends const.
func (s *Statement) Const() *Statement { return s.tok(tKeyword, "const") }

// Type appends type.
func (s *Statement) Type() *Statement { return s.tok(tKeyword, "type") }

// Range appends range.
func (s *Statement) Range() *Statement { return s.tok(tKeyword, "range") }

// Else appends else.
func (s *Statement) Else() *Statement { return s.tok(tKeyword, "else") }

// Default appends default (a case clause with the block after it).
func (s *Statement) Default() *Statement { return s.tok(tKeyword, "default") }

// Break appends break.
func (s *Statement) Break() *Statement { return s.tok(tKeyword, "break") }

// Continue appends continue.
func (s *Statement) Continue() *Statement { return s.tok(tKeyword, "continue") }

// Nil appends nil.
func (s *Statement) Nil() *Statement { return s.Id("nil") }

// Err appends err.
func (s *Statement) Err() *Statement { return s.Id("err") }

// Error appends error.
func (s *Statement) Error() *Statement { return s.Id("error") }

// Byte appends byte.
func (s *Statement) Byte() *Statement { return s.Id("byte") }

// String appends string.
func (s *Statement) String() *Statement { return s.Id("string") }

// Bool appends bool.
func (s *Statement) Bool() *Statement { return s.Id("bool") }

// Any appends any.
func (s *Statement) Any() *Statement { return s.Id("any") }

// True appends true.
func (s *Statement) True() *Statement { return s.Id("true") }

// False appends false.
func (s *Statement) False() *Statement { return s.Id("false") }

// Int appends int.
func (s *Statement) Int() *Statement { return s.Id("int") }

// Int64 appends int64.
func (s *Statement) Int64() *Statement { return s.Id("int64") }

// Uint64 appends uint64.
func (s *Statement) Uint64() *Statement { return s.Id("uint64") }

// Float64 appends float64.
func (s *Statement) Float64() *Statement { return s.Id("float64") }

// Groups.

// Call appends (args).
func (s *Statement) Call(args ...Code) *Statement { return s.grp(kCall, args) }

// Params appends (params).
func (s *Statement) Params(params ...Code) *Statement {
	return s.grp(kParams, params)
}

// Types appends [types] (type arguments).
func (s *Statement) Types(types ...Code) *Statement {
	return s.grp(kTypes, types)
}

// Index appends [items], items separated by colons.
func (s *Statement) Index(items ...Code) *Statement {
	return s.grp(kIndex, items)
}

// Values appends {values}: a composite literal's elements, or a Dict.
func (s *Statement) Values(values ...Code) *Statement {
	return s.grp(kValues, values)
}

// Block appends {statements}, one per line.
func (s *Statement) Block(stmts ...Code) *Statement { return s.grp(kBlock, stmts) }

// Defs appends (definitions), one per line: a const or var group.
func (s *Statement) Defs(defs ...Code) *Statement { return s.grp(kDefs, defs) }

// Struct appends a struct type of the fields, one per line.
func (s *Statement) Struct(fields ...Code) *Statement {
	return s.grp(kStruct, fields)
}

// Interface appends an interface type of the methods, one per line.
func (s *Statement) Interface(methods ...Code) *Statement {
	return s.grp(kInterface, methods)
}

// Map appends map[key].
func (s *Statement) Map(key Code) *Statement {
	return s.grp(kMap, []Code{key})
}

// List appends items separated by commas.
func (s *Statement) List(items ...Code) *Statement { return s.grp(kList, items) }

// Parens appends (item).
func (s *Statement) Parens(item Code) *Statement {
	return s.grp(kParens, []Code{item})
}

// Return appends return results.
func (s *Statement) Return(results ...Code) *Statement {
	return s.grp(kReturn, results)
}

// If appends if with its clauses, separated by semicolons.
func (s *Statement) If(conds ...Code) *Statement { return s.grp(kIf, conds) }

// For appends for with its clauses, separated by semicolons.
func (s *Statement) For(conds ...Code) *Statement { return s.grp(kFor, conds) }

// Switch appends switch with its clauses.
func (s *Statement) Switch(conds ...Code) *Statement {
	return s.grp(kSwitch, conds)
}

// Case appends case values: (the block after it is the clause's body).
func (s *Statement) Case(values ...Code) *Statement {
	return s.grp(kCase, values)
}

// Len appends len(v).
func (s *Statement) Len(v Code) *Statement { return s.Id("len").Call(v) }

// Append appends append(args).
func (s *Statement) Append(args ...Code) *Statement { return s.Id("append").Call(args...) }

// Make appends make(args).
func (s *Statement) Make(args ...Code) *Statement { return s.Id("make").Call(args...) }

// New appends new(t).
func (s *Statement) New(t Code) *Statement { return s.Id("new").Call(t) }

// The constructors below start a statement with what the method of the
// same name appends.

// Add starts a statement with code.
func Add(code ...Code) *Statement { return newS().Add(code...) }

// Id starts a statement with an identifier.
func Id(name string) *Statement { return newS().Id(name) }

// Qual starts a statement with a qualified identifier.
func Qual(path, name string) *Statement { return newS().Qual(path, name) }

// Op starts a statement with an operator.
func Op(op string) *Statement { return newS().Op(op) }

// Lit starts a statement with a literal.
func Lit(v any) *Statement { return newS().Lit(v) }

// Line starts a statement with a line break.
func Line() *Statement { return newS().Line() }

// Null is an item that prints nothing.
func Null() *Statement { return newS().Null() }

// Empty is an item that prints nothing but is separated.
func Empty() *Statement { return newS().Empty() }

// Comment starts a statement with a comment.
func Comment(text string) *Statement { return newS().Comment(text) }

// Func starts a statement with func.
func Func() *Statement { return newS().Func() }

// Var starts a statement with var.
func Var() *Statement { return newS().Var() }

// Type starts a statement with type.
func Type() *Statement { return newS().Type() }

// Default starts a statement with default.
func Default() *Statement { return newS().Default() }

// Break starts a statement with break.
func Break() *Statement { return newS().Break() }

// Continue starts a statement with continue.
func Continue() *Statement { return newS().Continue() }

// Nil starts a statement with nil.
func Nil() *Statement { return newS().Nil() }

// Err starts a statement with err.
func Err() *Statement { return newS().Err() }

// Error starts a statement with error.
func Error() *Statement { return newS().Error() }

// String starts a statement with string.
func String() *Statement { return newS().String() }

// Bool starts a statement with bool.
func Bool() *Statement { return newS().Bool() }

// True starts a statement with true.
func True() *Statement { return newS().True() }

// False starts a statement with false.
func False() *Statement { return newS().False() }

// Int starts a statement with int.
func Int() *Statement { return newS().Int() }

// Int64 starts a statement with int64.
func Int64() *Statement { return newS().Int64() }

// Float64 starts a statement with float64.
func Float64() *Statement { return newS().Float64() }

// Block starts a statement with a block.
func Block(stmts ...Code) *Statement { return newS().Block(stmts...) }

// Values starts a statement with composite literal elements.
func Values(values ...Code) *Statement { return newS().Values(values...) }

// Index starts a statement with [items].
func Index(items ...Code) *Statement { return newS().Index(items...) }

// List starts a statement with a comma-separated list.
func List(items ...Code) *Statement { return newS().List(items...) }

// Parens starts a statement with (item).
func Parens(item Code) *Statement { return newS().Parens(item) }

// Return starts a return statement.
func Return(results ...Code) *Statement { return newS().Return(results...) }

// If starts an if statement.
func If(conds ...Code) *Statement { return newS().If(conds...) }

// For starts a for statement.
func For(conds ...Code) *Statement { return newS().For(conds...) }

// Switch starts a switch statement.
func Switch(conds ...Code) *Statement { return newS().Switch(conds...) }

// Case starts a case clause.
func Case(values ...Code) *Statement { return newS().Case(values...) }

// Map starts a map type.
func Map(key Code) *Statement { return newS().Map(key) }

// Len starts a statement with len(v).
func Len(v Code) *Statement { return newS().Len(v) }

type qual struct{ path, name string }

func (qual) isNull() bool { return false }

func sortedKeys(d Dict, p *printer) ([]string, map[string][2]Code) {
	byKey := map[string][2]Code{}
	var keys []string
	for k, v := range d {
		if k.isNull() || v.isNull() {
			continue
		}
		text := p.sub(k, 0)
		keys = append(keys, text)
		byKey[text] = [2]Code{k, v}
	}
	sort.Strings(keys)
	return keys, byKey
}
