package runtime

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
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
	str   string // a string; a number's JSON text
	items []*jvalue
	keys  []string
	vals  []*jvalue
	off   int
	kind  jkind
	b     bool
	done  bool
}

// tolerant reads what models write as JSON. Every change it makes to read
// the text is a Repair with the JSON pointer of the value and the input
// offset where it happened. It reads in one pass; the only look-back is a
// string re-read once with its end quote missing, so time stays linear.
type tolerant struct {
	s      []byte
	i      int
	depth  int
	stack  []jkind // the containers being read, innermost last
	parens int     // open parentheses: tuples and calls
	// streaming: the text may still grow, so a string it ends in keeps
	// its trailing white space.
	streaming bool
	slab      []jvalue // nodes are cut from here: one allocation per many values
	src       string   // s as a string, once: strings read are substrings of it
	path      []string
	repairs   []Repair
	err       error
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
	if len(t.slab) == 0 {
		t.slab = make([]jvalue, 256)
	}
	v := &t.slab[0]
	t.slab = t.slab[1:]
	v.kind, v.off = k, off
	return v
}

func (t *tolerant) repair(off int, format string, args ...any) {
	t.repairs = append(t.repairs, Repair{Pointer: Pointer(t.path), Offset: off, Message: fmt.Sprintf(format, args...)})
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
	case ' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u200b', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}

// skip passes white space (the Unicode spaces models paste too) and
// comments: //, # and /* */.
func (t *tolerant) skip() {
	for !t.eof() {
		r, n := t.peek()
		switch {
		case isSpaceRune(r):
			if r > 0x7f || r == '\f' || r == '\v' {
				t.repair(t.i, "read %U as white space", r)
			}
			t.i += n
		case r == '/' && t.i+1 < len(t.s) && t.s[t.i+1] == '/':
			start := t.i
			for !t.eof() && t.s[t.i] != '\n' {
				t.i++
			}
			t.repair(start, "removed a comment")
		case r == '#':
			// A Python comment; on one line with a closing bracket, it
			// ends before the bracket.
			start := t.i
			for !t.eof() && t.s[t.i] != '\n' && t.s[t.i] != '}' && t.s[t.i] != ']' {
				t.i++
			}
			t.repair(start, "removed a comment")
		case r == '/' && t.i+1 < len(t.s) && t.s[t.i+1] == '*':
			start := t.i
			end := bytes.Index(t.s[t.i+2:], []byte("*/"))
			if end < 0 {
				t.i = len(t.s)
			} else {
				t.i += 2 + end + 2
			}
			t.repair(start, "removed a comment")
		default:
			return
		}
	}
}

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
	}
	return ""
}

func isQuote(r rune) bool { return closingQuotes(r) != "" }

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
	t.skip()
	if t.eof() || t.err != nil {
		return nil
	}
	r, n := t.peek()
	switch {
	case r == '{':
		return t.object()
	case r == '[':
		return t.array('[', ']')
	case r == '(':
		// A Python tuple; one value in parentheses is that value.
		t.parens++
		v := t.array('(', ')')
		t.parens--
		if len(v.items) == 1 && !bytes.Contains(t.s[v.off:t.i], []byte(",")) {
			t.repair(v.off, "read a parenthesized value as the value")
			return v.items[0]
		}
		t.repair(v.off, "read a parenthesized list as an array")
		return v
	case isQuote(r):
		return t.quoted()
	case r >= '0' && r <= '9', r == '-', r == '+', r == '.' && t.i+1 < len(t.s) && t.s[t.i+1] >= '0' && t.s[t.i+1] <= '9':
		return t.number()
	case r == '.' && bytes.HasPrefix(t.s[t.i:], []byte("...")):
		return nil // an ellipsis: the caller skips it
	case isDelimiter(r):
		return nil
	}
	_ = n
	return t.bare()
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

// ellipsis skips "..." standing for left-out items.
func (t *tolerant) ellipsis() bool {
	if bytes.HasPrefix(t.s[t.i:], []byte("...")) {
		t.repair(t.i, "removed an ellipsis")
		t.i += 3
		return true
	}
	return false
}

