package gosrc

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The printer writes what gofmt's printer would: the same spaces between
// tokens, the same line breaks (at most one blank line, one before a
// declaration of another kind), and, for the columns gofmt aligns (a
// struct's fields, a const group, a composite literal's keys), the same
// input to text/tabwriter: cells ended by \v, sections by \f, literal
// and comment text holding tabs or line breaks escaped.

type last uint8

const (
	lNone  last = iota // start of a line, after ( [ { , or an operator
	lWord              // identifier, keyword, literal
	lParen             // )
	lBrack             // ]
	lBrace             // }
)

type lead uint8

const (
	leadWord lead = iota
	leadUnary
	leadIndex
	leadMap
	leadStruct
	leadParens
	leadBlock
	leadTag
	leadNone // call, type arguments, values, dot, postfix operators
)

const escape = '\xff'

type printer struct {
	f      *File
	buf    []byte
	indent int
	nl     int  // line breaks owed before the next token
	ff     bool // the first of them ends a column section
	text   bool // something is written on this line
	last   last
	depth  int // gofmt's expression depth: 1 in a statement, more in index and call lists

	declItem bool // the next identifier names what is declared
	declName bool // a declared name was written: its type follows
	align    bool // in an aligned field or spec: the name's separator is \v
	named    bool // the aligned field has a name
	lists    int  // inside a call, params, values or index

	kw         bool // the last token written is a keyword
	caseOpen   bool // a case or default clause was written: its block has no braces
	switchOpen bool // a switch header was written: its cases are not indented

	stmt []Code // the statement being written, and the index of its item
	idx  int

	tabs    bool // the output needs text/tabwriter
	escaped bool // escape characters were written
	unsure  bool // layout gofmt may print otherwise: format the file
}

func (p *printer) w(s string) {
	if p.nl > 0 {
		n := min(p.nl, 2)
		if p.ff {
			p.buf = append(p.buf, '\f')
			n--
		}
		for ; n > 0; n-- {
			p.buf = append(p.buf, '\n')
		}
		for range p.indent {
			p.buf = append(p.buf, '\t')
		}
		p.nl, p.ff, p.text = 0, false, false
	}
	p.buf = append(p.buf, s...)
	p.kw = false
	if s != "" {
		p.text = true
	}
}

// lit writes literal or comment text, escaped for text/tabwriter where
// it holds what the tabwriter would read as layout.
func (p *printer) lit(s string) {
	if strings.IndexByte(s, 0) >= 0 || strings.Contains(s, "\ufeff") || !utf8.ValidString(s) {
		p.unsure = true // go/format says where Go source cannot hold it
	}
	if strings.ContainsAny(s, "\t\v\f\n") || strings.IndexByte(s, escape) >= 0 {
		p.w("") // the line breaks owed
		p.buf = append(append(append(p.buf, escape), s...), escape)
		p.text, p.kw, p.escaped = true, false, true
		return
	}
	p.w(s)
}

func (p *printer) gap(k lead) {
	if p.declName {
		p.declName = false
		if k != leadNone {
			if p.align {
				p.w("\v")
				p.tabs = true
			} else {
				p.w(" ")
			}
		}
		return
	}
	switch p.last {
	case lWord, lParen, lBrace:
		switch k {
		case leadWord, leadUnary, leadMap, leadStruct, leadBlock, leadTag:
			p.w(" ")
		case leadParens:
			if p.kw { // a conversion or call is not set apart
				p.w(" ")
			}
		}
	case lBrack:
		switch k {
		case leadBlock, leadTag:
			p.w(" ")
		}
	}
}

func (s *Statement) render(p *printer) {
	stmt, idx := p.stmt, p.idx
	p.stmt = *s
	for i, c := range *s {
		if c == nil || c.isNull() {
			continue
		}
		p.idx = i
		c.render(p)
	}
	p.stmt, p.idx = stmt, idx
}

// peek returns the nth item after the current one in the statement.
func (p *printer) peek(n int) Code {
	for _, c := range p.stmt[p.idx+1:] {
		if c != nil && !c.isNull() {
			if n--; n == 0 {
				return c
			}
		}
	}
	return nil
}

func (t token) render(p *printer) {
	switch t.kind {
	case tIdent, tKeyword, tLit:
		if t.text == "" {
			return
		}
		p.gap(leadWord)
		if t.kind == tLit {
			p.lit(t.text)
		} else {
			p.w(t.text)
			p.kw = t.kind == tKeyword
		}
		p.last = lWord
		switch {
		case t.kind == tIdent && p.declItem:
			p.declItem, p.declName = false, true
			return
		case t.kind == tKeyword:
			switch t.text {
			case "var", "const", "type":
				p.declItem = true
				return
			case "default":
				p.w(":")
				p.last = lNone
				p.caseOpen = true
			}
		}
		p.declItem = false
	case tDot:
		p.declName, p.declItem = false, false
		p.w(".")
		p.last = lNone
	case tLine:
		if p.lists > 0 {
			p.unsure = true
		}
		p.nl++
		p.last = lNone
	case tOp:
		p.op(t.text)
	}
}

