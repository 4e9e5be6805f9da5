package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// The incremental reader reads a streaming reply that is strict JSON (after
// any prose or fence before it) into a <Name>Partial in place, keeping its
// state between chunks, so that a chunk costs time in proportion to the
// chunk. What it does not read (JSON that needs repairs, a value of
// another kind than the partial type's, a member the type does not have)
// makes the stream leave it for the whole-reply reads of Stream's
// schedule, whose reader knows every repair; the reply as it ends is read
// whole either way.
//
// Its partials share memory: a value still being written is updated in
// place (a string grows, an item is appended), and a string's bytes are
// the reply's own (escape-free strings) or a buffer only ever appended
// to, so a partial kept by the application stays valid. A value marked
// done never changes.

// errLeave: the reply left what the incremental reader reads.
var errLeave = errors.New("the reply is not strict JSON of the partial type")

// planKind says how the incremental reader sets a partial value.
type planKind uint8

const (
	pString planKind = iota
	pEnum            // a named string type: set once finished
	pInt
	pFloat
	pBool
	pRaw // the JSON read so far
	pSlice
	pMap
	pStruct // a <Name>Partial: members are Fields
)

// plan is how the incremental reader sets a value of one Go type.
type plan struct {
	kind   planKind
	typ    reflect.Type
	elem   *plan                // slices' and maps' elements
	fields map[string]fieldPlan // a struct's Fields by JSON name
}

type fieldPlan struct {
	index int
	plan  *plan
}

// partialField is a Field of any type, as the incremental reader sets it.
type partialField interface {
	valueAddr() reflect.Value
	mark(done bool)
}

func (f *Field[T]) valueAddr() reflect.Value { return reflect.ValueOf(&f.value).Elem() }

func (f *Field[T]) mark(done bool) { f.present, f.done = true, done }

var (
	partialFieldType = reflect.TypeFor[partialField]()
	rawType          = reflect.TypeFor[json.RawMessage]()
	plans            sync.Map // reflect.Type → *plan, nil when there is none
)

// rootPlan returns the plan of a partial type P and whether P is itself
// a Field (an output whose root is not an object); nil when the
// incremental reader cannot read P.
func rootPlan(t reflect.Type) (*plan, bool) {
	if reflect.PointerTo(t).Implements(partialFieldType) {
		p := planOf(t.Field(0).Type, map[reflect.Type]*plan{})
		return p, true
	}
	return planOf(t, map[reflect.Type]*plan{}), false
}

// planOf returns the plan of t; building marks the struct types being
// built, so that a recursive partial type gets one plan.
func planOf(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	if p, ok := building[t]; ok {
		return p
	}
	p := &plan{typ: t}
	switch {
	case t == rawType:
		p.kind = pRaw
	case t.Kind() == reflect.String && t == reflect.TypeFor[string]():
		p.kind = pString
	case t.Kind() == reflect.String:
		p.kind = pEnum
	case t.Kind() == reflect.Int64:
		p.kind = pInt
	case t.Kind() == reflect.Float64:
		p.kind = pFloat
	case t.Kind() == reflect.Bool:
		p.kind = pBool
	case t.Kind() == reflect.Slice:
		p.kind = pSlice
		if p.elem = planOf(t.Elem(), building); p.elem == nil {
			return nil
		}
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
		p.kind = pMap
		if p.elem = planOf(t.Elem(), building); p.elem == nil {
			return nil
		}
	case t.Kind() == reflect.Struct:
		p.kind, p.fields = pStruct, map[string]fieldPlan{}
		building[t] = p
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := cutTag(f.Tag.Get("json"))
			if !f.IsExported() || !reflect.PointerTo(f.Type).Implements(partialFieldType) || name == "" || name == "-" {
				return nil
			}
			fp := planOf(f.Type.Field(0).Type, building)
			if fp == nil {
				return nil
			}
			p.fields[name] = fieldPlan{index: i, plan: fp}
		}
	default:
		return nil
	}
	plans.Store(t, p)
	return p
}

func cutTag(tag string) (name, rest string, ok bool) {
	for i := range len(tag) {
		if tag[i] == ',' {
			return tag[:i], tag[i+1:], true
		}
	}
	return tag, "", false
}

