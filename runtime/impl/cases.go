package impl

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/schema"
)

// Schemas that test one property against constants, many at a time: an
// allOf of if/then schemas keyed by "type" (cloudify's node templates
// have over a hundred), a oneOf of objects told apart by a tag (vega's
// transforms). Checked one schema at a time, each reads the whole value
// again to find the property; these read it once.

// constSet is, for a list of schemas each allowing some constants for
// the property, which schemas allow a value (by its canonical text).
type constSet struct {
	n       int
	of      map[string][]int
	strs    map[string][]int // the string constants', by value (see plainString)
	decided []bool           // the schemas whose list is given (not null)
}

// lookup returns the schemas that allow raw, a value's JSON.
func (s *constSet) lookup(raw []byte) []int {
	if p, ok := plainString(raw); ok {
		return s.strs[string(p)]
	}
	return s.of[canonicalText(raw)]
}

var constSets textCache[*constSet] // the JSON text of the lists → its set

// loadConstSet reads values, a JSON array holding for each schema the
// array of constants it allows, once per text.
func loadConstSet(values string) (*constSet, error) {
	if s, ok := constSets.load(values); ok {
		return s, nil
	}
	var lists [][]json.RawMessage
	if err := json.Unmarshal([]byte(values), &lists); err != nil {
		return nil, err
	}
	set := &constSet{n: len(lists), of: map[string][]int{}, strs: map[string][]int{}}
	add := func(m map[string][]int, k string, i int) {
		if n := len(m[k]); n == 0 || m[k][n-1] != i {
			m[k] = append(m[k], i)
		}
	}
	for i, list := range lists {
		set.decided = append(set.decided, list != nil)
		for _, v := range list {
			add(set.of, canonicalText(v), i)
			var s string
			if json.Unmarshal(v, &s) == nil {
				add(set.strs, s, i)
			}
		}
	}
	return constSets.store(values, set), nil
}

var errFound = errors.New("found")

// member finds the member name of raw: its JSON text and whether raw is
// an object that has it. ok is false where raw cannot be read so (the
// callers then check schema by schema, which words the problem).
func (c *Decoding) member(raw []byte, name string) (val []byte, found, ok bool) {
	if val, found, ok := scanMember(raw, name); ok {
		return val, found, true
	}
	d := c.decoder(raw)
	defer c.release(d)
	if d.Next() != jx.Object {
		return nil, false, true
	}
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		if string(key) != name {
			return d.Skip()
		}
		v, err := d.Raw()
		if err != nil {
			return err
		}
		val, found = v, true
		return errFound
	})
	if err != nil && !errors.Is(err, errFound) {
		return nil, false, false
	}
	return val, found, true
}

// scanMember is member for text jx has read once already (every
// caller's raw comes from RawView), so valid JSON: it finds the member
// by scanning bytes (Members), with no tokens and no second validation.
// ok is false where it cannot tell (raw is not an object, its text
// cannot be scanned) and jx is asked instead.
func scanMember(raw []byte, name string) (val []byte, found, ok bool) {
	m, ok := membersOf(raw)
	if !ok {
		return nil, false, false
	}
	for m.Next() {
		if string(m.key) == name {
			return m.val, true, true
		}
	}
	return nil, false, m.ended
}

func skipSpace(raw []byte, i int) int {
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	return i
}

