package lenient

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// markdownTable reads the one markdown table in text, a header row, a
// delimiter row (| --- | :-: |) and rows of cells, for the schema to
// coerce: where a list is allowed, a list of one object per row, the
// header's cells its keys; where an object is, the one row's object, or
// the rows of a table of two columns whose first names a declared
// property in every row (| Field | Value |). A header that names a
// declared property (case, spaces and underscores aside) is that
// property, reported; an empty cell is a missing value, as in {"a": }.
// With no schema, or one of no type and no property, it is the list of
// rows, their cells JSON's literals and numbers or their text
// (yamlScalar). False where text holds no table or more than one, a
// brace (a document's text is the document's reading), or a row has
// more cells than the header.
func markdownTable(text []byte, sc *schema.ShapeCache, sch *jsonschema.Schema) (*jvalue, []problem.Repair, bool) {
	if bytes.IndexByte(text, '|') < 0 || bytes.IndexByte(text, '{') >= 0 {
		return nil, nil, false
	}
	ms := schema.Members(sch)
	want := schema.AllowedTypes(ms)
	typeless := want == 0 && !declaresProperties(ms)
	if !typeless && !want.Has("array") && !want.Has("object") {
		return nil, nil, false
	}
	var (
		header []string
		start  = -1
		rows   [][]string
		offs   []int
		prev   []byte // the line before, a header if a delimiter row follows
		prevAt int
		tables int
		inBody bool
	)
	for off, line := range textLines(text) {
		line = bytes.TrimSpace(line)
		switch {
		case inBody && bytes.IndexByte(line, '|') >= 0:
			cells := tableCells(line)
			if len(cells) > len(header) {
				return nil, nil, false // a cell no column holds
			}
			rows, offs = append(rows, cells), append(offs, off)
			continue
		case delimiterRow(line) && prev != nil && bytes.IndexByte(prev, '|') >= 0:
			if tables++; tables > 1 {
				return nil, nil, false // which table answers is not guessed
			}
			header, start, inBody = tableCells(prev), prevAt, true
			for i, h := range header {
				header[i] = strings.Trim(h, "*_` ")
			}
			if len(tableCells(line)) != len(header) {
				return nil, nil, false
			}
		default:
			inBody = false
		}
		prev, prevAt = line, off
	}
	if tables == 0 || len(rows) == 0 {
		return nil, nil, false
	}
	repairs := []problem.Repair{{Offset: start, Message: "read a markdown table as its rows"}}
	if want.Has("object") && !want.Has("array") {
		if v, ok := fieldValueTable(ms, header, rows, offs); ok {
			return v, repairs, true
		}
		if len(rows) != 1 {
			return nil, nil, false
		}
		repairs = columnNames(header, ms, start, repairs)
		if repeated(header) {
			return nil, nil, false
		}
		return rowObject(header, rows[0], offs[0], false), repairs, true
	}
	if typeless {
		// | name | age |⏎| Ada | 36 |, for no schema's types.
	} else if item := itemSchema(sc, ms, 0); item != nil {
		repairs = columnNames(header, sc.Of(item).Members, start, repairs)
	}
	if repeated(header) {
		return nil, nil, false // which column a key's value is in is not guessed
	}
	list := &jvalue{kind: jArray, off: start, done: true}
	for i, r := range rows {
		list.kids = append(list.kids, rowObject(header, r, offs[i], typeless))
	}
	return list, repairs, true
}

// columnNames renames each header that names one declared property, as
// keys are aligned (case, spaces and underscores aside), to it, reported:
// a header is a label for people.
func columnNames(header []string, ms []*jsonschema.Schema, off int, repairs []problem.Repair) []problem.Repair {
	for i, h := range header {
		if name := declaredKey(ms, h); name != "" && name != h {
			header[i] = name
			repairs = append(repairs, problem.Repair{Offset: off, Message: fmt.Sprintf("read the column %q as the property %q", h, name)})
		}
	}
	return repairs
}

