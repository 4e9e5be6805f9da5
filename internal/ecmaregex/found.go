package ecmaregex

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// found matches patterns that come down to a few runes, each of a
// class, found somewhere in the string (a pattern without ^ or $:
// [a-z]+, 20[0-9]{2}) or at its end (\.json$, .*\.md$, ^.*\.[xX]ml$):
// what a pattern without ^ takes before them, or without $ after them,
// need not be taken; and patterns without ^ that the simple matcher
// could run from where their first rune is (https?://). About one pass,
// no allocation.
type found struct {
	source string
	runes  []item // one rune each
	lit    string // the runes, where each is one rune and no class
	end    bool   // at the end of the string, not anywhere
	// lead is, for a pattern anchored at both ends, the class every rune
	// before the run must be in (^.*), and lead.min how many at least.
	lead *item
	// search holds, for a pattern without ^ whose items are not runes
	// of fixed counts (https?://), those items, tried where the first's
	// rune is.
	search []item
}

// maxRunes bounds the runes a found matcher compares at each place.
const maxRunes = 64

// compileFound returns the found matcher of a pattern RE2 accepts, or
// false when the pattern is not of that shape.
func compileFound(pattern string) (*found, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, false
	}
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	begin := len(subs) > 0 && subs[0].Op == syntax.OpBeginText
	if begin {
		subs = subs[1:]
	}
	m := &found{source: pattern}
	if n := len(subs); n > 0 && subs[n-1].Op == syntax.OpEndText {
		m.end = true
		subs = subs[:n-1]
	}
	var b builder
	var items []item
	for _, s := range subs {
		more, ok := b.items(s, 0)
		if !ok {
			return nil, false
		}
		items = append(items, more...)
	}
	switch {
	case begin && m.end && len(items) > 1 && items[0].alts == nil && items[0].min <= 1 && items[0].max < 0:
		// ^.*F$: F is the string's last runes, and what comes before
		// them is of the first class.
		lead := items[0]
		m.lead, items = &lead, items[1:]
	case begin:
		return nil, false // compileSimple's
	default:
		// Where the match may start anywhere, what a variable count at
		// the start takes beyond its least need not be taken: the match
		// that starts later is one too. The same at the end, without $.
		for len(items) > 0 && items[0].min == 0 {
			items = items[1:]
		}
		if len(items) > 0 {
			items[0].max = items[0].min
		}
		for !m.end && len(items) > 0 && items[len(items)-1].min == 0 {
			items = items[:len(items)-1]
		}
		if !m.end && len(items) > 0 {
			items[len(items)-1].max = items[len(items)-1].min
		}
	}
	if !begin && len(items) > 0 && !fixedRunes(items) {
		// Runs of counts and groups the next rune decides, none of
		// whose runes the first item takes: a match is tried where the
		// first item's rune is, and a try ends where the next such rune
		// is, so the string is read about once.
		first := items[0].ranges
		for _, it := range items[1:] {
			if overlap(first, allRunes(&it)) {
				return nil, false
			}
		}
		if items[0].alts != nil || !deterministic(items, nil) {
			return nil, false
		}
		m.search = items
		return m, true
	}
	for _, it := range items {
		if it.alts != nil || it.min != it.max {
			return nil, false
		}
		for range it.min {
			m.runes = append(m.runes, item{ranges: it.ranges, min: 1, max: 1})
		}
		if len(m.runes) > maxRunes {
			return nil, false
		}
	}
	if len(m.runes) == 0 {
		return nil, false
	}
	var lit strings.Builder
	for _, r := range m.runes {
		if len(r.ranges) != 2 || r.ranges[0] != r.ranges[1] {
			lit.Reset()
			break
		}
		lit.WriteRune(r.ranges[0])
	}
	m.lit = lit.String()
	return m, true
}

// fixedRunes reports whether items are runes taken a fixed number of
// times, no groups.
func fixedRunes(items []item) bool {
	for _, it := range items {
		if it.alts != nil || it.min != it.max {
			return false
		}
	}
	return true
}

// allRunes returns every rune it or its groups' items may take.
func allRunes(it *item) []rune {
	if it.alts == nil {
		return it.ranges
	}
	var out []rune
	for _, a := range it.alts {
		for i := range a {
			out = append(out, allRunes(&a[i])...)
		}
	}
	return out
}

// MatchString reports whether s matches, as RE2 would.
func (m *found) MatchString(s string) bool {
	if m.search != nil {
		first := &m.search[0]
		for pos := 0; pos < len(s); {
			r, size := runeAt(s, pos)
			if first.has(r) {
				if end, ok := take(m.search, s, pos); ok && (!m.end || end == len(s)) {
					return true
				}
			}
			pos += size
		}
		return false
	}
	if !m.end {
		if m.lit != "" {
			return strings.Contains(s, m.lit)
		}
		for pos := 0; pos < len(s); {
			if m.at(s, pos) {
				return true
			}
			_, size := runeAt(s, pos)
			pos += size
		}
		return false
	}
	// The last len(m.runes) runes.
	pos := len(s)
	for range m.runes {
		if pos == 0 {
			return false
		}
		_, size := utf8.DecodeLastRuneInString(s[:pos])
		pos -= size
	}
	if !m.at(s, pos) {
		return false
	}
	if m.lead == nil {
		return true
	}
	n := 0
	for i := 0; i < pos; n++ {
		r, size := runeAt(s, i)
		if !m.lead.has(r) {
			return false
		}
		i += size
	}
	return n >= m.lead.min
}

// at reports whether the runes start at s[pos:].
func (m *found) at(s string, pos int) bool {
	for i := range m.runes {
		r, size := runeAt(s, pos)
		if size == 0 || !m.runes[i].has(r) {
			return false
		}
		pos += size
	}
	return true
}

// String returns the pattern.
func (m *found) String() string { return m.source }
