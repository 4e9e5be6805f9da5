package build

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/names"
)

// The naming scope: every package-level identifier the emitter writes is
// derived from a type, tool or output name here, and reserved before any
// code is written. Types are built under the names their schemas suggest;
// then names that clash are resolved at once, the same way whatever order
// the types were built in:
//
//   - a name the user chose (a `schemas` key, a `names` entry, a tool's
//     types) wins over a derived one; two chosen names that clash are an
//     error naming both places;
//   - among derived names, the plainest wins (the schema's own key already
//     reads as the name, then the shorter location, then the smaller one);
//     each other one moves one step up its ladder of qualified names: the
//     parent's name before it, then its location spelled out, then a hash
//     of its location (its stable URL, so that the name does not depend
//     on where the inputs live), then a hash of the type's key (two types merged
//     from one location, by allOf, share the location but not the key),
//     and last, where even those clash, the hash rung numbered by the
//     types' order. So two derived types never end with one name: a clash
//     is only ever reported between names a user chose. No step depends
//     on the order the types were built in.

// naming is what the scope knows of one type's name.
type naming struct {
	key    string   // the builder's key of the type
	loc    string   // the location the name was derived from; "" for chosen names
	chosen bool     // the user chose the name
	ladder []string // derived: the names to try, plainest first
	step   int
	plain  bool // the schema's own key reads as the name
}

// ident is one identifier the emitter writes for a type.
type ident struct {
	id, what string
	t        *ir.Type
}

// typeIdents lists the package-level identifiers written for t.
func typeIdents(t *ir.Type) []ident {
	out := []ident{{t.Name, "type", t}}
	parse, vars, fields := typeDecls(t)
	if parse != "" {
		out = append(out, ident{parse, "function", t})
	}
	for _, v := range vars {
		out = append(out, ident{v, "variable", t})
	}
	if fields != "" {
		out = append(out, ident{fields, "variable", t})
	}
	for _, v := range t.Values {
		out = append(out, ident{v.Name, "constant", t})
	}
	return out
}

// nameLadder returns the names a derived type of the builder's key key at
// loc may take, plainest first; hint is what the type adds to its schema's
// name (a kind view, a variant).
func (b *builder) nameLadder(key, loc, hint string) []string {
	first := b.nameOf(loc) + hint
	ladder := []string{first}
	if parent := b.parentName(loc); parent != "" && !strings.HasPrefix(first, parent) {
		ladder = append(ladder, parent+first)
	}
	_, toks := jsonptr.SplitLoc(loc)
	spelled := names.Go(strings.Join(toks, " "))
	if spelled == "" {
		spelled = "Root"
	}
	ladder = append(ladder, first+"At"+spelled)
	ladder = append(ladder, fmt.Sprintf("%s%08X", first, hash32(b.l.Stable(loc)+"|"+hint)))
	if byKey := fmt.Sprintf("%s%08X", first, hash32(b.stableKey(key))); byKey != ladder[len(ladder)-1] {
		ladder = append(ladder, byKey)
	}
	return ladder
}

// stableKey is key with the URL of every location in it replaced by the
// document's stable URL, so that a name made from it does not depend on
// where the inputs live. Keys join locations with "&" and add "|…".
func (b *builder) stableKey(key string) string {
	parts := strings.Split(key, "&")
	for i, p := range parts {
		at, rest, found := strings.Cut(p, "|")
		parts[i] = b.l.Stable(at)
		if found {
			parts[i] += "|" + rest
		}
	}
	return strings.Join(parts, "&")
}

