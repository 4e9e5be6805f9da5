package lenient

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// Node is a value of an unfinished reply, as read so far. Generated
// Parse<Name>Partial functions read their <Name>Partial types from it.
type Node struct {
	v    any
	ptr  string
	done map[string]bool
}

// prune drops what an unfinished reply has not finished and that may
// still change meaning: a number, boolean or literal the text ends in, an
// enum value or a string read as another kind still being written. It
// records which values the model closed. It returns nil for a value
// dropped whole. ms are the schemas the value must satisfy (nil: no
// schema); a property or item that several of them declare takes the
// schemas of each declaration (an enum in an allOf's second member).
func prune(v *jvalue, ms []*jsonschema.Schema, path []string, done map[string]bool) *jvalue {
	ptr := schema.Pointer(path)
	done[ptr] = v.done
	switch v.kind {
	case jNull, jBool, jNumber:
		if !v.done {
			return nil
		}
	case jString:
		if !v.done && ms != nil {
			want := schema.AllowedTypes(ms)
			if want != 0 && !want.Has("string") || hasEnum(ms) {
				return nil
			}
		}
	case jArray:
		var items []*jvalue
		for i, it := range v.kids {
			var sub []*jsonschema.Schema
			if ms != nil {
				sub = itemMembers(ms, i)
				if !v.done && branchMayCoerceItem(ms, i, it) {
					// An item a union's branch would coerce is not done
					// while the list that decides the branch is open.
					undone(it)
				}
			}
			p := prune(it, sub, append(path, strconv.Itoa(len(items))), done)
			if p == nil && i < len(v.kids)-1 {
				// The items after one left out would take its index:
				// the list shows the items before it.
				break
			}
			if p != nil {
				items = append(items, p)
			}
		}
		v.kids = items
	case jObject:
		var keys []string
		var vals []*jvalue
		for i, k := range v.keys {
			var sub []*jsonschema.Schema
			if ms != nil {
				sub = propertyMembers(ms, k)
				if kid := v.kids[i]; sub == nil && kid.kind == jString && !kid.done && branchesEnum(ms, k) {
					// {"type": "te: a union's discriminator still being
					// written is left out, as an enum value is.
					done[schema.Pointer(append(path, k))] = false
					continue
				}
			}
			if !v.done && ms != nil && branchMayCoerce(ms, v, k, v.kids[i]) {
				// A value a union's branch would coerce is not done while
				// the object that decides the branch is still open.
				undone(v.kids[i])
			}
			if p := prune(v.kids[i], sub, append(path, k), done); p != nil {
				keys = append(keys, k)
				vals = append(vals, p)
			}
		}
		v.keys, v.kids = keys, vals
	}
	return v
}

// branchMayCoerce reports whether a union branch among ms that the
// object obj may still take, or an if/then/else branch, declares the
// property k with a schema kid, as read, does not meet, or declares
// another spelling of k: the branch the finished object takes may then
// coerce it ("go" for a list of tags) or rename it. A branch whose enum
// or const property a finished member of obj does not meet (a
// discriminator) is one obj does not take, unless no branch is left.
func branchMayCoerce(ms []*jsonschema.Schema, obj *jvalue, k string, kid *jvalue) bool {
	branches := unionBranches(ms)
	var live [][]*jsonschema.Schema
	for _, bms := range branches {
		if takes(bms, obj) {
			live = append(live, bms)
		}
	}
	if len(live) == 0 {
		live = branches
	}
	// if/then/else: which branch applies, the finished object decides.
	for _, m := range ms {
		if m.If == nil {
			continue
		}
		for _, br := range []*jsonschema.Schema{m.Then, m.Else} {
			if br != nil {
				live = append(live, schema.Members(br))
			}
		}
	}
	if len(live) == 0 {
		return false
	}
	rejects := rejecter(kid)
	norm := normKey(k)
	for _, bms := range live {
		for _, bm := range bms {
			p := bm.Properties[k]
			if p == nil {
				for name := range bm.Properties {
					if normKey(name) == norm {
						return true // api_version for apiVersion: a key the branch may rename
					}
				}
				continue
			}
			if rejects(p) {
				return true
			}
		}
	}
	return false
}