// scanState is where the scanner is in the JSON text.
type scanState uint8

const (
	sPreamble    scanState = iota // before the root: prose, a fence
	sValue                        // a value is due
	sArrayFirst                   // after "[": a value or "]"
	sObjectFirst                  // after "{": a key or "}"
	sKey                          // after "," in an object
	sColon                        // after a key
	sAfter                        // after a value in a container: "," or the bracket
	sString
	sNumber
	sLiteral
	sDone      // the root closed: the rest is not read
	sReasoning // inside <think>…</think> before the answer
)

// frame is an open object or array.
type frame struct {
	object bool
	start  int           // the offset of its bracket
	n      int           // members or items read
	key    string        // an object's member being read
	keys   []string      // a struct's members read: a key written twice leaves
	plan   *plan         // nil: no part of the partial reads it
	v      reflect.Value // the struct, slice or map it fills
	field  partialField  // the Field holding it, done when it closes
	commit func()        // writes a map element back into its map
	raw    *rawValue     // the raw value it is part of
	// pending is the slot of an item not shown yet: an item appears once
	// something follows its bracket, as the whole-reply reader has it.
	pending    slot
	hasPending bool
}

// slot is where a value that starts goes.
type slot struct {
	plan   *plan
	v      reflect.Value
	field  partialField
	parent *frame // for an item: appended once readable
	commit func()
	shown  bool
	raw    *rawValue
}

// rawValue is a json.RawMessage the reply is writing: set from the text
// since its start at the end of every chunk.
type rawValue struct {
	slot  slot
	start int
	depth int // the stack's depth at its start
}

// incremental reads a streaming reply into a partial value of type P.
type incremental[P any] struct {
	root      *plan
	rootField bool
	p         P

	pos      int
	state    scanState
	prose    bool   // the preamble had text: a reasoning tag no longer opens one
	closeTag string // the reasoning block's close tag
	stack    []*frame
	free     []*frame // frames popped, for reuse

	// The token being read.
	tokStart int
	isKey    bool
	cur      slot // the slot of the value being read
	esc      bool // the string had escapes: its text is in str
	str      []byte
	seg      int // in an escaped string, the start of the bytes not yet in str
	shownLen int // the length of the string value last set

	raws    []*rawValue
	changed bool
	strings arena // the finished strings
	// held is a string value whose end quote was read: it is done once a
	// delimiter follows, since in a reply that is not strict JSON what
	// follows the quote decides whether it ended the string.
	held     slot
	holding  bool
	heldText []byte
	heldStr  string

	// check, when set, is called with every value that closes.
	check func(path []lenient.Step, raw []byte) error
}

// newIncremental returns an incremental reader of P, or nil when P is not
// a partial type it reads (one whose root is not an object or an array
// is read whole).
func newIncremental[P any]() *incremental[P] {
	root, field := rootPlan(reflect.TypeFor[P]())
	if root == nil || field && root.kind != pSlice && root.kind != pMap && root.kind != pRaw {
		return nil
	}
	return &incremental[P]{root: root, rootField: field}
}

// newScanner returns an incremental reader that reads no partial value:
// it only scans, calling check with each value that closes.
func newScanner(check func(path []lenient.Step, raw []byte) error) *incremental[struct{}] {
	return &incremental[struct{}]{check: check}
}

