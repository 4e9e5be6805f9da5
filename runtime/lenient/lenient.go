package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/structgen/structgen/runtime/problem"
)

// ReadLenient reads text the way models write JSON and returns it as a
// JSON document, with every repair it made. It reads unquoted keys and
// values, single, backtick, typographic („…“, «…» and 「…」 too) and
// triple quotes, Python,
// JavaScript and Go literals (True, None, undefined, NaN, nil…),
// comments, missing and trailing commas, semicolons for commas, unescaped
// line breaks and inner quotes, quotes and brackets left out (a closing
// bracket lost in indented text placed by the indentation; docs/outputs.md
// lists the rules), invalid escapes, ellipses, function-call
// wrappers (JSONP, ObjectId("…")), values written as code blocks,
// members without braces, YAML's block lines (keys nested by indent,
// lists after "- ", | and > blocks; no value done while they stream), markdown
// code fences (one marked as another language, ```python, is left out
// beside one marked as JSON or not marked), an XML CDATA section around
// the document, a document escaped with backslashes or HTML entities,
// braces doubled as templates escape them, a reasoning block
// (<think>…</think>) and prose around the document, several documents in
// a row (returned as an array; with prose between, the one after a
// correction or an answer label, else the first), and text cut short (open strings, arrays
// and objects closed, a dangling key dropped). A reply that ends inside
// its reasoning block is problem.ErrUnclosedReasoning: no answer follows
// it. Time is linear in the text; nesting deeper than MaxDepth is an
// error.
func ReadLenient(text []byte) (json.RawMessage, []problem.Repair, error) {
	answer, _ := withoutReasoning(text) // (blanks keep the offsets)
	if at := correctionAt(answer); at > 0 {
		// {…}⏎Wait, correction: {…}: the document the reply gives as its
		// answer, as a schema's reading takes it.
		if v, repairs, err := readReply(text[at:]); err == nil {
			shiftValue(v, at)
			repairs = append(shift(repairs, at), problem.Repair{Offset: at, Message: tookCorrection})
			return encodeValue(v, len(text)), repairs, nil
		}
	}
	v, repairs, err := readReply(text)
	if err != nil {
		return nil, repairs, err
	}
	return encodeValue(v, len(text)), repairs, nil
}

func readLenient(text []byte) (*jvalue, []problem.Repair, error) { return read(text, false) }

// readReply is readLenient of a reply read with no schema: its lines may
// be YAML's (yamlDocument), which a schema's readings read otherwise.
func readReply(text []byte) (*jvalue, []problem.Repair, error) { return readAs(text, false, true) }

// read is readLenient; streaming reads a text that may still grow.
func read(text []byte, streaming bool) (*jvalue, []problem.Repair, error) {
	return readAs(text, streaming, false)
}

// readAs is read, yaml as readOne takes it.
func readAs(text []byte, streaming, yaml bool) (*jvalue, []problem.Repair, error) {
	v, repairs, _, err := readOne(text, streaming, yaml)
	if len(repairs) == 0 {
		repairs = nil // none, however the readings tried left the list
	}
	return v, repairs, err
}

