package lenient

import (
	"bytes"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/structgen/structgen/runtime/problem"
)

// Strings as models write them: in any quotes, with inner quotes, cut
// off, or with their end quote missing.

// The quotes models use around strings: each opening quote and the ones
// that may close it.
func closingQuotes(open rune) string {
	switch open {
	case '"':
		return `"`
	case '\'':
		return `'’‘`
	case '`':
		return "`´'’"
	case '‘', '’':
		return "’‘'"
	case '“', '”':
		return `”“"`
	case '´':
		return "´`"
	case '„':
		return `“”"` // German: „Wort“
	case '‚':
		return "‘’'"
	case '«':
		return "»" // French
	case '»':
		return "«»" // Danish, Swedish
	case '「':
		return "」" // Chinese, Japanese
	case '『':
		return "』"
	}
	return ""
}

func isQuote(r rune) bool { return closingQuotes(r) != "" }

// quotedKey reads a key in quotes; a key left open ends at ':'.
func (t *tolerant) quotedKey() *jvalue { return t.quotedOnce(true) }

// quoted reads a string in quotes, and strings joined to it with "+".
func (t *tolerant) quoted() *jvalue {
	v := t.quotedOnce(false)
	for {
		save := t.i
		t.skip()
		if !t.eof() && t.s[t.i] == '"' && t.s[v.off] == '"' && t.inObjectValue() && adjacentString(t.s, t.i) && !(bytes.IndexByte(t.s[save:t.i], '\n') >= 0 && valueStringFollows(t.s, t.i)) {
			// {"a": "Hello, " "world"}: strings written one after another,
			// as Python and C join them; the second is no key, for no
			// colon follows it. (On the next line, with a string after
			// it, it starts a member whose comma and colon were lost.)
			at := t.i
			next := t.quotedOnce(false)
			t.repair(at, "joined strings written one after another")
			v.str += next.str
			v.done = next.done
			continue
		}
		if t.eof() || t.s[t.i] != '+' {
			t.i = save
			return v
		}
		plus := t.i
		t.i++
		t.skip()
		if r, _ := t.peek(); !isQuote(r) {
			t.repair(plus, "removed a dangling '+'")
			if t.eof() && t.streaming {
				v.done = false // "a" + at the end: the next string is still to come
			}
			return v
		}
		next := t.quotedOnce(false)
		t.repair(plus, "joined strings written with '+'")
		v.str += next.str
		v.done = next.done
	}
}

// adjacentString reports whether the '"' at s[i] opens a nonempty
// string of one line that the end of the text, a comma, a closing brace or another
// string follows: a string that goes on the one before it, not a key.
func adjacentString(s []byte, i int) bool {
	if i+1 < len(s) && s[i+1] == '"' {
		return false // "" or a run of quotes: read as such
	}
	j := unescapedQuote(s, i+1)
	if j == len(s) || bytes.IndexByte(s[i+1:j], '\n') >= 0 {
		return false
	}
	rest := skipWS(s[j+1:])
	return len(rest) == 0 || rest[0] == ',' || rest[0] == '}' || rest[0] == '"'
}

// objectItemAt reports whether the quote at q, in a string opened at
// start in a list, opens the first key of an object that a comma and a
// brace before it start: the list's next item, the string's end quote
// lost before the comma.
func (t *tolerant) objectItemAt(start, q int) bool {
	if !t.inArray() || t.parens > 0 || lastNonSpace(t.s[start+1:q]) != '{' {
		return false
	}
	return lastNonSpace(bytes.TrimRight(t.s[start+1:q], " \t\r\n{")) == ',' && startsKey(t.s[q:])
}

// valueStringFollows reports whether the string that the '"' at s[i]
// opens, on its line, is followed by another string: a key and its
// value, the colon between them lost.
func valueStringFollows(s []byte, i int) bool {
	j := unescapedQuote(s, i+1)
	if j == len(s) {
		return false
	}
	rest := skipBlanks(s[j+1:])
	return len(rest) > 0 && rest[0] == '"'
}

// quotedOnce reads one quoted string. A quote that is not followed by a
// delimiter is taken as part of the string ("a 24" screen"); a string
// left open is re-read up to the first delimiter.
func (t *tolerant) quotedOnce(key bool) *jvalue {
	start := t.i
	open, n := t.peek()
	triple := open != '`' && bytes.HasPrefix(t.s[t.i:], []byte{byte(open), byte(open), byte(open)}) && open < utf8.RuneSelf
	if triple {
		t.i += 3
		end := bytes.Index(t.s[t.i:], []byte{byte(open), byte(open), byte(open)})
		v := &jvalue{kind: jString, off: start}
		if run, ok := t.quoteRunAlone(start, open); ok && (end < 0 || run == 4) {
			// "key": """, or ["""]: an empty string and stray quotes,
			// not a string the text leaves open; """" before a
			// delimiter is an empty string in doubled quotes
			// ({""a"": """", ""b"": 1}), not a triple-quoted one.
			t.i = start + run
			v.done = true
			t.repair(start, "read %d quotes with nothing after them as an empty string", run)
			return v
		}
		if end < 0 {
			v.str = t.text(t.i, len(t.s))
			t.i = len(t.s)
			t.repair(start, "closed a string the text left open")
			return v
		}
		v.str = t.text(t.i, t.i+end)
		t.i += end + 3
		v.done = true
		t.repair(start, "read a triple-quoted string")
		return v
	}
	if open == '`' && !key && len(t.stack) > 0 && bytes.HasPrefix(t.s[t.i:], []byte("```")) {
		return t.codeBlock()
	}
	if open == '"' || open == '\'' {
		if body, end, ok := doubledQuotes(t.s[t.i:]); ok {
			// ""name"": a string in doubled quotes.
			t.repair(start, "read a string in doubled quotes")
			v := &jvalue{kind: jString, off: start, str: t.text(t.i+2, t.i+2+len(body)), done: true}
			if bytes.IndexByte(body, '\\') >= 0 {
				// ""a\nb"", ""C:\new"": the escapes read as in a string
				// of one pair of the same quotes, which the body holds none of.
				if w, reps, ok := quotedAlone(append(append([]byte{byte(open)}, body...), byte(open)), false); ok {
					v.str = w.str
					t.addRepairs(reps, t.i+1)
				}
			}
			t.i += end
			return v
		}
	}
	if open != '"' {
		t.repair(start, "read a string in %c quotes", open)
	}
	t.i += n
	if open == '"' && !key && bytes.HasPrefix(t.s[t.i:], []byte("```")) {
		if v := t.fencedInString(); v != nil {
			return v
		}
	}
	if open == '"' {
		if v, ok := t.plainString(start, key); ok {
			return v
		}
	}
	saved := len(t.repairs)
	if t.misread <= misreadBudget(len(t.s)) {
		if v, ok := t.stringBody(start, open, key, false); ok {
			return t.rawEscapes(v)
		}
		// The first reading is dropped, and with it what it repaired.
		t.misread += t.i - start
		t.i, t.repairs = start+n, t.repairs[:saved]
	}
	v, _ := t.stringBody(start, open, key, true)
	return t.rawEscapes(v)
}

// quotedAlone reads text, one string with its quotes (a body the reply
// wrote otherwise, its quotes put around it), with a reader of its own:
// the string and its repairs, and whether the reader read the whole text
// as that string.
func quotedAlone(text []byte, streaming bool) (*jvalue, []problem.Repair, bool) {
	in := &tolerant{s: text, streaming: streaming}
	v := in.quotedOnce(false)
	return v, in.repairs, v != nil && in.eof()
}

// addRepairs adds reps, a reader of its own's repairs of a text that
// starts at offset at of t's, shifted there; a repair at the text's first
// offset is of the quotes put around it, which the caller says itself.
func (t *tolerant) addRepairs(reps []problem.Repair, at int) {
	for _, r := range reps {
		if r.Offset > 0 {
			t.repair(at+r.Offset, "%s", r.Message)
		}
	}
}

// misreadBudget is how many bytes the first readings of strings may
// scan and drop in a text of n bytes. A text ordinary enough to leave a
// few strings open stays well within it; [["a, ["b, ["c, … (each string
// read to the end of the text, then again to its first delimiter) would
// take time quadratic in the text without it.
func misreadBudget(n int) int { return 8*n + 64<<10 }

// quoteRunAlone reports whether the quotes at start (three or more of
// open, with no closing triple quote after them) are followed by what
// ends a value: a comma, a closing bracket, or the end of a text that
// will not grow. It returns how many quotes there are.
func (t *tolerant) quoteRunAlone(start int, open rune) (int, bool) {
	run := 0
	for start+run < len(t.s) && rune(t.s[start+run]) == open {
		run++
	}
	rest := skipWS(t.s[start+run:])
	if len(rest) == 0 {
		return run, !t.streaming
	}
	switch rest[0] {
	case ',', '}', ']':
		return run, true
	}
	return run, false
}

// rawEscapes keeps \n, \t and \r before a letter as written in a string
// that writes other backslashes as characters (C:\Temp\new, \frac{1}\nu,
// ^\d+\n): there they are a path's, LaTeX's or a pattern's, not a line
// break or a tab.
func (t *tolerant) rawEscapes(v *jvalue) *jvalue {
	if v == nil || !t.strRaw || len(t.strCtrl) == 0 {
		return v
	}
	var b strings.Builder
	last := 0
	for _, e := range t.strCtrl {
		if e.dropped >= 0 {
			// \x read as x: the backslash goes back before it.
			if e.at >= len(v.str) || v.str[e.at] != e.letter {
				continue // trimmed off with the string's end
			}
			b.WriteString(v.str[last:e.at])
			b.WriteByte('\\')
			last = e.at
			t.repairs[e.dropped].Message = fmt.Sprintf("kept the backslash of \\%c: the string writes its other backslashes as characters", e.letter)
			continue
		}
		if e.at >= len(v.str) || v.str[e.at] != controlOf(e.letter) {
			continue // trimmed off with the string's end
		}
		b.WriteString(v.str[last:e.at])
		b.WriteByte('\\')
		b.WriteByte(e.letter)
		last = e.at + 1
		t.repair(e.off, "kept \\%c as written: the string writes its other backslashes as characters", e.letter)
	}
	b.WriteString(v.str[last:])
	v.str = b.String()
	return v
}

// lineClosesString reports whether the line s starts ends with the quote
// q and what may follow a string's end: a comma or a closing bracket.
// A quote that ends a line inside a string on one line is the string's end
// unless the next line ends it this way ("the word "foo"⏎ next line").
func lineClosesString(s []byte, q rune) bool {
	if j := bytes.IndexByte(s, '\n'); j >= 0 {
		s = s[:j]
	}
	s = bytes.TrimRight(s, " \t\r")
	s = bytes.TrimRight(s, ",}]")
	r, _ := utf8.DecodeLastRune(s)
	return len(s) > 0 && r == q
}

// quoteEndsValueAhead reports whether the first quote q in s is followed
// by what may follow a value's end. It scans only to that quote, which
// the reader reaches next anyway, so reading stays linear.
func quoteEndsValueAhead(s []byte, q rune) bool {
	var j int
	if q < utf8.RuneSelf {
		j = bytes.IndexByte(s, byte(q))
	} else {
		j = bytes.IndexRune(s, q)
	}
	return j >= 0 && endsValue(s[j+utf8.RuneLen(q):])
}

// quoteOnLine returns the offset in s of the first quote q, where it
// comes before the line ends, or -1: ""5 stars" rating" is a string that
// starts with a quoted phrase, not an empty string before a number. It
// scans only to that quote or the line's end, whichever comes first, so
// a line of many quotes is not scanned again at each.
func quoteOnLine(s []byte, q rune) int {
	for i, r := range runesOf(s) {
		switch r {
		case q:
			return i
		case '\n':
			return -1
		}
	}
	return -1
}

