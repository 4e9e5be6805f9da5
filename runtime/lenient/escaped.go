package lenient

// A container inside a document may be written with its quotes escaped,
// as JSON writes a document inside a string, without the string's
// quotes: {"args": {\"city\": \"Paris\"}}. (A whole document written so
// is unescaped before reading: escapedDocument.)

// escapedQuoteFirst reports whether s, after a container's opening
// bracket, starts with an escaped quote: the container's first key or
// item written escaped.
func escapedQuoteFirst(s []byte) bool {
	// A byte loop: no allocation or cutset (escapedRestart calls it
	// where a container's first member starts with a backslash).
	for i := 0; i+1 < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
		case '\\':
			switch s[i+1] {
			case '"':
				return true
			case 'n', 't', 'r':
				i++ // {\n  \"a\": its layout, escaped too
			default:
				return false
			}
		default:
			return false
		}
	}
	return false
}

// escapedRestart reads v, a container whose first key or item is
// written with an escaped quote (the reader stands at it), again from its
// opening bracket as escapedContainer does, and reports whether it did:
// checked where the first member or item starts, not at every bracket,
// so that valid JSON pays nothing for it.
func (t *tolerant) escapedRestart(v *jvalue) bool {
	if v.off >= len(t.s) || !escapedQuoteFirst(t.s[v.off+1:]) {
		return false
	}
	save, mark := t.i, len(t.repairs)
	t.i = v.off
	e := t.escapedContainer()
	if e == nil || e.kind != v.kind {
		t.i, t.repairs = save, t.repairs[:mark]
		return false
	}
	v.keys, v.kids, v.done = e.keys, e.kids, e.done
	return true
}

// escapedContainer reads the container at t.i, whose quotes are escaped,
// with a reader of its own of the text unescaped, and returns it; nil
// where that reader does not read it whole (the caller reads it as it
// is). Where no bracket closes it, the rest of the text is the container
// cut off.
func (t *tolerant) escapedContainer() *jvalue {
	end := escapedContainerEnd(t.s[t.i:])
	if end < 0 {
		end = len(t.s) - t.i - 1
	}
	text, at := unescapeQuotesAt(t.s[t.i : t.i+end+1])
	in := &tolerant{s: text, src: string(text), depth: t.depth, streaming: t.streaming}
	v := in.value()
	if v == nil || in.err != nil || !in.eof() || (v.kind != jObject && v.kind != jArray) {
		return nil
	}
	start := t.i
	t.repair(start, "unescaped a container whose quotes were escaped")
	for _, r := range in.repairs {
		t.repair(start+at[r.Offset], "%s", r.Message)
	}
	moveOffsets(v, func(off int) int { return start + at[off] })
	t.i += end + 1
	return v
}

// moveOffsets moves the offsets of v and the values in it by where.
func moveOffsets(v *jvalue, where func(int) int) {
	v.off = where(v.off)
	for _, k := range v.kids {
		moveOffsets(k, where)
	}
}

// escapedContainerEnd returns the offset in s of the bracket that closes
// the container s starts with, reading \"…\" as its strings, or -1.
func escapedContainerEnd(s []byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i
			}
		case '\\':
			if i+1 < len(s) && s[i+1] == '"' {
				// a string: up to the next \" not itself escaped (\\\")
				j := i + 2
				for ; j+1 < len(s); j++ {
					if s[j] == '\\' && s[j+1] == '\\' && j+3 < len(s) && s[j+2] == '\\' && s[j+3] == '"' {
						j += 3
						continue
					}
					if s[j] == '\\' && s[j+1] == '"' {
						break
					}
				}
				if j+1 >= len(s) {
					return -1
				}
				i = j + 1
			}
		}
	}
	return -1
}

// unescapeQuotesAt undoes one level of escaping of text (\" and \\, and
// \n, \t and \r, the layout of a container escaped into a string), with
// the offset in text of each byte of the result, and of its end.
func unescapeQuotesAt(text []byte) ([]byte, []int) {
	out := make([]byte, 0, len(text))
	at := make([]int, 0, len(text)+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\\' && i+1 < len(text) {
			c := text[i+1]
			switch c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case '"', '\\':
			default:
				c = 0
			}
			if c != 0 {
				out = append(out, c)
				at = append(at, i)
				i++
				continue
			}
		}
		out = append(out, text[i])
		at = append(at, i)
	}
	return out, append(at, len(text))
}