// feed reads text from where the last feed stopped (text only grows) and
// reports whether the partial value changed; errLeave says the reply left
// what the reader reads.
func (r *incremental[P]) feed(text []byte) (bool, error) {
	r.changed = false
	if err := r.scan(text); err != nil {
		return false, err
	}
	if r.state == sString && !r.isKey && r.cur.plan != nil && r.cur.plan.kind == pString {
		if !r.cur.shown && r.pos > r.tokStart+1 {
			r.show(&r.cur)
		}
		if r.cur.shown {
			r.setString(r.stringSoFar(text), false)
		}
	}
	for _, rv := range r.raws {
		r.setRaw(rv, text[rv.start:r.pos], false)
	}
	if r.changed {
		r.commitOpen()
	}
	return r.changed, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (r *incremental[P]) scan(text []byte) error {
	for r.pos < len(text) {
		c := text[r.pos]
		switch r.state {
		case sDone:
			r.pos = len(text)
			return nil
		case sPreamble:
			if c == '<' && !r.prose {
				// <think>…</think> first: the reasoning's drafts are not
				// the answer (as the whole-reply reader has it).
				tag, more := lenient.ReasoningTag(text[r.pos:])
				if more {
					return nil // too few bytes to tell yet
				}
				if tag != "" {
					r.closeTag = "</" + tag + ">"
					r.pos += len(tag) + 2
					r.state = sReasoning
					continue
				}
			}
			r.prose = r.prose || !isSpace(c)
			if c != '{' && c != '[' {
				r.pos++
				continue
			}
			r.state = sValue
		case sReasoning:
			if c != '<' {
				r.pos++
				continue
			}
			n := min(len(text)-r.pos, len(r.closeTag))
			if !bytes.EqualFold(text[r.pos:r.pos+n], []byte(r.closeTag[:n])) {
				r.pos++
				continue
			}
			if n < len(r.closeTag) {
				return nil // the close tag may be arriving
			}
			r.pos += n
			r.prose, r.state = true, sPreamble
		case sValue, sArrayFirst:
			if r.state == sArrayFirst && !isSpace(c) {
				if top := r.stack[len(r.stack)-1]; top.hasPending {
					r.reveal(top)
				}
			}
			switch {
			case isSpace(c):
				r.pos++
			case c == ']' && r.state == sArrayFirst:
				if err := r.close(text, false); err != nil {
					return err
				}
			case c == '{' || c == '[':
				if err := r.open(c == '{'); err != nil {
					return err
				}
			case c == '"':
				if err := r.startString(false); err != nil {
					return err
				}
			case c == '-' || c >= '0' && c <= '9':
				if err := r.startScalar(sNumber); err != nil {
					return err
				}
			case c == 't' || c == 'f' || c == 'n':
				if err := r.startScalar(sLiteral); err != nil {
					return err
				}
			default:
				return errLeave
			}
		case sObjectFirst, sKey:
			if r.state == sObjectFirst && !isSpace(c) {
				if top := r.stack[len(r.stack)-1]; top.hasPending {
					r.reveal(top)
				}
			}
			switch {
			case isSpace(c):
				r.pos++
			case c == '}' && r.state == sObjectFirst:
				if err := r.close(text, true); err != nil {
					return err
				}
			case c == '"':
				if err := r.startString(true); err != nil {
					return err
				}
			default:
				return errLeave
			}
		case sColon:
			switch {
			case isSpace(c):
				r.pos++
			case c == ':':
				r.pos++
				r.state = sValue
			default:
				return errLeave
			}
		case sAfter:
			top := r.stack[len(r.stack)-1]
			if c == ',' && top.object && r.holding {
				// "s.split(", or "a", 0: what follows the comma decides
				// whether the quote ended the string (the whole-reply
				// reader's rule: a separator and then a key): the string
				// is done once the next key is written, and never where the
				// reply leaves strict JSON there.
				if wait := keyAhead(text[r.pos+1:]); wait {
					return nil
				}
				if rest := bytes.TrimLeft(text[r.pos+1:], " \t\r\n"); rest[0] != '"' {
					return errLeave
				}
			}
			if !isSpace(c) && (c == ',' || c == '}' && top.object || c == ']' && !top.object) {
				if err := r.release(); err != nil {
					return err
				}
			}
			switch {
			case isSpace(c):
				r.pos++
			case c == ',':
				r.pos++
				if top.object {
					r.state = sKey
				} else {
					r.state = sValue
				}
			case c == '}' && top.object, c == ']' && !top.object:
				if err := r.close(text, top.object); err != nil {
					return err
				}
			default:
				return errLeave
			}
		case sString:
			done, err := r.scanString(text)
			if err != nil || !done {
				return err
			}
		case sNumber, sLiteral:
			for r.pos < len(text) && isScalarByte(text[r.pos]) {
				r.pos++
			}
			if r.pos == len(text) {
				return nil // it may go on
			}
			if c := text[r.pos]; !isSpace(c) && c != ',' && c != '}' && c != ']' {
				return errLeave
			}
			if c := text[r.pos]; r.state == sNumber && (c == ' ' || c == '\t') && len(r.stack) > 0 && r.stack[len(r.stack)-1].object {
				// {"weight": 5 kg}: the lenient reader reads a member's
				// number with text after it on its line as that text;
				// what follows the blanks decides, so wait for it.
				j := r.pos
				for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
					j++
				}
				if j == len(text) {
					return nil
				}
				if c := text[j]; c != ',' && c != '}' && c != '\n' && c != '\r' {
					return errLeave
				}
			}
			if err := r.endScalar(text); err != nil {
				return err
			}
		}
	}
	return nil
}

func isScalarByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c >= 'a' && c <= 'z' || c == 'E'
}

// slotFor returns where a value starting now goes.
func (r *incremental[P]) slotFor() (slot, error) {
	if len(r.stack) == 0 {
		if r.root == nil {
			return slot{}, nil // a scanner: nothing is read into a value
		}
		if r.rootField {
			f := any(&r.p).(partialField)
			return slot{plan: r.root, v: f.valueAddr(), field: f}, nil
		}
		return slot{plan: r.root, v: reflect.ValueOf(&r.p).Elem()}, nil
	}
	top := r.stack[len(r.stack)-1]
	s := slot{raw: top.raw}
	if top.plan == nil {
		return s, nil
	}
	switch top.plan.kind {
	case pStruct:
		fp, ok := top.plan.fields[top.key]
		if !ok {
			return s, errLeave // a member the type does not have: the reader's repairs decide
		}
		f := top.v.Field(fp.index).Addr().Interface().(partialField)
		s.plan, s.v, s.field = fp.plan, f.valueAddr(), f
	case pSlice:
		s.plan, s.parent = top.plan.elem, top
	case pMap:
		tmp := reflect.New(top.plan.elem.typ).Elem()
		key, m := reflect.ValueOf(top.key).Convert(top.plan.typ.Key()), top.v
		s.plan, s.v = top.plan.elem, tmp
		s.commit = func() { m.SetMapIndex(key, tmp) }
	}
	return s, nil
}

// show makes a slot's value part of the partial: an item is appended, a
// Field marked present.
func (r *incremental[P]) show(s *slot) {
	if s.shown {
		return
	}
	s.shown, r.changed = true, true
	if s.parent != nil {
		sl := s.parent.v
		sl.Set(reflect.Append(sl, reflect.Zero(s.plan.typ)))
		s.v = sl.Index(sl.Len() - 1)
	}
	if s.field != nil {
		s.field.mark(false)
	}
	if s.commit != nil {
		s.commit()
	}
}

// finish marks a slot's value done.
func (r *incremental[P]) finish(s *slot) {
	if s.field != nil {
		s.field.mark(true)
		r.changed = true
	}
	if s.commit != nil {
		s.commit()
	}
}

// startRaw starts a raw value at a slot.
func (r *incremental[P]) startRaw(s *slot) *rawValue {
	rv := &rawValue{start: r.pos, depth: len(r.stack)}
	s.raw = rv
	rv.slot = *s
	r.raws = append(r.raws, rv)
	return rv
}

// setRaw sets a raw value from its text so far; done when it closed.
func (r *incremental[P]) setRaw(rv *rawValue, text []byte, done bool) {
	js, ok := lenient.PartialJSON(text)
	if !ok {
		return
	}
	s := &rv.slot
	if s.shown && !done && string(s.v.Bytes()) == string(js) {
		return
	}
	r.show(s)
	s.v.SetBytes(js)
	r.changed = true
	if done {
		r.finish(s)
	} else if s.commit != nil {
		s.commit()
	}
}

// endRaw sets a raw value that closed, text its JSON.
func (r *incremental[P]) endRaw(rv *rawValue, text []byte) {
	r.setRaw(rv, text, true)
	for i, x := range r.raws {
		if x == rv {
			r.raws = append(r.raws[:i], r.raws[i+1:]...)
			break
		}
	}
}

