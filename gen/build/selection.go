package build

import (
	"slices"
	"sort"

	"github.com/structgen/structgen/gen/schema"
)

// selection says how the object branches of an anyOf or oneOf are told
// apart without trying each, so that they can be a union's variants: by
// a tag, one property every branch requires with string constants of
// its own (Tags), or by keys, properties one branch requires and every
// other refuses (Keys). At most one branch, Default, has neither: it is
// the one that can match when no other's tag or key is there, and
// refuses the tag property (by keys, it needs nothing: every other
// branch requires a key that is absent).
type selection struct {
	Tag     string     // the tag property; "" when told apart by keys
	Tags    [][]string // by branch: its tag's values
	Keys    [][]string // by branch: its keys, sorted
	Default int        // the branch with neither, or -1
}

// selectionOf returns how branches are told apart, trying a tag every
// branch has first, then a tag all but one branch has (which refuses
// it), then keys; false when none of these tells them apart.
func selectionOf(branches []*schema.Node) (selection, bool) {
	if len(branches) < 2 {
		return selection{}, false
	}
	conjs := make([][]*schema.Node, len(branches))
	tags := make([]map[string][]string, len(branches))
	for i, br := range branches {
		conjs[i] = expand(br)
		tags[i] = tagsOf(conjs[i])
	}
	var names []string
	seen := map[string]bool{}
	for _, t := range tags {
		for name := range t {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	for _, withDefault := range []bool{false, true} {
		for _, name := range names {
			if s, ok := tagSelection(conjs, tags, name, withDefault); ok {
				return s, true
			}
		}
	}
	return keySelection(conjs)
}

// tagsOf returns, by property name, the string constants (const or enum
// of strings) of the properties conj requires.
func tagsOf(conj []*schema.Node) map[string][]string {
	tags := map[string][]string{}
	req := map[string]bool{}
	for _, m := range conj {
		for _, r := range m.Required {
			req[r] = true
		}
	}
	for _, m := range conj {
		for name, ps := range m.Properties {
			if !req[name] {
				continue
			}
			for _, s := range expand(ps) {
				if s.Const != nil {
					if v, ok := s.Const.V.(string); ok {
						tags[name] = []string{v}
					}
				} else if s.Enum != nil && allStrings(s.Enum.List) {
					for _, v := range s.Enum.List {
						tags[name] = append(tags[name], v.(string))
					}
				}
			}
		}
	}
	return tags
}

// tagSelection reports whether property name tells the branches apart:
// each has values no other has, or (withDefault) exactly one branch has
// none and refuses the property.
func tagSelection(conjs [][]*schema.Node, tags []map[string][]string, name string, withDefault bool) (selection, bool) {
	s := selection{Tag: name, Tags: make([][]string, len(conjs)), Keys: make([][]string, len(conjs)), Default: -1}
	seen := map[string]bool{}
	for i := range conjs {
		vs := tags[i][name]
		if len(vs) == 0 {
			if !withDefault || s.Default >= 0 || !refuses(conjs[i], name) {
				return selection{}, false
			}
			s.Default = i
			continue
		}
		for _, v := range vs {
			if seen[v] {
				return selection{}, false
			}
			seen[v] = true
		}
		s.Tags[i] = vs
	}
	return s, true
}

// keySelection tells branches apart by keys: each branch's keys are the
// properties it requires that every other branch refuses.
func keySelection(conjs [][]*schema.Node) (selection, bool) {
	s := selection{Tags: make([][]string, len(conjs)), Keys: make([][]string, len(conjs)), Default: -1}
	for i, conj := range conjs {
		for _, name := range requiredOf(conj) {
			all := true
			for j, other := range conjs {
				if j != i && !refuses(other, name) {
					all = false
					break
				}
			}
			if all {
				s.Keys[i] = append(s.Keys[i], name)
			}
		}
		if len(s.Keys[i]) == 0 {
			if s.Default >= 0 {
				return selection{}, false
			}
			s.Default = i
		}
	}
	return s, true
}

// requiredOf returns the properties conj requires, sorted, once each.
func requiredOf(conj []*schema.Node) []string {
	var out []string
	for _, m := range conj {
		out = append(out, m.Required...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// refuses reports whether no object that conj accepts has property
// name: a member gives it the schema false, closes the object without
// declaring it (and no pattern that could), or is not: {required:
// [name]}.
func refuses(conj []*schema.Node, name string) bool {
	for _, m := range conj {
		p, declared := m.Properties[name]
		switch {
		case declared && p.IsFalse():
			return true
		case !declared && m.AdditionalProperties.IsFalse() && len(m.PatternProperties) == 0:
			return true
		case m.Not != nil:
			n := follow(m.Not)
			if n.Ref == nil && n.Bool == nil && len(n.Required) == 1 && n.Required[0] == name && onlyKeywords(n, "required") {
				return true
			}
		}
	}
	return false
}