// unescapedQuote returns the offset of the first '"' in s from i that no
// backslash escapes, or len(s).
func unescapedQuote(s []byte, i int) int {
	for {
		j := bytes.IndexByte(s[i:], '"')
		if j < 0 {
			return len(s)
		}
		j += i
		k := j
		for k > i && s[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return j
		}
		i = j + 1
	}
}

// wordsLine reports whether s, a line's text, starts with a word: not
// blank, not a delimiter, bracket or quote, and no member (keyFollows).
func wordsLine(s []byte) bool {
	s = skipBlanks(s)
	return len(s) > 0 && bytes.IndexByte([]byte(",:{}[]\"'\n\r"), s[0]) < 0 && !keyFollows(s)
}

// lineDelimiterAhead reports, for s the lines after a line break in a
// string that lost its end quote, whether a delimiter ends the string
// on them (a closing bracket, a comma before a member, or a line that
// does not go on with words), and found false where the text ends, or the
// scan's bound comes, before anything says.
func lineDelimiterAhead(s []byte) (ends, found bool) {
	for i := 0; i < len(s) && i < 2048; i++ {
		switch s[i] {
		case '}', ']':
			return true, true
		case ',':
			if keyFollows(s[i+1:]) {
				return true, true
			}
		case '"':
			return false, true
		case '\n':
			if !wordsLine(s[i+1:]) {
				return len(skipWS(s[i+1:])) > 0, len(skipWS(s[i+1:])) > 0
			}
		}
	}
	return false, false
}

// wordsThenEndQuote reports whether s is words on one line up to a quote
// q that ends a value (endsValue), with no delimiter before it; where s
// ends in those words, whether the text streams (the quote may come).
func wordsThenEndQuote(s []byte, q byte, streaming bool) bool {
	for i := 0; i < len(s); i++ {
		if i == maxKeyScan {
			return false
		}
		switch c := s[i]; c {
		case q:
			return i > 0 && (endsValue(s[i+1:]) || streaming && len(skipBlanks(s[i+1:])) == 0)
		case ',', ':', '\n', '{', '}', '[', ']', '"', '\'':
			return false
		}
	}
	return streaming
}

// endsValue reports whether b, what follows a quote, is what may follow a
// value's end: blanks, then the end of the text, a line break, a closing
// bracket, a comma, or a comment after a blank.
func endsValue(b []byte) bool {
	rest := skipBlanks(b)
	return len(rest) == 0 || rest[0] == '\n' || rest[0] == '\r' || rest[0] == ',' || rest[0] == '}' || rest[0] == ']' ||
		len(rest) < len(b) && commentStarts(rest)
}

// endQuoteAfterBackslash reports whether the backslash at t.i comes before
// one of the string's end quotes that endsValue holds for.
func (t *tolerant) endQuoteAfterBackslash(closers string) bool {
	r, n := utf8.DecodeRune(t.s[t.i+1:])
	return n > 0 && strings.ContainsRune(closers, r) && endsValue(t.s[t.i+1+n:])
}