func hash32(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

// parentName is the name of the schema that holds the one whose name
// loc's name is built on: for a definition, its document's.
func (b *builder) parentName(loc string) string {
	u, toks := jsonptr.SplitLoc(loc)
	path := schemaSteps(toks)
	for i := len(path); i > 0; i-- {
		st := path[i-1]
		if st.keyword == "$defs" || st.keyword == "definitions" {
			return b.nameOf(u + "#" + jsonptr.Join(toks[:st.start]))
		}
	}
	return ""
}

// resolveNames gives every type a name no other identifier of the package
// takes, and retargets the references to renamed types. reserved are the
// identifiers that tools, outputs and the package API write.
func (b *builder) resolveNames(reserved map[string]bool) {
	var all []*ir.Type
	for _, t := range b.types {
		all = append(all, t)
	}
	key := func(t *ir.Type) string { return b.naming[t].key }
	sort.Slice(all, func(i, j int) bool { return key(all[i]) < key(all[j]) })
	for round := 0; ; round++ {
		byID := map[string][]ident{}
		for _, t := range all {
			ids := typeIdents(t)
			if b.partials[t] {
				name, read := partialIdents(t.Name)
				ids = append(ids, ident{name, "type", t}, ident{read, "function", t})
			}
			for _, id := range ids {
				byID[id.id] = append(byID[id.id], id)
			}
		}
		var moved []*ir.Type
		movedSet := map[*ir.Type]bool{}
		for _, id := range slices.Sorted(maps.Keys(byID)) {
			group := distinctTypes(byID[id])
			if len(group) < 2 && !reserved[id] {
				continue
			}
			sort.Slice(group, func(i, j int) bool { return b.before(group[i], group[j]) })
			losers := group[1:]
			if reserved[id] {
				losers = group
			}
			for i, t := range losers {
				n := b.naming[t]
				if n.chosen || movedSet[t] {
					continue // left for checkIdents, which names both places
				}
				if n.step+1 >= len(n.ladder) {
					// Past the last rung: the hash rung numbered by the
					// claimants' order, which is fixed (before).
					n.ladder = append(n.ladder, fmt.Sprintf("%s%d", n.ladder[len(n.ladder)-1], i+2))
				}
				other := "the package's own " + id
				if len(group) > 1 && t != group[0] {
					other = group[0].Source
				}
				n.step++
				b.renames = append(b.renames, ir.Rename{From: t.Name, To: n.ladder[n.step], Source: t.Source, Other: other, Pos: t.Pos})
				moved = append(moved, t)
				movedSet[t] = true
			}
		}
		if len(moved) == 0 {
			break
		}
		for _, t := range moved {
			b.rename(t, b.naming[t].ladder[b.naming[t].step])
		}
	}
	for r, t := range b.refs {
		r.Name = t.Name
	}
	for _, t := range b.types {
		for _, f := range t.Fields {
			if f.Embedded && f.Type.Kind == ir.RefNamed && f.Type.Pkg == "" {
				f.Name = f.Type.Name
			}
		}
	}
	sort.Slice(b.renames, func(i, j int) bool { return b.renames[i].String() < b.renames[j].String() })
}

// before orders the claimants of one name: chosen names first, then the
// plainest derived one.
func (b *builder) before(x, y *ir.Type) bool {
	nx, ny := b.naming[x], b.naming[y]
	if nx.chosen != ny.chosen {
		return nx.chosen
	}
	if nx.plain != ny.plain {
		return nx.plain
	}
	if len(nx.loc) != len(ny.loc) {
		return len(nx.loc) < len(ny.loc)
	}
	return nx.key < ny.key
}

func distinctTypes(ids []ident) []*ir.Type {
	var out []*ir.Type
	seen := map[*ir.Type]bool{}
	for _, id := range ids {
		if !seen[id.t] {
			seen[id.t] = true
			out = append(out, id.t)
		}
	}
	return out
}

// rename gives t a new name; its enum constants follow.
func (b *builder) rename(t *ir.Type, name string) {
	for i, v := range t.Values {
		t.Values[i].Name = name + strings.TrimPrefix(v.Name, t.Name)
	}
	t.Name = name
}

// plainName reports whether the last token of loc already reads as name.
func plainName(loc, name string) bool {
	_, toks := jsonptr.SplitLoc(loc)
	return len(toks) > 0 && strings.EqualFold(toks[len(toks)-1], name)
}
