package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"math/big"
	"regexp"
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

// Coercions: what the schema allows a value written loosely to become,
// each reported as a Repair.

// coerce applies the schema-guided coercions to v, the value at ptr:
// those of repairValue, and a single value where an array is wanted
// (text of comma-separated items as those items: splitList), a
// number written for people ("1,234.56", "$12", "50%", "1/2") or a float
// with no fraction where a number or integer is wanted, yes/no,
// true/false and 1/0 for booleans, enum values written loosely, an object
// or array where a string is wanted (kept as its JSON text), and an
// object with one field where a scalar is wanted (that field). Where the
// reading is complete (every container closed by the text itself), a
// required property left out is filled with its default, its one allowed
// value, or [] or {} for a list or a map (fillMissing).
func coerce(sc *schema.ShapeCache, v any, s *jsonschema.Schema, ptr string, complete bool, repairs *[]problem.Repair) any {
	if s == nil || strings.Count(ptr, "/") > MaxDepth {
		// Deeper than any reading nests: a coercion that wraps values
		// (a list of one, a property's value) is going round a recursive
		// schema; the value stays as it is, and validation says why.
		return v
	}
	sh := sc.Of(s)
	ms, want := sh.Members, sh.Types
	// An object or array kept as its JSON text is matched to no enum
	// value loosely: a word inside it is the document's, not the answer.
	var container bool
	switch v.(type) {
	case map[string]any, []any:
		container = true
	}
	if x, ok := v.([]any); ok && ptr != "" && len(x) == 1 && want != 0 && !want.Has("array") && (!want.Has("string") || hasEnum(ms) || isString(x[0])) {
		// "level": ["high"] where one value is wanted: the list's one
		// item, where it fits (of two, which is meant is not guessed; a
		// whole reply that is a list is its own document, not a value).
		// Where a string is wanted, only a string is: ["Ada"] is "Ada",
		// and [36] stays the text "[36]".
		if _, isList := x[0].([]any); !isList && x[0] != nil {
			var scratch []problem.Repair
			if item := coerce(sc, x[0], s, ptr, complete, &scratch); s.Validate(item) == nil {
				*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: "read a list of one as its item"})
				*repairs = append(*repairs, scratch...)
				return item
			}
		}
	}
	if str, ok := v.(string); ok && want.Has("array") && !want.Has("string") {
		if items, ok := markdownItems(str); ok {
			// "- Frank Herbert⏎- Brian Herbert": a markdown list written
			// as a string, one item a line.
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: "read a markdown list in a string as its items"})
			v = items
		} else if items, ok := splitList(sc, str, itemSchema(sc, ms, 0), ptr, complete, repairs); ok {
			v = items
		} else if partlyValues(sc, str, itemSchema(sc, ms, 0), ptr, complete) {
			// "RED, PURPLE" for a list of colors: a list whose other items
			// are none; not the one value it names, a list of one.
			return v
		}
	}
	if want != 0 && !fitsType(v, want) {
		if c, msg, ok := coerceKind(v, want, ms); ok {
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: msg})
			v = c
		}
	}
	if str, ok := v.(string); ok && !container {
		if lit, msg, ok := literalEnum(str, ms); ok {
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: msg})
			v = lit
		} else if fixed, msg, ok := looseEnum(str, ms); ok {
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: msg})
			v = fixed
		} else if fixed, msg, ok := formatted(str, ms); ok {
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: msg})
			v = fixed
		}
	}
	if str, ok := v.(string); ok && !container && want.Has("string") && (want.Has("array") || want.Has("object")) {
		if c, ok := encodedContainer(sc, str, s, want, ptr, complete, repairs); ok {
			return c
		}
	}
	if obj, ok := v.(map[string]any); ok && want != 0 && want.Has("object") {
		// An object that is the value of the one property the wanted
		// object has: it validates against that property, not the object.
		// Not where coercing its own members makes it fit: that reading
		// keeps the object as written.
		if name, prop, ok := onlyProperty(ms); ok && obj[name] == nil && len(obj) > 0 && s.Validate(obj) != nil && prop.Validate(obj) == nil && !membersFit(sc, obj, s, ms, ptr, complete) {
			*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: fmt.Sprintf("%s %q", wrappedInProperty, name)})
			v = map[string]any{name: obj}
		}
	}
	switch v.(type) {
	case map[string]any, []any:
		if fixed, ok := coerceToBranch(sc, v, s, ms, ptr, complete, repairs); ok {
			return fixed
		}
	}
	switch x := v.(type) {
	case []any:
		if flatForNested(sc, x, ms) {
			// "matrix": [1, 2, 3] where a list of lists is wanted: one row
			// or a column of rows of one? Not guessed; the items stay as
			// written, and validation names what they are.
			return x
		}
		for i := range x {
			// Each member that gives the item a schema coerces it in turn,
			// as for properties.
			declared := false
			for _, m := range ms {
				if sub := itemSchema(sc, []*jsonschema.Schema{m}, i); sub != nil && (m.Items != nil || m.Items2020 != nil || len(m.PrefixItems) > 0) {
					declared = true
					x[i] = coerce(sc, x[i], sub, ptr+"/"+strconv.Itoa(i), complete, repairs)
				}
			}
			if declared {
				continue
			}
			if sub := itemSchema(sc, ms, i); sub != nil {
				x[i] = coerce(sc, x[i], sub, ptr+"/"+strconv.Itoa(i), complete, repairs)
			}
		}
		return x
	case map[string]any:
		alignKeys(x, ms, ptr, repairs)
		alignKeyNames(sc, x, ms, ptr, repairs)
		// Null in an optional field that may not be null reads as absent.
		repairValue(sc, x, s, ptr, repairs, repairNulls)
		if complete {
			fillMissing(sc, x, ms, ptr, repairs)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			coerceMember(sc, x, k, ms, ptr, complete, repairs)
		}
		// if/then/else: the branch the object takes, as the validator
		// decides it on the object read so far, applies too.
		for _, m := range ms {
			if m.If == nil {
				continue
			}
			branch := m.Else
			if m.If.Validate(x) == nil {
				branch = m.Then
			}
			if branch != nil && !leadsBack(sc, branch, ms) {
				if c, ok := coerce(sc, x, branch, ptr, complete, repairs).(map[string]any); ok {
					x = c
				}
			}
		}
		return x
	}
	v = repairValue(sc, v, s, ptr, repairs, repairJSONStrings|repairScalars)
	switch v.(type) {
	case string, bool, json.Number, float64:
		// "true" where a union takes true or "inner": the branch that
		// takes it once coerced.
		if fixed, ok := coerceToBranch(sc, v, s, ms, ptr, complete, repairs); ok {
			return fixed
		}
	}
	return v
}