// loneBackslash reports whether the backslash at t.i, the first
// character of a string, and the quote after it are all of the string:
// the rest of the line holds only commas and closing brackets ("\"⏎ or
// "\"},⏎). Read as an escaped quote, the string would run into the line
// break, which JSON does not allow; anything else may follow an escaped
// quote, as in "\"}",.
func (t *tolerant) loneBackslash(closers string) bool {
	r, n := utf8.DecodeRune(t.s[t.i+1:])
	if n == 0 || !strings.ContainsRune(closers, r) {
		return false
	}
	for _, c := range t.s[t.i+1+n:] {
		switch c {
		case ' ', '\t', ',', '}', ']':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return false
}

// controlOf returns the character the escape \letter stands for.
func controlOf(letter byte) byte {
	switch letter {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	}
	return '\r'
}

// doubledQuotes reports whether s starts with a string in doubled quotes,
// ""text"" (or the same in single quotes), that a delimiter (or the end)
// follows: its text and the length of all of it. The text holds no quote
// of its kind and does not start with a delimiter, so "" (an empty
// string) before a comma is not taken for one.
func doubledQuotes(s []byte) (body []byte, end int, ok bool) {
	if len(s) < 5 || s[0] != '"' && s[0] != '\'' || s[1] != s[0] {
		return nil, 0, false
	}
	q := s[0]
	switch r, _ := utf8.DecodeRune(s[2:]); {
	case r == rune(q) || r == ',' || r == ':' || r == '}' || r == ']' || isSpaceRune(r):
		return nil, 0, false
	}
	j := bytes.Index(s[2:], []byte{q, q})
	if j <= 0 || bytes.IndexByte(s[2:2+j], q) >= 0 || bytes.IndexByte(s[2:2+j], '\n') >= 0 {
		return nil, 0, false
	}
	end = 2 + j + 2
	if end < len(s) && s[end] == q {
		return nil, 0, false // a third quote: not this form
	}
	after := skipBlanks(s[end:])
	if commentStarts(after) || len(after) < len(s[end:]) && startsPlainValue(after) {
		return s[2 : 2+j], end, true // ""a"" // note, or ""key"" 3 (a colon left out)
	}
	after = skipWS(after)
	if len(after) > 0 && bytes.IndexByte([]byte(",:}]"), after[0]) < 0 && bytes.IndexByte(s[end:end+len(s[end:])-len(after)], '\n') < 0 {
		return nil, 0, false // neither a delimiter nor the line's end follows
	}
	return s[2 : 2+j], end, true
}

// codeBlock reads a value written as a markdown code block, ```lang⏎
// … ```, as the string of its lines: the language word and the line
// breaks next to the fences left out, the indent the lines share (the
// document's layout) removed.
func (t *tolerant) codeBlock() *jvalue {
	start := t.i
	n := 0
	for t.i+n < len(t.s) && t.s[t.i+n] == '`' {
		n++
	}
	fence := t.s[t.i : t.i+n]
	t.i += n
	body := t.i
	if nl := bytes.IndexByte(t.s[t.i:], '\n'); nl >= 0 {
		if info := bytes.TrimSpace(t.s[t.i : t.i+nl]); len(info) == 0 || isIdentifier(string(info)) {
			body = t.i + nl + 1 // ```python⏎: the language word is not code
		}
	} else if info := bytes.TrimSpace(t.s[t.i:]); t.streaming && (len(info) == 0 || isIdentifier(string(info))) {
		body = len(t.s) // what may be the language word is not shown as code
	}
	v := &jvalue{kind: jString, off: start}
	end := bytes.Index(t.s[body:], fence)
	if end < 0 {
		v.str = dedent(t.text(body, len(t.s)))
		t.i = len(t.s)
		t.repair(start, "closed a code block the text left open")
		return v
	}
	v.str = dedent(t.text(body, body+end))
	t.i = body + end + n
	v.done = true
	t.repair(start, "read a code block in backticks as a string")
	return v
}

// codeBlockAhead reports whether s, at a fence inside a document, starts
// a code block written as a value: a language word or nothing on the
// fence's line, then lines up to a closing fence that a delimiter
// follows. Else the fence closes the fenced document.
func codeBlockAhead(s []byte) bool {
	n := 0
	for n < len(s) && s[n] == '`' {
		n++
	}
	nl := bytes.IndexByte(s[n:], '\n')
	if nl < 0 {
		return false
	}
	if info := bytes.TrimSpace(s[n : n+nl]); len(info) > 0 && !isIdentifier(string(info)) {
		return false // ```json {…: a fence whose body starts on its line
	}
	end := bytes.Index(s[n+nl:], s[:n])
	if end < 0 {
		return false
	}
	rest := s[n+nl+end+n:]
	after := skipSpaceAndComments(rest)
	if len(after) > 0 && (after[0] == ',' || after[0] == ']' || after[0] == '}') {
		return true
	}
	// Members or items one a line, their commas left out: a key or a
	// string on a next line (not a bracket: a fenced document's body).
	r, _ := utf8.DecodeRune(after)
	return bytes.IndexByte(rest[:len(rest)-len(after)], '\n') >= 0 && (bareKeyStarts(after) || isQuote(r))
}

// dedent removes the indent that the non-blank lines of s share, and
// the blank line the closing fence stood on.
func dedent(s string) string {
	lines := strings.Split(strings.TrimRight(s, " \t\r\n"), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		k := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || k < indent {
			indent = k
		}
	}
	if indent <= 0 {
		return strings.Join(lines, "\n")
	}
	for i, l := range lines {
		if len(l) >= indent {
			lines[i] = l[indent:]
		} else {
			lines[i] = strings.TrimLeft(l, " \t")
		}
	}
	return strings.Join(lines, "\n")
}

// fencedInString reads "```json {…}```", a fenced document written as a
// string, as the document; nil, with nothing read, when the fence does
// not hold exactly one value that its closing fence and quote follow.
func (t *tolerant) fencedInString() *jvalue {
	if t.i < t.fenceTried {
		// Inside a stretch a failed try has read: trying again could
		// make reading quadratic.
		return nil
	}
	at, saved := t.i, len(t.repairs)
	t.fenceTried = len(t.s) // no nested try
	t.i += 3
	for !t.eof() && isIdentByte(t.s[t.i]) {
		t.i++ // the language tag
	}
	if rest := skipWS(t.s[t.i:]); len(rest) == 0 || rest[0] != '{' && rest[0] != '[' {
		// "```()```": a document starts with its bracket; a tuple or a
		// word in fences is the string's text.
		t.fenceTried = t.i
		t.i, t.repairs = at, t.repairs[:saved]
		return nil
	}
	v := t.value()
	t.skip()
	// A document: an object or a list ("```'```" is a string of fence
	// marks, not an empty string fenced).
	if v != nil && (v.kind == jObject || v.kind == jArray) && v.done && t.err == nil && bytes.HasPrefix(t.s[t.i:], []byte("```\"")) {
		t.repairs = t.repairs[:saved]
		t.repair(at, "read a fenced document written as a string as the document")
		t.i += 4
		t.fenceTried = t.i
		return v
	}
	t.fenceTried = t.i
	t.i, t.repairs = at, t.repairs[:saved]
	return nil
}

// endsPlainString reports whether b, what follows a quote, ends a string
// as plainString ends one: blanks on the line, then a delimiter, the
// line's end or the text's.
func endsPlainString(b []byte) bool {
	k := 0
	for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
		k++
	}
	return k == len(b) || bytes.IndexByte([]byte(",:}]\n"), b[k]) >= 0
}

// plainString reads, in one slice, a "string" with no escape and no
// control character whose end quote is followed by what may follow a
// value: most strings. Others are read by stringBody.
func (t *tolerant) plainString(start int, key bool) (*jvalue, bool) {
	j := t.i
	for j < len(t.s) {
		c := t.s[j]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		j++
	}
	if j >= len(t.s) || t.s[j] != '"' {
		return nil, false
	}
	k := j + 1
	for k < len(t.s) && (t.s[k] == ' ' || t.s[k] == '\t' || t.s[k] == '\r') {
		k++
	}
	if after := skipWS(t.s[k:]); len(after) > 1 && after[0] == '"' && (after[1] == ',' || after[1] == '}' || after[1] == ']') {
		return nil, false // "x"⏎",: stringBody's rule
	}
	if k < len(t.s) && len(t.stack) == 0 && t.parens == 0 && t.s[k] != ',' && t.s[k] != '\n' {
		return nil, false // a document that is one string: stringBody's rule
	}
	if k < len(t.s) {
		switch t.s[k] {
		case '}', ']':
			if k+1 < len(t.s) && t.s[k+1] == '"' {
				return nil, false // "}" in code: stringBody's rule
			}
			if t.s[k] == ']' && t.inObjectValue() && bytes.IndexByte(t.s[t.i:j], '[') >= 0 && wordsThenEndQuote(t.s[k+1:], '"', t.streaming) {
				// "the list [1, 2"] more",: the bracket closes the text's
				// own, and words then the end quote follow: stringBody's
				// rule (the quote is the text's).
				return nil, false
			}
		case ',':
			if k+1 < len(t.s) && t.s[k+1] == '"' && t.inObjectValue() && !keyFollows(t.s[k+1:]) {
				return nil, false // s.split(","): a quote, but no key, after the comma
			}
			if t.streaming && j > t.i && opensPhrase(t.s[j-1]) && t.inObjectValue() && !keyDecided(t.s[k+1:]) {
				return nil, false // "s.split(", cut there: stringBody's rule
			}
		case ':':
			if t.streaming && !key && t.inObjectValue() {
				return nil, false // {"a": "b": streamed, stringBody's rule
			}
		case '\n':
		case ')':
			if t.parens == 0 {
				return nil, false
			}
		default:
			return nil, false
		}
	} else if len(t.stack) > 0 {
		// The text ends right after the string, inside a container: a
		// string at the end of a cut reply may have lost more than its
		// bracket; let stringBody decide.
		return nil, false
	}
	v := t.node(jString, start)
	v.str = t.text(t.i, j)
	v.done = true
	t.i = j + 1
	return v, true
}

// stringBody reads the characters of a string after its opening quote.
// With stopAtDelimiter, the end quote is taken to be missing and the
// string ends at the first delimiter that something follows (a comma
// before a quote, a number or a bracket; a closing bracket; the line's
// end; for a key, a colon). ok is false when the string should be re-read
// that way.
func (t *tolerant) stringBody(start int, open rune, key, stopAtDelimiter bool) (*jvalue, bool) {
	t.strRaw, t.strCtrl = false, t.strCtrl[:0]
	// lineEnd: the first reading found the string lost its end quote at
	// this line break; commas before it, with more of the line after
	// them, are the text's ("a": "x:1,y:2,⏎ "b": …).
	lineEnd := -1
	if stopAtDelimiter && t.lineEnd > start {
		lineEnd = t.lineEnd
	}
	t.lineEnd = 0
	closers := closingQuotes(open)
	var sb strings.Builder
	v := &jvalue{kind: jString, off: start}
	braces := 0      // braces the string's text opened and has not closed
	squares := false // the string's text holds a [ (x["a"])
	inner := 0       // quotes taken as the string's own
	firstInner := -1 // where the first of them is
	lastInner := -1  // and the last
	// pairedOnLine: the string's text is on one line, and no quote taken
	// as its own was a key's ("x": …): its inner quotes, where they pair
	// up, are quoted phrases of the text.
	pairedOnLine := true
	listUndecided := false // streamed, a quote kept before a comma may yet end the value (listLostBracket)
	csv := false
	csvNoEnd := 0          // csvQuotes found no single end quote before this offset
	escapesQuotes := false // the string writes \" for its quotes
	// In a string that escapes its quotes, the first quote ahead that no
	// backslash escapes, where a value may end after it, is its end,
	// whatever its lines look like (YAML or code with keys of its own):
	// found once per string, so reading stays linear.
	aheadAt, aheadEnds := -1, false
	endAhead := func() bool {
		if !escapesQuotes || open != '"' {
			return false
		}
		if aheadAt < t.i {
			aheadAt = unescapedQuote(t.s, t.i)
			aheadEnds = aheadAt < len(t.s) && endsValue(t.s[aheadAt+1:])
		}
		return aheadEnds
	}
	// laterEnd reports whether a quote r after t.i ends a value (what
	// follows it may follow a value's end): found once and kept while
	// the reader has not passed it, so reading stays linear.
	laterAt, laterOK := -1, false
	laterEnd := func(r rune) bool {
		if r >= utf8RuneSelf {
			return false
		}
		if laterAt <= t.i {
			laterAt, laterOK = len(t.s), false
			for j := t.i + 1; j < len(t.s); j++ {
				k := bytes.IndexByte(t.s[j:], byte(r))
				if k < 0 {
					break
				}
				if j += k; endsValue(t.s[j+1:]) {
					laterAt, laterOK = j, true
					break
				}
			}
		}
		return laterOK
	}
	// unopened: the string's text so far closes this many more braces
	// and brackets than it opens (closersInString).
	var unopened [2]int
	for !t.eof() {
		r, n := t.peek()
		switch r {
		case '{':
			braces++
			unopened[0]--
		case '}':
			if braces > 0 {
				braces--
			}
			unopened[0]++
		case '[':
			squares = true
			unopened[1]--
		case ']':
			unopened[1]++
		}
		run := 0 // quotes in a row at t.i, counted where three may start
		if r == '"' && !key && !stopAtDelimiter && !csv && sb.Len() > 0 && t.i+2 < len(t.s) && t.s[t.i+1] == '"' && t.s[t.i+2] == '"' {
			for run < 7 && t.i+run < len(t.s) && t.s[t.i+run] == '"' {
				run++
			}
		}
		switch {
		case run >= 3 && run <= 6:
			// "def f():⏎    """Doc."""⏎": code's triple quotes (a Python
			// docstring) in a value are its text; the last quote of a
			// run that a delimiter follows is the string's end.
			n := run
			if endsValue(t.s[t.i+run:]) {
				n--
			}
			t.repair(t.i, "kept %d quotes in a row inside a string as its text", n)
			sb.WriteString(strings.Repeat(`"`, n))
			inner += n
			t.i += n
		case r < utf8RuneSelf && strings.ContainsRune(closers, r) && !key && !stopAtDelimiter && sb.Len() > 0 &&
			t.i+1 < len(t.s) && t.s[t.i+1] == byte(r) && !(t.inObjectValue() && startsKey(t.s[t.i+1:])) && (csv || t.i >= csvNoEnd && t.csvQuotes(byte(r), &csvNoEnd)):
			// "say ""hi"" now": quotes doubled in pairs, as CSV escapes
			// them, up to one end quote that a delimiter follows. (Not
			// where the second opens a key: 'a''b': 1, a comma lost.)
			csv = true
			t.repair(t.i, "read a doubled quote inside a string as one quote")
			sb.WriteRune(r)
			t.i += 2
		case strings.ContainsRune(closers, r):
			quote := t.i
			t.i += n
			save := t.i
			keep := func() { // the quote is the string's text, not its end
				t.i = save
				t.repair(quote, "escaped a quote inside a string")
				if inner == 0 {
					firstInner = quote
				}
				lastInner = quote
				if nx := skipWS(t.s[save:]); len(nx) > 0 && nx[0] == ':' {
					pairedOnLine = false
				}
				inner++
				sb.WriteRune(r)
			}
			t.skip()
			atEnd := t.eof() // only white space follows the quote
			next, _ := t.peek()
			// "a"⏎{ or "a"⏎true: the line ends after the quote and the
			// next starts a value, as where a comma was left out between
			// items written one a line.
			valueOnNextLine := !key && !stopAtDelimiter && len(t.stack) > 0 && bytes.IndexByte(t.s[save:t.i], '\n') >= 0 &&
				(next == '{' || next == '[' || next == '-' || startsLiteral(t.s[t.i:]) || t.inObjectValue() && bareKeyStarts(t.s[t.i:]) ||
					commentStarts(skipBlanks(t.s[save:])) || // "a" // note⏎: a comment, then the line's end
					!lineClosesString(t.s[t.i:], r)) // 'a'⏎ b⏎: the next line does not end this string
			if cut, ok := t.closersInString(start+1, quote, unopened); ok && !stopAtDelimiter && !key && (inner == 0 || pairedOnLine && (inner%2 == 0 || opensPhraseAt(t.s, lastInner))) {
				// {"a": {"b": "x}, "c": 1}, [{"a": "x},{"a": "y"}]: the
				// string lost its end quote before brackets that close its
				// containers, then a comma and the next key or item; the
				// brackets are the document's, not the string's.
				text := sb.String()
				v.str = strings.TrimRight(text[:len(text)-(quote-cut)], " \t\r\n")
				v.done = true
				t.i = cut
				if raw := t.s[start+1 : cut]; t.inArray() && bytes.IndexByte(raw, '\\') < 0 {
					if c := itemAfterComma(raw); c >= 0 {
						// ["a, true], …: a literal or number after the
						// string's last comma is the list's next item.
						v.str = strings.TrimRight(string(raw[:c]), " \t\r\n")
						t.i = start + 1 + c
					}
				}
				t.repair(cut, "closed a string whose end quote is missing before the brackets after it")
				return v, true
			}
			topLevel := len(t.stack) == 0 && t.parens == 0
			if topLevel && !stopAtDelimiter && !t.eof() && next != ',' && next != '\n' && next != '+' {
				// A document that is one string ends at the end of the
				// text: "a 24" screen" keeps its inner quote.
				keep()
				continue
			}
			if !stopAtDelimiter && !key && braces > 0 && !escapesQuotes && !(inner == 0 && endsPlainString(t.s[save:])) && !t.objectItemAt(start, quote) {
				// {"x": "answer is {"k": 1}, which…"}: quotes inside braces
				// the string opened are the string's, unless the string
				// escapes its quotes: then a raw one ends it. The first
				// one ends it where it would end a string with no escape
				// (plainString): "{\\," is a string that holds a brace.
				keep()
				continue
			}
			if !stopAtDelimiter && isQuote(next) && t.i+1 < len(t.s) && (bytes.IndexByte([]byte(",}]"), t.s[t.i+1]) >= 0 || t.i == save && endsValue(t.s[t.i+1:])) {
				// "a "b" "," or "x⏎"⏎", or "it's "fine"" # c: another quote
				// follows that a delimiter closes; this one is the string's.
				keep()
				continue
			}
			if !stopAtDelimiter && !key && len(t.stack) > 0 && (next == ']' && squares || next == '}' && braces > 0) && len(skipBlanks(t.s[save:t.i])) == 0 && t.i+1 < len(t.s) &&
				strings.ContainsRune(closers, rune(t.s[t.i+1])) && endsValue(t.s[t.i+2:]) {
				// ".scripts["start"]", or "f({"a"}", or "{ return "x"  }", :
				// a bracket of a kind the string's text opened, blanks
				// before it on the line, between this quote and another
				// that ends a value; the bracket closes the text's, both
				// are the string's text.
				keep()
				continue
			}
			if !stopAtDelimiter && !key && next == ',' && t.inObjectValue() && !keyFollows(t.s[t.i+1:]) && !t.listLostBracket() {
				// {"a": "x "y", z." }: after a comma in an object a key
				// follows; here none does, so the quote is the string's.
				if t.streaming && t.squaresUnopened() {
					// Streamed, where a ']' closes no '[' before it, the
					// quote may end the first value of a list that lost its
					// '[' (listLostBracket), as the whole text may say.
					listUndecided = true
				}
				keep()
				continue
			}
			if !stopAtDelimiter && !key && sb.Len() > 0 && t.i == save && next == r && r < utf8RuneSelf &&
				(bytes.IndexByte([]byte(" =(,[:"), t.s[quote-1]) >= 0 || t.i+1 < len(t.s) && t.s[t.i+1] == ' ') &&
				quoteOnLine(t.s[t.i+1:], r) >= 0 && quoteEndsValueAhead(t.s[t.i+1:], r) {
				// "echo "" > x": two quotes beside a blank, then the text
				// runs on to a quote that ends the value: an empty pair in
				// the text. ("a""b" is two strings that lost their comma.)
				t.i = save + 1
				t.repair(quote, "escaped a pair of quotes inside a string")
				inner += 2
				sb.WriteRune(r)
				sb.WriteRune(r)
				continue
			}
			// "2. Click "OK"⏎3. Close": the quote closes a phrase an inner
			// quote opened, at a line's end, and the next line starts no
			// key, bracket or string: if it runs on to a quote that ends a
			// value, the lines are the string's.
			phraseGoesOn := !stopAtDelimiter && !key && inner%2 == 1 && len(t.stack) > 0 && bytes.IndexByte(t.s[save:t.i], '\n') >= 0 &&
				(!isQuote(next) || bytes.HasPrefix(t.s[t.i:], []byte("```"))) && next != '{' && next != '[' && next != '}' && next != ']' && !bareKeyStarts(t.s[t.i:])
			if phraseGoesOn && quoteEndsValueAhead(t.s[t.i:], r) {
				keep()
				continue
			}
			// the book "Title": a summary: an inner quote opened a
			// phrase in a member's value, so a colon after this one
			// follows the phrase, not the value.
			phraseOpen := !key && !stopAtDelimiter && inner%2 == 1 && t.inObjectValue()
			// “Mockingbird," "Where the Crawdads Sing" explores”: a quote
			// and, on its line, a quoted phrase that words follow.
			inText := !key && !stopAtDelimiter && len(t.stack) > 0 && t.i > save && bytes.IndexByte(t.s[save:t.i], '\n') < 0
			if !stopAtDelimiter && !key && next == ']' && t.parens == 0 && len(t.stack) > 0 &&
				(t.inObjectValue() && !(len(t.stack) >= 2 && t.stack[len(t.stack)-2] == jArray && endsValue(t.s[t.i+1:])) && laterEnd(r) ||
					!endsValue(t.s[t.i+1:]) && squares && quoteEndsValueAhead(t.s[t.i+1:], r)) {
				// {"code": "print(x["a"])"}: in an object's value a bracket
				// closes none of the object's containers (unless the object
				// lost its brace at a list's end, [{"a": "x"]), nor, in a
				// list, one that text follows (["jq '.a["b"]' f"]), so the
				// quote before it is the text's where a later one ends the
				// value.
				keep()
				continue
			}
			if !stopAtDelimiter && !key && next == '}' && t.i == save && t.i+1 < len(t.s) && t.s[t.i+1] == byte(r) && len(t.stack) > 0 && laterEnd(r) {
				// "if s == "}" {": a brace between two quotes, the second
				// right after it, is a string of code; no object ends so.
				keep()
				continue
			}
			// {a: "x" b: "y"}: blanks, then a bare key and its colon on the
			// quote's line, in a string with no phrase of its own open.
			memberNext := !key && !stopAtDelimiter && inner%2 == 0 && t.inObjectValue() && t.parens == 0 && t.i > save &&
				bytes.IndexByte(t.s[save:t.i], '\n') < 0 && memberOnLine(t.s[save:])
			// "b" ...: an ellipsis for left-out items, then a delimiter or
			// the end, follows the value's end.
			ellipsisNext := !key && !stopAtDelimiter && len(t.stack) > 0 && (next == '.' || next == '\u2026') && ellipsisEnds(t.s[t.i:])
			// ["a" ["b"]]: a blank, then a list, after an item's quote
			// with no phrase of its own open: the next item, its comma
			// left out.
			// So do an object (a brace, then a key) and a literal:
			// ["a" {"k": 1}], ["a" null, "b"].
			listNext := !key && !stopAtDelimiter && t.inArray() && inner == 0 && t.i > save &&
				(next == '[' || next == '{' && (startsKey(skipWS(t.s[t.i+1:])) || emptyObjectItem(t.s[t.i:])) || literalItem(t.s[t.i:]))
			if stopAtDelimiter || valueOnNextLine || memberNext || ellipsisNext || listNext || t.eof() || next == ',' || !key && t.inObjectValue() && quote > start+1 && bytes.IndexByte([]byte(" \t,"), t.s[quote-1]) < 0 && keyLostOpenQuote(t.s[t.i:], r) || next == ':' && !phraseOpen || next == '}' || next == ']' || next == ')' && t.parens > 0 || isQuote(next) && !(inText && phraseFollows(t.s[t.i:])) && !(inner%2 == 1 && t.i > save && loneQuoteEndsLine(t.s[t.i:])) || next == '\n' || next == '+' && (inner%2 == 0 || key || stopAtDelimiter) ||
				next == ';' && !key && t.semicolonSeparates(t.s[t.i+1:]) || next >= '0' && next <= '9' && !key && !(t.i == save && t.s[quote-1] == ' ' && phraseFollows(t.s[quote:])) && !(t.i == save && sb.Len() == 0 && quoteOnLine(t.s[t.i:], r) >= 0) || next == '=' && key ||
				key && t.i > save && bytes.IndexByte(t.s[save:t.i], '\n') < 0 && startsPlainValue(t.s[t.i:]) {
				if key && !stopAtDelimiter && next != ':' && valueAfterColon(sb.String()) {
					// {"price: "", "b": 1}, {"tags: ["a", "b"], …}: no colon
					// follows the key's quote, and the key holds a colon and
					// a value: the key lost its end quote at its colon.
					return nil, false
				}
				if !key && !stopAtDelimiter && inner == 1 && t.inArray() && t.parens == 0 && lastNonSpace(bytes.TrimRight(t.s[start+1:firstInner], " \t\r\n[")) == ',' {
					// ["a", "b, "c"]: the one inner quote, after a comma,
					// is unpaired: it opened the next item, and this one
					// lost its end quote at the comma.
					return nil, false
				}
				nextAt := t.i // where what follows the quote starts
				t.i = save
				// In a text still streaming, what follows a quote at its end
				// decides whether it ends the string: not done yet.
				// Nor is it where the next line decided it and the text
				// still ends inside that line.
				// (The next line is looked at only then: a scan at every
				// quote of a text of one long line would be quadratic.)
				v.str, v.done = sb.String(), !t.streaming || !atEnd && !listUndecided &&
					// {"a": "b": a member's value a colon follows may be the
					// first key of an object that lost its '{'.
					!(next == ':' && !key && t.inObjectValue()) && !(valueOnNextLine && bytes.IndexByte(t.s[nextAt:], '\n') < 0) &&
					!(ellipsisNext && len(bytes.TrimSpace(t.s[nextAt+ellipsisLen(t.s[nextAt:]):])) == 0) && // "a "b" ... may go on with words
					// ""1: an empty string right before text, where no
					// doubled quote follows yet, may be a string in
					// doubled quotes still being written (""1.1"").
					!(quote == start+1 && nextAt == save && r < utf8RuneSelf && !bytes.Contains(t.s[nextAt:], []byte{byte(r), byte(r)})) &&
					!(phraseGoesOn && !bytes.ContainsRune(t.s[nextAt:], r)) && // the quote that decides is still to come
					// "a "b"" or end="": quotes the text ends in, or that no
					// quote of this string's kind follows yet, may be the
					// string's own.
					!(isQuote(next) && !bytes.ContainsRune(bytes.TrimLeft(t.s[nextAt:], string(next)), r)) &&
					// "a "b", or "s.split(", : what follows the comma decides
					// (a quote after an opening bracket or = may open a phrase).
					!(next == ',' && (inner > 0 || quote > start+1 && opensPhrase(t.s[quote-1])) && t.inObjectValue() && !keyDecided(t.s[nextAt+1:])) &&
					!(next == ']' && (t.inObjectValue() && !laterEnd(r) || // "x["a"]: a quote to come may make the bracket code
						!bytes.ContainsRune(t.s[nextAt:], r) && squares && (len(bytes.TrimSpace(t.s[nextAt+1:])) == 0 || !endsValue(t.s[nextAt+1:]))))
				if trimmed := strings.TrimRight(v.str, " \t\r"); strings.HasSuffix(trimmed, "\n") && rawBreakBefore(t.s[start:quote]) && strings.Contains(v.str, "```") {
					// "⏎```{}```⏎": a line break written before the end quote
					// of a value that holds a fenced block is the block's
					// layout, not content. In other text it is the text's
					// own: a string written across lines ends as written.
					v.str = strings.TrimRight(trimmed, "\r\n")
					t.repair(quote, "removed a line break before the end quote")
				}
				return v, true
			}
			if !stopAtDelimiter && !key && inner == 1 && t.inObjectValue() && closingQuoteThenBracket(t.s, firstInner, quote) && startsKey(t.s[quote:]) {
				// {"w": {"b": "x" junk}, "c": 1}: the one quote taken as
				// the text's closes a word, and stray text, then a bracket
				// the string never opened, follow it: it is the end
				// quote. The string lost no end quote, as reading on to
				// the comma would say, swallowing the bracket.
				return nil, false
			}
			if prev, at := lastNonSpaceAt(t.s[start+1 : quote]); prev == ',' && !stopAtDelimiter && !key && (t.inObjectValue() && startsKey(t.s[quote:]) || t.inArray() && quoteBeforeComma(sb.String(), open)) {
				// {"x": "a, {"k": 1}, "y": 2}: the quote opens a key, so the
				// string ended, without its end quote, at the comma; so it
				// did in a list where a quote of another kind stands before
				// the comma (["a', "b"]).
				t.i = start + 1 + at
				v.str = strings.TrimRight(sb.String(), " \t\r\n")
				v.str = strings.TrimRight(v.str[:len(v.str)-1], " \t\r\n")
				v.done = !listUndecided
				if q, _ := utf8.DecodeLastRuneInString(v.str); endQuoteOfAnotherKind(&v.str, open) {
					// {"a": "b', "c": 1}: the quote before the comma is the
					// end quote, of another kind than the opening one.
					t.repair(t.i, "read the %c before ',' as the end quote of a string opened with %c", q, open)
					return v, true
				}
				t.repair(t.i, "closed a string whose end quote is missing")
				return v, true
			}
			if prev := lastNonSpace(t.s[start+1 : quote]); (prev == ',' || prev == '{' || prev == '[') && (key || t.inObjectValue()) && startsKey(t.s[quote:]) ||
				!key && t.objectItemAt(start, quote) || // ["0, {"tags": 1}]: in a list, an object after a comma
				prev == ':' && (key || endsWithKey(sb.String())) {
				// {"a":"b,"c":"d"}: the quote opens a key; this string's end
				// quote is missing.
				if !stopAtDelimiter {
					return nil, false
				}
			}
			// An inner quote: part of the string.
			keep()
		case r == '\\' && (t.strRaw || sb.Len() == 0 && t.loneBackslash(closers)) && t.endQuoteAfterBackslash(closers):
			// "C:\dir\", in a string that writes its backslashes as
			// characters, or "\", a string of a backslash alone: the
			// last one is the text's, the quote its end.
			t.repair(t.i, "kept the backslash before the end quote: the string writes its other backslashes as characters")
			sb.WriteByte('\\')
			t.i++
		case r == '\\':
			escapesQuotes = escapesQuotes || t.i+1 < len(t.s) && t.s[t.i+1] == '"'
			t.escape(&sb)
		case stopAtDelimiter && t.endsOpenString(r, key) && !(r == '}' && unopened[0] <= 0 || r == ']' && unopened[1] <= 0) &&
			!(r == ',' && t.i < lineEnd && !endsLine(t.s[t.i+1:])):
			// (A bracket that closes one the string's text opened, as
			// in "x {y} z, is the text's.)
			// Spaces before the delimiter, Unicode ones too, are layout:
			// the string has no end quote to say they are its own.
			v.str = strings.TrimRightFunc(sb.String(), isSpaceRune)
			if q, size := utf8.DecodeLastRuneInString(v.str); key && r == ':' && size < len(v.str) && isQuote(q) {
				// {"a': 1}: a key ends at its colon, and a quote of
				// another kind right before the colon is its end quote,
				// not a character of the key.
				v.str = v.str[:len(v.str)-size]
				t.repair(start, "read the %c before the colon as the end quote of a key opened with %c", q, open)
			} else if !key && r != ':' && endQuoteOfAnotherKind(&v.str, open) {
				// {"a": 'b", "c": 1}: so does a value's, before the
				// delimiter that ends it.
				t.repair(start, "read the %c before %q as the end quote of a string opened with %c", q, r, open)
			} else {
				t.repair(start, "closed a string whose end quote is missing")
			}
			v.done = !t.openUndecided
			t.openUndecided = false
			return v, true
		case r < 0x20:
			if r == '\n' && key && !stopAtDelimiter && valueAfterColon(sb.String()) {
				// {"zip: true⏎ "b": 1}: a key runs on no line break; one
				// that holds a colon and a value lost its end quote there.
				return nil, false
			}
			if r == '\n' && !stopAtDelimiter && lastNonSpaceRune(sb.String()) == ',' {
				// "abc,⏎"def": the line ends after a comma and the next
				// starts a string: the end quote is missing.
				if next := bytes.TrimLeft(t.s[t.i+1:], " \t\r"); len(next) > 0 && (isQuote(rune(next[0])) && (len(next) == 1 || bytes.IndexByte([]byte(",}]:"), next[1]) < 0) || t.inArray() && itemLine(next)) && !endAhead() {
					t.lineEnd = t.i
					return nil, false
				}
			}
			if r == '\n' && !stopAtDelimiter && !key && braces == 0 && inner == 0 && len(t.stack) > 0 {
				// {"a": "two⏎"b": 3} or {"a": "two⏎}: the next line starts
				// a member, a quoted key and its colon, or closes the
				// container, so this value lost its end quote at the
				// line's end (code in a value opens braces or writes
				// quotes of its own first). The key is in plain quotes:
				// “term”: in a value's text is typography.
				next := skipBlanks(bytes.TrimLeft(t.s[t.i+1:], " \t\r"))
				if (len(next) > 0 && (next[0] == '"' || next[0] == '\'' || next[0] == '`') && t.inObjectValue() && quotedKeyStarts(next) ||
					t.inObjectValue() && keyLostOpenQuote(next, '"') || // b": 1, its opening quote lost too
					t.closesLine(next) || t.inArray() && quotedItemLine(next)) && !endAhead() {
					t.lineEnd = t.i // the reading again ends there, not at a comma before
					return nil, false
				}
			}
			if r == '\n' {
				pairedOnLine = false
			}
			t.repair(t.i, "escaped a control character in a string")
			sb.WriteRune(r)
			t.i += n
		default:
			sb.WriteRune(r)
			t.i += n
		}
	}
	if !stopAtDelimiter && !t.streaming {
		if n := t.closersAtEnd(sb.String()); n > 0 && !key && inner > 0 && inner%2 == 0 {
			// {"key": "value} "tail" more}: the text ends with the
			// brackets of the containers it is in, and the inner quotes
			// pair up; the string ends before the brackets.
			body := sb.String()
			cut := len(body) - n
			v.str = strings.TrimRight(body[:cut], " \t\r\n")
			v.done = true
			t.i = len(t.s) - n
			t.repair(start, "closed a string whose end quote is missing")
			return v, true
		}
	}
	if !stopAtDelimiter && !t.streaming && strings.ContainsAny(sb.String(), ",}]:\n") && (key || !cutInString(t.s[start:]) || t.closedAtLineEnd(sb.String())) {
		// A complete text left the string open: its end quote is missing,
		// so re-read it up to a delimiter. A streaming text has simply not
		// written the end quote yet, nor has a text cut off inside it.
		return nil, false
	}
	v.str = sb.String()
	if !t.streaming {
		v.str = strings.TrimRight(v.str, " \t\r\n")
		if body, ok := t.beforeTrailingComma(v.str); ok && !key {
			// {"a": "x, or [{"a": "x},: the text ends after a comma, and
			// the brackets before it close containers of the string:
			// the string lost its end quote before them.
			v.str = body
			t.repair(start, "closed a string the text left open before the comma it ends with")
			return v, true
		}
	}
	t.repair(start, "closed a string the text left open")
	return v, true
}

// beforeTrailingComma returns body, the text of a string left open to the
// end of the text, without the comma it ends with and the closing
// brackets of the innermost containers before that comma, where it ends
// with one and the string is inside a container.
func (t *tolerant) beforeTrailingComma(body string) (string, bool) {
	if len(t.stack) == 0 || !strings.HasSuffix(body, ",") {
		return "", false
	}
	body = strings.TrimRight(body[:len(body)-1], " \t\r\n")
	k := 0 // closing brackets before the comma
	for k < len(body) && k < len(t.stack) && (body[len(body)-1-k] == '}' || body[len(body)-1-k] == ']') {
		k++
	}
	for i := 0; i < k; i++ {
		// body's last bracket closes the k-th innermost container.
		want := t.stack[len(t.stack)-k+i]
		if c := body[len(body)-1-i]; c == '}' && want != jObject || c == ']' && want != jArray {
			return "", false
		}
	}
	return strings.TrimRight(body[:len(body)-k], " \t\r\n"), true
}

// inObjectValue reports whether the reader is reading a member's value.
// csvQuotes reports whether the text at t.i, a doubled quote q inside
// a string, goes on as CSV writes a string: quotes doubled in pairs (an
// even number of doubled quotes, at least two) on one line, up to one
// quote that a delimiter or the end follows. One doubled double quote
// alone is not: ["a""b"] is two strings without their comma; one doubled
// single quote is: SQL and YAML escape an apostrophe in single quotes so.
// Where the line ends with no single quote, *noEnd is set to its end: no
// later pair before it is scanned again, so reading stays linear.
func (t *tolerant) csvQuotes(q byte, noEnd *int) bool {
	s := t.s[t.i:]
	pairs := 0
	i := 0
	// What the scan passes counts against the budget of first readings:
	// each string of a text of many pairs scans on to its line's end, and
	// once the budget is spent strings are read up to a delimiter, which
	// scans nothing ahead.
	defer func() { t.misread += i }()
	for ; i < len(s); i++ {
		switch s[i] {
		case '\n':
			*noEnd = t.i + i // no later pair before here ends either
			return false
		case '\\':
			i++
		case q:
			if i+1 < len(s) && s[i+1] == q {
				pairs++
				i++
				continue
			}
			rest := skipWS(s[i+1:])
			paired := pairs >= 2 && pairs%2 == 0 || q == '\'' && pairs >= 1 // 'it''s', as SQL and YAML write it
			return paired && (len(rest) == 0 || bytes.IndexByte([]byte(",:}]"), rest[0]) >= 0)
		}
	}
	*noEnd = len(t.s)
	return false
}

// semicolonSeparates reports whether s, what follows a ';' after a
// string's quote, goes on as what follows a comma there: a key and its
// colon in an object, a quoted item in an array, or the container's end.
// Then the semicolon stands for a comma ({"a": "x"; "b": "y"}) and the
// quote ends the string; in other text ("stop"; "go" they said) it is
// the string's.
func (t *tolerant) semicolonSeparates(s []byte) bool {
	if len(t.stack) == 0 {
		return false
	}
	if t.inObjectValue() {
		if rest := skipSpaceAndComments(s); len(rest) > 0 && rest[0] == '}' && !endsValue(rest[1:]) {
			return false // "return x; }": a brace a quote follows is code's
		}
		return keyFollows(s)
	}
	s = skipSpaceAndComments(s)
	if len(s) > 0 && (s[0] == ']' || s[0] == '[' || s[0] == '{') {
		return true // the list's end, or a list or object item next
	}
	if n := literalOrNumberLen(s); n > 0 {
		rest := skipBlanks(s[n:])
		return endsValue(rest) || len(rest) > 0 && rest[0] == ';' // ["a"; 5, "b"]
	}
	r, n := utf8.DecodeRune(s)
	if !isQuote(r) {
		return false
	}
	closers := closingQuotes(r)
	for i := n; i < len(s); {
		c, m := utf8.DecodeRune(s[i:])
		switch {
		case c == '\n':
			return false
		case c == '\\':
			m++ // an escape: the character after it is the item's
		case strings.ContainsRune(closers, c):
			rest := skipBlanks(s[i+m:])
			return endsValue(rest) || len(rest) > 0 && rest[0] == ';'
		}
		i += m
	}
	return false
}

// moreFollows reports whether s, after a separator, holds more than the
// end of its container or of the text.
func moreFollows(s []byte) bool {
	s = skipSpaceAndComments(s)
	return len(s) > 0 && s[0] != '}' && s[0] != ']'
}

func (t *tolerant) inObjectValue() bool {
	return len(t.stack) > 0 && t.stack[len(t.stack)-1] == jObject
}

// inArray reports whether the reader is reading an array's item.
func (t *tolerant) inArray() bool {
	return len(t.stack) > 0 && t.stack[len(t.stack)-1] == jArray
}

// keyFollows reports whether s, after a comma in an object, starts with
// what may follow there: a key (quoted or bare, then a colon), the
// object's end, or nothing.
func keyFollows(s []byte) bool {
	s = skipSpaceAndComments(s)
	for len(s) > 0 && s[0] == ',' {
		s = skipSpaceAndComments(s[1:]) // extra commas before a key
	}
	if _, _, ok := doubledQuotes(s); ok {
		return true // ""key"": a key in doubled quotes
	}
	if n := emptyQuotes(s); n > 0 {
		s = skipSpaceAndComments(s[n:]) // empty strings the reader drops
	}
	if len(s) == 0 || s[0] == '}' || s[0] == ']' || s[0] == '{' || ellipsisLen(s) > 0 {
		return true // the end, an ellipsis, or an object that lost its brace
	}
	if s[0] == '[' && listOfOneString(s) > 0 {
		return true // ["key"]: a key in a list's brackets (members)
	}
	if r, n := utf8.DecodeRune(s); isQuote(r) {
		// "key": or a key that lost its end quote: `key:
		return startsKey(s) || len(s) > n && !isQuote(rune(s[n])) && keyFollows(s[n:]) || cutKey(s[n:]) || keyWithoutColon(s)
	}
	if keyLostOpenQuote(s, '"') || keyLostOpenQuote(s, '\'') {
		return true // key": a key that lost its opening quote
	}
	word := 0
	for word < len(s) && isIdentByte(s[word]) {
		word++
	}
	after := skipBlanks(s[word:])
	if word > 0 && len(after) > 0 && isQuote(rune(after[0])) {
		return startsKey(after) // a stray word before a key
	}
	// A bare key, spaces inside allowed, then a colon, or an = before a
	// value that ends as a member's does (b = "y",; not code's end="").
	end := indexByteSet(s, &bareKeyEnds)
	return word > 0 && end > 0 && (s[end] == ':' || s[end] == '=' && assignedValueEnds(s[end+1:]))
}

// valueAfterColon reports whether key, a key's text, holds a colon
// that a blank or the start of a value follows (not "://" or "12:30"):
// where no colon follows the key, that colon was the key's.
func valueAfterColon(key string) bool {
	for i := 0; i < len(key); i++ {
		if key[i] != ':' || i+1 == len(key) {
			continue
		}
		switch c := key[i+1]; {
		case c == ' ' || c == '\t' || c == '"' || c == '[' || c == '{':
			return true
		}
	}
	return false
}

// opensPhrase reports whether a quote right after c, an opening bracket
// or =, may open a phrase in code (s.split(",")) rather than end a string.
func opensPhrase(c byte) bool { return c == '(' || c == '[' || c == '{' || c == '=' }

// keyDecided reports whether s, after a comma in an object's value, holds
// enough to tell whether a key follows it: a key and its colon, the
// object's end, or anything that cannot start a key. A text that ends
// before that is still to decide.
func keyDecided(s []byte) bool {
	s = skipSpaceAndComments(s)
	if len(s) == 0 {
		return false
	}
	if r, n := utf8.DecodeRune(s); isQuote(r) {
		// "k": or "b" ]: a quote closed on its line, and something after it.
		j := quoteOnLine(s[n:], r)
		return j >= 0 && len(skipBlanks(s[n+j+utf8.RuneLen(r):])) > 0
	}
	if isIdentByte(s[0]) {
		end := indexByteSet(s, &bareKeyEnds)
		if end < 0 {
			return false
		}
		if s[end] != '=' {
			return true
		}
		// end=: the value after the = decides whether a member follows.
		v := skipBlanks(s[end+1:])
		if len(v) == 0 {
			return false
		}
		if v[0] == '"' || v[0] == '\'' {
			j := bytes.IndexByte(v[1:], v[0])
			return j >= 0 && len(v) > j+2
		}
	}
	return true
}

// assignedValueEnds reports whether s, after the = of a key written
// key = value, holds a value that a delimiter or the end follows, where
// it is quoted: a quote that closes on its line before what may follow a
// value. An unquoted value is a member's.
func assignedValueEnds(s []byte) bool {
	s = skipBlanks(s)
	if len(s) == 0 || s[0] != '"' && s[0] != '\'' {
		return true
	}
	end := bytes.IndexByte(s[1:], s[0])
	if nl := bytes.IndexByte(s[1:], '\n'); end < 0 || nl >= 0 && nl < end {
		return false
	}
	return endsValue(s[end+2:])
}

// commentStarts reports whether s starts with a comment: //, # or /*.
func commentStarts(s []byte) bool {
	return len(s) > 0 && s[0] == '#' || len(s) > 1 && s[0] == '/' && (s[1] == '/' || s[1] == '*')
}

// skipWS returns b after its leading white space, the Unicode spaces
// skip passes included (a loop: the cutset functions build a set on
// every call, which shows on hot paths).
func skipWS(b []byte) []byte {
	i := 0
	for i < len(b) {
		switch c := b[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c >= utf8.RuneSelf:
			if r, n := utf8.DecodeRune(b[i:]); isSpaceRune(r) {
				i += n
				continue
			}
		}
		break
	}
	return b[i:]
}

// cutKey reports whether s, after an opening quote, is a word the text
// ends in or after: a key cut off.
func cutKey(s []byte) bool {
	if len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		return false // keys do not start with a space
	}
	end := indexByteSet(s, &cutKeyEnds)
	if end < 0 {
		return true
	}
	return isQuote(rune(s[end])) && len(bytes.TrimSpace(s[end+1:])) == 0
}