// branchMayCoerceItem is branchMayCoerce for the item i of a list: a
// union branch among ms gives it a schema kid, as read, does not meet
// (an object in a list that may yet be a list of strings).
func branchMayCoerceItem(ms []*jsonschema.Schema, i int, kid *jvalue) bool {
	rejects := rejecter(kid)
	for _, bms := range unionBranches(ms) {
		if sub := itemSchema(nil, bms, i); sub != nil && rejects(sub) {
			return true
		}
	}
	return false
}

// unionBranches returns the members of each branch of the unions (anyOf,
// oneOf of two or more) among ms; a branch that is itself a union gives
// its own branches too, each with the members of the branches it is in
// (kustomize's replacement: a path, or one of two inline forms).
func unionBranches(ms []*jsonschema.Schema) [][]*jsonschema.Schema {
	var out [][]*jsonschema.Schema
	var add func(ms, outer, open []*jsonschema.Schema)
	add = func(ms, outer, open []*jsonschema.Schema) {
		for _, m := range ms {
			if slices.Contains(open, m) {
				continue // a union that is its own branch, further in
			}
			for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
				if len(dis) < 2 {
					continue
				}
				for _, br := range dis {
					bms := append(slices.Clone(outer), schema.Members(br)...)
					out = append(out, bms)
					add(schema.Members(br), bms, append(open, m))
				}
			}
		}
	}
	add(ms, nil, nil)
	return out
}

// rejecter returns a check of whether a schema rejects v, read as a
// document once, when first needed.
func rejecter(v *jvalue) func(*jsonschema.Schema) bool {
	var doc any
	read := false
	return func(s *jsonschema.Schema) bool {
		if !read {
			doc, read = toAny(v), true
		}
		return s.Validate(doc) != nil
	}
}

// takes reports whether the finished members of obj meet the enum and
// const properties of a branch (its members bms).
func takes(bms []*jsonschema.Schema, obj *jvalue) bool {
	for i, key := range obj.keys {
		kid := obj.kids[i]
		if !kid.done || kid.kind == jObject || kid.kind == jArray {
			continue
		}
		for _, bm := range bms {
			if p := bm.Properties[key]; p != nil && hasEnum(schema.Members(p)) && p.Validate(toAny(kid)) != nil {
				return false
			}
		}
	}
	return true
}

// propertyMembers returns the schemas the member k of an object of ms
// must satisfy: every declaration of k among ms, else the pattern or
// additional properties' schema, with their members; nil for none.
func propertyMembers(ms []*jsonschema.Schema, k string) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	for _, m := range ms {
		if p := m.Properties[k]; p != nil {
			out = append(out, schema.Members(p)...)
		}
	}
	if out == nil {
		if p := propertySchema(ms, k); p != nil {
			out = schema.Members(p)
		}
	}
	return out
}

// itemMembers is propertyMembers for the item i of an array of ms.
func itemMembers(ms []*jsonschema.Schema, i int) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	for _, m := range ms {
		if m.Items != nil || m.Items2020 != nil || len(m.PrefixItems) > 0 {
			if sub := itemSchema(nil, []*jsonschema.Schema{m}, i); sub != nil {
				out = append(out, schema.Members(sub)...)
			}
		}
	}
	if out == nil {
		if sub := itemSchema(nil, ms, i); sub != nil {
			out = schema.Members(sub)
		}
	}
	return out
}

// branchesEnum reports whether the branches of ms's anyOf and oneOf
// that declare the property k all make it an enum or a const, and one
// does: a union's discriminator.
func branchesEnum(ms []*jsonschema.Schema, k string) bool {
	found := false
	for _, m := range ms {
		for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
			for _, br := range dis {
				bms := schema.Members(br)
				p := propertySchema(bms, k)
				if p == nil {
					continue
				}
				if !hasEnum(schema.Members(p)) {
					return false
				}
				found = true
			}
		}
	}
	return found
}

func hasEnum(ms []*jsonschema.Schema) bool {
	for _, m := range ms {
		if m.Enum != nil {
			return true
		}
		if _, ok := constString(m); ok {
			return true
		}
	}
	return false
}