// flatForNested reports whether x, a list of several scalars, stands
// where a list of lists is wanted, so that each item would be read as a
// list of one.
func flatForNested(sc *schema.ShapeCache, x []any, ms []*jsonschema.Schema) bool {
	if len(x) < 2 {
		return false
	}
	for i, it := range x {
		sub := itemSchema(sc, ms, i)
		if sub == nil {
			return false
		}
		want := sc.Of(sub).Types
		switch it.(type) {
		case nil, []any, map[string]any:
			return false
		}
		if !want.Has("array") || fitsType(it, want) {
			return false
		}
	}
	return true
}

// indexedList returns the values of m in key order where its keys are
// the places 0, 1, … or 1, 2, … (two or more, written as plain digits).
func indexedList(m map[string]any) ([]any, bool) {
	if len(m) < 2 {
		return nil, false
	}
	first := 1
	if _, ok := m["0"]; ok {
		first = 0
	}
	list := make([]any, len(m))
	for i := range list {
		v, ok := m[strconv.Itoa(first+i)]
		if !ok {
			return nil, false
		}
		list[i] = v
	}
	return list, true
}

// markdownItems returns the items of text written as a markdown list:
// two lines or more, each a bullet ("- a", "* a") or a numbered item
// ("1. a", "2) a"), blank lines between them allowed; a line of anything
// else makes it no list.
func markdownItems(text string) ([]any, bool) {
	if !strings.Contains(text, "\n") {
		return nil, false
	}
	var items []any
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		item, ok := bulletItem([]byte(line))
		if !ok {
			return nil, false
		}
		items = append(items, string(item))
	}
	return items, len(items) >= 2
}

// nullWords are the words, in any case, that say a value has none
// ("N/A", "None"), read as null where the schema takes null and no
// string.
var nullWords = map[string]bool{"null": true, "none": true, "nil": true, "n/a": true, "na": true, "-": true, "—": true}

// splitList reads text written where a list is wanted as the list of
// its comma-separated items ("RED, BLUE" for a list of colors; enum
// values also listed with and, &, ;), where
// the text is no item of its own and each part, coerced, is one ("1,200"
// is one number; "math, poetry" is one string, never split).
func splitList(sc *schema.ShapeCache, text string, item *jsonschema.Schema, ptr string, complete bool, repairs *[]problem.Repair) ([]any, bool) {
	if item == nil {
		return nil, false
	}
	enum := enumStrings(sc.Of(item).Members)
	var parts []string
	switch {
	case len(enum) > 0 && !slices.ContainsFunc(enum, func(e string) bool { return normKey(e) == normKey(text) }):
		// Enum values are words: "RED and BLUE", "RED, GREEN, and BLUE"
		// list them as "RED, BLUE" does ("or" offers a choice).
		parts = enumParts.Split(text, -1)
	case strings.Contains(text, ","):
		sep := ","
		if strings.Contains(text, ", ") {
			sep = ", " // "1,200, 3": the items' separator has the space
		}
		parts = strings.Split(text, sep)
	}
	if len(parts) < 2 {
		return nil, false
	}
	// The whole text as one item comes first ("1,200"), but for an enum
	// value, which the whole names loosely ("RED, blue" names RED first)
	// unless it is the value itself.
	var scratch []problem.Repair
	if len(enum) == 0 && item.Validate(coerce(sc, text, item, ptr, complete, &scratch)) == nil {
		return nil, false
	}
	out := make([]any, 0, len(parts))
	var reps []problem.Repair
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, false
		}
		c := coerce(sc, p, item, ptr+"/"+strconv.Itoa(i), complete, &reps)
		if item.Validate(c) != nil {
			return nil, false
		}
		out = append(out, c)
	}
	*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: fmt.Sprintf("read %q as a list of its %d items", text, len(out))})
	*repairs = append(*repairs, reps...)
	return out, true
}

// partlyValues reports whether text, written where a list of enum
// values is wanted, is items (separated by commas, semicolons, "and",
// "or", "&") some of which are values and some not.
func partlyValues(sc *schema.ShapeCache, text string, item *jsonschema.Schema, ptr string, complete bool) bool {
	parts := listParts.Split(text, -1)
	if item == nil || len(parts) < 2 || len(enumStrings(sc.Of(item).Members)) == 0 {
		return false
	}
	fit, misfit := 0, 0
	for _, p := range parts {
		var scratch []problem.Repair
		if item.Validate(coerce(sc, strings.TrimSpace(p), item, ptr, complete, &scratch)) == nil {
			fit++
		} else {
			misfit++
		}
	}
	return fit > 0 && misfit > 0
}

// enumParts separates enum values listed in text.
var enumParts = regexp.MustCompile(`\s*,\s*(?i:and\s+)?|\s*[;&]\s*|\s+(?i:and)\s+`)

// listParts separates the items of a list written in text.
var listParts = regexp.MustCompile(`\s*[,;&]\s*|\s+(?i:and|or)\s+`)

// membersFit reports whether obj fits s once each of its members is
// coerced by the schemas ms give it (a copy is coerced).
func membersFit(sc *schema.ShapeCache, obj map[string]any, s *jsonschema.Schema, ms []*jsonschema.Schema, ptr string, complete bool) bool {
	c := copyValue(obj).(map[string]any)
	var scratch []problem.Repair
	for k := range c {
		coerceMember(sc, c, k, ms, ptr, complete, &scratch)
	}
	return s.Validate(c) == nil
}

