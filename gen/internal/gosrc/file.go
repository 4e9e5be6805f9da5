package gosrc

import (
	"bytes"
	"fmt"
	doccomment "go/doc/comment"
	"go/format"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"unicode"
)

// File is a Go source file: its header comments, package clause, the
// imports its qualified identifiers need, and its declarations.
type File struct {
	name    string
	headers []string
	hints   map[string]string // import path → package name
	imports map[string]importDef
	items   []Code

	// Formatted reports, after Render, whether the file went through
	// go/format (the printer was not sure of its layout).
	Formatted bool
}

type importDef struct {
	name  string
	alias bool
}

// NewFile returns an empty file of package name.
func NewFile(name string) *File {
	return &File{name: name, hints: map[string]string{}, imports: map[string]importDef{}}
}

// HeaderComment adds a comment line above the package clause.
func (f *File) HeaderComment(text string) { f.headers = append(f.headers, text) }

// ImportName says the name of the package at path, so that its import
// needs no alias.
func (f *File) ImportName(path, name string) { f.hints[path] = name }

func (f *File) stmt() *Statement {
	s := newS()
	f.items = append(f.items, s)
	return s
}

// Add starts a declaration with code.
func (f *File) Add(code ...Code) *Statement { return f.stmt().Add(code...) }

// Comment adds a comment line.
func (f *File) Comment(text string) *Statement { return f.stmt().Comment(text) }

// Func starts a function declaration.
func (f *File) Func() *Statement { return f.stmt().Func() }

// Var starts a var declaration.
func (f *File) Var() *Statement { return f.stmt().Var() }

// Const starts a const declaration.
func (f *File) Const() *Statement { return f.stmt().Const() }

// Type starts a type declaration.
func (f *File) Type() *Statement { return f.stmt().Type() }

// Line adds a blank line.
func (f *File) Line() *Statement { return f.stmt().Line() }

var aliasJunk = regexp.MustCompile(`[^a-z0-9]`)

// register returns the name by which the file refers to the package at
// path, importing it.
func (f *File) register(path string) string {
	if f == nil {
		return path[strings.LastIndex(path, "/")+1:]
	}
	if d, ok := f.imports[path]; ok {
		return d.name
	}
	name, alias := f.hints[path], false
	if name == "" {
		elems := strings.Split(path, "/")
		if !strings.Contains(elems[0], ".") {
			// The standard library: the package is named as its
			// directory, but for a major version's.
			name = elems[len(elems)-1]
			if len(elems) > 1 && isMajor(name) {
				name = elems[len(elems)-2]
			}
		} else {
			name = strings.TrimLeftFunc(aliasJunk.ReplaceAllString(strings.ToLower(elems[len(elems)-1]), ""), unicode.IsDigit)
			if name == "" {
				name = "pkg"
			}
			alias = true
		}
	}
	unique := name
	for i := 1; !f.validAlias(unique); i++ {
		unique = fmt.Sprintf("%s%d", name, i)
	}
	if unique != name {
		alias = true
	}
	f.imports[path] = importDef{unique, alias}
	return unique
}

func isMajor(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	_, err := strconv.Atoi(s[1:])
	return err == nil
}

func (f *File) validAlias(name string) bool {
	if reserved[name] {
		return false
	}
	for _, d := range f.imports {
		if d.name == name {
			return false
		}
	}
	return true
}

// reserved holds Go's keywords and predeclared identifiers, which an
// import name must not shadow.
var reserved = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`break default func interface select case defer go map struct chan else goto package switch const fallthrough if range type continue for import return var
bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min new panic print println real recover any comparable`) {
		m[w] = true
	}
	return m
}()