// Done reports whether the model closed the value: a string's end quote,
// an array's or object's bracket. Numbers, booleans and enum values are
// only there once finished.
func (n *Node) Done() bool {
	if n == nil {
		return false
	}
	for ptr := n.ptr; ; {
		if d, ok := n.done[ptr]; ok {
			return d
		}
		// A value a coercion made (a list of one) is as done as the value
		// it was made of.
		j := strings.LastIndexByte(ptr, '/')
		if j < 0 {
			return false
		}
		ptr = ptr[:j]
	}
}

// IsObject reports whether the value is an object.
func (n *Node) IsObject() bool {
	_, ok := n.Value().(map[string]any)
	return ok
}

// Value returns the value read so far as encoding/json decodes into any
// (numbers as json.Number): nil for a nil node.
func (n *Node) Value() any {
	if n == nil {
		return nil
	}
	return n.v
}

// Field returns the member name of an object; nil when the reply has not
// written it yet.
func (n *Node) Field(name string) *Node {
	m, ok := n.Value().(map[string]any)
	if !ok {
		return nil
	}
	v, ok := m[name]
	if !ok {
		return nil
	}
	return &Node{v: v, ptr: n.ptr + "/" + escapeToken(name), done: n.done}
}

// Items returns the items of an array read so far.
func (n *Node) Items() []*Node {
	a, ok := n.Value().([]any)
	if !ok {
		return nil
	}
	out := make([]*Node, len(a))
	for i, v := range a {
		out[i] = &Node{v: v, ptr: n.ptr + "/" + strconv.Itoa(i), done: n.done}
	}
	return out
}

// Members returns the members of an object read so far, by name.
func (n *Node) Members() map[string]*Node {
	m, ok := n.Value().(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]*Node, len(m))
	for k, v := range m {
		out[k] = &Node{v: v, ptr: n.ptr + "/" + escapeToken(k), done: n.done}
	}
	return out
}

// JSON returns the value read so far as JSON.
func (n *Node) JSON() json.RawMessage {
	b, _ := json.Marshal(n.Value())
	return b
}

