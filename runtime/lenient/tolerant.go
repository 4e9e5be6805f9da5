package lenient

import (
	"bytes"
	"fmt"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth is how deeply the tolerant reader nests arrays and objects;
// deeper input is an error (ErrTooDeep), never a stack overflow.
const MaxDepth = 512

// ErrTooDeep: the reply nests arrays and objects deeper than MaxDepth.
var ErrTooDeep = fmt.Errorf("nested deeper than %d levels", MaxDepth)

// jkind is the kind of a value the tolerant reader read.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

// jvalue is a JSON value read tolerantly: where it starts in the input,
// and whether the input closed it (a string's end quote, an array's or
// object's bracket, a number or literal followed by a delimiter) or the
// reader did at the end of the text.
type jvalue struct {
	str string // a string; a number's JSON text
	// kids are an array's items or an object's values (keys[i] names
	// kids[i]): one field for both keeps nodes small.
	kids []*jvalue
	keys []string
	off  int
	kind jkind
	b    bool
	done bool
	// missing: a key with no value written, read as null.
	missing bool
	// rows: an array of documents read in a row (joinDocuments), not
	// one the text wrote.
	rows bool
}

// ctrlEscape is a \n, \t or \r escape before a letter, or an escape of
// a lone letter read without its backslash (dropped is the index of its
// repair, else -1): at is its offset in the string read, off in the text.
type ctrlEscape struct {
	at, off, dropped int
	letter           byte
}

// tolerant reads what models write as JSON. Every change it makes to read
// the text is a Repair with the JSON pointer of the value and the input
// offset where it happened. It reads in one pass; the only look-back is a
// string re-read once with its end quote missing, within a budget
// (misreadBudget), so time stays linear.
type tolerant struct {
	s      []byte
	i      int
	depth  int
	stack  []jkind // the containers being read, innermost last
	frames []frame // the indentation of those read from a bracket (indent.go)
	// carryComma: an object closed by the indentation of the member
	// after it had read the comma before that member, its parent's.
	carryComma bool
	// lineEnd: where a string's first reading found its end quote lost
	// at a line's end (stringBody).
	lineEnd int
	// openUndecided: endsOpenString ended a string at a line break
	// that what the text still streams may make the string's text.
	openUndecided bool
	// noLostQuoteBefore: escapedWithoutOpenQuote found no value from
	// any offset before this one.
	noLostQuoteBefore int
	parens            int // open parentheses: tuples and calls
	// streaming: the text may still grow, so a string it ends in keeps
	// its trailing white space.
	streaming bool
	// fenceTried is where the last try to read a fence inside a string
	// as a document stopped; no try starts before it.
	fenceTried int
	// callUnclosed: a scan for the parenthesis that closes a call of
	// several arguments reached the end; no later one scans again, so
	// that nested unclosed calls cost no more than reading them.
	callUnclosed bool
	// misread counts the bytes that first readings of strings scanned
	// and dropped (an end quote missing): once it passes a multiple of
	// the text, open strings are read up to a delimiter at once, so
	// that strings nested in one another cost no more than the text.
	misread int
	// nextObject: an object ended at a repeated key, which starts the
	// next object of the list it is in.
	nextObject bool
	// balance: 0 not yet known, 1 the text closes as many brackets as
	// it opens, outside strings, and ends outside one (countBrackets), 2
	// it does not.
	balance  uint8
	brackets bracketCount // with balance: the counts of each kind
	// strRaw: the string being read wrote a backslash that starts no
	// JSON escape; strCtrl are its \n, \t and \r before a letter.
	strRaw  bool
	strCtrl []ctrlEscape
	slab    []jvalue // nodes are cut from here: one allocation per many values
	next    int      // slab[next] is the next node
	kidSlab []*jvalue
	keySlab []string
	src     string // s as a string, once: strings read are substrings of it
	path    []pathSeg
	// ptr is path as a JSON pointer, where ptrValid.
	ptr      string
	ptrValid bool
	repairs  []problem.Repair
	err      error
	// unclosedTo: no "*/" closes a "/*" before this offset (slashesInWord).
	unclosedTo int
	// braceAt is 1 + the offset of the text's last '}', once found (0:
	// not yet looked for).
	braceAt int
	// firstEnd is where readAll's first value ended.
	firstEnd int
	// run is the last run of prose lines valueLines scanned;
	// proseScanned counts the bytes it scanned, for a test that the runs
	// are scanned once.
	run          proseRun
	proseScanned int
}

// text returns s[a:b] as a string without copying it again.
func (t *tolerant) text(a, b int) string {
	if len(t.src) != len(t.s) {
		t.src = string(t.s)
	}
	return t.src[a:b]
}

// node returns a new value of kind k at off.
func (t *tolerant) node(k jkind, off int) *jvalue {
	if t.next == len(t.slab) {
		t.slab, t.next = make([]jvalue, 256), 0
	}
	v := &t.slab[t.next]
	t.next++
	v.kind, v.off = k, off
	return v
}

// free gives back v, which nothing refers to, if it is the newest node:
// a key is read as a string value, then only its text is kept.
func (t *tolerant) free(v *jvalue) {
	if t.next > 0 && v == &t.slab[t.next-1] {
		t.next--
		*v = jvalue{}
	}
}

// kidSlice and keySlice return empty slices with room for a few items,
// cut from shared slabs: most arrays and objects are small, and one
// allocation per many of them keeps reading fast. Longer ones grow as
// append grows any slice.
func (t *tolerant) kidSlice() []*jvalue {
	if len(t.kidSlab) < slabRoom {
		t.kidSlab = make([]*jvalue, 1024)
	}
	s := t.kidSlab[:0:slabRoom]
	t.kidSlab = t.kidSlab[slabRoom:]
	return s
}

func (t *tolerant) keySlice() []string {
	if len(t.keySlab) < slabRoom {
		t.keySlab = make([]string, 512)
	}
	s := t.keySlab[:0:slabRoom]
	t.keySlab = t.keySlab[slabRoom:]
	return s
}

// slabRoom is the room a new array or object has before it grows.
const slabRoom = 4

func (t *tolerant) repair(off int, format string, args ...any) {
	t.repairs = append(t.repairs, problem.Repair{Pointer: t.pointer(), Offset: off, Message: fmt.Sprintf(format, args...)})
}

// pointer returns the JSON pointer of the value being read, built once
// per path: a value whose reading makes many repairs (a string that
// runs on through the rest of a deep text) would else build it again
// for each, in time proportional to the depth.
func (t *tolerant) pointer() string {
	if t.ptrValid {
		return t.ptr
	}
	tokens := make([]string, len(t.path))
	for i, p := range t.path {
		tokens[i] = p.key
		if p.index >= 0 {
			tokens[i] = strconv.Itoa(p.index)
		}
	}
	t.ptr, t.ptrValid = schema.Pointer(tokens), true
	return t.ptr
}

// pushPath and popPath step into and out of a value; the pointer is
// built again after either.
func (t *tolerant) pushPath(p pathSeg) {
	t.path = append(t.path, p)
	t.ptrValid = false
}

func (t *tolerant) popPath() {
	t.path = t.path[:len(t.path)-1]
	t.ptrValid = false
}

// skipped reports what skip passed at off once: a look-ahead may skip the
// same comment again (after a value, then before the next), soon after.
// A report a rollback dropped is made again.
func (t *tolerant) skipped(off int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for i := len(t.repairs) - 1; i >= 0 && i >= len(t.repairs)-8; i-- {
		if r := t.repairs[i]; r.Offset == off && r.Message == msg {
			return
		}
	}
	t.repair(off, "%s", msg)
}

// pathSeg is one step of the path to the value being read: a key, or an
// array index (index ≥ 0). Indexes become text only in a repair: most
// values need none.
type pathSeg struct {
	key   string
	index int
}

func (t *tolerant) eof() bool { return t.i >= len(t.s) }

// peek returns the rune at the reading position and its size.
func (t *tolerant) peek() (rune, int) {
	if t.eof() {
		return 0, 0
	}
	if c := t.s[t.i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(t.s[t.i:])
}

func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u180e', '\u200b', '\u2060', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}

// skip passes white space (the Unicode spaces models paste too) and
// comments: //, # and /* */.
func (t *tolerant) skip() {
	for !t.eof() {
		switch c := t.s[t.i]; {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			t.i++
			continue
		case c < utf8.RuneSelf && c != '/' && c != '#' && c != '\f' && c != '\v':
			return // the common case: no space, no comment
		}
		r, n := t.peek()
		switch {
		case isSpaceRune(r):
			if r > 0x7f || r == '\f' || r == '\v' {
				t.skipped(t.i, "read %U as white space", r)
			}
			t.i += n
		case r == '/' && t.i+1 < len(t.s) && t.s[t.i+1] == '/':
			start := t.i
			for !t.eof() && t.s[t.i] != '\n' {
				t.i++
			}
			t.skipped(start, "removed a comment")
		case r == '#' && t.hashWord():
			return
		case r == '#':
			// A Python comment; on one line with a closing bracket, it
			// ends before the bracket.
			start := t.i
			for !t.eof() && t.s[t.i] != '\n' && t.s[t.i] != '}' && t.s[t.i] != ']' {
				t.i++
			}
			t.skipped(start, "removed a comment")
		case r == '/' && t.i+1 < len(t.s) && t.s[t.i+1] == '*':
			start := t.i
			end := bytes.Index(t.s[t.i+2:], []byte("*/"))
			if end < 0 {
				t.i = len(t.s)
			} else {
				t.i += 2 + end + 2
			}
			t.skipped(start, "removed a comment")
		default:
			return
		}
	}
}

// hashWord reports whether the '#' at t.i starts a value rather than a
// comment: where a value is wanted (after a colon, a list's bracket or a
// comma in a list), one word right after it ends the value
// ({"color": #FF0000}, [#a, #b]). A comment is written with a space or
// with more than one word.
func (t *tolerant) hashWord() bool {
	before := bytes.TrimRight(t.s[:t.i], " \t")
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case ':', '[':
	case ',':
		if len(t.stack) == 0 || t.stack[len(t.stack)-1] != jArray {
			return false
		}
	default:
		return false
	}
	j := t.i + 1
	for j < len(t.s) && (isIdentByte(t.s[j]) || t.s[j] == '-') {
		j++
	}
	if j == t.i+1 {
		return false
	}
	rest := skipBlanks(t.s[j:])
	return len(rest) == 0 || rest[0] == ',' || rest[0] == '}' || rest[0] == ']' || rest[0] == '\n' || rest[0] == '\r'
}

// isDelimiter reports whether r ends an unquoted token.
func isDelimiter(r rune) bool {
	switch r {
	case ',', ':', '[', ']', '{', '}', '(', ')', '\n':
		return true
	}
	return false
}

// value reads one value; nil when there is none at the reading position.
func (t *tolerant) value() *jvalue {
	t.carryComma = false
	t.skip()
	if t.eof() || t.err != nil {
		return nil
	}
	r, n := t.peek()
	switch {
	case r == '{':
		if v := t.braceTextWithoutOpenQuote(); v != nil {
			return v
		}
		return t.object()
	case r == '[':
		return t.array('[', ']')
	case r == '(':
		// A Python tuple; one value in parentheses is that value.
		t.parens++
		v := t.array('(', ')')
		t.parens--
		if len(v.kids) == 1 && !bytes.Contains(t.s[v.off:t.i], []byte(",")) {
			t.repair(v.off, "read a parenthesized value as the value")
			return v.kids[0]
		}
		t.repair(v.off, "read a parenthesized list as an array")
		return v
	case isQuote(r):
		return t.quoted()
	case r >= '0' && r <= '9', r == '-', r == '+', r == '.' && t.i+1 < len(t.s) && t.s[t.i+1] >= '0' && t.s[t.i+1] <= '9':
		return t.number()
	case r == '/':
		if end := regexLiteral(t.s[t.i:]); end > 0 {
			// /\d+/g: a JavaScript regular expression, kept as written.
			// Streamed, one the text ends right after is not done: more
			// may make it a path (/src/**/*.md").
			v := &jvalue{kind: jString, str: t.text(t.i, t.i+end), off: t.i, done: !t.streaming || len(skipBlanks(t.s[t.i+end:])) > 0}
			t.repair(t.i, "read a regular expression literal as its text")
			t.i += end
			return v
		}
	case ellipsisLen(t.s[t.i:]) > 0:
		return nil // an ellipsis: the caller skips it
	case isDelimiter(r):
		return nil
	}
	_ = n
	if v := t.literal(); v != nil {
		return v
	}
	return t.bare()
}

// regexLiteral returns the length of the JavaScript regular expression
// literal s starts with (/…/flags, on one line, a slash inside a class
// or escaped kept, then the end of a value), else 0.
func regexLiteral(s []byte) int {
	if len(s) < 3 || s[0] != '/' || s[1] == '/' || s[1] == '*' || s[1] == ' ' {
		return 0
	}
	class := false
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '\n' || c == '\r':
			return 0
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			end := i + 1
			for end < len(s) && s[end] >= 'a' && s[end] <= 'z' {
				end++
			}
			rest := skipBlanks(s[end:])
			if len(rest) == 0 || bytes.IndexByte([]byte(",]})\r\n"), rest[0]) >= 0 {
				return end
			}
			return 0
		}
	}
	return 0
}