func (p *printer) op(op string) {
	p.declItem = false
	switch op {
	case "...", "++", "--":
		p.declName = false
		p.w(op)
		p.last = lWord
	case ":":
		p.declName = false
		p.w(": ")
		p.last = lNone
	case "*", "&", "!", "<-", "^":
		p.gap(leadUnary)
		p.w(op)
		p.last = lNone
	case "-", "+":
		if p.last == lNone && !p.declName {
			p.w(op) // unary
			return
		}
		p.declName = false
		if p.depth <= 1 {
			p.w(" " + op + " ")
		} else {
			p.w(op)
		}
		p.last = lNone
	default:
		if strings.HasPrefix(op, "`") { // a raw string written as an operator
			p.gap(leadWord)
			p.lit(op)
			p.last = lWord
			return
		}
		p.declName = false
		if p.align && op == "=" {
			p.w("\v= ")
			p.tabs = true
		} else {
			p.w(" " + op + " ")
		}
		p.last = lNone
	}
}

func (q qual) render(p *printer) {
	p.gap(leadWord)
	p.declItem = false
	if name := p.f.register(q.path); name != "" {
		p.w(name + "." + q.name)
	} else {
		p.w(q.name)
	}
	p.last = lWord
}

func (c comment) render(p *printer) {
	text := string(c)
	switch {
	case strings.HasPrefix(text, "/*"):
		p.unsure = true
	case strings.HasPrefix(text, "//"):
	case strings.Contains(text, "\n"):
		p.unsure = true
		text = "/*\n" + text + "\n*/"
	default:
		text = "// " + text
	}
	text = strings.TrimRight(text, " \t")
	if p.text && p.nl == 0 {
		// A comment after code on its line: gofmt aligns consecutive
		// ones in a column.
		if p.align || p.lists > 0 {
			p.unsure = true
		}
		p.w("\t")
		p.tabs = true
	}
	p.lit(text)
	p.last = lNone
	p.declName, p.declItem = false, false
}

func (t tag) render(p *printer) {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s:%q", k, t[k])
	}
	s := b.String()
	if strconv.CanBackquote(s) {
		s = "`" + s + "`"
	} else {
		s = strconv.Quote(s)
	}
	if p.align {
		p.declName = false
		if p.named {
			p.w("\v\v")
		} else {
			p.w("\v")
		}
		p.tabs = true
	} else {
		p.gap(leadTag)
	}
	p.lit(s)
	p.last = lWord
}

// list writes items separated by sep (", ", "; ", ":"), each at depth.
func (p *printer) list(items []Code, sep string, depth int, decl bool) {
	save := p.depth
	p.lists++
	first := true
	for _, c := range items {
		if c == nil || c.isNull() {
			continue
		}
		if !first {
			p.w(sep)
			p.last = lNone
		}
		first = false
		p.depth = depth
		p.declItem, p.declName = decl, false
		c.render(p)
	}
	p.declItem, p.declName = false, false
	p.lists--
	p.depth = save
}

func count(items []Code) int {
	n := 0
	for _, c := range items {
		if c != nil && !c.isNull() {
			n++
		}
	}
	return n
}

func (g *group) render(p *printer) {
	switch g.name {
	case "call", "types":
		p.gap(leadNone)
		open, close := "(", ")"
		if g.name == "types" {
			open, close = "[", "]"
		}
		p.w(open)
		p.last = lNone
		d := p.depth
		if count(g.items) > 1 && g.name == "call" {
			d++
		}
		p.list(g.items, ", ", d, false)
		p.w(close)
		p.last = lParen
		if g.name == "types" {
			p.last = lBrack
		}
	case "params":
		p.params(g)
	case "index", "map":
		if g.name == "map" {
			p.gap(leadMap)
			p.w("map[")
		} else {
			p.gap(leadIndex)
			p.w("[")
		}
		p.last = lNone
		p.list(g.items, g.sep, p.depth+1, false)
		p.w("]")
		p.last = lBrack
	case "values":
		p.gap(leadNone)
		if len(g.items) == 1 {
			if d, ok := g.items[0].(Dict); ok {
				p.dict(d)
				p.last = lBrace
				return
			}
		}
		p.w("{")
		p.last = lNone
		p.list(g.items, ", ", 1, false)
		p.w("}")
		p.last = lBrace
	case "list":
		p.list(g.items, ", ", p.depth, false)
	case "parens":
		p.gap(leadParens)
		p.w("(")
		p.last = lNone
		p.list(g.items, "", max(p.depth-1, 1), false)
		p.w(")")
		p.last = lParen
	case "return", "if", "for", "switch", "case":
		p.gap(leadWord)
		p.w(g.open)
		p.last = lNone
		if count(g.items) > 0 {
			p.w(" ")
			sep := ", "
			if g.sep == ";" {
				sep = "; "
			}
			p.list(g.items, sep, 1, false)
		}
		p.last = lWord
		switch g.name {
		case "case":
			p.w(":")
			p.last = lNone
			p.caseOpen = true
		case "switch":
			p.switchOpen = true
		}
	case "block":
		p.block(g)
	case "defs", "struct", "interface":
		p.lines(g)
	default:
		panic("gosrc: unknown group " + g.name)
	}
}

