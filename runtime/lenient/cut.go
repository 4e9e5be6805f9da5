package lenient

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// closeCut reads the most common break, a reply cut short, without the
// tolerant reader: text that is one document starting with '{' or '[',
// strict JSON up to its end, which falls between values (after a value, a
// comma or an opening bracket). It returns the document closed, each open
// array and object closed, innermost first, with the repair the tolerant
// reader reports for each; the reading is the tolerant reader's
// (TestCloseCutReadsAsTheReader). Anything else is not ok, and left to the
// tolerant reader: a cut inside a string, number, literal or member,
// duplicate keys, keys with escapes, \b and \f (which the reader may keep
// as written), control characters, invalid UTF-8, an array whose last
// item the cut left empty (which the reader drops), and a list of lists
// with scalars among them (where the reader may read a lost bracket).
func closeCut(text []byte) (closed []byte, repairs []problem.Repair, ok bool) {
	type frame struct {
		obj   bool
		empty bool // no item or member started yet
		// rows: the first item is an array, and a scalar came after an
		// array: the reader may read a lost bracket there (rowLostBracket).
		firstArray, rows bool
		index            int    // the item being read (arrays)
		key              []byte // the member being read (objects)
		keys             [][]byte
	}
	const (
		wantValue = iota
		wantKey
		afterValue
	)
	var stack []frame
	state, first := wantValue, false
	// scalarLast: the last token is a scalar, which the reader may read
	// on past its end when nothing but the cut follows (a string's quote
	// is decided by what comes after it).
	scalarLast := false
	keep := 0 // the text up to here is kept: no trailing comma
	i := 0
	skipSpace := func() {
		for i < len(text) && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t') {
			i++
		}
	}
	skipSpace()
	if i == len(text) || text[i] != '{' && text[i] != '[' {
		return nil, nil, false
	}
	for {
		skipSpace()
		if i == len(text) {
			break
		}
		c := text[i]
		switch state {
		case wantValue, wantKey:
			closing := first && len(stack) > 0 && (c == ']' && !stack[len(stack)-1].obj || c == '}' && stack[len(stack)-1].obj)
			switch {
			case closing:
				stack = stack[:len(stack)-1]
				i++
				state, keep = afterValue, i
			case state == wantKey:
				if c != '"' {
					return nil, nil, false
				}
				end, esc := scanString(text, i)
				if end < 0 || esc {
					return nil, nil, false
				}
				top := &stack[len(stack)-1]
				key := text[i+1 : end-1]
				for _, k := range top.keys {
					if bytes.Equal(k, key) {
						return nil, nil, false
					}
				}
				top.keys = append(top.keys, key)
				top.key, top.empty = key, false
				i = end
				skipSpace()
				if i == len(text) || text[i] != ':' {
					return nil, nil, false
				}
				i++
				skipSpace()
				if i == len(text) {
					return nil, nil, false // a member cut after its colon
				}
				state = wantValue
			case c == '{' || c == '[':
				if len(stack) > 0 && !stack[len(stack)-1].obj {
					top := &stack[len(stack)-1]
					if !first {
						top.index++
					}
					if top.empty && c == '[' {
						top.firstArray = true
					}
					top.empty = false
				}
				stack = append(stack, frame{obj: c == '{', empty: true})
				i++
				state, first, keep = wantValue, true, i
				if c == '{' {
					state = wantKey
				}
				continue
			default:
				if len(stack) > 0 && !stack[len(stack)-1].obj {
					top := &stack[len(stack)-1]
					if !first {
						top.index++
					}
					top.rows = top.rows || top.firstArray
					top.empty = false
				}
				end := scanScalar(text, i)
				if end < 0 || end == len(text) {
					return nil, nil, false // a scalar cut, or one that may be
				}
				i = end
				state, keep, scalarLast = afterValue, i, true
			}
			first = false
		case afterValue:
			if len(stack) == 0 {
				return nil, nil, false // something after the document
			}
			scalarLast = false
			top := stack[len(stack)-1]
			switch {
			case c == ',':
				i++
				state, first = wantValue, false
				if top.obj {
					state = wantKey
				}
			case c == ']' && !top.obj, c == '}' && top.obj:
				if top.rows {
					return nil, nil, false
				}
				stack = stack[:len(stack)-1]
				i++
				keep = i
			default:
				return nil, nil, false
			}
		}
		if state != afterValue && len(stack) == 0 {
			return nil, nil, false
		}
	}
	if scalarLast && len(stack) > 0 {
		return nil, nil, false
	}
	for j := 1; j < len(stack); j++ {
		if stack[j].empty && !stack[j-1].obj {
			// The reader drops an array's last item that the text cut
			// before it held anything ([[ or [{ at the end).
			return nil, nil, false
		}
	}
	if !utf8.Valid(text[:keep]) {
		return nil, nil, false
	}
	closed = make([]byte, 0, keep+len(stack))
	closed = append(closed, text[:keep]...)
	tokens := make([]string, 0, len(stack))
	for _, f := range stack {
		if f.obj {
			tokens = append(tokens, string(f.key))
		} else {
			tokens = append(tokens, strconv.Itoa(f.index))
		}
	}
	for j := len(stack) - 1; j >= 0; j-- {
		msg := "closed an array the text left open"
		closer := byte(']')
		if stack[j].obj {
			msg, closer = "closed an object the text left open", '}'
		}
		closed = append(closed, closer)
		repairs = append(repairs, problem.Repair{Pointer: schema.Pointer(tokens[:j]), Offset: len(text), Message: msg})
	}
	return closed, repairs, true
}

