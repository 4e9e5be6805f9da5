package lenient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// A candidate is one reading of a reply: a value the tolerant reader
// found, the repairs that reading took, and whether it lies inside the
// value another candidate read (nested candidates are used only when no
// outer one fits, and then with a repair saying so).
type candidate struct {
	v       *jvalue
	repairs []problem.Repair
	where   string // for the repair that says where it was found
	nested  bool
	// corrects: a part written after prose that corrects what came
	// before ("Wait, correction:"), which wins over it where both fit.
	corrects bool
}

// earlyChoice lets alignReply skip readings that cannot be chosen;
// tests turn it off to check that the choice is the same.
var earlyChoice = true

// selfOnly reports whether the only reading of a part of text is the
// whole reading again (one says the whole reply was read as one value,
// from its start to its end): no fence, and one balanced value, the
// document itself, running to the end of the text. Read alone, it reads
// alike, with one repair more (it was "taken from the prose").
func selfOnly(text []byte, one bool) bool {
	if !one || bytes.Contains(text, []byte("```")) {
		return false
	}
	spans := balancedSpans(text)
	if len(spans) != 1 || spans[0][1] != len(text) {
		return false
	}
	start := len(text) - len(skipWS(text))
	return spans[0][0] == start
}

// partCandidates appends to out the readings of parts of text, whose
// whole reading (the first reading, read by alignReply) is whole (nil when
// it has none; one when it read the text from its start to its end as one
// value), in order of preference when they fit equally: each code
// fence, each balanced value in the prose, the balanced values together
// as a list, then the arrays and objects inside the whole reply's
// document. Each costs at least one repair that says which part it took
// (fences, prose), or is nested.
func partCandidates(text []byte, out []candidate, whole *jvalue, wholeRepairs []problem.Repair, cue int, one bool) []candidate {
	var fences []fence
	if !one || whole == nil || whole.kind != jObject && whole.kind != jArray {
		// (A reply read whole as one document, from its start to its
		// end, holds its fences in its strings' text: {"md": "…```sh⏎…"}.)
		fences = fenceBodies(text)
	}
	if len(fences) > maxCandidates {
		fences = fences[:maxCandidates]
	}
	best := langOther
	for _, f := range fences {
		best = min(best, f.lang)
	}
	first := len(out)
	for _, f := range fences {
		t := &tolerant{s: f.body}
		if vs := t.readAll(); t.err == nil && len(vs) > 0 {
			reps := shift(t.repairs, f.off)
			reps = append(reps, problem.Repair{Offset: f.open, Message: "took the JSON document from a markdown code fence"})
			if f.lang > best {
				// ```python beside ```json: the code is read only when the
				// JSON does not fit, and costs a repair more.
				reps = append(reps, problem.Repair{Offset: f.open, Message: "read a code fence marked as another language than JSON"})
			}
			v := joinDocuments(vs, f.off, &reps, false)
			shiftValue(v, f.off)
			out = append(out, corrected(candidate{v: v, repairs: reps}, v.off, cue))
		}
	}
	if len(out)-first > 1 {
		// Two fences that both hold a document: the one taken is said
		// to leave the other out, as a value in prose is.
		for i := first; i < len(out); i++ {
			out[i].repairs = append(out[i].repairs, problem.Repair{Offset: out[i].v.off, Message: "left out the other code fences"})
		}
	}
	spans := balancedSpans(text)
	if len(spans) > maxCandidates {
		spans = spans[:maxCandidates]
	}
	var inProse []*jvalue
	var proseRepairs []problem.Repair
	for _, sp := range spans {
		t := &tolerant{s: text[sp[0]:sp[1]]}
		v := t.value()
		if t.err != nil || v == nil {
			continue
		}
		shiftValue(v, sp[0])
		reps := append(shift(t.repairs, sp[0]), problem.Repair{Offset: sp[0], Message: "took the JSON document from the surrounding prose"})
		if len(spans) > 1 {
			reps = append(reps, problem.Repair{Offset: sp[0], Message: "left out the other documents in the prose"})
		}
		out = append(out, corrected(candidate{v: v, repairs: reps}, sp[0], cue))
		inProse = append(inProse, v)
		proseRepairs = append(proseRepairs, reps...)
	}
	if len(inProse) > 1 {
		list := &jvalue{kind: jArray, kids: inProse, off: inProse[0].off, done: true}
		var reps []problem.Repair
		for _, r := range proseRepairs {
			if !strings.HasPrefix(r.Message, "left out") {
				reps = append(reps, r)
			}
		}
		reps = append(reps, problem.Repair{Offset: inProse[0].off, Message: fmt.Sprintf("read %d documents in the prose as a list", len(inProse))})
		out = append(out, candidate{v: list, repairs: reps})
	}
	if whole != nil && whole.rows {
		// Sure, here it is:⏎1214⏎⏎Anything else?: a value alone among
		// lines of prose, each read as a document of its own. A number
		// or a literal alone on its line is a reading by itself; the
		// prose's words are not, nor is a string (its quotes may be
		// stray), nor a number that words follow ("3 passed.").
		for _, k := range whole.kids {
			if len(out) >= maxCandidates {
				break
			}
			if aloneOnLine(text, k) {
				reps := append(append([]problem.Repair(nil), wholeRepairs...), problem.Repair{Offset: k.off, Message: "took the value from the lines of prose around it"})
				out = append(out, corrected(candidate{v: k, repairs: reps}, k.off, cue))
			}
		}
	}
	if whole != nil {
		nested := 0
		var walk func(v *jvalue, path []string, depth int)
		walk = func(v *jvalue, path []string, depth int) {
			if depth > 3 || nested >= maxCandidates {
				return
			}
			children := v.kids
			keys := make([]string, len(children))
			for i := range children {
				keys[i] = strconv.Itoa(i)
			}
			if v.kind == jObject {
				children, keys = v.kids, v.keys
			}
			for i, c := range children {
				p := append(append([]string(nil), path...), keys[i])
				if (c.kind == jArray || c.kind == jObject) && nested < maxCandidates {
					nested++
					out = append(out, candidate{v: c, repairs: wholeRepairs, nested: true, where: schema.Pointer(p)})
					walk(c, p, depth+1)
				}
			}
		}
		walk(whole, nil, 0)
	}
	return out
}

// aloneOnLine reports whether v is a number or a literal written alone
// on its line of text.
func aloneOnLine(text []byte, v *jvalue) bool {
	if v.kind != jNumber && v.kind != jBool && v.kind != jNull || v.off >= len(text) {
		return false
	}
	start := bytes.LastIndexByte(text[:v.off], '\n') + 1
	end := bytes.IndexByte(text[v.off:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += v.off
	}
	line := string(bytes.TrimSpace(text[start:end]))
	if v.kind == jNumber {
		return line == v.str
	}
	lit, ok := literals[line]
	return ok && lit.kind == v.kind
}

// correctionAt returns where the last document the reply writes after
// prose that corrects an earlier one ("{…}⏎Wait, correction:⏎{…}") or
// labels it the answer ("Thinking: {…}⏎Final answer: {…}") starts, or
// -1: such prose between two balanced values, outside both.
func correctionAt(text []byte) int {
	// Only the prose between documents is matched, never a document's
	// own text: a large reply costs a byte scan, not a regexp's.
	spans := balancedSpans(text)
	at := -1
	for i := 1; i < len(spans); i++ {
		// Words in double quotes are a document's keys and strings, not
		// prose: where a text lost a bracket, the spans are containers
		// inside one document, and "fixed-cidr": {…} between them
		// corrects nothing.
		between := withoutQuoted(withoutFenceLines(text[spans[i-1][1]:spans[i][0]]))
		if correctionCue.Match(between) || answerBefore.Match(bytes.TrimSpace(between)) {
			at = spans[i][0]
		}
	}
	return at
}

// withoutQuoted returns b without its double-quoted strings (a backslash
// escapes a quote in one; a string the line ends in ends there).
func withoutQuoted(b []byte) []byte {
	if bytes.IndexByte(b, '"') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			out = append(out, b[i])
			continue
		}
		for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
			if b[i] == '\\' {
				i++
			}
		}
		out = append(out, ' ')
	}
	return out
}

// withoutFenceLines returns the prose between two documents without the
// fence markers that close the one and open the other ("```⏎Answer:⏎```json",
// "Answer: ```json"): a label before a fence labels its document.
func withoutFenceLines(between []byte) []byte {
	if !bytes.Contains(between, []byte("```")) {
		return between
	}
	var out []byte
	for _, line := range bytes.SplitAfter(between, []byte("\n")) {
		if i := bytes.Index(line, []byte("```")); i >= 0 {
			line = append(line[:i:i], '\n') // "Answer: ```json" is "Answer: "
		}
		out = append(out, line...)
	}
	return out
}

// answerBefore matches prose that ends in a label giving the answer
// after working ("Final answer:", "**Answer**", "Output:"), right
// before a document.
var answerBefore = regexp.MustCompile(`(?i)\b(?:final answer|answer|result|output|final (?:json|version))\b[*_ \t]*:?[*_ \t]*$`)

// correctionCue matches words with which a reply takes back what it
// wrote before.
var correctionCue = regexp.MustCompile(`(?i)\b(correction|corrected|actually|wait|oops|sorry|apologies|apologi[sz]e|i meant|mistake|fixed|updated|revised|on second thought|scratch that|let me correct|the correct (?:answer|version|one|json|output))\b`)