// ReadPartial reads a reply that may still be streaming, for the schema
// s: strings may still grow; numbers, booleans, null and enum values
// appear only once the text has finished them; each value knows whether
// the model closed it. Nothing is validated, since the reply is not
// finished. It returns nil and ErrEmptyReply or ErrNoJSON when there is
// nothing to read yet.
func ReadPartial(s *schema.Schema, text []byte) (*Node, []problem.Repair, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, nil, err
	}
	var pre []problem.Repair
	if answer, ok := withoutReasoning(text); ok {
		// <think>…</think>⏎- checked: what the line readings and the
		// prose rules look at is the answer (blanks keep the offsets).
		text, pre = answer, []problem.Repair{skippedReasoning}
	}
	if at, ok := markerAtEnd(text); ok {
		// "- " or "1. ": a list item's marker, its text still to come, is
		// no value yet (not -0, nor 1).
		text = text[:at]
	}
	v, repairs, err := read(text, true)
	plain := v // the reading as a document, no line reading of the text
	if yv, reps, ok := yamlFor(text, sch, true); ok {
		// a:⏎  b: 1⏎c: for a schema of no properties, YAML's lines
		// stream as the document, nothing done until the text ends.
		v, repairs, err = yv, reps, nil
	} else if list, off, members, ok := bulletListFor(text, sch); ok {
		// - apple⏎- ban: a markdown list streams as its items, as its
		// final reading has them, the last still growing until its line
		// ends, and more may come.
		growing(list, text, true)
		msg := readBulletItems
		if members {
			msg = readBulletObjects
		}
		v, repairs, err = list, []problem.Repair{{Offset: off, Message: msg}}, nil
	} else if table, reps, ok := markdownTable(text, s.Shapes(), sch); ok {
		// | Ada | 36 |⏎| Bo: a table streams as its rows, as its final
		// reading has them, the last still growing until its line ends.
		growing(table, text, false)
		v, repairs, err = table, reps, nil
	} else if rows, reps, _, ok := csvRows(text, s.Shapes(), sch, true); ok {
		// first_name,age⏎Ada,36⏎Bo: CSV streams as its rows, as a
		// table does.
		v, repairs, err = rows, reps, nil
	} else if tableOpening(text) {
		return nil, nil, problem.ErrNoJSON // | a | b |⏎|--: a table's header, its rows still to come
	} else if at, ok := labelledList(text, sch); ok {
		// Colors: red, bl: the list after its label streams as the list.
		if lv, reps, lerr := read(text[at:], true); lerr == nil {
			lv.done = false // more items may come, as in a markdown list
			shiftValue(lv, at)
			v, repairs, err = lv, append([]problem.Repair{{Message: "skipped the label before the list"}}, shift(reps, at)...), nil
		}
	} else if obj, off, ok := memberLines(text, sch); ok {
		// name: Ada⏎age: 3: lines of members stream as the object, as its
		// final reading has it, the last member growing until its line
		// ends.
		growing(obj, text, true)
		v, repairs, err = obj, []problem.Repair{{Offset: off, Message: readMemberLines}}, nil
	} else if xv, reps, _, ok := xmlMembers(text, sch); ok {
		// <name>Ada</name><age>3: the elements so far, those the text
		// has not closed not done, nor the whole, to which more
		// elements may come.
		xv.done = false
		v, repairs, err = xv, reps, nil
	} else if recs, off, _, ok := memberRecords(text, sch); ok {
		// name: Ada⏎age: 3⏎⏎name: B: records of members stream as the
		// list, the last record growing.
		growing(recs, text, true)
		v, repairs, err = recs, []problem.Repair{{Offset: off, Message: readMemberRecords}}, nil
	} else if yv, reps, ok := readYAML(text, yamlMode{streaming: true}); ok && !reasoningOpen(text) {
		// name: Ada⏎note: see {this}: YAML's lines member lines do not
		// read, as the final reading falls back to them; nothing done.
		v, repairs, err = yv, reps, nil
	}
	if err != nil {
		return nil, repairs, err
	}
	if v == plain {
		v, repairs = oneDocument(text, v, repairs, s, sch)
	}
	var scratch []problem.Repair
	if proseSoFar(text) && !kindsFit(coerce(s.Shapes(), toAny(v), sch, "", false, &scratch), sch) {
		// Here they are:⏎: words the model writes before its answer
		// read as a string, or its lines as a list of strings; where the
		// schema takes neither, they are not the answer, which is still
		// to come.
		return nil, nil, problem.ErrNoJSON
	}
	switch {
	case v != plain:
	case json.Valid(text):
		// "happy": a text that is JSON as it stands reads as JSON reads
		// it; its values are as done as the reading made them.
	case !bytes.ContainsAny(text, "{["):
		// No bracket yet (Here they are:⏎⏎-, or Here it is:⏎⏎```): what
		// the reply writes next may make the words so far an
		// introduction, a label, a list's items or a fence's prose.
		undone(v)
	case v.kind != jObject && v.kind != jArray:
		// A value alone, with no bracket of its own ("hi" and): what
		// the reply writes next may still make it another reading (a
		// string of the whole text).
		v.done = false
	}
	after := false
	provisional(v, &after)
	settle(v)
	done := map[string]bool{}
	openLast := map[string]bool{}
	lastOfOpenObjects(v, nil, openLast) // before prune leaves out what is unfinished
	v = prune(v, schema.Members(sch), nil, done)
	if v == nil {
		return nil, repairs, problem.ErrNoJSON
	}
	doc := toAny(v)
	var coerced []problem.Repair
	doc = coerce(s.Shapes(), doc, sch, "", false, &coerced) // a streamed object may still get them
	for i := range coerced {
		coerced[i].Offset = offsetOf(v, coerced[i].Pointer)
		if p := coerced[i].Pointer; coerced[i].Message == readListOfOne && (p == "" || openLast[p]) {
			// {"a": 1} where a list is wanted: the list of one is not
			// done, for another document may follow ({"a": 2}, as JSON
			// Lines write them); nor is {"tags": "a", where "b"] may
			// follow, the list's '[' left out, until the next member or
			// the object's end. Its item is as done as it was.
			done[p+"/0"], done[p] = done[p], false
		}
	}
	return &Node{v: doc, done: done}, append(append(pre, repairs...), coerced...), nil
}

