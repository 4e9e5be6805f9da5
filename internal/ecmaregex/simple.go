package ecmaregex

import (
	"regexp/syntax"
	"unicode/utf8"
)

// simple matches the patterns schemas write most — an anchored run of
// literals and character classes with counts, such as ^TCK-[0-9]{4,}$ —
// without a regexp machine: one pass over the string, no backtracking,
// no allocation. It is used only where that is exactly what RE2 decides:
// every variable count is followed by what its class cannot start, so
// taking the longest run is the only way to match.
type simple struct {
	source string
	items  []item
	end    bool // $: nothing may follow
}

// item is one rune matcher taken min to max times (max < 0: no limit).
type item struct {
	ranges   []rune // pairs, as syntax.Regexp.Rune holds a class
	min, max int
}

func (it *item) has(r rune) bool {
	for i := 0; i+1 < len(it.ranges); i += 2 {
		if r < it.ranges[i] {
			return false
		}
		if r <= it.ranges[i+1] {
			return true
		}
	}
	return false
}

// compileSimple returns the simple matcher of a pattern RE2 accepts, or
// false when the pattern is not of that shape.
func compileSimple(pattern string) (*simple, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpBeginText {
		return nil, false
	}
	m := &simple{source: pattern}
	subs := re.Sub[1:]
	if last := subs[len(subs)-1]; last.Op == syntax.OpEndText {
		m.end = true
		subs = subs[:len(subs)-1]
	}
	for _, s := range subs {
		switch s.Op {
		case syntax.OpLiteral:
			if s.Flags&syntax.FoldCase != 0 {
				return nil, false
			}
			for _, r := range s.Rune {
				m.items = append(m.items, item{ranges: []rune{r, r}, min: 1, max: 1})
			}
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
			one, ok := single(s.Sub[0])
			if !ok {
				return nil, false
			}
			switch s.Op {
			case syntax.OpStar:
				one.min, one.max = 0, -1
			case syntax.OpPlus:
				one.min, one.max = 1, -1
			case syntax.OpQuest:
				one.min, one.max = 0, 1
			default:
				one.min, one.max = s.Min, s.Max
			}
			m.items = append(m.items, one)
		default:
			one, ok := single(s)
			if !ok {
				return nil, false
			}
			m.items = append(m.items, one)
		}
	}
	// A variable count must end where its class does: what may come next
	// (up to the first item that must occur) shares no rune with it.
	for i, it := range m.items {
		if it.min == it.max {
			continue
		}
		for _, next := range m.items[i+1:] {
			if overlap(it.ranges, next.ranges) {
				return nil, false
			}
			if next.min > 0 {
				break
			}
		}
	}
	return m, true
}

// single is the matcher of one rune: a literal, a class or any rune.
func single(s *syntax.Regexp) (item, bool) {
	switch s.Op {
	case syntax.OpLiteral:
		if len(s.Rune) != 1 || s.Flags&syntax.FoldCase != 0 {
			return item{}, false
		}
		return item{ranges: []rune{s.Rune[0], s.Rune[0]}, min: 1, max: 1}, true
	case syntax.OpCharClass:
		return item{ranges: s.Rune, min: 1, max: 1}, true
	case syntax.OpAnyCharNotNL:
		return item{ranges: []rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}, min: 1, max: 1}, true
	case syntax.OpAnyChar:
		return item{ranges: []rune{0, utf8.MaxRune}, min: 1, max: 1}, true
	}
	return item{}, false
}

func overlap(a, b []rune) bool {
	for i := 0; i+1 < len(a); i += 2 {
		for j := 0; j+1 < len(b); j += 2 {
			if a[i] <= b[j+1] && b[j] <= a[i+1] {
				return true
			}
		}
	}
	return false
}

// MatchString reports whether s matches, as RE2 would.
func (m *simple) MatchString(s string) bool {
	pos := 0
	for i := range m.items {
		it := &m.items[i]
		n := 0
		for it.max < 0 || n < it.max {
			r, size := rune(0), 0
			if pos < len(s) {
				if c := s[pos]; c < utf8.RuneSelf {
					r, size = rune(c), 1
				} else {
					r, size = utf8.DecodeRuneInString(s[pos:])
				}
			}
			if size == 0 || !it.has(r) {
				break
			}
			pos += size
			n++
		}
		if n < it.min {
			return false
		}
	}
	return !m.end || pos == len(s)
}

// String returns the pattern.
func (m *simple) String() string { return m.source }

// always matches every string: a pattern without anchors that can match
// the empty string (".*", "", "a*|b") finds that match at the start of
// any string, so there is nothing to run.
type always string

// compileAlways returns the matcher of a pattern RE2 accepts that matches
// every string, or false when the pattern may not.
func compileAlways(pattern string) (always, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || !emptyAnywhere(re) {
		return "", false
	}
	return always(pattern), true
}

// emptyAnywhere reports whether re matches the empty string wherever it
// is tried: it may match nothing, and no anchor or word boundary
// decides where.
func emptyAnywhere(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpStar, syntax.OpQuest:
		return true
	case syntax.OpRepeat:
		return re.Min == 0 || emptyAnywhere(re.Sub[0])
	case syntax.OpPlus, syntax.OpCapture:
		return emptyAnywhere(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !emptyAnywhere(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if emptyAnywhere(s) {
				return true
			}
		}
	}
	return false
}

// MatchString reports true: see always.
func (always) MatchString(string) bool { return true }

// String returns the pattern.
func (a always) String() string { return string(a) }