const tookCorrection = "took the document the reply gives as its answer, after a correction or an answer label"

// corrected marks c, a part that starts at off, as written after the
// reply's correction at cue, with a repair that says so.
func corrected(c candidate, off, cue int) candidate {
	if cue >= 0 && off >= cue {
		c.corrects = true
		c.repairs = append(c.repairs, problem.Repair{Offset: off, Message: tookCorrection})
	}
	return c
}

// proseLimit is the length past which a reply without brackets is not
// read for a schema that wants an array or object.
const proseLimit = 1024

// markdownShaped reports whether a line of text starts as the line
// readings' lines do: a bullet or a number of a list, a table's pipe, or
// a property and its colon.
func markdownShaped(text []byte) bool {
	for _, line := range textLines(text) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if _, bullet := bulletItem(line); bullet || line[0] == '|' {
			return true
		}
		if _, _, member := memberLine(line); member {
			return true
		}
	}
	return false
}

// maxCandidates bounds the fences and prose values read as candidates, so
// that adversarial text (100 000 fences) costs no more than reading it.
const maxCandidates = 64

// shift moves repairs read from a part of the text that starts at off.
func shift(rs []problem.Repair, off int) []problem.Repair {
	out := make([]problem.Repair, len(rs))
	for i, r := range rs {
		r.Offset += off
		out[i] = r
	}
	return out
}

// shiftValue moves the offsets of v, read from a part of the text that
// starts at off.
func shiftValue(v *jvalue, off int) {
	if v == nil || off == 0 {
		return
	}
	moveOffsets(v, func(o int) int { return o + off })
}

// fence is the body of a markdown code fence and where it stands.
type fence struct {
	open, off int
	body      []byte
	lang      fenceLang
}

// fenceBodies returns the body of every code fence in text.
func fenceBodies(text []byte) []fence {
	var out []fence
	i := 0
	for {
		j := bytes.Index(text[i:], []byte("```"))
		if j < 0 {
			return out
		}
		open := i + j
		start := open + 3
		for start < len(text) && text[start] == '`' {
			start++
		}
		lang := langUntagged
		if nl := bytes.IndexByte(text[start:], '\n'); nl >= 0 && !bytes.ContainsAny(text[start:start+nl], "{[\"") {
			lang = fenceLangOf(text[start : start+nl])
			start += nl + 1
		}
		end := bytes.Index(text[start:], []byte("```"))
		if end < 0 {
			out = append(out, fence{open: open, off: start, body: text[start:], lang: lang})
			return out
		}
		out = append(out, fence{open: open, off: start, body: text[start : start+end], lang: lang})
		i = start + end + 3
	}
}

// balancedSpans returns the spans of the top-level arrays and objects in
// text, brackets inside strings not counted; a span left open runs to the
// end. Linear in the text.
func balancedSpans(text []byte) [][2]int {
	var out [][2]int
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		if quote != 0 {
			switch c {
			case '\\':
				i++
			case quote:
				quote = 0
			}
			continue
		}
		switch c {
		case '"':
			if depth > 0 {
				quote = c
			}
		case '{', '[':
			if depth == 0 {
				start = i
			}
			depth++
		case '}', ']':
			if depth > 0 {
				depth--
				if depth == 0 {
					out = append(out, [2]int{start, i + 1})
				}
			}
		}
	}
	if depth > 0 {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// toAny converts a value read to the decoded form the validator takes.
func toAny(v *jvalue) any {
	switch v.kind {
	case jBool:
		return v.b
	case jNumber:
		return json.Number(v.str)
	case jString:
		return v.str
	case jArray:
		out := make([]any, len(v.kids))
		for i, it := range v.kids {
			out[i] = toAny(it)
		}
		return out
	case jObject:
		out := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			out[k] = toAny(v.kids[i])
		}
		return out
	}
	return nil
}

// complete reports whether every array and object of v was closed by
// the text itself: a reading of a reply cut short, or of a bracket that
// closed another's container, may have lost what it leaves out.
func complete(v *jvalue) bool {
	switch v.kind {
	case jArray, jObject:
		if !v.done {
			return false
		}
		for _, k := range v.kids {
			if !complete(k) {
				return false
			}
		}
	}
	return true
}

// aligned is a candidate read into the schema.
type aligned struct {
	doc any
	// raw is the candidate's JSON text where the strict decoder took it
	// as it is (then doc is nil: no tree, no coercion, no interpreter).
	raw      []byte
	coerced  []problem.Repair // the coercions, beside the candidate's reading repairs
	repairs  []problem.Repair // all of them, once chosen
	problems []problem.Problem
	c        candidate
}

// alignReply reads a reply for a schema: every candidate reading is
// coerced to the schema and validated, and the best is returned: one
// that fits (outer readings first, then the fewest repairs), else, when
// the schema wants a scalar, one read from the prose, else the outer
// reading that breaks the schema least, with its problems.
//
// With accept, each candidate is first offered to it as JSON text; one it
// takes fits as it is, and the chosen reading comes back as that text
// (raw) instead of a value.
func alignReply(text []byte, s *schema.Schema, sch *jsonschema.Schema, accept func([]byte) bool) (any, []byte, []problem.Repair, []problem.Problem, error) {
	// A reasoning block's drafts are no candidates: every reading, the
	// fences and values in prose, a scalar named in prose, is of the
	// answer after it.
	if reasoningOpen(text) {
		return nil, nil, nil, nil, problem.ErrUnclosedReasoning // a draft is no answer
	}
	answer, skipped := withoutReasoning(text)
	answer, fences := otherFences(answer) // every reading sees ``` fences
	doc, raw, repairs, ps, err := alignAnswer(answer, s, sch, accept)
	if fences != "" && err == nil {
		repairs = append([]problem.Repair{{Message: fences}}, repairs...)
	}
	if skipped && err == nil {
		repairs = append([]problem.Repair{skippedReasoning}, repairs...)
	}
	return doc, raw, repairs, ps, err
}