// lastSet returns the index of the last of kids that is not the null of
// a key the text ends after ({"a": 1, "b), or -1.
func lastSet(kids []*jvalue) int {
	i := len(kids) - 1
	for i >= 0 && kids[i].kind == jNull && !kids[i].done {
		i--
	}
	return i
}

// lastOfOpenObjects adds to last the pointer of the last member of each
// object in v that the text has not closed.
func lastOfOpenObjects(v *jvalue, path []string, last map[string]bool) {
	lastMember := -1
	if v.kind == jObject && !v.done {
		lastMember = lastSet(v.kids)
	}
	for i, k := range v.kids {
		p := path
		switch v.kind {
		case jObject:
			p = append(path, v.keys[i])
			if i == lastMember {
				last[schema.Pointer(p)] = true
			}
		case jArray:
			p = append(path, strconv.Itoa(i))
		}
		lastOfOpenObjects(k, p, last)
	}
}

// oneDocument returns, for a streaming reply read as documents (v, with
// repairs), the document the finished reply's reading takes where the
// schema takes one, so that partials keep the answer's shape: the one
// written after a correction or an answer label ({…}⏎Actually, {…}),
// else, of documents in a row that the schema does not take as a list,
// the first finished one that is valid, or the one still being written
// where none is before it, or the first whose kinds fit.
func oneDocument(text []byte, v *jvalue, repairs []problem.Repair, s *schema.Schema, sch *jsonschema.Schema) (*jvalue, []problem.Repair) {
	var scratch []problem.Repair
	fitting := func(v *jvalue, complete bool) (any, bool) {
		doc := coerce(s.Shapes(), toAny(v), sch, "", complete, &scratch)
		return doc, kindsFit(doc, sch)
	}
	if at := correctionAt(text); at >= 0 {
		if cv, reps, err := read(text[at:], true); err == nil && cv != nil && !cv.rows {
			if _, ok := fitting(cv, false); ok {
				shiftValue(cv, at)
				return cv, append(shift(reps, at), problem.Repair{Offset: at, Message: tookCorrection})
			}
		}
	}
	if !v.rows {
		return v, repairs
	}
	if _, ok := fitting(v, false); ok {
		return v, repairs
	}
	var took, fits *jvalue
	for _, k := range v.kids {
		doc, ok := fitting(k, k.done)
		if !ok {
			continue
		}
		if fits == nil {
			fits = k
		}
		if !k.done {
			took = k // the last, still being written
			break
		}
		if ps, err := s.Validate(doc); err == nil && len(ps) == 0 {
			took = k
			break
		}
	}
	if took == nil {
		took = fits
	}
	if took == nil {
		return v, repairs
	}
	return took, append(repairs, problem.Repair{Offset: took.off, Message: "took, of the documents in a row, the one that fits the schema"})
}

// provisional marks not done every value read after a value that is
// not done and holds none (a string whose end the text still to come
// may move, a number that may go on): its reading may change what
// follows it. *after says whether one was met, in the order read.
func provisional(v *jvalue, after *bool) {
	if *after {
		v.done = false
	}
	if v.kind != jObject && v.kind != jArray {
		if !v.done {
			*after = true
		}
		return
	}
	for _, k := range v.kids {
		provisional(k, after)
	}
}

// settle marks a container not done where a value in it is not: the
// bracket that closed it may yet be read as text of that value
// (["jq '.a["b"]' f"], cut after the bracket).
func settle(v *jvalue) {
	for _, k := range v.kids {
		settle(k)
		if !k.done {
			v.done = false
		}
	}
}

// undone marks v and every value in it not done.
func undone(v *jvalue) {
	v.done = false
	for _, k := range v.kids {
		undone(k)
	}
}

// markerAtEnd reports whether text, outside any document, ends with a
// line that is a list item's marker and blanks alone, and where that
// line starts.
func markerAtEnd(text []byte) (int, bool) {
	if bytes.ContainsAny(text, "{[") {
		return 0, false
	}
	at := bytes.LastIndexByte(text, '\n') + 1
	line := text[at:]
	marker := bytes.TrimSpace(line)
	if len(marker) == len(bytes.TrimLeft(line, " \t")) {
		return 0, false // no blank after the marker yet: "-1" may be a number
	}
	switch {
	case len(marker) == 1 && (marker[0] == '-' || marker[0] == '*' || marker[0] == '+'):
		return at, true
	case len(marker) >= 2 && len(marker) <= 4 && (marker[len(marker)-1] == '.' || marker[len(marker)-1] == ')') && isDigits(marker[:len(marker)-1]):
		return at, true
	}
	return 0, false
}

