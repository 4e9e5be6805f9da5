// Package dialect derives each provider's view of a canonical schema: the
// keywords it accepts, and how the rest is carried (moved into
// descriptions, so that the model still reads them while Parse still
// enforces them against the canonical schema). It is pure: JSON in, JSON
// and notes out; the emitter writes the results as constants. To add a
// provider, add its rules here and a case to Tool and Output.
package dialect

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/schema"
)

// A dialect is a provider's view of a canonical schema: the keywords it
// accepts, and how the rest is carried (moved into descriptions, so the
// model still reads them, while Parse still enforces them against the
// canonical schema). Transforms work on copies; notes say, at generate
// time, what a dialect could not express.

// dialectRules says what one provider accepts.
type dialectRules struct {
	name string
	// keep lists the keywords the provider accepts as they are.
	keep map[string]bool
	// formats lists the string formats it accepts; others are described.
	formats map[string]bool
	// closeObjects: every object must have additionalProperties: false.
	closeObjects bool
	// allRequired: every property must be required; optional ones become
	// nullable (strict mode).
	allRequired bool
	// objectRoot: the root must be an object; others are wrapped in
	// {"value": …}.
	objectRoot bool
	// maxMinItems: larger minItems values are described, not kept (-1: no
	// limit).
	maxMinItems int
	// noRecursion: recursive schemas are not accepted.
	noRecursion bool
	// noteDescribed: keywords moved into descriptions are reported as
	// notes too.
	noteDescribed bool
}

var schemaStructure = map[string]bool{"type": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "anyOf": true, "$ref": true, "$defs": true,
	"definitions": true, "description": true, "title": true, "enum": true, "const": true, "$schema": true}

func withKeys(base map[string]bool, more ...string) map[string]bool {
	out := map[string]bool{}
	for k := range base {
		out[k] = true
	}
	for _, k := range more {
		out[k] = true
	}
	return out
}

var (
	openAIRules = dialectRules{
		name: "OpenAI",
		keep: withKeys(schemaStructure, "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
			"exclusiveMaximum", "multipleOf", "minItems", "maxItems"),
		formats:      setOf("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"),
		closeObjects: true, allRequired: true, objectRoot: true, maxMinItems: -1,
	}
	anthropicRules = dialectRules{
		name:         "Anthropic",
		keep:         withKeys(schemaStructure, "pattern", "format", "minItems", "default"),
		formats:      setOf("date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"),
		closeObjects: true, objectRoot: true, maxMinItems: 1, noRecursion: true,
	}
	geminiRules = dialectRules{
		name: "Gemini",
		keep: withKeys(schemaStructure, "format", "minimum", "maximum", "minItems", "maxItems", "prefixItems",
			"propertyOrdering"),
		formats:       setOf("date-time", "date", "time"),
		maxMinItems:   -1,
		noteDescribed: true,
	}
)

func setOf(names ...string) map[string]bool {
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out
}

// transform is one dialect conversion in progress.
type transform struct {
	rules   dialectRules
	defsKey string
	notes   []string
	strict  bool // false once something cannot be made strict
	why     []string
}

func (t *transform) note(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "(root)"
	}
	t.notes = append(t.notes, fmt.Sprintf("%s: %s: %s", t.rules.name, ptr, fmt.Sprintf(format, args...)))
}

// apply converts the canonical document root for the provider. It returns
// the dialect schema and whether the root was wrapped.
func (t *transform) apply(root *ojson.Object) (*ojson.Object, bool) {
	t.strict = true
	doc := ojson.Clone(root).(*ojson.Object)
	doc.Delete("$schema")
	t.defsKey = "$defs"
	if _, ok := doc.Vals["definitions"]; ok {
		t.defsKey = "definitions"
	}
	defs, _ := doc.Vals[t.defsKey].(*ojson.Object)
	doc.Delete(t.defsKey)
	if t.rules.noRecursion && defs != nil && recursive(defs, t.defsKey) {
		t.note("", "recursive schemas are not accepted; the schema is sent as it is and may be refused")
	}
	wrapped := false
	if t.rules.objectRoot && !isObjectSchema(doc) {
		wrapper := ojson.NewObject()
		wrapper.Set("type", "object")
		props := ojson.NewObject()
		props.Set("value", doc)
		wrapper.Set("properties", props)
		wrapper.Set("required", []any{"value"})
		wrapper.Set("additionalProperties", false)
		doc, wrapped = wrapper, true
	}
	doc = t.node(doc, "").(*ojson.Object)
	if defs != nil {
		out := ojson.NewObject()
		for _, k := range defs.Keys {
			out.Set(k, t.node(defs.Vals[k], "/"+t.defsKey+"/"+escapeToken(k)))
		}
		doc.Set(t.defsKey, out)
	}
	return doc, wrapped
}

func isObjectSchema(o *ojson.Object) bool {
	switch typ := o.Vals["type"].(type) {
	case string:
		return typ == "object"
	case []any:
		return len(typ) == 1 && typ[0] == "object"
	}
	_, hasProps := o.Vals["properties"]
	_, hasAnyOf := o.Vals["anyOf"]
	_, hasOneOf := o.Vals["oneOf"]
	return hasProps && !hasAnyOf && !hasOneOf
}