// alignAnswer is alignReply of a reply without its reasoning.
func alignAnswer(text []byte, s *schema.Schema, sch *jsonschema.Schema, accept func([]byte) bool) (any, []byte, []problem.Repair, []problem.Problem, error) {
	if word := strings.TrimSpace(string(text)); word != "null" && literals[word] != nil && literals[word].kind == jNull {
		// None, Null, undefined: where a string is allowed, the reply is
		// that word, not a null written another way.
		if want := schema.AllowedTypes(schema.Members(sch)); want == 0 || want.Has("string") {
			if ps, err := s.Validate(word); err == nil && len(ps) == 0 {
				return word, nil, nil, nil, nil
			}
		}
	}
	if wantsContainer(sch) && len(text) > proseLimit && bytes.IndexByte(text, '{') < 0 && bytes.IndexByte(text, '[') < 0 && bytes.IndexByte(text, '(') < 0 && !markdownShaped(text) {
		// Long prose without a bracket holds no array or object, and no
		// scalar a coercion could make one of: it is rejected at the speed
		// of a byte scan, not read word by word. Lines a line reading
		// takes (a list's, a table's, members') are read, however long.
		if len(bytes.TrimSpace(text)) == 0 {
			return nil, nil, nil, nil, problem.ErrEmptyReply
		}
		return nil, nil, nil, nil, problem.ErrNoJSON
	}
	if accept != nil {
		// A document cut short between values reads without the tolerant
		// reader (closeCut reads it as the reader does). Where it fits, it
		// is the reading chosen: the one part reading, the document
		// itself, costs one repair more, and a fence's reading costs at
		// least one (partCandidates).
		if raw, reps, ok := closeCut(text); ok && earlyChoice && (cost(reps) <= 1 || !bytes.Contains(text, []byte("```"))) && accept(raw) {
			return nil, raw, reps, nil, nil
		}
	}
	whole, wholeRepairs, one, err := readOne(text, false, false)
	if errors.Is(err, ErrTooDeep) {
		return nil, nil, nil, nil, err
	}
	var best *aligned
	better := func(a *aligned) bool {
		if best == nil {
			return true
		}
		fa, fb := len(a.problems) == 0, len(best.problems) == 0
		if fa != fb {
			return fa
		}
		if a.c.nested != best.c.nested {
			return !a.c.nested
		}
		if fa && a.c.corrects != best.c.corrects {
			return a.c.corrects
		}
		if ca, cb := cost(a.c.repairs)+len(a.coerced), cost(best.c.repairs)+len(best.coerced); fa && ca != cb {
			return ca < cb
		}
		if !fa && len(a.problems) != len(best.problems) {
			return len(a.problems) < len(best.problems)
		}
		return false
	}
	try := func(c candidate) (*aligned, error) {
		if accept != nil {
			if raw := encodeForSchema(c.v, len(text)); accept(raw) {
				return &aligned{raw: raw, c: c}, nil
			}
		}
		doc := toAny(c.v)
		var coerced []problem.Repair
		doc = coerce(s.Shapes(), doc, sch, "", complete(c.v), &coerced)
		for i := range coerced {
			coerced[i].Offset = offsetOf(c.v, coerced[i].Pointer)
		}
		ps, err := s.Validate(doc)
		if err != nil {
			return nil, err
		}
		return &aligned{doc: doc, coerced: coerced, problems: ps, c: c}, nil
	}
	var cands []candidate
	// consider tries c and keeps it where it is the better reading.
	consider := func(c candidate) error {
		a, err := try(c)
		if err != nil {
			return err
		}
		if better(a) {
			best = a
		}
		cands = append(cands, c)
		return nil
	}
	if err == nil {
		c := candidate{v: whole, repairs: wholeRepairs}
		cands = append(cands, c)
		if best, err = try(c); err != nil {
			return nil, nil, nil, nil, err
		}
	} else {
		whole = nil
	}
	yamlRead := false // yamlFor's reading is the one the last reading below would take
	if v, repairs, ok := yamlFor(text, sch, false); ok {
		yamlRead = true
		// a:⏎  b: 1: YAML's lines, where the schema declares no property
		// for member lines to read: a reading of the whole text, before
		// any of a part of it (a: {} is no answer of {}).
		if err := consider(candidate{v: v, repairs: repairs}); err != nil {
			return nil, nil, nil, nil, err
		}
	}
	// Every other reading takes a part of the text, a repair that costs
	// one (partCandidates), or is nested: none is better than a whole
	// reading that fits at a cost of one or less (ties keep the first),
	// or than one whose only part reading is itself again, at one repair
	// more (selfOnly), so they are not read.
	cue := correctionAt(text)
	if !earlyChoice || best == nil || len(best.problems) > 0 || cost(best.c.repairs)+len(best.coerced) > 1 && !selfOnly(text, one) || cue >= 0 {
		parts := partCandidates(text, nil, whole, wholeRepairs, cue, one)
		for _, c := range parts {
			if c.nested && best != nil && len(best.problems) == 0 {
				break // nested readings come last, and only matter when no outer one fits
			}
			a, err := try(c)
			if err != nil {
				return nil, nil, nil, nil, err
			}
			if better(a) {
				best = a
			}
		}
		cands = append(cands, parts...)
	}
	// A reply written as markdown, where nothing else fits cheaply:
	// readings built from its lines, for the schema to coerce. - ONE⏎- THREE: the
	// list's items, where an array is allowed; name: Bob⏎age: 5: the
	// members of declared properties; Here are the fruits:⏎apple⏎banana:
	// the lines after the one that introduces them, which read whole is
	// an item.
	lineReading := func(v *jvalue, off int, msg string, ok bool) (candidate, bool) {
		return candidate{v: v, repairs: []problem.Repair{{Offset: off, Message: msg}}}, ok
	}
	// refused: why a reading that knew the reply's shape (XML, CSV)
	// would not take it; where nothing fits, that is the error.
	var refused string
	refuse := func(why string) {
		if refused == "" {
			refused = why
		}
	}
	lineReadings := []func() (candidate, bool){
		func() (candidate, bool) {
			v, off, members, ok := bulletListFor(text, sch)
			if members {
				return lineReading(v, off, readBulletObjects, ok)
			}
			return lineReading(v, off, readBulletItems, ok)
		},
		func() (candidate, bool) {
			v, off, ok := memberLines(text, sch)
			if !ok {
				refuse(memberLinesWhy(text, sch))
			}
			return lineReading(v, off, readMemberLines, ok)
		},
		func() (candidate, bool) {
			v, off, skipped, ok := memberRecords(text, sch)
			if skipped {
				return lineReading(v, off, readMemberRecords+", leaving out the headings and lines of words around them", ok)
			}
			return lineReading(v, off, readMemberRecords, ok)
		},
		func() (candidate, bool) {
			v, repairs, ok := markdownTable(text, s.Shapes(), sch)
			return candidate{v: v, repairs: repairs}, ok
		},
		func() (candidate, bool) {
			v, repairs, why, ok := csvRows(text, s.Shapes(), sch, false)
			refuse(why)
			return candidate{v: v, repairs: repairs}, ok
		},
		func() (candidate, bool) {
			v, repairs, why, ok := xmlMembers(text, sch)
			refuse(why)
			return candidate{v: v, repairs: repairs}, ok
		},
		func() (candidate, bool) {
			at, ok := labelledList(text, sch)
			return readFrom(text, at, ok, "skipped the label before the list")
		},
		func() (candidate, bool) {
			at, ok := introLine(text)
			return readFrom(text, at, ok, "skipped the line that introduces the answer")
		},
	}
	for _, read := range lineReadings {
		if best != nil && len(best.problems) == 0 && cost(best.c.repairs)+len(best.coerced) <= 1 {
			// Fits at the cost of a line reading or less. Other readings
			// that fit still compete: "- a⏎- b" read as JSON is six
			// documents, the dashes numbers, which a list of strings takes
			// as text.
			break
		}
		if c, ok := read(); ok {
			if err := consider(c); err != nil {
				return nil, nil, nil, nil, err
			}
		}
	}
	if !yamlRead && (best == nil || len(best.problems) > 0) {
		// A reply of YAML's lines that member lines did not read (a
		// nesting they flatten, a brace in a value's text): the lines'
		// own structure, where it fits without a list or object kept as
		// the JSON text of a string (tags:⏎  - name: math, for a list of
		// strings, is no list of strings). Where it does not fit either,
		// its problems are the error: they name what the reply wrote, in
		// the structure it wrote it.
		if v, repairs, ok := readYAML(text, yamlMode{}); ok {
			c := candidate{v: v, repairs: repairs}
			a, err := try(c)
			if err != nil {
				return nil, nil, nil, nil, err
			}
			if !slices.ContainsFunc(a.coerced, keptAsText) {
				if better(a) || len(a.problems) > 0 && best != nil && len(best.problems) > 0 {
					best = a
				}
				cands = append(cands, c)
			}
		}
	}
	if best != nil {
		best.repairs = append(append([]problem.Repair(nil), best.c.repairs...), best.coerced...)
	}
	if _, _, _, nested := bulletLines(text, nil); nested && best != nil && schema.AllowedTypes(schema.Members(sch)).Has("array") {
		// - fruit⏎  - apple: read whole, its lines are words, bullets and
		// all; no flat list holds it.
		return nil, nil, best.repairs, []problem.Problem{{Message: "the reply is a nested markdown list, which a flat list cannot hold"}}, nil
	}
	if best != nil && len(best.problems) == 0 && !best.c.nested {
		return best.doc, best.raw, best.repairs, nil, nil
	}
	// A reply that is a document (it starts with its bracket) has no
	// prose to name a scalar in: a number or word inside it is the
	// document's, whose own structure did not fit.
	trimmed := bytes.TrimSpace(text)
	_, quoted := quotedDocument(trimmed) // `[3]`: a document in quotes
	document := whole != nil && (whole.kind == jObject || whole.kind == jArray) && len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[' || quoted)
	if v, repairs, ok := scalarFromProse(text, sch); ok && !document {
		if ps, err := s.Validate(v); err == nil && len(ps) == 0 {
			return v, nil, repairs, nil, nil
		}
	}
	if refused != "" && !startsJSON(text) && (best == nil || len(best.problems) > 0) {
		// <job>poet</job>: the reply is XML (or CSV) that does not fit;
		// what its own reading found is the error, not what its words
		// read as JSON do.
		return nil, nil, nil, nil, &refusal{why: refused}
	}
	if best == nil || !startsJSON(text) && len(cands) == 1 && wantsContainer(sch) {
		// Prose with no document in it: its words read as a bare string
		// are no answer to a schema that wants an object or array.
		if len(bytes.TrimSpace(text)) == 0 {
			return nil, nil, nil, nil, problem.ErrEmptyReply
		}
		return nil, nil, nil, nil, problem.ErrNoJSON
	}
	// Report the outer reading's problems, never a nested one's: a value
	// from inside a document that does not fit is no answer (the model
	// may have meant another part of it), but it is named, so that a
	// repair message can point at it.
	if best.c.nested {
		// An item of a list that fits a schema of lists only as a list of
		// one says nothing the list's own problems do not.
		itemAsList := whole != nil && whole.kind == jArray && best.c.v.kind != jArray && schema.AllowedTypes(schema.Members(sch)).Has("array")
		fits := len(best.problems) == 0 && !itemAsList
		for _, c := range cands {
			if !c.nested {
				doc := toAny(c.v)
				var coerced []problem.Repair
				doc = coerce(s.Shapes(), doc, sch, "", complete(c.v), &coerced)
				ps, _ := s.Validate(doc)
				if fits {
					ps = append(ps, problem.Problem{Pointer: best.c.where, Message: "this value fits the schema, but it is inside the reply's document, which does not; write it as the whole reply"})
				}
				return doc, nil, c.repairs, ps, nil
			}
		}
	}
	return best.doc, nil, best.repairs, best.problems, nil // has problems: not one accept took
}

// offsetOf returns where the value at ptr in v starts, or where its
// nearest enclosing value does (a coercion may have made the value).
func offsetOf(v *jvalue, ptr string) int {
	for ptr != "" {
		ptr = ptr[1:] // the '/'
		tok := ptr
		if j := strings.IndexByte(ptr, '/'); j >= 0 {
			tok, ptr = ptr[:j], ptr[j:]
		} else {
			ptr = ""
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		var next *jvalue
		switch v.kind {
		case jArray:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(v.kids) {
				next = v.kids[i]
			}
		case jObject:
			for i := len(v.keys) - 1; i >= 0; i-- {
				if v.keys[i] == tok {
					next = v.kids[i]
					break
				}
			}
		}
		if next == nil {
			break
		}
		v = next
	}
	return v.off
}

var proseNumber = regexp.MustCompile(`[-+]?[$€£¥]?\d[\d,]*(\.\d+)?%?|[-+]?\d+\s*/\s*\d+`)

// proseNumbers returns where the numbers of prose are, but for the
// numbers of a numbered list's items ("1. The answer is 42."), up to the
// first that is written otherwise than the first: which is meant is all
// a reader needs to know, and a long text is not scanned to its end.
func proseNumbers(text []byte) [][]int {
	var out [][]int
	for off := 0; off < len(text); {
		loc := proseNumber.FindIndex(text[off:])
		if loc == nil {
			break
		}
		loc[0], loc[1] = loc[0]+off, loc[1]+off
		off = loc[1]
		if listMarker(text, loc[0], loc[1]) || loc[1] < len(text) && text[loc[1]] == '.' && listMarker(text, loc[0], loc[1]+1) {
			continue
		}
		out = append(out, loc)
		if !bytes.Equal(text[loc[0]:loc[1]], text[out[0][0]:out[0][1]]) {
			break
		}
	}
	return out
}

// answerLabel is a line that gives the answer after working: "Answer:
// 42", "**Final answer:** false", "Result: BLUE".
var answerLabel = regexp.MustCompile(`(?im)^[ \t>*_#-]*(?:final answer|answer|result)[*_ \t]*:[*_ \t]*(\S.*)$`)

// scalarFromProse reads the scalar a schema wants from a reply that holds
// no JSON for it: a boolean or number named in prose, an enum value named
// in prose; for an array of such scalars, a list of one. Where one line
// labels a scalar answer ("Answer: 42" after the steps), its value is
// read; else prose that names several numbers, or both booleans, is no
// answer.
func scalarFromProse(text []byte, sch *jsonschema.Schema) (any, []problem.Repair, bool) {
	if schema.AllowedTypes(schema.Members(sch)).Has("array") {
		return proseScalar(text, sch) // a list's line would be one item of it
	}
	if m := answerLabel.FindAllSubmatchIndex(text, 2); len(m) == 1 {
		if v, reps, ok := proseScalar(text[m[0][2]:m[0][3]], sch); ok {
			for i := range reps {
				reps[i].Offset += m[0][2]
			}
			return v, reps, true
		}
	}
	return proseScalar(text, sch)
}

// proseScalar is scalarFromProse of text as a whole.
func proseScalar(text []byte, sch *jsonschema.Schema) (any, []problem.Repair, bool) {
	ms := schema.Members(sch)
	want := schema.AllowedTypes(ms)
	enum := enumStrings(ms)
	if want == 0 && len(enum) == 0 {
		return nil, nil, false // an enum alone allows only its values' types
	}
	s := string(text)
	if want.Has("array") {
		if _, _, list, nested := bulletLines(text, nil); list || nested {
			// - apple⏎- pear: a list whose items did not fit; a word of
			// one of them is not a list of one.
			return nil, nil, false
		}
		// A list of one scalar: an item that may itself be a list (a JSON
		// value's schema, which is its own item) is not looked into.
		if item := itemSchema(nil, ms, 0); item != nil && !schema.AllowedTypes(schema.Members(item)).Has("array") {
			if iw := schema.AllowedTypes(schema.Members(item)); (iw.Has("number") || iw.Has("integer")) && len(proseNumbers(text)) > 1 {
				return nil, nil, false // several numbers: not a list of one
			}
			if partlyValues(nil, s, item, "", true) {
				return nil, nil, false // "RED, PURPLE": several items, not all values
			}
			if v, reps, ok := proseScalar(text, item); ok {
				return []any{v}, append(reps, problem.Repair{Message: readListOfOne}), true
			}
		}
		return nil, nil, false
	}
	if want.Has("object") || want.Has("array") {
		return nil, nil, false
	}
	if len(enum) > 0 {
		if e, ok := matchEnum(s, enum); ok {
			return e, []problem.Repair{{Offset: strings.Index(strings.ToLower(s), strings.ToLower(e)), Message: fmt.Sprintf("read the enum value %q from the reply's text", e)}}, true
		}
		return nil, nil, false
	}
	if want.Has("boolean") {
		switch w := strings.ToLower(strings.Trim(strings.TrimSpace(s), ".!*_ ")); w {
		case "yes", "no":
			// "Answer: Yes": the word alone, as coercion reads it.
			return w == "yes", []problem.Repair{{Message: fmt.Sprintf("read %q as %t", w, w == "yes")}}, true
		}
		if b, at, first, ok := textBoolean(s); ok {
			msg := fmt.Sprintf("read %t from the reply's text", b)
			if first != "" {
				msg = fmt.Sprintf("read %q, the reply's first word, as %t", first, b)
			}
			return b, []problem.Repair{{Offset: at, Message: msg}}, true
		}
		return nil, nil, false
	}
	if want.Has("number") || want.Has("integer") {
		if locs := proseNumbers(text); len(locs) > 0 {
			loc := locs[0]
			for _, other := range locs[1:] {
				if !bytes.Equal(text[other[0]:other[1]], text[loc[0]:loc[1]]) {
					return nil, nil, false // "Out of 10, 3 passed": which is meant is not guessed
				}
			}
			if magnitude.Match(text[loc[0]:]) {
				return nil, nil, false // "1.5M": not 1.5, and no power is guessed
			}
			if n, ok := numberFor(strings.TrimRight(s[loc[0]:loc[1]], ","), want); ok {
				return n, []problem.Repair{{Offset: loc[0], Message: fmt.Sprintf("read the number %s from the reply's text", n)}}, true
			}
		}
	}
	return nil, nil, false
}

// leadingYesNo matches a reply that answers yes, no, true or false
// first and then says more after a comma, a stop, a dash or in
// parentheses ("No, it is not.", "Yes - both are", "false (not yet)");
// "No doubt" or "Yesterday" does not answer.
var leadingYesNo = regexp.MustCompile(`^[\s*_]*(?i:(yes|no|true|false))[*_]*\s*[,.!;:—–(-]`)

// affirms reports whether the word leadingYesNo matched says yes.
func affirms(word string) bool {
	return strings.EqualFold(word, "yes") || strings.EqualFold(word, "true")
}

// enumStrings returns the string values of the enums and consts of ms.
func enumStrings(ms []*jsonschema.Schema) []string {
	var enum []string
	for _, m := range ms {
		if c, ok := constString(m); ok {
			enum = append(enum, c)
		}
		if m.Enum != nil {
			for _, v := range m.Enum.Values {
				if e, ok := v.(string); ok {
					enum = append(enum, e)
				}
			}
		}
	}
	return enum
}

// startsJSON reports whether text starts like a JSON value.
func startsJSON(text []byte) bool {
	t := bytes.TrimSpace(text)
	if len(t) == 0 {
		return false
	}
	switch c := t[0]; {
	case c == '{' || c == '[' || c == '"' || c == '-' || c >= '0' && c <= '9':
		return true
	}
	return false
}

// wantsContainer reports whether the schema allows only arrays or objects.
func wantsContainer(sch *jsonschema.Schema) bool {
	want := schema.AllowedTypes(schema.Members(sch))
	if want == 0 {
		return false
	}
	return want&^(schema.Restricted|schema.TypeArray|schema.TypeObject) == 0
}

// cost weighs a reading's repairs: one that leaves out part of the reply
// costs more than any number of small ones, and a number made of a sign
// alone (a markdown bullet's dash read as -0) more than a few.
func cost(repairs []problem.Repair) int {
	n := 0
	for _, r := range repairs {
		n++
		switch {
		case strings.HasPrefix(r.Message, "left out"):
			n += 1000
		case r.Message == signAlone:
			n += 10
		}
	}
	return n
}

// UnwrapValue returns the JSON of v in a reply {"value": v}.
func UnwrapValue(text []byte) ([]byte, bool) {
	v, _, err := readLenient(text)
	if err != nil || v.kind != jObject || len(v.keys) != 1 || v.keys[0] != "value" {
		return nil, false
	}
	return encodeValue(v.kids[0], len(text)), true
}

// Align reads a reply for the schema s: every candidate reading is tried
// and the one that fits is kept (see alignReply). It fails only when s
// does not compile or nothing can be read.
func Align(text []byte, s *schema.Schema) (any, []problem.Repair, []problem.Problem, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, nil, nil, err
	}
	doc, _, repairs, ps, err := alignReply(text, s, sch, nil)
	return doc, repairs, ps, err
}

// AlignDecoded is Align for a schema that has a strict decoder (the
// generated Parse of its type): every reading is first offered to accept
// as JSON text, and one it takes fits as it is, without a tree, a
// coercion or the interpreter. Where the chosen reading is one accept
// took, raw is its text and doc is nil; otherwise doc is the coerced
// value, as Align returns it. The reading is chosen as Align chooses it.
func AlignDecoded(text []byte, s *schema.Schema, accept func(raw []byte) bool) (doc any, raw []byte, repairs []problem.Repair, ps []problem.Problem, err error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return alignReply(text, s, sch, accept)
}

// refusal is ErrNoJSON with why a reading that knew the reply's shape
// would not take it (the reply is XML, but <job> names no property).
type refusal struct{ why string }

func (r *refusal) Error() string { return problem.ErrNoJSON.Error() + ": " + r.why }

func (r *refusal) Unwrap() error { return problem.ErrNoJSON }

// Detail says why, for a message of its own.
func (r *refusal) Detail() string { return r.why }

// What the line readings report, here and while streaming (ReadPartial).
const (
	readBulletItems   = "read a markdown list as a list of its items"
	readBulletObjects = "read a markdown list as a list of objects, each item's lines a property and its value"
	readMemberLines   = "read lines of a property and its value as the object's members"
	readMemberRecords = "read records of lines of a property and its value as a list of objects"
)

// bulletList reads the one markdown list in text (lines that start with
// "- ", "* ", "+ " or a number and ". " or ") ", blank lines between them
// allowed; prose around it left out) as an array of its items' texts,
// and returns where it starts. False where text holds no list or more
// than one (which one is meant is not guessed), or holds a bracket: its
// lines may be a document's strings.
func bulletList(text []byte) (*jvalue, int, bool) {
	v, start, ok, _ := bulletLines(text, nil)
	return v, start, ok
}

// bulletLines is bulletList that also reports whether the list is nested
// (items at two indents), which no flat list holds. Where groups is not
// nil, it gets each item's lines: the item's text where its bullet ends,
// then the lines indented under it.
func bulletLines(text []byte, groups *[][]textLine) (v *jvalue, start int, ok, nested bool) {
	if bytes.ContainsAny(text, "{[") {
		return nil, 0, false, false // lines of a document's strings are no list
	}
	var items []*jvalue
	var lines [][]textLine
	start, runs, inRun, indent := -1, 0, false, 0
	last := false // the line before was an item or its continuation
	for off, raw := range textLines(text) {
		line := bytes.TrimSpace(raw)
		in := indentOf(raw)
		switch item, ok := bulletItem(line); {
		case ok:
			if !inRun {
				runs++
				inRun = true
				if start < 0 {
					start, indent = off, in
				}
			}
			if runs == 1 {
				if in > indent+1 || in+1 < indent {
					return nil, 0, false, true // a nested list: no flat list of its items
				}
				items = append(items, &jvalue{kind: jString, str: string(item), off: off, done: true})
				lines = append(lines, []textLine{{off: off, indent: in + len(line) - len(item), text: item}})
			}
			last = true
		case len(line) > 0 && last && in > indent && runs == 1:
			// An item written across lines, the next indented under it.
			it := items[len(items)-1]
			it.str += " " + string(line)
			lines[len(lines)-1] = append(lines[len(lines)-1], textLine{off: off, indent: in, text: line})
		case len(line) > 0:
			inRun, last = false, false
		default:
			last = false
		}
	}
	if runs != 1 {
		return nil, 0, false, false
	}
	if groups != nil {
		*groups = lines
	}
	return &jvalue{kind: jArray, kids: items, off: start, done: true}, start, true, false
}

// readFrom reads the text from at, where ok, as a candidate whose first
// repair, msg, says what was skipped before it.
func readFrom(text []byte, at int, ok bool, msg string) (candidate, bool) {
	if !ok {
		return candidate{}, false
	}
	v, reps, err := readLenient(text[at:])
	if err != nil {
		return candidate{}, false
	}
	shiftValue(v, at)
	return candidate{v: v, repairs: append([]problem.Repair{{Offset: 0, Message: msg}}, shift(reps, at)...)}, true
}

// labelledList reports where the items start in a reply of one line that
// labels a list, where the schema allows one: a label of one to four
// words and a colon, then the items (Colors: red, blue); no bracket or
// quote in the text.
func labelledList(text []byte, sch *jsonschema.Schema) (int, bool) {
	if !schema.AllowedTypes(schema.Members(sch)).Has("array") || bytes.ContainsAny(text, "{[\"") {
		return 0, false
	}
	line := bytes.TrimSpace(text)
	if bytes.IndexByte(line, '\n') >= 0 || bytes.Count(line, []byte(":")) != 1 {
		return 0, false
	}
	colon := bytes.IndexByte(line, ':')
	label := bytes.Trim(line[:colon], "*_ ")
	words := bytes.Fields(label)
	if len(words) == 0 || len(words) > 4 {
		return 0, false
	}
	for _, r := range string(label) {
		if !unicode.IsLetter(r) && r != ' ' {
			return 0, false
		}
	}
	rest := bytes.TrimLeft(line[colon+1:], "*_ ")
	if len(rest) == 0 {
		return 0, false
	}
	// rest ends where line does, at the end of text's last non-space.
	return len(bytes.TrimRight(text, " \t\r\n")) - len(rest), true
}

// introLine reports where the text after its first line starts, where
// that line introduces what follows: words that end in a colon, no
// bracket or quote in the text, and more lines after it.
func introLine(text []byte) (int, bool) {
	if bytes.ContainsAny(text, "{[\"") {
		return 0, false
	}
	for off, line := range textLines(text) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		words := bytes.TrimRight(line, "*_")
		if !bytes.HasSuffix(words, []byte(":")) || bytes.Count(words, []byte(":")) > 1 || len(bytes.TrimSpace(words)) < 2 {
			return 0, false
		}
		at := off + bytes.IndexByte(text[off:], '\n')
		if at < off || len(bytes.TrimSpace(text[at:])) == 0 {
			return 0, false
		}
		return at + 1, true
	}
	return 0, false
}