func (r *incremental[P]) open(object bool) error {
	s, err := r.slotFor()
	if err != nil {
		return err
	}
	f := r.newFrame()
	f.object, f.start, f.raw = object, r.pos, s.raw
	if s.plan != nil {
		switch k := s.plan.kind; {
		case k == pRaw:
			f.raw = r.startRaw(&s)
		case object && (k == pStruct || k == pMap), !object && k == pSlice:
			f.plan, f.field, f.commit, f.pending, f.hasPending = s.plan, s.field, s.commit, s, true
			if s.parent == nil {
				r.reveal(f)
			}
		default:
			return errLeave // another kind than the type's: coercion decides
		}
	}
	r.stack = append(r.stack, f)
	r.pos++
	if object {
		r.state = sObjectFirst
	} else {
		r.state = sArrayFirst
	}
	return nil
}

// newFrame returns a frame to push, reusing one popped before.
func (r *incremental[P]) newFrame() *frame {
	if n := len(r.free); n > 0 {
		f := r.free[n-1]
		r.free = r.free[:n-1]
		*f = frame{keys: f.keys[:0]}
		return f
	}
	return &frame{}
}

// reveal shows a container's value: an empty struct, map or slice.
func (r *incremental[P]) reveal(f *frame) {
	s := &f.pending
	f.hasPending = false
	r.show(s)
	switch s.plan.kind {
	case pMap:
		s.v.Set(reflect.MakeMap(s.plan.typ))
	case pSlice:
		s.v.Set(reflect.MakeSlice(s.plan.typ, 0, 0))
	}
	f.v = s.v
}

func (r *incremental[P]) close(text []byte, object bool) error {
	f := r.stack[len(r.stack)-1]
	if f.hasPending {
		r.reveal(f)
	}
	r.pos++
	if f.raw != nil && f.raw.depth == len(r.stack)-1 {
		r.endRaw(f.raw, text[f.raw.start:r.pos])
	} else if f.plan != nil {
		if f.field != nil {
			f.field.mark(true)
			r.changed = true
		}
		if f.commit != nil {
			f.commit()
		}
	}
	r.stack = r.stack[:len(r.stack)-1]
	r.free = append(r.free, f)
	if err := r.checkClosed(text[f.start:r.pos]); err != nil {
		return err
	}
	r.valueEnded()
	return nil
}

// valueEnded moves past a value that ended.
func (r *incremental[P]) valueEnded() {
	r.cur = slot{}
	if len(r.stack) == 0 {
		r.state = sDone
		return
	}
	r.stack[len(r.stack)-1].n++
	r.state = sAfter
}

func (r *incremental[P]) startString(key bool) error {
	r.isKey, r.esc, r.str, r.tokStart, r.shownLen = key, false, nil, r.pos, 0
	r.pos++
	r.seg = r.pos
	r.state = sString
	if key {
		return nil
	}
	s, err := r.slotFor()
	if err != nil {
		return err
	}
	r.cur = s
	if s.plan == nil {
		return nil
	}
	switch s.plan.kind {
	case pString:
		if s.parent == nil {
			r.show(&r.cur) // an item shows once its first character arrives
		}
	case pEnum:
	case pRaw:
		r.startRaw(&r.cur).start = r.tokStart
	default:
		return errLeave
	}
	return nil
}

// scanString reads a string's bytes; done says it closed.
func (r *incremental[P]) scanString(text []byte) (bool, error) {
	for r.pos < len(text) {
		c := text[r.pos]
		switch {
		case c == '"':
			r.pos++
			return true, r.endString(text)
		case c == '\\':
			n, ru, err := unescape(text[r.pos:])
			if n == 0 {
				return false, err // the escape is not all here yet, or bad
			}
			r.str = append(r.str, text[r.seg:r.pos]...)
			r.str = utf8.AppendRune(r.str, ru)
			r.esc = true
			r.pos += n
			r.seg = r.pos
		case c < 0x20:
			return false, errLeave
		default:
			r.pos++
		}
	}
	return false, nil
}

// stringSoFar returns the string being read up to the last whole
// character read, without copying escape-free text.
func (r *incremental[P]) stringSoFar(text []byte) string {
	end := r.pos
	// A chunk may end inside a character: leave it for the next.
	for i := end - 1; i >= r.seg && i >= end-utf8.UTFMax; i-- {
		if utf8.RuneStart(text[i]) {
			if !utf8.FullRune(text[i:end]) {
				end = i
			}
			break
		}
	}
	if !r.esc {
		return bytesString(text[r.tokStart+1 : end])
	}
	r.str = append(r.str, text[r.seg:end]...)
	r.seg = end
	return bytesString(r.str)
}