// literal reads true, false or null that a delimiter follows: most
// words, read without bare's look for calls and unquoted text.
func (t *tolerant) literal() *jvalue {
	var k jkind
	var b bool
	rest := t.s[t.i:]
	switch {
	case bytes.HasPrefix(rest, []byte("true")):
		k, b = jBool, true
	case bytes.HasPrefix(rest, []byte("false")):
		k = jBool
	case bytes.HasPrefix(rest, []byte("null")):
		k = jNull
	default:
		return nil
	}
	n := 4
	if k == jBool && !b {
		n = 5
	}
	if len(rest) == n {
		return nil // the text may go on: bare decides
	}
	// The bytes at which bare ends a word; a comma only where bare would
	// not read on past it.
	switch rest[n] {
	case '}', ']', '\n':
	case ' ', '\t':
		if !t.inObjectValue() || t.parens > 0 || !memberOnLine(rest[n:]) {
			return nil // {a: true story}: bare reads the words
		}
	case ',':
		if t.inObjectValue() && t.parens == 0 && !keyFollows(rest[n+1:]) {
			return nil
		}
	default:
		return nil
	}
	v := t.node(k, t.i)
	v.b, v.done = b, true
	t.i += n
	return v
}

// afterBlankLine reports whether s ends in white space that holds an
// empty line.
func afterBlankLine(s []byte) bool {
	lines := 0
	for i := len(s) - 1; i >= 0 && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'); i-- {
		if s[i] == '\n' {
			lines++
		}
	}
	return lines >= 2
}

// lastBrace returns the offset of the text's last '}', or -1; found once.
func (t *tolerant) lastBrace() int {
	if t.braceAt == 0 {
		t.braceAt = bytes.LastIndexByte(t.s, '}') + 2
	}
	return t.braceAt - 2
}

// proseLine reports whether s starts with a line of prose: a capital
// letter, three words or more, no quote or bracket, ending in a
// sentence's last sign.
func proseLine(s []byte) bool {
	line, _, _ := bytes.Cut(s, []byte("\n"))
	line = bytes.TrimSpace(line)
	if len(line) < 5 || line[0] < 'A' || line[0] > 'Z' || bytes.Count(line, []byte(" ")) < 2 || bytes.ContainsAny(line, "\"{}[]") {
		return false
	}
	switch line[len(line)-1] {
	case '.', '!', '?', ':':
		return true
	}
	return false
}

// enter and leave bound the nesting.
func (t *tolerant) enter() bool {
	t.depth++
	if t.depth > MaxDepth {
		if t.err == nil {
			t.err = fmt.Errorf("offset %d: %w", t.i, ErrTooDeep)
		}
		return false
	}
	return true
}

func (t *tolerant) leave() { t.depth-- }

// ellipsis skips "..." or "…" standing for left-out items.
func (t *tolerant) ellipsis() bool {
	if n := ellipsisLen(t.s[t.i:]); n > 0 {
		t.repair(t.i, "removed an ellipsis")
		t.i += n
		return true
	}
	return false
}