func (t *tolerant) array(open, close byte) *jvalue {
	v := t.node(jArray, t.i)
	v.items = make([]*jvalue, 0, 4)
	if !t.enter() {
		return v
	}
	t.stack = append(t.stack, jArray)
	defer func() { t.stack = t.stack[:len(t.stack)-1] }()
	defer t.leave()
	t.i++ // the opening bracket
	for {
		t.skip()
		if t.eof() {
			t.repair(t.i, "closed an array the text left open")
			dropUnfinished(v)
			return v
		}
		c := t.s[t.i]
		switch {
		case c == close:
			t.i++
			v.done = true
			dropUnfinished(v)
			return v
		case c == ']' || c == ')':
			t.repair(t.i, "closed an array with %q", c)
			t.i++
			v.done = true
			return v
		case c == '}':
			if t.inObject() {
				// {"a": [1, 2}: the object's brace closes the array too.
				t.repair(t.i, "closed an array before '}'")
				dropUnfinished(v)
				return v
			}
			t.repair(t.i, "removed a stray '}'")
			t.i++
			continue
		case bytes.HasPrefix(t.s[t.i:], []byte("```")):
			t.repair(t.i, "closed an array before a code fence")
			dropUnfinished(v)
			return v
		case c == ',':
			if len(v.items) == 0 {
				t.repair(t.i, "removed a leading comma")
			}
			t.i++
			t.skip()
			if !t.eof() && (t.s[t.i] == close || t.s[t.i] == ']') && len(v.items) > 0 {
				t.repair(t.i, "removed a trailing comma")
			}
			continue
		case t.ellipsis():
			continue
		case c == ':' && len(v.items) > 0:
			// ["key": "value"]: an object without its braces.
			last := v.items[len(v.items)-1]
			if last.kind == jString {
				t.repair(last.off, "read a key and value in an array as an object")
				t.i++
				t.path = append(t.path, strconv.Itoa(len(v.items)-1))
				val := t.value()
				t.path = t.path[:len(t.path)-1]
				obj := &jvalue{kind: jObject, off: last.off, keys: []string{last.str}, vals: []*jvalue{orNull(val, t.i)}, done: true}
				v.items[len(v.items)-1] = obj
				continue
			}
			t.i++
			continue
		}
		if len(v.items) > 0 && t.lastNotComma(v) {
			t.repair(t.i, "inserted a missing comma")
		}
		t.path = append(t.path, strconv.Itoa(len(v.items)))
		item := t.value()
		t.path = t.path[:len(t.path)-1]
		if item == nil {
			if t.err != nil {
				return v
			}
			t.repair(t.i, "removed %q", t.s[t.i])
			t.i++ // a character that starts nothing
			continue
		}
		v.items = append(v.items, item)
	}
}

// lastNotComma reports whether the item before the reading position was
// not followed by a comma (the text left it out).
func (t *tolerant) lastNotComma(v *jvalue) bool {
	for j := t.i - 1; j > v.off; j-- {
		switch c := t.s[j]; {
		case c == ',':
			return false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			return true
		}
	}
	return false
}

// inObject reports whether the innermost container around the current
// one is an object.
func (t *tolerant) inObject() bool {
	return len(t.stack) >= 2 && t.stack[len(t.stack)-2] == jObject
}