// skipSpaceAndComments returns s after its leading white space and
// comments.
func skipSpaceAndComments(s []byte) []byte {
	for {
		s = skipWS(s)
		switch {
		case bytes.HasPrefix(s, []byte("//")) || len(s) > 0 && s[0] == '#':
			if j := bytes.IndexByte(s, '\n'); j >= 0 {
				s = s[j:]
				continue
			}
			return nil
		case bytes.HasPrefix(s, []byte("/*")):
			if j := bytes.Index(s[2:], []byte("*/")); j >= 0 {
				s = s[2+j+2:]
				continue
			}
			return nil
		}
		return s
	}
}

// endsWithKey reports whether s ends with ", word:", a key whose string
// before it lost its end quote.
func endsWithKey(s string) bool {
	if len(s) > 80 {
		s = s[len(s)-80:] // a key is short; looking further back would make reading quadratic
	}
	s = strings.TrimRight(s, " \t")
	if !strings.HasSuffix(s, ":") {
		return false
	}
	s = strings.TrimRight(s[:len(s)-1], " \t")
	j := strings.LastIndexByte(s, ',')
	return j >= 0 && isIdentifier(strings.TrimSpace(s[j+1:]))
}

// endsOpenString reports whether r, in a string whose end quote is
// missing, ends it.
func (t *tolerant) endsOpenString(r rune, key bool) bool {
	switch r {
	case '}', ']':
		return true
	case '\n':
		// {"a": "x⏎  y, z.⏎}: in an object's value, a line of words that
		// starts no member is the text's, written across lines, where a
		// delimiter ends the string after it; not where the text ends
		// first ({"a": "cut off⏎Hope this helps.), and while it streams
		// the string is not done until that is known.
		if key || !t.inObjectValue() || !wordsLine(t.s[t.i+1:]) {
			return true
		}
		ends, found := lineDelimiterAhead(t.s[t.i+1:])
		t.openUndecided = !found && t.streaming
		return !ends
	case ':':
		return key
	case ',':
		rest := bytes.TrimLeft(t.s[t.i+1:], " \t\r")
		if len(rest) == 0 {
			return true
		}
		if !key && t.inObjectValue() {
			return keyFollows(rest) // in an object, a member follows a comma
		}
		next, _ := utf8.DecodeRune(rest)
		if isQuote(next) || next >= '0' && next <= '9' || next == '-' || next == '{' || next == '[' || next == '}' || next == ']' || next == '\n' {
			return true
		}
		if n := literalOrNumberLen(rest); n > 0 && endsValue(rest[n:]) {
			return true // ["yes, null]: a literal item follows
		}
		// "first, b: 1": a bare key follows.
		word := 0
		for word < len(rest) && isIdentByte(rest[word]) {
			word++
		}
		after := bytes.TrimLeft(rest[word:], " \t")
		return word > 0 && len(after) > 0 && after[0] == ':'
	}
	return false
}