// readOne is read that also reports whether the reading is one value
// read from where the text starts (after white space) to where it ends,
// the text as it was written (no escaped document, no fence, no prose):
// then a reading of that span alone reads it alike. yaml reads YAML's
// block lines as a document (yamlDocument).
func readOne(text []byte, streaming, yaml bool) (*jvalue, []problem.Repair, bool, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, nil, false, problem.ErrEmptyReply
	}
	var pre []problem.Repair
	if answer, ok := withoutReasoning(text); ok {
		text = answer
		pre = append(pre, skippedReasoning)
	} else if reasoningOpen(text) {
		if streaming {
			return nil, nil, false, problem.ErrNoJSON // still reasoning: no answer yet
		}
		// <think>Draft: {…}: the reply ended inside its reasoning; a
		// document there is a draft, and no answer follows.
		return nil, nil, false, problem.ErrUnclosedReasoning
	} else if end, closed := reasoningEnd(text); closed && streaming && len(bytes.TrimSpace(text[end:])) == 0 {
		return nil, nil, false, problem.ErrNoJSON // the reasoning ended: the answer is still to come
	}
	if fixed, ok := quotedDocument(text); ok {
		// `{"a": 1}`, '[1, 2]': a whole document in inline code or
		// single quotes is the document, not a string of its text.
		pre = append(pre, problem.Repair{Offset: len(text) - len(bytes.TrimLeft(text, " \t\r\n")), Message: "read the document inside the quotes around the whole reply"})
		text = fixed
	}
	if htmlEscapedDocument(text) {
		// {&quot;key&quot;: 1}: a document that went through an HTML page.
		text = []byte(html.UnescapeString(string(text)))
		pre = append(pre, problem.Repair{Message: "unescaped a document written with HTML entities (&quot;)"})
	}
	if escapedDocument(text) {
		// \"key\": \"value\": a document pasted with its quotes escaped
		// (as a string's body: its \n and \t are its layout).
		text = unescapeDocument(text)
		pre = append(pre, problem.Repair{Message: "unescaped a document whose quotes were escaped"})
	}
	if fixed, repairs := fullWidthSeparators(text); repairs != nil {
		text = fixed
		pre = append(pre, repairs...)
	}
	if fixed, at, ok := cdataSection(text); ok {
		text = fixed
		pre = append(pre, problem.Repair{Offset: at, Message: cdataRepair})
	} else if streaming && cdataOpening(text) {
		return nil, nil, false, problem.ErrNoJSON // "<![CDA": its brackets are no array's either
	}
	if fixed, msg := otherFences(text); msg != "" {
		text = fixed
		pre = append(pre, problem.Repair{Message: msg})
	}
	if vs, repairs, ok := readFences(text, streaming, yaml); ok {
		repairs = append(pre, repairs...)
		return joinDocuments(vs, 0, &repairs, streaming), repairs, false, nil
	}
	if yaml {
		// name: Ada⏎tags:⏎  - math: YAML's block lines, and a markdown
		// table's rows, with no schema to read them for.
		if v, repairs, ok := yamlDocument(text, streaming, false); ok {
			return v, append(pre, repairs...), false, nil
		}
		if !streaming {
			if v, repairs, ok := markdownTable(text, nil, nil); ok {
				return v, append(pre, repairs...), false, nil
			}
		}
	}
	t := &tolerant{s: text, repairs: pre, streaming: streaming}
	t.skip()
	start := t.i
	if !t.eof() {
		t.skipProse()
	}
	vs := t.readAll()
	if t.err != nil {
		return nil, t.repairs, false, t.err
	}
	if len(vs) == 0 {
		return nil, t.repairs, false, problem.ErrNoJSON
	}
	one := len(pre) == 0 && len(vs) == 1 && t.firstEnd > 0 && vs[0].off == start && len(skipWS(text[t.firstEnd:])) == 0
	return joinDocuments(vs, 0, &t.repairs, streaming), t.repairs, one, nil
}

// quotedDocument returns text with the ` or ' around it written as
// spaces (offsets stay) where what they quote is an object or an array:
// text that starts and ends with one backtick or single quote, inside
// them a bracket first and its closer last.
func quotedDocument(text []byte) ([]byte, bool) {
	t := bytes.TrimSpace(text)
	if len(t) < 4 || t[0] != '`' && t[0] != '\'' || t[len(t)-1] != t[0] || t[1] == t[0] {
		return text, false
	}
	inner := bytes.TrimSpace(t[1 : len(t)-1])
	if len(inner) < 2 || !(inner[0] == '{' && inner[len(inner)-1] == '}' || inner[0] == '[' && inner[len(inner)-1] == ']') {
		return text, false
	}
	out := bytes.Clone(text)
	start := len(text) - len(bytes.TrimLeft(text, " \t\r\n"))
	out[start] = ' '
	out[start+len(t)-1] = ' '
	return out, true
}

// cdataRepair says that the markers of an XML CDATA section were left
// out.
const cdataRepair = "read the document inside <![CDATA[ … ]]>"

// cdataSection returns text with the markers of its first CDATA section
// (<![CDATA[ … ]]>, as models answering in XML tags wrap a document)
// written as spaces, so offsets stay, where the section opens before
// anything of a document (no bracket or quote before it): its content is
// then the text to read, and the markers' brackets are not read as an
// array's. The section ends at its first ]]>, as XML's does; one left
// open (a reply cut short) runs to the end. A marker inside a document's
// string is its text and is left alone. at is where the section opens.
func cdataSection(text []byte) (_ []byte, at int, ok bool) {
	open := bytes.Index(text, []byte("<![CDATA["))
	if open < 0 || bytes.ContainsAny(text[:open], "{[\"") {
		return text, 0, false
	}
	out := bytes.Clone(text)
	blank := func(from, n int) {
		for i := from; i < from+n; i++ {
			out[i] = ' '
		}
	}
	blank(open, len("<![CDATA["))
	if end := bytes.Index(text[open+len("<![CDATA["):], []byte("]]>")); end >= 0 {
		blank(open+len("<![CDATA[")+end, len("]]>"))
	}
	return out, open, true
}