// ellipsisLen returns the length of the ellipsis s starts with: "...",
// or "…" where a delimiter, a line's end or the text's end follows it
// ("…more" is a word); 0 for none.
func ellipsisLen(s []byte) int {
	if bytes.HasPrefix(s, []byte("...")) {
		return 3
	}
	const dots = "\u2026"
	if bytes.HasPrefix(s, []byte(dots)) {
		if rest := skipBlanks(s[len(dots):]); len(rest) == 0 || isDelimiterByte(rest[0]) || rest[0] == '\r' || rest[0] == '\n' {
			return len(dots)
		}
	}
	return 0
}

// ellipsisEnds reports whether s starts with an ellipsis that blanks and
// then a delimiter, a line's end or the text's end follow: "...", where
// a value may end, and not "... and so on".
func ellipsisEnds(s []byte) bool {
	n := ellipsisLen(s)
	if n == 0 {
		return false
	}
	rest := skipBlanks(s[n:])
	return len(rest) == 0 || rest[0] == ',' || rest[0] == '}' || rest[0] == ']' || rest[0] == '\n' || rest[0] == '\r'
}

func (t *tolerant) array(open, close byte) *jvalue {
	v := t.node(jArray, t.i)
	v.kids = t.kidSlice()
	if !t.enter() {
		return v
	}
	defer t.leave()
	t.i++ // the opening bracket
	t.items(v, close)
	return v
}

// items reads an array's items, from after its opening bracket (or an
// item already read) up to close.
func (t *tolerant) items(v *jvalue, close byte) {
	t.stack = append(t.stack, jArray)
	t.enterFrame(v.off)
	// One defer: with more, the function's many returns would cost
	// defers that are not open-coded, a tenth of reading valid JSON.
	defer func() {
		t.stack = t.stack[:len(t.stack)-1]
		t.leaveFrame()
	}()
	comma := false // a comma was read since the last item (comments may follow it)
	for {
		t.skip()
		if t.eof() {
			t.repair(t.i, "closed an array the text left open")
			t.dropUnfinished(v)
			return
		}
		c := t.s[t.i]
		if c == '\\' && len(v.kids) == 0 && t.escapedRestart(v) {
			return // [\"a\", \"b\"]: the list written with escaped quotes
		}
		if stop, closed := t.indentStop(jArray, len(v.kids), comma); stop {
			// [⏎  [⏎    1⏎],⏎: the bracket stands where the outer list
			// opened, or an item where the outer container's stand:
			// the inner list lost its own.
			if closed {
				t.dropUnfinished(v)
			}
			return
		}
		switch {
		case c == close:
			if c == ']' && t.rowLostBracket(v) {
				continue
			}
			t.i++
			v.done = true
			if n := len(v.kids); n > 0 && v.kids[n-1].kind != jString {
				// (A string whose end quote was read before the bracket is
				// no item cut off, done or not: [''⏎].)
				t.dropUnfinished(v)
			}
			return
		case c == ']' || c == ')':
			t.repair(t.i, "closed an array with %q", c)
			t.i++
			v.done = true
			return
		case c == '}' && t.wrongCloserUndecided():
			return
		case c == '}':
			if t.bracketsBalance() {
				// {"a": [1, 2}, "b": 3}: the text closes as many brackets
				// as it opens, so the brace was written for the bracket.
				t.repair(t.i, "read '}' as the ']' that closes the array")
				t.i++
				v.done = true
				return
			}
			if t.inObject() && !t.strayCloser(c) {
				// {"a": [1, 2}: the object's brace closes the array too.
				t.repair(t.i, "closed an array before '}'")
				t.dropUnfinished(v)
				return
			}
			t.repair(t.i, "removed a stray '}'")
			t.i++
			continue
		case c == '`' && bytes.HasPrefix(t.s[t.i:], []byte("```")) && !codeBlockAhead(t.s[t.i:]):
			t.repair(t.i, "closed an array before a code fence")
			t.dropUnfinished(v)
			return
		case c == 0xEF && bytes.HasPrefix(t.s[t.i:], fullWidthComma) && len(v.kids) > 0:
			// [1，2]: between items, a full-width comma is a comma.
			t.repair(t.i, "read the full-width ， as ','")
			t.i += len(fullWidthComma)
			comma = true
			continue
		case c == ';' && len(v.kids) > 0 && !comma && moreFollows(t.s[t.i+1:]):
			// ["a"; "b"], [1; 2]: a semicolon between items, as some
			// languages separate them, is a comma.
			t.repair(t.i, "read ';' between items as ','")
			comma = true
			t.i++
			continue
		case c == ',':
			comma = true
			if len(v.kids) == 0 {
				t.repair(t.i, "removed a leading comma")
			}
			t.i++
			t.skip()
			if !t.eof() && (t.s[t.i] == close || t.s[t.i] == ']') && len(v.kids) > 0 {
				t.repair(t.i, "removed a trailing comma")
			}
			if !t.eof() && t.s[t.i] == ',' && len(v.kids) > 0 {
				t.repair(t.i, "removed an extra comma")
			}
			continue
		case t.ellipsis():
			continue
		case c == ':' && len(v.kids) > 0:
			// ["key": "value"]: an object without its braces.
			last := v.kids[len(v.kids)-1]
			if last.kind == jString {
				t.repair(last.off, "read a key and value in an array as an object")
				t.i++
				t.pushPath(pathSeg{index: len(v.kids) - 1})
				t.stack = append(t.stack, jObject)
				val := t.value()
				t.stack = t.stack[:len(t.stack)-1]
				t.popPath()
				obj := &jvalue{kind: jObject, off: last.off, keys: []string{last.str}, kids: []*jvalue{orNull(val, t.i)}, done: true}
				v.kids[len(v.kids)-1] = obj
				continue
			}
			t.i++
			continue
		}
		if n := len(v.kids); n > 0 && close == ']' && isQuote(rune(t.s[t.i])) && len(t.stack) > 1 && t.stack[len(t.stack)-2] == jObject &&
			v.kids[n-1].off < t.i && bytes.IndexByte(t.s[v.kids[n-1].off:t.i], '\n') >= 0 && startsKey(t.s[t.i:]) && allScalars(v.kids) {
			// (A line break since the last item, looked for from it, not
			// from the text's start: a document of one line was
			// quadratic.)
			// {"a": [1, 2⏎"b": 3}: a line that starts with a key and its
			// colon, after items no key belongs to, is the object's next
			// member; the list lost its bracket before it.
			t.repair(t.i, "closed an array before the next member")
			v.done = true
			return
		}
		if len(v.kids) > 0 && !comma && t.lastNotComma(v) {
			if afterBlankLine(t.s[:t.i]) && proseLine(t.s[t.i:]) {
				// [1, 2⏎⏎Let me know if you need more.: the model stopped
				// writing the list and went on in prose; the document
				// ends before it.
				t.repair(t.i, "ended the document before the prose after it")
				t.s = t.s[:t.i]
				continue
			}
			t.repair(t.i, "inserted a missing comma")
		}
		t.pushPath(pathSeg{index: len(v.kids)})
		item := t.value()
		t.popPath()
		if item == nil {
			if t.err != nil {
				return
			}
			t.repair(t.i, "removed %q", t.s[t.i])
			t.i++ // a character that starts nothing
			continue
		}
		v.kids = append(v.kids, item)
		comma = false
		for t.nextObject && t.err == nil {
			t.nextObject = false
			t.pushPath(pathSeg{index: len(v.kids)})
			obj := t.node(jObject, t.i)
			t.stack = append(t.stack, jObject)
			if t.enter() {
				t.members(obj)
			}
			t.leave()
			t.stack = t.stack[:len(t.stack)-1]
			t.popPath()
			v.kids = append(v.kids, obj)
		}
	}
}

// allScalars reports whether vs holds no array or object.
func allScalars(vs []*jvalue) bool {
	for _, v := range vs {
		if v.kind == jArray || v.kind == jObject {
			return false
		}
	}
	return true
}