// arena keeps finished strings packed in blocks that never move, so that
// a partial's strings hold no more memory than their bytes.
type arena struct {
	block []byte
	kept  int
}

func (a *arena) keep(s string) string {
	if s == "" {
		return ""
	}
	if cap(a.block)-len(a.block) < len(s) {
		a.block = make([]byte, 0, max(len(s), 16<<10, a.kept/4))
	}
	start := len(a.block)
	a.block = append(a.block, s...)
	a.kept += len(s)
	return bytesString(a.block[start:])
}

// bytesString is b as a string without a copy: b's bytes are never
// written again (the reply and escape buffers are only appended to).
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func (r *incremental[P]) setString(s string, done bool) {
	v := r.cur.v
	if done || len(s) != r.shownLen {
		v.SetString(s)
		r.shownLen = len(s)
		r.changed = true
	}
}

func (r *incremental[P]) endString(text []byte) error {
	var s string
	if r.esc {
		r.str = append(r.str, text[r.seg:r.pos-1]...)
		s = bytesString(r.str)
	} else {
		s = bytesString(text[r.tokStart+1 : r.pos-1])
	}
	if !r.isKey || len(r.stack) > 0 && r.stack[len(r.stack)-1].plan != nil && r.stack[len(r.stack)-1].plan.kind == pMap {
		// A finished string (or map key) moves out of the reply's buffer,
		// whose old copies would otherwise stay alive with it.
		s = r.strings.keep(s)
	}
	r.esc, r.str = false, nil
	if r.isKey {
		top := r.stack[len(r.stack)-1]
		if top.plan != nil && top.plan.kind == pStruct {
			if slices.Contains(top.keys, s) {
				return errLeave // a key written twice: the reader decides
			}
			top.keys = append(top.keys, s)
		} else if top.plan != nil && top.v.IsValid() && top.v.MapIndex(reflect.ValueOf(s).Convert(top.plan.typ.Key())).IsValid() {
			return errLeave
		}
		top.key = s
		r.state = sColon
		return nil
	}
	cur := &r.cur
	if cur.plan != nil {
		switch cur.plan.kind {
		case pString:
			if s != "" || cur.parent == nil { // an empty item shows once done
				r.show(cur)
				r.setString(s, true)
			}
		case pRaw:
			r.setRaw(cur.raw, text[cur.raw.start:r.pos], false)
		}
	}
	r.held, r.holding, r.heldText, r.heldStr = *cur, true, text[r.tokStart:r.pos], s
	r.valueEnded()
	return nil
}

// keyAhead reports whether b, the text after a comma in an object, ends
// before a key and its colon are all written: too few bytes to tell yet.
func keyAhead(b []byte) bool {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i == len(b) {
		return true
	}
	if b[i] != '"' {
		return false // not strict JSON: the reader leaves at the key
	}
	for i++; i < len(b) && b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	for i++; i < len(b) && isSpace(b[i]); i++ {
	}
	return i >= len(b)
}

// release marks the held string done, a delimiter having followed it.
func (r *incremental[P]) release() error {
	if !r.holding {
		return nil
	}
	s := &r.held
	r.holding = false
	if s.plan != nil {
		switch s.plan.kind {
		case pString:
			r.show(s)
			s.v.SetString(r.heldStr)
			r.finish(s)
		case pEnum:
			r.show(s)
			s.v.SetString(r.heldStr)
			r.finish(s)
		case pRaw:
			r.endRaw(s.raw, r.heldText)
		}
	}
	// The check runs with the path of the string's own place.
	return r.checkClosedAt(r.heldText, true)
}

func (r *incremental[P]) startScalar(state scanState) error {
	s, err := r.slotFor()
	if err != nil {
		return err
	}
	r.cur, r.tokStart, r.state = s, r.pos, state
	if s.plan != nil && s.plan.kind == pRaw {
		r.startRaw(&r.cur)
	}
	r.pos++
	return nil
}