// bulletListFor is bulletList where sch allows an array. Where its items
// are objects and each item's lines name the item's declared properties
// (- name: Ada⏎  age: 36), the items are those objects, as lines of
// members are (memberLines); members reports it.
func bulletListFor(text []byte, sch *jsonschema.Schema) (list *jvalue, start int, members, ok bool) {
	ms := schema.Members(sch)
	if !schema.AllowedTypes(ms).Has("array") {
		return nil, 0, false, false
	}
	var groups [][]textLine
	list, start, ok, _ = bulletLines(text, &groups)
	if !ok {
		return nil, 0, false, false
	}
	if objects, ok := objectItems(groups, ms, start, 1, true); ok {
		return objects, start, true, true
	}
	return list, start, false, true
}

// objectItems reads each group of lines as an item of the list ms
// wants, the members of an object (memberRun, strict), as a list that
// starts at off; false where an item's schema is no object's, or, where
// notText, may be a string (whose lines are then its text), or where a
// group's lines are not all its members.
func objectItems(groups [][]textLine, ms []*jsonschema.Schema, off, depth int, notText bool) (*jvalue, bool) {
	v := &jvalue{kind: jArray, off: off, done: true}
	for i, g := range groups {
		sub := itemSchema(nil, ms, i)
		if sub == nil {
			return nil, false
		}
		if notText && schema.AllowedTypes(schema.Members(sub)).Has("string") {
			return nil, false
		}
		obj, _, ok := memberRun(g, schema.Members(sub), true, depth)
		if !ok {
			return nil, false
		}
		v.kids = append(v.kids, obj)
	}
	return v, true
}