// rowLostBracket handles [[1, 2], 3, 4], [5, 6]]: in a list of lists,
// items after the last list, then a bracket that more lists follow, are
// a list whose opening bracket is missing. It makes them one and reports
// whether it did (the bracket at the reading position then closed it).
func (t *tolerant) rowLostBracket(v *jvalue) bool {
	if len(t.stack) > 1 && t.stack[len(t.stack)-2] == jArray {
		// [[[1, 2], 3], [4]]: in a list, more lists after this one are
		// its items; the bracket closed this one, as written.
		return false
	}
	n := len(v.kids)
	first := n
	for first > 0 && v.kids[first-1].kind != jArray && v.kids[first-1].kind != jObject {
		first--
	}
	// The first item and the one before the run are lists (checking
	// them all at every bracket would make reading quadratic).
	if first == 0 || first == n || v.kids[0].kind != jArray || v.kids[first-1].kind != jArray {
		return false
	}
	rest := skipWS(t.s[t.i+1:])
	if len(rest) == 0 || rest[0] != ',' {
		return false
	}
	// The next list is a row like the others, not a list of lists.
	if next := bytes.TrimLeft(rest[1:], " \t\r\n"); len(next) < 2 || next[0] != '[' || bytes.HasPrefix(bytes.TrimLeft(next[1:], " \t\r\n"), []byte("[")) {
		return false
	}
	row := t.node(jArray, v.kids[first].off)
	row.kids = append(make([]*jvalue, 0, n-first), v.kids[first:]...)
	row.done = true
	t.repair(row.off, "inserted the missing '[' of a list")
	v.kids = append(v.kids[:first], row)
	t.i++
	return true
}

// lastNotComma reports whether the item before the reading position was
// not followed by a comma (the text left it out).
func (t *tolerant) lastNotComma(v *jvalue) bool {
	for j := t.i - 1; j > v.off; j-- {
		switch c := t.s[j]; {
		case c == ',' || c == 0x8C && j >= 2 && bytes.HasPrefix(t.s[j-2:], fullWidthComma):
			return false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			return true
		}
	}
	return false
}

// bracketsBalance reports whether the text closes as many brackets as it
// opens, outside strings: a closing bracket of the other kind is then
// one written for the right one, not one that closes the container
// around it too. Counted once per text.
func (t *tolerant) bracketsBalance() bool {
	if t.balance == 0 {
		t.balance = 2
		t.brackets = countBrackets(t.s)
		if t.brackets.braces+t.brackets.squares == 0 && !t.brackets.inString {
			t.balance = 1
		}
	}
	return t.balance == 1
}

// wrongCloserUndecided reports, at a closing bracket of the other kind
// than the container's, whether the text is still streaming: whether
// the bracket was written for the right one, closes a container around
// it too or is one too many is decided by how the whole text's brackets
// add up, which text still to come changes (a text that balances so far
// may go on with more). The reading ends there, containers open, so
// that nothing after it is shown, let alone done, before the end.
func (t *tolerant) wrongCloserUndecided() bool {
	if !t.streaming {
		return false
	}
	t.repair(t.i, "stopped at a closing bracket of the other kind until the text says what it closes")
	t.i = len(t.s)
	return true
}

// bracketCount is what a text's brackets outside strings add up to.
type bracketCount struct {
	braces, squares int // closing brackets less opening ones, of each kind
	inString        bool
}

// countBrackets adds up the brackets of s outside JSON's strings. Two
// ways to tell strings apart: each quote toggles (JSON's own), or a quote
// opens a string only where one can start (after a bracket, a comma, a
// colon, a string or at a line's start) and closes one only where one
// can end (before a delimiter, a value or the line's end), a line that
// the next line's member or bracket ends closing it too. A quote a key
// or value lost (name": 1, "x⏎) turns every later quote inside out for
// the first; code's quotes in a value ("x = ["a", "b"]") can fool the
// second. The counts that need fewer brackets added or removed are
// taken; on a tie, the ones that do not end inside a string, else the
// first.
func countBrackets(s []byte) bracketCount {
	strict, plausible := countBracketsBy(s, false), countBracketsBy(s, true)
	if p, q := plausible.imbalance(), strict.imbalance(); p < q || p == q && strict.inString && !plausible.inString {
		return plausible
	}
	return strict
}