// growing marks v, a reading of lines still streaming, not done, and the
// last value in it (the last item, row or member, and the last value
// inside that), which may still grow: where the text has not ended its
// last line, or, with joins, even where it has, since lines to come may
// still join it (a line indented under a member is its value's text, a
// list item's next member line is the item's), until a line that does
// not join it starts (lineEnded: for a scalar, one indented no more).
func growing(v *jvalue, text []byte, joins bool) {
	v.done = false
	if !joins && bytes.HasSuffix(text, []byte("\n")) {
		return
	}
	for last := v; len(last.kids) > 0; {
		last = last.kids[len(last.kids)-1]
		if joins && last.kind != jArray && last.kind != jObject && lineEnded(text, last.off) {
			return // - apples: 3⏎- pe: a line at its indent ended the value
		}
		last.done = false
	}
}

// lineEnded reports whether a line of text after the one off is on, not
// blank, is indented no more than it: no line to come joins that line's
// value then (YAML joins only lines indented under it).
func lineEnded(text []byte, off int) bool {
	if off < 0 || off > len(text) {
		return false
	}
	start := bytes.LastIndexByte(text[:off], '\n') + 1
	indent := len(text[start:]) - len(bytes.TrimLeft(text[start:], " \t"))
	end := bytes.IndexByte(text[off:], '\n')
	if end < 0 {
		return false
	}
	for rest := text[off+end+1:]; len(rest) > 0; {
		line := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			line, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return len(line)-len(bytes.TrimLeft(line, " \t")) <= indent
	}
	return false
}

// StringNode is the node of a plain string output: the text itself, still
// growing.
func StringNode(text string) *Node {
	return &Node{v: text, done: map[string]bool{"": false}}
}

// Finished returns the problems of the values the model has finished
// (a closed string, array or object, or a number, boolean or enum value
// the text has moved past) against the schema s.
func (n *Node) Finished(s *schema.Schema) ([]problem.Problem, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, err
	}
	var ps []problem.Problem
	var walk func(v any, s *jsonschema.Schema, path []string)
	walk = func(v any, s *jsonschema.Schema, path []string) {
		if s == nil {
			return
		}
		ptr := schema.Pointer(path)
		if d, ok := n.done[ptr]; ok && d {
			if err := s.Validate(v); err != nil {
				if ve, ok := err.(*jsonschema.ValidationError); ok {
					for _, p := range schema.Problems(ve) {
						p.Pointer = ptr + p.Pointer
						ps = append(ps, p)
					}
				}
			}
			return
		}
		ms := schema.Members(s)
		switch x := v.(type) {
		case []any:
			for i, it := range x {
				walk(it, itemSchema(nil, ms, i), append(path, strconv.Itoa(i)))
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k], propertySchema(ms, k), append(path, k))
			}
		}
	}
	walk(n.v, sch, nil)
	return ps, nil
}

// proseSoFar reports whether text holds no document yet: no bracket and
// no quote before its first word.
func proseSoFar(text []byte) bool {
	t := bytes.TrimLeftFunc(text, unicode.IsSpace)
	if len(t) == 0 || bytes.ContainsAny(t, "{[") {
		return false
	}
	r, _ := utf8.DecodeRune(t)
	return !isQuote(r)
}

// kindsFit reports whether the schema takes doc's kind and, for a list,
// each item's.
func kindsFit(doc any, s *jsonschema.Schema) bool {
	ms := schema.Members(s)
	if want := schema.AllowedTypes(ms); want != 0 && !fitsType(doc, want) {
		return false
	}
	items, _ := doc.([]any)
	for i, it := range items {
		if sub := itemSchema(nil, ms, i); sub != nil && !kindsFit(it, sub) {
			return false
		}
	}
	return true
}