// startsKey reports whether s, which starts with a quote, starts a
// quoted key: a quoted word followed by a colon.
func startsKey(s []byte) bool {
	open, n := utf8.DecodeRune(s)
	after := -1 // where the key's end quote ends
	if open < utf8RuneSelf {
		if end := indexByteSet(s[n:], &keyEnds); end >= 0 && s[n+end] != '\n' {
			after = n + end + 1
		}
	} else {
		// “key”: its own closers end it (an ASCII quote may be nowhere
		// on the line, and scanning the rest of the text for one at every
		// string was quadratic).
		closers := closingQuotes(open)
		for i, r := range runesOf(s[n:]) {
			if r == '\n' {
				break
			}
			if strings.ContainsRune(closers, r) {
				after = n + i + utf8.RuneLen(r)
				break
			}
		}
	}
	if after < 0 {
		return false
	}
	rest := skipBlanks(s[after:])
	return len(rest) > 0 && (rest[0] == ':' || rest[0] == '=')
}

// cutInString reports whether s, a string that runs to the end of the
// text, was cut off there (a token limit) rather than written without
// its end quote: it holds no quote that could end it but escaped ones
// (an apostrophe in a "string" is text) and none after a comma or a
// bracket (a key's), and the text does not end as a document ends, with
// a closing bracket or fence.
func cutInString(s []byte) bool {
	open, n := utf8.DecodeRune(s)
	closers := closingQuotes(open)
	prev := byte(0) // the last byte before i that is not a blank
	for i := n; i < len(s); {
		if s[i] == '\\' {
			i += 2 // an escaped quote is the string's
			prev = 0
			continue
		}
		r, m := utf8.DecodeRune(s[i:])
		if strings.ContainsRune(closers, r) || isQuote(r) && bytes.IndexByte([]byte(",{["), prev) >= 0 {
			return false // a quote that ends it, or one that opens a key
		}
		if c := s[i]; c != ' ' && c != '\t' {
			prev = c
		}
		i += m
	}
	last := lastNonSpace(s)
	return last != '}' && last != ']' && last != '`'
}