func (n bracketCount) imbalance() int {
	return abs(n.braces) + abs(n.squares)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// countBracketsBy is countBrackets' count of one way: each quote toggles,
// or only plausible ones do.
func countBracketsBy(s []byte, plausible bool) bracketCount {
	var n bracketCount
	for i := 0; i < len(s); i++ {
		c := s[i]
		if n.inString {
			switch c {
			case '\\':
				i++
			case '"':
				if !plausible || quoteEnds(s[i+1:]) {
					n.inString = false
				}
			case '\n':
				// "a,⏎  "b": 1 or "a⏎}: a string that lost its end quote
				// at a line the next line's member or bracket ends.
				if next := skipBlanks(s[i+1:]); plausible && len(next) > 0 && (next[0] == '}' || next[0] == ']' || next[0] == '"' && startsKey(next)) {
					n.inString = false
				}
			}
			continue
		}
		switch c {
		case '"':
			n.inString = !plausible || quoteOpens(s[:i])
		case '{':
			n.braces--
		case '}':
			n.braces++
		case '[':
			n.squares--
		case ']':
			n.squares++
		}
	}
	return n
}

// quoteOpens reports whether a quote after before can open a string:
// before ends, blanks aside, with a bracket, a comma, a colon, a quote or
// a line break, or is empty.
func quoteOpens(before []byte) bool {
	for j := len(before) - 1; j >= 0; j-- {
		switch c := before[j]; c {
		case ' ', '\t', '\r':
		case '{', '[', ',', ':', '\n', '(', '"':
			return true
		default:
			return false
		}
	}
	return true
}

// quoteEnds reports whether a quote before after can end a string: after
// starts, blanks aside, with a delimiter, a line break, a bracket, a
// quote, a number or a literal (a key that lost its colon: "a" {…},
// "a" 1), or is empty.
func quoteEnds(after []byte) bool {
	for j, c := range after {
		switch {
		case c == ' ' || c == '\t' || c == '\r':
		case bytes.IndexByte([]byte("}],:\n){[\"-"), c) >= 0 || isDigitByte(c):
			return true
		default:
			return startsLiteral(after[j:])
		}
	}
	return true
}

// listFromLastMember reads, from the comma after the value of v's last
// member, the values up to a ']' as that member's list, whose '[' the
// text left out (listLostBracket).
func (t *tolerant) listFromLastMember(v *jvalue) {
	last := len(v.kids) - 1
	list := t.node(jArray, v.kids[last].off)
	list.kids = append(t.kidSlice(), v.kids[last])
	t.pushPath(pathSeg{key: v.keys[last], index: -1})
	t.repair(v.kids[last].off, "read the values from here up to a ']' the text did not open as a list: its '[' was left out")
	t.items(list, ']')
	t.popPath()
	v.kids[last] = list
}

// lostBracketUndecided reports, where values follow a member's value
// and its comma with no key, or a colon follows its string, whether the
// text is still streaming: a ']' or '}' still to come would make them
// the member's list (listLostBracket) or object (objectLostBrace).
// The reading ends there, containers open, so that nothing after it is
// shown. (The value stays as done as it was: a done value never goes
// back. A string a colon follows is not done, stringBody says.)
func (t *tolerant) lostBracketUndecided(v *jvalue) bool {
	if !t.streaming {
		return false
	}
	t.repair(t.i, "stopped after a member's value until the text says whether a bracket before it was left out")
	t.i = len(t.s)
	return true
}

// squaresUnopened reports whether the text closes more lists than it
// opens.
func (t *tolerant) squaresUnopened() bool {
	t.bracketsBalance()
	return t.brackets.squares > 0
}

// objectLostBrace reports whether the text closes more objects than it
// opens, and every list it opens: a '{' was left out. Streamed, never.
func (t *tolerant) objectLostBrace() bool {
	if t.streaming {
		return false
	}
	t.bracketsBalance()
	return t.brackets.braces > 0 && t.brackets.squares == 0
}

// objectFromLastMember reads, from the string that is the value of v's
// last member, the members up to a '}' as that member's object, whose
// '{' the text left out (objectLostBrace): the string is its first key.
func (t *tolerant) objectFromLastMember(v *jvalue) {
	last := len(v.kids) - 1
	off := v.kids[last].off
	obj := t.node(jObject, off)
	obj.keys = t.keySlice()
	obj.kids = t.kidSlice()
	v.kids[last] = obj
	if !t.enter() {
		return
	}
	defer t.leave()
	t.stack = append(t.stack, jObject)
	defer func() { t.stack = t.stack[:len(t.stack)-1] }()
	t.pushPath(pathSeg{key: v.keys[last], index: -1})
	defer t.popPath()
	t.repair(off, "read the members from here up to a '}' that closes no object as an object: its '{' was left out")
	t.i = off
	t.members(obj)
}

// listLostBracket reports whether the text closes more lists than it
// opens, and every object it opens: a '[' was left out. Streamed, the
// text still to come may open the list, so never.
func (t *tolerant) listLostBracket() bool {
	if t.streaming {
		return false
	}
	t.bracketsBalance()
	return t.brackets.squares > 0 && t.brackets.braces == 0
}

// strayCloser reports whether a closing bracket c, met where the
// container being read wants the other kind, is one too many: the text
// closes every bracket of the container's kind it opens and closes more
// of c's kind than it opens ({"a": [{"b": 1}}, {"b": 2}]}). A text cut
// short or still streaming closes fewer than it opens, never this.
func (t *tolerant) strayCloser(c byte) bool {
	t.bracketsBalance()
	if c == '}' {
		return t.brackets.squares == 0 && t.brackets.braces > 0
	}
	return t.brackets.braces == 0 && t.brackets.squares > 0
}

// inObject reports whether the innermost container around the current
// one is an object.
func (t *tolerant) inObject() bool {
	return len(t.stack) >= 2 && t.stack[len(t.stack)-2] == jObject
}

// dropUnfinished drops an array's last item when the text cut it off
// before it held anything (["  or [{ at the end), and says so: the
// repairs that closed it name a value the reading no longer holds.
func (t *tolerant) dropUnfinished(v *jvalue) {
	if n := len(v.kids); n > 0 {
		if last := v.kids[n-1]; !last.done && (last.kind == jString && last.str == "" || isEmptyContainer(last)) {
			v.kids = v.kids[:n-1]
			t.repair(last.off, "dropped the last item, which the text cut off before it held anything")
		}
	}
}

func orNull(v *jvalue, off int) *jvalue {
	if v == nil {
		return &jvalue{kind: jNull, off: off}
	}
	return v
}

func (t *tolerant) object() *jvalue {
	if setLiteral(t.s[t.i+1:]) {
		// {'a', 'b'}: values in braces with no keys, a set as Python
		// writes it: a list.
		t.repair(t.i, "read values in braces, without keys, as a list")
		return t.array('{', '}')
	}
	if doubledBrace(t.s[t.i+1:]) {
		return t.doubledBraces()
	}
	v := t.node(jObject, t.i)
	v.keys = t.keySlice()
	v.kids = t.kidSlice()
	if !t.enter() {
		return v
	}
	t.stack = append(t.stack, jObject)
	t.enterFrame(t.i)
	defer func() {
		t.stack = t.stack[:len(t.stack)-1]
		t.leaveFrame()
		t.leave()
	}()
	t.i++ // {
	t.members(v)
	return v
}

// doubledBrace reports whether s, the text after a '{', starts with
// another '{' where a key was to start.
func doubledBrace(s []byte) bool {
	s = skipWS(s)
	return len(s) > 0 && s[0] == '{'
}

// doubledBraces reads a '{' whose first member is an object. {{"a": 1}},
// as templates escape braces, is the object in them; {{"a": 1}, {"b":
// 2}}, objects in braces without keys, is a list of them, as values in
// braces are (setLiteral).
func (t *tolerant) doubledBraces() *jvalue {
	open := t.i
	if !t.enter() {
		return t.node(jObject, open)
	}
	defer t.leave()
	t.i++ // the outer brace
	t.skip()
	ptr, mark := t.pointer(), len(t.repairs)
	first := t.object()
	t.skip()
	if t.eof() || t.s[t.i] == '}' {
		if t.eof() {
			t.repair(t.i, "closed an object the text left open")
		} else {
			t.i++
		}
		t.repair(open, "read an object in doubled braces {{ }} as the object")
		return first
	}
	t.repair(open, "read objects in braces, without keys, as a list")
	for i := mark; i < len(t.repairs); i++ {
		// The first object's repairs were made before it was known to
		// be an item.
		t.repairs[i].Pointer = ptr + "/0" + strings.TrimPrefix(t.repairs[i].Pointer, ptr)
	}
	v := t.node(jArray, open)
	v.kids = append(t.kidSlice(), first)
	t.items(v, '}')
	return v
}

// setLiteral reports whether s, the text after a '{', holds two or more
// values of one kind (all quoted, or all numbers and bare words)
// separated by commas up to its '}', and no colon: values without keys.
// Mixed kinds ({"key", 105}) are a key whose colon became a comma. The
// scan stops at the first colon, bracket or brace, so it reads each part
// of the text once.
func setLiteral(s []byte) bool {
	n, quoted, bare := 0, 0, 0
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i == len(s) {
			return false
		}
		switch c := s[i]; {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return false
			}
			i = j + 1
			quoted++
		case c == '-' || c == '.' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			for i < len(s) && (s[i] == '-' || s[i] == '.' || s[i] == '_' || s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] == ' ') {
				i++
			}
			bare++
		default:
			return false
		}
		n++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i == len(s) {
			return false
		}
		switch s[i] {
		case ',':
			i++
		case '}':
			return n >= 2 && (quoted == 0 || bare == 0)
		default:
			return false
		}
	}
	return false
}

