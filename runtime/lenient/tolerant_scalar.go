package lenient

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Numbers, literals and bare words as models write them.

// number reads a number; a token that only starts like one (a version, a
// UUID, 1/3) is read as a string.
func (t *tolerant) number() *jvalue {
	start := t.i
	end := t.i
	fraction, underscore := false, false // '.', 'e' or 'E'; '_'
	for end < len(t.s) {
		c := t.s[end]
		switch {
		case c >= '0' && c <= '9' || c == '-' || c == '+':
		case c == '.' || c == 'e' || c == 'E':
			fraction = true
		case c == '_':
			underscore = true
		default:
			goto scanned
		}
		end++
	}
scanned:
	digitsEnd := end
	// "amount": -2,000.00 — in an object, digits after a comma cannot
	// start a key: the comma separates thousands.
	if !fraction && end < len(t.s) && t.s[end] == ',' && len(t.stack) > 0 && t.stack[len(t.stack)-1] == jObject {
		for end+4 <= len(t.s) && t.s[end] == ',' && isDigits(t.s[end+1:end+4]) && (end+4 == len(t.s) || !isDigitByte(t.s[end+4])) {
			end += 4
			if end < len(t.s) && t.s[end] == '.' {
				end++
				for end < len(t.s) && isDigitByte(t.s[end]) {
					end++
				}
				break
			}
		}
	}
	if end == start+1 && (t.s[start] == '-' || t.s[start] == '+') && end+1 < len(t.s) && (t.s[end] == ' ' || t.s[end] == '\t') {
		if r, _ := utf8.DecodeRune(skipBlanks(t.s[end:])); unicode.IsLetter(r) {
			// "- apple": a markdown bullet and its text, not a number
			// cut after its sign.
			return t.bare()
		}
	}
	if len(t.stack) == 0 && listMarker(t.s, start, end) {
		// "1. apple" on a line of its own: a numbered list's item, read
		// as the line's text as "- apple" is, not a number and a word.
		return t.bare()
	}
	tok := t.text(start, end)
	if end > digitsEnd {
		t.repair(start, "read %s, written with thousands separators, as a number", tok)
		tok = strings.ReplaceAll(tok, ",", "")
		t.i = end
		v := &jvalue{kind: jNumber, off: start, done: end < len(t.s)}
		if fixed, ok := fixNumber(tok); ok {
			v.str = fixed
			return v
		}
		return &jvalue{kind: jString, str: tok, off: start, done: v.done}
	}
	if end < len(t.s) && t.s[end] == ',' && t.inObjectValue() && t.parens == 0 && !keyFollows(t.s[end+1:]) && !quoteFollows(t.s[end+1:]) && digitFollows(t.s[end+1:]) && !t.listLostBracket() {
		// {"key": 105,12, }: digits and no key follow the comma, so the
		// value goes on past it: text, not a number. A word after it is
		// a key that lost its value ({"a": 1, b}).
		return t.bare()
	}
	if end+1 < len(t.s) && t.s[end] == ':' && isDigitByte(t.s[end+1]) && t.parens == 0 &&
		(t.inObjectValue() || clockTime(t.s[start:])) {
		// {"at": 10:30}, [10:30]: a time, not the number 10 and a stray
		// ":30". In a list only a clock's form is: [1:2] may be a member
		// whose object lost its braces.
		return t.bare()
	}
	if end < len(t.s) && end > start && t.s[end] == '\'' && end+1 < len(t.s) && isDigitByte(t.s[end+1]) {
		// 5'11", 3'30": feet and inches, minutes and seconds, which
		// JSON has no number for: the text as written.
		e := end + 1
		for e < len(t.s) && (isDigitByte(t.s[e]) || t.s[e] == '.') {
			e++
		}
		if e < len(t.s) && t.s[e] == '"' {
			e++
		}
		t.repair(start, "read %s as a string", t.s[start:e])
		t.i = e
		return &jvalue{kind: jString, str: t.text(start, e), off: start, done: e < len(t.s)}
	}
	quoteOpen := false
	if end < len(t.s) && end > start && t.s[end] == '"' && t.parens == 0 && (t.inObjectValue() || t.inArray()) {
		rest := skipBlanks(t.s[end+1:])
		line := rest
		if e := bytes.IndexAny(rest, ",}]\n"); e >= 0 {
			line = rest[:e]
		}
		switch {
		case len(rest) > 0 && bytes.IndexByte([]byte(",}]"), rest[0]) >= 0 ||
			len(rest) > 0 && (rest[0] == '\n' || rest[0] == '\r') && delimiterFollows(rest):
			// {"a": 1.10", "b": 2}: a quote after a number, before the
			// delimiter (on this line or the next), is the end quote of
			// a string that lost its opening one: "1.10", a version, as
			// written (as a number it would lose its last digit; a
			// schema that wants a number reads the string as one).
			t.repair(start, "read %s\" as a string that lost its opening quote", t.s[start:end])
			t.i = end + 1
			return &jvalue{kind: jString, str: t.text(start, end), off: start, done: true}
		case len(line) > 0 && len(rest) > len(line) && !bytes.ContainsAny(line, "\"'") && bytes.IndexByte(line, ':') < 0:
			// {"size": 24" screen}: the quote is an inch mark, and the
			// words after it the value's text, up to the delimiter.
			e := len(t.s) - len(rest) + len(line)
			text := strings.TrimRight(t.text(start, e), " \t\r")
			t.repair(start, "read %s as a string: the quote after the number is its text", text)
			t.i = e
			return &jvalue{kind: jString, str: text, off: start, done: true}
		case t.streaming && len(skipWS(rest)) == 0:
			// {"a": 1"⏎: what follows decides between a string and an
			// inch mark.
			quoteOpen = true
		case t.streaming && len(rest) == len(line):
			// {"size": 24" scr: the words to come may make the quote an
			// inch mark.
			quoteOpen = true
		}
	}
	// A letter, slash or unit sign right after: not a number
	// ("1notanumber", a UUID, 1/3, 12.5%, 20°, 5€): its text, which a
	// schema that wants a number reads as one where it can.
	if end < len(t.s) && end > start {
		comment := bytes.HasPrefix(t.s[end:], []byte("/*")) || bytes.HasPrefix(t.s[end:], []byte("//"))
		if r, _ := utf8.DecodeRune(t.s[end:]); unicode.IsLetter(r) || r == '/' && !comment || r == '_' || r == '%' || r == '°' || unicode.Is(unicode.Sc, r) {
			return t.bare()
		}
	}
	if t.inObjectValue() && t.parens == 0 && textAfterNumber(t.s[end:]) {
		// {"phone": +1 555 1234}, {"weight": 5 kg}: a member holds one
		// value, so words after the number on its line are the value's
		// text, not a stray tail to drop.
		return t.bare()
	}
	t.i = end
	v := t.node(jNumber, start)
	// A number the text ends in may go on; so may one that only blanks
	// follow while the text streams ("5 " may become "5 kg").
	v.done = end < len(t.s) && !(t.streaming && t.inObjectValue() && len(skipBlanks(t.s[end:])) == 0)
	v.done = v.done && !quoteOpen
	text := tok
	if underscore {
		text = strings.ReplaceAll(tok, "_", "")
	}
	if text != tok {
		t.repair(start, "removed the underscores of %s", tok)
	}
	if fixed, ok := fixNumber(text); ok {
		if fixed != text {
			if tok == "-" {
				t.repair(start, signAlone)
			} else {
				t.repair(start, "read %s as %s", tok, fixed)
			}
		}
		v.str = fixed
		return v
	}
	t.repair(start, "read %s as a string", tok)
	return &jvalue{kind: jString, str: tok, off: start, done: v.done}
}

