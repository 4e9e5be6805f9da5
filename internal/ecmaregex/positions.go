package ecmaregex

import (
	"math/bits"
	"regexp/syntax"
	"unicode/utf8"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// positions matches a pattern of at most 64 rune classes (its
// positions, counts written out) by the set of positions a match may
// have reached, one bit each, advanced a rune at a time: one pass, no
// backtracking and no allocation, whatever the pattern's alternations
// and counts (^[a-z0-9]([-a-z0-9]*[a-z0-9])?$, semantic versions). It
// takes what the simple and found matchers do not: patterns whose next
// rune does not decide the way.
type positions struct {
	source string
	class  []item      // each position's runes (ranges only)
	follow []uint64    // the positions that may come after each
	first  uint64      // the positions a match may start with
	last   uint64      // the positions a match may end with
	empty  bool        // the empty string matches
	ascii  [128]uint64 // the positions each ASCII rune may take
	begin  bool        // ^: a match starts at the start of the string only
	end    bool        // $: a match ends at its end only
}

// maxPositions is how many rune classes a positions matcher holds.
const maxPositions = 64

// compilePositions returns the positions matcher of a pattern RE2
// accepts, or false when it holds more than 64 rune classes or
// anything but runes, classes, groups, alternations and counts between
// an optional ^ and $ (no other anchors, no \b). Alternatives with
// anchors of their own (^$|^[A-Z]\w*$, ^alpha|beta$) are a matcher
// each, of 64 classes each.
func compilePositions(pattern, source string) (jsonschema.Regexp, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	if written(re) > maxPositions*maxAlternatives {
		return nil, false // before Simplify writes out x{1000}
	}
	re = re.Simplify() // counts written out as copies
	if re.Op != syntax.OpAlternate || !anchored(re) {
		return positionsOf(re, source)
	}
	if len(re.Sub) > maxAlternatives {
		return nil, false
	}
	alts := &anyOf{source: source}
	for _, sub := range re.Sub {
		m, ok := positionsOf(sub, source)
		if !ok {
			return nil, false
		}
		alts.alts = append(alts.alts, m)
	}
	return alts, true
}

// maxAlternatives bounds the matchers of a pattern's alternatives.
const maxAlternatives = 8

// anchored reports whether an alternative of re has ^ or $ of its own.
func anchored(re *syntax.Regexp) bool {
	for _, sub := range re.Sub {
		subs := []*syntax.Regexp{sub}
		if sub.Op == syntax.OpConcat {
			subs = sub.Sub
		}
		for _, s := range subs {
			if s.Op == syntax.OpBeginText || s.Op == syntax.OpEndText {
				return true
			}
		}
	}
	return false
}

// positionsOf returns the positions matcher of re, Simplify's result.
func positionsOf(re *syntax.Regexp, pattern string) (*positions, bool) {
	if written(re) > maxPositions {
		return nil, false
	}
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	m := &positions{source: pattern}
	if len(subs) > 0 && subs[0].Op == syntax.OpBeginText {
		m.begin, subs = true, subs[1:]
	}
	if n := len(subs); n > 0 && subs[n-1].Op == syntax.OpEndText {
		m.end, subs = true, subs[:n-1]
	}
	g := glushkov{m: m}
	whole := g.concat(subs)
	if !g.ok {
		return nil, false
	}
	m.first, m.last, m.empty = whole.first, whole.last, whole.empty
	for r := range rune(len(m.ascii)) {
		m.ascii[r] = m.take(r)
	}
	return m, true
}

// anyOf matches where one of its alternatives' matchers does. It is used
// by pointer, as every matcher Compile returns: the validator library keeps
// compiled patterns as map keys, and a struct holding a slice is not
// hashable.
type anyOf struct {
	source string
	alts   []*positions
}

// MatchString reports whether s matches, as RE2 would.
func (a *anyOf) MatchString(s string) bool {
	for _, m := range a.alts {
		if m.MatchString(s) {
			return true
		}
	}
	return false
}

// String returns the pattern.
func (a *anyOf) String() string { return a.source }

// written returns how many rune classes re holds with its counts
// written out, or more than maxPositions.
func written(re *syntax.Regexp) int {
	n := 0
	switch re.Op {
	case syntax.OpLiteral:
		n = len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		n = 1
	case syntax.OpRepeat:
		n = written(re.Sub[0]) * max(re.Min, re.Max, 1)
	default:
		for _, sub := range re.Sub {
			n += written(sub)
		}
	}
	return min(n, maxPositions+1)
}

// part is what a piece of a pattern contributes: whether it matches
// the empty string, and the positions its matches start and end with.
type part struct {
	empty       bool
	first, last uint64
}

// glushkov builds a positions matcher's classes and follow sets.
type glushkov struct {
	m  *positions
	ok bool
}

func (g *glushkov) concat(subs []*syntax.Regexp) part {
	g.ok = true
	out := part{empty: true}
	for _, s := range subs {
		p := g.part(s)
		if !g.ok {
			return part{}
		}
		out = g.then(out, p)
	}
	return out
}

// then is a followed by b.
func (g *glushkov) then(a, b part) part {
	g.link(a.last, b.first)
	out := part{empty: a.empty && b.empty, first: a.first, last: b.last}
	if a.empty {
		out.first |= b.first
	}
	if b.empty {
		out.last |= a.last
	}
	return out
}

// link lets each position of from be followed by those of to.
func (g *glushkov) link(from, to uint64) {
	for from != 0 {
		g.m.follow[bits.TrailingZeros64(from)] |= to
		from &= from - 1
	}
}

// position adds a position of the class it.
func (g *glushkov) position(it item) part {
	if len(g.m.class) == maxPositions {
		g.ok = false
		return part{}
	}
	bit := uint64(1) << len(g.m.class)
	g.m.class = append(g.m.class, it)
	g.m.follow = append(g.m.follow, 0)
	return part{first: bit, last: bit}
}

func (g *glushkov) part(s *syntax.Regexp) part {
	switch s.Op {
	case syntax.OpEmptyMatch:
		return part{empty: true}
	case syntax.OpLiteral:
		out := part{empty: true}
		for _, r := range s.Rune {
			out = g.then(out, g.position(runeItem(r, s.Flags&syntax.FoldCase != 0)))
			if !g.ok {
				return part{}
			}
		}
		return out
	case syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		it, _ := single(s)
		return g.position(it)
	case syntax.OpCapture:
		return g.part(s.Sub[0])
	case syntax.OpConcat:
		return g.concat(s.Sub)
	case syntax.OpAlternate:
		var out part
		for _, sub := range s.Sub {
			p := g.part(sub)
			if !g.ok {
				return part{}
			}
			out = part{empty: out.empty || p.empty, first: out.first | p.first, last: out.last | p.last}
		}
		return out
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		// Lazy or greedy, a count matches the same strings.
		p := g.part(s.Sub[0])
		if !g.ok {
			return part{}
		}
		if s.Op != syntax.OpQuest {
			g.link(p.last, p.first) // another round
		}
		if s.Op != syntax.OpPlus {
			p.empty = true
		}
		return p
	}
	g.ok = false // anchors inside, \b, a count Simplify left
	return part{}
}

// take returns the positions whose class holds r.
func (m *positions) take(r rune) uint64 {
	var out uint64
	for i := range m.class {
		if m.class[i].has(r) {
			out |= 1 << i
		}
	}
	return out
}

// MatchString reports whether s matches, as RE2 would.
func (m *positions) MatchString(s string) bool {
	if m.empty && !(m.begin && m.end) {
		// An empty match: without ^ at the end of s, without $ at its
		// start.
		return true
	}
	var at uint64 // the positions a match may have reached
	for pos := 0; pos < len(s); {
		r, size := rune(s[pos]), 1
		var runes uint64
		if r < utf8.RuneSelf {
			runes = m.ascii[r]
		} else {
			r, size = utf8.DecodeRuneInString(s[pos:])
			runes = m.take(r)
		}
		next := uint64(0)
		for from := at; from != 0; from &= from - 1 {
			next |= m.follow[bits.TrailingZeros64(from)]
		}
		if pos == 0 || !m.begin {
			next |= m.first
		}
		at = next & runes
		pos += size
		if at&m.last != 0 && !m.end {
			return true
		}
		if at == 0 && m.begin {
			return false
		}
	}
	return at&m.last != 0 || (m.empty && s == "")
}

// String returns the pattern.
func (m *positions) String() string { return m.source }