// isSpace reports whether b is JSON's whitespace.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// structural marks the bytes valueEnd stops at in a container.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// valueEnd returns the index just past the value that starts at raw[i],
// or -1.
func valueEnd(raw []byte, i int) int {
	if i >= len(raw) {
		return -1
	}
	switch b := raw[i]; {
	case b == '"':
		return schema.StringEnd(raw, i)
	case b == '{' || b == '[':
		depth := 0
		for j := i; j < len(raw); j++ {
			c := raw[j]
			if !structural[c] {
				continue // most bytes: one load and one branch each
			}
			switch c {
			case '"':
				e := schema.StringEnd(raw, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			default:
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(raw) && raw[j] != ',' && raw[j] != '}' && raw[j] != ']' && raw[j] != ' ' && raw[j] != '\t' && raw[j] != '\n' && raw[j] != '\r' {
		j++
	}
	switch lit := string(raw[i:j]); {
	case lit == "true" || lit == "false" || lit == "null":
		return j
	case lit != "" && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9'):
		return j
	}
	return -1
}

// IfConsts checks raw (a value's text as RawView returns it) against a
// run of allOf's if/then/else schemas whose if tests only the property
// name against constants (values: for each schema, the JSON array of its
// constants). checks holds each
// schema's if, then and else validators, the last two possibly nil. The
// property is read once; each if passes where raw is not an object, has
// no such member, or the member is one of its constants, as the if
// schema itself would say.
func (c *Decoding) IfConsts(raw []byte, name, values string, checks ...Validator) {
	c.IfConstsRequired(raw, name, values, "", checks...)
}

// IfConstsRequired is IfConsts for a run in which some ifs also require
// the property: required has a byte per schema, '1' where its if does,
// so that it passes an object only where the member is present and one
// of its constants.
func (c *Decoding) IfConstsRequired(raw []byte, name, values, required string, checks ...Validator) {
	set, err := loadConstSet(values)
	if err != nil || 3*set.n != len(checks) || required != "" && len(required) != set.n {
		c.Problemf("the generated constants %s do not fit %d schemas", values, len(checks)/3)
		return
	}
	val, found, ok := c.member(raw, name)
	if !ok {
		for i := 0; i < len(checks); i += 3 {
			c.IfThenElse(raw, checks[i], checks[i+1], checks[i+2])
		}
		return
	}
	var matches []int // the schemas whose if the member passes
	if found {
		matches = set.lookup(val)
	}
	absent := !found // whether an if that requires the member passes
	if absent && strings.Contains(required, "1") {
		absent = rawKind(raw) != jx.Object
	}
	for i := 0; i < set.n; i++ {
		pass := !found
		if pass && required != "" && required[i] == '1' {
			pass = absent
		}
		if found && len(matches) > 0 && matches[0] == i {
			pass, matches = true, matches[1:]
		}
		then, els := checks[3*i+1], checks[3*i+2]
		switch {
		case pass && then != nil:
			c.Apply(raw, then)
		case !pass && els != nil:
			c.Apply(raw, els)
		}
	}
}

// OneOfTagged is OneOf for branches told apart by the property name:
// each branch allows it only the constants values lists for it (a JSON
// array per branch), and no constant is two branches'. Only the branch
// the member names can pass, so it alone is checked; where it fails, or
// the member names none, OneOf words the problem as ever.
func (c *Decoding) OneOfTagged(raw []byte, name, values string, branches ...Validator) {
	if c.taggedPasses(raw, name, values, branches) {
		return
	}
	c.OneOf(raw, branches...)
}

// AnyOfTagged is AnyOf for branches told apart by a property, as
// OneOfTagged.
func (c *Decoding) AnyOfTagged(raw []byte, name, values string, branches ...Validator) {
	if c.taggedPasses(raw, name, values, branches) {
		return
	}
	c.AnyOf(raw, branches...)
}

// OneOfTaggedBy is OneOfTagged for raw whose tag the scan that read it
// found (Text.RawMember, RawTagged). It returns the branch the tag
// picks, -1 where it picks none alone, for UniqueTags.Pick.
func (c *Decoding) OneOfTaggedBy(raw []byte, tag Member, values string, branches ...Validator) int {
	pick := tagBranch(tag, values, len(branches))
	if pick < 0 || !c.passes(raw, branches[pick]) {
		c.OneOf(raw, branches...)
	}
	return pick
}

// AnyOfTaggedBy is AnyOfTagged for raw whose tag the scan that read it
// found, as OneOfTaggedBy.
func (c *Decoding) AnyOfTaggedBy(raw []byte, tag Member, values string, branches ...Validator) int {
	pick := tagBranch(tag, values, len(branches))
	if pick < 0 || !c.passes(raw, branches[pick]) {
		c.AnyOf(raw, branches...)
	}
	return pick
}

// taggedPasses reports whether the branch raw's tag picks passes.
func (c *Decoding) taggedPasses(raw []byte, name, values string, branches []Validator) bool {
	val, found, ok := c.member(raw, name)
	if !ok {
		return false
	}
	pick := tagBranch(Member{val, found}, values, len(branches))
	return pick >= 0 && c.passes(raw, branches[pick])
}

// tagBranch returns the one of n branches whose constants (values, as
// for OneOfTagged) hold tag's value; -1 where none or more than one do,
// or tag was not found.
func tagBranch(tag Member, values string, n int) int {
	set, err := loadConstSet(values)
	if err != nil || set.n != n || !tag.Found {
		return -1
	}
	if js := set.lookup(tag.Value); len(js) == 1 {
		return js[0]
	}
	return -1
}

// memberOf is member as a Member; not found where raw's text cannot
// tell (tagBranch then picks no branch, and every branch is read).
func (c *Decoding) memberOf(raw []byte, name string) Member {
	val, found, ok := c.member(raw, name)
	return Member{val, found && ok}
}

// OneOfExclusive is OneOf for branches of which no value can pass two
// (structgen proved it from their kinds, required properties and
// constants): the first branch that passes settles it, and the rest are
// not read. Where none passes, the problem reads as OneOf's.
func (c *Decoding) OneOfExclusive(raw []byte, branches ...Validator) {
	c.OneOfKinds(raw, "", true, branches...)
}

// AnyOfKinds is AnyOf for branches that allow some kinds of value only:
// kinds lists, per branch and separated by "|", the kinds it allows
// ("string,object"; "integer" counts as "number"; "*" any, "-" none);
// "array[2-4]" allows arrays of 2 to 4 items only ("array[2-]": 2 or
// more). A branch that does not allow raw's kind (or number of items)
// cannot pass and is not read; where none passes, the problem reads as
// AnyOf's.
func (c *Decoding) AnyOfKinds(raw []byte, kinds string, branches ...Validator) {
	c.anyOf(raw, kinds, nil, branches)
}

// OneOfKinds is OneOf for branches that allow some kinds of value only,
// kinds as for AnyOfKinds; exclusive says no value passes two branches
// (see OneOfExclusive), so the first that passes settles it.
func (c *Decoding) OneOfKinds(raw []byte, kinds string, exclusive bool, branches ...Validator) {
	c.oneOf(raw, kinds, nil, exclusive, branches)
}

// AnyOfConsts is AnyOfKinds for branches of which some allow constants
// only: values is a JSON array holding, for each branch, the array of
// its constants, or null where the branch is not of constants only. The
// value is looked up once among them all; those branches are not read.
func (c *Decoding) AnyOfConsts(raw []byte, kinds, values string, branches ...Validator) {
	c.anyOf(raw, kinds, branchConsts(values, len(branches)), branches)
}

// OneOfConsts is OneOfKinds for branches of which some allow constants
// only, values as for AnyOfConsts.
func (c *Decoding) OneOfConsts(raw []byte, kinds, values string, exclusive bool, branches ...Validator) {
	c.oneOf(raw, kinds, branchConsts(values, len(branches)), exclusive, branches)
}

// branchConsts is the constant set of n branches' values; nil, so that
// every branch is read, where values does not fit them.
func branchConsts(values string, n int) *constSet {
	set, err := loadConstSet(values)
	if err != nil || set.n != n {
		return nil
	}
	return set
}

// branchTest tells whether branch i passes raw, reading it only where
// its kinds, its items' count or consts (nil, or the constant lists of
// AnyOfConsts) leave it open.
type branchTest struct {
	t      jx.Type
	words  []kindWord // the kinds of each branch
	n      int        // the array's items, once counted
	set    *constSet
	consts []int // the branches whose constants hold raw
	looked bool
}

// passes reports whether branch i, b, passes raw.
func (bt *branchTest) passes(c *Decoding, raw []byte, i int, b Validator) bool {
	if bt.t != jx.Invalid && i < len(bt.words) {
		w := &bt.words[i]
		if w.allows&(1<<bt.t) == 0 {
			return false
		}
		if bt.t == jx.Array && (w.lo > 0 || w.hi >= 0) {
			if bt.n == unknownCount {
				bt.n = countItems(raw)
			}
			if bt.n >= 0 && (bt.n < w.lo || w.hi >= 0 && bt.n > w.hi) {
				return false
			}
		}
	}
	if bt.set != nil && bt.set.decided[i] {
		if !bt.looked {
			bt.consts, bt.looked = bt.set.lookup(raw), true
		}
		return slices.Contains(bt.consts, i)
	}
	return c.passes(raw, b)
}

// kindWord is one branch's word of a kinds string (see AnyOfKinds), read:
// the kinds of value it allows, a bit per jx.Type, and the numbers of
// items it allows an array, lo to hi (hi -1: no limit).
type kindWord struct {
	allows uint8
	lo, hi int
}

var kindTables textCache[[]kindWord] // a kinds string → its words

// loadKinds reads kinds once per text.
func loadKinds(kinds string) []kindWord {
	if ws, ok := kindTables.load(kinds); ok {
		return ws
	}
	var ws []kindWord
	for _, word := range strings.Split(kinds, "|") {
		w := kindWord{hi: -1}
		for _, t := range []jx.Type{jx.Null, jx.Bool, jx.Number, jx.String, jx.Array, jx.Object} {
			if kindAllowed(word, t) {
				w.allows |= 1 << t
			}
		}
		if _, bounds, ok := strings.Cut(word, "array["); ok {
			bounds, _, _ = strings.Cut(bounds, "]")
			lo, hi, _ := strings.Cut(bounds, "-")
			if n, err := strconv.Atoi(lo); err == nil {
				w.lo = n
			}
			if n, err := strconv.Atoi(hi); err == nil {
				w.hi = n
			}
		}
		ws = append(ws, w)
	}
	return kindTables.store(kinds, ws)
}

func (c *Decoding) anyOf(raw []byte, kinds string, set *constSet, branches []Validator) {
	if set != nil && c.tracking() {
		set = nil // a branch's evaluations count: read each
	}
	bt, passed := branchTest{t: rawKind(raw), words: loadKinds(kinds), n: unknownCount, set: set}, false
	for i, b := range branches {
		if passed {
			bt.passes(c, raw, i, b) // what it evaluates counts too (tracking)
			continue
		}
		if passed = bt.passes(c, raw, i, b); passed && !c.tracking() {
			return
		}
	}
	if !passed {
		c.Problemf("anyOf: the value matches none of the %d schemas", len(branches))
		c.branchProblems(raw, branches)
	}
}

func (c *Decoding) oneOf(raw []byte, kinds string, set *constSet, exclusive bool, branches []Validator) {
	if set != nil && c.tracking() {
		set = nil
	}
	bt, matched := branchTest{t: rawKind(raw), words: loadKinds(kinds), n: unknownCount, set: set}, -1
	for i, b := range branches {
		if !bt.passes(c, raw, i, b) {
			continue
		}
		if matched >= 0 {
			c.Problemf("oneOf: the value matches schemas %d and %d, want exactly one", matched, i)
			return
		}
		if exclusive {
			return
		}
		matched = i
	}
	if matched < 0 {
		c.Problemf("oneOf: the value matches none of the %d schemas", len(branches))
		c.branchProblems(raw, branches)
	}
}

// unknownCount: the array's items are not counted yet (branchTest).
const unknownCount = -2

// countItems returns the number of items of the array raw holds, found
// by scanning its text, or -1 where it cannot be read so.
func countItems(raw []byte) int {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '[' {
		return -1
	}
	if i = skipSpace(raw, i+1); i < len(raw) && raw[i] == ']' {
		return 0
	}
	for n := 1; ; n++ {
		if i = valueEnd(raw, i); i < 0 {
			return -1
		}
		switch i = skipSpace(raw, i); {
		case i < len(raw) && raw[i] == ',':
			i = skipSpace(raw, i+1)
		case i < len(raw) && raw[i] == ']':
			return n
		default:
			return -1
		}
	}
}

// kindAllowed reports whether a branch allowing kinds (see AnyOfKinds)
// may pass a value of kind t. Text of no kind (a syntax error) is read
// by every branch, which reports it; so is every branch kinds does not
// list.
func kindAllowed(kinds string, t jx.Type) bool {
	switch {
	case kinds == "*" || kinds == "" || t == jx.Invalid:
		return true
	case t == jx.Number:
		return strings.Contains(kinds, "number") || strings.Contains(kinds, "integer")
	}
	return strings.Contains(kinds, jxKindName(t))
}