// listMarker reports whether s[start:end], a number as scanned, is the
// marker of a numbered list's item: one to three digits that start a
// line, a period or parenthesis after them, then a blank and more text
// on the line.
func listMarker(s []byte, start, end int) bool {
	line := start
	for line > 0 && (s[line-1] == ' ' || s[line-1] == '\t') {
		line--
	}
	if line > 0 && s[line-1] != '\n' && s[line-1] != '\r' {
		return false
	}
	digits := end - start
	if end > start && s[end-1] == '.' {
		digits-- // the scan took "1." as a number
	} else if end < len(s) && s[end] == ')' {
		end++
	} else {
		return false
	}
	if digits < 1 || digits > 3 || !isDigits(s[start:start+digits]) || end+1 >= len(s) || s[end] != ' ' && s[end] != '\t' {
		return false
	}
	rest := skipBlanks(s[end:])
	return len(rest) > 0 && rest[0] != '\n' && rest[0] != '\r'
}

// signAlone is the repair of a minus sign the text ends after, or that
// a comma or bracket follows ([-, {"a": -): a number cut after its sign.
const signAlone = "read - as -0"

// fixNumber completes a number that the text cut short (2., 2e-, -) or
// wrote loosely (+1, .5); false when it is no number.
func fixNumber(s string) (string, bool) {
	if isJSONNumber(s) {
		return s, true
	}
	f := strings.TrimPrefix(s, "+")
	neg := strings.HasPrefix(f, "-")
	f = strings.TrimPrefix(f, "-")
	if strings.HasPrefix(f, ".") {
		f = "0" + f
	}
	if strings.HasSuffix(f, ".") {
		f += "0"
	}
	if f == "" {
		f = "0"
	}
	if strings.HasSuffix(f, "e") || strings.HasSuffix(f, "E") || strings.HasSuffix(f, "e-") || strings.HasSuffix(f, "e+") || strings.HasSuffix(f, "E-") || strings.HasSuffix(f, "E+") {
		f += "0"
	}
	if neg {
		f = "-" + f
	}
	if isJSONNumber(f) {
		return f, true
	}
	return "", false
}

// isJSONNumber reports whether s is a number in JSON's grammar.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}

// literals are the words read as JSON literals, with what they mean:
// JSON's, Python's, their upper-case and SQL spellings, JavaScript's, and
// nil (Go, Ruby, Lua, Swift), which models write for null in code-minded
// replies.
var literals = map[string]*jvalue{
	"true": {kind: jBool, b: true}, "false": {kind: jBool}, "null": {kind: jNull},
	"True": {kind: jBool, b: true}, "False": {kind: jBool}, "None": {kind: jNull},
	"TRUE": {kind: jBool, b: true}, "FALSE": {kind: jBool}, "NULL": {kind: jNull}, "Null": {kind: jNull},
	"undefined": {kind: jNull}, "nil": {kind: jNull}, "NaN": {kind: jNull}, "Infinity": {kind: jNull}, "-Infinity": {kind: jNull},
}

// cutLiteral returns the JSON literal (or Python constant, from two
// letters on: a capital letter alone is more often a word) that word is
// the start of but not the whole of, or "".
func cutLiteral(word string) string {
	for _, lit := range []string{"true", "false", "null", "True", "False", "None"} {
		if len(word) < len(lit) && strings.HasPrefix(lit, word) && (lit[0] >= 'a' || len(word) >= 2) {
			return lit
		}
	}
	return ""
}

// prefixedString returns the offset of the quote that closes the string
// s starts with, where that string is in ' or " quotes, closes on its
// line and a delimiter or the end follows it; else -1 (b"]" is a word and
// a quote, not a prefixed string).
func prefixedString(s []byte) int {
	if len(s) == 0 || s[0] != '\'' && s[0] != '"' {
		return -1
	}
	for j := 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return -1
		case s[0]:
			if after := skipBlanks(s[j+1:]); len(after) == 0 || bytes.IndexByte([]byte(",:}])\r\n"), after[0]) >= 0 {
				return j
			}
			return -1
		}
	}
	return -1
}

