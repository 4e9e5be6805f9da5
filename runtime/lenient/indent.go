package lenient

import (
	"bytes"
	"strings"
)

// Pretty-printed JSON says by its indentation which container a line
// belongs to: a closing bracket stands at the indentation of the line
// that opened its container, a member or item at the indentation of its
// siblings. Where the text lost a closing bracket (it opens more brackets
// of a kind than it closes), a line that the indentation places in an
// outer container closes the inner ones there, rather than the brackets
// left being paired with the wrong containers.

// frame is what the indentation rules know of a container read from its
// opening bracket.
type frame struct {
	level int // its index in tolerant.stack
	// open is the indentation of the line its opening bracket ends, -1
	// where the bracket does not end its line (compact text: no rule).
	open int
	// item is the indentation of its first member or item, where that
	// starts a line; -1 until it is read, -2 where it does not start one.
	item int
}

// enterFrame records the container just pushed on t.stack, whose opening
// bracket is at off. Only a bracket that ends its line is measured, so
// that each line is scanned back once: time stays linear.
func (t *tolerant) enterFrame(off int) {
	f := frame{level: len(t.stack) - 1, open: -1, item: -1}
	if endsLine(t.s[off+1:]) {
		f.open = lineIndent(t.s, off)
	}
	t.frames = append(t.frames, f)
}

func (t *tolerant) leaveFrame() { t.frames = t.frames[:len(t.frames)-1] }

// topFrame returns the frame of the container being read, or nil where it
// has none (an object without braces).
func (t *tolerant) topFrame() *frame {
	if n := len(t.frames); n > 0 && t.frames[n-1].level == len(t.stack)-1 {
		return &t.frames[n-1]
	}
	return nil
}

// noteItem records, at the start of the container's first member or
// item, its indentation where it starts a line.
func (t *tolerant) noteItem() {
	if f := t.topFrame(); f != nil && f.item == -1 {
		f.item = -2 // measured once
		if col, ok := lineStartCol(t.s, t.i); ok {
			f.item = col
		}
	}
}

// closerOutdented reports whether the closing bracket c at t.i, first on
// its line, stands at the indentation of an outer container of its kind
// that opened on a line of its own, left of where the container being
// read opened, in a text that closes fewer brackets of that container's
// kind than it opens: the container lost its closing bracket, and c
// closes the outer one. While the text streams, what it closes is not
// decided: undecided then.
func (t *tolerant) closerOutdented(c byte) (closes, undecided bool) {
	f := t.topFrame()
	if f == nil || f.open < 0 {
		return false, false
	}
	col, ok := lineStartCol(t.s, t.i)
	if !ok || col >= f.open || !t.outerAt(col, func(g *frame) int { return g.open }, closerKind(c)) {
		return false, false
	}
	if t.streaming {
		return false, true
	}
	return t.lostCloser(t.stack[f.level]), false
}

// memberOutdented reports whether the member or item at t.i, first on its
// line, stands left of the container's first one, at the indentation of
// an outer container's members or items: the container lost its closing
// bracket before it (see closerOutdented).
func (t *tolerant) memberOutdented() (closes, undecided bool) {
	f := t.topFrame()
	if f == nil || f.item < 0 {
		return false, false
	}
	col, ok := lineStartCol(t.s, t.i)
	if !ok || col >= f.item || !t.outerAt(col, func(g *frame) int { return g.item }, anyKind) {
		return false, false
	}
	if t.streaming {
		return false, true
	}
	return t.lostCloser(t.stack[f.level]), false
}

// leftOfItems reports whether t.i, first on its line, stands left of the
// container's first member or item: it is not one of them.
func (t *tolerant) leftOfItems() bool {
	f := t.topFrame()
	if f == nil || f.item < 0 {
		return false
	}
	col, ok := lineStartCol(t.s, t.i)
	return ok && col < f.item
}

// anyKind, for outerAt, is a container of either kind.
const anyKind jkind = 255

// indentStop applies the indentation rules at t.i, in a container of
// kind k that holds n members or items, comma a comma read since the
// last: it records where the first one stands, and reports whether the
// container ends here, closed (by an outdented closer or member, with a
// repair that says so) or cut while streaming (stop alone: what closes is
// still to decide).
func (t *tolerant) indentStop(k jkind, n int, comma bool) (stop, closed bool) {
	noun, bracket, part := "array", "bracket", "item"
	if k == jObject {
		noun, bracket, part = "object", "brace", "member"
	}
	var closes, undecided bool
	switch c := t.s[t.i]; {
	case c == '}' || c == ']':
		if closes, undecided = t.closerOutdented(c); undecided {
			t.repair(t.i, "stopped at a closing bracket left of the %s's until the text says what it closes", noun)
		} else if closes {
			t.repair(t.i, "closed an %s that lost its closing %s, by the indentation of the %q after it", noun, bracket, c)
		}
	case c == ',':
	case n == 0:
		t.noteItem()
	default:
		if closes, undecided = t.memberOutdented(); undecided {
			t.repair(t.i, "stopped at %s %s left of the %s's until the text says where it belongs", article(part), part, noun)
		} else if closes {
			t.repair(t.i, "closed an %s that lost its closing %s, by the indentation of the %s after it", noun, bracket, part)
			t.carryComma = comma
		}
	}
	if undecided {
		t.i = len(t.s)
	}
	return closes || undecided, closes
}

// article is the indefinite article of word.
func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// outerAt reports whether a container around the one being read, of
// kind k (or anyKind), has at(frame) == col, with none between them left
// of col.
func (t *tolerant) outerAt(col int, at func(*frame) int, k jkind) bool {
	for j := len(t.frames) - 2; j >= 0; j-- {
		g := &t.frames[j]
		switch c := at(g); {
		case c == col:
			return k == anyKind || t.stack[g.level] == k
		case c >= 0 && c < col:
			return false
		}
	}
	return false
}

// lostCloser reports whether the text opens more brackets of k's kind
// than it closes.
func (t *tolerant) lostCloser(k jkind) bool {
	t.bracketsBalance()
	if k == jObject {
		return t.brackets.braces < 0
	}
	return t.brackets.squares < 0
}

func closerKind(c byte) jkind {
	if c == '}' {
		return jObject
	}
	return jArray
}

// startsLine reports whether only blanks come before s[i] on its line,
// and a line comes before it.
func startsLine(s []byte, i int) bool {
	_, ok := lineStartCol(s, i)
	return ok
}

// endsLine reports whether only blanks come before the line's end in s.
func endsLine(s []byte) bool {
	for _, c := range s {
		switch c {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return false
}

// lineStartCol returns the indentation (indentOf) of s[i] where only
// blanks come before it on its line (and the line is not the text's
// first).
func lineStartCol(s []byte, i int) (int, bool) {
	for j := i - 1; j >= 0; j-- {
		switch s[j] {
		case ' ', '\t':
		case '\n':
			return indentOf(s[j+1 : i]), true
		default:
			return 0, false
		}
	}
	return 0, false
}

// lineIndent returns the indentation (indentOf) of the line s[off] is on.
func lineIndent(s []byte, off int) int {
	return indentOf(s[bytes.LastIndexByte(s[:off], '\n')+1:])
}