// scanString returns the end of the strict JSON string that starts at i
// (after its closing quote), whether it has escapes, and -1 where it is
// not one the tolerant reader reads as JSON does: cut, a control
// character, an escape JSON does not have, \b, \f, a surrogate, or a
// \n, \r or \t before a letter where a path may start (.\new), or a
// fence at its start.
func scanString(text []byte, i int) (end int, escapes bool) {
	// word is where the string's last word starts, as the reader's
	// pathStart sees it; wordEscaped: an escape in it since, after which
	// its decoded text is not the raw text here.
	word, wordEscaped := i+1, false
	if bytes.HasPrefix(text[i+1:], []byte("```")) {
		return -1, false // "```{…}```": the reader reads the fenced document
	}
	for j := i + 1; j < len(text); j++ {
		switch c := text[j]; {
		case c == '"':
			return j + 1, escapes
		case c < 0x20:
			return -1, false
		case c == ' ':
			word, wordEscaped = j+1, false
		case c == '\\':
			escapes = true
			if j+1 >= len(text) {
				return -1, false
			}
			switch text[j+1] {
			case 'n', 'r', 't':
				if j+2 < len(text) && isASCIILetter(text[j+2]) && (wordEscaped || pathStart(string(text[word:j]))) {
					// .\test, C:\new: the reader keeps a path's first
					// backslash as written (pathStart).
					return -1, false
				}
				if text[j+1] == 'r' {
					wordEscaped = true // the reader's words do not end at \r
				} else {
					word, wordEscaped = j+2, false
				}
				j++
			case '"', '\\', '/':
				wordEscaped = true
				j++
			case 'u':
				if j+6 > len(text) {
					return -1, false
				}
				n, err := strconv.ParseUint(string(text[j+2:j+6]), 16, 16)
				if err != nil || n >= 0xD800 && n <= 0xDFFF {
					return -1, false
				}
				wordEscaped = true
				j += 5
			default:
				return -1, false
			}
		}
	}
	return -1, false
}

// scanScalar returns the end of the strict JSON string, number or literal
// that starts at i, or -1.
func scanScalar(text []byte, i int) int {
	switch c := text[i]; {
	case c == '"':
		end, _ := scanString(text, i)
		return end
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(text[i:], []byte(lit)) {
				return i + len(lit)
			}
		}
		return -1
	case c == '-' || c >= '0' && c <= '9':
		j := i
		if text[j] == '-' {
			j++
		}
		switch {
		case j < len(text) && text[j] == '0':
			j++
		case j < len(text) && text[j] >= '1' && text[j] <= '9':
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
		default:
			return -1
		}
		if j < len(text) && text[j] == '.' {
			j++
			if j == len(text) || text[j] < '0' || text[j] > '9' {
				return -1
			}
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
		}
		if j < len(text) && (text[j] == 'e' || text[j] == 'E') {
			j++
			if j < len(text) && (text[j] == '+' || text[j] == '-') {
				j++
			}
			if j == len(text) || text[j] < '0' || text[j] > '9' {
				return -1
			}
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
		}
		return j
	}
	return -1
}