// closesLine reports whether s, a line after a string that ran to its
// line's end, closes the container the string is in: its bracket alone,
// or before a comma or another bracket.
func (t *tolerant) closesLine(s []byte) bool {
	closer := byte(']')
	if t.inObjectValue() {
		closer = '}'
	}
	if len(s) == 0 || s[0] != closer {
		return false
	}
	rest := skipBlanks(s[1:])
	return len(rest) == 0 || bytes.IndexByte([]byte(",}]\r\n"), rest[0]) >= 0
}

// keyLostOpenQuote reports whether s starts with a key that lost its
// opening quote (and, where a quote comes before s, the comma before
// it): words (single blanks or hyphens between them), the quote q, a
// colon ("b":"2"c":"3", {"a": 1, first name": "x"}).
func keyLostOpenQuote(s []byte, q rune) bool {
	word := 0
	for word < len(s) && isIdentByte(s[word]) {
		word++
		if word+1 < len(s) && (s[word] == ' ' || s[word] == '-') && isIdentByte(s[word+1]) {
			word++
		}
	}
	if word == 0 || word == len(s) {
		return false
	}
	r, n := utf8.DecodeRune(s[word:])
	if r != q {
		return false
	}
	rest := skipBlanks(s[word+n:])
	return len(rest) > 0 && rest[0] == ':'
}

// quotedKeyStarts reports whether s starts with a key in quotes of any
// kind, on one line, then its colon.
func quotedKeyStarts(s []byte) bool {
	open, n := utf8.DecodeRune(s)
	closers := closingQuotes(open)
	if closers == "" {
		return false
	}
	for i, r := range runesOf(s[n:]) {
		switch {
		case r == '\n' || r == '{' || r == '[':
			return false
		case strings.ContainsRune(closers, r):
			rest := skipBlanks(s[n+i+utf8.RuneLen(r):])
			return i > 0 && len(rest) > 0 && rest[0] == ':'
		}
	}
	return false
}

// quotedItemLine reports whether s starts a line that is an item of a
// list: a string in plain quotes that closes on the line, then a comma,
// the list's end or the line's end ("Edit line 3⏎"Save"⏎]: the item
// before it lost its end quote).
func quotedItemLine(s []byte) bool {
	if len(s) == 0 || s[0] != '"' {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\n':
			return false
		case '"':
			rest := bytes.TrimLeft(s[i+1:], " \t\r")
			return i > 1 && (len(rest) == 0 || rest[0] == ',' || rest[0] == ']' || rest[0] == '\n')
		}
	}
	return false
}

// phraseFollows reports whether s, at a quote that follows a string's
// quote on its line, starts a quoted phrase that words follow on its
// line: neither a key (a colon after it) nor an item (a delimiter after
// it) nor a key that lost its colon comes next, so the quote before it
// is the string's own, not its end.
func phraseFollows(s []byte) bool {
	open, n := utf8.DecodeRune(s)
	closers := closingQuotes(open)
	if closers == "" || keyWithoutColon(s) {
		return false
	}
	for i, r := range runesOf(s[n:]) {
		switch {
		case r == '\n':
			return false
		case strings.ContainsRune(closers, r) && !(i > 0 && s[n+i-1] == '\\'):
			// (\" is the phrase's text: "He said \"hi\" twice" is a
			// string of its own, not a phrase.)
			rest := skipBlanks(s[n+i+utf8.RuneLen(r):])
			return i > 0 && len(rest) > 0 && isIdentByte(rest[0]) && !startsLiteral(rest)
		}
	}
	return false
}

// loneQuoteEndsLine reports whether s starts with a quote that only
// blanks follow up to the line's end or the text's, a comma or a closing
// bracket: the end quote of a string whose phrase the quote before it
// closed ("say "hi" "⏎}).
func loneQuoteEndsLine(s []byte) bool {
	_, n := utf8.DecodeRune(s)
	return endsValue(s[n:])
}