// members reads an object's members up to its closing brace.
func (t *tolerant) members(v *jvalue) {
	seen := keyIndex{v: v}
	comma := false // a comma was read since the last member
	for {
		t.skip()
		if t.eof() {
			t.repair(t.i, "closed an object the text left open")
			return
		}
		c := t.s[t.i]
		if c == '\\' && len(v.keys) == 0 && t.escapedRestart(v) {
			return // {\"a\": 1}: the object written with escaped quotes
		}
		if stop, _ := t.indentStop(jObject, len(v.keys), comma); stop {
			// {⏎  "a": {⏎    "b": 1,⏎  "c": 2⏎}: the member stands where
			// the outer object's stand; the inner one lost its brace.
			return
		}
		switch {
		case c == '}':
			if comma && len(v.keys) > 0 {
				t.repair(t.i, "removed a trailing comma")
			}
			t.i++
			v.done = true
			return
		case c == ']' && t.wrongCloserUndecided():
			return
		case c == ']' && t.bracketsBalance():
			// {"a": {"b": 1], "c": 2}: written for the brace, as the text
			// closes as many brackets as it opens.
			t.repair(t.i, "read ']' as the '}' that closes the object")
			t.i++
			v.done = true
			return
		case c == ']' && !comma && len(v.kids) > 0 && v.kids[len(v.kids)-1].kind != jArray && startsLine(t.s, v.kids[len(v.kids)-1].off) && t.listLostBracket():
			// {"a":⏎  "x"⏎], "b": 1}: a member's one value, on a line of
			// its own after the key as a list's items stand, then a ']'
			// the text never opened: a list of one that lost its '['.
			// ({"a": {"b": 1]}, … on one line is a bracket too many.)
			t.listFromLastMember(v)
			continue
		case c == ']' && t.strayCloser(c):
			t.repair(t.i, "removed a stray ']'")
			t.i++
			continue
		case c == ']':
			// Closed by the enclosing array's bracket: {"a": 1]
			t.repair(t.i, "closed an object before %q", c)
			return
		case c == '`' && bytes.HasPrefix(t.s[t.i:], []byte("```")):
			t.repair(t.i, "closed an object before a code fence")
			return
		case c == ';' && len(v.keys) > 0 && !comma && moreFollows(t.s[t.i+1:]) && keyFollows(t.s[t.i+1:]):
			// {"a": "x"; "b": "y"}: a semicolon between members, where a
			// key follows, is a comma.
			t.repair(t.i, "read ';' between members as ','")
			comma = true
			t.i++
			continue
		case c == ',':
			switch {
			case len(v.keys) == 0:
				t.repair(t.i, "removed a leading comma")
			case comma:
				t.repair(t.i, "removed an extra comma")
			}
			comma = true
			t.i++
			continue
		case c == ':' && !comma && len(v.kids) > 0 && v.kids[len(v.kids)-1].kind == jString && t.lostBracketUndecided(v):
			return
		case c == ':' && !comma && len(v.kids) > 0 && v.kids[len(v.kids)-1].kind == jString && v.kids[len(v.kids)-1].done && t.objectLostBrace():
			// {"a": "b": 1, "c": 2}, "d": 3}: a colon after a member's
			// string, up to a '}' that closes no object: the string is
			// the first key of the member's object, its '{' left out.
			t.objectFromLastMember(v)
			continue
		case comma && len(v.kids) > 0 && (c == '{' || c == '[' && v.kids[len(v.kids)-1].kind != jArray) && t.lostBracketUndecided(v):
			return
		case (c == '{' || c == '[') && comma && len(v.kids) > 0 && t.listLostBracket():
			// {"a": "x", {"b": 1}], "c": 2}: as for values, above.
			t.listFromLastMember(v)
			comma = false
			continue
		case c == '{' && len(v.keys) > 0 && t.streaming:
			// Whether the brace opens this object's members or the next
			// value is decided by how the whole text's braces add up.
			t.repair(t.i, "stopped at a '{' where a key was wanted until the text says what it opens")
			t.i = len(t.s)
			return
		case c == '{' && len(v.keys) > 0 && t.bracketsBalance() && !t.leftOfItems() && t.membersInBraces(v, &seen):
			// {"a": [], {"b": 1}, "c": 2}: braces where a key was wanted,
			// in a text that closes as many brackets as it opens, not
			// left of the members: they hold members of this object
			// (their key lost, or written in braces of their own).
			comma = false
			continue
		case c == '{':
			// [{"i":1,{"i":2}]: the object ended without its brace.
			t.repair(t.i, "closed an object before '{'")
			return
		case c == '[' && len(v.kids) > 0 && v.kids[len(v.kids)-1].kind == jArray:
			// {"key": ["a"], ["b"]}: a list written after a member's list
			// continues it.
			last := v.kids[len(v.kids)-1]
			at := t.i
			t.pushPath(pathSeg{key: v.keys[len(v.keys)-1], index: -1})
			more := t.array('[', ']')
			t.popPath()
			t.repair(at, "joined a list written after the list of %q to it", v.keys[len(v.keys)-1])
			last.kids = append(last.kids, more.kids...)
			continue
		case t.ellipsis():
			continue
		}
		if len(v.keys) > 0 && !comma && afterBlankLine(t.s[:t.i]) && proseLine(t.s[t.i:]) && t.i > t.lastBrace() {
			// {"a": 1⏎⏎Note: these are estimates.: the model stopped
			// writing the object (no brace closes it after this) and went
			// on in prose; the document ends before it.
			t.repair(t.i, "ended the document before the prose after it")
			t.s = t.s[:t.i]
			continue
		}
		// ""name"": a key in doubled quotes, which key reads; else
		// {"a": 1, """" "b": 2}: empty strings where a key was wanted.
		if _, _, doubled := doubledQuotes(t.s[t.i:]); !doubled {
			if n := emptyQuotes(t.s[t.i:]); n > 0 {
				t.repair(t.i, "removed %s where a key was wanted", t.s[t.i:t.i+n])
				t.i += n
				continue
			}
		}
		listKey := -1 // the ']' of a list read as the key it holds
		if c == '[' {
			if n := listOfOneString(t.s[t.i:]); n > 0 {
				// {"a": 1, ["b"]}: a list of one string where a key was
				// wanted; its string is the key, its brackets stray.
				t.repair(t.i, "removed '[' around a key")
				listKey = t.i + n
				t.i++
				t.skip()
				c = t.s[t.i]
			}
		}
		keyOff := t.i
		bareKey := !isQuote(rune(c))
		keyRepairs := len(t.repairs)
		key, ok := t.key()
		if !ok {
			// Nothing that reads as a key: drop one character and go on.
			t.i = keyOff
			_, n := t.peek()
			t.repair(t.i, "removed %q where a key was wanted", t.s[t.i:t.i+n])
			t.i += n
			continue
		}
		if listKey >= 0 {
			if t.skip(); t.i == listKey {
				t.repair(t.i, "removed ']' around a key")
				t.i++
			}
		}
		// The key's earlier place, if any: values of this object are read
		// below, but no key of it, so the answer holds for the member.
		j, dup := seen.find(key)
		if dup && ok && len(t.stack) >= 2 && t.stack[len(t.stack)-2] == jArray && !(t.streaming && len(skipWS(t.s[t.i:])) == 0) {
			// (A key the streaming text ends in may still grow into
			// another: "auth" into "authType".)
			// [{"name": "a", "name": "b"}]: in a list, a key written again
			// starts the next object, whose braces the text left out.
			t.repair(keyOff, "started a new object at the repeated key %q", key)
			t.i = keyOff
			t.nextObject = true
			v.done = true
			return
		}
		t.skip()
		if (comma || startsLine(t.s, keyOff)) && len(v.kids) > 0 && !t.eof() && (t.s[t.i] == ',' || t.s[t.i] == ']') {
			// (Or a line: the comma at the line's end before it left out.)
			if t.lostBracketUndecided(v) {
				return
			}
			if t.listLostBracket() {
				// {"tags": "a", "b", "c"], "n": 1}: values after a member's
				// value, none a key, up to a ']' the text never opened: the
				// member's list, its '[' left out.
				t.i = keyOff
				t.repairs = t.repairs[:keyRepairs]
				t.listFromLastMember(v)
				comma = false
				continue
			}
		}
		if bareKey && len(v.kids) > 0 && ok && (t.eof() || t.s[t.i] == '}') && !commaBefore(t.s[v.off:keyOff]) {
			// {"a": "x" tail: words after a value, before the end.
			t.repairs = t.repairs[:keyRepairs]
			t.repair(keyOff, "removed the stray text %q after a value", key)
			continue
		}
		switch {
		case t.eof() && key == "" && !t.streaming:
			// {" : the text ends where a key was to start; no key. (A
			// stream shows the object its key opened, as the incremental
			// reader does.)
			t.repair(keyOff, "dropped a key cut off before its first character")
			return
		case t.eof():
			if !dup {
				t.repair(keyOff, "read the key %q, which the text ends after, as null", key)
				v.keys = append(v.keys, key)
				v.kids = append(v.kids, &jvalue{kind: jNull, off: t.i})
			}
			return
		case t.s[t.i] == ':':
			t.i++
			if j := t.i + len(t.s[t.i:]) - len(bytes.TrimLeft(t.s[t.i:], " \t")); j < len(t.s) && t.s[j] == ':' {
				// {"a":: 1}, {"a" : : 1}: the colon written twice.
				t.repair(j, "removed a second ':' after a key")
				t.i = j + 1
			}
		case t.s[t.i] == ',' && !keyFollows(t.s[t.i+1:]):
			// {"key", 105}: a value, not a key, follows the comma.
			t.repair(t.i, "read ',' after a key as ':'")
			t.i++
		case (t.s[t.i] == '+' || t.s[t.i] == '-') && len(skipBlanks(t.s[t.i+1:])) > 0 && skipBlanks(t.s[t.i+1:])[0] == ':':
			// {"a"+: 1}: a sign between a key and its colon is stray (as
			// a value it would read as a number, 0).
			t.repair(t.i, "removed a stray %q before ':'", t.s[t.i])
			t.i = len(t.s) - len(skipBlanks(t.s[t.i+1:])) + 1
		case t.s[t.i] == '=':
			// {"key" = 1} (TOML, HCL) or {"key" => 1} (PHP, Ruby).
			sep := "="
			if t.i+1 < len(t.s) && t.s[t.i+1] == '>' {
				sep = "=>"
			}
			t.repair(t.i, "read %q after a key as ':'", sep)
			t.i += len(sep)
		case (t.s[t.i] == '}' || t.s[t.i] == ',') && listKey < 0:
			t.repair(keyOff, "dropped the key %q, which has no value", key)
			continue
		default:
			t.repair(t.i, "inserted a missing ':'")
		}
		t.skip()
		if t.eof() {
			if !dup {
				t.repair(keyOff, "read the key %q, which the text ends after, as null", key)
				v.keys = append(v.keys, key)
				v.kids = append(v.kids, &jvalue{kind: jNull, off: t.i})
			}
			return
		}
		if len(v.keys) > 0 && !comma {
			t.repair(keyOff, "inserted a missing comma")
		}
		comma = false
		outer, mark := t.pointer(), len(t.repairs)
		t.pushPath(pathSeg{key: key, index: -1})
		val := t.value()
		if t.carryComma {
			t.carryComma, comma = false, true
		}
		if val == nil {
			if t.err != nil {
				t.popPath()
				return
			}
			// {"key": } or {"key": ,}: a missing value is no value: null,
			// for a schema to judge (an optional field reads as absent, a
			// required one is a problem). With no schema it is written ""
			// (encodeValue), the rule json_repair documents.
			t.repair(t.i, "read a missing value as null (\"\" with no schema)")
			val = &jvalue{kind: jNull, off: t.i, done: true, missing: true}
		}
		t.popPath()
		if dup {
			t.repair(keyOff, "kept the last of two values of the key %q", key)
			v.kids[j] = val
			continue
		}
		if val.kind == jObject && len(v.keys) > 0 && bytes.IndexByte(t.s[keyOff:val.off], '\n') >= 0 && t.leftOpen() && restarts(v, val) {
			// {"a": 1, "b": ⏎{"a": 1, "b": 2}: the model stopped and wrote
			// the object again from its start, and no brace closes the
			// first; the second is the object.
			inner := outer + "/" + escapeToken(key)
			for i := mark; i < len(t.repairs); i++ {
				if p := t.repairs[i].Pointer; p == inner || strings.HasPrefix(p, inner+"/") {
					t.repairs[i].Pointer = outer + p[len(inner):]
				}
			}
			t.repair(val.off, "read the object written again from its start, after %q, as the object", key)
			v.keys, v.kids = val.keys, val.kids
			seen = keyIndex{v: v}
			continue
		}
		seen.add(key, len(v.keys))
		v.keys = append(v.keys, key)
		v.kids = append(v.kids, val)
	}
}

