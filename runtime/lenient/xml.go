package lenient

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// xmlElement is an element of a reply written as XML: its name, its text
// (where it has no elements in it), its elements, and where it starts.
type xmlElement struct {
	name    string
	text    []byte
	kids    []*xmlElement
	hasText bool // text that is not white space
	open    bool // the text ended before its end tag: cut short, or still streaming
	off     int
}

// mixed reports text beside elements: no value of a schema's.
func (e *xmlElement) mixed() bool { return e.hasText && len(e.kids) > 0 }

// maxXMLDepth bounds the nesting read, as maxLineDepth bounds lines'.
const maxXMLDepth = 32

// xmlMembers reads a reply written as XML elements rather than JSON, as
// models prompted with XML tags answer (<name>Ada</name>⏎<age>36</age>),
// where the schema wants an object, or a list of them (the items one
// element each, of one name, in an element of their own or not): each
// element names a declared property (in any case or with other
// separators, as keys are aligned), its text the value for the schema to
// coerce; an element holding elements is an object where the property's
// schema is one, or a list where it is a list
// (<tags><tag>a</tag><tag>b</tag></tags>), and an element written several
// times is a list. One element around them all that names no property
// (<person>…</person>) is the object's. The whole reply, or its one fence
// marked xml, must be the elements; an element that names no property,
// text beside elements, or a list where none is wanted refuses it, and
// why says so where the reply is XML. Text cut short is closed where it
// ends, reported.
func xmlMembers(text []byte, sch *jsonschema.Schema) (v *jvalue, repairs []problem.Repair, why string, ok bool) {
	trimmed := bytes.TrimSpace(text)
	if rest, ok := bytes.CutPrefix(trimmed, []byte("```xml")); ok {
		trimmed = bytes.TrimSpace(bytes.TrimSuffix(rest, []byte("```"))) // the one fence, marked as XML
	}
	if len(trimmed) < 3 || trimmed[0] != '<' || !isXMLNameStart(trimmed[1]) && trimmed[1] != '?' {
		return nil, nil, "", false
	}
	ms := schema.Members(sch)
	want := schema.AllowedTypes(ms)
	if !want.Has("object") && !want.Has("array") {
		return nil, nil, "", false
	}
	start := bytes.Index(text, trimmed)
	elems, cut, ok := readXML(trimmed, start)
	if !ok || len(elems) == 0 {
		return nil, nil, "", false
	}
	var r xmlReading
	if !want.Has("object") {
		// <people><person>…</person>…</people>, or the items alone: a
		// list, each item one element of one name.
		list := elems[0]
		if len(elems) > 1 {
			list = &xmlElement{kids: elems, open: cut, off: elems[0].off}
		}
		v, ok := r.value(list, sch, 0)
		if !ok || v.kind != jArray {
			if ok {
				r.refuse("it holds no list of items")
			}
			return nil, nil, r.why, false
		}
		return v, xmlRepairs(start, cut, len(text)), "", true
	}
	if len(elems) == 1 && len(elems[0].kids) > 0 && len(declaredNames(ms, elems[0].name)) == 0 {
		elems = elems[0].kids // <person>…</person>: the object's own element
	}
	v, ok = r.object(elems, ms, !cut, 0)
	if !ok {
		return nil, nil, r.why, false
	}
	return v, xmlRepairs(start, cut, len(text)), "", true
}

// xmlRepairs reports reading XML at start, and closing what the text,
// of length end, left open.
func xmlRepairs(start int, cut bool, end int) []problem.Repair {
	repairs := []problem.Repair{{Offset: start, Message: "read XML elements as the value's members or items"}}
	if cut {
		repairs = append(repairs, problem.Repair{Offset: end, Message: "closed the XML elements the text left open"})
	}
	return repairs
}

// readXML reads text as a list of XML elements, with nothing but white
// space between them; ok is false where it is not well formed. Where the
// text ends inside an element, cut reports it and the elements left open
// are marked so.
func readXML(text []byte, base int) (top []*xmlElement, cut, ok bool) {
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = true
	d.Entity = xml.HTMLEntity // &nbsp;, &eacute;: models write HTML's
	var stack []*xmlElement
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return top, false, len(stack) == 0
		}
		var syntax *xml.SyntaxError
		if errors.As(err, &syntax) && syntax.Msg == "unexpected EOF" && len(top) > 0 {
			// <name>Ada</name><age>3: cut short, or still streaming; the
			// elements left open end with the text (a tag cut in two is
			// left out).
			for _, e := range stack {
				e.open = true
			}
			return top, true, true
		}
		if err != nil {
			return nil, false, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == maxXMLDepth {
				return nil, false, false
			}
			e := &xmlElement{name: t.Name.Local, off: base + off}
			if len(stack) == 0 {
				top = append(top, e)
			} else {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if len(bytes.TrimSpace(t)) > 0 {
					return nil, false, false // text beside the elements: prose, not members
				}
				continue
			}
			e := stack[len(stack)-1]
			e.text = append(e.text, t...)
			e.hasText = e.hasText || len(bytes.TrimSpace(t)) > 0
		case xml.ProcInst, xml.Comment, xml.Directive:
			// <?xml …?>, comments: no value
		}
	}
}