// params writes a parameter or result list, or a receiver.
func (p *printer) params(g *group) {
	space := false
	switch p.last {
	case lWord:
		// After func: a receiver (a name follows) is set apart; a
		// function literal's or type's parameters are not.
		if p.lastKeyword() {
			if k, ok := p.peek(1).(token); ok && k.kind == tIdent {
				g, ok := p.peek(2).(*group)
				space = ok && g.name == "params"
			}
		}
	case lParen:
		space = true // results
		if n := nonNull(g.items); len(n) == 1 && !namedItem(n[0]) {
			// One unnamed result: gofmt drops the parentheses.
			p.w(" ")
			p.last = lNone
			p.declItem, p.declName = false, false
			d := p.depth
			n[0].render(p)
			p.depth = d
			return
		}
	}
	p.declName = false
	if space {
		p.w(" ")
	}
	p.w("(")
	p.last = lNone
	p.list(g.items, ", ", p.depth, true)
	p.w(")")
	p.last = lParen
}

func (p *printer) lastKeyword() bool {
	return p.kw && bytes.HasSuffix(p.buf, []byte("func"))
}

func nonNull(items []Code) []Code {
	for i, c := range items {
		if c == nil || c.isNull() {
			out := slices.Clip(slices.Clone(items[:i]))
			for _, c := range items[i+1:] {
				if c != nil && !c.isNull() {
					out = append(out, c)
				}
			}
			return out
		}
	}
	return slices.Clip(items) // all of them: no copy
}

// namedItem reports whether a parameter or field starts with a name that
// its type follows.
func namedItem(c Code) bool {
	s, ok := c.(*Statement)
	if !ok {
		return false
	}
	items := nonNull(*s)
	if len(items) == 1 {
		if inner, ok := items[0].(*Statement); ok {
			return namedItem(inner)
		}
	}
	if len(items) < 2 {
		return false
	}
	first, ok := items[0].(token)
	if !ok || first.kind != tIdent {
		return false
	}
	switch n := items[1].(type) {
	case token:
		return n.kind == tIdent || n.kind == tKeyword || n.kind == tOp && (n.text == "*")
	case qual:
		return true
	case *group:
		switch n.name {
		case "index", "map", "struct", "interface", "params":
			return true
		}
	case *Statement:
		return true
	}
	return false
}

// block writes { statements }, or a case clause's statements.
func (p *printer) block(g *group) {
	caseBody, switchBody := p.caseOpen, p.switchOpen
	p.caseOpen, p.switchOpen = false, false
	if caseBody {
		p.stmts(g.items, p.indent+1)
		p.last = lNone
		return
	}
	p.gap(leadBlock)
	p.w("{")
	if count(g.items) == 0 {
		if !p.funcBody() {
			// gofmt writes an empty block on two lines, but a
			// function's body.
			p.nl++
		}
		p.w("}")
		p.last = lBrace
		return
	}
	base := p.indent
	in := base + 1
	if switchBody {
		in = base
	}
	p.stmts(g.items, in)
	p.indent = base
	p.nl++
	p.w("}")
	p.last = lBrace
}

// funcBody reports whether the block being written is a function's body.
func (p *printer) funcBody() bool {
	body := false
	for _, c := range p.stmt[:p.idx] {
		switch c := c.(type) {
		case token:
			if c.kind == tKeyword {
				body = c.text == "func"
			}
		case *group:
			switch c.name {
			case "if", "for", "switch", "case":
				body = false
			}
		}
	}
	return body
}

// stmts writes each statement on its line at indent.
func (p *printer) stmts(items []Code, indent int) {
	save := *p.state()
	p.lists, p.align = 0, false
	for _, c := range items {
		if c == nil || c.isNull() {
			continue
		}
		p.indent = indent
		p.nl++
		p.last, p.depth = lNone, 1
		p.declItem, p.declName, p.caseOpen, p.switchOpen = false, false, false, false
		c.render(p)
	}
	p.restore(save)
}