// dropUnfinished drops an array's last item when the text cut it off
// before it held anything (["  or [{ at the end).
func dropUnfinished(v *jvalue) {
	if n := len(v.items); n > 0 {
		if last := v.items[n-1]; !last.done && (last.kind == jString && last.str == "" || isEmptyContainer(last)) {
			v.items = v.items[:n-1]
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
	v := t.node(jObject, t.i)
	v.keys = make([]string, 0, 4)
	v.vals = make([]*jvalue, 0, 4)
	if !t.enter() {
		return v
	}
	t.stack = append(t.stack, jObject)
	defer func() { t.stack = t.stack[:len(t.stack)-1] }()
	defer t.leave()
	t.i++ // {
	t.members(v)
	return v
}

// members reads an object's members up to its closing brace.
func (t *tolerant) members(v *jvalue) {
	seen := keyIndex{v: v}
	for {
		t.skip()
		if t.eof() {
			t.repair(t.i, "closed an object the text left open")
			return
		}
		c := t.s[t.i]
		switch {
		case c == '}':
			t.i++
			v.done = true
			return
		case c == ']':
			// Closed by the enclosing array's bracket: {"a": 1]
			t.repair(t.i, "closed an object before %q", c)
			return
		case bytes.HasPrefix(t.s[t.i:], []byte("```")):
			t.repair(t.i, "closed an object before a code fence")
			return
		case c == ',':
			if len(v.keys) == 0 {
				t.repair(t.i, "removed a leading comma")
			}
			t.i++
			continue
		case c == '{':
			// [{"i":1,{"i":2}]: the object ended without its brace.
			t.repair(t.i, "closed an object before '{'")
			return
		case c == '[' && len(v.vals) > 0 && v.vals[len(v.vals)-1].kind == jArray:
			// {"key": ["a"], ["b"]}: a list written after a member's list
			// continues it.
			last := v.vals[len(v.vals)-1]
			at := t.i
			t.path = append(t.path, v.keys[len(v.keys)-1])
			more := t.array('[', ']')
			t.path = t.path[:len(t.path)-1]
			t.repair(at, "joined a list written after the list of %q to it", v.keys[len(v.keys)-1])
			last.items = append(last.items, more.items...)
			continue
		case t.ellipsis():
			continue
		}
		keyOff := t.i
		key, ok := t.key()
		if !ok {
			// Nothing that reads as a key: drop one character and go on.
			t.i = keyOff
			_, n := t.peek()
			t.repair(t.i, "removed %q where a key was wanted", t.s[t.i:t.i+n])
			t.i += n
			continue
		}
		t.skip()
		switch {
		case t.eof():
			if _, dup := seen.find(key); !dup {
				t.repair(keyOff, "read the key %q, which the text ends after, as null", key)
				v.keys = append(v.keys, key)
				v.vals = append(v.vals, &jvalue{kind: jNull, off: t.i})
			}
			return
		case t.s[t.i] == ':':
			t.i++
		case t.s[t.i] == '}' || t.s[t.i] == ',':
			t.repair(keyOff, "dropped the key %q, which has no value", key)
			continue
		default:
			t.repair(t.i, "inserted a missing ':'")
		}
		t.skip()
		if t.eof() {
			if _, dup := seen.find(key); !dup {
				t.repair(keyOff, "read the key %q, which the text ends after, as null", key)
				v.keys = append(v.keys, key)
				v.vals = append(v.vals, &jvalue{kind: jNull, off: t.i})
			}
			return
		}
		t.path = append(t.path, key)
		val := t.value()
		if val == nil {
			if t.err != nil {
				t.path = t.path[:len(t.path)-1]
				return
			}
			// {"key": } or {"key": ,}: a missing value.
			t.repair(t.i, "read a missing value as \"\"")
			val = &jvalue{kind: jString, off: t.i, done: true}
		}
		t.path = t.path[:len(t.path)-1]
		if j, dup := seen.find(key); dup {
			t.repair(keyOff, "kept the last of two values of the key %q", key)
			v.vals[j] = val
			continue
		}
		seen.add(key, len(v.keys))
		v.keys = append(v.keys, key)
		v.vals = append(v.vals, val)
	}
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
		key := strings.TrimRight(v.str, "\r\n")
		if key != v.str {
			t.repair(v.off, "removed a line break at the end of a key")
		}
		return key, true
	}
	start := t.i
	for !t.eof() {
		r, n := t.peek()
		if r == ':' || r == '}' || r == ',' || r == '{' || r == '[' || r == ']' || r == '\n' || isQuote(r) {
			break
		}
		t.i += n
	}
	key := strings.TrimSpace(t.text(start, t.i))
	if key == "" {
		return "", false
	}
	if r, _ := t.peek(); isQuote(r) && !strings.ContainsAny(key, " \t") && startsKey(t.s[t.i:]) {
		// {"a": 1, COMMENT "b": 2}: a stray word before a quoted key.
		t.repair(start, "removed the stray word %q", key)
		return t.key()
	}
	t.repair(start, "quoted the key %q", key)
	if r, n := t.peek(); isQuote(r) && t.i+n < len(t.s) && t.s[t.i+n] == ':' {
		t.repair(t.i, "removed the end quote of a key that had no opening quote")
		t.i += n
	}
	return key, true
}

// quotedKey reads a key in quotes; a key left open ends at ':'.
func (t *tolerant) quotedKey() *jvalue { return t.quotedOnce(true) }

// quoted reads a string in quotes, and strings joined to it with "+".
func (t *tolerant) quoted() *jvalue {
	v := t.quotedOnce(false)
	for {
		save := t.i
		t.skip()
		if t.eof() || t.s[t.i] != '+' {
			t.i = save
			return v
		}
		plus := t.i
		t.i++
		t.skip()
		if r, _ := t.peek(); !isQuote(r) {
			t.repair(plus, "removed a dangling '+'")
			return v
		}
		next := t.quotedOnce(false)
		t.repair(plus, "joined strings written with '+'")
		v.str += next.str
		v.done = next.done
	}
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
	if open != '"' {
		t.repair(start, "read a string in %c quotes", open)
	}
	t.i += n
	if open == '"' {
		if v, ok := t.plainString(start); ok {
			return v
		}
	}
	if v, ok := t.stringBody(start, open, key, false); ok {
		return v
	}
	t.i = start + n
	v, _ := t.stringBody(start, open, key, true)
	return v
}

// plainString reads, in one slice, a "string" with no escape and no
// control character whose end quote is followed by what may follow a
// value: most strings. Others are read by stringBody.
func (t *tolerant) plainString(start int) (*jvalue, bool) {
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
	if k < len(t.s) && len(t.stack) == 0 && t.parens == 0 && t.s[k] != ',' && t.s[k] != '\n' {
		return nil, false // a document that is one string: stringBody's rule
	}
	if k < len(t.s) {
		switch t.s[k] {
		case ',', ':', '}', ']', '\n':
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
	closers := closingQuotes(open)
	var sb strings.Builder
	v := &jvalue{kind: jString, off: start}
	braces := 0 // braces the string's text opened and has not closed
	for !t.eof() {
		r, n := t.peek()
		switch r {
		case '{':
			braces++
		case '}':
			if braces > 0 {
				braces--
			}
		}
		switch {
		case strings.ContainsRune(closers, r):
			quote := t.i
			t.i += n
			save := t.i
			t.skip()
			next, _ := t.peek()
			topLevel := len(t.stack) == 0 && t.parens == 0
			if topLevel && !stopAtDelimiter && !t.eof() && next != ',' && next != '\n' && next != '+' {
				// A document that is one string ends at the end of the
				// text: "a 24" screen" keeps its inner quote.
				t.i = save
				t.repair(quote, "escaped a quote inside a string")
				sb.WriteRune(r)
				continue
			}
			if !stopAtDelimiter && !key && braces > 0 {
				// {"x": "answer is {"k": 1}, which…"}: quotes inside braces
				// the string opened are the string's.
				t.i = save
				t.repair(quote, "escaped a quote inside a string")
				sb.WriteRune(r)
				continue
			}
			if !stopAtDelimiter && !key && next == ',' && t.inObjectValue() && !keyFollows(t.s[t.i+1:]) {
				// {"a": "x "y", z." }: after a comma in an object a key
				// follows; here none does, so the quote is the string's.
				t.i = save
				t.repair(quote, "escaped a quote inside a string")
				sb.WriteRune(r)
				continue
			}
			if stopAtDelimiter || t.eof() || next == ',' || next == ':' || next == '}' || next == ']' || next == ')' && t.parens > 0 || isQuote(next) || next == '\n' || next == '+' || next >= '0' && next <= '9' && !key {
				t.i = save
				v.str, v.done = sb.String(), true
				if trimmed := strings.TrimRight(v.str, " \t\r"); strings.HasSuffix(trimmed, "\n") && rawBreakBefore(t.s[start:quote]) {
					// "text⏎": a line break written before the end quote is
					// layout, not content.
					v.str = strings.TrimRight(trimmed, "\r\n")
					t.repair(quote, "removed a line break before the end quote")
				}
				return v, true
			}
			if prev := lastNonSpace(t.s[start+1 : quote]); (prev == ',' || prev == '{' || prev == '[') && startsKey(t.s[quote:]) ||
				prev == ':' && (key || endsWithKey(sb.String())) {
				// {"a":"b,"c":"d"}: the quote opens a key; this string's end
				// quote is missing.
				if !stopAtDelimiter {
					return nil, false
				}
			}
			// An inner quote: part of the string.
			t.i = save
			t.repair(quote, "escaped a quote inside a string")
			sb.WriteRune(r)
		case r == '\\':
			t.escape(&sb)
		case stopAtDelimiter && t.endsOpenString(r, key):
			v.str = strings.TrimRight(sb.String(), " \t\r")
			t.repair(start, "closed a string whose end quote is missing")
			v.done = true
			return v, true
		case r < 0x20:
			if r == '\n' && !stopAtDelimiter && lastNonSpaceRune(sb.String()) == ',' {
				// "abc,⏎"def": the line ends after a comma and the next
				// starts a string: the end quote is missing.
				if next := bytes.TrimLeft(t.s[t.i+1:], " \t\r"); len(next) > 0 && isQuote(rune(next[0])) {
					return nil, false
				}
			}
			t.repair(t.i, "escaped a control character in a string")
			sb.WriteRune(r)
			t.i += n
		default:
			sb.WriteRune(r)
			t.i += n
		}
	}
	if !stopAtDelimiter && !t.streaming && strings.ContainsAny(sb.String(), ",}]:\n") {
		// A complete text left the string open: its end quote is missing,
		// so re-read it up to a delimiter. A streaming text has simply not
		// written the end quote yet.
		return nil, false
	}
	v.str = sb.String()
	if !t.streaming {
		v.str = strings.TrimRight(v.str, " \t\r\n")
	}
	t.repair(start, "closed a string the text left open")
	return v, true
}

// inObjectValue reports whether the reader is reading a member's value.
func (t *tolerant) inObjectValue() bool {
	return len(t.stack) > 0 && t.stack[len(t.stack)-1] == jObject
}

// keyFollows reports whether s, after a comma in an object, starts with
// what may follow there: a key (quoted or bare, then a colon), the
// object's end, or nothing.
func keyFollows(s []byte) bool {
	s = bytes.TrimLeft(s, " \t\r\n")
	if len(s) == 0 || s[0] == '}' {
		return true
	}
	if r, _ := utf8.DecodeRune(s); isQuote(r) {
		return startsKey(s)
	}
	word := 0
	for word < len(s) && isIdentByte(s[word]) {
		word++
	}
	after := bytes.TrimLeft(s[word:], " \t")
	return word > 0 && len(after) > 0 && after[0] == ':'
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
	case '}', ']', '\n':
		return true
	case ':':
		return key
	case ',':
		rest := bytes.TrimLeft(t.s[t.i+1:], " \t\r")
		if len(rest) == 0 {
			return true
		}
		next, _ := utf8.DecodeRune(rest)
		if isQuote(next) || next >= '0' && next <= '9' || next == '-' || next == '{' || next == '[' || next == '}' || next == ']' || next == '\n' {
			return true
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
	_, n := utf8.DecodeRune(s)
	end := bytes.IndexAny(s[n:], "\"'`\n")
	if end < 0 || s[n+end] == '\n' {
		return false
	}
	rest := bytes.TrimLeft(s[n+end+1:], " \t")
	return len(rest) > 0 && rest[0] == ':'
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
	switch c {
	case '"', '\\', '/':
		sb.WriteByte(c)
	case 'b':
		sb.WriteByte('\b')
	case 'f':
		sb.WriteByte('\f')
	case 'n':
		sb.WriteByte('\n')
	case 'r':
		sb.WriteByte('\r')
	case 't':
		sb.WriteByte('\t')
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
				sb.WriteRune(r)
				t.i++
				return
			}
		}
		t.repair(at, "removed an incomplete \\u escape")
		for t.i < len(t.s) && t.i < at+6 && isHex(t.s[t.i]) || t.i < len(t.s) && t.s[t.i] == 'u' {
			t.i++
		}
		return
	default:
		t.repair(at, "read the invalid escape \\%c as %c", c, c)
		r, n := utf8.DecodeRune(t.s[t.i:])
		sb.WriteRune(r)
		t.i += n
		return
	}
	t.i++
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

func utf16IsHigh(r rune) bool { return r >= 0xd800 && r < 0xdc00 }
func utf16IsLow(r rune) bool  { return r >= 0xdc00 && r < 0xe000 }
func isHex(c byte) bool       { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number reads a number; a token that only starts like one (a version, a
// UUID, 1/3) is read as a string.
func (t *tolerant) number() *jvalue {
	start := t.i
	end := t.i
	for end < len(t.s) {
		c := t.s[end]
		if c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E' || c == '_' {
			end++
			continue
		}
		break
	}
	// "amount": -2,000.00 — in an object, digits after a comma cannot
	// start a key: the comma separates thousands.
	if len(t.stack) > 0 && t.stack[len(t.stack)-1] == jObject && !bytes.ContainsAny(t.s[start:end], ".eE") {
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
	tok := t.text(start, end)
	if strings.Contains(tok, ",") {
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
	// A letter or slash right after: not a number ("1notanumber", a UUID, 1/3).
	if end < len(t.s) {
		comment := bytes.HasPrefix(t.s[end:], []byte("/*")) || bytes.HasPrefix(t.s[end:], []byte("//"))
		if r, _ := utf8.DecodeRune(t.s[end:]); unicode.IsLetter(r) || r == '/' && !comment || r == '_' {
			return t.bare()
		}
	}
	t.i = end
	v := t.node(jNumber, start)
	v.done = end < len(t.s)
	text := tok
	if strings.Contains(tok, "_") {
		text = strings.ReplaceAll(tok, "_", "")
	}
	if text != tok {
		t.repair(start, "removed the underscores of %s", tok)
	}
	if fixed, ok := fixNumber(text); ok {
		if fixed != text {
			t.repair(start, "read %s as %s", tok, fixed)
		}
		v.str = fixed
		return v
	}
	t.repair(start, "read %s as a string", tok)
	return &jvalue{kind: jString, str: tok, off: start, done: v.done}
}

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

// literals are the words read as JSON literals, with what they mean.
var literals = map[string]*jvalue{
	"true": {kind: jBool, b: true}, "false": {kind: jBool}, "null": {kind: jNull},
	"True": {kind: jBool, b: true}, "False": {kind: jBool}, "None": {kind: jNull},
	"TRUE": {kind: jBool, b: true}, "FALSE": {kind: jBool}, "NULL": {kind: jNull}, "Null": {kind: jNull},
	"undefined": {kind: jNull}, "NaN": {kind: jNull}, "Infinity": {kind: jNull}, "-Infinity": {kind: jNull},
}

// bare reads a word that is not quoted: a literal, a call such as
// ObjectId("…") whose argument is the value, or an unquoted string up to
// the next delimiter (spaces inside kept).
func (t *tolerant) bare() *jvalue {
	start := t.i
	end := t.i
	parens := 0
	for end < len(t.s) {
		r, n := utf8.DecodeRune(t.s[end:])
		if r == '(' {
			if parens == 0 && isIdentifier(strings.TrimSpace(string(t.s[start:end]))) {
				break // a call
			}
			parens++
		}
		if r == ')' {
			if parens == 0 {
				break
			}
			parens--
		}
		if r == ',' || r == '}' || r == ']' || r == '\n' || r == '[' || r == '{' || isQuote(r) && r != '\'' && r != '’' {
			break
		}
		if r == ':' && !bytes.HasPrefix(t.s[end:], []byte("://")) {
			break
		}
		if r == '/' && end+1 < len(t.s) && (t.s[end+1] == '*' || t.s[end+1] == '/') && !bytes.HasSuffix(t.s[start:end], []byte(":")) {
			break // a comment
		}
		end += n
	}
	word := strings.TrimRight(t.text(start, end), " \t\r")
	if end < len(t.s) && t.s[end] == '(' && isIdentifier(word) {
		// A function call: ObjectId("123"), callback({…}).
		t.i = end + 1
		t.repair(start, "read the argument of %s(…) as the value", word)
		t.parens++
		v := t.value()
		t.parens--
		t.skip()
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
		v := *lit
		v.off, v.done = start, t.i < len(t.s)
		return &v
	}
	if word == "" {
		return nil
	}
	t.repair(start, "quoted the bare word %q", word)
	v := &jvalue{kind: jString, str: word, off: start, done: t.i < len(t.s)}
	// [a","b"]: a quote right after the word closes it.
	if r, n := t.peek(); r == '"' && t.i+n <= len(t.s) {
		after := bytes.TrimLeft(t.s[t.i+n:], " \t")
		if len(after) == 0 || after[0] == ',' || after[0] == ']' || after[0] == '}' || after[0] == ':' {
			t.repair(t.i, "removed the end quote of a string that had no opening quote")
			t.i += n
		}
	}
	return v
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

// readAll reads every value in the text: one document, or several in a
// row (JSON Lines, values separated by commas or comments). After an
// array or object only another array or object counts; other text after
// it is left out and reported.
func (t *tolerant) readAll() []*jvalue {
	var out []*jvalue
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
		switch c := t.s[t.i]; c {
		case ',', ';', ')', ']', '}':
			t.repair(t.i, "removed %q after the document", c)
			t.i++
			continue
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
	}
}

// onlyFence reports whether b is white space and markdown fence marks.
func onlyFence(b []byte) bool {
	return len(bytes.Trim(b, " \t\r\n`json")) == 0 && bytes.Contains(b, []byte("```"))
}