// keyWithoutColon reports whether s, at a quote, starts a key that lost
// its colon: a quoted word on one line, then a value that no string runs
// into ("b" 3, "b" [1], "b" true).
func keyWithoutColon(s []byte) bool {
	open, n := utf8.DecodeRune(s)
	closers := closingQuotes(open)
	end := -1
	for i, r := range runesOf(s[n:]) {
		if r == '\n' {
			return false
		}
		if strings.ContainsRune(closers, r) {
			end = i
			break
		}
	}
	if end <= 0 {
		return false
	}
	_, m := utf8.DecodeRune(s[n+end:])
	after := s[n+end+m:]
	rest := skipBlanks(after)
	if len(rest) == len(after) {
		return false // "b"x is a string's text, not a key
	}
	return startsPlainValue(rest)
}

// startsPlainValue reports whether s starts a value no string's text
// would: a number, a quote, a bracket, a literal (true, None, NaN).
func startsPlainValue(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '-', c == '[', c == '{':
		return true
	}
	r, _ := utf8.DecodeRune(s)
	return isQuote(r) || startsLiteral(s)
}

// byteSet is a set of ASCII bytes, built once (the cutset functions of
// bytes build one on every call, which shows on hot paths).
type byteSet [256]bool

func newByteSet(chars string) (set byteSet) {
	for i := range len(chars) {
		set[chars[i]] = true
	}
	return set
}

var (
	keyEnds     = newByteSet("\"'`\n")
	bareKeyEnds = newByteSet(":=,{}[]\n\"'`")
	cutKeyEnds  = newByteSet("\"'`,:{}[]\n")
)

// indexByteSet is bytes.IndexAny for a byteSet.
func indexByteSet(b []byte, set *byteSet) int {
	for i, c := range b {
		if set[c] {
			return i
		}
	}
	return -1
}

// skipBlanks returns b after its leading spaces and tabs, Unicode
// spaces included: white space that does not end a line.
func skipBlanks(b []byte) []byte {
	i := 0
	for i < len(b) {
		switch c := b[i]; {
		case c == ' ' || c == '\t':
			i++
			continue
		case c >= utf8.RuneSelf:
			if r, n := utf8.DecodeRune(b[i:]); isSpaceRune(r) {
				i += n
				continue
			}
		}
		break
	}
	return b[i:]
}

// rawBreakBefore reports whether b ends with a line break written as
// such (not as \n), then spaces.
func rawBreakBefore(b []byte) bool {
	b = bytes.TrimRight(b, " \t\r")
	return len(b) > 0 && b[len(b)-1] == '\n'
}

func lastNonSpaceRune(s string) rune {
	s = strings.TrimRight(s, " \t\r")
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// closersAtEnd returns the length of the tail of body, the rest of a
// string the text ended in, that closes the containers being read (white
// space and one '}' or ']' per container, innermost first); 0 when there
// is none or when the string's own text opened the bracket.
func (t *tolerant) closersAtEnd(body string) int {
	j := len(body)
	depth := len(t.stack)
	for j > 0 && depth > 0 {
		c := body[j-1]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case c == '}' && t.stack[len(t.stack)-depth] == jObject, c == ']' && t.stack[len(t.stack)-depth] == jArray:
			// The outermost container's bracket comes last.
			depth--
		default:
			goto done
		}
		j--
	}
done:
	if depth == len(t.stack) {
		return 0
	}
	// A bracket the string opened is the string's own.
	rest := body[:j]
	if strings.Count(rest, "{") > strings.Count(rest, "}") || strings.Count(rest, "[") > strings.Count(rest, "]") {
		return 0
	}
	return len(body) - j
}

// closedAtLineEnd reports whether body, the text of a string that runs
// to the end of the text, has a line that ends with the brackets that
// close every container being read, innermost first, with more text
// after it ({"a": "b}⏎Hope this helps.): a document that lost an end
// quote and prose after it, not a string a token limit cut off. A
// bracket the string's text opened before is its own ("f() {⏎}⏎…").
func (t *tolerant) closedAtLineEnd(body string) bool {
	if len(t.stack) == 0 {
		return false
	}
	braces, squares := 0, 0 // brackets the string's text opened and did not close
	count := func(s string) {
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '{':
				braces++
			case '}':
				braces--
			case '[':
				squares++
			case ']':
				squares--
			}
		}
	}
	lineStart := 0
	for i := 0; i < len(body); i++ {
		if body[i] != '\n' {
			continue
		}
		line := body[lineStart:i]
		j, depth := len(line), len(t.stack)
		for j > 0 && depth > 0 {
			c := line[j-1]
			switch {
			case c == ' ' || c == '\t' || c == '\r':
			case c == '}' && t.stack[len(t.stack)-depth] == jObject, c == ']' && t.stack[len(t.stack)-depth] == jArray:
				depth--
			default:
				j = 0 // no closing brackets end this line
				continue
			}
			j--
		}
		if depth == 0 {
			b, q := braces, squares
			count(line[:j])
			if braces <= 0 && squares <= 0 && strings.TrimSpace(body[i+1:]) != "" {
				return true
			}
			braces, squares = b, q
		}
		count(line)
		lineStart = i + 1
	}
	return false
}