type state struct {
	indent, depth, lists int
	align, named         bool
}

func (p *printer) state() *state {
	return &state{p.indent, p.depth, p.lists, p.align, p.named}
}

func (p *printer) restore(s state) {
	p.indent, p.depth, p.lists, p.align, p.named = s.indent, s.depth, s.lists, s.align, s.named
}

// lines writes a const group, a struct's fields or an interface's
// methods, one per line, aligned as gofmt aligns them.
func (p *printer) lines(g *group) {
	items := nonNull(g.items)
	entries := 0
	for _, c := range items {
		if !commentOnly(c) {
			entries++
		}
	}
	switch g.name {
	case "defs":
		p.gap(leadParens)
		p.w("(")
	default: // struct, interface
		p.gap(leadStruct)
		if len(items) == 0 {
			p.w(g.name + "{}")
			p.last = lBrace
			return
		}
		p.w(g.name + " {")
	}
	base := p.state()
	p.lists = 0
	first := true
	for _, c := range items {
		p.indent = base.indent + 1
		p.nl++
		if first && g.name == "struct" {
			p.ff = true
		}
		first = false
		p.last, p.depth = lNone, 1
		p.caseOpen, p.switchOpen = false, false
		p.align = entries > 1 && g.name != "interface"
		p.named = p.align && namedItem(c)
		p.declItem = g.name != "interface"
		p.declName = false
		start := len(p.buf)
		c.render(p)
		if p.align && bytes.IndexByte(bytes.TrimLeft(p.buf[start:], "\n\f\t"), '\n') >= 0 {
			// A field or spec over several lines starts a new section
			// of columns in gofmt's layout; none is written here.
			p.unsure = true
		}
	}
	p.declItem, p.declName = false, false
	p.restore(*base)
	p.nl++
	if g.name == "defs" {
		p.w(")")
		p.last = lParen
		return
	}
	p.w("}")
	p.last = lBrace
}

func commentOnly(c Code) bool {
	s, ok := c.(*Statement)
	if !ok {
		t, isTok := c.(token)
		_, ok := c.(comment)
		return ok || isTok && t.kind == tLine
	}
	for _, x := range *s {
		if x == nil || x.isNull() {
			continue
		}
		if !commentOnly(x) {
			return false
		}
	}
	return true
}

// dict writes a composite literal's keys and values: on one line when
// there is one pair; else one pair per line, the values in a column
// where gofmt aligns them (consecutive keys of like size).
func (p *printer) dict(d Dict) {
	keys, byKey := sortedKeys(d, p)
	if len(keys) == 0 {
		p.w("{}")
		return
	}
	if len(keys) == 1 {
		p.w("{")
		p.last = lNone
		save := p.state()
		p.lists++
		p.w(keys[0] + ": ")
		p.last, p.depth = lNone, 1
		byKey[keys[0]][1].render(p)
		p.restore(*save)
		p.w("}")
		return
	}
	p.w("{")
	base := p.state()
	p.lists = 0
	size, count, lnsum := 0, 0, 0.0
	for i, k := range keys {
		value := p.sub(byKey[k][1], base.indent+1)
		prevSize := size
		size = len(k)
		if strings.ContainsAny(value, "\n\f") {
			size = 0
		}
		useFF := true
		if prevSize > 0 && size > 0 {
			const smallSize = 40
			if count == 0 || prevSize <= smallSize && size <= smallSize {
				useFF = false
			} else {
				const r = 2.5
				ratio := float64(size) / math.Exp(lnsum/float64(count))
				useFF = r*ratio <= 1 || r <= ratio
			}
		}
		p.indent = base.indent + 1
		p.nl++
		p.ff = useFF || i == 0
		if useFF {
			// A new section: gofmt measures the keys after it anew.
			lnsum, count = 0, 0
		}
		if size > 0 {
			p.w(k + ":\v")
			p.tabs = true
		} else {
			p.w(k + ": ")
		}
		p.buf = append(p.buf, value...)
		p.w(",")
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
	}
	p.restore(*base)
	p.nl++
	p.ff = true
	p.w("}")
}

// sub returns c as written at indent on a line of its own, sharing the
// file's imports and what the file needs.
func (p *printer) sub(c Code, indent int) string {
	q := &printer{f: p.f, indent: indent, depth: 1}
	c.render(q)
	p.tabs = p.tabs || q.tabs
	p.escaped = p.escaped || q.escaped
	p.unsure = p.unsure || q.unsure
	return string(q.buf)
}

func (d Dict) render(p *printer) { p.dict(d) }