// indentOf is the width of line's leading white space, a tab as four.
func indentOf(line []byte) int {
	n := 0
	for _, c := range line {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// bulletItem returns the text of a markdown list item line, without its
// bullet or number.
func bulletItem(line []byte) ([]byte, bool) {
	if len(line) > 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ' {
		return bytes.TrimSpace(line[2:]), true
	}
	d := 0
	for d < len(line) && d < 3 && isDigitByte(line[d]) {
		d++
	}
	if d > 0 && d+2 < len(line) && (line[d] == '.' || line[d] == ')') && line[d+1] == ' ' {
		return bytes.TrimSpace(line[d+2:]), true
	}
	return nil, false
}

// memberLines reads the one run of lines in text that each name a
// property the object schema sch declares (in any case or with other
// separators, in bold or quotes, after a bullet) and its value after a
// colon, blank lines between them allowed, prose around the run left
// out: an object of those properties, each value its text (lineValue),
// for the schema to coerce. A property with no value on its line takes
// the lines under it: where its schema is an object's and the first
// names one of its properties, lines indented under it or bulleted, as
// that object's members (YAML's nesting, or a markdown list of fields);
// else bulleted lines as a list (YAML's block list); else it is null.
// In an open object a member line of a one-word key right after one of
// the run's or right before its first (leadingMembers), in its style and
// at its indent, is a member whatever its key (job: poet), and one after
// a blank line or of several words ends the run (⏎Note: a guess); a
// map's run is its markdown list of members. False where a line of the
// run names no property the schema takes, a property is named twice, a
// bulleted line under a property is itself a member
// where no object is wanted (a list of objects, which lines do not tell
// apart from members), text holds no run or more than one, or a brace
// other than in a value on its line (address: {city: London}, steps:
// [{n: 1}]): a document's members are the document's reading.
func memberLines(text []byte, sch *jsonschema.Schema) (*jvalue, int, bool) {
	lines := replyLines(text)
	for _, l := range lines {
		if bytes.ContainsAny(l.text, "{}") {
			// Lines of a document written with braces are its members, or
			// its strings' text: a reading of the document, not of lines.
			// A brace is a line's only where its value is an object or a
			// list on the line (address: {city: London}, steps: [{n: 1}]).
			_, value, ok := memberLine(l.text)
			if !ok || !(strings.HasPrefix(value, "{") && strings.HasSuffix(value, "}") || strings.HasPrefix(value, "[") && strings.HasSuffix(value, "]")) {
				return nil, 0, false
			}
		}
	}
	ms := schema.Members(sch)
	if len(propertiesByNorm(ms)) == 0 {
		// A union of objects (Backstage's entity kinds): the lines of the
		// first branch whose properties they all name, nested ones too;
		// the schema then judges the reading.
		for _, b := range unionBranches(ms) {
			if len(propertiesByNorm(b)) > 0 {
				if v, off, ok := memberRun(lines, b, false, 0); ok {
					return v, off, true
				}
			}
		}
	}
	return memberRun(lines, ms, false, 0)
}

// leadingMembers returns the index of the first of the member lines,
// none of a declared property, that come right before the first line
// naming one (no blank line between, at its indent, each with the lines
// under it), or -1 where there are none.
func leadingMembers(lines []textLine, byNorm map[string][]string) int {
	first := -1
	for i, l := range lines {
		if key, _, ok := memberLine(l.text); ok && len(byNorm[normKey(key)]) == 1 {
			first = i
			break
		}
	}
	if first <= 0 {
		return -1
	}
	indent, from := lines[first].indent, -1
	_, bulleted := bulletItem(lines[first].text)
	for i := first - 1; i >= 0; i-- {
		l := lines[i]
		if len(l.text) == 0 {
			break
		}
		if l.indent > indent {
			continue // a line under a member
		}
		_, bullet := bulletItem(l.text)
		if key, value, ok := memberLine(l.text); ok && l.indent == indent && bullet == bulleted && keyWord(key) && (value != "" || i+1 < first && lines[i+1].indent > indent || i+1 < first && !bulleted) {
			// (Here it is: introduces the members; it is none.)
			from = i
			continue
		}
		if bullet && !bulleted && l.indent == indent {
			continue // an item of a list under a member (tags:⏎- a)
		}
		break
	}
	return from
}

// keyWord reports whether key, undeclared, is written as a key is, one
// word (job, merge-imports, $schema), not as words of prose (Here it is).
func keyWord(key string) bool { return !strings.ContainsAny(key, " \t") }

// isMap reports whether ms describe a map: no property declared, and a
// schema for any key's value (additionalProperties, a pattern).
func isMap(ms []*jsonschema.Schema) bool {
	return len(propertiesByNorm(ms)) == 0 && propertySchema(ms, "") != nil
}

// closedObject reports whether one of ms takes no property it does not
// declare (additionalProperties: false).
func closedObject(ms []*jsonschema.Schema) bool {
	for _, m := range ms {
		if b, ok := m.AdditionalProperties.(bool); ok && !b {
			return true
		}
	}
	return false
}

// propertiesByNorm returns the properties ms declare by their name
// without case and separators (normKey): a line's key names one where
// exactly one stands under its own.
func propertiesByNorm(ms []*jsonschema.Schema) map[string][]string {
	byNorm := map[string][]string{}
	for _, m := range ms {
		for k := range m.Properties {
			if !slices.Contains(byNorm[normKey(k)], k) {
				byNorm[normKey(k)] = append(byNorm[normKey(k)], k)
			}
		}
	}
	return byNorm
}

// memberLinesWhy says why a reply written wholly as lines of a property
// and its value, unindented (every line not blank is one, and one names a
// property the object schema sch declares), does not read as the
// object: a line names a property the schema, closed, does not declare,
// or one named already. It is "" for any other reply, whose lines may be
// prose (Note: …) or hold a list of objects (records).
func memberLinesWhy(text []byte, sch *jsonschema.Schema) string {
	ms := schema.Members(sch)
	if !schema.AllowedTypes(ms).Has("object") || schema.AllowedTypes(ms).Has("array") {
		return ""
	}
	byNorm := propertiesByNorm(ms)
	closed := false // an undeclared property is the schema's refusal, not prose
	for _, m := range ms {
		if b, ok := m.AdditionalProperties.(bool); ok && !b {
			closed = true
		}
	}
	why, known := "", false
	seen := map[string]int{}
	n := 0
	for _, l := range replyLines(text) {
		if len(l.text) == 0 {
			continue
		}
		n++
		key, _, ok := memberLine(l.text)
		if !ok || l.indent > 0 {
			return "" // prose, or lines under a member: not this reading's to word
		}
		names := byNorm[normKey(key)]
		switch {
		case len(names) != 1:
			if why == "" && closed {
				var declared []string
				for _, names := range byNorm {
					declared = append(declared, names...)
				}
				slices.Sort(declared)
				why = fmt.Sprintf("the reply is written as lines of a property and its value, but its line %d names %q, which the schema does not declare (it declares %s)", n, key, strings.Join(declared, ", "))
			}
		case seen[names[0]] > 0:
			if why == "" {
				why = fmt.Sprintf("the reply is written as lines of a property and its value, but its lines %d and %d both name %q", seen[names[0]], n, names[0])
			}
		default:
			known = true
			seen[names[0]] = n
		}
	}
	if !known {
		return ""
	}
	return why
}

// maxLineDepth bounds the nesting of member lines: each level scans the
// lines under it once, so reading takes time in lines times depth.
const maxLineDepth = 32

// textLine is a line of a reply: where it starts, its indent and its
// text without the white space around it.
type textLine struct {
	off, indent int
	text        []byte
}

// memberRun is memberLines over lines; strict, every line not blank must
// be a member (the lines under a property). depth bounds the nesting.
func memberRun(lines []textLine, ms []*jsonschema.Schema, strict bool, depth int) (*jvalue, int, bool) {
	if want := schema.AllowedTypes(ms); want != 0 && !want.Has("object") || depth > maxLineDepth {
		return nil, 0, false // (a schema of properties and no type takes an object too)
	}
	byNorm := propertiesByNorm(ms)
	// A map (no property declared, any key's value a schema's): the
	// markdown list of members, whatever their keys ("- apples: 3⏎-
	// pears: 5"; lines without bullets may be prose, "Sure: I can help").
	mapOf := isMap(ms)
	if len(byNorm) == 0 && !mapOf {
		return nil, 0, false
	}
	open := !closedObject(ms)
	from := -1 // in an open object, where the members before its first declared one start
	if open && !mapOf {
		from = leadingMembers(lines, byNorm)
	}
	v := &jvalue{kind: jObject, off: -1, done: true}
	runs, inRun, runBullets, runIndent := 0, false, false, 0
	var list *jvalue // the value of a property with none on its line
	for i := 0; i < len(lines); i++ {
		line := lines[i].text
		off := lines[i].off
		key, value, ok := memberLine(line)
		_, bullet := bulletItem(line)
		if i == from {
			// accounts:⏎  - /a⏎balance: 30⏎detail: …: undeclared members
			// right before the first declared one are the run's.
			inRun, runBullets, runIndent = true, bullet, lines[i].indent
			runs++
		}
		name, named := "", false
		if ns := byNorm[normKey(key)]; ok && len(ns) == 1 {
			name, named = ns[0], true
		} else if ok && mapOf && (bullet || depth > 0) && (!inRun || lines[i].indent == runIndent) {
			// (At depth, the lines indented under a property: no prose.)
			name, named = key, true
		} else if ok && open && len(ns) == 0 && (key[0] == '$' || key[0] == '@') {
			// $schema: …, @context: …: no prose starts so; a member of
			// an object that takes it.
			name, named = key, true
		} else if ok && open && inRun && bullet == runBullets && lines[i].indent == runIndent && (i == from || i > 0 && len(lines[i-1].text) > 0) && len(ns) == 0 && keyWord(key) {
			// - errors: true, between members of an open object: one the
			// schema does not declare but takes, as a document's would be.
			name, named = key, true
		}
		if named && inRun && lines[i].indent > runIndent {
			// writeStrategy:⏎  name: x, where writeStrategy took nothing
			// under it: a member indented under another is none of this
			// object's (the reading would flatten the two).
			return nil, 0, false
		}
		if named {
			runBullets, runIndent = bullet, lines[i].indent
		}
		if item, bullet := bulletItem(line); bullet && list != nil && !named {
			if _, _, member := memberLine(item); member {
				return nil, 0, false // - name: Bo: an object of a list, or a member
			}
			if list.kind == jNull {
				*list = jvalue{kind: jArray, off: off, done: true}
			}
			list.kids = append(list.kids, lineValue(string(item), off))
			continue
		}
		if len(line) == 0 {
			continue // a blank line between a list's items, or members
		}
		list = nil
		switch {
		case named:
			if !inRun {
				runs++
				inRun = true
			}
			if from >= 0 && i > from && runs > 1 {
				return nil, 0, false
			}
			if runs > 1 || slices.Contains(v.keys, name) {
				return nil, 0, false
			}
			if v.off < 0 {
				v.off = off
			}
			value, more := moreMembers(value, byNorm)
			named := map[string]bool{name: true}
			for _, m := range more {
				// name: Ada, age: 36: members on one line.
				if named[m.name] || slices.Contains(v.keys, m.name) {
					return nil, 0, false
				}
				named[m.name] = true
			}
			if len(more) == 0 {
				if text, next, ok := indentedText(lines, i, lines[i].indent, value); ok {
					// bio: |⏎  Mathematician.: the lines under the member
					// are its value's text, as YAML writes a long one.
					v.keys = append(v.keys, name)
					v.kids = append(v.kids, &jvalue{kind: jString, str: text, off: off, done: true})
					i = next - 1
					continue
				}
			}
			val := lineValue(value, off)
			if len(more) > 0 {
				v.keys = append(v.keys, name)
				v.kids = append(v.kids, val)
				for _, m := range more {
					v.keys = append(v.keys, m.name)
					v.kids = append(v.kids, lineValue(m.value, off))
				}
				continue
			}
			if value == "" {
				list = val
				if obj, next, nested, ok := nestedMembers(lines, i, propertyMembers(ms, name), depth); nested {
					if !ok {
						return nil, 0, false
					}
					*val, list, i = *obj, nil, next-1
				} else if arr, next, nested, ok := nestedObjects(lines, i, propertyMembers(ms, name), depth); nested {
					if !ok {
						return nil, 0, false
					}
					*val, list, i = *arr, nil, next-1
				}
			}
			v.keys = append(v.keys, name)
			v.kids = append(v.kids, val)
		case ok && inRun && !strict && open && (i > 0 && len(lines[i-1].text) == 0 || !keyWord(key)):
			inRun = false // ⏎Note: a guess, All made up: yes: prose after the run
		case ok && inRun || strict:
			return nil, 0, false // a key the schema does not declare
		case len(line) > 0:
			inRun = false
		}
	}
	if runs != 1 {
		return nil, 0, false
	}
	return v, v.off, true
}

// indentedText returns the text of the lines indented under lines[at], a
// member at indent whose value on its line is value (a list item's first
// member stands right of its line's indent), and the index of the first
// line after them, where they are its value's text: after a YAML block
// indicator (| or >, with - or + to chomp), the lines as written, less
// their common indent (| keeps their breaks, > folds them into spaces,
// a blank line into a break); after a value, or none, lines of text that
// go on with it, folded into spaces, as YAML folds a plain scalar's. A
// value with none, whose first line under it is a bullet or names a
// property, is no text: a list, or an object's members.
func indentedText(lines []textLine, at, indent int, value string) (string, int, bool) {
	end, last := at+1, at
	for j := at + 1; j < len(lines); j++ {
		if len(lines[j].text) == 0 {
			continue
		}
		if lines[j].indent <= indent {
			break
		}
		last, end = j, j+1
	}
	if last == at {
		return "", 0, false
	}
	under := lines[at+1 : end]
	block := strings.TrimRight(value, "-+")
	if block == "|" || block == ">" {
		base := under[0].indent
		for _, l := range under {
			if len(l.text) > 0 {
				base = min(base, l.indent)
			}
		}
		var sb strings.Builder
		for k, l := range under {
			switch {
			case k == 0:
			case block == "|" || len(l.text) == 0 || len(under[k-1].text) == 0:
				sb.WriteByte('\n')
			default:
				sb.WriteByte(' ')
			}
			if len(l.text) > 0 {
				sb.WriteString(strings.Repeat(" ", l.indent-base))
				sb.Write(l.text)
			}
		}
		text := sb.String()
		if block == ">" {
			text = strings.ReplaceAll(text, "\n\n", "\n") // a blank line folds into one break
		}
		switch {
		case strings.HasSuffix(value, "-"):
		case strings.HasSuffix(value, "+"):
			text += strings.Repeat("\n", 1+blankAfter(lines, end))
		default:
			text += "\n"
		}
		return text, end, true
	}
	first := under[0].text
	if _, bullet := bulletItem(first); value == "" && bullet {
		return "", 0, false
	}
	if _, _, member := memberLine(first); value == "" && member {
		return "", 0, false
	}
	words := []string{value}
	if value == "" {
		words = nil
	}
	for _, l := range under {
		if len(l.text) > 0 {
			words = append(words, string(l.text))
		}
	}
	return strings.Join(words, " "), end, true
}

// blankAfter counts the blank lines from lines[at] on.
func blankAfter(lines []textLine, at int) int {
	n := 0
	for at+n < len(lines) && len(lines[at+n].text) == 0 {
		n++
	}
	return n
}

// memberRecords reads text as records of member lines where a list of
// objects is wanted (name: Ada⏎age: 36⏎⏎name: Bo⏎age: 3): a line that
// names a property the record being read already has starts the next
// record; blank lines, markdown headings (### Ada) and rules (---)
// between records are layout, and a first line that introduces the list
// (Here they are:) is skipped; skipped reports either. Every other line
// must be a member of its record, as lines under a property must
// (memberRun, strict).
func memberRecords(text []byte, sch *jsonschema.Schema) (v *jvalue, start int, skipped, ok bool) {
	ms := schema.Members(sch)
	if want := schema.AllowedTypes(ms); !want.Has("array") || bytes.ContainsAny(text, "{}") {
		return nil, 0, false, false
	}
	lines := replyLines(text)
	base := -1
	for _, l := range lines {
		if len(l.text) > 0 && (base < 0 || l.indent < base) {
			base = l.indent
		}
	}
	var records [][]textLine
	var seen map[string]bool
	for _, l := range lines {
		t := l.text
		if len(t) == 0 {
			continue
		}
		if t[0] == '#' || bytes.Count(t, []byte("-")) == len(t) && len(t) >= 3 {
			skipped = true
			continue // layout between records
		}
		key, _, member := memberLine(t)
		if len(records) == 0 && bytes.HasSuffix(bytes.TrimRight(t, "*_"), []byte(":")) {
			if sub := itemSchema(nil, ms, 0); !member || sub == nil || len(declaredNames(schema.Members(sub), key)) == 0 {
				skipped = true
				continue // Here they are:
			}
		}
		if l.indent == base && member {
			if k := normKey(key); seen == nil || seen[k] {
				records, seen = append(records, nil), map[string]bool{}
			}
			seen[normKey(key)] = true
		}
		if len(records) == 0 {
			return nil, 0, false, false // text before the first member
		}
		records[len(records)-1] = append(records[len(records)-1], l)
	}
	if len(records) == 0 {
		return nil, 0, false, false
	}
	if v, ok = objectItems(records, ms, records[0][0].off, 1, true); !ok {
		return nil, 0, false, false
	}
	return v, v.off, skipped, true
}

// nestedObjects reads the lines after lines[at], a property with no
// value on its line, as the list of objects its schemas ms (the members
// of each declaration of the property) want, where
// the first line after it is a bullet whose item names one of the
// objects' properties (people:⏎  - name: Ada⏎    age: 36): an item per
// bullet at that indent, the lines indented under it its other members.
// nested reports whether the lines are such a list; ok whether every
// item reads as its object's members. next is the first line after them.
func nestedObjects(lines []textLine, at int, ms []*jsonschema.Schema, depth int) (v *jvalue, next int, nested, ok bool) {
	if len(ms) == 0 {
		return nil, 0, false, false
	}
	if want := schema.AllowedTypes(ms); !want.Has("array") || want.Has("string") || want.Has("object") {
		return nil, 0, false, false
	}
	first := at + 1
	for first < len(lines) && len(lines[first].text) == 0 {
		first++
	}
	if first == len(lines) || lines[first].indent < lines[at].indent {
		return nil, 0, false, false
	}
	item, bullet := bulletItem(lines[first].text)
	if !bullet {
		return nil, 0, false, false
	}
	sub := itemSchema(nil, ms, 0)
	key, _, member := memberLine(item)
	if sub == nil || !member || len(declaredNames(schema.Members(sub), key)) != 1 {
		return nil, 0, false, false
	}
	indent := lines[first].indent
	var groups [][]textLine
	next = first
	for j := first; j < len(lines); j++ {
		l := lines[j]
		if len(l.text) == 0 {
			continue
		}
		if item, bullet := bulletItem(l.text); bullet && l.indent == indent {
			groups = append(groups, []textLine{{off: l.off, indent: indent + len(l.text) - len(item), text: item}})
		} else if l.indent > indent {
			groups[len(groups)-1] = append(groups[len(groups)-1], l)
		} else {
			break
		}
		next = j + 1
	}
	v, ok = objectItems(groups, ms, lines[first].off, depth+1, false)
	return v, next, true, ok
}

// replyLines returns text's lines, less their YAML comments where the
// text is a fence marked yaml.
func replyLines(text []byte) []textLine {
	var lines []textLine
	yaml := yamlFenced(text)
	for off, line := range textLines(text) {
		if yaml {
			line = yamlUncommented(line)
		}
		lines = append(lines, textLine{off: off, indent: indentOf(line), text: bytes.TrimSpace(line)})
	}
	return lines
}

// yamlFenced reports whether text is a fence marked yaml (or yml), whose
// lines YAML's rules read: a # after a blank starts a comment.
func yamlFenced(text []byte) bool {
	t := bytes.TrimLeftFunc(text, unicode.IsSpace)
	return bytes.HasPrefix(t, []byte("```yaml")) || bytes.HasPrefix(t, []byte("```yml"))
}

// yamlUncommented returns line without its YAML comment: from a # at
// the line's start or after a blank, outside quotes (name: A # the team;
// color: "#FF0000" and C# keep theirs).
func yamlUncommented(line []byte) []byte {
	var quote byte
	for i, c := range line {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' || line[i-1] == ':' || line[i-1] == '-' || line[i-1] == '[' || line[i-1] == ',' {
				quote = c // a quote that opens a value, not an apostrophe
			}
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return bytes.TrimRight(line[:i], " \t")
		}
	}
	return line
}