// callArgument reports whether s, the text after a parenthesis, starts
// with a document or a quoted string: a call's argument, not words.
func callArgument(s []byte) bool {
	s = skipBlanks(s)
	return len(s) > 0 && (s[0] == '{' || s[0] == '[' || s[0] == '"' || s[0] == '\'')
}

// gluedBrackets returns the length of the brackets s starts with, closed
// on the line with no quote inside and, in braces, no colon (which would
// make them an object), or 0. Such brackets are short (an index, a
// placeholder, a remark), and the scan is bounded so that reading stays
// linear where brackets are opened at every word.
func gluedBrackets(s []byte) int {
	depth := 0
	for i := 0; i < min(len(s), maxGlued); i++ {
		switch c := s[i]; c {
		case '\\':
			i++ // an escape: \" is the text's
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '\n', '"', '\'':
			return 0
		case ':':
			if s[0] == '{' {
				return 0
			}
		}
	}
	return 0
}

// maxGlued bounds the text gluedBrackets scans.
const maxGlued = 120

// labelColon reports whether a colon after word, an unquoted value's
// text so far, and before rest is the text's own: word is one word, and a
// blank and then words (not a delimiter, nor a key of its own) follow.
func labelColon(word, rest []byte) bool {
	word = bytes.TrimRight(word, " \t")
	if len(word) == 0 || bytes.ContainsAny(word, " \t") || len(rest) == 0 || rest[0] != ' ' && rest[0] != '\t' {
		return false
	}
	after := skipBlanks(rest)
	return len(after) > 0 && bytes.IndexByte([]byte(",:}]\r\n\"'{["), after[0]) < 0 && !bareKeyStarts(after)
}

// keyAtEnd returns where, in b (a bare value read up to a colon), the
// blanks before a last word that starts with a letter begin, when words
// come before them: that word is a key, and b up to the result the value.
// It returns 0 when b is one word, which is then the value's own text.
func keyAtEnd(b []byte) int {
	k := len(b)
	for k > 0 && (b[k-1] == ' ' || b[k-1] == '\t') {
		k--
	}
	w := k
	for w > 0 && isIdentByte(b[w-1]) {
		w--
	}
	if w == k || !(b[w] == '_' || b[w] == '$' || isASCIILetter(b[w])) {
		return 0
	}
	v := w
	for v > 0 && (b[v-1] == ' ' || b[v-1] == '\t') {
		v--
	}
	if v == w || v == 0 {
		return 0
	}
	return v
}