// membersInBraces reads the object at t.i, written where a key of v was
// wanted, as members of v, unless one of its keys is one of v's already
// (then it is the next object: [{"i": 1, {"i": 2}}]) and it reads nothing.
func (t *tolerant) membersInBraces(v *jvalue, seen *keyIndex) bool {
	at, mark := t.i, len(t.repairs)
	inner := t.object()
	if inner.kind != jObject {
		t.i, t.repairs = at, t.repairs[:mark]
		return false
	}
	if len(inner.keys) == 0 {
		t.repair(at, "removed an empty object where a key was wanted")
		return true
	}
	for _, k := range inner.keys {
		if _, dup := seen.find(k); dup {
			t.i, t.repairs = at, t.repairs[:mark]
			return false
		}
	}
	t.repair(at, "read the members in braces where a key was wanted as the object's")
	for i, k := range inner.keys {
		seen.add(k, len(v.keys))
		v.keys = append(v.keys, k)
		v.kids = append(v.kids, inner.kids[i])
	}
	return true
}

// leftOpen reports whether nothing closes the object being read after
// the reading position: the text ends, or a list's bracket follows. Not
// while the text streams: its brace may still come.
func (t *tolerant) leftOpen() bool {
	if t.streaming {
		return false
	}
	rest := skipWS(t.s[t.i:])
	return len(rest) == 0 || rest[0] == ']'
}

// restarts reports whether val, the object a member of v holds, is v
// written again: it starts with v's first key and holds each of v's
// members so far with the same value.
func restarts(v, val *jvalue) bool {
	if len(val.keys) < len(v.keys) || val.keys[0] != v.keys[0] {
		return false
	}
	at := keyIndex{v: val}
	for i := range val.keys {
		at.add(val.keys[i], i) // a map, where the object is large
	}
	for i, k := range v.keys {
		j, ok := at.find(k)
		if !ok || !sameValue(v.kids[i], val.kids[j]) {
			return false
		}
	}
	return true
}

// sameValue reports whether a and b read as the same JSON value.
func sameValue(a, b *jvalue) bool {
	if a.kind != b.kind || a.str != b.str || a.b != b.b || len(a.kids) != len(b.kids) || len(a.keys) != len(b.keys) {
		return false
	}
	for i := range a.kids {
		if i < len(a.keys) && a.keys[i] != b.keys[i] || !sameValue(a.kids[i], b.kids[i]) {
			return false
		}
	}
	return true
}

// emptyQuotes returns the length of the run of '"' that s starts with
// when it is an even run of two or more that no colon follows: empty
// strings, not a key; 0 otherwise.
func emptyQuotes(s []byte) int {
	n := 0
	for n < len(s) && s[n] == '"' {
		n++
	}
	if n < 2 || n%2 != 0 {
		return 0
	}
	if rest := bytes.TrimLeft(s[n:], " \t\r\n"); len(rest) > 0 && rest[0] == ':' {
		return 0
	}
	return n
}

// commaBefore reports whether b ends with a comma, then white space.
func commaBefore(b []byte) bool {
	return lastNonSpace(b) == ','
}

// keyIndex finds an object's keys: by a scan while there are few, by a
// map once there are many, so that small objects cost no map.
type keyIndex struct {
	v *jvalue
	m map[string]int
}

func (k *keyIndex) find(key string) (int, bool) {
	if k.m != nil {
		i, ok := k.m[key]
		return i, ok
	}
	for i, have := range k.v.keys {
		if have == key {
			return i, true
		}
	}
	return 0, false
}

func (k *keyIndex) add(key string, i int) {
	if k.m == nil && len(k.v.keys) >= 16 {
		k.m = make(map[string]int, 32)
		for j, have := range k.v.keys {
			k.m[have] = j
		}
	}
	if k.m != nil {
		k.m[key] = i
	}
}

// key reads an object key: a string in any quotes, or a bare word.
func (t *tolerant) key() (string, bool) {
	r, _ := t.peek()
	if isQuote(r) {
		v := t.quotedKey()
		// A key whose end quote went to the next line: the break and
		// the indentation around it are layout ("key⏎    "), not key.
		key := v.str
		raw := t.s[v.off:t.i]
		if r, n := utf8.DecodeLastRune(raw); isQuote(r) {
			raw = raw[:len(raw)-n]
		}
		if rawBreakBefore(raw) {
			key = strings.TrimRight(key, " \t\r\n")
		}
		if key != v.str {
			t.repair(v.off, "removed a line break at the end of a key")
		}
		t.free(v)
		return key, true
	}
	start := t.i
	if q := keyBeforeEndQuote(t.s[t.i:]); q > 0 {
		// read:pets": 1, $edge.hub": {…}: a key that lost its opening
		// quote, its colons and punctuation its text up to the quote a
		// colon follows.
		key := t.text(start, start+q)
		t.repair(start, "quoted the key %q", key)
		t.i = start + q
		t.repair(t.i, "removed the end quote of a key that had no opening quote")
		t.i++
		return key, true
	}
	for !t.eof() {
		r, n := t.peek()
		if r == ':' || r == '}' || r == ',' || r == '{' || r == '[' || r == ']' || r == '\n' || r == '=' || isQuote(r) {
			break
		}
		t.i += n
	}
	key := strings.TrimFunc(t.text(start, t.i), isSpaceRune)
	if key == "" {
		return "", false
	}
	if r, n := t.peek(); isQuote(r) && !strings.ContainsAny(key, " \t") && startsKey(t.s[t.i:]) && !(t.i > start && !isSpaceRune(rune(t.s[t.i-1])) && keyEndQuoteFollows(t.s[t.i+n:])) {
		// (Not a quote glued to the word that a colon follows: a": 1,
		// b": 2 is two keys that lost their opening quotes.)
		// {"a": 1, COMMENT "b": 2}: a stray word before a quoted key.
		t.repair(start, "removed the stray word %q", key)
		return t.key()
	}
	t.repair(start, "quoted the key %q", key)
	if r, n := t.peek(); isQuote(r) && keyEndQuoteFollows(t.s[t.i+n:]) {
		// key": 1, key" : 1, key" "v": the quote ends the key; a colon
		// or the value's string follows it.
		t.repair(t.i, "removed the end quote of a key that had no opening quote")
		t.i += n
	}
	return key, true
}

