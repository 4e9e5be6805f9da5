package ecmaregex

import (
	"cmp"
	"regexp/syntax"
	"slices"
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

// item is one rune matcher taken min to max times (max < 0: no limit),
// or a group: one of alts, runs of fixed counts that their first runes
// tell apart (ranges then holds every first rune), so that at most one
// can start where the group does and it is taken once.
type item struct {
	ranges   []rune // pairs, as syntax.Regexp.Rune holds a class
	min, max int
	alts     [][]item
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
			lit, ok := literal(s)
			if !ok {
				return nil, false
			}
			m.items = append(m.items, lit...)
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
		case syntax.OpCapture, syntax.OpAlternate:
			if s.Op == syntax.OpCapture && s.Sub[0].Op != syntax.OpAlternate {
				// A group of one alternative is its run.
				r, ok := fixedRun(s.Sub[0])
				if !ok {
					return nil, false
				}
				m.items = append(m.items, r...)
				continue
			}
			g, ok := group(s)
			if !ok {
				return nil, false
			}
			m.items = append(m.items, g)
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

// group returns the item of an alternation (in a group or not) whose
// alternatives are runs of fixed counts that no two start alike.
func group(s *syntax.Regexp) (item, bool) {
	if s.Op == syntax.OpCapture {
		s = s.Sub[0]
	}
	if s.Op != syntax.OpAlternate {
		return item{}, false
	}
	g := item{min: 1, max: 1}
	var firsts [][2]rune
	for _, a := range s.Sub {
		r, ok := fixedRun(a)
		if !ok || len(r) == 0 {
			return item{}, false
		}
		for _, other := range g.alts {
			if overlap(r[0].ranges, other[0].ranges) {
				return item{}, false
			}
		}
		g.alts = append(g.alts, r)
		for i := 0; i+1 < len(r[0].ranges); i += 2 {
			firsts = append(firsts, [2]rune{r[0].ranges[i], r[0].ranges[i+1]})
		}
	}
	slices.SortFunc(firsts, func(a, b [2]rune) int { return cmp.Compare(a[0], b[0]) })
	for _, f := range firsts {
		g.ranges = append(g.ranges, f[0], f[1])
	}
	return g, true
}

// fixedRun returns the items of a run of runes each taken a fixed number
// of times (at least once): literals, classes and exact counts of them.
func fixedRun(s *syntax.Regexp) ([]item, bool) {
	if s.Op == syntax.OpCapture {
		s = s.Sub[0]
	}
	subs := []*syntax.Regexp{s}
	if s.Op == syntax.OpConcat {
		subs = s.Sub
	}
	var out []item
	for _, s := range subs {
		switch s.Op {
		case syntax.OpLiteral:
			lit, ok := literal(s)
			if !ok {
				return nil, false
			}
			out = append(out, lit...)
		case syntax.OpRepeat:
			one, ok := single(s.Sub[0])
			if !ok || s.Min != s.Max || s.Min < 1 {
				return nil, false
			}
			one.min, one.max = s.Min, s.Max
			out = append(out, one)
		default:
			one, ok := single(s)
			if !ok {
				return nil, false
			}
			out = append(out, one)
		}
	}
	return out, true
}

// literal is a literal's items, one per rune; false where it folds case.
func literal(s *syntax.Regexp) ([]item, bool) {
	if s.Flags&syntax.FoldCase != 0 {
		return nil, false
	}
	out := make([]item, 0, len(s.Rune))
	for _, r := range s.Rune {
		out = append(out, item{ranges: []rune{r, r}, min: 1, max: 1})
	}
	return out, true
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
	pos, ok := take(m.items, s, 0)
	return ok && (!m.end || pos == len(s))
}

// take matches items from s[pos:], each the longest it can (which
// compileSimple made the only way), and returns where they end.
func take(items []item, s string, pos int) (int, bool) {
	for i := range items {
		it := &items[i]
		if it.alts != nil {
			r, _ := runeAt(s, pos)
			alt := -1
			for j := range it.alts {
				if it.alts[j][0].has(r) {
					alt = j
					break
				}
			}
			var ok bool
			if alt < 0 || pos >= len(s) {
				return pos, false
			}
			if pos, ok = take(it.alts[alt], s, pos); !ok {
				return pos, false
			}
			continue
		}
		n := 0
		for it.max < 0 || n < it.max {
			r, size := runeAt(s, pos)
			if size == 0 || !it.has(r) {
				break
			}
			pos += size
			n++
		}
		if n < it.min {
			return pos, false
		}
	}
	return pos, true
}

// runeAt decodes the rune at s[pos:]; size 0 at the end.
func runeAt(s string, pos int) (rune, int) {
	if pos >= len(s) {
		return 0, 0
	}
	if c := s[pos]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[pos:])
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

// MatchesEvery reports whether pattern matches every string (see
// always): a generator need not check names against it.
func MatchesEvery(pattern string) bool {
	_, ok := compileAlways(pattern)
	return ok
}