// coerceMember coerces the member k of obj, an object of ms: by each
// member of ms that declares k, in turn (allOf [entity, user]: both
// declare spec, the second with its properties), else by the pattern or
// additional properties' schema.
func coerceMember(sc *schema.ShapeCache, obj map[string]any, k string, ms []*jsonschema.Schema, ptr string, complete bool, repairs *[]problem.Repair) {
	at := ptr + "/" + escapeToken(k)
	declared := false
	for _, m := range ms {
		if p := m.Properties[k]; p != nil {
			declared = true
			obj[k] = coerce(sc, obj[k], p, at, complete, repairs)
		}
	}
	if declared {
		return
	}
	if sub := propertySchema(ms, k); sub != nil {
		obj[k] = coerce(sc, obj[k], sub, at, complete, repairs)
	}
}

const wrappedInProperty = "read the object as the value of the wanted object's one property"

// coerceToBranch handles a value where the schema is a union
// (anyOf/oneOf): one the schema takes as it is stays as it is (a branch's
// coercions could change a valid value: objects in a list of objects
// read as text for a list of strings); one it does not take is coerced
// for the branch that takes it once coerced ({"kind": "Cat"} for the
// branch whose kind is "cat", "true" for the boolean branch of true or
// "inner"): each branch coerces a copy, and the copies that then fit
// their own branch and the whole schema must all be one value (those
// that keep an object as written before those that read it as the value
// of their one property). It reports false, changing nothing, where
// neither applies.
func coerceToBranch(sc *schema.ShapeCache, v any, s *jsonschema.Schema, ms []*jsonschema.Schema, ptr string, complete bool, repairs *[]problem.Repair) (any, bool) {
	var branches []*jsonschema.Schema
	for _, m := range ms {
		branches = append(append(branches, m.AnyOf...), m.OneOf...)
	}
	if len(branches) < 2 {
		return nil, false
	}
	if s.Validate(v) == nil {
		return v, true
	}
	kind := "" // a scalar may be coerced to any branch's kind
	switch v.(type) {
	case map[string]any:
		kind = "object"
	case []any:
		kind = "array"
	}
	// A branch that reads the object as it is written is preferred to
	// one that reads it as the value of its one property.
	type fitting struct {
		v       any
		text    []byte
		repairs []problem.Repair
	}
	var kept, wrapped []fitting
	for _, br := range branches {
		if kind != "" && !sc.Of(br).Types.Has(kind) && sc.Of(br).Types != 0 || leadsBack(sc, br, ms) {
			continue
		}
		var reps []problem.Repair
		c := coerce(sc, copyValue(v), br, ptr, complete, &reps)
		// The copy must fit the branch that made it, not only another
		// one (a branch that fills its own required list into an
		// object another branch takes as it is makes no value of it).
		if len(reps) == 0 || br.Validate(c) != nil || s.Validate(c) != nil {
			continue
		}
		text, _ := json.Marshal(c)
		f := fitting{c, text, reps}
		if slices.ContainsFunc(reps, func(r problem.Repair) bool {
			return r.Pointer == ptr && strings.HasPrefix(r.Message, wrappedInProperty)
		}) {
			wrapped = append(wrapped, f)
		} else {
			kept = append(kept, f)
		}
	}
	fits := kept
	if len(fits) == 0 {
		fits = wrapped
	}
	if len(fits) == 0 {
		return nil, false
	}
	for _, f := range fits[1:] {
		if !bytes.Equal(f.text, fits[0].text) {
			return nil, false // two branches make two values of it: no guess
		}
	}
	*repairs = append(*repairs, fits[0].repairs...)
	return fits[0].v, true
}

// leadsBack reports whether br, a branch of ms (a schema and its
// members), applies one of them to the same value again (an anyOf with a
// $ref to its own schema): no value passes that branch, and coercing for
// it would never end.
func leadsBack(sc *schema.ShapeCache, br *jsonschema.Schema, ms []*jsonschema.Schema) bool {
	for _, m := range ms {
		if sc.Cyclic(m) && schema.ReachesInPlace([]*jsonschema.Schema{br}, m) {
			return true
		}
	}
	return false
}

// fillMissing gives the required properties that obj, a complete
// object, leaves out the value the schema itself names for them: the
// property's default, else the one value it allows (a const, an enum of
// one), else the empty value a model means by leaving a list or a map
// out: [] for a list, {} for a map. A model writes nothing for an empty
// list far more often than it writes []; null, where the property may
// not be null, is read as left out. An object with members but
// none declared is another object, not this one left short: it is not
// filled. Other properties have no value to assume and stay missing: a
// string, a number, an object with properties of its own, and null,
// which a schema may give a meaning of its own ("null to remove the
// current type"), even as its default.
func fillMissing(sc *schema.ShapeCache, obj map[string]any, ms []*jsonschema.Schema, ptr string, repairs *[]problem.Repair) {
	declared := len(obj) == 0
	for _, m := range ms {
		for k := range obj {
			if m.Properties[k] != nil {
				declared = true
			}
		}
	}
	if !declared {
		return
	}
	for _, m := range ms {
		for _, k := range m.Required {
			v, has := obj[k]
			if has && v != nil {
				continue
			}
			sub := propertySchema(ms, k)
			if sub == nil || has && !refusesNull(sc.Of(sub).Members) {
				continue
			}
			val, text, ok := assumedValue(sc, sub)
			if !ok {
				continue
			}
			obj[k] = val
			msg := fmt.Sprintf("filled the required property %q, left out, with %s", k, text)
			if has {
				msg = fmt.Sprintf("read null in the required property %q, which may not be null, as %s", k, text)
			}
			*repairs = append(*repairs, problem.Repair{Pointer: ptr + "/" + escapeToken(k), Message: msg})
		}
	}
}

// assumedValue returns the value a required property left out stands
// for under s, and how to report it: its default, its one allowed value,
// or the empty list or map (emptyValue). Never null, and only a value s
// takes.
func assumedValue(sc *schema.ShapeCache, s *jsonschema.Schema) (any, string, bool) {
	ms := sc.Of(s).Members
	for _, m := range ms {
		if m.Default != nil && *m.Default != nil && s.Validate(*m.Default) == nil {
			return copyValue(*m.Default), "its default " + jsonText(*m.Default), true
		}
	}
	for _, m := range ms {
		if v, ok := onlyValue(m); ok && v != nil && s.Validate(v) == nil {
			return copyValue(v), "the one value it allows, " + jsonText(v), true
		}
	}
	return emptyValue(sc, s)
}