// Render writes the file as gofmt prints it.
func (f *File) Render(w io.Writer) error {
	out, err := f.Bytes()
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// bodies recycles the printers' buffers: a file's body is copied once
// into the source, and growing a new buffer for each file was a tenth
// of the generator's allocation.
var bodies = sync.Pool{New: func() any { return new([]byte) }}

// Bytes returns the file as gofmt prints it; the error is go/format's,
// for a file the printer left to it.
func (f *File) Bytes() ([]byte, error) {
	pooled := bodies.Get().(*[]byte)
	p := &printer{f: f, depth: 1, buf: (*pooled)[:0]}
	defer func() {
		*pooled = p.buf[:0]
		bodies.Put(pooled)
	}()
	var prevTok string // the keyword of the last declaration
	afterDecl := false
	for i, c := range f.docComments(p) {
		if c == nil || c.isNull() {
			continue
		}
		if i > 0 && len(p.buf) > 0 {
			p.nl++
		}
		tok := declToken(c)
		switch {
		case tok != "" && afterDecl && tok != prevTok:
			// gofmt sets declarations of another kind apart.
			p.nl = max(p.nl, 2)
		case tok == "" && afterDecl && commentOnly(c):
			// and a comment from the declaration before it.
			p.nl = max(p.nl, 2)
		}
		if len(p.buf) == 0 {
			p.nl = 0
		}
		p.indent, p.last, p.depth = 0, lNone, 1
		p.declItem, p.declName = false, false
		c.render(p)
		switch {
		case tok != "":
			prevTok, afterDecl = tok, true
		case commentOnly(c):
			afterDecl = false
		}
	}
	body := p.buf

	var src bytes.Buffer
	src.Grow(len(body) + 1024)
	for _, h := range f.headers {
		if !strings.HasPrefix(h, "//") {
			h = "// " + h
		}
		src.WriteString(strings.TrimRight(h, " \t") + "\n")
	}
	if len(f.headers) > 0 {
		src.WriteString("\n")
	}
	fmt.Fprintf(&src, "package %s\n\n", f.name)
	paths := make([]string, 0, len(f.imports))
	for path := range f.imports {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	spec := func(path string) string {
		if d := f.imports[path]; d.alias {
			return d.name + " " + strconv.Quote(path)
		}
		return strconv.Quote(path)
	}
	switch len(paths) {
	case 0:
	case 1:
		fmt.Fprintf(&src, "import %s\n\n", spec(paths[0]))
	default:
		src.WriteString("import (\n")
		for _, path := range paths {
			src.WriteString("\t" + spec(path) + "\n")
		}
		src.WriteString(")\n\n")
	}
	src.Write(body)
	src.WriteString("\n")
	out := src.Bytes()
	if p.tabs {
		var tw bytes.Buffer
		tw.Grow(len(out) + len(out)/4)
		t := tabwriter.NewWriter(&tw, 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns|tabwriter.TabIndent)
		t.Write(out)
		t.Flush()
		out = tw.Bytes()
	}
	if p.tabs || p.escaped || bytes.IndexByte(out, '\f') >= 0 {
		out = trim(out)
	}
	f.Formatted = p.unsure
	if p.unsure {
		formatted, err := format.Source(out)
		if err != nil {
			return nil, fmt.Errorf("Error %s while formatting source:\n%s", err, out)
		}
		out = formatted
	}
	return out, nil
}

// trim removes what gofmt's output does not hold: escape characters,
// blanks at the ends of lines (outside escaped text), form feeds. It
// writes over in, which it never outgrows.
func trim(in []byte) []byte {
	out := in[:0]
	escaped := false
	blanks := -1 // where pending blanks start in in, written if the line goes on
	for i, b := range in {
		switch {
		case b == escape:
			if blanks >= 0 { // escaped text follows: the blanks stay
				out = append(out, in[blanks:i]...)
				blanks = -1
			}
			escaped = !escaped
			continue
		case escaped:
		case b == ' ' || b == '\t':
			if blanks < 0 {
				blanks = i
			}
			continue
		case b == '\n' || b == '\f':
			blanks = -1
			out = append(out, '\n')
			continue
		}
		if blanks >= 0 {
			out = append(out, in[blanks:i]...)
			blanks = -1
		}
		out = append(out, b)
	}
	return out
}

// docComments returns the file's items with each declaration's doc
// comment (the comment lines right above it) as gofmt rewrites it
// (go/doc/comment's reading: headings, lists, code blocks).
func (f *File) docComments(p *printer) []Code {
	items := slices.Clone(f.items)
	var run []int // the comment lines since the last other item
	for i, c := range items {
		switch {
		case c == nil || c.isNull():
		case declToken(c) != "":
			if len(run) > 0 {
				lines, ok := docText(items, run)
				if !ok {
					p.unsure = true
				} else {
					doc := newS()
					for j, line := range lines {
						if j > 0 {
							doc.Line()
						}
						doc.Comment(line)
					}
					items[run[0]] = doc
					for _, at := range run[1:] {
						items[at] = Null()
					}
				}
			}
			run = run[:0]
		case singleComment(c) != "":
			run = append(run, i)
		default:
			run = run[:0]
		}
	}
	return items
}

// plainParagraph reports whether text (lines ending in newlines) is one
// paragraph that go/doc/comment prints unchanged: no blank line (so no
// heading, which stands between paragraphs), each line starting with a
// letter or an opening bracket or quote (not indented, not a list item,
// a heading or a link definition), no control characters, no trailing
// blanks, no doubled quotes. Most generated doc comments are such, and
// parsing each was a fifth of printing.
func plainParagraph(text string) bool {
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" || !isLetter(line[0]) && !strings.ContainsRune("(\"'`<{", rune(line[0])) || line[len(line)-1] == ' ' {
			return false
		}
		for i := 0; i < len(line); i++ {
			if line[i] < ' ' || line[i] == 0x7f {
				return false
			}
		}
	}
	// go/doc/comment turns `` and '' into typographic quotes.
	return strings.HasSuffix(text, "\n") && !strings.Contains(text, "``") && !strings.Contains(text, "''")
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// docText returns the comment lines at run as gofmt writes a doc
// comment, and false where it does not know.
func docText(items []Code, run []int) ([]string, bool) {
	var b strings.Builder
	for _, at := range run {
		text := singleComment(items[at])
		after, ok := strings.CutPrefix(text, "//")
		if !ok || isDirective(after) {
			return nil, false
		}
		b.WriteString(strings.TrimPrefix(after, " "))
		b.WriteString("\n")
	}
	text := b.String()
	out := text
	if !plainParagraph(text) {
		var pr doccomment.Printer
		out = string(pr.Comment(new(doccomment.Parser).Parse(text)))
	}
	if out == text {
		lines := make([]string, len(run))
		for i, at := range run {
			lines[i] = singleComment(items[at])
		}
		return lines, true
	}
	if strings.Contains(text, "\xff") {
		return nil, false
	}
	var lines []string
	for out != "" {
		var line string
		line, out, _ = strings.Cut(out, "\n")
		switch {
		case line == "":
			line = "//"
		case strings.HasPrefix(line, "\t"):
			line = "//" + line
		default:
			line = "// " + line
		}
		lines = append(lines, line)
	}
	return lines, true
}

// singleComment returns the text of a statement that is one // comment
// ("" for anything else).
func singleComment(c Code) string {
	s, ok := c.(*Statement)
	if !ok {
		return ""
	}
	items := nonNull(*s)
	if len(items) != 1 {
		return ""
	}
	if inner, ok := items[0].(*Statement); ok {
		return singleComment(inner)
	}
	text, ok := items[0].(comment)
	if !ok {
		return ""
	}
	t := string(text)
	switch {
	case strings.HasPrefix(t, "/*") || strings.Contains(t, "\n"):
		return ""
	case !strings.HasPrefix(t, "//"):
		t = "// " + t
	}
	return strings.TrimRight(t, " \t")
}

// isDirective reports whether a comment's text (after //) is a
// directive, which gofmt keeps apart.
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

// declToken returns the keyword a top-level statement starts with, if it
// declares something.
func declToken(c Code) string {
	s, ok := c.(*Statement)
	if !ok {
		return ""
	}
	for _, x := range *s {
		if x == nil || x.isNull() {
			continue
		}
		if t, ok := x.(token); ok && t.kind == tKeyword {
			switch t.text {
			case "func", "var", "const", "type", "import":
				return t.text
			}
		}
		if inner, ok := x.(*Statement); ok {
			return declToken(inner)
		}
		return ""
	}
	return ""
}

// GoString returns s as Go source.
func (s *Statement) GoString() string {
	p := &printer{depth: 1}
	s.render(p)
	return string(p.buf)
}

// litText writes v as a Go literal, as jennifer's Lit does.
func litText(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v) // what %#v writes, without fmt
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	case complex128:
		return fmt.Sprintf("%#v", v)
	case float64:
		out := fmt.Sprintf("%#v", v)
		if !strings.Contains(out, ".") && !strings.Contains(out, "e") {
			out += ".0"
		}
		return out
	case float32, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr:
		return fmt.Sprintf("%T(%#v)", v, v)
	}
	panic(fmt.Sprintf("gosrc: unsupported literal type %T", v))
}