// cdataOpening reports whether text, still streaming, ends in the start
// of a CDATA section's opening marker ("<![CD") that no document comes
// before: there is no answer yet.
func cdataOpening(text []byte) bool {
	at := bytes.LastIndex(text, []byte("<!"))
	return at >= 0 && !bytes.ContainsAny(text[:at], "{[\"") && bytes.HasPrefix([]byte("<![CDATA["), text[at:])
}

// otherFences returns text with the fences markdown writes otherwise
// than ``` written as ```, the same three bytes, so offsets stay, and
// the repair that says so, or text as it is and "": ~~~ at the start of
// a line (after blanks), markdown's other fence, and three single or
// double quotes on a line of their own but for a language's name, around
// a document that starts with a bracket: a fence in Python's quotes.
// Text with a ``` fence already is returned as it is.
func otherFences(text []byte) ([]byte, string) {
	if bytes.Contains(text, []byte("```")) {
		return text, ""
	}
	var out []byte
	var kinds []string
	write := func(at int) {
		if out == nil {
			out = bytes.Clone(text)
		}
		copy(out[at:], "```")
	}
	if bytes.Contains(text, []byte("~~~")) {
		for off, line := range textLines(text) {
			at := len(line) - len(bytes.TrimLeft(line, " \t"))
			if bytes.HasPrefix(line[at:], []byte("~~~")) {
				write(off + at)
			}
		}
		if out != nil {
			kinds = append(kinds, "~~~")
		}
	}
	for _, q := range []string{"'''", `"""`} {
		if !bytes.Contains(text, []byte(q)) {
			continue
		}
		open := -1 // where the opening marker of a pair stands
		found := false
		for off, line := range textLines(text) {
			at := len(line) - len(bytes.TrimLeft(line, " \t"))
			rest := bytes.TrimRight(line[at:], " \t\r\n")
			if !bytes.HasPrefix(rest, []byte(q)) || !isFenceLang(rest[len(q):]) {
				continue
			}
			if open < 0 {
				body := bytes.TrimLeft(text[off+len(line):], " \t\r\n")
				if len(body) > 0 && (body[0] == '{' || body[0] == '[') {
					open = off + at
				}
				continue
			}
			if len(rest) == len(q) {
				write(open)
				write(off + at)
				found = true
				open = -1
			}
		}
		if open >= 0 {
			write(open) // a fence still open: a stream, or the end cut
			found = true
		}
		if found {
			kinds = append(kinds, q)
		}
	}
	if out == nil {
		return text, ""
	}
	return out, "read " + joinKinds(kinds) + " code fences as ``` ones"
}