// onlyValue returns the one value m allows, where m is a const or an
// enum of one value.
func onlyValue(m *jsonschema.Schema) (any, bool) {
	switch {
	case m.Const != nil:
		return *m.Const, true
	case m.Enum != nil && len(m.Enum.Values) == 1:
		return m.Enum.Values[0], true
	}
	return nil, false
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// emptyValue returns the empty list or map a property left out stands
// for under s, where s is a list or a map and takes it.
func emptyValue(sc *schema.ShapeCache, s *jsonschema.Schema) (any, string, bool) {
	sh := sc.Of(s)
	if onlyKind(sh.Types, "array") && s.Validate([]any{}) == nil {
		return []any{}, "[]", true
	}
	if onlyKind(sh.Types, "object") && s.Validate(map[string]any{}) == nil {
		for _, m := range sh.Members {
			if len(m.Properties) > 0 {
				return nil, "", false // a class, not a map: {} is no value of it
			}
		}
		return map[string]any{}, "{}", true
	}
	return nil, "", false
}

// copyValue returns a deep copy of a decoded JSON value, for a coercion
// that may be dropped.
func copyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = copyValue(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = copyValue(e)
		}
		return a
	}
	return v
}

func itemSchema(sc *schema.ShapeCache, ms []*jsonschema.Schema, i int) *jsonschema.Schema {
	for _, m := range ms {
		if i < len(m.PrefixItems) {
			return m.PrefixItems[i]
		}
		if m.Items2020 != nil {
			return m.Items2020
		}
		switch it := m.Items.(type) {
		case *jsonschema.Schema:
			return it
		case []*jsonschema.Schema:
			if i < len(it) {
				return it[i]
			}
		}
	}
	// A branch of anyOf/oneOf that is an array.
	for _, m := range ms {
		for _, dis := range [][]*jsonschema.Schema{m.AnyOf, m.OneOf} {
			for _, br := range dis {
				if bs := sc.Of(br); bs.Types.Has("array") {
					if sub := itemSchema(sc, bs.Members, i); sub != nil {
						return sub
					}
				}
			}
		}
	}
	return nil
}

// propertySchema returns the schema the member k of an object of ms is
// read with: its declared property's, else a pattern property's that k
// matches (a map keyed by a pattern), else additionalProperties'.
func propertySchema(ms []*jsonschema.Schema, k string) *jsonschema.Schema {
	for _, m := range ms {
		if p := m.Properties[k]; p != nil {
			return p
		}
	}
	for _, m := range ms {
		if p := patternSchema(m, k); p != nil {
			return p
		}
	}
	for _, m := range ms {
		if ap, ok := m.AdditionalProperties.(*jsonschema.Schema); ok {
			return ap
		}
	}
	return nil
}

// patternSchema returns the schema of m's pattern property that k
// matches; of several, the one whose pattern sorts first, so that the
// reading does not depend on map order.
func patternSchema(m *jsonschema.Schema, k string) *jsonschema.Schema {
	var best *jsonschema.Schema
	bestPattern := ""
	for re, p := range m.PatternProperties {
		if s := re.String(); re.MatchString(k) && (best == nil || s < bestPattern) {
			best, bestPattern = p, s
		}
	}
	return best
}

// readListOfOne is the repair that wraps a single value where a list is
// wanted.
const readListOfOne = "read a single value as a list of one"

// asJSONText ends the repair that keeps a list or object as the JSON
// text of a string (keptAsText).
const asJSONText = "as its JSON text, where a string is wanted"

// keptAsText reports whether r kept a list or object as a string's JSON
// text.
func keptAsText(r problem.Repair) bool { return strings.HasSuffix(r.Message, asJSONText) }

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

func kindName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "value"
}

func fitsType(v any, want schema.TypeSet) bool {
	switch x := v.(type) {
	case json.Number:
		if want.Has("number") {
			return true
		}
		if want.Has("integer") {
			if !strings.ContainsAny(string(x), ".eE") {
				return true // digits only: the common case, without a big.Rat
			}
			r, ok := new(big.Rat).SetString(string(x))
			return ok && r.IsInt()
		}
		return false
	}
	return want.Has(kindName(v))
}

var peopleNumber = regexp.MustCompile(`^[-+]?[$€£¥]?\s*[-+]?\d{1,3}(,\d{3})+(\.\d+)?$|^[-+]?[$€£¥]\s*[-+]?\d+(\.\d+)?$|^[-+]?\d+(\.\d+)?\s*%$|^[-+]?\d+(\.\d+)?\.$`)

// withUnit is a number followed by a unit or a count's noun: words of
// letters only (5 kg, 30 years, 12 USD, 3.5 hours); a second number in
// the text ("+1 555 1234", "3 - 4") is not one.
var withUnit = regexp.MustCompile(`^([-+]?(?:[$€£¥]\s*)?\d(?:[\d,]*\d)?(?:\.\d+)?)\s*[\pL\p{Sc}°%][\pL.]*(?:\s+\pL+){0,2}$`)

// codeFirst is an amount after its currency's code (USD 12, EUR 1,234.50,
// US$ 5), as withUnit is one before it.
var codeFirst = regexp.MustCompile(`^(?:[A-Z]{3}|[A-Z]{1,2}\$)\s*([-+]?\d(?:[\d,]*\d)?(?:\.\d+)?)$`)

// hedged is a number said to be an estimate ("about 7", "~3",
// "approx. 2 kg"): the number is the model's answer. A comparison ("less
// than 5", "over 100") is not one, and stays a problem.
var hedged = regexp.MustCompile(`^(?i:about|around|roughly|approximately|approx\.?|circa|ca\.|~|≈)\s*([-+$€£¥.\d].*)$`)

// aside is a number and a remark in parentheses that holds no digit ("7
// (estimated)"); "7 (or 8)" names another number.
var aside = regexp.MustCompile(`^([^()]*\d[^()]*?)\s*\([^()\d]*\)$`)

// magnitude is a word after a number that multiplies it (12k, 1.5M, 3
// billion): no unit to drop, and which power it means (5k: a thousand,
// or a 5 km run?) is not guessed.
var magnitude = regexp.MustCompile(`^[-+]?[$€£¥]?[\d.,]+\s*(?:[kKMBGT]|[bBmM]n|(?i:thousand|million|billion|trillion|mio|mrd))\b`)