// bare reads a word that is not quoted: a literal, a call such as
// ObjectId("…") whose argument is the value, or an unquoted string up to
// the next delimiter (spaces inside kept).
func (t *tolerant) bare() *jvalue {
	if rest := t.s[t.i:]; len(rest) > 2 && bytes.IndexByte([]byte("uUrRbBfF"), rest[0]) >= 0 {
		if end := prefixedString(rest[1:]); end > 0 {
			// u'text', r"C:\x": a Python string prefix.
			t.repair(t.i, "removed the Python string prefix %c", rest[0])
			t.i++
			if rest[0] != 'r' && rest[0] != 'R' {
				return t.quoted()
			}
			// A raw string: its backslashes are text; one before a quote
			// keeps the quote in the string.
			v := &jvalue{kind: jString, str: t.text(t.i+1, t.i+end), off: t.i, done: true}
			t.i += end + 1
			return v
		}
	}
	if v := t.escapedWithoutOpenQuote(); v != nil {
		return v
	}
	start := t.i
	end := t.i
	parens := 0
	inValue := t.inObjectValue() && t.parens == 0
	lines := false     // the value runs on across lines of prose (valueLines)
	escQuotes := false // the value writes \" for its quotes
	for end < len(t.s) {
		r, n := utf8.DecodeRune(t.s[end:])
		if r == '\n' && inValue && parens == 0 {
			if lines && !endsValueLine(t.s[end+1:]) || !lines && t.valueLines(start, end) {
				lines = true
				end += n
				continue
			}
		}
		if r == '\\' && end+1 < len(t.s) && t.s[end+1] == '"' && end > start {
			// words \"quoted\": an escaped quote is the value's text.
			escQuotes = true
			end += 2
			continue
		}
		if (r == ' ' || r == '\t') && parens == 0 && t.inArray() && literalThenValue(t.s[start:end], t.s[end:]) {
			break // [true 5], [null "a"]: two items, their comma left out, as [5 6]
		}
		if lines && r != '}' && r != ']' && r != ',' && r != '\n' {
			end += n // prose: its quotes, colons and brackets are text
			continue
		}
		if r == '(' {
			if parens == 0 && isCallee(strings.TrimSpace(string(t.s[start:end]))) && (end > start && !isSpaceRune(rune(t.s[end-1])) || callArgument(t.s[end+1:])) && !bytes.HasPrefix(skipBlanks(t.s[end+1:]), []byte{'\\'}) {
				// ObjectId("…"), callback ({…}): a call. "NEGATIVE (or
				// POSITIVE)", words after a space and a parenthesis, is
				// a remark in prose; print(\"x\") is code, its argument
				// no value.
				break
			}
			parens++
		}
		if r == ')' {
			if parens == 0 && !(len(t.stack) == 0 && isDigits(t.s[start:end]) && listMarker(t.s, start, end)) {
				break // "1) apple": the marker's parenthesis is text
			}
			if parens > 0 {
				parens--
			}
		}
		if r == ',' && inValue && !keyFollows(t.s[end+1:]) && !quoteFollows(t.s[end+1:]) && !t.listLostBracket() {
			// {"lorem": ipsum, sic, datum}: in an object, a comma that no
			// key follows is the text's (unless a list lost its '[':
			// {"a": 1, 2], …}).
			end += n
			continue
		}
		if (r == '"' || r == '“') && inValue && parens == 0 && end > start && t.s[end-1] == ' ' {
			if n := quotedPhrase(t.s[end:]); n > 0 {
				// {"a": value with "quotes" inside}: a quoted phrase
				// that no colon follows is the value's text, not a key.
				end += n
				continue
			}
		}
		if (r == '{' || r == '[') && (inValue || t.inArray() && t.parens == 0) && parens == 0 && end > start && isSpaceRune(rune(t.s[end-1])) {
			if n := gluedBrackets(t.s[end:]); n > 0 {
				// {"a": x {y} z}, [x {y} z], {"a": if (x) { return \"y\"; }}:
				// brackets of words without a colon or a raw quote,
				// closed on their line, after words: text.
				escQuotes = escQuotes || bytes.Contains(t.s[end:end+n], []byte(`\"`))
				end += n
				continue
			}
		}
		if (r == '{' || r == '[') && inValue && parens == 0 && end > start && !isSpaceRune(rune(t.s[end-1])) {
			if n := gluedBrackets(t.s[end:]); n > 0 {
				// {text: words{in braces}}, {a: foo[0]}: brackets glued to
				// a word and closed on its line are the text's.
				end += n
				continue
			}
		}
		if r == ';' && t.parens == 0 && isLiteralWord(t.s[start:end]) && (t.inArray() || inValue && keyFollows(t.s[end+1:])) {
			break // [true; [1]], {"a": true; "b": 1}: a semicolon after a literal separates
		}
		if r == ':' && t.inArray() && t.parens == 0 && end == start+1 && isASCIILetter(t.s[start]) && end+1 < len(t.s) && (t.s[end+1] == '\\' || t.s[end+1] == '/') {
			end += n // [C:\Users\me]: a drive's colon, not a member's
			continue
		}
		if r == '"' && inValue && gluedQuote(t.s, end) {
			end += n // {"k": it"s fine}: a quote inside a word, none after it on its line
			continue
		}
		if r == ',' || r == '}' || r == ']' || r == '\n' || r == '[' || r == '{' || isQuote(r) && r != '\'' && r != '’' {
			break
		}
		if r == '\'' && inValue && end > start && t.s[end-1] == ' ' && quotedKeyStarts(t.s[end:]) {
			break // {'a': value 'b': 1}: a key in single quotes, a comma lost
		}
		if r == ':' && inValue && parens == 0 && gluedColon(t.s, start, end) {
			// {"image": nginx:1.25}, {"host": localhost:5000},
			// {"k": std::vector}: a colon inside the value's one word,
			// text on both sides, is the word's.
			end += n
			continue
		}
		if r == ':' && !bytes.HasPrefix(t.s[end:], []byte("://")) && !timeColon(t.s[start:end], t.s[end+1:]) {
			if inValue && parens == 0 && !lines {
				// {name: Ada Lovelace age: 36}: the last word before the
				// colon is the next member's key, and the comma before it
				// is missing.
				if cut := keyAtEnd(t.s[start:end]); cut > 0 && memberOnLine(t.s[start+cut:]) {
					end = start + cut
				} else if labelColon(t.s[start:end], t.s[end+1:]) {
					// {note: Remember: bring food}: a colon after the value's
					// only word, then words: a label in the value's text.
					end += n
					continue
				}
			}
			break
		}
		if r == '/' && end+1 < len(t.s) && (t.s[end+1] == '*' || t.s[end+1] == '/') && !bytes.HasSuffix(t.s[start:end], []byte(":")) && !t.slashesInWord(t.s[start:end], end) {
			break // a comment
		}
		if r == '#' && end > start && (t.s[end-1] == ' ' || t.s[end-1] == '\t') {
			break // a Python comment: true # note
		}
		end += n
	}
	word := strings.TrimRightFunc(t.text(start, end), isSpaceRune)
	if end < len(t.s) && t.s[end] == '(' && isCallee(word) {
		// A function call: ObjectId("123"), callback({…}), new Date(…).
		t.i = end + 1
		if v, ok := t.keywordCall(start, word); ok {
			return v
		}
		had := len(t.repairs)
		t.repair(start, "read the argument of %s(…) as the value", word)
		t.parens++
		v := t.value()
		t.parens--
		t.skip()
		if !t.eof() && t.s[t.i] == ',' && !t.callUnclosed {
			// BinData(0, "…"): which argument is the value is not
			// guessed; the call is kept as its text, up to the
			// parenthesis that closes it (what is scanned is taken,
			// or the scan reached the end and is not made again).
			close := callEnd(t.s, t.i)
			t.callUnclosed = close < 0
			if close >= 0 {
				t.repairs = t.repairs[:had]
				t.i = close + 1
				t.repair(start, "kept %s(…), a call of several arguments, as its text", word)
				return &jvalue{kind: jString, str: t.text(start, close+1), off: start, done: true}
			}
		}
		if !t.eof() && t.s[t.i] == ')' {
			t.i++
		}
		if v == nil {
			v = &jvalue{kind: jNull, off: start}
		}
		return v
	}
	t.i = start + len(word)
	if lit, ok := literals[word]; ok {
		if word != "true" && word != "false" && word != "null" {
			t.repair(start, "read %s as %s", word, literalText(lit))
		}
		v := t.node(lit.kind, start)
		// Streamed, blanks the text ends in decide nothing yet: words
		// after them make the literal text (true (approx)).
		v.b, v.done = lit.b, t.i < len(t.s) && (!t.streaming || len(skipBlanks(t.s[t.i:])) > 0)
		return v
	}
	if word == "" {
		return nil
	}
	if lit := cutLiteral(word); lit != "" && end == len(t.s) && (t.depth > 0 || t.streaming) {
		// {"ok": tru: the text was cut inside a literal, not inside a
		// word nobody quoted. A stream's last word may still grow: there
		// it is the literal, not done, which a partial value leaves out
		// until more text says what it is ("nu" is no string yet).
		if !t.streaming {
			t.repair(start, "completed %s, cut at the end of the text, as %s", word, lit)
		}
		v := t.node(literals[lit].kind, start)
		v.b, v.done = literals[lit].b, !t.streaming
		return v
	}
	if rest, ok := strings.CutPrefix(word, "−"); ok && isJSONNumber("-"+rest) && (t.i < len(t.s) || !t.streaming) {
		// −5: the minus sign typesetting writes (U+2212), not a word.
		t.repair(start, "read the minus sign − of %s as -", word)
		v := t.node(jNumber, start)
		v.str, v.done = "-"+rest, t.i < len(t.s)
		return v
	}
	t.repair(start, "quoted the bare word %q", word)
	if escQuotes {
		word = strings.ReplaceAll(word, `\"`, `"`)
		t.repair(start, "read \\\" in an unquoted value as a quote")
	} else if backslashPairs(word) {
		// C:\\Users\\me: every backslash doubled, as JSON escapes one (a
		// path's own, C:\Users, stays as written).
		word = strings.ReplaceAll(word, `\\`, `\`)
		t.repair(start, "read \\\\ in an unquoted value as one backslash")
	}
	// A word the text ends in, white space after it included, may go on
	// ("New" of "New York").
	// In a stream, a value of words followed by prose that no member or
	// bracket ends yet may still run on across those lines (valueLines).
	// Nor is one a bracket is glued to that its line has not closed yet
	// (foo[0 may become foo[0]).
	glued := end < len(t.s) && end > start && (t.s[end] == '{' || t.s[end] == '[') && !isSpaceRune(rune(t.s[end-1])) && bytes.IndexByte(t.s[end:], '\n') < 0
	// Nor is one a colon ends that no blank follows yet (C: may become
	// C:\\Users\\me", a path that lost its opening quote).
	// Nor one a colon and blanks end (words to come may make the colon
	// a label's, labelColon), nor, in an object, a comma that nothing
	// decides yet follows (more words may make the comma the text's).
	colonUndecided := end < len(t.s) && t.s[end] == ':' && (end+1 == len(t.s) || t.s[end+1] != ' ' && t.s[end+1] != '\t' && t.s[end+1] != '\n' ||
		len(skipBlanks(t.s[end+1:])) == 0) ||
		inValue && end < len(t.s) && t.s[end] == ',' && !keyDecided(t.s[end+1:])
	// Nor one brackets follow that the text ends in or right after (x {y:
	// words after them make them the text's).
	bracketUndecided := false
	if after := skipBlanks(t.s[end:]); t.streaming && len(after) > 0 && (after[0] == '{' || after[0] == '[') {
		n := gluedBrackets(after)
		bracketUndecided = n == 0 && !bytes.ContainsAny(after, "}]\n") || n > 0 && len(skipBlanks(after[n:])) == 0
	}
	v := &jvalue{kind: jString, str: word, off: start, done: t.i < len(t.s) && (!t.streaming || len(skipWS(t.s[end:])) > 0 && !glued && !colonUndecided && !bracketUndecided && !(t.run.kind == runEnd && t.run.from <= end+1))}
	// [a","b"]: a quote right after the word closes it.
	if r, n := t.peek(); r == '"' && t.i+n <= len(t.s) {
		after := bytes.TrimLeft(t.s[t.i+n:], " \t\r\n")
		// (A quoted key on the next line, the comma at the line's end
		// left out, follows an end quote too.)
		if len(after) == 0 || after[0] == ',' || after[0] == ']' || after[0] == '}' || after[0] == ':' ||
			endsLine(t.s[t.i+n:]) && after[0] == '"' && startsKey(after) ||
			after[0] == '"' && len(after) < len(t.s[t.i+n:]) && !endsLine(t.s[t.i+n:]) { // [a" "b"]: the next one's quote after a blank
			t.repair(t.i, "removed the end quote of a string that had no opening quote")
			t.i += n
			if len(after) == 0 && t.streaming {
				v.done = false // a colon to come makes it a key
			}
		}
	}
	return v
}

// escapedWithoutOpenQuote reads a value that lost its opening quote but
// writes JSON's escapes, \" and \n among them ({"a": He said \"hi\"",
// …}), a colon (["x", a: b"], localhost:5000") or a comment's marker
// (/src/**/*.md"): its text up to a quote no backslash escapes, on the
// line, that a delimiter follows, is a string's body, read as one. It returns nil, reading nothing, where the
// text is no such value (neither of those, or a comma before the quote:
// bare() reads those).
func (t *tolerant) escapedWithoutOpenQuote() *jvalue {
	if t.parens > 0 || !t.inObjectValue() && !t.inArray() {
		return nil
	}
	if t.i < t.noLostQuoteBefore {
		return nil // a scan from before here found none up to there
	}
	s := t.s[t.i:]
	// none records where the scan stopped without a value: a scan from a
	// later offset before it stops there too, with fewer escapes, and
	// finds none either (bare() reads a:b:c… a word at a time, and each
	// would scan the rest of the line again).
	depth := 0 // brackets the value's text opened on the line (code: if (x) { … })
	none := func(at int) *jvalue {
		if depth == 0 {
			t.noLostQuoteBefore = t.i + at
		}
		return nil
	}
	escapes := false // JSON's escapes, a colon or a comment's marker: what bare() would split or drop
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{', '[', '(':
			if i == 0 {
				return none(i)
			}
			depth++
			continue
		case ')':
			if depth > 0 {
				depth--
			}
			continue
		case '}', ']':
			if depth > 0 {
				depth--
				continue
			}
			return none(i)
		case ',':
			if depth > 0 {
				continue
			}
			return none(i)
		case '\\':
			if i+1 < len(s) && bytes.IndexByte([]byte(`"\\/bfnrtu`), s[i+1]) >= 0 {
				escapes = true
			}
			i++
		case ':':
			if i+1 == len(s) {
				return none(i)
			}
			// ["x", a: b"], {"image": localhost:5000/app:1.0"}: the end
			// quote makes the colons the text's, not a key's.
			escapes = true
		case '/':
			if i+1 < len(s) && (s[i+1] == '*' || s[i+1] == '/') {
				escapes = true // /src/**/*.md": a glob's, not a comment
			}
		case '\n':
			return none(i)
		case '"':
			if !escapes || i == 0 || depth > 0 || !endsValue(s[i+1:]) {
				return none(i)
			}
			v, reps, ok := quotedAlone(append([]byte{'"'}, s[:i+1]...), false)
			if !ok {
				return none(i)
			}
			start := t.i
			t.repair(start, "added the opening quote of a string that lost it")
			t.addRepairs(reps, start-1)
			t.i += i + 1
			v.off, v.done = start, true
			return v
		}
	}
	if escapes && t.streaming {
		// The quote that would end it is still to come: a string, not
		// done, so that the reading does not change a done value then.
		v, _, ok := quotedAlone(append([]byte{'"'}, s...), true)
		if !ok {
			return nil
		}
		v.off, v.done = t.i, false
		t.i = len(t.s)
		return v
	}
	return none(len(s))
}