// lineMember is a member written after another on its line: the
// declared property it names and its value.
type lineMember struct{ name, value string }

// moreMembers splits value, written after a property's name, where a
// comma or semicolon is followed by the name of a declared property and
// a colon (name: Ada, age: 36): the first value, then the members after
// it. The commas of a value in quotes or brackets are its own, and so
// is a comma followed by other words (Ada, Lovelace).
func moreMembers(value string, byNorm map[string][]string) (string, []lineMember) {
	if value == "" {
		return value, nil
	}
	var more []lineMember
	first, from := -1, 0
	for i := openingValue(value); i < len(value); i++ {
		if value[i] != ',' && value[i] != ';' {
			continue
		}
		// The words up to the next comma or semicolon: a member's name,
		// its colon and the start of its value, or no member (each
		// stretch is looked at once).
		after := value[i+1:]
		if next := strings.IndexAny(after, ",;"); next >= 0 {
			after = after[:next]
		}
		seg := strings.TrimSpace(after)
		key, val, ok := memberLine([]byte(seg))
		if !ok || len(byNorm[normKey(key)]) != 1 {
			continue
		}
		if first < 0 {
			first = i
		} else {
			more[len(more)-1].value = strings.TrimSpace(value[from:i])
		}
		more = append(more, lineMember{name: byNorm[normKey(key)][0]})
		// where its value starts: seg and val end together
		from = i + 1 + len(after) - len(strings.TrimLeft(after, " \t")) + len(seg) - len(val)
	}
	if first < 0 {
		return value, nil
	}
	more[len(more)-1].value = strings.TrimSpace(value[from:])
	return strings.TrimSpace(value[:first]), more
}