// keyEndQuoteFollows reports whether s, what follows a quote after a bare
// key, is a colon or, after a blank, a value's string: the quote is the
// key's end quote.
func keyEndQuoteFollows(s []byte) bool {
	rest := skipBlanks(s)
	return len(rest) > 0 && (rest[0] == ':' || len(rest) < len(s) && rest[0] == '"')
}

// listOfOneString returns the offset of the ']' that closes the list s
// starts with, where the list holds one quoted string on one line
// (["b"]), or 0.
func listOfOneString(s []byte) int {
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i == len(s) || (s[i] != '"' && s[i] != '\'') {
		return 0
	}
	q := s[i]
	for i++; i < len(s) && s[i] != q; i++ {
		switch s[i] {
		case '\\':
			i++
		case '\n':
			return 0
		}
	}
	for i++; i < len(s) && (s[i] == ' ' || s[i] == '\t'); i++ {
	}
	if i < len(s) && s[i] == ']' {
		return i
	}
	return 0
}

// maxKeyScan bounds keyBeforeEndQuote's scan.
const maxKeyScan = 256

// keyBeforeEndQuote returns the offset of the '"' in s, on its line, that
// a colon follows, where the text before it is one word of a key that
// lost its opening quote, punctuation and colons included (read:pets,
// $edgeHub, ctrl+]), and holds a colon or punctuation that a bare key
// stops at; else 0 (key reads words and blanks itself).
func keyBeforeEndQuote(s []byte) int {
	special := false
	// Keys are short: a scan as long as the text at every key of a:b:c…
	// would be quadratic.
	for i := 0; i < len(s) && i < maxKeyScan; i++ {
		switch c := s[i]; c {
		case '"':
			if i == 0 || !special || s[i-1] == ':' || s[i-1] == '=' {
				return 0 // (key:"value": the quote opens the value)
			}
			if rest := skipBlanks(s[i+1:]); len(rest) > 0 && rest[0] == ':' {
				return i
			}
			return 0
		case ' ', '\t', '\n', '\r', ',', '{', '}', '\'', '`':
			return 0
		case ':', '[', ']', '=':
			special = true
		}
	}
	return 0
}

// keyValueLines reports whether s is two or more lines, each a bare key
// (a letter or _, then letters, digits, _, - and spaces), a colon and a
// blank (or " = ", TOML's, or "=" right after the key, an .env file's)
// and a scalar value, each key once, and nothing else but blank lines:
// an object written as YAML (or TOML, or .env) writes one. A line of prose, a list
// item or a value that opens a bracket (Answer: {…}, a label before a
// document) makes it something else.
func keyValueLines(s []byte) bool {
	var keys []string // a key written twice is two answers, not one object
	for len(s) > 0 {
		line := s
		if j := bytes.IndexByte(s, '\n'); j >= 0 {
			line, s = s[:j], s[j+1:]
		} else {
			s = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		colon, width := bytes.IndexByte(line, ':'), 1
		if eq := bytes.Index(line, []byte(" = ")); eq > 0 && (colon < 0 || eq < colon) {
			colon, width = eq+1, 2 // title = "Dune": TOML's
		} else if m := envLine.FindIndex(line); m != nil && (colon < 0 || m[1]-2 < colon) {
			colon, width = m[1]-2, 1 // TITLE=Dune: an .env file's
		} else if colon <= 0 || colon+2 > len(line) || line[colon+1] != ' ' && line[colon+1] != '\t' {
			return false
		}
		if colon <= 0 || colon > 40 {
			return false
		}
		if v := bytes.TrimSpace(line[colon+width:]); len(v) == 0 || v[0] == '{' || v[0] == '[' {
			return false // Answer: {…}: a label before a document
		}
		key := bytes.TrimRight(line[:colon], " ")
		if !(key[0] == '_' || key[0] >= 'a' && key[0] <= 'z' || key[0] >= 'A' && key[0] <= 'Z') || key[len(key)-1] == ' ' {
			return false
		}
		for _, c := range key {
			if !(isIdentByte(c) || c == '-' || c == ' ') {
				return false
			}
		}
		if slices.Contains(keys, string(key)) {
			return false
		}
		keys = append(keys, string(key))
	}
	return len(keys) >= 2
}

// readAll reads every value in the text: one document, or several in a
// row (JSON Lines, values separated by commas or comments). After an
// array or object only another array or object counts; other text after
// it is left out and reported.
func (t *tolerant) readAll() []*jvalue {
	var out []*jvalue
	t.skip()
	linesAt := -1 // where lines of keys and values start, if the text is such lines
	if len(t.stack) == 0 && !t.eof() && keyValueLines(t.s[t.i:]) {
		linesAt = t.i // looked at once: the loop below may come back many times
	}
	for {
		t.skip()
		if t.eof() || t.err != nil {
			return out
		}
		if len(out) == 1 && out[0].kind == jObject && t.s[t.i] == ',' {
			if rest := bytes.TrimLeft(t.s[t.i+1:], " \t\r\n"); len(rest) > 0 && startsKey(rest) {
				// {"a": 1}, "b": 2}: the object was closed too early.
				t.repair(t.i, "continued an object its text closed too early")
				t.i = len(t.s) - len(rest)
				t.stack = append(t.stack, jObject)
				t.members(out[0])
				t.stack = t.stack[:len(t.stack)-1]
				continue
			}
		}
		quotedMembers := isQuote(rune(t.s[t.i])) && startsKey(t.s[t.i:]) && !stringAlone(t.s[t.i:])
		if len(out) == 0 && len(t.stack) == 0 && (quotedMembers || t.i == linesAt) {
			// "a": 1, "b": 2: members written without their braces; or
			// name: Bob⏎age: 30, lines of a key and its value, as YAML
			// writes an object.
			if quotedMembers {
				t.repair(t.i, "read members written without braces as an object")
			} else {
				t.repair(t.i, "read lines of a key and its value as an object's members")
			}
			obj := t.node(jObject, t.i)
			obj.keys, obj.kids = t.keySlice(), t.kidSlice()
			t.stack = append(t.stack, jObject)
			t.members(obj)
			t.stack = t.stack[:len(t.stack)-1]
			if n := len(t.repairs); n > 0 && t.repairs[n-1].Message == "closed an object the text left open" && t.eof() {
				t.repairs = t.repairs[:n-1] // the braces' absence is reported once
			}
			obj.done = true
			out = append(out, obj)
			continue
		}
		switch c := t.s[t.i]; c {
		case ',', ';', ')', ']', '}':
			t.repair(t.i, "removed %q after the document", c)
			t.i++
			continue
		}
		if len(out) > 0 && (closingMarker.Match(t.s[t.i:]) || t.streaming && markerStart.Match(t.s[t.i:])) {
			// {…}[/JSON], {…}[/TOOL_CALLS]: the marker that closes the
			// one before the document, not a list of a word (nor, while
			// the text streams, what may become that marker).
			t.repair(t.i, "left out the text after the document")
			t.i = len(t.s)
			return out
		}
		if len(out) > 0 && (out[0].kind == jArray || out[0].kind == jObject) && t.s[t.i] != '{' && t.s[t.i] != '[' {
			if j := bytes.IndexAny(t.s[t.i:], "{["); j >= 0 && onlyFence(t.s[t.i:t.i+j]) {
				t.i += j // a fence between documents
				continue
			}
			t.repair(t.i, "left out the text after the document")
			t.i = len(t.s)
			return out
		}
		v := t.value()
		if v == nil {
			t.repair(t.i, "removed %q", t.s[t.i])
			t.i++
			continue
		}
		out = append(out, v)
		if len(out) == 1 {
			t.firstEnd = t.i
		}
	}
}

// stringAlone reports whether s is one string, then only white space: a
// document that is a string with a colon in it, not a key.
func stringAlone(s []byte) bool {
	_, n := utf8.DecodeRune(s)
	end := indexByteSet(s[n:], &keyEnds)
	return end >= 0 && len(skipWS(s[n+end+1:])) == 0
}

// onlyFence reports whether b is white space and markdown fence marks.
func onlyFence(b []byte) bool {
	return len(bytes.Trim(b, " \t\r\n`json")) == 0 && bytes.Contains(b, []byte("```"))
}