// maxPlaceholder bounds braceTextWithoutOpenQuote's scan.
const maxPlaceholder = 1024

// braceTextWithoutOpenQuote reads a value in an object or a list that
// lost its opening quote and starts with a brace, a template's
// placeholder ({"cs": {db.connectionString}", …}): braces around words
// with no quote and no colon inside, on one line, closed, then a quote
// and a delimiter. No object is written so (its keys have colons), and
// read as one its words would be dropped as keys without values.
// Streamed, braces closed around words with no quote after them yet are
// that string, not done: the quote to come decides. Else nil, reading
// nothing.
func (t *tolerant) braceTextWithoutOpenQuote() *jvalue {
	if t.parens > 0 || !t.inObjectValue() && !t.inArray() {
		return nil
	}
	s := t.s[t.i:]
	if len(s) > maxPlaceholder {
		s = s[:maxPlaceholder] // placeholders are short; a scan of the rest at every brace would be quadratic
	}
	depth, words := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth > 0 {
				continue
			}
			if !words {
				return nil
			}
			rest := t.s[t.i+i+1:]
			switch {
			case len(rest) > 0 && rest[0] == '"' && endsValue(rest[1:]):
				t.repair(t.i, "added the opening quote of a string that lost it")
				v := &jvalue{kind: jString, str: t.text(t.i, t.i+i+1), off: t.i, done: true}
				t.i += i + 2
				return v
			case t.streaming && len(rest) == 0:
				v := &jvalue{kind: jString, str: t.text(t.i, t.i+i+1), off: t.i}
				t.i = len(t.s)
				return v
			}
			return nil
		case c == '"' || c == '\'' || c == ':' || c == '\n' || c == ',':
			return nil
		case isASCIILetter(c):
			words = true
		}
	}
	if t.streaming && words && len(s) == len(t.s)-t.i {
		// {{order_by: the braces still to close, and the quote after
		// them, decide.
		v := &jvalue{kind: jString, str: t.text(t.i, len(t.s)), off: t.i}
		t.i = len(t.s)
		return v
	}
	return nil
}