// openingValue returns where the value that value starts with ends, when
// it is in quotes or brackets (its commas are its own), else 0; the end
// of value when it is not closed.
func openingValue(value string) int {
	switch open := value[0]; open {
	case '"', '\'':
		if end := strings.IndexByte(value[1:], open); end >= 0 {
			return end + 2
		}
		return len(value)
	case '[', '{':
		depth := 0
		for i := 0; i < len(value); i++ {
			switch value[i] {
			case '[', '{':
				depth++
			case ']', '}':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(value)
	}
	return 0
}

// nestedMembers reads the lines after lines[at], a property with no value
// on its line, as the object its schemas pms (each declaration's members) want, where the first line
// after it names one of that object's properties: the lines indented
// under it, and bulleted lines at its indent. nested reports whether the
// lines are that object's; ok whether they all read as its members. next
// is the first line after them.
func nestedMembers(lines []textLine, at int, pms []*jsonschema.Schema, depth int) (v *jvalue, next int, nested, ok bool) {
	if len(pms) == 0 {
		return nil, 0, false, false
	}
	ms := objectBranch(pms)
	if want := schema.AllowedTypes(ms); !want.Has("object") || want.Has("array") {
		return nil, 0, false, false
	}
	under := func(l textLine) bool {
		if l.indent > lines[at].indent {
			return true
		}
		// - City: London at the property's indent: a field of its object,
		// where it names one; - Phone: 1 is the next member.
		item, bullet := bulletItem(l.text)
		if !bullet || l.indent != lines[at].indent {
			return false
		}
		key, _, member := memberLine(item)
		return member && len(declaredNames(ms, key)) == 1
	}
	first := at + 1
	for first < len(lines) && len(lines[first].text) == 0 {
		first++
	}
	if first == len(lines) || !under(lines[first]) {
		return nil, 0, false, false
	}
	text := lines[first].text
	if item, bullet := bulletItem(text); bullet {
		text = item
	}
	key, _, member := memberLine(text)
	// A map's members are the lines indented under it, whatever their keys
	// (counts:⏎  apples: 3): bullets at its indent may be the next member.
	mapOf := isMap(ms) && lines[first].indent > lines[at].indent
	if !member || !mapOf && len(declaredNames(ms, key)) != 1 {
		return nil, 0, false, false // a list, or text: not this object's lines
	}
	if mapOf {
		under = func(l textLine) bool { return l.indent > lines[at].indent }
	}
	end := first
	for j := first; j < len(lines); j++ {
		if len(lines[j].text) == 0 {
			continue
		}
		if !under(lines[j]) {
			break
		}
		end = j + 1
	}
	block := make([]textLine, 0, end-first)
	for _, l := range lines[first:end] {
		if item, bullet := bulletItem(l.text); bullet && l.indent == lines[first].indent {
			// - City: London: a markdown list of the object's fields.
			if _, _, m := memberLine(item); m {
				l.text = item
			}
		}
		block = append(block, l)
	}
	obj, _, ok := memberRun(block, ms, true, depth+1)
	return obj, end, true, ok
}

// objectBranch returns ms, or, where they declare no property and are a
// union whose one branch is an object that declares some (a boolean or
// an object of settings), that branch's members: the lines under a
// property name that branch's properties.
func objectBranch(ms []*jsonschema.Schema) []*jsonschema.Schema {
	if len(propertiesByNorm(ms)) > 0 {
		return ms
	}
	var found []*jsonschema.Schema
	for _, b := range unionBranches(ms) {
		if schema.AllowedTypes(b).Has("object") && len(propertiesByNorm(b)) > 0 {
			if found != nil {
				return ms // two object branches: the lines do not say which
			}
			found = b
		}
	}
	if found == nil {
		return ms
	}
	return found
}

// declaredNames returns the properties of ms that key names, as keys
// are aligned (case, spaces and underscores aside).
func declaredNames(ms []*jsonschema.Schema, key string) []string {
	var names []string
	for _, m := range ms {
		for k := range m.Properties {
			if normKey(k) == normKey(key) && !slices.Contains(names, k) {
				names = append(names, k)
			}
		}
	}
	return names
}

// lineValue is the value written after a property's name on a line of
// its own (off is where the line starts): a list in brackets, an object
// in braces or a quoted string as the tolerant reader reads it, unless
// that reading leaves out what was written ({T}), nothing as null (a
// missing value, as in {"a": }), anything else its text.
func lineValue(value string, off int) *jvalue {
	if value == "" {
		return &jvalue{kind: jNull, off: off, done: true, missing: true}
	}
	if lit, ok := literals[value]; ok {
		// None, true: the literal, as in a document.
		return &jvalue{kind: lit.kind, b: lit.b, off: off, done: true}
	}
	switch value[0] {
	case '[', '{', '"', '\'':
		want := jString
		switch value[0] {
		case '[':
			want = jArray
		case '{':
			want = jObject
		}
		if r, reps, err := readLenient([]byte(value)); err == nil && r.kind == want && r.done && !losesText(reps) {
			shiftValue(r, off)
			return r
		}
	}
	return &jvalue{kind: jString, str: value, off: off, done: true}
}

// textLines yields each line of text, without its newline, and the
// offset where it starts.
func textLines(text []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		for off := 0; off < len(text); {
			end := bytes.IndexByte(text[off:], '\n')
			if end < 0 {
				end = len(text)
			} else {
				end += off
			}
			if !yield(off, text[off:end]) {
				return
			}
			off = end + 1
		}
	}
}

// envLine is a line of an .env file: a name, "=" and the value, with no
// space between.
var envLine = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_.-]*)=[^=>]`)

// memberLine splits a line written as "key: value" ("- **Key**: value",
// "\"key\": value") or as an assignment, "key = value" (TOML) or
// "KEY=value" (.env): a key of words, then a colon or an equals sign,
// and a space or the line's end (a name and "=" need none).
func memberLine(line []byte) (key, value string, ok bool) {
	if item, bullet := bulletItem(line); bullet {
		line = item
	}
	colon := bytes.IndexByte(line, ':')
	if eq := bytes.Index(line, []byte(" =")); eq > 0 && (colon < 0 || eq < colon) && !bytes.HasPrefix(line[eq+2:], []byte("=")) && !bytes.HasPrefix(line[eq+2:], []byte(">")) {
		colon = eq + 1 // title = "Dune": the sign stands where a colon would
	} else if m := envLine.FindSubmatchIndex(line); m != nil && (colon < 0 || m[3] < colon) {
		// TITLE=Dune, title="Dune": an .env file's, a word and the sign.
		return string(line[m[2]:m[3]]), strings.TrimSpace(string(line[m[3]+1:])), true
	}
	if colon <= 0 {
		return "", "", false
	}
	rest := bytes.TrimLeft(line[colon+1:], "*_") // **Name:** Bob: the bold's end
	if len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		return "", "", false
	}
	k := strings.Trim(string(line[:colon]), "*`\"' ")
	if len(k) > 2 && k[0] == '_' && k[len(k)-1] == '_' {
		k = strings.Trim(k, "_") // _Name_: markdown's emphasis; _var1 is a key
	}
	if k == "" {
		return "", "", false
	}
	for i, r := range k {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '_' && r != '-' && r != '.' && !(i == 0 && (r == '$' || r == '@')) {
			return "", "", false // ($schema, @type: a key of JSON Schema's or JSON-LD's)
		}
	}
	return k, strings.TrimSpace(string(rest)), true
}
