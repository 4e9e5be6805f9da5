package impl

// Presence is a branch of an anyOf or oneOf beside an object's
// properties that only requires properties (required) and may refuse a
// set of them (not: {required: […]}): a decoder checks such branches on
// which properties it has read, without the object's text.
type Presence struct {
	// Required are the properties the branch requires; Forbidden, where
	// not empty, the ones it refuses to see all together.
	Required, Forbidden []string
}

// passes reports whether an object passes p; has says whether it has a
// property.
func (p Presence) passes(has func(string) bool) bool {
	for _, name := range p.Required {
		if !has(name) {
			return false
		}
	}
	return !p.forbidden(has)
}

func (p Presence) forbidden(has func(string) bool) bool {
	if len(p.Forbidden) == 0 {
		return false
	}
	for _, name := range p.Forbidden {
		if !has(name) {
			return false
		}
	}
	return true
}

// AnyOfPresence checks an anyOf of Presence branches: where none passes,
// the problem says so first, then each branch's problems, as AnyOf words
// them.
func (c *Decoding) AnyOfPresence(has func(string) bool, branches ...Presence) {
	for _, b := range branches {
		if b.passes(has) {
			return
		}
	}
	c.Problemf("anyOf: the value matches none of the %d schemas", len(branches))
	c.presenceProblems(has, branches)
}

// OneOfPresence checks a oneOf of Presence branches, as OneOf words it.
func (c *Decoding) OneOfPresence(has func(string) bool, branches ...Presence) {
	matched := -1
	for i, b := range branches {
		if !b.passes(has) {
			continue
		}
		if matched >= 0 {
			c.Problemf("oneOf: the value matches schemas %d and %d, want exactly one", matched, i)
			return
		}
		matched = i
	}
	if matched < 0 {
		c.Problemf("oneOf: the value matches none of the %d schemas", len(branches))
		c.presenceProblems(has, branches)
	}
}

// presenceProblems records why each branch failed, marked with its
// branch, in the order a branch's validator finds them (its not first).
func (c *Decoding) presenceProblems(has func(string) bool, branches []Presence) {
	if c.quiet {
		return
	}
	for i, b := range branches {
		if b.forbidden(has) {
			c.Problemf("(schema %d) not: the value matches a schema it must not", i)
		}
		var missing []string
		for _, name := range b.Required {
			if !has(name) {
				missing = append(missing, name)
			}
		}
		switch len(missing) {
		case 0:
		case 1:
			c.Problemf("(schema %d) missing property '%s'", i, missing[0])
		default:
			c.Problemf("(schema %d) missing properties %s", i, quoteList(missing))
		}
	}
}