// literalThenValue reports whether word is a literal (true, None, …)
// and rest, after blanks, starts a number, a string, a bracket or
// another literal: a list's next item.
func literalThenValue(word, rest []byte) bool {
	if _, ok := literals[string(word)]; !ok {
		return false
	}
	rest = skipBlanks(rest)
	if len(rest) == 0 {
		return false
	}
	switch c := rest[0]; {
	case isDigitByte(c) || c == '-' || c == '"' || c == '\'' || c == '[' || c == '{':
		return true
	}
	return literalItem(rest)
}

// delimiterFollows reports whether a comma or a closing bracket starts
// s, after white space.
func delimiterFollows(s []byte) bool {
	s = skipWS(s)
	return len(s) > 0 && (s[0] == ',' || s[0] == '}' || s[0] == ']')
}

// digitFollows reports whether a digit starts s, after blanks.
func digitFollows(s []byte) bool {
	s = skipBlanks(s)
	return len(s) > 0 && isDigitByte(s[0])
}

// quoteFollows reports whether a quote starts s, after blanks: after a
// comma in an object, a quoted string is a key, whether or not its colon
// follows ({"a": 1, "b"}), not more of an unquoted value.
func quoteFollows(s []byte) bool {
	s = skipBlanks(s)
	if len(s) == 0 {
		return false
	}
	r, _ := utf8.DecodeRune(s)
	return r == '"' || r == '“'
}

// quotedPhrase returns the length of the quoted phrase s starts with,
// where it ends on its line and words, a comma or the object's end
// follow it, else 0.
func quotedPhrase(s []byte) int {
	open, n := utf8.DecodeRune(s)
	close := '"'
	if open == '“' {
		close = '”'
	}
	for i := n; i < len(s); {
		r, m := utf8.DecodeRune(s[i:])
		switch r {
		case '\n', '{', '[', '}', ']':
			return 0
		case close:
			if i == n {
				return 0 // "": no phrase
			}
			// Words, the member's end or the object's go on or end the
			// value; a value after it ("b" 1, "b" [) makes it a key
			// that lost its colon.
			after := skipBlanks(s[i+m:])
			if len(after) == 0 || after[0] == ',' || after[0] == '}' || after[0] == '\n' || after[0] == '\r' {
				return i + m
			}
			if a, _ := utf8.DecodeRune(after); unicode.IsLetter(a) && !startsLiteral(after) {
				return i + m
			}
			return 0
		}
		i += m
	}
	return 0
}