// opensPhraseAt reports whether the quote at q in s opens a phrase: a
// blank or an opening bracket before it, a letter or digit after it.
func opensPhraseAt(s []byte, q int) bool {
	if q <= 0 || q+1 >= len(s) {
		return false
	}
	b := s[q-1]
	r, _ := utf8.DecodeRune(s[q+1:])
	return (b == ' ' || b == '(' || b == '[') && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// closingQuoteThenBracket reports whether the quote at q in s closes a
// word (a letter or punctuation, no blank or digit before it: 5" is
// inches; a blank after it), and the text from it up to end closes
// more brackets than it opens.
func closingQuoteThenBracket(s []byte, q, end int) bool {
	if q <= 0 || q+1 >= end || s[q+1] != ' ' && s[q+1] != '\t' {
		return false
	}
	if b := s[q-1]; b == ' ' || b == '\t' || b == '\n' || b >= '0' && b <= '9' {
		return false
	}
	depth := 0
	for _, c := range s[q+1 : end] {
		switch c {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return depth < 0
}

// quoteBeforeComma reports whether text, a string opened with open read
// up to a quote, ends in a quote of another kind, a comma and blanks.
func quoteBeforeComma(text string, open rune) bool {
	text = strings.TrimRight(text, " \t\r\n")
	if !strings.HasSuffix(text, ",") {
		return false
	}
	text = strings.TrimRight(text[:len(text)-1], " \t\r\n")
	q, size := utf8.DecodeLastRuneInString(text)
	return size < len(text) && isQuote(q) && q != open
}

// closersInString looks at the text of a string from lo up to the quote
// at q, which opens a key, for what a string that lost its end quote
// leaves before it: closing brackets, a comma and, before a new item of a
// list, its opening brace. It returns where the brackets start where they
// close the containers being read, innermost first, no more of them than
// the string's text read so far closes and does not open (unopened:
// braces, then brackets), and leave an object for the key to go on, or a
// list for the item.
func (t *tolerant) closersInString(lo, q int, unopened [2]int) (int, bool) {
	j := q
	back := func() byte { // the byte before j, past blanks; 0 at lo
		for j > lo {
			if c := t.s[j-1]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				return c
			}
			j--
		}
		return 0
	}
	itemOpen := back()
	item := itemOpen == '{' || itemOpen == '[' && t.inArray()
	if item {
		j--
	}
	switch {
	case back() == ',':
		j--
	case !item:
		return 0, false
	}
	// (An item's bracket right after the brackets, [{"a": "x}{"a": 2}],
	// lost the comma before it too.)
	var at []int // the brackets before the comma, the last first
	for c := back(); (c == '}' || c == ']') && len(at) < len(t.stack); c = back() {
		j--
		at = append(at, j)
	}
	if len(at) == 0 {
		return 0, false
	}
	braces, squares := unopened[0], unopened[1]
	switch {
	case item && itemOpen == '{':
		braces++ // the item's brace is in text too
	case item:
		squares++
	}
	// The string's own brackets come first, the document's last: take
	// the longest run of the last ones that closes the containers, the
	// innermost first.
	for n := len(at); n > 0; n-- {
		depth, b, sq, ok := len(t.stack), braces, squares, true
		for k := n - 1; k >= 0 && ok; k-- {
			switch t.s[at[k]] {
			case '}':
				ok = t.stack[depth-1] == jObject && b > 0
				b--
			case ']':
				ok = t.stack[depth-1] == jArray && sq > 0
				sq--
			}
			depth--
		}
		if !ok || depth == 0 || item && t.stack[depth-1] != jArray || !item && (t.stack[depth-1] != jObject || !startsKey(t.s[q:])) {
			continue
		}
		return at[n-1], true
	}
	return 0, false
}

// allHex reports whether b is hex digits only.
func allHex(b []byte) bool {
	for _, c := range b {
		if !isHex(c) {
			return false
		}
	}
	return true
}

// endQuoteOfAnotherKind trims from *s, the text of a string opened with
// open and ended at a delimiter, a last quote of another kind: the
// string's end quote, written wrong ({"a": "b', …}). A quote alone is
// the text.
func endQuoteOfAnotherKind(s *string, open rune) bool {
	q, size := utf8.DecodeLastRuneInString(*s)
	if size == len(*s) || !isQuote(q) || q == open || phraseOpenBefore((*s)[:len(*s)-size], q) {
		return false
	}
	*s = (*s)[:len(*s)-size]
	return true
}

// phraseOpenBefore reports whether s leaves a phrase in quotes q open:
// a q that no letter or digit comes before (an opening one, not the
// apostrophe of it's) with no closing q after it. The quote after s
// then closes it and is the text's: "script-src 'self'", name='Bob'.
func phraseOpenBefore(s string, q rune) bool {
	open := false
	for i, r := range s {
		if r != q {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		switch {
		case !open && (i == 0 || !unicode.IsLetter(before) && !unicode.IsDigit(before)):
			open = true
		case open && !unicode.IsLetter(after) && !unicode.IsDigit(after):
			open = false
		}
	}
	return open
}

// lastNonSpaceAt is lastNonSpace with its index in b.
func lastNonSpaceAt(b []byte) (byte, int) {
	for j := len(b) - 1; j >= 0; j-- {
		if c := b[j]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c, j
		}
	}
	return 0, -1
}

func lastNonSpace(b []byte) byte {
	for j := len(b) - 1; j >= 0; j-- {
		if c := b[j]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// escape reads a backslash escape into sb.
func (t *tolerant) escape(sb *strings.Builder) {
	at := t.i
	t.i++
	if t.eof() {
		t.repair(at, "removed a backslash at the end of the text")
		return
	}
	c := t.s[t.i]
	if (c == 'b' || c == 'f') && t.i+1 < len(t.s) && (isASCIILetter(t.s[t.i+1]) || t.s[t.i+1] == '"') {
		// \frac, \beta, \bword\b: LaTeX or a regular expression's word
		// boundary; a backspace or form feed before a letter or at a
		// string's end is not what a model means.
		t.repair(at, "kept \\%c as written: a backspace or form feed there is LaTeX or a regular expression", c)
		t.strRaw = true
		sb.WriteByte('\\')
		sb.WriteByte(c)
		t.i++
		return
	}
	switch c {
	case '"', '\\', '/':
		sb.WriteByte(c)
	case 'b':
		sb.WriteByte('\b')
	case 'f':
		sb.WriteByte('\f')
	case 'n', 'r', 't':
		if t.i+1 < len(t.s) && isASCIILetter(t.s[t.i+1]) && pathStart(sb.String()) {
			// .\test, C:\new, %HOME%\repo: a path's first backslash.
			t.repair(at, "kept \\%c as written: a path's separator", c)
			t.strRaw = true
			sb.WriteByte('\\')
			sb.WriteByte(c)
			t.i++
			return
		}
		if t.i+1 < len(t.s) && isASCIILetter(t.s[t.i+1]) {
			// Kept as written if the string turns out to write its
			// backslashes as characters (rawEscapes).
			t.strCtrl = append(t.strCtrl, ctrlEscape{at: sb.Len(), off: at, letter: c, dropped: -1})
		}
		sb.WriteByte(controlOf(c))
	case 'u':
		if t.i+5 <= len(t.s) {
			if code, err := strconv.ParseUint(string(t.s[t.i+1:t.i+5]), 16, 32); err == nil {
				r := rune(code)
				t.i += 4
				if utf16IsHigh(r) && t.i+7 <= len(t.s) && t.s[t.i+1] == '\\' && t.s[t.i+2] == 'u' {
					if lo, err := strconv.ParseUint(string(t.s[t.i+3:t.i+7]), 16, 32); err == nil && utf16IsLow(rune(lo)) {
						r = (r-0xd800)<<10 | (rune(lo) - 0xdc00) + 0x10000
						t.i += 6
					}
				}
				if (utf16IsHigh(r) || utf16IsLow(r)) && (!t.streaming || t.i+7 <= len(t.s)) {
					// Half of a UTF-16 pair names no character: Go's
					// strings, and so the value, hold U+FFFD instead.
					t.repair(at, "read the lone surrogate \\u%s, half of a character, as U+FFFD", t.s[at+2:at+6])
				}
				sb.WriteRune(r)
				t.i++
				return
			}
		}
		if end := t.i + 1; allHex(t.s[end:]) && len(t.s)-end < 4 {
			// The text ends inside the escape: the rest of it is to come,
			// or was cut off.
			t.repair(at, "removed an incomplete \\u escape")
			t.i = len(t.s)
			return
		}
		// C:\users, \u12": no four hex digits follow, so the backslash
		// escapes nothing and is the text's, as \s and \d are.
		t.repair(at, "kept \\u as written: no four hex digits follow it")
		sb.WriteString("\\u")
		t.i++
		return
	case '\'', '`':
		// A quote escaped as other languages escape it, which JSON
		// does not: the quote.
		t.repair(at, "read the escape \\%c as %c", c, c)
		sb.WriteByte(c)
	case 'x', 'U':
		// Python's and JavaScript's \xHH, Python's \UHHHHHHHH: the
		// character they name, where the string writes no backslash as
		// a character (C:\xa1 is a path's).
		digits := 2
		if c == 'U' {
			digits = 8
		}
		if r, ok := hexRune(t.s[t.i+1:], digits); ok && !t.strRaw {
			t.repair(at, "read the escape \\%c%s as %q", c, t.s[t.i+1:t.i+1+digits], r)
			sb.WriteRune(r)
			t.i += 1 + digits
			return
		}
		t.otherEscape(sb, at)
		return
	case '\n':
		t.repair(at, "read a backslash at the end of a line as a line break")
		sb.WriteByte('\n')
	default:
		t.otherEscape(sb, at)
		return
	}
	t.i++
}

// hexRune reads the character of the n hex digits s starts with, where
// exactly n are there and they name a character.
func hexRune(s []byte, n int) (rune, bool) {
	if len(s) < n || len(s) > n && isHex(s[n]) {
		return 0, false
	}
	code, err := strconv.ParseUint(string(s[:n]), 16, 32)
	if err != nil || code > utf8.MaxRune || code >= 0xd800 && code < 0xe000 {
		return 0, false
	}
	return rune(code), true
}

// otherEscape reads a backslash before a character that starts no JSON
// escape: kept where it is the text's, else dropped, reported.
func (t *tolerant) otherEscape(sb *strings.Builder, at int) {
	r, n := utf8.DecodeRune(t.s[t.i:])
	if keepsBackslash(t.s[t.i:]) {
		// \d, \s, \(, C:\Users, \alpha: no JSON escape; the
		// backslash is the text's (a regular expression, a Windows
		// path, LaTeX).
		t.repair(at, "kept the backslash of \\%c, which is no JSON escape", r)
		t.strRaw = true
		sb.WriteByte('\\')
	} else {
		t.repair(at, "read the invalid escape \\%c as %c", r, r)
		// Kept after all if the string writes its backslashes as
		// characters (rawEscapes).
		t.strCtrl = append(t.strCtrl, ctrlEscape{at: sb.Len(), off: at, letter: byte(r), dropped: len(t.repairs) - 1})
	}
	sb.WriteRune(r)
	t.i += n
}

// pathStart reports whether text, a string's text up to a backslash,
// ends in what starts a Windows path there: after the string's start or
// a blank, . or .. or a %VARIABLE%; a drive (C:) as the whole text ("Case
// A:\nThe" in prose is a line break).
func pathStart(text string) bool {
	word := text[strings.LastIndexAny(text, " \t\n")+1:]
	switch {
	case word == "." || word == "..":
		return true
	case len(text) == 2 && text[1] == ':' && isASCIILetter(text[0]):
		return true
	case len(word) > 2 && word[0] == '%' && word[len(word)-1] == '%' && !strings.ContainsAny(word[1:len(word)-1], "% "):
		return true
	}
	return false
}

// keepsBackslash reports whether a backslash before rest, which starts
// no JSON escape, is part of the text: before punctuation (\(, \., \[)
// or a space,
// an upper-case letter (C:\Users, \S), a regular expression's class
// (\d, \s, \w) or a word (\alpha, \users). A lone other letter or a
// digit is read without it, as a stray escape.
func keepsBackslash(rest []byte) bool {
	c := rest[0]
	switch {
	case c >= 'A' && c <= 'Z', c == 'd' || c == 's' || c == 'w':
		return true
	case c >= 'a' && c <= 'z':
		return len(rest) > 1 && isASCIILetter(rest[1])
	case c >= '0' && c <= '9', c >= utf8.RuneSelf, c == '\t' || c == '\r':
		return false
	}
	return true // punctuation
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func utf16IsHigh(r rune) bool { return r >= 0xd800 && r < 0xdc00 }

func utf16IsLow(r rune) bool { return r >= 0xdc00 && r < 0xe000 }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// bareKeyStarts reports whether b starts with an unquoted key: a word,
// then a colon.
func bareKeyStarts(b []byte) bool {
	word := 0
	for word < len(b) && isIdentByte(b[word]) {
		word++
	}
	after := skipBlanks(b[word:])
	return word > 0 && len(after) > 0 && after[0] == ':' && !bytes.HasPrefix(after, []byte("://"))
}

// memberOnLine reports whether b, after a value in an object, starts a
// member on the same line that lost the comma before it: blanks, then a
// key (quoted, or unquoted and starting with a letter), its colon and a
// value ({a: "x" b: "y"}, {a: true b: false}, {'a': true 'b': 1}). A
// colon with nothing after it on the line is not enough, nor is one that
// starts a URL.
func memberOnLine(b []byte) bool {
	rest := skipBlanks(b)
	if len(rest) == len(b) || len(rest) == 0 {
		return false
	}
	if r, _ := utf8.DecodeRune(rest); isQuote(r) {
		if !startsKey(rest) {
			return false
		}
	} else if !(rest[0] == '_' || rest[0] == '$' || isASCIILetter(rest[0])) || !bareKeyStarts(rest) {
		return false
	}
	colon := bytes.IndexByte(rest, ':')
	if colon < 0 {
		return false // a key written with =
	}
	value := skipBlanks(rest[colon+1:])
	return len(value) > 0 && bytes.IndexByte([]byte(":,}]\r\n"), value[0]) < 0
}

// startsLiteral reports whether b starts with a literal word (true,
// None, …) that a delimiter or the end follows.
func startsLiteral(b []byte) bool {
	word := 0
	for word < len(b) && isIdentByte(b[word]) {
		word++
	}
	_, ok := literals[string(b[:word])]
	return ok && (word == len(b) || isDelimiterByte(b[word]) || b[word] == ' ' || b[word] == '\r')
}

// literalItem reports whether s starts with a literal (true, None, …)
// that the end of the text, a line break, a comma or a closing bracket
// follows: a whole item, not the first word of text.
func literalItem(s []byte) bool {
	word := 0
	for word < len(s) && isIdentByte(s[word]) {
		word++
	}
	if _, ok := literals[string(s[:word])]; !ok {
		return false
	}
	rest := skipBlanks(s[word:])
	return len(rest) == 0 || bytes.IndexByte([]byte(",]}\r\n"), rest[0]) >= 0
}

// runesOf yields the runes of b and where each starts, as ranging over
// string(b) does, without copying b: the callers stop at a line's end,
// and a copy of the rest of the text at every call was quadratic.
func runesOf(b []byte) iter.Seq2[int, rune] {
	return func(yield func(int, rune) bool) {
		for i := 0; i < len(b); {
			r, n := utf8.DecodeRune(b[i:])
			if !yield(i, r) {
				return
			}
			i += n
		}
	}
}

// literalOrNumberLen returns the length of the literal (true, false,
// null) or JSON number s starts with, or 0.
func literalOrNumberLen(s []byte) int {
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(s, []byte(lit)) && (len(s) == len(lit) || !isIdentByte(s[len(lit)])) {
			return len(lit)
		}
	}
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := i
	for i < len(s) && (isDigitByte(s[i]) || s[i] == '.' || s[i] == 'e' || s[i] == 'E' || (s[i] == '+' || s[i] == '-') && i > digits && (s[i-1] == 'e' || s[i-1] == 'E')) {
		i++
	}
	if i == digits || !isDigitByte(s[digits]) || i < len(s) && isIdentByte(s[i]) {
		return 0
	}
	return i
}

// itemLine reports whether s, a line after one that ends with a comma in
// a list, starts an item other than a string: a number or a literal that
// a delimiter ends on its line, or a bracket that opens a list or object.
func itemLine(s []byte) bool {
	switch {
	case len(s) > 0 && s[0] == '{':
		return endsLine(s[1:]) || startsKey(skipWS(s[1:]))
	case len(s) > 0 && s[0] == '[':
		rest := skipBlanks(s[1:])
		return endsLine(s[1:]) || len(rest) > 0 && (isQuote(rune(rest[0])) || rest[0] == '[' || rest[0] == '{' || literalOrNumberLen(rest) > 0)
	}
	n := literalOrNumberLen(s)
	if n == 0 {
		return false
	}
	rest := skipBlanks(s[n:])
	return len(rest) == 0 || rest[0] == ',' || rest[0] == ']' || rest[0] == '\n' || rest[0] == '\r'
}

// emptyObjectItem reports whether s starts with an empty object that a
// delimiter follows: an item of a list.
func emptyObjectItem(s []byte) bool {
	rest := skipWS(s[1:])
	return len(rest) > 0 && rest[0] == '}' && endsValue(rest[1:])
}

// itemAfterComma returns the offset of the last comma in s when only a
// literal or a number follows it, or -1.
func itemAfterComma(s []byte) int {
	s = bytes.TrimRight(s, " \t\r\n")
	c := bytes.LastIndexByte(s, ',')
	if c < 0 {
		return -1
	}
	rest := bytes.TrimLeft(s[c+1:], " \t\r\n")
	if n := literalOrNumberLen(rest); n == 0 || n != len(rest) {
		return -1
	}
	return c
}