// xmlReading reads XML elements as a schema's values, keeping the first
// reason it refused them for: the error where nothing else fits.
type xmlReading struct{ why string }

// refuse records why, as fmt.Sprintf formats it, where no reason is yet.
func (r *xmlReading) refuse(format string, args ...any) {
	if r.why == "" {
		r.why = "the reply is written as XML, but " + fmt.Sprintf(format, args...)
	}
}

// object reads elems as the members of an object of ms; done is whether
// the text closed the element that holds them.
func (r *xmlReading) object(elems []*xmlElement, ms []*jsonschema.Schema, done bool, depth int) (*jvalue, bool) {
	if depth > maxXMLDepth || !schema.AllowedTypes(ms).Has("object") {
		return nil, false
	}
	v := &jvalue{kind: jObject, off: elems[0].off, done: done}
	at := map[string]int{}    // property → index in v.kids
	runs := map[string]bool{} // properties written several times
	for _, e := range elems {
		names := declaredNames(ms, e.name)
		if len(names) != 1 {
			r.refuse("<%s> (at offset %d) names no property the schema declares", e.name, e.off)
			return nil, false
		}
		name := names[0]
		prop := propertySchema(ms, name)
		val, ok := r.value(e, prop, depth)
		if !ok {
			return nil, false
		}
		i, seen := at[name]
		if !seen {
			at[name] = len(v.kids)
			v.keys = append(v.keys, name)
			v.kids = append(v.kids, val)
			continue
		}
		// <tag>a</tag><tag>b</tag>: an element written again is the next
		// item of a list, where the property is one.
		if prop == nil || !schema.AllowedTypes(schema.Members(prop)).Has("array") {
			r.refuse("<%s> is written again (at offset %d) where one value is wanted", e.name, e.off)
			return nil, false
		}
		if !runs[name] {
			runs[name] = true
			first := v.kids[i]
			v.kids[i] = &jvalue{kind: jArray, off: first.off, done: true, kids: []*jvalue{first}}
		}
		v.kids[i].kids = append(v.kids[i].kids, val)
	}
	return v, true
}

// value reads e as a value of prop.
func (r *xmlReading) value(e *xmlElement, prop *jsonschema.Schema, depth int) (*jvalue, bool) {
	if e.mixed() {
		r.refuse("<%s> (at offset %d) holds text beside elements", e.name, e.off)
		return nil, false
	}
	var ms []*jsonschema.Schema
	if prop != nil {
		ms = schema.Members(prop)
	}
	want := schema.AllowedTypes(ms)
	if len(e.kids) == 0 {
		text := string(bytes.TrimSpace(e.text))
		if text == "" && want.Has("array") && !want.Has("string") {
			return &jvalue{kind: jArray, off: e.off, done: !e.open}, true // <tags></tags>
		}
		return &jvalue{kind: jString, str: text, off: e.off, done: !e.open}, true
	}
	if want.Has("object") {
		if v, ok := r.object(e.kids, ms, !e.open, depth+1); ok {
			return v, true
		}
	}
	if !want.Has("array") {
		r.refuse("<%s> (at offset %d) holds elements where no object or list is wanted", e.name, e.off)
		return nil, false
	}
	// <tags><tag>a</tag><tag>b</tag></tags>: the items, each one element
	// of one name.
	v := &jvalue{kind: jArray, off: e.off, done: !e.open}
	for i, k := range e.kids {
		if k.name != e.kids[0].name {
			if e.name == "" {
				r.refuse("its items are elements of several names, <%s> and <%s>", e.kids[0].name, k.name)
			} else {
				r.refuse("the items in <%s> (at offset %d) are elements of several names, <%s> and <%s>", e.name, e.off, e.kids[0].name, k.name)
			}
			return nil, false
		}
		item := itemSchema(nil, ms, i)
		var iv *jvalue
		var ok bool
		if len(k.kids) > 0 && item != nil {
			iv, ok = r.object(k.kids, schema.Members(item), !k.open, depth+1)
		} else {
			iv, ok = r.value(k, item, depth+1)
		}
		if !ok {
			return nil, false
		}
		v.kids = append(v.kids, iv)
	}
	return v, true
}

// isXMLNameStart reports whether c may start an element's name (ASCII
// letters and _, which is what models write).
func isXMLNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