// isFenceLang reports whether b is a fence's language name: letters,
// digits and the signs names take (json5, c++, objective-c), or nothing.
func isFenceLang(b []byte) bool {
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Full-width colon and comma, as models writing Chinese or Japanese put
// them between JSON tokens.
var (
	fullWidthColon = []byte("：")
	fullWidthComma = []byte("，")
)

// fullWidthSeparators returns text with each full-width colon or comma
// that stands between JSON tokens ({"a"："b"，"c"：1}) written as its
// ASCII sign and two spaces, the same three bytes, so offsets stay: one
// after a quote, a number, a literal or a closing bracket and before a
// quote, a bracket, a number or a literal. One inside a string's text
// has words on a side, and one between digits is a number's (1，200); a
// valid document is left as it is. Text with none is returned as it is,
// with nil.
func fullWidthSeparators(text []byte) ([]byte, []problem.Repair) {
	if !bytes.Contains(text, fullWidthColon) && !bytes.Contains(text, fullWidthComma) || json.Valid(text) {
		return text, nil
	}
	var out []byte
	var repairs []problem.Repair
	for i := 0; i+3 <= len(text); i++ {
		if text[i] != 0xEF {
			continue
		}
		sign := byte(0)
		switch {
		case bytes.HasPrefix(text[i:], fullWidthColon):
			sign = ':'
		case bytes.HasPrefix(text[i:], fullWidthComma):
			sign = ','
		default:
			continue
		}
		before, after := bytes.TrimRight(text[:i], " \t"), skipWS(text[i+3:])
		if !tokenEndsBefore(before) || !tokenStartsAt(after) || isDigitByte(before[len(before)-1]) && isDigitByte(after[0]) {
			continue // 1，200 is a number's text
		}
		if out == nil {
			out = bytes.Clone(text)
		}
		out[i], out[i+1], out[i+2] = sign, ' ', ' '
		repairs = append(repairs, problem.Repair{Offset: i, Message: fmt.Sprintf("read the full-width %s as %q", text[i:i+3], sign)})
		i += 2
	}
	if out == nil {
		return text, nil
	}
	return out, repairs
}

// tokenEndsBefore reports whether s ends as a JSON string, number,
// literal or container does.
func tokenEndsBefore(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	switch c := s[len(s)-1]; {
	case c == '"' || c == '\'' || c == '}' || c == ']' || isDigitByte(c):
		return true
	}
	return bytes.HasSuffix(s, []byte("true")) || bytes.HasSuffix(s, []byte("false")) || bytes.HasSuffix(s, []byte("null"))
}

// tokenStartsAt reports whether s starts as a JSON key or value does.
func tokenStartsAt(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	switch c := s[0]; {
	case c == '"' || c == '\'' || c == '{' || c == '[' || c == '-' || isDigitByte(c):
		return true
	}
	return bytes.HasPrefix(s, []byte("true")) || bytes.HasPrefix(s, []byte("false")) || bytes.HasPrefix(s, []byte("null"))
}

// skippedReasoning reports a reasoning block left out of the reading.
var skippedReasoning = problem.Repair{Message: "skipped the reasoning before the answer"}

// withoutReasoning returns text with the closed reasoning block it starts
// with (<think>…</think>) blanked, when an answer follows it: the
// reasoning may hold drafts and brackets of its own. Blanked, not cut,
// so offsets stay. False, with text as it is, where there is none.
func withoutReasoning(text []byte) ([]byte, bool) {
	end, closed := reasoningEnd(text)
	if !closed || len(bytes.TrimSpace(text[end:])) == 0 {
		return text, false
	}
	blank := bytes.Clone(text)
	for i := range end {
		if blank[i] != '\n' {
			blank[i] = ' '
		}
	}
	return blank, true
}

// reasoningTags are the tags reasoning models put their thinking in,
// before the answer.
var reasoningTags = []string{"think", "thinking", "reasoning", "reflection"}

// ReasoningTag returns the name of the reasoning tag s starts with
// (<think>, in any case), or "" when it starts with none; more reports
// that s is too short to tell yet.
func ReasoningTag(s []byte) (tag string, more bool) {
	for _, tag := range reasoningTags {
		open := "<" + tag + ">"
		n := min(len(s), len(open))
		if bytes.EqualFold(s[:n], []byte(open[:n])) {
			if n < len(open) {
				return "", true
			}
			return tag, false
		}
	}
	return "", false
}

// reasoningEnd returns where a reasoning block that text starts with
// (after white space) ends, its close tag included, and whether it is
// closed; 0 when text starts with none.
func reasoningEnd(text []byte) (int, bool) {
	lead := len(text) - len(bytes.TrimLeft(text, " \t\r\n"))
	tag, _ := ReasoningTag(text[lead:])
	if tag == "" {
		return 0, false
	}
	body := lead + len(tag) + 2 // after <tag>
	closeTag := []byte("</" + tag + ">")
	if j := indexFold(text[body:], closeTag); j >= 0 {
		return body + j + len(closeTag), true
	}
	return len(text), false
}

// reasoningOpen reports whether text starts a reasoning block that it
// never closes: no answer follows it.
func reasoningOpen(text []byte) bool {
	end, closed := reasoningEnd(text)
	return end > 0 && !closed
}

// indexFold is bytes.Index, ASCII case folded; sep is lower case.
func indexFold(s, sep []byte) int {
	for i := 0; i+len(sep) <= len(s); i++ {
		j := bytes.IndexByte(s[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if i+len(sep) <= len(s) && bytes.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
	}
	return -1
}

// skipProse passes text before the document: words that start no value,
// when a bracket follows later.
func (t *tolerant) skipProse() {
	for {
		// <|python_tag|>{…}, [TOOL_CALLS] [{…}]: a chat template's
		// marker before the document is the model's, not the answer's.
		m := modelMarker.Find(t.s[t.i:])
		if m == nil {
			break
		}
		if m[0] == '[' {
			if after := skipWS(t.s[t.i+len(m):]); len(after) == 0 || after[0] != '[' && after[0] != '{' {
				break // [TODO] and prose: a list of a word, or words
			}
		}
		t.repair(t.i, "skipped the model's marker %s before the document", bytes.TrimSpace(m))
		t.i += len(m)
		t.skip()
	}
	r, _ := t.peek()
	if r == '<' && xmlTag(t.s[t.i:]) {
		// <json>{…}</json>: a tag around the document is not part of it
		// (the one after it is left out as text after the document).
		if j := bytes.IndexAny(t.s[t.i:], "{["); j >= 0 {
			t.repair(t.i, "skipped the text before the JSON document")
			t.i += j
		}
		return
	}
	rest := t.s[t.i:]
	if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && !isQuote(r)) && !markdownLine(rest) {
		return
	}
	// A call wrapping the document (JSONP) is read by bare().
	word := 0
	for word < len(rest) && (isIdentByte(rest[word])) {
		word++
	}
	if word < len(rest) && rest[word] == '(' || bytes.HasPrefix(bytes.TrimLeft(rest[word:], " "), []byte("(")) {
		return
	}
	if _, ok := literals[string(rest[:word])]; ok && (word == len(rest) || isDelimiterByte(rest[word])) {
		return
	}
	j := bytes.IndexAny(rest, "{[")
	if j < 0 {
		return // no document: the whole text is a bare string
	}
	// Prose has brackets of its own ("the set {x}", a link's [text]): the
	// document starts at the first bracket that opens a value, or at the
	// first bracket where none does.
	for k := j; k >= 0; {
		if opensValue(rest[k:]) {
			j = k
			break
		}
		next := bytes.IndexAny(rest[k+1:], "{[")
		if next < 0 {
			break
		}
		k += 1 + next
	}
	t.repair(t.i, "skipped the text before the JSON document")
	t.i += j
}

// closingMarker is a marker in brackets that closes one before the
// document ([/JSON], [/TOOL_CALLS]).
var closingMarker = regexp.MustCompile(`^\[/[A-Za-z][A-Za-z0-9_]*\]`)

// markerStart is the start of a closingMarker a streaming text ends in.
var markerStart = regexp.MustCompile(`^\[/[A-Za-z0-9_]*$`)

// modelMarker matches a chat template's special token at the start of
// text: <|name|>, or a bracketed capital name ([TOOL_CALLS]) that a
// document follows.
var modelMarker = regexp.MustCompile(`^(?:<\|[A-Za-z0-9_.:-]*\|>|\[[A-Z][A-Z0-9_]+\])`)

// opensValue reports whether the bracket s starts with opens a JSON
// value as models write one: an object whose first member starts with a
// quote or an unquoted key and its colon, an array whose first item
// starts as a value does (a literal of JSON, Python or JavaScript too),
// either one empty or cut right after the bracket.
func opensValue(s []byte) bool {
	after := skipWS(s[1:])
	if len(after) == 0 {
		return true
	}
	r, _ := utf8.DecodeRune(after)
	word := 0
	for word < len(after) && isIdentByte(after[word]) {
		word++
	}
	if s[0] == '{' {
		rest := skipBlanks(after[word:])
		return r == '}' || isQuote(r) || word > 0 && len(rest) > 0 && rest[0] == ':'
	}
	switch {
	case r == ']' || r == '{' || r == '[' || r == '-' || isQuote(r) || isDigitByte(after[0]):
		return true
	}
	_, lit := literals[string(after[:word])] // true, None, NaN…
	return lit && (word == len(after) || isDelimiterByte(after[word]))
}

// markdownLine reports whether s starts with markdown that opens a line
// of prose: a bullet (- , * , + ), a quote (> ), bold (**), a numbered
// item (1. , 2) ) before a word. No value starts so.
func markdownLine(s []byte) bool {
	switch {
	case len(s) > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+' || s[0] == '>') && s[1] == ' ',
		bytes.HasPrefix(s, []byte("**")):
		return true
	}
	d := 0
	for d < len(s) && d < 3 && isDigitByte(s[d]) {
		d++
	}
	return d > 0 && d+2 < len(s) && (s[d] == '.' || s[d] == ')') && s[d+1] == ' ' && isASCIILetter(s[d+2])
}

// xmlTag reports whether s starts with an XML or HTML opening tag: <,
// a name, then > (attributes allowed) on the same line.
func xmlTag(s []byte) bool {
	if len(s) < 3 || s[0] != '<' || !(s[1] >= 'a' && s[1] <= 'z' || s[1] >= 'A' && s[1] <= 'Z' || s[1] == '_') {
		return false
	}
	end := bytes.IndexAny(s, ">\n")
	return end > 1 && s[end] == '>'
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isDelimiterByte(c byte) bool {
	return c < utf8RuneSelf && isDelimiter(rune(c)) || c == ' ' || c == '\t'
}

const utf8RuneSelf = 0x80

// readFences reads the body of every markdown code fence in text; ok is
// false when there is no fence or no body holds a value.
func readFences(text []byte, streaming, yaml bool) ([]*jvalue, []problem.Repair, bool) {
	// A fence inside a document (in a string, after a bracket) is text;
	// one after prose that closes what it opens ("the set {x, y}") is not.
	if first := bytes.Index(text, []byte("```")); first < 0 || opensDocument(text[:first]) {
		return nil, nil, false
	}
	// Each fence's value is read with its own repairs; which fences are
	// kept is decided once all are read.
	type read struct {
		v       *jvalue
		repairs []problem.Repair
		lang    fenceLang
		open    int
	}
	var reads []read
	rest, base := text, 0
	for {
		i := bytes.Index(rest, []byte("```"))
		if i < 0 {
			break
		}
		bodyStart := i + 3
		for bodyStart < len(rest) && rest[bodyStart] == '`' {
			bodyStart++
		}
		// The info string (json, python, …) runs to the end of the line,
		// unless the body starts on the same line.
		lang, info := langUntagged, []byte(nil)
		if j := bytes.IndexAny(rest[bodyStart:], "\n{[\"'"); j >= 0 && rest[bodyStart+j] == '\n' {
			info = rest[bodyStart : bodyStart+j]
			lang = fenceLangOf(info)
			bodyStart += j + 1
		} else if j >= 0 {
			bodyStart += j
		}
		end := closingFence(rest[bodyStart:])
		body := rest[bodyStart:]
		next := len(rest)
		if end >= 0 {
			body = rest[bodyStart : bodyStart+end]
			next = bodyStart + end + 3
		}
		t := &tolerant{s: body, streaming: streaming}
		t.skip()
		if !t.eof() {
			var all []*jvalue
			if yaml {
				if v, repairs, ok := yamlDocument(body, streaming, yamlInfo(info)); ok {
					all, t.repairs = []*jvalue{v}, repairs // ```yaml⏎name: Ada⏎tags:⏎  - x
				}
			}
			if all == nil {
				t.skipProse() // ```⏎const result = {…}: the fence's body is read as a reply is
				all = t.readAll()
			}
			if t.err == nil && len(all) > 0 {
				r := read{lang: lang, open: base + i}
				for _, rep := range t.repairs {
					rep.Offset += base + bodyStart
					r.repairs = append(r.repairs, rep)
				}
				r.repairs = append(r.repairs, problem.Repair{Offset: base + i, Message: "took the JSON document from a markdown code fence"})
				r.v = joinDocuments(all, base+bodyStart, &r.repairs, streaming)
				shiftValue(r.v, base+bodyStart)
				reads = append(reads, r)
			}
		}
		base += next
		rest = rest[next:]
	}
	// A fence marked as another language (```python) is code, not the
	// answer, when a fence marked as JSON or not marked holds a value.
	best := langOther
	for _, r := range reads {
		best = min(best, r.lang)
	}
	var vs []*jvalue
	var repairs []problem.Repair
	for _, r := range reads {
		if r.lang != best {
			repairs = append(repairs, problem.Repair{Offset: r.open, Message: "left out a code fence marked as another language than JSON"})
			continue
		}
		vs = append(vs, r.v)
		repairs = append(repairs, r.repairs...)
	}
	return vs, repairs, len(vs) > 0
}

// fenceLang is what a code fence's info string says its body is, best
// first: JSON (json, jsonc, json5, ndjson, …), nothing, or another
// language.
type fenceLang int

const (
	langJSON fenceLang = iota
	langUntagged
	langOther
)

// fenceLangOf classifies a fence's info string by its first word.
func fenceLangOf(info []byte) fenceLang {
	word, _, _ := bytes.Cut(bytes.TrimSpace(info), []byte(" "))
	switch {
	case len(word) == 0:
		return langUntagged
	case bytes.Contains(bytes.ToLower(word), []byte("json")):
		return langJSON
	}
	return langOther
}

// yamlInfo reports whether a fence's info string marks its body as
// YAML's (yaml, yml).
func yamlInfo(info []byte) bool {
	word, _, _ := bytes.Cut(bytes.TrimSpace(info), []byte(" "))
	return bytes.EqualFold(word, []byte("yaml")) || bytes.EqualFold(word, []byte("yml"))
}

// closingFence returns where the fence that closes a fenced body starts,
// or -1: a fence with text on both sides on its line (in a string) and a
// code block written as a value inside the body (codeBlockAhead) are
// passed over, closing fence and all; where no fence stands alone, the
// first one closes.
func closingFence(body []byte) int {
	from, first := 0, -1
	for {
		i := bytes.Index(body[from:], []byte("```"))
		if i < 0 {
			return first
		}
		at := from + i
		n := 0
		for at+n < len(body) && body[at+n] == '`' {
			n++
		}
		if codeBlockAhead(body[at:]) {
			nl := bytes.IndexByte(body[at+n:], '\n')
			from = at + n + nl + bytes.Index(body[at+n+nl:], body[at:at+n]) + n
			continue
		}
		if k := oneLineBlock(body[at+n:]); k > 0 && firstOnLine(body, at) {
			// "⏎```{}```⏎" in a string: a code block on one line, its
			// closing fence on the same line, is text.
			from = at + n + k
			continue
		}
		if !fenceAlone(body, at, n) {
			// "run ```sh⏎ x```" in a string: text around it on its line.
			if first < 0 {
				first = at
			}
			from = at + n
			continue
		}
		return at
	}
}

// firstOnLine reports whether only blanks come before body[at] on its
// line.
func firstOnLine(body []byte, at int) bool {
	for j := at - 1; j >= 0 && body[j] != '\n'; j-- {
		if c := body[j]; c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// oneLineBlock returns, for s the text after a fence, the end of a fence
// that closes it on the same line after text ({}```), or 0.
func oneLineBlock(s []byte) int {
	line := s
	if nl := bytes.IndexByte(s, '\n'); nl >= 0 {
		line = s[:nl]
	}
	i := bytes.Index(line, []byte("```"))
	if i <= 0 || len(bytes.TrimSpace(line[:i])) == 0 {
		return 0
	}
	return i + 3
}

// fenceAlone reports whether the fence body[at:at+n] stands as a
// closing fence does: first on its line, or last (`{"a": 1}```).
func fenceAlone(body []byte, at, n int) bool {
	// Each scan stops at the first byte that is not a blank, so a line
	// with many fences is not scanned once for each.
	if firstOnLine(body, at) {
		return true
	}
	for j := at + n; j < len(body) && body[j] != '\n'; j++ {
		if c := body[j]; c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// opensDocument reports whether text, before a fence, may hold a
// document: a bracket or a double quote left open (the fence is inside
// it), or brackets around a colon or a quote. Brackets around words
// ("the set {x, y}", "[sic]") are prose.
func opensDocument(text []byte) bool {
	depth, quotes := 0, 0
	for _, c := range text {
		switch c {
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return true // a closer with no opener: a document's tail
			}
			depth--
		case '"':
			if depth > 0 {
				return true
			}
			quotes++
		case ':':
			if depth > 0 {
				return true
			}
		}
	}
	return depth > 0 || quotes%2 == 1
}

// joinDocuments makes one value of the documents read in a row: empty
// ones are dropped beside others, one is itself, several an array, which
// a text still streaming has not finished: more may come.
func joinDocuments(vs []*jvalue, off int, repairs *[]problem.Repair, streaming bool) *jvalue {
	if len(vs) == 1 {
		return vs[0]
	}
	var kept []*jvalue
	for _, v := range vs {
		if !isEmptyContainer(v) {
			kept = append(kept, v)
		}
	}
	if len(kept) == 0 {
		kept = vs
	}
	if len(kept) == 1 {
		*repairs = append(*repairs, problem.Repair{Offset: kept[0].off + off, Message: "dropped empty documents beside this one"})
		return kept[0]
	}
	*repairs = append(*repairs, problem.Repair{Offset: off, Message: "read " + strconv.Itoa(len(kept)) + " documents in a row as an array"})
	return &jvalue{kind: jArray, kids: kept, off: kept[0].off, done: !streaming, rows: true}
}

func isEmptyContainer(v *jvalue) bool {
	return v.kind == jArray && len(v.kids) == 0 || v.kind == jObject && len(v.keys) == 0
}

// encodeValue writes v as JSON, keys in the order read; size is what
// the text is expected to take (the input's length does).
func encodeValue(v *jvalue, size int) []byte {
	return appendValue(make([]byte, 0, size+size/16+16), v, false)
}

// encodeForSchema is encodeValue of a reading for a schema, where a
// missing value is null (as toAny has it).
func encodeForSchema(v *jvalue, size int) []byte {
	return appendValue(make([]byte, 0, size+size/16+16), v, true)
}

func appendValue(b []byte, v *jvalue, schemaMode bool) []byte {
	switch v.kind {
	case jNull:
		if v.missing && !schemaMode {
			return append(b, `""`...) // no schema: a missing value as ""
		}
		b = append(b, "null"...)
	case jBool:
		if v.b {
			b = append(b, "true"...)
		} else {
			b = append(b, "false"...)
		}
	case jNumber:
		b = append(b, v.str...)
	case jString:
		b = appendString(b, v.str)
	case jArray:
		b = append(b, '[')
		for i, it := range v.kids {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, it, schemaMode)
		}
		b = append(b, ']')
	case jObject:
		b = append(b, '{')
		for i, k := range v.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendValue(b, v.kids[i], schemaMode)
		}
		b = append(b, '}')
	}
	return b
}

// escapedDocument reports whether the text's first quote is escaped and
// starts it or comes after a bracket: \"…\", {\"…, [7, \"…, a⏎{⏎  \"…. The
// first quote of a document as JSON writes it is never escaped.
func escapedDocument(text []byte) bool {
	i := bytes.IndexByte(text, '"')
	if i < 1 || text[i-1] != '\\' {
		return false
	}
	slashes := 0
	for j := i - 1; j >= 0 && text[j] == '\\'; j-- {
		slashes++
	}
	before := text[:i-slashes]
	return slashes%2 == 1 && (len(bytes.TrimSpace(before)) == 0 || bytes.ContainsAny(before, "{[")) && !rawQuoteInside(text[i+1:])
}

// rawQuoteInside reports whether s holds a quote with no backslash
// before it, other than one at its end: a document whose quotes were all
// escaped has none ([a \"b\"" is a value that lost its opening quote).
func rawQuoteInside(s []byte) bool {
	s = bytes.TrimRight(s, " \t\r\n")
	for i := 1; i < len(s)-1; i++ {
		if s[i] == '"' && s[i-1] != '\\' {
			return true
		}
	}
	return false
}

// htmlEscapedDocument reports whether text is a document whose quotes are
// HTML entities: no '"' in it, and its first &quot; (or &#34;) opens the
// text or follows a bracket. Repair offsets are then offsets in the
// unescaped text, as for escapedDocument.
func htmlEscapedDocument(text []byte) bool {
	if bytes.IndexByte(text, '"') >= 0 {
		return false
	}
	i := bytes.Index(text, []byte("&quot;"))
	if j := bytes.Index(text, []byte("&#34;")); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return false
	}
	before := bytes.TrimRight(text[:i], " \t\r\n")
	return len(before) == 0 || before[len(before)-1] == '{' || before[len(before)-1] == '['
}

// unescapeDocument returns text, a document escaped as a JSON string's
// body, decoded as that string: every escape, \n and \t too, where the
// text is such a body; else unescapeQuotes of it.
func unescapeDocument(text []byte) []byte {
	var s string
	body := bytes.TrimRight(text, " \t\r\n")
	// (Invalid UTF-8 would decode to longer text: offsets must stay in it.)
	if utf8.Valid(body) && json.Unmarshal(append(append([]byte{'"'}, body...), '"'), &s) == nil {
		return []byte(s)
	}
	return unescapeQuotes(text)
}

// unescapeQuotes undoes one level of backslash escaping; a lone
// backslash at the end is dropped. Repair offsets are then offsets in
// the unescaped text.
func unescapeQuotes(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if text[i] == '\\' && i+1 < len(text) && (text[i+1] == '"' || text[i+1] == '\\') {
			out = append(out, text[i+1])
			i++
			continue
		}
		if text[i] == '\\' && i+1 == len(text) {
			continue
		}
		out = append(out, text[i])
	}
	return out
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\')
				b = append(b, c)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, `\u00`...)
				b = append(b, hex[c>>4])
				b = append(b, hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			if r == utf8.RuneError {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, `\u202`...)
				b = append(b, hex[r&0xf])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	b = append(b, '"')
	return b
}

// joinKinds joins the kinds of fence found with "and".
func joinKinds(kinds []string) string {
	out := kinds[0]
	for _, k := range kinds[1:] {
		out += " and " + k
	}
	return out
}