// looseNumber is a number JSON spells otherwise: a leading plus, no
// digit before the point. A leading zero is not one ("007" may be a code).
var looseNumber = regexp.MustCompile(`^[-+]?(?:(?:[1-9]\d*|0)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$`)

var fraction = regexp.MustCompile(`^\s*([-+]?\d+)\s*/\s*(\d+)\s*$`)

// namesEnumValue reports whether t is, in any case, an enum or const
// value of the items of a list ms describe.
func namesEnumValue(t string, ms []*jsonschema.Schema) bool {
	item := itemSchema(nil, ms, 0)
	if item == nil {
		return false
	}
	for _, e := range enumStrings(schema.Members(item)) {
		if strings.EqualFold(e, t) {
			return true
		}
	}
	return false
}

// encodedContainer reads str, a string where the schema takes a string or
// a list or object, as the JSON document it encodes (["esm"] sent as
// "[\"esm\"]"), where the string does not fit the schema and the
// document, coerced, does. A string that fits stays: it is what was
// written.
func encodedContainer(sc *schema.ShapeCache, str string, s *jsonschema.Schema, want schema.TypeSet, ptr string, complete bool, repairs *[]problem.Repair) (any, bool) {
	t := strings.TrimSpace(str)
	if t == "" || t[0] != '[' && t[0] != '{' || s.Validate(str) == nil {
		return nil, false
	}
	d, err := schema.DecodeValue([]byte(t))
	if err != nil {
		return nil, false
	}
	kind := kindName(d)
	if !want.Has(kind) {
		return nil, false
	}
	var scratch []problem.Repair
	c := coerce(sc, d, s, ptr, complete, &scratch)
	if s.Validate(c) != nil {
		return nil, false
	}
	*repairs = append(*repairs, problem.Repair{Pointer: ptr, Message: fmt.Sprintf("decoded an %s sent as a JSON-encoded string, which does not fit as a string", kind)})
	*repairs = append(*repairs, scratch...)
	return c, true
}

// coerceKind turns v into a value of a kind the schema wants, where one of
// the listed coercions applies.
func coerceKind(v any, want schema.TypeSet, ms []*jsonschema.Schema) (any, string, bool) {
	num := want.Has("number") || want.Has("integer")
	switch x := v.(type) {
	case string:
		t := strings.TrimSpace(x)
		if !want.Has("string") {
			// "null", "None" or nothing in quotes: null where the schema
			// takes null; nothing where it wants a list: no items.
			switch {
			case want.Has("null") && (t == "" || nullWords[strings.ToLower(t)]):
				return nil, fmt.Sprintf("read %q as null", x), true
			case want.Has("array") && t == "":
				return []any{}, "read an empty string as an empty list", true
			case want.Has("array") && nullWords[strings.ToLower(t)] && !namesEnumValue(t, ms):
				// "tags": "none", "N/A": a list with no items, unless the
				// word is one of the items' values.
				return []any{}, fmt.Sprintf("read %q as an empty list", x), true
			}
		}
		if num {
			if n, ok := numberFor(t, want); ok {
				return n, fmt.Sprintf("read %q as the number %s", x, n), true
			}
		}
		if want.Has("boolean") {
			switch strings.ToLower(strings.Trim(t, ".!* ")) {
			case "true", "yes", "1":
				return true, fmt.Sprintf("read %q as true", x), true
			case "false", "no", "0":
				return false, fmt.Sprintf("read %q as false", x), true
			}
			if b, _, first, ok := textBoolean(t); ok {
				if first != "" {
					return b, fmt.Sprintf("read %q, which answers with its first word, as %t", x, b), true
				}
				return b, fmt.Sprintf("read %q, which says %t, as %t", x, b, b), true
			}
		}
		if want.Has("array") || want.Has("object") {
			if d, err := schema.DecodeValue([]byte(t)); err == nil {
				if _, isArr := d.([]any); isArr && want.Has("array") {
					return d, "decoded an array sent as a JSON-encoded string", true
				}
				if _, isObj := d.(map[string]any); isObj && want.Has("object") {
					return d, "decoded an object sent as a JSON-encoded string", true
				}
			}
			if d, kind, ok := looseDocument(t); ok && want.Has(kind) {
				return d, fmt.Sprintf("read the %s written in a string as loose JSON", kind), true
			}
		}
	case json.Number:
		if want.Has("boolean") && !num && !want.Has("string") {
			// "flag": 1: a boolean as C, SQL and spreadsheets write it;
			// other numbers are no answer.
			if r, ok := new(big.Rat).SetString(string(x)); ok && (r.Sign() == 0 || r.Cmp(big.NewRat(1, 1)) == 0) {
				return r.Sign() != 0, fmt.Sprintf("read %s as %t", x, r.Sign() != 0), true
			}
		}
		if want.Has("integer") && !want.Has("number") {
			if r, ok := new(big.Rat).SetString(string(x)); ok && r.IsInt() {
				n := json.Number(r.Num().String())
				return n, fmt.Sprintf("read %s as the integer %s", x, n), true
			}
		}
		if onlyText(want) {
			// "zip": 12345: the number as the model wrote it.
			return string(x), fmt.Sprintf("read the number %s as the text %q, where a string is wanted", x, string(x)), true
		}
	case bool:
		if onlyText(want) {
			t := strconv.FormatBool(x)
			return t, fmt.Sprintf("read %s as the text %q, where a string is wanted", t, t), true
		}
	case map[string]any:
		if enum := enumStrings(ms); len(enum) > 0 && len(x) == 1 {
			// {"answer": "A"} for an enum: no object's JSON text is one
			// of its values; the field's value may be.
			for k, inner := range x {
				if str, ok := inner.(string); ok {
					e, ok := str, slices.Contains(enum, str)
					if !ok {
						e, ok = enumCase(str, ms)
					}
					if ok {
						return e, fmt.Sprintf("took the value of the object's one field %q", k), true
					}
				}
			}
		}
		if want.Has("string") {
			b, _ := json.Marshal(x)
			return string(b), "kept an object " + asJSONText, true
		}
		if len(x) == 1 && !want.Has("object") {
			for k, inner := range x {
				if fitsType(inner, want) {
					return inner, fmt.Sprintf("took the value of the object's one field %q", k), true
				}
			}
		}
	case []any:
		if want.Has("string") {
			b, _ := json.Marshal(x)
			return string(b), "kept an array " + asJSONText, true
		}
	}
	if m, ok := v.(map[string]any); ok && want.Has("array") && !want.Has("object") {
		if list, ok := indexedList(m); ok {
			// {"1": "a", "2": "b"}: a list written as an object keyed by
			// the items' places, as some languages serialize arrays.
			return list, "read an object keyed by its items' places (0 or 1, 2, …) as the list of its values", true
		}
	}
	if want.Has("array") && v != nil {
		if _, isArr := v.([]any); !isArr && !wrapsAgain(v, ms) {
			return []any{v}, readListOfOne, true
		}
	}
	if want.Has("object") && v != nil {
		// An object of one property: a number or boolean is that
		// property's value. A string is not: where an object is wanted, a
		// string is the model saying something else ("I do not know."),
		// and the answer is the error, not that text in the property.
		if _, isStr := v.(string); !isStr {
			if name, prop, ok := onlyProperty(ms); ok {
				if _, isObj := v.(map[string]any); !isObj {
					if pw := schema.AllowedTypes(schema.Members(prop)); pw == 0 || fitsType(v, pw) {
						return map[string]any{name: v}, fmt.Sprintf("read the value as the object's one property %q", name), true
					}
				}
			}
		}
	}
	return nil, "", false
}