// valueLines reports whether the unquoted value read from start to the
// newline at end runs on across the lines after it: a value of words
// (not a literal or a number) followed by lines of prose, none of which
// starts a member or ends the object, up to a line that does. A model
// writing a paragraph as a value without quotes ({"summary": First
// point, second.⏎⏎More text.⏎}) means the whole paragraph; prose with
// no member or closing bracket after it is text after a document cut
// short, not the value's.
func (t *tolerant) valueLines(start, end int) bool {
	word := strings.TrimSpace(t.text(start, end))
	if word == "" || literals[word] != nil || isJSONNumber(word) {
		return false
	}
	from := end + 1
	if r := t.run; r.kind == 0 || from < r.from || from > r.decision {
		t.run = scanProseRun(t.s, from)
		t.proseScanned += t.run.decision - from
	}
	// The lines from the run's start to its deciding line are prose, so a
	// later value in the run has the same deciding line: each run is
	// scanned once.
	switch r := t.run; r.kind {
	case runMember:
		return from <= r.lastProse
	case runBracket:
		return true
	}
	return false
}

// A proseRun is the lines of prose from one offset to the line that
// decides whether an unquoted value before them runs on across them.
type proseRun struct {
	from, decision int // where the run starts; where its deciding line starts
	lastProse      int // where its last line of prose starts, or -1
	kind           byte
}

// How a run of prose lines ends.
const (
	runEnd     byte = 'e' // at the end of the text: no value's
	runMember  byte = 'm' // at a line that starts a member or closes a container
	runBracket byte = 'b' // at a line of prose that ends in } or ]
)

// scanProseRun reads the lines of s from offset from.
func scanProseRun(s []byte, from int) proseRun {
	r := proseRun{from: from, lastProse: -1, kind: runEnd}
	for off, line := range textLines(s[from:]) {
		at := from + off
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			if endsValueLine(s[at:]) {
				r.decision, r.kind = at, runMember
				return r
			}
			if c := trimmed[len(trimmed)-1]; c == '}' || c == ']' {
				r.decision, r.kind = at, runBracket
				return r
			}
			r.lastProse = at
		}
	}
	r.decision = len(s)
	return r
}

// endsValueLine reports whether the first line of s that is not blank
// starts an object's member or ends a container: what ends an unquoted
// value that runs across lines.
func endsValueLine(s []byte) bool {
	s = skipWS(s)
	return len(s) == 0 || commentStarts(s) || keyFollows(s)
}

// timeColon reports whether a colon between before (an unquoted value's
// text so far) and after is text: between two digits with no blank
// (10:30, 3:2, John 3:16, a port) or after a word that is a URL
// (http://x.com:8080), not the colon of a key.
func timeColon(before, after []byte) bool {
	if len(before) == 0 || len(after) == 0 || before[len(before)-1] == ' ' || before[len(before)-1] == '\t' {
		return false
	}
	if isDigitByte(before[len(before)-1]) && isDigitByte(after[0]) {
		return true
	}
	word := before[bytes.LastIndexAny(before, " \t")+1:]
	return bytes.Contains(word, []byte("://")) && after[0] != ' ' && after[0] != '\t'
}

// clockTime reports whether s starts with a time of day, h:mm or
// hh:mm[:ss], that a delimiter, white space or the end follows.
func clockTime(s []byte) bool {
	i := 0
	for i < len(s) && i < 2 && isDigitByte(s[i]) {
		i++
	}
	if i == 0 {
		return false
	}
	parts := 0
	for parts < 2 && i+3 <= len(s) && s[i] == ':' && isDigitByte(s[i+1]) && isDigitByte(s[i+2]) {
		i += 3
		parts++
	}
	if parts == 0 || i == len(s) || bytes.IndexByte([]byte(",]} \t\r\n"), s[i]) >= 0 {
		return parts > 0
	}
	r, _ := utf8.DecodeRune(s[i:])
	return isSpaceRune(r)
}

func literalText(v *jvalue) string {
	switch {
	case v.kind == jNull:
		return "null"
	case v.b:
		return "true"
	}
	return "false"
}

// slashesInWord reports whether the "//" or "/*" at at, written right
// after the word's text, is the word's: a path or a URL (a//b,
// src/*.js), not a comment. A comment is written after a blank, "//"
// before one, and "/*" is closed on its line. A line found to hold no
// "*/" is not scanned again for the next "/*" on it.
func (t *tolerant) slashesInWord(word []byte, at int) bool {
	if len(word) == 0 || word[len(word)-1] == ' ' || word[len(word)-1] == '\t' {
		return false
	}
	rest := t.s[at+2:]
	if t.s[at+1] == '*' {
		if at < t.unclosedTo {
			return true
		}
		line := rest
		if j := bytes.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if bytes.Contains(line, []byte("*/")) {
			return false
		}
		t.unclosedTo = at + 2 + len(line)
		return true
	}
	return len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' && rest[0] != '\n' && rest[0] != '\r'
}

// isCallee reports whether s names a function a call's parentheses
// follow: an identifier, or a constructor (new Date).
func isCallee(s string) bool { return isIdentifier(strings.TrimPrefix(s, "new ")) }