// recursive reports whether a $defs entry reaches itself.
func recursive(defs *ojson.Object, defsKey string) bool {
	refs := map[string][]string{}
	var collect func(v any, from string)
	collect = func(v any, from string) {
		switch x := v.(type) {
		case *ojson.Object:
			if r, ok := x.Vals["$ref"].(string); ok {
				if name, ok := strings.CutPrefix(r, "#/"+defsKey+"/"); ok {
					refs[from] = append(refs[from], name)
				}
			}
			for _, k := range x.Keys {
				collect(x.Vals[k], from)
			}
		case []any:
			for _, e := range x {
				collect(e, from)
			}
		}
	}
	for _, k := range defs.Keys {
		collect(defs.Vals[k], escapeToken(k))
	}
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(n string) bool
	visit = func(n string) bool {
		if state[n] == 1 {
			return true
		}
		if state[n] == 2 {
			return false
		}
		state[n] = 1
		for _, m := range refs[n] {
			if visit(m) {
				return true
			}
		}
		state[n] = 2
		return false
	}
	for _, k := range defs.Keys {
		if visit(escapeToken(k)) {
			return true
		}
	}
	return false
}

// node converts one schema.
func (t *transform) node(v any, ptr string) any {
	o, ok := v.(*ojson.Object)
	if !ok {
		if b, isBool := v.(bool); isBool && t.rules.closeObjects {
			t.strict = false
			t.why = append(t.why, fmt.Sprintf("%s is the boolean schema %v", orRoot(ptr), b))
		}
		return v
	}
	out := ojson.NewObject()
	var described []string
	if one, ok := o.Vals["oneOf"]; ok {
		if _, has := o.Vals["anyOf"]; !has {
			o = ojson.Clone(o).(*ojson.Object)
			o.Delete("oneOf")
			o.Set("anyOf", one) // a value matching exactly one branch matches any
		}
	}
	for _, k := range o.Keys {
		val := o.Vals[k]
		child := ptr + "/" + escapeToken(k)
		switch {
		case k == "properties":
			props, _ := val.(*ojson.Object)
			if props == nil {
				continue
			}
			cp := ojson.NewObject()
			for _, name := range props.Keys {
				cp.Set(name, t.node(props.Vals[name], child+"/"+escapeToken(name)))
			}
			out.Set(k, cp)
		case k == "items" || k == "additionalProperties" && !isBool(val):
			if arr, isArr := val.([]any); isArr { // draft 7 tuples
				out.Set(k, t.list(arr, child))
				continue
			}
			if k == "additionalProperties" {
				if t.rules.closeObjects {
					t.strict = false
					t.why = append(t.why, fmt.Sprintf("%s is an open map (additionalProperties is a schema)", orRoot(ptr)))
				}
			}
			out.Set(k, t.node(val, child))
		case k == "anyOf" || k == "prefixItems" && t.rules.keep[k]:
			arr, _ := val.([]any)
			out.Set(k, t.list(arr, child))
		case k == "format":
			if f, _ := val.(string); t.rules.formats[f] {
				out.Set(k, val)
			} else {
				described = append(described, describe(k, val))
			}
		case k == "minItems" && t.rules.maxMinItems >= 0:
			if n, _ := strconv.Atoi(fmt.Sprint(val)); n > t.rules.maxMinItems {
				described = append(described, describe(k, val))
			} else {
				out.Set(k, val)
			}
		case k == "description" || k == "additionalProperties":
			out.Set(k, val)
		case t.rules.keep[k]:
			out.Set(k, ojson.Clone(val))
		case schema.SchemaKeywords[k] || schema.MapKeywords[k] || schema.ListKeywords[k] || k == "allOf" || k == "oneOf":
			// A structural keyword the provider does not accept: the
			// schema cannot be expressed in its dialect.
			t.note(child, "%q cannot be expressed; it is kept in the schema, which the provider may refuse or ignore, and Parse enforces it", k)
			if t.rules.closeObjects {
				t.strict = false
				t.why = append(t.why, fmt.Sprintf("%s uses %q", orRoot(ptr), k))
			}
			out.Set(k, ojson.Clone(val))
		default:
			described = append(described, describe(k, val))
		}
	}
	if t.rules.closeObjects && isObjectNode(out) {
		ap, has := out.Vals["additionalProperties"]
		switch {
		case !has:
			out.Set("additionalProperties", false)
		case ap == true:
			t.strict = false
			t.why = append(t.why, fmt.Sprintf("%s allows any additional properties", orRoot(ptr)))
		}
		if _, pp := o.Vals["patternProperties"]; pp {
			t.strict = false
			t.why = append(t.why, fmt.Sprintf("%s has patternProperties", orRoot(ptr)))
		}
	}
	if t.rules.allRequired {
		if props, ok := out.Vals["properties"].(*ojson.Object); ok {
			req := map[string]bool{}
			reqList, _ := out.Vals["required"].([]any)
			for _, r := range reqList {
				req[fmt.Sprint(r)] = true
			}
			var all []any
			for _, name := range props.Keys {
				all = append(all, name)
				if !req[name] {
					props.Set(name, nullable(props.Vals[name]))
				}
			}
			out.Set("required", all)
		}
	}
	if len(described) > 0 {
		if t.rules.noteDescribed {
			t.note(ptr, "not expressible, moved into the description (Parse enforces it): %s", strings.Join(described, "; "))
		}
		text, _ := out.Vals["description"].(string)
		if text != "" {
			text = strings.TrimRight(text, " \n") + "\n"
		}
		out.Set("description", text+"Constraints: "+strings.Join(described, "; ")+".")
	}
	return out
}