// wrapsAgain reports whether the item of a list ms wants would read v,
// a single value, as a list of one in turn: an item that may itself be a
// list and does not take v (2.5 in a JSON value's schema that takes no
// number), where wrapping would never end.
func wrapsAgain(v any, ms []*jsonschema.Schema) bool {
	item := itemSchema(nil, ms, 0)
	if item == nil {
		return false
	}
	iw := schema.AllowedTypes(schema.Members(item))
	return iw.Has("array") && !fitsType(v, iw)
}

// losesText reports whether reps, a reading's repairs, leave out what
// the text wrote (a key with no value, an ellipsis, stray words).
func losesText(reps []problem.Repair) bool {
	for _, r := range reps {
		if m := r.Message; strings.HasPrefix(m, "dropped") || strings.HasPrefix(m, "left out") || strings.HasPrefix(m, "skipped") || strings.Contains(m, "ellipsis") || strings.Contains(m, "stray") {
			return true
		}
	}
	return false
}

// looseDocument reads t, a string's text, as an array or an object
// written as a model or a language writes one when it is not JSON
// (`[a, b]`, Python's `['a', 'b']`, `{'n': 1}`): the whole text one value,
// every bracket closed by the text itself, nothing written left out.
// kind is "array" or "object".
func looseDocument(t string) (any, string, bool) {
	if len(t) < 2 || !(t[0] == '[' && t[len(t)-1] == ']' || t[0] == '{' && t[len(t)-1] == '}') {
		return nil, "", false
	}
	v, reps, whole, err := readOne([]byte(t), false, false)
	if err != nil || !whole || !complete(v) {
		return nil, "", false
	}
	if losesText(reps) {
		return nil, "", false // {name}, [1, 2, ...]: a reading that loses what was written
	}
	switch v.kind {
	case jArray:
		return toAny(v), "array", true
	case jObject:
		return toAny(v), "object", true
	}
	return nil, "", false
}

// textBoolean reads the answer a text gives where a boolean is wanted:
// a yes, no, true or false written first, then why ("No, it is not.",
// "Yes - both are", "false (not yet)"; first is that word), or else the
// one of true and false the text holds ("The answer is true"). A text
// that says both ("No, it is true", "true or false"), or negates the
// word ("it is not true"), gives none. at is the word's offset.
func textBoolean(s string) (b bool, at int, first string, ok bool) {
	var found []bool
	var offs []int
	for _, w := range []struct {
		word string
		v    bool
	}{{"true", true}, {"false", false}} {
		if containsWord(s, w.word, true) {
			if negated(s, w.word) {
				return false, 0, "", false
			}
			found = append(found, w.v)
			offs = append(offs, strings.Index(strings.ToLower(s), w.word))
		}
	}
	if m := leadingYesNo.FindStringSubmatchIndex(s); m != nil {
		yes := affirms(s[m[2]:m[3]])
		if len(found) > 1 || len(found) == 1 && found[0] != yes {
			return false, 0, "", false
		}
		return yes, m[2], s[m[2]:m[3]], true
	}
	if len(found) == 1 {
		return found[0], offs[0], "", true
	}
	return false, 0, "", false
}

// onlyText reports whether want allows a string and no other kind but
// null: where a number or boolean could also be read as an object or an
// array of another branch, reading it as text would be a guess.
func onlyText(want schema.TypeSet) bool {
	if !want.Has("string") {
		return false
	}
	for _, k := range []string{"number", "integer", "boolean", "object", "array"} {
		if want.Has(k) {
			return false
		}
	}
	return true
}

// onlyKind reports whether want restricts the types to kind alone.
func onlyKind(want schema.TypeSet, kind string) bool {
	return want == schema.TypeOf(kind)
}

// onlyProperty returns the one property an object schema declares, and
// its schema.
func onlyProperty(ms []*jsonschema.Schema) (string, *jsonschema.Schema, bool) {
	var names []string
	var props []*jsonschema.Schema
	for _, m := range ms {
		for k, p := range m.Properties {
			names = append(names, k)
			props = append(props, p)
		}
	}
	if len(names) != 1 {
		return "", nil, false
	}
	return names[0], props[0], true
}