// fieldValueTable reads a table of two columns whose first cell names a
// declared property in every row as the object of those properties.
func fieldValueTable(ms []*jsonschema.Schema, header []string, rows [][]string, offs []int) (*jvalue, bool) {
	if len(header) != 2 || declaredKey(ms, header[0]) != "" {
		return nil, false
	}
	v := &jvalue{kind: jObject, off: offs[0], done: true}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, false
		}
		name := declaredKey(ms, strings.Trim(r[0], "*_` "))
		if name == "" || v.index(name) >= 0 {
			return nil, false
		}
		v.keys = append(v.keys, name)
		v.kids = append(v.kids, lineValue(r[1], offs[i]))
	}
	return v, true
}

// declaredKey returns the one declared property that k names, as keys
// are aligned (case, spaces and underscores aside), or "".
func declaredKey(ms []*jsonschema.Schema, k string) string {
	if names := declaredNames(ms, k); len(names) == 1 {
		return names[0]
	}
	return ""
}

// index returns the place of key among an object's keys, or -1.
func (v *jvalue) index(key string) int {
	for i, k := range v.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// repeated reports whether two columns have one name.
func repeated(header []string) bool {
	seen := map[string]bool{}
	for _, h := range header {
		if h != "" && seen[h] {
			return true
		}
		seen[h] = true
	}
	return false
}

// rowObject is a table row's object: each cell under its column's
// header; typed, a cell that is a literal or number is that (36, true:
// with no schema to coerce them), any other its text.
func rowObject(header, cells []string, off int, typed bool) *jvalue {
	v := &jvalue{kind: jObject, off: off, done: true}
	for i, c := range cells {
		if header[i] == "" {
			continue // a column without a name holds no property
		}
		cell := lineValue(c, off)
		if y, ok := yamlScalar(c, off); typed && ok {
			cell = y
		}
		v.keys = append(v.keys, header[i])
		v.kids = append(v.kids, cell)
	}
	return v
}

// tableCells splits a table row at its pipes (a pipe after a backslash
// is the cell's), without the pipes at its ends; each cell trimmed.
func tableCells(line []byte) []string {
	s := string(bytes.TrimSpace(line))
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	var cells []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '|':
			b.WriteByte('|')
			i++
		case s[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// delimiterRow reports whether line is a table's delimiter row: cells of
// hyphens, a colon at either end for the alignment, between pipes.
func delimiterRow(line []byte) bool {
	if bytes.IndexByte(line, '|') < 0 || bytes.IndexByte(line, '-') < 0 {
		return false
	}
	for _, c := range tableCells(line) {
		c = strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// tableOpening reports whether text, a reply still streaming, is so far
// lines of prose, then a table's header row and, maybe, part of its
// delimiter row: no rows yet.
func tableOpening(text []byte) bool {
	if bytes.ContainsAny(text, "{[") {
		return false // a document's brackets: its reading, not a table's
	}
	for {
		text = bytes.TrimLeft(text, " \t\r\n")
		line, rest, more := bytes.Cut(text, []byte("\n"))
		if bytes.HasPrefix(line, []byte("|")) || !more {
			break
		}
		text = rest // Here they are:⏎: prose before the table
	}
	header, rest, more := bytes.Cut(text, []byte("\n"))
	if !bytes.HasPrefix(header, []byte("|")) {
		return false
	}
	if !more {
		return true
	}
	rest = bytes.TrimRight(rest, "\r\n")
	if bytes.IndexByte(rest, '\n') >= 0 {
		return false
	}
	return len(bytes.Trim(rest, "|-: \t\r")) == 0
}

// csvRows reads a reply written as CSV (or TSV), the whole reply or its
// one fence marked csv, as markdownTable reads a table: a header row
// whose every cell names a declared property of the rows' objects (as
// keys are aligned), at least two columns, and rows of as many cells; a
// list of the rows' objects where a list is allowed, the one row where
// an object is wanted. A header cell that names no property, a row of
// another length, or CSV that does not read refuses it. While streaming,
// the last row may have fewer cells, and a row in a quote still open is
// not read yet.
func csvRows(text []byte, sc *schema.ShapeCache, sch *jsonschema.Schema, streaming bool) (v *jvalue, repairs []problem.Repair, why string, ok bool) {
	body := bytes.TrimSpace(text)
	if streaming {
		// The last line may still grow: a row of fewer cells, or, in a
		// quote still open, none yet.
		body = bytes.TrimLeftFunc(text, unicode.IsSpace)
	}
	if rest, ok := bytes.CutPrefix(body, []byte("```csv")); ok && (streaming || bytes.HasSuffix(rest, []byte("```"))) {
		// the one fence marked csv (streaming, maybe not closed yet)
		body = bytes.TrimLeftFunc(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte("```")), unicode.IsSpace)
		if !streaming {
			body = bytes.TrimSpace(body)
		}
	}
	if len(body) == 0 || bytes.ContainsAny(body, "{|") || bytes.IndexByte(body, '\n') < 0 {
		return nil, nil, "", false
	}
	start := bytes.Index(text, body)
	ms := schema.Members(sch)
	want := schema.AllowedTypes(ms)
	item := ms
	switch {
	case want.Has("array"):
		sub := itemSchema(sc, ms, 0)
		if sub == nil {
			return nil, nil, "", false
		}
		item = sc.Of(sub).Members
	case !want.Has("object"):
		return nil, nil, "", false
	}
	headerLine, _, _ := bytes.Cut(body, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(body))
	r.TrimLeadingSpace = true
	if streaming {
		r.FieldsPerRecord = -1 // the last row's length is checked below
	}
	if bytes.IndexByte(headerLine, '\t') >= 0 && bytes.IndexByte(headerLine, ',') < 0 {
		r.Comma = '\t'
	}
	var lineStarts []int
	for off := range textLines(body) {
		lineStarts = append(lineStarts, start+off)
	}
	var records [][]string
	var offs []int  // where each record starts
	quoted := false // streaming, the last row is in a quote still open
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if streaming && len(records) > 1 {
				quoted = true
				break // a quote still open in the last row: the rows before it
			}
			if errors.Is(err, csv.ErrFieldCount) && len(records) > 0 && len(records[0]) > 1 && csvHeader(records[0], item) {
				line, _ := r.FieldPos(0)
				return nil, nil, fmt.Sprintf("the reply is written as CSV, but its line %d has %d cells, where the header has %d", line, len(rec), len(records[0])), false
			}
			return nil, nil, "", false
		}
		line, _ := r.FieldPos(0)
		records, offs = append(records, rec), append(offs, lineStarts[min(line, len(lineStarts))-1])
	}
	if len(records) < 2 || len(records[0]) < 2 {
		return nil, nil, "", false
	}
	header := records[0]
	if !csvHeader(header, item) {
		return nil, nil, "", false // a header of words: not this schema's
	}
	for i, h := range header {
		header[i] = strings.TrimSpace(h)
		if declaredKey(item, header[i]) == "" {
			return nil, nil, fmt.Sprintf("the reply is written as CSV, but its column %q names no property the schema declares", header[i]), false
		}
	}
	repairs = columnNames(header, item, start, []problem.Repair{{Offset: start, Message: "read CSV as its rows"}})
	if repeated(header) {
		return nil, nil, "", false
	}
	rows, offs := records[1:], offs[1:]
	for i, row := range rows {
		if len(row) != len(header) && !(streaming && i == len(rows)-1 && len(row) < len(header)) {
			return nil, nil, "", false
		}
	}
	if !want.Has("array") {
		if len(rows) != 1 {
			return nil, nil, fmt.Sprintf("the reply is written as CSV, with %d rows where one object is wanted", len(rows)), false
		}
		row := rowObject(header, rows[0], offs[0], false)
		if streaming && !quoted {
			growing(row, text, false)
		}
		return row, repairs, "", true
	}
	list := &jvalue{kind: jArray, off: start, done: true}
	for i, row := range rows {
		list.kids = append(list.kids, rowObject(header, row, offs[i], false))
	}
	if streaming {
		list.done = false
		if !quoted {
			growing(list, text, false) // the last row, until its line ends
		}
	}
	return list, repairs, "", true
}

// csvHeader reports whether header, a CSV reply's first row, names a
// declared property of item in most of its cells: a table meant as the
// schema's, whose other cells are worth naming in an error.
func csvHeader(header []string, item []*jsonschema.Schema) bool {
	named := 0
	for _, h := range header {
		if declaredKey(item, strings.TrimSpace(h)) != "" {
			named++
		}
	}
	return 2*named > len(header)
}