// callEnd returns where the call whose arguments s[from:] goes on with
// closes: its parenthesis, outside the arguments' strings and brackets;
// -1 where the text closes it nowhere.
func callEnd(s []byte, from int) int {
	depth := 0
	var quote byte
	for i := from; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' && depth == 0:
			return i
		case c == ')' || c == ']' || c == '}':
			if depth--; depth < 0 {
				return -1 // a bracket the call did not open
			}
		}
	}
	return -1
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r == '$' || r == '.' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r) {
			continue
		}
		return false
	}
	return true
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func isDigits(b []byte) bool {
	for _, c := range b {
		if !isDigitByte(c) {
			return false
		}
	}
	return len(b) > 0
}

// textAfterNumber reports whether s, right after a number in a member's
// value, goes on with more of the value on the same line: blanks, then
// text that is none of what may follow a value (a delimiter, a line
// end, a comment, a quote, an ellipsis, a key and its colon).
func textAfterNumber(s []byte) bool {
	rest := skipBlanks(s)
	if len(rest) == len(s) || len(rest) == 0 {
		return false // nothing between: 12abc is bare's; nothing after
	}
	switch c := rest[0]; {
	case c == ',' || c == '}' || c == ']' || c == ')' || c == '\r' || c == '\n' || c == ';' || c == '=':
		return false
	case c == '{' && startsKey(skipWS(rest[1:])):
		return false // [{"a": 1 {"a": 2}]: an object, the next value
	case commentStarts(rest) || ellipsisLen(rest) > 0:
		return false
	}
	if r, _ := utf8.DecodeRune(rest); isQuote(r) || keyLostOpenQuote(rest, '"') {
		return false // a string, or a key that lost its opening quote: {"a": 1 b": 2}
	}
	if clockTime(rest) {
		return true // 2024-01-05 10:30: a time, not a key "10"
	}
	return !bareKeyStarts(rest) && !startsLiteral(rest)
}

// keywordCall reads the arguments of a call whose first argument is a
// keyword argument, Person(name='Ada', age=36), as Python writes the
// repr of a dataclass, a named tuple or a Pydantic model: an object of
// them. t.i is after the parenthesis; where the arguments are not all
// keyword arguments closed by a parenthesis, nothing is read.
func (t *tolerant) keywordCall(start int, word string) (*jvalue, bool) {
	at, had := t.i, len(t.repairs)
	if _, ok := keywordArg(t.s[t.i:]); !ok || t.misread > misreadBudget(len(t.s)) || !t.enter() {
		return nil, false // (what failed readings scanned is budgeted, as for strings)
	}
	defer t.leave()
	v := t.node(jObject, start)
	t.parens++
	defer func() { t.parens-- }()
	t.repair(start, "read %s(…), a call with keyword arguments, as an object", word)
	for {
		t.skip()
		if t.eof() && len(v.kids) > 0 {
			// Person(name='Ada', : cut short, as an object is.
			t.repair(t.i, "closed %s(…), which the text left open", word)
			return v, true
		}
		n, ok := keywordArg(t.s[t.i:])
		if !ok {
			break
		}
		key := strings.TrimSpace(string(t.s[t.i : t.i+n]))
		t.i += n + 1 // the name and its =
		t.skip()
		t.pushPath(pathSeg{key: key, index: -1})
		val := t.value()
		t.popPath()
		if val == nil || t.err != nil {
			break
		}
		v.keys, v.kids = append(v.keys, key), append(v.kids, val)
		t.skip()
		if !t.eof() && t.s[t.i] == ',' {
			t.i++
			continue
		}
		if !t.eof() && t.s[t.i] == ')' {
			t.i++
			v.done = true
			return v, true
		}
		if t.eof() {
			t.repair(t.i, "closed %s(…), which the text left open", word)
			return v, true
		}
		break
	}
	t.misread += t.i - at
	t.i, t.repairs = at, t.repairs[:had]
	return nil, false
}

// keywordArg reports whether s starts with a keyword argument's name and
// its =, returning the name's length with the spaces after it.
func keywordArg(s []byte) (int, bool) {
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	if n == 0 {
		return 0, false
	}
	for n < len(s) && s[n] == ' ' {
		n++
	}
	return n, n < len(s) && s[n] == '=' && (n+1 == len(s) || s[n+1] != '=')
}

// gluedQuote reports whether the '"' at s[i] stands inside a word, a
// letter or digit before it and a letter after it, with no other '"'
// after it before the line's end or a delimiter: the word's text, not
// a quote.
func gluedQuote(s []byte, i int) bool {
	if i == 0 || i+1 >= len(s) || !isIdentByte(s[i-1]) || !isASCIILetter(s[i+1]) {
		return false
	}
	line := s[i+1:]
	if end := bytes.IndexAny(line, "\n,}]"); end >= 0 {
		line = line[:end]
	}
	return bytes.IndexByte(line, '"') < 0
}

// gluedColon reports whether the ':' at s[end], in a bare value that
// starts at start, stands inside its first word: no blank in the value
// before it, and a character that starts no delimiter or blank after it.
func gluedColon(s []byte, start, end int) bool {
	if end == start || end+1 >= len(s) || bytes.ContainsAny(s[start:end], " \t") {
		return false
	}
	c := s[end+1]
	return c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != ',' && c != '}' && c != ']' && c != '"' && c != '\'' && c != '{' && c != '['
}

// isLiteralWord reports whether w is a literal's word (true, None, …).
func isLiteralWord(w []byte) bool {
	_, ok := literals[string(w)]
	return ok
}

// backslashPairs reports whether w holds backslashes, all in runs of even
// length.
func backslashPairs(w string) bool {
	n, any := 0, false
	for i := 0; i <= len(w); i++ {
		if i < len(w) && w[i] == '\\' {
			n++
			any = true
			continue
		}
		if n%2 == 1 {
			return false
		}
		n = 0
	}
	return any
}