// numberFor reads a number written for people: thousands separators, a
// currency sign, a percent sign, a fraction, a trailing period, a unit
// after it. An integer
// is wanted: a fraction is a problem, never truncated.
func numberFor(t string, want schema.TypeSet) (json.Number, bool) {
	// −5: the minus sign typesetting writes (U+2212) is JSON's.
	t = strings.ReplaceAll(t, "−", "-")
	var r *big.Rat
	switch {
	case isJSONNumber(t):
		r, _ = new(big.Rat).SetString(t)
	case looseNumber.MatchString(t):
		// +3, .5, -.25: spelled as the reader reads them bare.
		f, _ := fixNumber(t)
		r, _ = new(big.Rat).SetString(f)
	case fraction.MatchString(t):
		m := fraction.FindStringSubmatch(t)
		a, _ := new(big.Int).SetString(m[1], 10)
		b, _ := new(big.Int).SetString(m[2], 10)
		if b.Sign() == 0 {
			return "", false
		}
		r = new(big.Rat).SetFrac(a, b)
	case peopleNumber.MatchString(t):
		c := strings.NewReplacer(",", "", "$", "", "€", "", "£", "", "¥", "", "%", "", " ", "").Replace(t)
		c = strings.TrimSuffix(c, ".")
		var ok bool
		if r, ok = new(big.Rat).SetString(c); !ok {
			return "", false
		}
	case withUnit.MatchString(t) && !magnitude.MatchString(t):
		return numberFor(withUnit.FindStringSubmatch(t)[1], want)
	case codeFirst.MatchString(t):
		return numberFor(codeFirst.FindStringSubmatch(t)[1], want)
	case hedged.MatchString(t):
		return numberFor(hedged.FindStringSubmatch(t)[1], want)
	case aside.MatchString(t):
		return numberFor(aside.FindStringSubmatch(t)[1], want)
	default:
		return "", false
	}
	if r == nil {
		return "", false
	}
	if r.IsInt() {
		return json.Number(r.Num().String()), true
	}
	if want.Has("integer") && !want.Has("number") {
		return "", false
	}
	f, _ := r.Float64()
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
}

// literalEnum matches s, a string, to the one enum or const value that
// is a boolean or a number s writes ("true" for true in [true, false,
// "op"]), where s itself is no value of the enum: a model quoted the
// literal.
func literalEnum(s string, ms []*jsonschema.Schema) (any, string, bool) {
	var found any
	n := 0
	t := strings.TrimSpace(s)
	for _, m := range ms {
		var values []any
		if m.Const != nil {
			values = append(values, *m.Const)
		}
		if m.Enum != nil {
			values = append(values, m.Enum.Values...)
		}
		for _, v := range values {
			match := false
			switch e := v.(type) {
			case string:
				if e == s {
					return nil, "", false
				}
			case bool:
				match = strings.EqualFold(t, strconv.FormatBool(e))
			default:
				if x, err := strconv.ParseFloat(t, 64); err == nil {
					y, err := strconv.ParseFloat(jsonText(e), 64)
					match = err == nil && x == y
				}
			}
			if match {
				found, n = v, n+1
			}
		}
	}
	if n != 1 {
		return nil, "", false
	}
	return found, fmt.Sprintf("read %q as the enum value %s", s, jsonText(found)), true
}

// looseEnum matches s to one string enum value written loosely: in
// another case, with surrounding punctuation or spacing, or as a whole
// word of a longer phrase. Exact-case matches count before others; two
// different values matching is no match.
func looseEnum(s string, ms []*jsonschema.Schema) (string, string, bool) {
	var values []string
	for _, m := range ms {
		if c, ok := constString(m); ok {
			if c == s {
				return "", "", false
			}
			values = append(values, c)
		}
		if m.Enum == nil {
			continue
		}
		for _, v := range m.Enum.Values {
			e, ok := v.(string)
			if !ok {
				continue
			}
			if e == s {
				return "", "", false
			}
			values = append(values, e)
		}
	}
	if len(values) == 0 {
		return "", "", false
	}
	if e, ok := matchEnum(s, values); ok {
		return e, fmt.Sprintf("read %q as the enum value %q", s, e), true
	}
	return "", "", false
}

