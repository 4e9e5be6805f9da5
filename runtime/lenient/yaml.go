package lenient

import (
	"bytes"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// readYAMLLines says that a reply written as YAML's block lines was read
// as the document they describe.
const readYAMLLines = "read lines of YAML (keys, their values and lists, nested by indent) as the document"

// yamlDocument reads text, whole, as a document in YAML's block style:
// lines of a key and its value, a key with nothing after its colon
// taking the lines indented under it (or the list at its own indent) as
// its value, and list items after "- ", whose first line may hold an
// object's first member. Plain values are JSON's literals and numbers,
// or text as written; quoted ones and ones in brackets are read as a
// document's; commented, a # after a blank starts a comment (a fence
// marked yaml). Every line not blank must be such a line (a first line
// of words that introduces the rest, "Here it is:", is skipped, and
// prose after a blank line left out), and a value that starts with a
// bracket must end with its closer (a: {, a: [1],: a document's lines): a
// key written twice in one object is two answers, and refuses the
// reading, as does a document after the lines. Text that is only lines
// of a one-word key and a value is left to the tolerant reader
// (keyValueLines), as is text with no nesting, no list and no key
// without a value: one "Note: {…}" line is a label.
// Streaming, the last line, still being written, is left out where it
// does not read yet (and, after others, may still make the lines more
// than a label's), and no value is done: a line to come may make the
// whole text another reading.
func yamlDocument(text []byte, streaming, commented bool) (*jvalue, []problem.Repair, bool) {
	return readYAML(text, yamlMode{streaming: streaming, commented: commented})
}

// yamlMode says how readYAML reads: streaming, commented (yamlDocument),
// and single, where one line of a one-word key and a value that is not
// in brackets is an object's member (for a schema that wants an object
// and not text).
type yamlMode struct{ streaming, commented, single bool }

// readYAML is yamlDocument in mode.
func readYAML(text []byte, mode yamlMode) (*jvalue, []problem.Repair, bool) {
	streaming := mode.streaming
	t := bytes.TrimLeft(text, " \t\r\n")
	if line, _, _ := bytes.Cut(t, []byte("\n")); len(t) == 0 || t[0] == '{' || t[0] == '[' || !yamlLine(bytes.TrimSpace(line)) {
		// A document, or prose: its first line is no YAML line (one
		// that introduces the lines is a key's, of words), and the text
		// is not split into lines for nothing.
		return nil, nil, false
	}
	if keyValueLines(text) && !bytes.ContainsAny(text, "{}[]") || !bytes.ContainsAny(text, ":-") {
		// (Brackets in the lines' values are their text, where the
		// tolerant reader would take them for a document.)
		return nil, nil, false
	}
	lines := replyLines(text)
	if mode.commented {
		for i := range lines {
			lines[i].text = yamlUncommented(lines[i].text)
		}
	}
	first := nextLine(lines, 0)
	if first == len(lines) {
		return nil, nil, false
	}
	var repairs []problem.Repair
	if key, value, ok := yamlEntry(lines[first].text); ok && value == "" && strings.Contains(key, " ") {
		// Here is the result:⏎name: …: words that introduce the lines.
		if next := nextLine(lines, first+1); next < len(lines) && lines[next].indent == lines[first].indent {
			repairs = append(repairs, problem.Repair{Offset: lines[first].off, Message: "skipped the line that introduces the answer"})
			first = next
		}
	}
	end := len(lines)
	lastGrows := streaming && !bytes.HasSuffix(text, []byte("\n")) && nextLine(lines, first+1) < len(lines)
	if lastGrows {
		// The line still being written may not read yet (ag, or - ).
		if r := (yamlReader{lines: lines[first:], streaming: true}); !r.reads() {
			end--
		}
	}
	for i := first + 1; i < end; i++ {
		// ⏎Let me know…: prose after a blank line, where the lines are
		// no longer YAML's, is no part of the document; a document there
		// is the answer, and the lines its introduction.
		l := lines[i]
		if len(l.text) > 0 && l.indent == 0 && len(lines[i-1].text) == 0 && !yamlLine(l.text) {
			if bytes.ContainsAny(text[l.off:], "{[") {
				return nil, nil, false
			}
			repairs = append(repairs, problem.Repair{Offset: l.off, Message: "left out the text after the document"})
			end = i
			break
		}
	}
	r := yamlReader{lines: lines[first:end], streaming: streaming}
	if nextLine(r.lines, 0) == len(r.lines) {
		return nil, nil, false
	}
	v, next, ok := r.block(0, r.lines[0].indent, 0)
	single := mode.single && v != nil && v.kind == jObject && len(v.kids) == 1 && keyWord(v.keys[0]) && v.kids[0].kind != jArray && v.kids[0].kind != jObject
	if !ok || nextLine(r.lines, next) < len(r.lines) || !r.under && len(v.kids) < 2 && !lastGrows && !single {
		// (One line, Answer: [1, 2], is a label and its document; lines
		// still streaming may become more.)
		return nil, nil, false
	}
	if streaming {
		// A line still to come may make the text no YAML (?: x, or a
		// document after prose), and its reading another: nothing is
		// done until the text ends.
		undone(v)
	}
	return v, append([]problem.Repair{{Offset: r.lines[0].off, Message: readYAMLLines}}, repairs...), true
}

// yamlFor is yamlDocument of a reply for sch, where its lines are no
// member lines (memberLines, memberRecords, the lists of objects of
// bulletListFor): sch, and its items where it is a list's, declare no
// property, and the lines are no map (memberLines) or list of scalars
// (bulletListFor) the schema reads. A reply that is one fence is read
// without it; where sch wants an object and not text (nor a map, whose
// lines are bulleted: Sure: 3 is prose), one line of a member is the
// object (extends: base.json).
func yamlFor(text []byte, sch *jsonschema.Schema, streaming bool) (*jvalue, []problem.Repair, bool) {
	ms := schema.Members(sch)
	if declaresProperties(ms) || declaresProperties(schema.Members(itemSchema(nil, ms, 0))) {
		return nil, nil, false
	}
	if vs, repairs, ok := readFences(text, streaming, true); ok && len(vs) == 1 && slices.ContainsFunc(repairs, func(r problem.Repair) bool { return r.Message == readYAMLLines }) {
		return vs[0], repairs, true // (a fence of JSON is the other readings')
	}
	want := schema.AllowedTypes(ms)
	v, repairs, ok := readYAML(text, yamlMode{streaming: streaming, single: want.Has("object") && !want.Has("string") && !isMap(ms)})
	if !ok {
		return nil, nil, false
	}
	if _, _, ok := memberLines(text, sch); ok {
		return nil, nil, false // - apples: 3: a map's markdown list
	}
	if v.kind == jArray && !slices.ContainsFunc(v.kids, func(k *jvalue) bool { return k.kind == jArray || k.kind == jObject }) {
		if _, _, members, list := bulletListFor(text, sch); list && !members {
			return nil, nil, false // - a⏎- b: the list's own reading, its items streaming done
		}
	}
	return v, repairs, true
}

// declaresProperties reports whether ms, or a branch of a union in
// them, declare a property.
func declaresProperties(ms []*jsonschema.Schema) bool {
	if len(propertiesByNorm(ms)) > 0 {
		return true
	}
	for _, b := range unionBranches(ms) {
		if len(propertiesByNorm(b)) > 0 {
			return true
		}
	}
	return false
}

// yamlReader reads YAML's block lines.
type yamlReader struct {
	lines []textLine
	// under: a value was read from lines under its key or item.
	under     bool
	streaming bool
}

// reads reports whether r's lines, the last one included, read as a
// document.
func (r yamlReader) reads() bool {
	_, next, ok := r.block(0, r.lines[0].indent, 0)
	return ok && nextLine(r.lines, next) == len(r.lines)
}

// nextLine returns the index of the first line not blank from at on, or
// len(lines).
func nextLine(lines []textLine, at int) int {
	for at < len(lines) && len(lines[at].text) == 0 {
		at++
	}
	return at
}

// block reads the object or list whose first line is lines[at], at
// indent, and returns the index of the line after it.
func (r *yamlReader) block(at, indent, depth int) (*jvalue, int, bool) {
	if depth > maxLineDepth {
		return nil, 0, false
	}
	if _, ok := yamlItem(r.lines[at].text); ok {
		return r.list(at, indent, "", depth)
	}
	return r.object(at, indent, "", depth)
}

// object reads the members at indent from lines[at] on; first, where not
// "", is the first member's text, written after a list item's dash.
func (r *yamlReader) object(at, indent int, first string, depth int) (*jvalue, int, bool) {
	obj := &jvalue{kind: jObject, off: r.lines[at].off + r.lines[at].indent, done: true}
	i := at
	for {
		var text []byte
		var in bool
		if i, text, in = r.blockLine(i, at, indent, first); !in {
			break
		}
		l := r.lines[i]
		if i != at && l.indent > indent {
			return nil, 0, false
		}
		key, value, ok := yamlEntry(text)
		if !ok {
			if _, item := yamlItem(text); item && i > at {
				break // the list under the key before, at its indent, has ended
			}
			return nil, 0, false
		}
		if slices.Contains(obj.keys, key) {
			return nil, 0, false
		}
		off := l.off + l.indent + len(l.text) - len(text)
		val, next, ok := r.value(i, indent, value, off, depth)
		if !ok || value == "" && val.kind == jNull && strings.Contains(key, " ") {
			return nil, 0, false // Some words:, with nothing under it: prose
		}
		obj.keys = append(obj.keys, key)
		obj.kids = append(obj.kids, val)
		i = next
	}
	return obj, i, true
}

// blockLine returns the index of the first line not blank from i on in
// the block at indent that starts at lines[at] (first, where not "", in
// place of that line's text), and its text; false where the lines end
// or one indented less ends the block (i is then where it ended).
func (r *yamlReader) blockLine(i, at, indent int, first string) (int, []byte, bool) {
	if i == at && first != "" {
		return i, []byte(first), true
	}
	i = nextLine(r.lines, i)
	if i == len(r.lines) || r.lines[i].indent < indent {
		return i, nil, false
	}
	return i, r.lines[i].text, true
}

// list reads the items at indent from lines[at] on; first, where not
// "", is the first item's line, written after an outer item's dash.
func (r *yamlReader) list(at, indent int, first string, depth int) (*jvalue, int, bool) {
	if depth > maxLineDepth {
		return nil, 0, false
	}
	arr := &jvalue{kind: jArray, off: r.lines[at].off + r.lines[at].indent, done: true}
	i := at
	for {
		var text []byte
		var in bool
		if i, text, in = r.blockLine(i, at, indent, first); !in {
			break
		}
		l := r.lines[i]
		item, ok := yamlItem(text)
		if i != at && l.indent > indent || !ok {
			if l.indent == indent {
				break // name: …, after a list at its key's indent
			}
			return nil, 0, false
		}
		col := l.indent + len(l.text) - len(item) // where the item's text starts
		off := l.off + col
		var val *jvalue
		var next int
		if _, _, entry := yamlEntry([]byte(item)); entry {
			// - name: Ada⏎  age: 36: an object, its members at the
			// column of the first.
			val, next, ok = r.object(i, col, item, depth+1)
			r.under = true
		} else if _, inner := yamlItem([]byte(item)); inner {
			// - - a⏎  - b: a list in the list, its items at the column
			// of the first.
			val, next, ok = r.list(i, col, item, depth+1)
			r.under = true
		} else if strings.Contains(item, ": ") && item[0] != '"' && item[0] != '\'' {
			// - /^a/: s: a key not read as one (YAML's plain text holds
			// no ": ").
			return nil, 0, false
		} else {
			val, next, ok = r.value(i, indent, item, off, depth)
		}
		if !ok {
			return nil, 0, false
		}
		arr.kids = append(arr.kids, val)
		i = next
	}
	return arr, i, true
}

// value reads the value of the member or item on lines[at], at indent,
// written value on its line, and returns the index of the line after it.
func (r *yamlReader) value(at, indent int, value string, off, depth int) (*jvalue, int, bool) {
	next := nextLine(r.lines, at+1)
	under := next < len(r.lines) && r.lines[next].indent > indent
	switch {
	case value == "" && under:
		r.under = true
		return r.block(next, r.lines[next].indent, depth+1)
	case value == "" && next < len(r.lines) && r.lines[next].indent == indent && r.isItem(next):
		// tags:⏎- a: a list at its key's indent, as YAML allows.
		r.under = true
		return r.list(next, indent, "", depth+1)
	case under:
		// bio: |⏎  text, or a value whose text goes on under it (but no
		// member or item: name: Ada⏎  age: 3 is no YAML).
		block := strings.TrimRight(value, "-+")
		literal := block == "|" || block == ">"
		if !literal && (yamlLine(r.lines[next].text) || bytes.Contains(r.lines[next].text, []byte(": "))) {
			return nil, 0, false
		}
		text, end, ok := indentedText(r.lines, at, indent, value)
		if !ok {
			return nil, 0, false
		}
		return &jvalue{kind: jString, str: text, off: off, done: true}, end, true
	}
	switch {
	case strings.HasPrefix(value, "|") || strings.HasPrefix(value, ">"):
		if r.streaming && next == len(r.lines) {
			return &jvalue{kind: jString, off: off}, at + 1, true // its text still to come
		}
		return nil, 0, false // a block's indicator with no block under it
	case value == "":
		return &jvalue{kind: jNull, off: off, done: true}, at + 1, true // YAML's null
	}
	v, ok := yamlScalar(value, off)
	return v, at + 1, ok
}

// isItem reports whether lines[at] is a list item.
func (r *yamlReader) isItem(at int) bool {
	_, ok := yamlItem(r.lines[at].text)
	return ok
}

// yamlScalar reads a value written on its line: nothing or ~ is null,
// JSON's literals and numbers are those, a value in quotes or brackets
// is read as a document's (lineValue), and any other is its text (YAML's
// yes, 1.0.3 and 0123 are text: only JSON's grammar makes a number).
// False for a value in quotes with text after them ("Ada",): a
// document's member, not YAML's.
func yamlScalar(value string, off int) (*jvalue, bool) {
	switch {
	case value == "~":
		return &jvalue{kind: jNull, off: off, done: true}, true
	case isJSONNumber(value):
		return &jvalue{kind: jNumber, str: value, off: off, done: true}, true
	case value != "" && (value[0] == '"' || value[0] == '\''):
		if len(value) < 2 || value[len(value)-1] != value[0] {
			return nil, false
		}
	case value != "" && (value[0] == '{' && value[len(value)-1] != '}' || value[0] == '[' && value[len(value)-1] != ']'):
		// a: {, a: [1, 2],: a document's lines, for the tolerant reader
		// (path: /{id} is text, and an object or list on its line the
		// value).
		return nil, false
	}
	return lineValue(value, off), true
}

// yamlItem returns the text of a YAML list item's line after its dash
// ("- a", or "-" alone).
func yamlItem(line []byte) (string, bool) {
	switch {
	case len(line) == 1 && line[0] == '-':
		return "", true
	case len(line) >= 2 && line[0] == '-' && (line[1] == ' ' || line[1] == '\t'):
		return strings.TrimSpace(string(line[2:])), true
	}
	return "", false
}

// yamlLine reports whether line is one of YAML's block lines: a list
// item or a member.
func yamlLine(line []byte) bool {
	_, item := yamlItem(line)
	_, _, entry := yamlEntry(line)
	return item || entry
}

// yamlEntry splits a member's line, "key: value" or "key:": a key in
// quotes, or plain (a word or words that start otherwise than YAML's
// indicators or a tag's <, with no bracket, brace, comma or #), then a colon and a
// blank or the line's end.
func yamlEntry(line []byte) (key, value string, ok bool) {
	if len(line) == 0 {
		return "", "", false
	}
	colon := -1
	if q := line[0]; q == '"' || q == '\'' {
		// "@context": …, '128': …: a key YAML quotes (no escapes in it).
		end := bytes.IndexByte(line[1:], q) + 1
		if end <= 1 || end+1 >= len(line) || line[end+1] != ':' || bytes.IndexByte(line[1:end], '\\') >= 0 {
			return "", "", false
		}
		key, colon = string(line[1:end]), end+1
	} else {
		for i, c := range line {
			if c == ':' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t') {
				colon = i
				break
			}
		}
		if colon <= 0 || colon > 80 || strings.IndexByte("-?:,[]{}#&*!|<>%`", line[0]) >= 0 || bytes.ContainsAny(line[:colon], "[]{},#\"`") {
			return "", "", false
		}
		key = strings.TrimRight(string(line[:colon]), " \t")
	}
	if colon+1 < len(line) && line[colon+1] != ' ' && line[colon+1] != '\t' {
		return "", "", false
	}
	return key, strings.TrimSpace(string(line[colon+1:])), true
}
