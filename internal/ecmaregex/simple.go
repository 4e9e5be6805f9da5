package ecmaregex

import (
	"cmp"
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"
)

// simple matches the patterns schemas write most — an anchored run of
// literals, character classes and groups with counts, such as
// ^TCK-[0-9]{4,}$ or ^[a-z0-9]+(-[a-z0-9]+)*$ — without a regexp
// machine: one pass over the string, no backtracking, no allocation. It
// is used only where that is exactly what RE2 decides: wherever a count
// lets the matcher either take one more or go on, what it would take and
// what may come next start with different runes, so the next rune
// decides (the pattern is deterministic).
type simple struct {
	source string
	items  []item
	end    bool // $: nothing may follow
}

// item is one rune matcher taken min to max times (max < 0: no limit),
// or a group: one of alts, runs of items that their first runes tell
// apart (ranges then holds every first rune), so that at most one can
// start where the group does, taken min to max times.
type item struct {
	ranges   []rune // pairs, sorted, as syntax.Regexp.Rune holds a class
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

// maxItems bounds the items of a pattern the simple matcher takes, and
// maxDepth the nesting of its groups: the shapes schemas write are
// small, and checking a larger one costs more than RE2 would.
const maxItems, maxDepth = 256, 8

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
	var b builder
	for _, s := range subs {
		items, ok := b.items(s, 0)
		if !ok {
			return nil, false
		}
		m.items = append(m.items, items...)
	}
	if b.n > maxItems || !deterministic(m.items, nil) {
		return nil, false
	}
	return m, true
}

// builder makes the items of a pattern, counting them.
type builder struct{ n int }

// seq is the items of a run (a concatenation or one part of it).
func (b *builder) seq(s *syntax.Regexp, depth int) ([]item, bool) {
	if s.Op != syntax.OpConcat {
		return b.items(s, depth)
	}
	var out []item
	for _, sub := range s.Sub {
		items, ok := b.items(sub, depth)
		if !ok {
			return nil, false
		}
		out = append(out, items...)
	}
	return out, true
}

// items is the items of one part of a run.
func (b *builder) items(s *syntax.Regexp, depth int) ([]item, bool) {
	if depth > maxDepth || b.n > maxItems {
		return nil, false
	}
	switch s.Op {
	case syntax.OpLiteral:
		lit, ok := literal(s)
		b.n += len(lit)
		return lit, ok
	case syntax.OpConcat:
		return b.seq(s, depth)
	case syntax.OpCapture:
		// A group of one alternative is its run.
		if s.Sub[0].Op == syntax.OpAlternate {
			g, ok := b.group(s.Sub[0], depth+1)
			return []item{g}, ok
		}
		return b.seq(s.Sub[0], depth)
	case syntax.OpAlternate:
		g, ok := b.group(s, depth+1)
		return []item{g}, ok
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		if s.Flags&syntax.NonGreedy != 0 {
			return nil, false // rare: left to RE2
		}
		sub := s.Sub[0]
		for sub.Op == syntax.OpCapture {
			sub = sub.Sub[0]
		}
		one, ok := single(sub)
		if !ok {
			// A count of a group: of its alternatives, or of its one run.
			if one, ok = b.group(sub, depth+1); !ok {
				return nil, false
			}
		}
		b.n++
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
		return []item{one}, true
	}
	one, ok := single(s)
	b.n++
	return []item{one}, ok
}

// group returns the item, taken once, of an alternation (or of one run:
// a group without alternatives) whose alternatives none may be empty and
// no two start alike, so that the first rune picks one.
func (b *builder) group(s *syntax.Regexp, depth int) (item, bool) {
	alts := []*syntax.Regexp{s}
	if s.Op == syntax.OpAlternate {
		alts = s.Sub
	}
	g := item{min: 1, max: 1}
	var firsts [][2]rune
	for _, a := range alts {
		r, ok := b.seq(a, depth)
		if !ok || len(r) == 0 || r[0].min == 0 {
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

// deterministic reports whether items, followed by what may start with
// follow's runes (nil: the end of the pattern), are matched by taking
// each count as far as it goes: what a variable count takes shares no
// rune with what may come after it (up to the first item that must
// occur), within groups too.
func deterministic(items []item, follow []rune) bool {
	for i := range items {
		it := &items[i]
		next := followOf(items[i+1:], follow)
		if it.min != it.max && overlap(it.ranges, next) {
			return false
		}
		if it.alts == nil {
			continue
		}
		inner := next
		if it.max != 1 {
			// After a round of the group, another may start.
			inner = append(slices.Clip(inner), it.ranges...)
		}
		for _, a := range it.alts {
			if !deterministic(a, inner) {
				return false
			}
		}
	}
	return true
}

// followOf is the runes items may start with, and follow's where they
// may all be absent.
func followOf(items []item, follow []rune) []rune {
	var out []rune
	for _, it := range items {
		out = append(out, it.ranges...)
		if it.min > 0 {
			return out
		}
	}
	return append(out, follow...)
}

// literal is a literal's items, one per rune; a rune of a literal that
// folds case ([xX], (?i)x) matches each rune of its fold orbit.
func literal(s *syntax.Regexp) ([]item, bool) {
	out := make([]item, 0, len(s.Rune))
	for _, r := range s.Rune {
		out = append(out, runeItem(r, s.Flags&syntax.FoldCase != 0))
	}
	return out, true
}

// runeItem matches r, or any rune that folds to it.
func runeItem(r rune, fold bool) item {
	rs := []rune{r}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			rs = append(rs, f)
		}
		slices.Sort(rs)
	}
	it := item{min: 1, max: 1}
	for _, r := range rs {
		it.ranges = append(it.ranges, r, r)
	}
	return it
}

// single is the matcher of one rune: a literal, a class or any rune.
func single(s *syntax.Regexp) (item, bool) {
	switch s.Op {
	case syntax.OpLiteral:
		if len(s.Rune) != 1 {
			return item{}, false
		}
		return runeItem(s.Rune[0], s.Flags&syntax.FoldCase != 0), true
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

// take matches items from s[pos:], each count as far as it goes (which
// compileSimple made the only way), and returns where they end. A round
// of a group that fails once started ends the group where the round
// began: what follows cannot start with the rune that began it, so only
// the end of a pattern without $ may follow, or nothing matches.
func take(items []item, s string, pos int) (int, bool) {
	for i := range items {
		it := &items[i]
		n := 0
		for it.max < 0 || n < it.max {
			r, size := runeAt(s, pos)
			if size == 0 || !it.has(r) {
				break
			}
			if it.alts == nil {
				pos += size
				n++
				continue
			}
			var alt []item
			for _, a := range it.alts {
				if a[0].has(r) {
					alt = a
					break
				}
			}
			end, ok := take(alt, s, pos)
			if !ok {
				break
			}
			pos = end
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
	_, ok := compileAlways(translate(pattern, goEscape))
	return ok
}