// matchEnum finds the one enum value that text names.
func matchEnum(text string, values []string) (string, bool) {
	norm := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.'
		}), " ")
	}
	trimmed := strings.Trim(text, " \t\r\n*_`\"'.,:;!?()[]")
	for _, e := range values {
		if strings.EqualFold(trimmed, e) || norm(trimmed) == norm(e) && norm(e) != "" {
			// The whole text is the value, but for case, punctuation and
			// spacing.
			for _, other := range values {
				if other != e && (strings.EqualFold(trimmed, other) || norm(trimmed) == norm(other)) {
					return "", false
				}
			}
			return e, true
		}
	}
	// number-two for NUMBER_TWO, IN-PROGRESS for "in progress": dashes
	// for the value's separators, where no value keeps its own dashes
	// apart (k-2 and k_2 both read k 2: no guess).
	dashes := func(s string) string { return norm(strings.ReplaceAll(s, "-", " ")) }
	if d := dashes(trimmed); strings.Contains(trimmed, "-") && d != "" {
		var found []string
		for _, e := range values {
			if dashes(e) == d {
				found = append(found, e)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	// NumberTwo or numberTwo for NUMBER_TWO, "To Do" for todo: the
	// whole text, its separators and case aside, is one value's letters
	// and digits, and no other value's.
	squash := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	if sq := squash(trimmed); sq != "" {
		var found []string
		for _, e := range values {
			if squash(e) == sq {
				found = append(found, e)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	for _, fold := range []bool{false, true} {
		var found []string
		for _, e := range values {
			if containsWord(text, e, fold) {
				found = append(found, e)
			}
		}
		if len(found) == 1 && !fold && len(joinedValues(text, values)) > 1 {
			// "Medium-high": two values joined in one word name a
			// value between them, whichever one's case matches.
			return "", false
		}
		switch len(found) {
		case 1:
			if negated(text, found[0]) {
				return "", false // "not positive" names what the answer is not
			}
			return found[0], true
		case 0:
			continue
		default:
			return "", false
		}
	}
	// "Feature request - asks for dark mode" for FEATURE_REQUEST: a value
	// of several words, written with spaces for its separators, as whole
	// words of a longer text, and no other value so.
	var phrase []string
	for _, e := range values {
		if ne := norm(e); strings.Contains(ne, " ") && containsWord(norm(text), ne, false) {
			phrase = append(phrase, e)
		}
	}
	if len(phrase) == 1 && !negated(norm(text), norm(phrase[0])) {
		return phrase[0], true
	}
	// THREE for NUMBER_THREE: the text is a run of whole words of one
	// value, and of no other.
	if words := norm(trimmed); len(words) >= 3 {
		var found []string
		for _, e := range values {
			if ne := norm(e); ne != words && containsWord(ne, words, false) {
				found = append(found, e)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	return "", false
}

// joinedValues returns the values, in any case, that text names as the
// parts of one hyphenated or slashed word ("medium-high", "low/medium").
func joinedValues(text string, values []string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isWordRune(r) && r != '-' && r != '/' }) {
		if !strings.ContainsAny(w, "-/") {
			continue
		}
		for _, e := range values {
			if !slices.Contains(out, e) && containsWord(w, strings.ToLower(e), false) {
				out = append(out, e)
			}
		}
	}
	return out
}

// containsWord reports whether word stands in text as a whole word (not
// inside a longer word), in the same case or any.
func containsWord(text, word string, fold bool) bool {
	t, w := text, word
	if fold {
		t, w = strings.ToLower(text), strings.ToLower(word)
	}
	for range wordStarts(t, w) {
		return true
	}
	return false
}

// wordStarts yields where word stands in text as a whole word.
func wordStarts(text, word string) iter.Seq[int] {
	return func(yield func(int) bool) {
		if word == "" {
			return
		}
		for i := 0; ; {
			j := strings.Index(text[i:], word)
			if j < 0 {
				return
			}
			start, end := i+j, i+j+len(word)
			if !isWordRune(lastRune(text[:start])) && !isWordRune(firstRune(text[end:])) && !yield(start) {
				return
			}
			i = start + 1
		}
	}
}

// negations are the words that, right before a value's name, say the
// answer is not that value.
var negations = map[string]bool{"not": true, "no": true, "never": true, "nor": true, "neither": true, "non": true,
	"isn't": true, "isnt": true, "aren't": true, "wasn't": true, "weren't": true, "don't": true, "doesn't": true, "didn't": true,
	"isn’t": true, "aren’t": true, "wasn’t": true, "don’t": true, "doesn’t": true}

// negated reports whether word stands in text, as a whole word in any
// case, right after a negation ("not POSITIVE", "isn't **true**"): such
// a mention names no answer, so a text that makes it is no answer to
// read a value from.
func negated(text, word string) bool {
	t := strings.ToLower(text)
	for start := range wordStarts(t, strings.ToLower(word)) {
		if negations[lastWord(t[:start])] {
			return true
		}
	}
	return false
}

// lastWord returns the last word of s, apostrophes kept, past the marks
// and spaces after it ("not **" gives "not").
func lastWord(s string) string {
	end := strings.LastIndexFunc(s, func(r rune) bool { return isWordRune(r) || r == '\'' || r == '’' })
	if end < 0 {
		return ""
	}
	_, n := utf8.DecodeRuneInString(s[end:])
	word := s[:end+n]
	start := strings.LastIndexFunc(word, func(r rune) bool { return !isWordRune(r) && r != '\'' && r != '’' })
	if start >= 0 {
		_, n := utf8.DecodeRuneInString(word[start:])
		word = word[start+n:]
	}
	return word
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return ' '
}

func lastRune(s string) rune {
	if s == "" {
		return ' '
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func constString(m *jsonschema.Schema) (string, bool) {
	if m.Const == nil {
		return "", false
	}
	c, ok := (*m.Const).(string)
	return c, ok
}

// alignKeys renames the keys of obj written in another case or with
// other separators (Name, first-name, firstName, First Name for
// first_name) to the declared property they stand for, each reported:
// only where that property is the one declared property the key stands
// for, obj lacks it, no other key of obj stands for it, and the key is
// not one the schema admits as it is (declared, matching a pattern, or
// undeclared in an open object, unless the property is required).
func alignKeys(obj map[string]any, ms []*jsonschema.Schema, ptr string, repairs *[]problem.Repair) {
	declared, required := map[string]bool{}, map[string]bool{}
	closed := false
	var patterns []jsonschema.Regexp
	for _, m := range ms {
		for k := range m.Properties {
			declared[k] = true
		}
		for _, k := range m.Required {
			required[k] = true
		}
		for re := range m.PatternProperties {
			patterns = append(patterns, re)
		}
		if b, ok := m.AdditionalProperties.(bool); ok && !b {
			closed = true
		}
	}
	if len(declared) == 0 {
		return
	}
	byNorm := map[string][]string{}
	for k := range declared {
		byNorm[normKey(k)] = append(byNorm[normKey(k)], k)
	}
	stand := map[string]int{} // how many keys of obj stand for a normalized name
	for k := range obj {
		stand[normKey(k)]++
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
next:
	for _, k := range keys {
		n := normKey(k)
		if declared[k] || len(byNorm[n]) != 1 || stand[n] != 1 {
			continue
		}
		target := byNorm[n][0]
		if _, has := obj[target]; has || !closed && !required[target] {
			continue
		}
		for _, re := range patterns {
			if re.MatchString(k) {
				continue next
			}
		}
		obj[target] = obj[k]
		delete(obj, k)
		*repairs = append(*repairs, problem.Repair{Pointer: ptr + "/" + escapeToken(k), Message: fmt.Sprintf("read the key %q as the property %q", k, target)})
	}
}

// alignKeyNames renames the keys of obj, a map whose keys the schema
// names (propertyNames with enum or const values, as Pydantic and Zod
// write a map keyed by an enum), written loosely (another case,
// separators, a longer phrase) to the one value each stands for, each
// reported: only where obj lacks that value as a key.
func alignKeyNames(sc *schema.ShapeCache, obj map[string]any, ms []*jsonschema.Schema, ptr string, repairs *[]problem.Repair) {
	for _, m := range ms {
		if m.PropertyNames == nil {
			continue
		}
		names := sc.Of(m.PropertyNames).Members
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			e, _, ok := looseEnum(k, names)
			if _, has := obj[e]; !ok || has {
				continue
			}
			obj[e] = obj[k]
			delete(obj, k)
			*repairs = append(*repairs, problem.Repair{Pointer: ptr + "/" + escapeToken(k), Message: fmt.Sprintf("read the key %q as %q, a key the schema names", k, e)})
		}
	}
}

// normKey is a key without case and separators: firstName, first_name,
// First Name, first-name and markdown's first\_name are one.
func normKey(k string) string {
	var b strings.Builder
	for _, r := range k {
		switch r {
		case '_', '-', ' ', '.', '\\', '"', '\'', '`', '*', ':':
			// Quotes written into a key ({"\"a\"": 1}), markdown's
			// marks and a colon written inside its quotes ({"a:": 1})
			// are no part of its name either.
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