func (r *incremental[P]) endScalar(text []byte) error {
	tok := text[r.tokStart:r.pos]
	cur := &r.cur
	isNum := r.state == sNumber
	if isNum && !validNumber(tok) || !isNum && string(tok) != "true" && string(tok) != "false" && string(tok) != "null" {
		return errLeave
	}
	if p := cur.plan; p != nil && string(tok) != "null" {
		switch {
		case p.kind == pRaw:
			r.endRaw(cur.raw, tok)
		case isNum && p.kind == pInt:
			if i, err := strconv.ParseInt(string(schema.NormalizeIntegers(tok)), 10, 64); err == nil {
				r.show(cur)
				cur.v.SetInt(i)
				r.finish(cur)
			}
		case isNum && p.kind == pFloat:
			if f, err := strconv.ParseFloat(string(tok), 64); err == nil {
				r.show(cur)
				cur.v.SetFloat(f)
				r.finish(cur)
			}
		case !isNum && p.kind == pBool:
			r.show(cur)
			cur.v.SetBool(tok[0] == 't')
			r.finish(cur)
		default:
			return errLeave // another kind than the type's: coercion decides
		}
	} else if p != nil && p.kind == pRaw {
		r.endRaw(cur.raw, tok)
	}
	if err := r.checkClosed(tok); err != nil {
		return err
	}
	r.valueEnded()
	return nil
}

// validNumber reports whether tok is a JSON number.
func validNumber(tok []byte) bool {
	i := 0
	if i < len(tok) && tok[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || n > 1 && tok[start] == '0' {
		return false
	}
	if i < len(tok) && tok[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		i++
		if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(tok)
}

// unescape decodes the escape at the start of b: its length and rune;
// n == 0 with a nil error means it is not all here yet.
func unescape(b []byte) (n int, r rune, err error) {
	if len(b) < 2 {
		return 0, 0, nil
	}
	switch b[1] {
	case '"', '\\', '/':
		return 2, rune(b[1]), nil
	case 'b':
		return 2, '\b', nil
	case 'f':
		return 2, '\f', nil
	case 'n':
		return 2, '\n', nil
	case 'r':
		return 2, '\r', nil
	case 't':
		return 2, '\t', nil
	case 'u':
		if len(b) < 6 {
			return 0, 0, nil
		}
		r1, ok := hex4(b[2:6])
		if !ok {
			return 0, 0, errLeave
		}
		if !utf16.IsSurrogate(r1) {
			return 6, r1, nil
		}
		// A pair: wait for its second half, if one is coming.
		if len(b) < 12 {
			if len(b) == 6 || b[6] == '\\' && (len(b) == 7 || b[7] == 'u') {
				return 0, 0, nil
			}
			return 6, utf8.RuneError, nil
		}
		if b[6] == '\\' && b[7] == 'u' {
			if r2, ok := hex4(b[8:12]); ok {
				if ru := utf16.DecodeRune(r1, r2); ru != utf8.RuneError {
					return 12, ru, nil
				}
			}
		}
		return 6, utf8.RuneError, nil
	}
	return 0, 0, errLeave
}

func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// commitOpen writes the values of open map elements back into their
// maps, innermost first.
func (r *incremental[P]) commitOpen() {
	if r.cur.commit != nil {
		r.cur.commit()
	}
	for i := len(r.stack) - 1; i >= 0; i-- {
		if c := r.stack[i].commit; c != nil {
			c()
		}
	}
}

// checkClosed calls the check with a value that closed, text its JSON.
func (r *incremental[P]) checkClosed(text []byte) error { return r.checkClosedAt(text, false) }

// checkClosedAt calls the check; counted says the innermost container
// has counted the value already.
func (r *incremental[P]) checkClosedAt(text []byte, counted bool) error {
	if r.check == nil {
		return nil
	}
	path := make([]lenient.Step, 0, len(r.stack))
	for i, f := range r.stack {
		if f.object {
			path = append(path, lenient.Step{Key: f.key, Index: -1})
		} else if n := f.n; counted && i == len(r.stack)-1 {
			path = append(path, lenient.Step{Index: n - 1})
		} else {
			path = append(path, lenient.Step{Index: n})
		}
	}
	return r.check(path, text)
}