func orRoot(ptr string) string {
	if ptr == "" {
		return "the root"
	}
	return ptr
}

func isBool(v any) bool {
	_, ok := v.(bool)
	return ok
}

func isObjectNode(o *ojson.Object) bool {
	if _, ok := o.Vals["properties"]; ok {
		return true
	}
	switch typ := o.Vals["type"].(type) {
	case string:
		return typ == "object"
	case []any:
		for _, e := range typ {
			if e == "object" {
				return true
			}
		}
	}
	return false
}

func (t *transform) list(arr []any, ptr string) []any {
	out := make([]any, len(arr))
	for i, e := range arr {
		out[i] = t.node(e, ptr+"/"+strconv.Itoa(i))
	}
	return out
}

// nullable lets a schema also accept null.
func nullable(v any) any {
	o, ok := v.(*ojson.Object)
	if !ok {
		return v
	}
	o = ojson.Clone(o).(*ojson.Object)
	if enum, ok := o.Vals["enum"].([]any); ok {
		if !containsNull(enum) {
			o.Set("enum", append(enum, nil))
		}
	}
	switch typ := o.Vals["type"].(type) {
	case string:
		if typ != "null" {
			o.Set("type", []any{typ, "null"})
		}
		return o
	case []any:
		if !containsNull(typ) {
			o.Set("type", append(typ, "null"))
		}
		return o
	}
	if _, ok := o.Vals["enum"]; ok {
		return o
	}
	wrapper := ojson.NewObject()
	if d, ok := o.Vals["description"]; ok {
		wrapper.Set("description", d)
		o.Delete("description")
	}
	null := ojson.NewObject()
	null.Set("type", "null")
	wrapper.Set("anyOf", []any{o, null})
	return wrapper
}

func containsNull(vs []any) bool {
	for _, v := range vs {
		if v == nil || v == "null" {
			return true
		}
	}
	return false
}

func describe(k string, v any) string {
	b, _ := json.Marshal(v)
	return k + " " + string(b)
}

// limits checks published provider limits on a dialect schema.
func limitNotes(rules dialectRules, schema *ojson.Object) []string {
	if rules.name != "OpenAI" {
		return nil
	}
	props, enums, depth, chars := 0, 0, 0, 0
	var walk func(v any, level int)
	walk = func(v any, level int) {
		switch x := v.(type) {
		case *ojson.Object:
			if p, ok := x.Vals["properties"].(*ojson.Object); ok {
				props += len(p.Keys)
				depth = max(depth, level+1)
				for _, k := range p.Keys {
					chars += len(k)
					walk(p.Vals[k], level+1)
				}
			}
			if e, ok := x.Vals["enum"].([]any); ok {
				enums += len(e)
				for _, v := range e {
					chars += len(fmt.Sprint(v))
				}
			}
			for _, k := range x.Keys {
				if k != "properties" && k != "enum" {
					walk(x.Vals[k], level)
				}
			}
		case []any:
			for _, e := range x {
				walk(e, level)
			}
		}
	}
	walk(schema, 0)
	var notes []string
	// OpenAI's published limits for strict structured outputs.
	if props > 5000 {
		notes = append(notes, fmt.Sprintf("OpenAI: %d object properties; the limit is 5000", props))
	}
	if depth > 10 {
		notes = append(notes, fmt.Sprintf("OpenAI: %d levels of nesting; the limit is 10", depth))
	}
	if enums > 1000 {
		notes = append(notes, fmt.Sprintf("OpenAI: %d enum values; the limit is 1000", enums))
	}
	if chars > 120000 {
		notes = append(notes, fmt.Sprintf("OpenAI: property names and enum values take %d characters; the limit is 120000", chars))
	}
	return notes
}

var openAIName = regexp.MustCompile(`[^a-zA-Z0-9_-]`)

// openAISchemaName makes a name OpenAI accepts: ^[a-zA-Z0-9_-]{1,64}$.
func openAISchemaName(name string) string {
	n := openAIName.ReplaceAllString(name, "_")
	if len(n) > 64 {
		n = n[:64]
	}
	if n == "" {
		n = "output"
	}
	return n
}

func marshalObject(pairs ...any) string {
	o := ojson.NewObject()
	for i := 0; i+1 < len(pairs); i += 2 {
		o.Set(pairs[i].(string), pairs[i+1])
	}
	return string(ojson.Marshal(o))
}
