package lenient

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// ruleCase is a reply written the way models break JSON, the JSON it
// reads to, and a word of the repair that must report it.
type ruleCase struct {
	name, in, want, repair string
}

func checkRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, repairs, err := ReadLenient([]byte(c.in))
			if err != nil || string(got) != c.want {
				t.Fatalf("%q read to %s (%v), want %s", c.in, got, err, c.want)
			}
			if c.repair == "" {
				return
			}
			for _, r := range repairs {
				if strings.Contains(r.Message, c.repair) {
					if r.Offset < 0 || r.Offset > len(c.in) {
						t.Errorf("repair %q at offset %d outside the text", r.Message, r.Offset)
					}
					return
				}
			}
			t.Errorf("no repair says %q: %v", c.repair, repairs)
		})
	}
}

// Backslashes that start no JSON escape are the text's own.
func TestRuleBackslashes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"regular expression classes", `{"pattern": "^\d{3}-\w+\s*$"}`, `{"pattern":"^\\d{3}-\\w+\\s*$"}`, "no JSON escape"},
		{"an apostrophe escaped as JavaScript escapes it", `{"t": "it\'s"}`, `{"t":"it's"}`, "read the escape \\' as '"},
		{"escaped punctuation in a pattern", `{"re": "a\.b\(c\)\[d\]"}`, `{"re":"a\\.b\\(c\\)\\[d\\]"}`, "no JSON escape"},
		{"a Windows path", `{"path": "C:\Program Files\tool\bin"}`, `{"path":"C:\\Program Files\\tool\\bin"}`, "no JSON escape"},
		// Where a string writes other backslashes as characters, \t, \n
		// and \r before a letter, and the backslash of a lone letter, are
		// the text's too.
		{"a path's \\t", `{"path": "C:\Program Files\tool\bin"}`, `{"path":"C:\\Program Files\\tool\\bin"}`, "other backslashes as characters"},
		{"a path's \\n", `["C:\Temp\new"]`, `["C:\\Temp\\new"]`, "other backslashes as characters"},
		{"a path's lone letter", `["C:\Users\x"]`, `["C:\\Users\\x"]`, "other backslashes as characters"},
		{"LaTeX's \\nu", `["\alpha + \nu"]`, `["\\alpha + \\nu"]`, "other backslashes as characters"},
		{"a line break where no other backslash is raw", `["one\ntwo \"q\""]`, `["one\ntwo \"q\""]`, ""},
		{"LaTeX commands", `{"math": "\frac{a}{b} + \alpha \cdot \beta"}`, `{"math":"\\frac{a}{b} + \\alpha \\cdot \\beta"}`, "LaTeX"},
		{"a regular expression's word boundary", `["\bcat\b"]`, `["\\bcat\\b"]`, "regular expression"},
		{"JSON escapes stay escapes", `{"s": "line\nnext\ttab \"q\" \u00e9 \\"}`, `{"s":"line\nnext\ttab \"q\" é \\"}`, ""},
		{"a single quote escaped in single quotes", `{'s': 'it\'s'}`, `{"s":"it's"}`, ""},
		{"a backslash before a space", `{"s": "a \ b"}`, `{"s":"a \\ b"}`, "no JSON escape"},
		{"a backslash ending a line", "{\"s\": \"one\\\ntwo\"}", `{"s":"one\ntwo"}`, "line break"},
		// A string that writes its backslashes as characters may end in
		// one: the quote after it ends the string where what follows may
		// follow a value.
		{"a path ending in a backslash", `{"dir": "C:\Temp\", "n": 1}`, `{"dir":"C:\\Temp\\","n":1}`, "backslash before the end quote"},
		{"in single quotes, at a line's end", "{'dir': 'C:\\Users\\me\\'\n}", `{"dir":"C:\\Users\\me\\"}`, "backslash before the end quote"},
		{"an escaped quote where no other backslash is raw", `["a \"b\", c"]`, `["a \"b\", c"]`, ""},
		{"an escaped quote mid-string in a raw one", `["\d \"x\" y"]`, `["\\d \"x\" y"]`, ""},
		// A document written as if inside a string: its quotes escaped.
		{"an escaped document after a value", `[7, \"a b\"]`, `[7,"a b"]`, "quotes were escaped"},
		{"an escaped document on lines", "{\n  \\\"a\\\": \\\"x\\\"\n}", `{"a":"x"}`, "quotes were escaped"},
		{"a lone stray escape", `["\q"]`, `["q"]`, "invalid escape"},
		// Python's and JavaScript's hex escapes name their character.
		{"a hex escape", `["\x41\xe9"]`, `["Aé"]`, "escape \\x41"},
		{"Python's long escape", `["\U0001F600 ok"]`, `["😀 ok"]`, "escape \\U0001F600"},
		{"no hex escape without two digits", `["\xg"]`, `["\\xg"]`, "no JSON escape"},
		{"a path's backslash stays", `["C:\Users\x41"]`, `["C:\\Users\\x41"]`, "no JSON escape"},
		// \u starts a JSON escape only with four hex digits after it.
		{"a path's \\u", `{"p": "C:\users\bob"}`, `{"p":"C:\\users\\bob"}`, "no four hex digits"},
		{"too few hex digits", `["\u12", "x"]`, `["\\u12","x"]`, "no four hex digits"},
		{"no hex digits", `["x\uZZZZy"]`, `["x\\uZZZZy"]`, "no four hex digits"},
		{"an escape the text ends in is cut", `["ab\u00`, `["ab"]`, "incomplete \\u escape"},
	})
}

// ruleSchemaDocs are the schemas the rule tests read replies with, by
// URL; ruleSchemas compiles them.
var ruleSchemaDocs = map[string]string{
	"structgen:///opt.json":       `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}`,
	"structgen:///req.json":       `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`,
	"structgen:///null.json":      `{"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"]}`,
	"structgen:///union.json":     `{"anyOf": [{"type": "string"}, {"type": "object", "properties": {"code": {"type": "integer"}}, "required": ["code"]}]}`,
	"structgen:///enum.json":      `{"type": "object", "properties": {"n": {"enum": ["NUMBER_ONE", "NUMBER_THREE", "NUMBER_THIRTEEN"]}, "k": {"enum": ["k1", "k2"]}, "tone": {"type": "array", "items": {"enum": ["very positive", "positive", "negative"]}}}}`,
	"structgen:///text.json":      `{"type": "object", "properties": {"zip": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}, "either": {"type": ["string", "number"]}, "flag": {"type": ["string", "boolean"]}}}`,
	"structgen:///keys.json":      `{"type": "object", "properties": {"first_name": {"type": "string"}, "age": {"type": "integer"}}, "required": ["first_name"], "additionalProperties": false}`,
	"structgen:///open.json":      `{"type": "object", "properties": {"first_name": {"type": "string"}, "nick": {"type": "string"}}, "required": ["first_name"]}`,
	"structgen:///list.json":      `{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}`,
	"structgen:///color.json":     `{"enum": ["RED", "GREEN", "BLUE"]}`,
	"structgen:///age.json":       `{"type": "object", "properties": {"age": {"type": "integer"}, "kg": {"type": "number"}}}`,
	"structgen:///tagged.json":    `{"oneOf": [{"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind", "lives"]}, {"type": "object", "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}}, "required": ["kind", "good"]}]}`,
	"structgen:///either.json":    `{"anyOf": [{"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}, {"type": "object", "properties": {"n": {"type": "number"}, "x": {"type": "string"}}, "required": ["n"]}, {"type": "object", "properties": {"m": {"type": "integer"}, "n": {"type": "array", "items": {"type": "string"}}}, "required": ["m"]}]}`,
	"structgen:///content.json":   `{"type": "object", "properties": {"content": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "array", "items": {"type": "object", "properties": {"files": {"type": "array", "items": {"type": "string"}}}}}]}}}`,
	"structgen:///lit.json":       `{"type": "object", "properties": {"status": {"const": "ok"}, "code": {"const": 200}, "level": {"enum": [1, 2, 3]}}}`,
	"structgen:///colors.json":    `{"type": "array", "items": {"enum": ["RED", "GREEN", "BLUE"]}}`,
	"structgen:///counts.json":    `{"type": "array", "items": {"type": "integer"}}`,
	"structgen:///flag.json":      `{"type": "boolean"}`,
	"structgen:///int.json":       `{"type": "integer"}`,
	"structgen:///nullable.json":  `{"type": "object", "properties": {"n": {"type": ["integer", "null"]}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["n"]}`,
	"structgen:///shows.json":     `{"type": "array", "items": {"enum": ["Black and White", "Black", "White", "Color"]}}`,
	"structgen:///grades.json":    `{"type": "array", "items": {"enum": ["none", "low", "high"]}}`,
	"structgen:///bindings.json":  `{"type": "object", "properties": {"bindings": {"anyOf": [{"enum": ["esm", "raw"]}, {"type": "array", "items": {"enum": ["esm", "raw"]}}]}, "note": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}}}`,
	"structgen:///loose.json":     `{"properties": {"extends": {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]}, "cjs": {"oneOf": [{"type": "boolean"}, {"type": "object", "properties": {"cache": {"type": "boolean"}, "paths": {"type": "boolean"}}}]}, "opts": {"type": "object", "properties": {"a": {"type": "boolean"}}}, "mode": {"type": "string"}}}`,
	"structgen:///kinds2.json":    `{"anyOf": [{"allOf": [{"$ref": "#/$defs/base"}, {"properties": {"kind": {"const": "A"}, "spec": {"type": "object", "properties": {"owner": {"type": "string"}}, "required": ["owner"]}}}]}, {"allOf": [{"$ref": "#/$defs/base"}, {"properties": {"kind": {"const": "B"}, "spec": {"type": "object", "properties": {"targets": {"type": "array", "items": {"type": "string"}}}, "required": ["targets"]}}}]}], "$defs": {"base": {"type": "object", "properties": {"kind": {"type": "string"}, "name": {"type": "string"}, "spec": {"type": "object"}}, "required": ["kind", "spec"]}}}`,
	"structgen:///job.json":       `{"type": "object", "properties": {"env": {"type": "object", "additionalProperties": {"type": "string"}}, "task": {"type": "object", "properties": {"name": {"type": "string"}, "strategy": {"type": "object", "properties": {"kind": {"type": "string"}}}}}, "mode": {"type": "string"}}}`,
	"structgen:///stock.json":     `{"type": "object", "additionalProperties": {"type": "integer"}}`,
	"structgen:///palette.json":   `{"type": "object", "properties": {"colors": {"type": "array", "items": {"enum": ["RED", "GREEN", "BLUE"]}}, "count": {"type": "integer"}}, "required": ["colors", "count"]}`,
	"structgen:///strings.json":   `{"type": "array", "items": {"type": "string"}}`,
	"structgen:///roster.json":    `{"type": "object", "properties": {"name": {"type": "string"}, "members": {"type": "array", "items": {"type": "string"}}, "labels": {"type": "object", "additionalProperties": {"type": "string"}}, "note": {"type": ["string", "null"]}}, "required": ["name", "members", "labels", "note"]}`,
	"structgen:///nonempty.json":  `{"type": "object", "properties": {"name": {"type": "string"}, "members": {"type": "array", "minItems": 1}, "home": {"type": "object", "properties": {"city": {"type": "string"}}}}, "required": ["name", "members", "home"]}`,
	"structgen:///assumed.json":   `{"type": "object", "properties": {"name": {"type": "string"}, "unit": {"type": "string", "default": "kg"}, "kind": {"const": "weight"}, "version": {"enum": [2]}, "mode": {"enum": ["fast", "slow"]}, "note": {"type": ["string", "null"], "default": null}, "min": {"type": "integer", "minimum": 1, "default": 0}}, "required": ["name", "unit", "kind", "version"]}`,
	"structgen:///contact.json":   `{"type": "object", "properties": {"name": {"type": "string"}, "address": {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "string"}, "geo": {"type": "object", "properties": {"lat": {"type": "number"}}}}, "required": ["city"]}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["name", "address"]}`,
	"structgen:///done.json":      `{"type": "object", "properties": {"done": {"type": "boolean"}}, "required": ["done"]}`,
	"structgen:///team.json":      `{"type": "object", "properties": {"name": {"type": "string"}, "people": {"type": "array", "items": {"type": "object", "properties": {"first_name": {"type": "string"}, "age": {"type": "integer"}}, "required": ["first_name"]}}}, "required": ["people"], "additionalProperties": false}`,
	"structgen:///scores.json":    `{"type": "object", "properties": {"by_day": {"type": "object", "patternProperties": {"^d[0-9]+$": {"type": "array", "items": {"type": "integer"}}}, "additionalProperties": {"type": "string"}}}}`,
	"structgen:///tally.json":     `{"type": "object", "properties": {"by_color": {"type": "object", "propertyNames": {"enum": ["RED", "DARK_BLUE"]}, "additionalProperties": {"type": "integer"}}}}`,
	"structgen:///any.json":       `{}`,
	"structgen:///object.json":    `{"type": "object"}`,
	"structgen:///records.json":   `{"type": "array", "items": {"type": "object"}}`,
	"structgen:///single.json":    `{"type": "array", "items": {"anyOf": [{"type": "object", "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}]}}`,
	"structgen:///entity.json":    `{"allOf": [{"type": "object", "properties": {"spec": {"type": "object"}, "rows": {"type": "array", "items": {"type": "object"}}}}, {"properties": {"spec": {"properties": {"members": {"type": "array", "items": {"type": "string"}}, "n": {"type": "integer"}}}, "rows": {"items": {"properties": {"n": {"type": "integer"}}}}}}]}`,
	"structgen:///kinds.json":     `{"anyOf": [{"type": "object", "properties": {"kind": {"const": "a"}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["kind", "tags"]}, {"type": "object", "properties": {"kind": {"const": "b"}, "tags": {"type": "array", "items": {"type": "string"}}, "items": {"type": "array"}}, "required": ["kind", "items"]}]}`,
	"structgen:///levels.json":    `{"allOf": [{"type": "object", "properties": {"level": {"type": "string"}, "note": {"type": "string"}}}, {"properties": {"level": {"enum": ["low", "high"]}}}]}`,
	"structgen:///projects.json":  `{"type": "object", "properties": {"project": {"type": "object", "properties": {"default": {"type": "object"}}, "additionalProperties": {"type": "object", "properties": {"flags": {"type": "array", "items": {"type": "string"}}}}}}}`,
	"structgen:///mapping.json":   `{"type": "object", "properties": {"content": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "array", "items": {"type": "object", "properties": {"files": {"type": "array", "items": {"type": "string"}}}, "required": ["files"], "additionalProperties": false}}]}}}`,
	"structgen:///cond.json":      `{"type": "object", "properties": {"kind": {"enum": ["disk", "net"]}}, "if": {"properties": {"kind": {"const": "disk"}}}, "then": {"properties": {"size": {"type": "integer"}}}, "else": {"properties": {"port": {"type": "integer"}, "tls": {"type": "boolean"}}}}`,
	"structgen:///choice.json":    `{"type": "object", "properties": {"shadow": {"oneOf": [{"type": "boolean"}, {"type": "string", "enum": ["inner", "outer"]}]}, "default": {"enum": [true, false, "op", "not op"]}, "level": {"enum": [1, 2, "max"]}, "change": {"anyOf": [{"type": "object", "properties": {"sql": {"type": "object", "properties": {"split": {"type": "boolean"}}}}, "additionalProperties": false}, {"type": "object", "properties": {"file": {"type": "object"}}, "additionalProperties": false}]}, "rule": {"oneOf": [{"type": "boolean"}, {"type": "array", "items": {"anyOf": [{"type": "boolean"}, {"type": "object"}]}}]}}}`,
	"structgen:///block.json":     `{"anyOf": [{"type": "object", "properties": {"type": {"const": "text"}, "text": {"type": "string"}}, "required": ["type", "text"]}, {"type": "object", "properties": {"type": {"const": "image"}, "url": {"type": "string"}}, "required": ["type", "url"]}]}`,
	"structgen:///event.json":     `{"type": "object", "properties": {"on": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"}, "link": {"type": "string", "format": "uri"}, "contact": {"type": "string", "format": "email"}}}`,
	"structgen:///layered.json":   `{"allOf": [{"type": "object", "properties": {"name": {"type": "string"}}}, {"properties": {"name": {"minLength": 1}, "age": {"type": "integer"}}}]}`,
	"structgen:///bio.json":       `{"type": "object", "properties": {"name": {"type": "string"}, "bio": {"type": "string"}, "age": {"type": "integer"}}, "required": ["name", "bio"], "additionalProperties": false}`,
	"structgen:///grid.json":      `{"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}}, "required": ["rows"]}`,
	"structgen:///people.json":    `{"type": "array", "items": {"type": "object", "properties": {"first_name": {"type": "string"}, "age": {"type": "integer"}, "city": {"type": "string"}}, "required": ["first_name", "age"]}}`,
	"structgen:///person.json":    `{"type": "object", "properties": {"first_name": {"type": "string"}, "age": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["first_name", "age"], "additionalProperties": false}`,
	"structgen:///json.json":      `{"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "boolean"}, {"type": "array", "items": {"$ref": "#"}}, {"type": "object", "additionalProperties": {"$ref": "#"}}]}`,
	"structgen:///tree.json":      `{"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}, "next": {"$ref": "#"}}, "required": ["name"]}`,
	"structgen:///replace.json":   `{"type": "object", "properties": {"r": {"type": "array", "items": {"oneOf": [{"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"], "additionalProperties": false}, {"oneOf": [{"type": "object", "properties": {"source": {"type": "string"}, "targets": {"type": "array", "items": {"type": "object", "properties": {"select": {"type": "string"}, "paths": {"type": "array", "items": {"type": "string"}}}, "required": ["select"]}}}, "required": ["source", "targets"], "additionalProperties": false}, {"type": "object", "properties": {"value": {"type": "string"}, "targets": {"type": "array"}}, "required": ["value", "targets"], "additionalProperties": false}]}]}}}}`,
	"structgen:///squash.json":    `{"enum": ["todo", "re_use", "re-use", "done"]}`,
	"structgen:///selfunion.json": `{"anyOf": [{"$ref": "#"}, {"type": "string"}]}`,
	"structgen:///mutual.json":    `{"$ref": "#/$defs/a", "$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}, {"type": "string"}]}, "b": {"anyOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}], "if": {"$ref": "#/$defs/b"}, "then": {"$ref": "#/$defs/a"}}}}`,
}

var ruleSchemas = schema.NewSchemas("https://json-schema.org/draft/2020-12/schema", ruleSchemaDocs)

// alignCase is a reply read for a schema: the value it aligns to, or a
// word of the problem that refuses it.
type alignCase struct {
	name, schema, in, want, problem string
}

func checkAligned(t *testing.T, cases []alignCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, _, ps, err := Align([]byte(c.in), ruleSchemas.Schema("structgen:///"+c.schema+".json#"))
			if c.problem != "" {
				if err == nil && len(ps) == 0 || !strings.Contains(fmt.Sprint(ps, err), c.problem) {
					t.Fatalf("%q: want a problem with %q, got %v, %v, %v", c.in, c.problem, doc, ps, err)
				}
				return
			}
			got, _ := json.Marshal(doc)
			if err != nil || len(ps) > 0 || string(got) != c.want {
				t.Fatalf("%q aligned to %s (%v, %v), want %s", c.in, got, ps, err, c.want)
			}
		})
	}
}

// streamCase is a reply still streaming and the partial value it reads
// to for a schema; "" for no answer yet.
type streamCase struct{ in, want string }

func checkStreamed(t *testing.T, schemaName string, cases []streamCase) {
	t.Helper()
	for _, c := range cases {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///"+schemaName+".json#"), []byte(c.in))
		if c.want == "" {
			if !errors.Is(err, problem.ErrNoJSON) {
				t.Errorf("streaming %q: %v, want no answer yet", c.in, err)
			}
			continue
		}
		if err != nil || string(n.JSON()) != c.want {
			t.Errorf("streaming %q: %v, want %s", c.in, err, c.want)
		}
	}
}

// Several top-level documents: with a schema, the first that fits (or
// the one after a correction, TestRuleCorrection), the others reported
// as left out (an array schema takes them all, as a
// list); with none, an array of them.
func TestRuleSeveralDocuments(t *testing.T) {
	checkRules(t, []ruleCase{
		{"JSON Lines", "{\"a\": \"x\"}\n{\"a\": \"y\"}", `[{"a":"x"},{"a":"y"}]`, "documents in a row"},
		{"arrays in a row", `[1][2]`, `[[1],[2]]`, "documents in a row"},
		{"an empty one beside another", `[]{"a": "x"}`, `{"a":"x"}`, "dropped empty"},
	})
	checkAligned(t, []alignCase{
		{"JSON Lines, the first that fits", "req", "{\"a\": \"x\"}\n{\"a\": \"y\"}", `{"a":"x"}`, ""},
		{"the one that fits, wherever it is", "req", `{"b": 2} {"a": "x"}`, `{"a":"x"}`, ""},
		{"prose between that corrects nothing: the first", "req", `{"a": "x"} Also: {"a": "y"}`, `{"a":"x"}`, ""},
		{"a correction after prose: the corrected one (TestRuleCorrection)", "req", `{"a": "x"} Sorry, I meant: {"a": "y"}`, `{"a":"y"}`, ""},
		{"several documents where a list is wanted", "list", `{"a": "x"} {"a": "y"}`, `[{"a":"x"},{"a":"y"}]`, ""},
		{"arrays in a row where an object is wanted", "req", `[1][2]`, "", "want object"},
	})
	// Streamed, the partials have the shape and the document of the
	// finished reading, not a list of the documents so far.
	checkStreamed(t, "req", []streamCase{
		{"{\"a\": \"x\"}\n{\"a\": \"y", `{"a":"x"}`},
		{`{"b": 2} {"a": "x`, `{"a":"x"}`},
		{`{"a": "x"} Sorry, I meant: {"a": "y`, `{"a":"y"}`},
		{`{"a": "x"} Also: {"a": "y`, `{"a":"x"}`},
	})
	checkStreamed(t, "list", []streamCase{
		{`{"a": "x"} {"a": "y`, `[{"a":"x"},{"a":"y"}]`},
	})
	_, repairs, _, _ := Align([]byte(`{"a": "x"} {"a": "y"}`), ruleSchemas.Schema("structgen:///req.json#"))
	if !strings.Contains(fmt.Sprint(repairs), "left out the other documents") {
		t.Errorf("the documents left out are not reported: %v", repairs)
	}
}

// A key written with no value is null: the schema judges it.
func TestRuleMissingValue(t *testing.T) {
	checkRules(t, []ruleCase{
		{"at the end, no schema", `{"a": 1, "b":}`, `{"a":1,"b":""}`, "missing value"},
		{"before a comma, no schema", `{"a":, "b": 1}`, `{"a":"","b":1}`, "missing value"},
		{"a bare key after a number, neither colon nor value", `{"a": 1, b}`, `{"a":1}`, "dropped the key \"b\""},
		{"a bare key after a number, then a member", `{"a": 1.5, b, "c": 2}`, `{"a":1.5,"c":2}`, "dropped the key \"b\""},
		{"digits after the comma are the value's", `{"a": 105,12, }`, `{"a":"105,12"}`, "bare word"},
	})
	checkAligned(t, []alignCase{
		{"an optional field reads as absent", "opt", `{"a":, "b": 1}`, `{"b":1}`, ""},
		{"a nullable field reads as null", "null", `{"a": }`, `{"a":null}`, ""},
		{"a required string is a problem, not \"\"", "req", `{"a": }`, "", "/a"},
	})
}

// A required list or map left out of a complete object, or null where
// its schema does not take null, is empty, where its schema takes that;
// never in a reply cut short, where it may be what was lost, and never
// null or a scalar.
func TestRuleMissingRequired(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a list and a map", "roster", `{"name": "Ada", "note": null}`, `{"labels":{},"members":[],"name":"Ada","note":null}`, ""},
		{"a string is still missing", "roster", `{"note": null}`, "", "'name'"},
		{"null is never assumed", "roster", `{"name": "Ada"}`, "", "'note'"},
		{"what is written stays", "roster", `{"name": "Ada", "members": ["Bo"], "note": "hi"}`, `{"labels":{},"members":["Bo"],"name":"Ada","note":"hi"}`, ""},
		{"not in a reply cut short", "roster", `{"name": "Ada", "note": null, "members": ["Bo"`, "", "labels"},
		{"not in an object of other members", "roster", `{"title": "Ada"}`, "", "members"},
		{"not a list that may not be empty", "nonempty", `{"name": "Ada", "home": {}}`, "", "members"},
		{"not an object with properties of its own", "nonempty", `{"name": "Ada", "members": [1]}`, "", "home"},
		{"not a string", "req", `{}`, "", "'a'"},
		{"a default, the one value allowed", "assumed", `{"name": "Ada"}`, `{"kind":"weight","name":"Ada","unit":"kg","version":2}`, ""},
		{"an empty object", "assumed", `{}`, "", "'name'"},
		{"what is written stays, even where it breaks the schema", "assumed", `{"name": "Ada", "kind": "length"}`, "", "/kind"},
		{"the discriminator of the one branch whose members are written", "tagged", `{"lives": 9}`, `{"kind":"cat","lives":9}`, ""},
		{"no branch's members: no discriminator", "tagged", `{}`, "", "kind"},
		{"not a default in a reply cut short", "assumed", `{"name": "Ada"`, "", "unit"},
		{"null for a list or a map that may not be null", "roster", `{"name": "Ada", "note": null, "members": null, "labels": null}`, `{"labels":{},"members":[],"name":"Ada","note":null}`, ""},
		{"null for a default", "assumed", `{"name": "Ada", "unit": null}`, `{"kind":"weight","name":"Ada","unit":"kg","version":2}`, ""},
		{"null for a required string stays a problem", "req", `{"a": null}`, "", "/a"},
		{"null for a list that may not be empty stays a problem", "nonempty", `{"name": "Ada", "home": {}, "members": null}`, "", "members"},
	})
	// What the schema does not name stays missing: one of several enum
	// values, a null default, a default the schema itself refuses.
	for _, prop := range []string{`{"enum": ["fast", "slow"]}`, `{"type": ["string", "null"], "default": null}`, `{"type": "integer", "minimum": 1, "default": 0}`} {
		s := schema.NewSchemas("https://json-schema.org/draft/2020-12/schema", map[string]string{
			"structgen:///x.json": `{"type": "object", "properties": {"name": {"type": "string"}, "x": ` + prop + `}, "required": ["name", "x"]}`,
		}).Schema("structgen:///x.json#")
		if doc, _, ps, err := Align([]byte(`{"name": "Ada"}`), s); err == nil && len(ps) == 0 {
			t.Errorf("the required %s was assumed: %v", prop, doc)
		}
	}
	_, repairs, _, _ := Align([]byte(`{"name": "Ada", "note": null}`), ruleSchemas.Schema("structgen:///roster.json#"))
	if !strings.Contains(fmt.Sprint(repairs), "/members: filled the required property \"members\", left out, with []") {
		t.Errorf("the filled list is not reported: %v", repairs)
	}
	// A tool call's arguments are never filled: a field left out is an
	// argument the model forgot.
	var reps []problem.Repair
	for _, args := range []string{`{"name":"Ada"}`, `{"members":null,"name":"Ada"}`} {
		doc, err := RepairArgs(ruleSchemas.Schema("structgen:///roster.json#"), decodeForTest(t, args), &reps)
		if got, _ := json.Marshal(doc); err != nil || string(got) != args {
			t.Errorf("RepairArgs filled a call: %s, %v", got, err)
		}
	}
}

func decodeForTest(t *testing.T, s string) any {
	t.Helper()
	v, err := schema.DecodeValue([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A list or an object written in a string as a model or a language
// writes one when it is not JSON is read, where the schema wants it and
// no string; a reading that leaves out what was written is not.
func TestRuleLooseDocumentInString(t *testing.T) {
	checkAligned(t, []alignCase{
		{"bare words in brackets", "text", `{"tags": "[go, rust]"}`, `{"tags":["go","rust"]}`, ""},
		{"a Python list", "text", `{"tags": "['go', 'rust']"}`, `{"tags":["go","rust"]}`, ""},
		{"a Python dict", "roster", `{"name": "A", "members": [], "note": null, "labels": "{'a': 'x'}"}`, `{"labels":{"a":"x"},"members":[],"name":"A","note":null}`, ""},
		{"a key without a value is not left out", "roster", `{"name": "A", "members": [], "note": null, "labels": "{a}"}`, "", "/labels"},
		{"nor an ellipsis: the text is one item", "person", `{"first_name": "A", "age": 1, "tags": "[go, ...]"}`, `{"age":1,"first_name":"A","tags":["[go, ...]"]}`, ""},
		{"a bracket left open is one value", "text", `{"tags": "[go, rust"}`, `{"tags":["[go, rust"]}`, ""},
		{"two lists in words are one value", "text", `{"tags": "[go] or [rust]"}`, `{"tags":["[go] or [rust]"]}`, ""},
		{"where a string is wanted, the text stays", "text", `{"zip": "[1, 2]"}`, `{"zip":"[1, 2]"}`, ""},
	})
}

// A number or boolean where the schema wants a string is read as its
// text, reported.
func TestRuleScalarAsText(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a number in a string field", "text", `{"zip": 12345}`, `{"zip":"12345"}`, ""},
		{"the number's text as written", "text", `{"zip": 01234.50}`, `{"zip":"01234.50"}`, ""},
		{"numbers and booleans in a list of strings", "text", `{"tags": ["a", 2, true, 1.5e3]}`, `{"tags":["a","2","true","1.5e3"]}`, ""},
		{"a number where a number is allowed stays one", "text", `{"either": 7}`, `{"either":7}`, ""},
		{"a boolean where a boolean is allowed stays one", "text", `{"flag": false}`, `{"flag":false}`, ""},
		{"a number where a string or an object is wanted is no guess", "union", `3`, "", "(root)"},
		// A list where a string is wanted: its one string, or its JSON text.
		{"a list of one string is the string", "text", `{"zip": ["12345"]}`, `{"zip":"12345"}`, ""},
		{"a list of two strings is its JSON text", "text", `{"zip": ["1", "2"]}`, `{"zip":"[\"1\",\"2\"]"}`, ""},
		{"a list of one number is its JSON text", "text", `{"zip": [12345]}`, `{"zip":"[12345]"}`, ""},
	})
}

// A member whose key matches a pattern property is read with that
// property's schema, as the validator reads it, and not with
// additionalProperties'; so is a tool call's.
func TestRulePatternProperties(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a member of a patterned map", "scores", `{"by_day": {"d1": ["3", 4], "d2": "5"}}`, `{"by_day":{"d1":[3,4],"d2":[5]}}`, ""},
		{"a key no pattern matches", "scores", `{"by_day": {"note": 5}}`, `{"by_day":{"note":"5"}}`, ""},
	})
	var reps []problem.Repair
	doc, err := RepairArgs(ruleSchemas.Schema("structgen:///scores.json#"), decodeForTest(t, `{"by_day": {"d1": "[1, 2]"}}`), &reps)
	if got, _ := json.Marshal(doc); err != nil || string(got) != `{"by_day":{"d1":[1,2]}}` {
		t.Errorf("RepairArgs read a patterned member to %s, %v", got, err)
	}
}

// A map keyed by an enum (propertyNames) reads keys written loosely as
// the enum's values, as it reads values: one value each, reported.
func TestRuleEnumKeys(t *testing.T) {
	checkAligned(t, []alignCase{
		{"another case and separators", "tally", `{"by_color": {"red": 1, "Dark Blue": 2}}`, `{"by_color":{"DARK_BLUE":2,"RED":1}}`, ""},
		{"a key written twice is not merged", "tally", `{"by_color": {"RED": 1, "red": 2}}`, "", "by_color"},
		{"a key no value stands for", "tally", `{"by_color": {"green": 1}}`, "", "one of"},
	})
}

// A string the schema gives a format, written another way that names
// the same value unambiguously, is read in the format, reported; a form
// that leaves a part to guess (03/05/2024: month or day first?) or
// holds more (a time) stays a problem.
func TestRuleFormats(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a date with one-digit parts", "event", `{"on": "2024-3-5"}`, `{"on":"2024-03-05"}`, ""},
		{"a date with slashes, year first", "event", `{"on": "2024/03/05"}`, `{"on":"2024-03-05"}`, ""},
		{"a month's name first", "event", `{"on": "March 5, 2024"}`, `{"on":"2024-03-05"}`, ""},
		{"a day, then a month's short name", "event", `{"on": "5th Sept. 2024"}`, `{"on":"2024-09-05"}`, ""},
		{"day or month first is a guess", "event", `{"on": "03/05/2024"}`, "", "/on"},
		{"a day the month lacks", "event", `{"on": "2024-2-30"}`, "", "/on"},
		{"a time beside the date", "event", `{"on": "2024-03-05T10:00:00Z"}`, "", "/on"},
		{"an address in angle brackets", "event", `{"contact": "<ada@example.com>"}`, `{"contact":"ada@example.com"}`, ""},
		{"a mailbox's address", "event", `{"contact": "Ada Lovelace <ada@example.com>"}`, `{"contact":"ada@example.com"}`, ""},
		{"a mailto link", "event", `{"contact": "mailto:ada@example.com"}`, `{"contact":"ada@example.com"}`, ""},
		{"a date-time with a blank for its T", "event", `{"at": "2024-03-05 10:00:00Z"}`, `{"at":"2024-03-05T10:00:00Z"}`, ""},
		{"a date-time without seconds, an offset without its colon", "event", `{"at": "2024-03-05T10:00+0200"}`, `{"at":"2024-03-05T10:00:00+02:00"}`, ""},
		{"a date-time without an offset is a guess", "event", `{"at": "2024-03-05 10:00"}`, "", "/at"},
		{"a markdown link", "event", `{"link": "[Paris](https://en.wikipedia.org/wiki/Paris)"}`, `{"link":"https://en.wikipedia.org/wiki/Paris"}`, ""},
		{"a URI in angle brackets", "event", `{"link": "<https://example.com/a?b=1>"}`, `{"link":"https://example.com/a?b=1"}`, ""},
		{"two links are no one link", "event", `{"link": "[a](https://a.example) and [b](https://b.example)"}`, "", "/link"},
	})
}

// Unquoted scalars with punctuation are kept whole.
func TestRuleUnquotedScalars(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a timestamp", `{"at": 2024-05-01T09:30:00Z, "n": 1}`, `{"at":"2024-05-01T09:30:00Z","n":1}`, "bare word"},
		{"a time of day", `{"at": 10:30, "n": 1}`, `{"at":"10:30","n":1}`, ""},
		{"feet and inches", `{"height": 5'11", "n": 1}`, `{"height":"5'11\"","n":1}`, "as a string"},
		{"minutes and seconds in a list", `[3'30", 4'05"]`, `["3'30\"","4'05\""]`, "as a string"},
		{"a version", `{"v": 2.10.3}`, `{"v":"2.10.3"}`, ""},
		{"a URL", `{"u": https://example.org/a?b=c#d}`, `{"u":"https://example.org/a?b=c#d"}`, ""},
		{"a number with a thousands separator", `{"n": 1,234, "m": 2}`, `{"n":1234,"m":2}`, ""},
		{"times of day in a list", `[10:30, 9:05:59]`, `["10:30","9:05:59"]`, "bare word"},
		{"a pair not written as a clock is no time", `[1:2]`, `[1,2]`, ""},
		// A colon between two digits, or in a URL's port, is text after
		// words too: the key of a member that lost its comma is a word
		// after a blank.
		{"a time after words", `{"note": meet at 10:30, "n": 1}`, `{"note":"meet at 10:30","n":1}`, "bare word"},
		{"a time after words, comma left out", `{note: meet at 10:30 n: 1}`, `{"note":"meet at 10:30","n":1}`, "missing comma"},
		{"a date and a time", `{"at": 2024-01-05 10:30:00, "n": 1}`, `{"at":"2024-01-05 10:30:00","n":1}`, "bare word"},
		{"a ratio", `{"aspect": wide 16:9, "n": 1}`, `{"aspect":"wide 16:9","n":1}`, "bare word"},
		{"a URL with a port", `{"u": http://localhost:8080/a, "n": 1}`, `{"u":"http://localhost:8080/a","n":1}`, "bare word"},
		{"a key after words still starts a member", `{name: Ada Lovelace age: 36}`, `{"name":"Ada Lovelace","age":36}`, "missing comma"},
		// Brackets glued to a word and closed on its line are its text;
		// braces with a colon in them are an object.
		{"braces glued to a word", `{text: words{in braces} more, n: 1}`, `{"text":"words{in braces} more","n":1}`, "bare word"},
		{"an index", `{"a": foo[0], "b": 1}`, `{"a":"foo[0]","b":1}`, "bare word"},
		{"a placeholder", `{path: ${HOME}/bin, n: 1}`, `{"path":"${HOME}/bin","n":1}`, "bare word"},
		{"glued braces with a colon are an object", `{a: x{k: 1}}`, `{"a":"x","k":1}`, "members in braces"},
		// After a comma in an object a quoted string is a key, with its
		// colon or not: no more of the value before it.
		{"a number before a key without a value", `{"a": 1, "b"}`, `{"a":1}`, "dropped the key"},
		{"a word before a key without a value", `{"a": red, "b", "c": 2}`, `{"a":"red","c":2}`, "dropped the key"},
	})
}

// An unquoted value of words followed by lines of prose runs on across
// them, up to a line that starts a member or closes the object: a
// paragraph written without quotes is the value, its quotes and colons
// included. Not after a literal or a number, and not where no member or
// bracket follows the prose (text after a document cut short).
func TestRuleValueAcrossLines(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a paragraph to the brace", "{\"summary\": First point, second point.\n\nMore text here.\n}", `{"summary":"First point, second point.\n\nMore text here."}`, "bare word"},
		{"up to the next member", "{\"a\": some words\nmore words\n\"b\": 1}", `{"a":"some words\nmore words","b":1}`, "bare word"},
		{"quotes and colons of the prose are text", "{\"a\": one two\nhe said \"hi\" at 5:30 today.\n}", `{"a":"one two\nhe said \"hi\" at 5:30 today."}`, ""},
		{"the brace at a line's end", "{\"a\": {\"b\": some words\nmore words}\n}", `{"a":{"b":"some words\nmore words"}}`, ""},
		{"a bare key's line is a member", "{\"a\": some words\nb: 2}", `{"a":"some words","b":2}`, ""},
		{"not after a literal", "{\"a\": true\nsome note here\n}", `{"a":true}`, "stray text"},
		{"not after a number", "{\"a\": 12\nsome note here\n}", `{"a":12}`, "stray text"},
		{"not prose after a document cut short", "{\"a\": some words\n\nLet me know if this helps.", `{"a":"some words"}`, "before the prose"},
		{"not in a list", "[one two\nthree four\n]", `["one two","three four"]`, ""},
	})
}

// Each run of prose lines is scanned once, however many unquoted values
// it follows: reading stays linear.
func TestValueLinesScanOnce(t *testing.T) {
	for name, text := range map[string]string{
		"values in the prose":   `{"a": x` + strings.Repeat("\nfoo, \"k\": v w", 3000) + "\n\"b\": 1}",
		"no end to the prose":   `{"a": x` + strings.Repeat("\nfoo bar", 3000),
		"brackets inside lines": `{"o": {"a": x` + strings.Repeat("\nw} more", 3000) + "\n\"b\": 1}",
	} {
		r := &tolerant{s: []byte(text)}
		r.skip()
		r.readAll()
		if r.proseScanned > len(text) {
			t.Errorf("%s: %d bytes of prose scanned in a text of %d", name, r.proseScanned, len(text))
		}
	}
}

// A JavaScript regular expression literal is a string of its text, as
// written: flags, a slash in a class or escaped, quotes inside.
func TestRuleRegexLiteral(t *testing.T) {
	checkRules(t, []ruleCase{
		{"with flags", `{"re": /\d+[/a]x/gi, "n": 1}`, `{"re":"/\\d+[/a]x/gi","n":1}`, "regular expression"},
		{"in a list", `["a", /b\/c/]`, `["a","/b\\/c/"]`, "regular expression"},
		{"quotes inside", `{"m": /say "hi"/}`, `{"m":"/say \"hi\"/"}`, "regular expression"},
		{"a path is no expression", `{"p": /usr/bin/x}`, `{"p":"/usr/bin/x"}`, "bare word"},
		{"a comment stays a comment", "{\"a\": 1 // note\n}", `{"a":1}`, "comment"},
	})
}

// Unicode spaces between tokens are white space.
func TestRuleUnicodeSpaces(t *testing.T) {
	checkRules(t, []ruleCase{
		{"no-break spaces", "{\u00a0\"a\":\u00a01}", `{"a":1}`, "white space"},
		{"zero-width spaces", "{\"a\"\u200b:\u200b[1,\u200b2]}", `{"a":[1,2]}`, "white space"},
		{"a Mongolian vowel separator", "{\"a\":\u180e\"x\"}", `{"a":"x"}`, "white space"},
		{"a word joiner", "[1,\u20602]", `[1,2]`, "white space"},
		{"spaces inside a string are the string's", "{\"a\": \"x\u00a0y\"}", "{\"a\":\"x\u00a0y\"}", ""},
		{"between a quoted key and its colon", "{\"a\"\ufeff: 1, \"b\"\u200b: 2}", `{"a":1,"b":2}`, "white space"},
		{"around an unquoted key", "{\u00a0a\u200b: 1,\u180eb\u2009: 2}", `{"a":1,"b":2}`, "white space"},
		{"after a bare word", "{\"a\": plain words\u00a0, \"b\": 1}", `{"a":"plain words","b":1}`, "bare word"},
		{"after a comma, before a key", "{\"a\": 7,\u180e\"b\": false,\u2009\"c\": null}", `{"a":7,"b":false,"c":null}`, "white space"},
		{"after an empty string", "[\"\"\u200b,false,\u2009\"\"]", `["",false,""]`, "white space"},
	})
}

// Braces around values without keys are a list.
func TestRuleSetLiteral(t *testing.T) {
	checkRules(t, []ruleCase{
		{"single-quoted strings", `{'a', 'b'}`, `["a","b"]`, "without keys"},
		{"double-quoted strings", `{"tags": {"red", "green", "blue"}}`, `{"tags":["red","green","blue"]}`, "without keys"},
		{"numbers and words", `{1, 2.5, three}`, `[1,2.5,"three"]`, "without keys"},
		{"an object is still an object", `{"a": "b", "c": "d"}`, `{"a":"b","c":"d"}`, ""},
		{"keys that lost their colon are no list", `{"a" "b"}`, `{"a":"b"}`, ""},
		{"a key and a number, a comma for the colon", `{"key", 105}`, `{"key":105}`, "':'"},
	})
}

// Doubled quotes around keys and values are one pair.
func TestRuleDoubledQuotes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"keys and values", `{""name"": ""Ada"", ""age"": 36}`, `{"name":"Ada","age":36}`, "doubled quotes"},
		{"in a list", `[""a"", ""b c""]`, `["a","b c"]`, "doubled quotes"},
		{"empty strings stay empty", `{"a": "", "b": ""}`, `{"a":"","b":""}`, ""},
		{"a comment after", "{\n  \"\"a\"\": 1 # one\n  \"\"b\"\": \"\"x\"\" # two\n}", `{"a":1,"b":"x"}`, "doubled quotes"},
		{"single quotes doubled", `{"a": ''Ada'', ''b'': 36}`, `{"a":"Ada","b":36}`, "doubled quotes"},
		{"a doubled single quote inside is one quote", `{'a': 'it''s', 'b': ''}`, `{"a":"it's","b":""}`, "doubled quote inside"},
		{"empty single-quoted strings stay empty", `['', '']`, `["",""]`, ""},
		{"an empty string in doubled quotes", `{""a"": """", ""b"": """"}`, `{"a":"","b":""}`, "empty string"},
		{"escapes read as a string's", `{""a"": ""x\ny \u00e9 \\d""}`, `{"a":"x\ny é \\d"}`, "doubled quotes"},
		{"a path's backslashes as a string's", `{""a"": ""C:\new\file""}`, `{"a":"C:\\new\\file"}`, "path"},
	})
	// Streamed, "" right before text may open a string in doubled quotes
	// still being written: not an empty string done.
	for _, in := range []string{`{""a"": ""1`, `{""a"": ""1.5"`} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///any.json#"), []byte(in))
		if err == nil && n.Field("a").Done() {
			t.Errorf("streaming %q: /a done as %s", in, n.Field("a").JSON())
		}
	}
}

// Three quotes or more open a triple-quoted string where one closes
// it; with none and a comma or bracket after them, they are an empty
// string, never a string that runs on over the rest of the document.
func TestRuleQuoteRuns(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a triple-quoted string", `{"a": """x "y" z""", "b": 1}`, `{"a":"x \"y\" z","b":1}`, "triple-quoted"},
		{"three quotes before a comma", `{"a": """, "b": 1}`, `{"a":"","b":1}`, "3 quotes"},
		{"four before the end", `{"a": """"}`, `{"a":""}`, "4 quotes"},
		{"in a list", `["""]`, `[""]`, "3 quotes"},
		{"text after: a string cut short", `{"a": """def f():`, `{"a":"def f():"}`, "left open"},
	})
}

// Enum values written with their description, another case or other
// separators are matched when one value fits, refused when several do.
func TestRuleLooseEnums(t *testing.T) {
	checkAligned(t, []alignCase{
		{"another case and separator", "enum", `{"n": "Number three"}`, `{"n":"NUMBER_THREE"}`, ""},
		{"snake case in lower case", "enum", `{"n": "number_thirteen"}`, `{"n":"NUMBER_THIRTEEN"}`, ""},
		{"the distinguishing word alone", "enum", `{"n": "THREE"}`, `{"n":"NUMBER_THREE"}`, ""},
		{"a value with its description", "enum", `{"k": "k1: the first one"}`, `{"k":"k1"}`, ""},
		{"a value of words, then its description", "enum", `{"n": "Number three - the third one"}`, `{"n":"NUMBER_THREE"}`, ""},
		{"a value of words negated", "enum", `{"n": "not number three"}`, "", "must be one of"},
		{"two values of words", "enum", `{"n": "number three, or number one"}`, "", "must be one of"},
		{"a word every value has", "enum", `{"n": "NUMBER"}`, "", "must be one of"},
		{"two values named", "enum", `{"k": "k1 or k2"}`, "", "must be one of"},
		// Two values joined in one word name one between them: no
		// guess, whichever part is written in the value's case.
		{"two values joined by a hyphen", "color", `"Blue-GREEN"`, "", "must be one of"},
		{"two values joined by a slash", "color", `"red/GREEN"`, "", "must be one of"},
		{"one value beside another word", "color", `"Blue-ish GREEN"`, `"GREEN"`, ""},
		{"the longer value when both are named", "enum", `{"tone": ["Very Positive"]}`, `{"tone":["very positive"]}`, ""},
		// A value named after a negation is what the answer is not.
		{"a negated value", "enum", `{"k": "not k1"}`, "", "must be one of"},
		{"a negated value in prose", "color", "It is definitely not **BLUE**.", "", "must be one of"},
		{"a negation before another word", "color", "Not sure, but BLUE.", `"BLUE"`, ""},
		// An object of one field where an enum value is wanted: the
		// field's value, as for other scalars; never an object's text.
		{"the value of an object's one field", "color", `{"color": "blue"}`, `"BLUE"`, ""},
		{"not of an object of two fields", "color", `{"a": "RED", "b": "BLUE"}`, "", "must be one of"},
		// Dashes for the value's separators.
		{"kebab case", "enum", `{"n": "number-three"}`, `{"n":"NUMBER_THREE"}`, ""},
		{"kebab case in capitals", "enum", `{"n": "NUMBER-THIRTEEN"}`, `{"n":"NUMBER_THIRTEEN"}`, ""},
		// Camel or Pascal case, or words for a value written as one.
		{"pascal case", "enum", `{"n": "NumberThree"}`, `{"n":"NUMBER_THREE"}`, ""},
		{"camel case", "enum", `{"n": "numberThirteen"}`, `{"n":"NUMBER_THIRTEEN"}`, ""},
		{"words for one word", "squash", `"To Do"`, `"todo"`, ""},
		{"the letters of two values", "squash", `"ReUse"`, "", "must be one of"},
		// A list of one item where one value is wanted: the item.
		{"a list of one value", "enum", `{"k": ["K2"]}`, `{"k":"k2"}`, ""},
		{"a list of two values", "enum", `{"k": ["k1", "k2"]}`, "", "must be one of"},
		{"a list of one number", "lit", `{"level": ["2"]}`, `{"level":2}`, ""},
		{"a whole reply that is a list of one is its own document", "color", `["BLUE"]`, "", "must be one of"},
	})
}

// A boolean named in prose, or answered first, is the answer; one named
// after a negation, or with the other, is none.
func TestRuleNegatedBoolean(t *testing.T) {
	checkAligned(t, []alignCase{
		{"named", "flag", "The answer is **true**.", `true`, ""},
		{"negated", "flag", "That is not true.", "", "boolean"},
		{"negated with an apostrophe", "flag", "It isn't false, I think.", "", "boolean"},
		// A member's text reads as the reply's does.
		{"named in a member's text", "done", `{"done": "The answer is TRUE"}`, `{"done":true}`, ""},
		{"answered first in a member's text", "done", `{"done": "No, not yet"}`, `{"done":false}`, ""},
		{"negated in a member's text", "done", `{"done": "it is not true"}`, "", "boolean"},
		{"both in a member's text", "done", `{"done": "true or false"}`, "", "boolean"},
		{"answered, then the other named", "done", `{"done": "Yes, it is false"}`, "", "boolean"},
	})
}

// Text where a list is wanted is the list of its comma-separated items
// where it is no item itself and each part is one.
func TestRuleCommaSeparatedList(t *testing.T) {
	checkAligned(t, []alignCase{
		{"enum values", "colors", `"RED, blue"`, `["RED","BLUE"]`, ""},
		{"numbers", "counts", `"3, 4"`, `[3,4]`, ""},
		{"a number with a thousands separator is one", "counts", `"1,200"`, `[1200]`, ""},
		{"items after a comma and a space", "counts", `"1,200, 3"`, `[1200,3]`, ""},
		{"items after a comma alone", "counts", `"1,2,3 "`, `[1,2,3]`, ""},
		{"strings are never split", "strings", `"math, poetry"`, `["math, poetry"]`, ""},
		{"a member line", "palette", "colors: red, BLUE\ncount: 2", `{"colors":["RED","BLUE"],"count":2}`, ""},
		{"a member's text", "palette", `{"colors": "GREEN, BLUE", "count": 2}`, `{"colors":["GREEN","BLUE"],"count":2}`, ""},
		// Items some of which are no value are no list of the one that
		// is, nor that value alone.
		{"an item that is no value", "colors", `"RED, PURPLE"`, "", "want array"},
		{"in a member's text", "palette", `{"colors": "PURPLE, GREEN", "count": 2}`, "", "/colors"},
		{"named in a sentence with another", "colors", `The colors are RED and PURPLE.`, "", "no JSON"},
		// Enum values listed in words are the list, but for a choice.
		{"and", "colors", `"RED and BLUE"`, `["RED","BLUE"]`, ""},
		{"an Oxford comma", "palette", `{"colors": "red, green, and blue", "count": 3}`, `{"colors":["RED","GREEN","BLUE"],"count":3}`, ""},
		{"an ampersand", "colors", `"GREEN & BLUE"`, `["GREEN","BLUE"]`, ""},
		{"or is a choice", "colors", `"RED or BLUE"`, "", "must be one of"},
		{"a value with and in it is one", "shows", `"black and white"`, `["Black and White"]`, ""},
	})
}

// A call's argument is its value (MongoDB's types, JSONP); a word, a
// space and a parenthesis of words is a remark in prose, part of the
// text, never a call whose "argument" would stand for the answer.
func TestRuleCalls(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a MongoDB type", `{"id": ObjectId("5f1d"), "n": NumberLong(2)}`, `{"id":"5f1d","n":2}`, "argument of ObjectId"},
		{"JSONP with a space", `callback ({"a": 1});`, `{"a":1}`, "argument of callback"},
		{"a remark in a value", `{"a": blue (a guess)}`, `{"a":"blue (a guess)"}`, "bare word"},
		{"a constructor", `{"at": new Date("2020-01-01"), "n": 1}`, `{"at":"2020-01-01","n":1}`, "argument of new Date"},
		{"a call of several arguments is kept as its text", `{"c": BinData(0, "q(x)"), "n": 1}`, `{"c":"BinData(0, \"q(x)\")","n":1}`, "several arguments"},
		{"an argument of brackets, then another", `{"p": Point([1, 2], 3)}`, `{"p":"Point([1, 2], 3)"}`, "several arguments"},
		// Python's repr of a dataclass, a named tuple or a Pydantic model.
		{"keyword arguments", `Person(name='Ada', age=36, tags=['a'], home=Address(city="L"))`, `{"name":"Ada","age":36,"tags":["a"],"home":{"city":"L"}}`, "keyword arguments, as an object"},
		{"keyword arguments in a value", `{"p": Person(name = "Ada", age=None)}`, `{"p":{"name":"Ada","age":null}}`, "keyword arguments, as an object"},
		{"keyword arguments cut short", `Person(name='Ada', age=3`, `{"name":"Ada","age":3}`, "left open"},
		{"a keyword argument, then another argument", `{"p": P(name='Ada', 36)}`, `{"p":"P(name='Ada', 36)"}`, "several arguments"},
		{"a comparison is no keyword argument", `f(a=='b')`, `"a=='b'"`, "argument of f"},
	})
	checkAligned(t, []alignCase{
		{"a remark naming another value", "color", "RED (though some would say BLUE)", "", "must be one of"},
		{"a repr where an object is wanted", "person", "Person(first_name='Ada', age=36)", `{"age":36,"first_name":"Ada"}`, ""},
	})
}

// null, None, N/A or nothing written in quotes is null where the schema
// takes null and no string; nothing in quotes, or those words, where a
// list is wanted is no items (unless the word is an item's value).
func TestRuleQuotedNull(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a quoted null", "nullable", `{"n": "null"}`, `{"n":null}`, ""},
		{"Python's None in quotes", "nullable", `{"n": "None"}`, `{"n":null}`, ""},
		{"nothing in quotes", "nullable", `{"n": ""}`, `{"n":null}`, ""},
		{"where null is not taken, a problem", "age", `{"age": "null"}`, "", "/age"},
		{"where a string is taken, the text", "null", `{"a": "null"}`, `{"a":"null"}`, ""},
		{"nothing where a list is wanted", "nullable", `{"n": 1, "tags": ""}`, `{"n":1,"tags":[]}`, ""},
		{"not applicable", "nullable", `{"n": "N/A"}`, `{"n":null}`, ""},
		{"none in lower case", "nullable", `{"n": "none"}`, `{"n":null}`, ""},
		{"other words stay a problem", "nullable", `{"n": "unknown"}`, "", "/n"},
		{"where a string is taken, N/A is text", "null", `{"a": "N/A"}`, `{"a":"N/A"}`, ""},
		{"none where a list is wanted", "nullable", `{"n": 1, "tags": "none"}`, `{"n":1,"tags":[]}`, ""},
		{"N/A where a list is wanted", "person", `{"first_name": "Ada", "age": 3, "tags": "N/A"}`, `{"age":3,"first_name":"Ada","tags":[]}`, ""},
		{"an item's value is the item", "grades", `"none"`, `["none"]`, ""},
	})
}

// 1 and 0 where a boolean is wanted are true and false; other numbers
// are no answer.
func TestRuleBooleanNumbers(t *testing.T) {
	checkAligned(t, []alignCase{
		{"one", "flag", `1`, `true`, ""},
		{"zero with a fraction", "flag", `0.0`, `false`, ""},
		{"one as text", "flag", `"1"`, `true`, ""},
		{"another number", "flag", `2`, "", "boolean"},
		{"a negative one", "flag", `-1`, "", "boolean"},
		{"where a string is allowed too, a number is no guess", "text", `{"flag": 1}`, "", "/flag"},
	})
}

// Quotes doubled inside a string, as CSV escapes them, are one quote
// each; one doubled quote alone is two strings without their comma.
func TestRuleCSVQuotes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a quoted word", `{"quote": "say ""hi"" now", "n": 1}`, `{"quote":"say \"hi\" now","n":1}`, "doubled quote inside"},
		{"a quote at the end", `{"q": "He said ""yes""", "n": 1}`, `{"q":"He said \"yes\"","n":1}`, "doubled quote inside"},
		{"commas inside", `{"csv": "a,""b"",c"}`, `{"csv":"a,\"b\",c"}`, "doubled quote inside"},
		{"in a list", `["a ""b"" c", "d"]`, `["a \"b\" c","d"]`, "doubled quote inside"},
		{"one doubled quote is a missing comma", `["a""b"]`, `["a","b"]`, "missing comma"},
		// An empty pair of quotes beside a blank, where the text runs on
		// to a quote that ends the value, is the text's (a shell command).
		{"an empty pair in a command", `{"cmd": "echo "" > x.txt"}`, `{"cmd":"echo \"\" > x.txt"}`, "pair of quotes"},
		{"an empty pair, then a member", `{"a": "say "" now", "n": 1}`, `{"a":"say \"\" now","n":1}`, "pair of quotes"},
		{"an empty pair before the end quote's line break stays the end", "{\"a\": \"x \"\"\n}", `{"a":"x \""}`, ""},
		{"an apostrophe doubled in single quotes", `{a: 'it''s'}`, `{"a":"it's"}`, "doubled quote inside"},
	})
}

// A key and its value separated by '=' or '=>' (TOML, HCL, PHP, Ruby).
func TestRuleKeyValueSeparators(t *testing.T) {
	checkRules(t, []ruleCase{
		{"equals signs", `{"a" = 1, "b" = "x"}`, `{"a":1,"b":"x"}`, `read "=" after a key`},
		{"bare keys", `{a = 1, b = "x y"}`, `{"a":1,"b":"x y"}`, `read "=" after a key`},
		{"fat arrows", `{"a" => 1, "b" => [1, 2]}`, `{"a":1,"b":[1,2]}`, `read "=>" after a key`},
		{"an equals sign in a value is text", `{"eq": "x = y", "n": 1}`, `{"eq":"x = y","n":1}`, ""},
	})
}

// Members written without the object's braces are an object.
func TestRuleMembersWithoutBraces(t *testing.T) {
	checkRules(t, []ruleCase{
		{"on one line", `"a": 1, "b": 2`, `{"a":1,"b":2}`, "without braces"},
		{"on lines", "\"name\": \"Ada\",\n\"age\": 36\n", `{"name":"Ada","age":36}`, "without braces"},
		{"a string with a colon is a string", `"note: a string"`, `"note: a string"`, ""},
	})
}

// A tag around the document (<json>…</json>) is not part of it.
func TestRuleTagsAround(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a tag pair", `<json>{"a": 1}</json>`, `{"a":1}`, "skipped the text before"},
		{"a tag with attributes, on lines", "<output format=\"json\">\n[1, 2]\n</output>", `[1,2]`, "left out the text after"},
		{"an assignment", "const result = {\"a\": 1};", `{"a":1}`, "skipped the text before"},
		{"an assignment in a fence", "```js\nconst result = {\"a\": 1};\n```", `{"a":1}`, "skipped the text before"},
		{"the fence's language on a line of its own", "```\njson\n{\"a\": 1}\n```", `{"a":1}`, "skipped the text before"},
		{"a chat template's special token", `<|python_tag|>{"name": "f", "x": 1}`, `{"name":"f","x":1}`, "marker <|python_tag|>"},
		{"a bracketed marker before a list", "[TOOL_CALLS] [{\"name\": \"f\"}]", `[{"name":"f"}]`, "marker [TOOL_CALLS]"},
		{"tokens around", `<|start|>assistant<|message|>{"a": 1}<|end|>`, `{"a":1}`, "left out the text after"},
		{"a bracketed word alone is a list", `[TODO]`, `["TODO"]`, "bare word"},
		{"a bracketed marker that closes", `[JSON]{"a": 1}[/JSON]`, `{"a":1}`, "left out the text after"},
		{"after a list", "[TOOL_CALLS] [{\"name\": \"f\"}]\n[/TOOL_CALLS]", `[{"name":"f"}]`, "left out the text after"},
		{"a list of a path is no marker", `[{"a": 1}] ["/usr"]`, `[[{"a":1}],["/usr"]]`, "documents in a row"},
	})
	checkStreamed(t, "any", []streamCase{
		{`[JSON]{"a": 1}[/JS`, `{"a":1}`},
	})
}

// Commas that are missing, doubled or trailing in objects and arrays are
// repairs, each reported.
func TestRuleCommasReported(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a trailing comma in an object", `{"a": "x",}`, `{"a":"x"}`, "trailing comma"},
		{"a missing comma in an object", `{"name": "Ada" "age": 36}`, `{"name":"Ada","age":36}`, "missing comma"},
		{"an extra comma in an object", `{"a": 1,, "b": 2}`, `{"a":1,"b":2}`, "extra comma"},
		{"an extra comma in an array", `[1, 2,, 3]`, `[1,2,3]`, "extra comma"},
	})
	// A comment after a comma or a value is reported once, and the comma
	// before it is no comma left out.
	for _, in := range []string{
		"[\n  \"a\", // first\n  \"b\"  # second\n]",
		"{\"a\": 1, /* one */ \"b\": 2 # two\n}",
	} {
		_, repairs, err := ReadLenient([]byte(in))
		var msgs []string
		for _, r := range repairs {
			msgs = append(msgs, r.Message)
		}
		if want := []string{"removed a comment", "removed a comment"}; err != nil || fmt.Sprint(msgs) != fmt.Sprint(want) {
			t.Errorf("%q: repairs %q (%v), want %q", in, msgs, err, want)
		}
	}
}

// Items written one a line with their commas left out: a string whose
// end quote ends the line is over where the next line starts a value or
// an unquoted key, escapes in it or not.
func TestRuleCommasLeftOutBetweenLines(t *testing.T) {
	checkRules(t, []ruleCase{
		{"an escaped string, then an object", "[\n  \"a\\\"b\"\n  {\"k\": 1}\n]", `["a\"b",{"k":1}]`, "missing comma"},
		{"an escaped string, then a list", "[\n  \"C:\\\\x\"\n  [1]\n]", `["C:\\x",[1]]`, "missing comma"},
		{"an escaped string, then a negative number", "[\n  \"a\\nb\"\n  -1\n]", `["a\nb",-1]`, "missing comma"},
		{"an escaped string, then a literal", "[\n  \"a\\nb\"\n  true\n  None\n]", `["a\nb",true,null]`, "missing comma"},
		{"an escaped string, then an unquoted key", "{\n  a: \"x\\ty\"\n  b: 2\n}", `{"a":"x\ty","b":2}`, "missing comma"},
		{"a comment between", "{\n  a: 'x' /* c */\n  b: 'y'\n}", `{"a":"x","b":"y"}`, "missing comma"},
		{"a quote inside a line is the text's", "{\"a\": \"say \"hi\" now\"}", `{"a":"say \"hi\" now"}`, "quote inside"},
		{"a comment after a string", "[\n  \"a\" // one\n  \"b\" # two\n  c\n]", `["a","b","c"]`, "missing comma"},
		{"a single-quoted string, then a bare word", "{\"n\": [\n  'a, b'\n  v1.2.3\n],\n \"t\": \"it's\"}", `{"n":["a, b","v1.2.3"],"t":"it's"}`, "missing comma"},
		{"a string over lines, then a bare word", "[\n  \"one\ntwo\"\n  three\n]", `["one\ntwo","three"]`, "missing comma"},
		{"quotes ending a value, then a comment", "{\n  \"a\": \"it's \"fine\"\" // c\n  \"b\": 1\n}", `{"a":"it's \"fine\"","b":1}`, "quote inside"},
		{"quotes ending a value, then a line break", "[\n  \"say \"hi\"\"\n]", `["say \"hi\""]`, "quote inside"},
		{"a quote ending a line is the text's when the next line ends the string", "{\"a\": \"the word \"foo\"\nnext line\"}", `{"a":"the word \"foo\"\nnext line"}`, "quote inside"},
	})
}

// Members written on one line with their commas left out, keys unquoted
// as in JavaScript: a key and its colon after a value's blanks start the
// next member, after a string, a literal or an unquoted value alike. A
// phrase in quotes, a colon that ends a single word or starts a URL, and
// a literal that words follow stay the value's text.
func TestRuleCommasLeftOutOnOneLine(t *testing.T) {
	checkRules(t, []ruleCase{
		{"after a string", `{a: "x" b: "y"}`, `{"a":"x","b":"y"}`, "missing comma"},
		{"no blank after the colons", `{a:"x", b:"y" c:"z"}`, `{"a":"x","b":"y","c":"z"}`, "missing comma"},
		{"after literals", `{a: true b: false c: null d: 1}`, `{"a":true,"b":false,"c":null,"d":1}`, "missing comma"},
		{"a literal, then a quoted key", `{'a': true 'b': 1}`, `{"a":true,"b":1}`, "missing comma"},
		{"after unquoted values", `{name: Ada Lovelace age: 36 city: London}`, `{"name":"Ada Lovelace","age":36,"city":"London"}`, "missing comma"},
		{"a list after", `{name: "Ada" langs: ["en" "fr"]}`, `{"name":"Ada","langs":["en","fr"]}`, "missing comma"},
		{"a quoted phrase, then a colon", `{"a": "use "fast" mode: "x" wins"}`, `{"a":"use \"fast\" mode: \"x\" wins"}`, "quote inside"},
		{"a URL after a quote", `{"a": "see "x" http://a.b"}`, `{"a":"see \"x\" http://a.b"}`, "quote inside"},
		{"a literal that words follow", `{a: true story}`, `{"a":"true story"}`, "bare word"},
		{"a URL in an unquoted value", `{a: see http://x.y b: 2}`, `{"a":"see http://x.y","b":2}`, "missing comma"},
		{"a colon after one word is the text's", `{note: Remember: bring food, b: 1}`, `{"note":"Remember: bring food","b":1}`, "bare word"},
	})
}

// A # after a value and a space starts a Python comment, also after a
// literal with its comma left out.
func TestRulePythonComments(t *testing.T) {
	checkRules(t, []ruleCase{
		{"after a literal", "[\n  True # yes\n  None # none\n]", `[true,null]`, "comment"},
		{"after a number", "{\"a\": 1 # one\n}", `{"a":1}`, "comment"},
		{"a # inside a word is the word's", `{"lang": C# and F#}`, `{"lang":"C# and F#"}`, "bare word"},
	})
}

// Keys written in another case or with other separators are the declared
// property they stand for, where only one fits and the key is not one
// the schema admits as it is.
func TestRuleKeyCase(t *testing.T) {
	checkAligned(t, []alignCase{
		{"case and camel case", "keys", `{"FirstName": "Ada", "Age": 36}`, `{"age":36,"first_name":"Ada"}`, ""},
		{"separators", "keys", `{"first-name": "Ada"}`, `{"first_name":"Ada"}`, ""},
		{"a required property of an open object", "open", `{"First Name": "Ada"}`, `{"first_name":"Ada"}`, ""},
		{"an optional one of an open object is an undeclared key", "open", `{"first_name": "Ada", "Nick": "A"}`, `{"Nick":"A","first_name":"Ada"}`, ""},
		{"two keys that stand for one property are no guess", "keys", `{"FirstName": "Ada", "first-name": "Bo"}`, "", "first_name"},
		{"the declared key wins", "keys", `{"first_name": "Ada", "FirstName": "Bo"}`, "", "FirstName"},
		{"an underscore escaped as markdown escapes it", "keys", `{"first\_name": "Ada"}`, `{"first_name":"Ada"}`, ""},
		{"quotes written into the key", "keys", `{"\"first_name\"": "Ada"}`, `{"first_name":"Ada"}`, ""},
		{"a key in markdown's bold", "keys", `{"**first_name**": "Ada", "age": 3}`, `{"age":3,"first_name":"Ada"}`, ""},
		{"a colon inside the key's quotes", "keys", `{"first_name:": "Ada", "Age:": 3}`, `{"age":3,"first_name":"Ada"}`, ""},
	})
}

// A key that lost its colon: a quoted key, white space, then a value no
// string's text starts with (a number, a quote, a bracket, a literal),
// in any quotes the reader takes for keys.
func TestRuleMissingColon(t *testing.T) {
	checkRules(t, []ruleCase{
		{"before literals and numbers", `{"a" true, "b" 2.5, "c" null}`, `{"a":true,"b":2.5,"c":null}`, "':'"},
		{"after a number, before a list", `{"a": 2, "b" [1, 2]}`, `{"a":2,"b":[1,2]}`, "':'"},
		{"before an object, over lines", "{\n  \"a\" {\n    \"b\" -3\n  }\n}", `{"a":{"b":-3}}`, "':'"},
		{"curly quotes and an empty string", `{“a” “”, “b” None}`, `{"a":"","b":null}`, "':'"},
		{"keys in doubled quotes", "{\n  \"\"a\"\" 1,\n  \"\"b\"\" {\"\"c\"\" true}\n}", `{"a":1,"b":{"c":true}}`, "':'"},
		{"a quote inside a key before a word is the key's", `{"the "best" one": 1}`, `{"the \"best\" one":1}`, "quote inside"},
	})
}

// A colon written twice after a key is one; a colon in a value is the
// value's.
func TestRuleDoubledColon(t *testing.T) {
	checkRules(t, []ruleCase{
		{"together", `{"a":: 1}`, `{"a":1}`, "second ':'"},
		{"apart, then more members", `{"a" : : 1, "b": 2}`, `{"a":1,"b":2}`, "second ':'"},
		{"after a bare key", `{a:: "x"}`, `{"a":"x"}`, "second ':'"},
		{"a colon in a string stays", `{"a": ":"}`, `{"a":":"}`, ""},
		{"a time stays", `{"t": 12:30}`, `{"t":"12:30"}`, "bare word"},
	})
}

// Python's string prefixes (u'x', r'x', b'x') before a quote are dropped;
// the same letters alone are words.
func TestRulePythonStringPrefix(t *testing.T) {
	checkRules(t, []ruleCase{
		{"unicode and raw strings", `{'a': u'x y', 'b': r'C:\new'}`, `{"a":"x y","b":"C:\\new"}`, "prefix u"},
		{"in a list", `[u"a", b'b']`, `["a","b"]`, "prefix b"},
		{"a format string", `{"msg": f"hi {name}", "n": 1}`, `{"msg":"hi {name}","n":1}`, "prefix f"},
		{"a lone letter is a word", `{"a": u, "b": r}`, `{"a":"u","b":"r"}`, "bare word"},
		{"a letter and a quote that closes nothing are a word and its end quote", `[a",b"]`, `["a","b"]`, "end quote"},
	})
}

// Words after a member's number on its line are the value's text: a
// member holds one value, so nothing is dropped as a stray tail.
func TestRuleNumberWithText(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a unit", `{"weight": 5 kg, "n": 1}`, `{"weight":"5 kg","n":1}`, `quoted the bare word "5 kg"`},
		{"a phone number", `{"phone": +1 555 1234}`, `{"phone":"+1 555 1234"}`, "quoted the bare word"},
		{"an expression", `{"range": 3 - 4}`, `{"range":"3 - 4"}`, "quoted the bare word"},
		{"a key after the number is a member", `{"a": 1 b: 2}`, `{"a":1,"b":2}`, "missing comma"},
		{"a comment after the number", "{\"a\": 1 # one\n}", `{"a":1}`, "comment"},
		{"in a list numbers stay numbers", `[5 6]`, `[5,6]`, "missing comma"},
		{"a percent sign", `{"share": 12.5%}`, `{"share":"12.5%"}`, `quoted the bare word "12.5%"`},
		{"unit signs in a list", `[50%, 20°, 5€]`, `["50%","20°","5€"]`, "bare word"},
	})
	checkAligned(t, []alignCase{
		{"a percent where a number is wanted", "age", `{"kg": 12.5%}`, `{"kg":12.5}`, ""},
	})
}

// A string that runs to its line's end, where the next line starts a
// member (a quoted key and its colon), lost its end quote there.
func TestRuleEndQuoteLostAtLineEnd(t *testing.T) {
	checkRules(t, []ruleCase{
		{"then a key", "{\"a\": \"one\n\"b\": 2}", `{"a":"one","b":2}`, "end quote is missing"},
		{"with its comma", "{\"a\": \"one,\n  \"b\": 2}", `{"a":"one","b":2}`, "end quote is missing"},
		{"a key in other plain quotes", "{'a': 'one\n  \"b\": 2}", `{"a":"one","b":2}`, "end quote is missing"},
		{"a typographic term in the text goes on", "{\"x\": \"a,\n \u201cterm\u201d: its sense\", \"y\": 2}", `{"x":"a,\n “term”: its sense","y":2}`, ""},
		{"then the object's brace", "{\n  \"a\": \"one\n}", `{"a":"one"}`, "end quote is missing"},
		{"then the list's bracket and a comma", "[\n  \"one\n],", `["one"]`, "end quote is missing"},
		{"then a list's next item", "{\"steps\": [\n  \"Open it\",\n  \"Edit line 3\n  \"Save\"\n]}", `{"steps":["Open it","Edit line 3","Save"]}`, "end quote is missing"},
		{"then a list's last item and its bracket", "[\"first\n\"second\"]", `["first","second"]`, "end quote is missing"},
		{"a quoted phrase that words follow goes on", "[\"a poem\n\"quoted\" and more\", \"x\"]", `["a poem\n\"quoted\" and more","x"]`, "control character"},
		{"a line that is text goes on", "{\"a\": \"one\ntwo\", \"b\": 2}", `{"a":"one\ntwo","b":2}`, "control character"},
		{"code in the value keeps its lines", "{\"code\": \"x = {\n\"k\": 1\n}\"}", `{"code":"x = {\n\"k\": 1\n}"}`, ""},
	})
}

// A string that runs to the end of the text, with no quote in it, is a
// string a token limit cut off, unless a line of it ends with the
// brackets that close every container and text follows: then the string
// lost its end quote before them, and prose follows the document.
// A string that lost its end quote at its line's end, where the next line
// starts a member, keeps the commas inside its line, whatever follows
// them: "x:1,y:2 is one value, not a value and a member y.
func TestRuleEndQuoteLostAtLineEndKeepsCommas(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a list of hosts", "{\n  \"a\": \"h1:9092,h2:9092,\n  \"b\": 1\n}", `{"a":"h1:9092,h2:9092","b":1}`, "end quote is missing"},
		{"a date", "{\n  \"a\": \"Fri, 09 Feb 2024 23:37:40 GMT,\n  \"b\": 1\n}", `{"a":"Fri, 09 Feb 2024 23:37:40 GMT","b":1}`, "end quote is missing"},
		{"an assignment", "{\n  \"a\": \"x:y,password=z,\n  \"b\": 1\n}", `{"a":"x:y,password=z","b":1}`, "end quote is missing"},
		{"the next key lost its opening quote too", "{\n  \"a\": \"x y\n  b\": \"z\"\n}", `{"a":"x y","b":"z"}`, "end quote is missing"},
	})
}

func TestRuleEndQuoteLostBeforeProse(t *testing.T) {
	checkRules(t, []ruleCase{
		{"an object, then prose", "{\"a\": \"b}\nLet me know if you need more.", `{"a":"b"}`, "end quote is missing"},
		{"a comma in the text stays", "{\"a\": \"x, y and z. }\nDone.", `{"a":"x, y and z."}`, "end quote is missing"},
		{"nested, then prose", "{\"a\": [\"b]}\nThat is all.", `{"a":["b"]}`, "end quote is missing"},
		{"cut off: the text is the string's", "{\"a\": \"b and c", `{"a":"b and c"}`, "left open"},
		{"brackets that close only some containers", "{\"a\": {\"b\": \"x}\nmore", `{"a":{"b":"x}\nmore"}}`, "left open"},
		{"a brace the string opened is its own", "{\"code\": \"f() {\n}\nmore", `{"code":"f() {\n}\nmore"}`, "left open"},
	})
}

// Text before the document that no value starts with is prose: a
// reasoning block, markdown, brackets around words before a fence.
func TestRuleTextBefore(t *testing.T) {
	checkRules(t, []ruleCase{
		{"reasoning with drafts", "<think>draft {\"a\": 0} and {x}</think>\n{\"a\": 1}", `{"a":1}`, "reasoning"},
		{"reasoning with a fenced draft", "<thinking>```json\n{\"a\": 0}\n```</thinking>\n```json\n{\"a\": 1}\n```", `{"a":1}`, "reasoning"},
		{"reasoning in capitals", "<THINK>x</THINK>[1]", `[1]`, "reasoning"},
		{"reasoning alone is read", "<think>{\"a\": 1}</think>", `{"a":1}`, "text before"},
		{"bullets", "- read it\n- wrote it\n\n{\"a\": 1}", `{"a":1}`, "text before"},
		{"bold", "**Answer:**\n[1, 2]", `[1,2]`, "text before"},
		{"a numbered list", "1. First\n2. Then {\"a\": 1}", `{"a":1}`, "text before"},
		{"a quote line", "> note\n{\"a\": 1}", `{"a":1}`, "text before"},
		{"braces around words before a fence", "The set {x, y} [sic]:\n```json\n{\"a\": 1}\n```", `{"a":1}`, "code fence"},
		{"a document before a fence is read", "{\"a\": 1} and ```json\n{\"b\": 2}\n```", `{"a":1}`, "text after"},
		{"a fence inside a fenced document's string is text", "```json\n{\"a\": \"run ```sh\\n x\\n```\\n done\"}\n```", `{"a":"run ` + "```sh\\n x\\n```" + `\n done"}`, "code fence"},
		{"a closing fence at a line's end", "```json\n{\"a\": 1}```", `{"a":1}`, "code fence"},
		{"a fence inside a string is text", "{\"a\": \"```x```\"}", `{"a":"` + "```x```" + `"}`, ""},
		{"so is a tuple in fences", "{\"a\": \"```()```\"}", `{"a":"` + "```()```" + `"}`, ""},
		{"a document in fences inside a string is the document", "{\"a\": \"```json {\"b\": [1]}```\"}", `{"a":{"b":[1]}}`, "fenced document"},
		{"a negative number is a value", "-5", `-5`, ""},
		// Prose has brackets of its own: the document starts at the first
		// that opens a value.
		{"braces around a word", "I think {this} is it: {\"a\": 1}", `{"a":1}`, "text before"},
		{"a markdown link", "See [the docs](https://x.dev) for more: [1, 2]", `[1,2]`, "text before"},
		{"a placeholder", "Hello {{name}}, here you go: {id: 7}", `{"id":7}`, "text before"},
		{"a Python list", "Result: [None, True]", `[null,true]`, "text before"},
		{"no bracket opens a value: the first is read", "Values {a b} here", `{}`, "text before"},
	})
	if doc, _, err := Extract([]byte("<think>```json\n{\"a\": 0}\n```</think>\n```json\n{\"a\": 1}\n```")); err != nil || string(doc) != `{"a": 1}` {
		t.Errorf("Extract took %s (%v) from a reply whose reasoning holds a draft, want the answer", doc, err)
	}
}

// An enum named in prose that reads as a document of its own (Color:
// BLUE - …) is still the value named, when one value is.
func TestRuleEnumInStructuredProse(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a label and a reason", "color", "Color: BLUE - because the sky is", `"BLUE"`, ""},
		{"a sentence", "color", "The color is red.", `"RED"`, ""},
		{"two values named", "color", "Color: RED or BLUE", "", "must be one of"},
		// A reply written as a document has no prose: a value named in its
		// strings is the document's, which does not fit.
		{"in a document's string", "color", `{"note": "the sky is blue", "n": 1}`, "", "must be one of"},
		{"a number in a document's string", "counts", `{"note": "about 3 of them"}`, "", "want integer"},
	})
}

// A first line that ends in a colon introduces the answer the lines
// after it hold; it is no item of a list.
func TestRuleIntroLine(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a list's lines", "strings", "Here are the fruits:\napple\nbanana", `["apple","banana"]`, ""},
		{"in bold", "strings", "**Fruits:**\napple\nbanana", `["apple","banana"]`, ""},
		{"lines with no introduction stay items", "strings", "apple\nbanana", `["apple","banana"]`, ""},
		{"a long list", "counts", strings.Repeat("- 7\n", 400), "[" + strings.TrimSuffix(strings.Repeat("7,", 400), ",") + "]", ""},
		// One line that labels a list: the items after the label.
		{"a label on the list's line", "colors", "Colors: red, blue", `["RED","BLUE"]`, ""},
		{"a bold label", "counts", "**Numbers:** 1, 2, 3", `[1,2,3]`, ""},
		{"a label with a number is no label", "counts", "Step 1: 4, 5", "", "no JSON"},
	})
	// Streaming, the list after its label is the list so far.
	checkStreamed(t, "colors", []streamCase{{"Colors: red, bl", `["RED"]`}})
}

// A scalar read from prose: the line that labels the answer, where one
// does; prose naming several numbers is no answer, whichever comes first.
func TestRuleScalarFromProse(t *testing.T) {
	checkAligned(t, []alignCase{
		{"one number", "int", "There are 42 of them.", `42`, ""},
		{"the same number twice", "int", "42. Yes, 42.", `42`, ""},
		{"several numbers", "int", "Out of 10 candidates, 3 passed.", "", "want integer"},
		{"a markdown list whose items do not fit is no list of one", "colors", "- apple, a red one\n- pear", "", "/1: value must be one of"},
		{"the answer's line after the steps", "int", "Step 1: 6\nStep 2: 7\nAnswer: 42", `42`, ""},
		{"a bold label", "int", "6 times 7 is what we need.\n\n**Final answer:** 42", `42`, ""},
		{"a boolean's answer line", "flag", "Answer: false\nReason: the claim is true only in part.", `false`, ""},
		{"yes on the answer line", "flag", "Answer: **Yes.**\nReason: it is.", `true`, ""},
		{"yes in a sentence is no answer", "flag", "Yes and no, it depends.", "", "boolean"},
		{"no first, then why", "flag", "No, it is not.", `false`, ""},
		{"yes first, in bold, then why", "flag", "**Yes.** The file exists.", `true`, ""},
		{"yes and a dash", "flag", "Yes - both are valid.", `true`, ""},
		{"a word that starts with no", "flag", "Nothing was found.", "", "boolean"},
		{"no, then the other answer's word", "flag", "No, it is true.", "", "boolean"},
		{"two answer lines are no answer", "int", "Answer: 6\nAnswer: 7", "", "want integer"},
		{"no answer line for a list", "counts", "Items: 1, 2\nResult: 3", "", "no JSON"},
	})
}

// A number with a unit or a count's noun, where a number is wanted, is
// the number; a second number in the text is no unit.
func TestRuleNumberWithUnit(t *testing.T) {
	checkAligned(t, []alignCase{
		{"years", "age", `{"age": 30 years}`, `{"age":30}`, ""},
		{"a quoted unit", "age", `{"kg": "5.5 kg"}`, `{"kg":5.5}`, ""},
		{"a currency sign, a space and a code", "age", `{"kg": "$ 12.50 USD"}`, `{"kg":12.5}`, ""},
		{"the typeset minus sign, quoted", "age", `{"kg": "−5.5"}`, `{"kg":-5.5}`, ""},
		{"two words", "age", `{"age": "30 years old"}`, `{"age":30}`, ""},
		{"a fraction stays a problem for an integer", "age", `{"age": "30.5 years"}`, "", "/age"},
		{"a phone number is no number", "age", `{"kg": "+1 555 1234"}`, "", "/kg"},
		{"an expression is no number", "age", `{"kg": "3 - 4"}`, "", "/kg"},
		{"a list is no number with a unit", "age", `{"age": "3, four"}`, "", "/age"},
		{"a magnitude is no unit to drop", "age", `{"kg": "12k"}`, "", "/kg"},
		{"nor in words", "age", `{"kg": "1.5 million"}`, "", "/kg"},
		{"a unit that starts like one is a unit", "age", `{"kg": "12 kg"}`, `{"kg":12}`, ""},
		{"so is a word", "age", `{"age": "3 months"}`, `{"age":3}`, ""},
		{"a magnitude in prose", "int", "About 12k people came.", "", "want integer"},
		{"a currency sign after", "age", `{"kg": "12.50 €"}`, `{"kg":12.5}`, ""},
		{"a decimal comma stays a problem", "age", `{"kg": "12,50 €"}`, "", "/kg"},
		{"a currency code before", "age", `{"kg": "USD 12"}`, `{"kg":12}`, ""},
		{"a code and thousands", "age", `{"kg": "EUR 1,234.50"}`, `{"kg":1234.5}`, ""},
		{"a dollar with a country", "age", `{"kg": "US$5"}`, `{"kg":5}`, ""},
		{"a word of four capitals is no code", "age", `{"kg": "ABCD 12"}`, "", "/kg"},
		{"a code before a magnitude is none", "age", `{"kg": "USD 12k"}`, "", "/kg"},
	})
}

// A number said to be an estimate, or followed by a remark in
// parentheses, is the number; a comparison, or a remark that names
// another number, stays a problem.
func TestRuleNumberHedged(t *testing.T) {
	checkAligned(t, []alignCase{
		{"about", "age", `{"age": "about 30"}`, `{"age":30}`, ""},
		{"a tilde", "age", `{"kg": "~5.5"}`, `{"kg":5.5}`, ""},
		{"approx. and a unit", "age", `{"kg": "approx. 2 kg"}`, `{"kg":2}`, ""},
		{"a remark in parentheses", "age", `{"kg": "7 (estimated)"}`, `{"kg":7}`, ""},
		{"a unit and a remark", "age", `{"age": "30 years (roughly)"}`, `{"age":30}`, ""},
		{"a comparison stays a problem", "age", `{"age": "less than 30"}`, "", "/age"},
		{"so does a negation", "age", `{"age": "not 30"}`, "", "/age"},
		{"a remark with another number", "age", `{"kg": "7 (or 8)"}`, "", "/kg"},
		{"a range said to be an estimate", "age", `{"kg": "about 7-8"}`, "", "/kg"},
		{"a word that starts like a hedge", "age", `{"kg": "abouts 7"}`, "", "/kg"},
		{"a fraction stays a problem for an integer", "age", `{"age": "about 30.5"}`, "", "/age"},
	})
}

// A quote at a line's end that closes a phrase an inner quote opened
// ("Click "OK"⏎) leaves the string open when the next line starts no
// key, bracket or string and runs on to a quote that ends a value: the
// lines are the string's, as in numbered steps written in a value.
func TestRulePhraseQuoteAtLineEnd(t *testing.T) {
	checkRules(t, []ruleCase{
		{"numbered steps", "{\"how\": \"1. Open\n2. Click \"OK\"\n3. Close\"}", `{"how":"1. Open\n2. Click \"OK\"\n3. Close"}`, "inside a string"},
		{"then a member on the same line", "{\"how\": \"Click \"OK\"\nthen close\", \"n\": 1}", `{"how":"Click \"OK\"\nthen close","n":1}`, "inside a string"},
		{"lines of a list", "{\"how\": \"Click \"OK\"\n- then close\n- done\"}", `{"how":"Click \"OK\"\n- then close\n- done"}`, "inside a string"},
		{"in a list", "[\"Press \"Go\"\n3 times\", \"b\"]", `["Press \"Go\"\n3 times","b"]`, "inside a string"},
		// The string ends at the quote where the next line does not go on
		// to a quote that ends a value, or starts what follows a value.
		{"a number on the next line is an item", "[\"a\"\n3]", `["a",3]`, "missing comma"},
		{"a key on the next line", "{\"a\": \"say \"hi\"\n\"b\": 1}", `{"a":"say \"hi","b":1}`, ""},
		{"a bare key on the next line", "{\"a\": \"say \"hi\"\nb: 1}", `{"a":"say \"hi","b":1}`, ""},
		{"the object's brace on the next line", "{\"a\": \"say \"hi\"\n}", `{"a":"say \"hi"}`, ""},
		{"no phrase open: the quote ends the string", "{\"a\": \"x\"\n3}", `{"a":"x"}`, ""},
		// A lone quote after the phrase, before the line's end, is the
		// string's end quote; the phrase's closing quote is its text.
		{"a lone quote ends the line", "{\"a\": \"for it \"this\" \"\n}", `{"a":"for it \"this\" "}`, "inside a string"},
		{"in a list", "[\n \"ones \"this\" \"\n]", `["ones \"this\" "]`, "inside a string"},
		{"no phrase open: a lone quote is no end", `["b" "]`, `["b\" "]`, ""},
	})
	// Streaming, the string is not done while the quote that decides is
	// still to come.
	n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///opt.json#"), []byte("{\"a\": \"Click \"OK\"\n3. Close\n4. Do"))
	if err != nil || n.Field("a") == nil || n.Field("a").Done() {
		t.Errorf("streaming: the string before the undecided quote is done (%v)", err)
	}
}

// Braces doubled as templates escape them ({{ }}) hold one object;
// objects in braces without keys are a list, as values in braces are.
func TestRuleDoubledBraces(t *testing.T) {
	checkRules(t, []ruleCase{
		{"the document", `{{"a": 1}}`, `{"a":1}`, "doubled braces"},
		{"every level", `{{"a": 1, "b": {{"c": 2}}}}`, `{"a":1,"b":{"c":2}}`, "doubled braces"},
		{"a value only", `{"a": {{"b": 1}}}`, `{"a":{"b":1}}`, "doubled braces"},
		{"across lines", "{\n  {\"a\": 1}\n}", `{"a":1}`, "doubled braces"},
		{"deeper", `{{{{"a": true}}}}`, `{"a":true}`, "doubled braces"},
		{"cut short", `{{"a": 1`, `{"a":1}`, "left open"},
		{"objects in braces are a list", `{{"a": 1}, {"b": 2}}`, `[{"a":1},{"b":2}]`, "as a list"},
		{"a placeholder in prose is no document", "Hello {{name}}, here: {\"id\": 7}", `{"id":7}`, "text before"},
		{"brackets are not braces", `[[1, 2]]`, `[[1,2]]`, ""},
	})
	// The first item's repairs point into the list.
	_, repairs, _ := ReadLenient([]byte(`{{"a": 1,}, {"b": 2}}`))
	if !slices.ContainsFunc(repairs, func(r problem.Repair) bool { return r.Pointer == "/0" && strings.Contains(r.Message, "trailing comma") }) {
		t.Errorf("the first item's repair does not point into the list: %v", repairs)
	}
}

// A '#' where a value is wanted, one word right after it, is the value
// (a color, a tag, an issue number); else it starts a comment.
func TestRuleHashWord(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a color", `{"hex": #FF0000}`, `{"hex":"#FF0000"}`, "bare word"},
		{"then a member", `{"hex": #FF0000, "b": 1}`, `{"hex":"#FF0000","b":1}`, "bare word"},
		{"tags in a list", `{"tags": [#go, #json]}`, `{"tags":["#go","#json"]}`, "bare word"},
		{"an issue number", `{"issue": #123}`, `{"issue":"#123"}`, "bare word"},
		{"a comment with a space", "{\"a\": # note\n 1}", `{"a":1}`, "comment"},
		{"a comment of several words", "{\"a\": #no value here\n 1}", `{"a":1}`, "comment"},
		{"a comment where a key is wanted", "{\"a\": 1,#note\n\"b\": 2}", `{"a":1,"b":2}`, "comment"},
		{"a comment after a value", "{\"a\": 1 #note\n}", `{"a":1}`, "comment"},
	})
}

// "//" and "/*" written right after an unquoted word's text are the
// word's (a path, a URL, a glob); a comment is written after a blank, and
// "/*" is closed on its line.
func TestRuleSlashesInWord(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a URL's doubled slash", `{"url": http://x.dev/a//b}`, `{"url":"http://x.dev/a//b"}`, "bare word"},
		{"a glob", `{"glob": src/*.js, "n": 1}`, `{"glob":"src/*.js","n":1}`, "bare word"},
		{"a path", `{"p": a//b, "n": 1}`, `{"p":"a//b","n":1}`, "bare word"},
		{"a closed comment after the word", `{"a": value/* c */, "n": 1}`, `{"a":"value","n":1}`, "comment"},
		{"a line comment after a blank", "{\"a\": value // c\n, \"n\": 1}", `{"a":"value","n":1}`, "comment"},
		{"a line comment right after the word, then a blank", "{\"a\": value// c\n}", `{"a":"value"}`, "comment"},
	})
}

// A string that escapes its quotes (\") and runs across lines ends at
// its first quote that no backslash escapes, where a value may end after
// it: its lines may look like members (YAML, code) without ending it.
func TestRuleEscapingStringAcrossLines(t *testing.T) {
	checkRules(t, []ruleCase{
		{"YAML with a quoted key", "{\"spec\": \"openapi: \\\"3.0\\\"\nresponses:\n  '200':\n    ok\", \"n\": 1}", `{"spec":"openapi: \"3.0\"\nresponses:\n  '200':\n    ok","n":1}`, "control character"},
		{"a line that is a closing brace", "{\"code\": \"x = \\\"1\\\"\n}\nmore\", \"n\": 1}", `{"code":"x = \"1\"\n}\nmore","n":1}`, "control character"},
		// With no escaped quote, a next line that starts a member still
		// ends a string whose end quote was lost.
		{"no escaped quote", "{\"a\": \"one\n\"b\": 2}", `{"a":"one","b":2}`, "end quote is missing"},
		{"an escaped quote, but no end quote ahead", "{\"a\": \"say \\\"hi\\\"\n\"b\": 2}", `{"a":"say \"hi\"","b":2}`, "end quote is missing"},
	})
}

// A quote right after a string's opening quote, a digit after it and a
// quote later on the line, starts a quoted phrase: the string is not
// empty, and no number follows it.
func TestRuleStringStartsWithQuotedNumber(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a version in quotes", "{\"v\": \"\"0.33.1\"\n\", \"n\": 1}", `{"v":"\"0.33.1\"\n","n":1}`, "inside a string"},
		{"a phrase, then words", `{"a": ""5 stars" rating"}`, `{"a":"\"5 stars\" rating"}`, "inside a string"},
		{"no quote after: an empty string, then a number", `[""1]`, `["",1]`, "missing comma"},
		{"an empty string stays", `["", 1]`, `["",1]`, ""},
	})
}

// A reply written as a markdown table is read as its rows: a list of
// objects, the header's cells their keys, or where an object is wanted
// the one row, or a table of two columns whose first names a property in
// every row. Which of several tables answers is not guessed.
func TestRuleMarkdownTable(t *testing.T) {
	const people = "| First name | Age | City |\n|---|--:|:--|\n| Ada | 36 | London |\n| Bo | 40 | |"
	checkAligned(t, []alignCase{
		{"a list of rows", "people", people, `[{"age":36,"city":"London","first_name":"Ada"},{"age":40,"first_name":"Bo"}]`, ""},
		{"after prose", "people", "Here they are:\n\n" + people + "\n\nAnything else?", `[{"age":36,"city":"London","first_name":"Ada"},{"age":40,"first_name":"Bo"}]`, ""},
		{"a pipe escaped in a cell", "people", "| first_name | age |\n|---|---|\n| A \\| B | 1 |", `[{"age":1,"first_name":"A | B"}]`, ""},
		{"one row for an object", "person", "| First Name | Age |\n| --- | --- |\n| Ada | 36 |", `{"age":36,"first_name":"Ada"}`, ""},
		{"fields and values for an object", "person", "| Field | Value |\n| --- | --- |\n| **First name** | Ada |\n| age | 36 |", `{"age":36,"first_name":"Ada"}`, ""},
		{"several rows for an object", "person", "| first_name | age |\n|---|---|\n| Ada | 36 |\n| Bo | 40 |", "", "no JSON"},
		{"a cell no column holds", "people", "| first_name | age |\n|---|---|\n| Ada | 36 | x |", "", "no JSON"},
		{"two columns of one name", "people", "| first_name | First Name | age |\n|---|---|---|\n| Ada | Bo | 36 |", "", "no JSON"},
		{"two tables", "people", "| first_name | age |\n|---|---|\n| Ada | 36 |\n\n| first_name | age |\n|---|---|\n| Bo | 40 |", "", "no JSON"},
		{"a value that does not fit", "people", "| first_name | age |\n|---|---|\n| Ada | old |", "", "/0/age"},
		{"no delimiter row: no table", "people", "| first_name | age |\n| Ada | 36 |", "", "no JSON"},
	})
	// A long table, past the length at which prose without a bracket is
	// refused unread, is read as well.
	long := "| first_name | age |\n|---|---|\n" + strings.Repeat("| Ada | 36 |\n", 200)
	if doc, _, ps, err := Align([]byte(long), ruleSchemas.Schema("structgen:///people.json#")); err != nil || len(ps) > 0 || len(doc.([]any)) != 200 {
		t.Errorf("a table of 200 rows: %v %v", ps, err)
	}
	// Streaming, a table is its rows so far, the last still growing until
	// its line ends; before its first row there is no answer yet.
	const twoRows = "| first_name | age |\n|---|---|\n| Ada | 36 |\n| Bo"
	checkStreamed(t, "people", []streamCase{
		{"| first_name | age |", ""},
		{"| first_name | age |\n|---|--", ""},
		{"| first_name | age |\n|---|---|\n", ""},
		{"Here they are:\n\n| first_name | age |\n|---", ""},
		{twoRows, `[{"age":36,"first_name":"Ada"},{"first_name":"Bo"}]`},
	})
	if n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///people.json#"), []byte(twoRows)); err != nil || !n.Items()[0].Done() || n.Items()[1].Done() {
		t.Errorf("streaming %q: a finished row not done, or the growing row done (%v)", twoRows, err)
	}
	_, repairs, _, _ := Align([]byte(people), ruleSchemas.Schema("structgen:///people.json#"))
	if !slices.ContainsFunc(repairs, func(r problem.Repair) bool {
		return r.Message == `read the column "First name" as the property "first_name"`
	}) {
		t.Errorf("the column's property is not reported: %v", repairs)
	}
	// With no schema, or one of no type, the rows are a list of objects
	// keyed by the header as written, their cells JSON's literals and
	// numbers or their text.
	checkRules(t, []ruleCase{
		{"no schema", people, `[{"First name":"Ada","Age":36,"City":"London"},{"First name":"Bo","Age":40,"City":""}]`, "markdown table"},
		{"no schema, after prose", "Sure:\n\n| name | ok |\n|---|---|\n| 007 | true |\n\nMore?", `[{"name":"007","ok":true}]`, "markdown table"},
	})
	checkAligned(t, []alignCase{
		{"no schema's types", "any", "| name | n |\n|---|---|\n| Ada | 1.5 |", `[{"n":1.5,"name":"Ada"}]`, ""},
	})
}

// A reply that opens a reasoning block and never closes it has no
// answer: a document inside is a draft, and reading it would guess.
func TestRuleUnclosedReasoning(t *testing.T) {
	for _, in := range []string{
		"<think>Draft: {\"a\": 1}\nFinal:\n{\"a\": 2}",
		"<thinking>\n```json\n{\"a\": 1}\n```",
		"  <THINK>[1, 2",
	} {
		if got, _, err := ReadLenient([]byte(in)); !errors.Is(err, problem.ErrUnclosedReasoning) || !errors.Is(err, problem.ErrNoJSON) {
			t.Errorf("ReadLenient(%q) = %s, %v; want ErrUnclosedReasoning", in, got, err)
		}
		if got, _, err := Extract([]byte(in)); !errors.Is(err, problem.ErrUnclosedReasoning) {
			t.Errorf("Extract(%q) = %s, %v; want ErrUnclosedReasoning", in, got, err)
		}
		if _, _, err := ReadPartial(ruleSchemas.Schema("structgen:///opt.json#"), []byte(in)); !errors.Is(err, problem.ErrNoJSON) {
			t.Errorf("streaming %q: %v, want no answer yet", in, err)
		}
	}
	// A closed block is read as before: the answer after it, or, alone,
	// the block's document.
	checkRules(t, []ruleCase{
		{"closed, then the answer", "<think>{\"a\": 1}</think>{\"a\": 2}", `{"a":2}`, "reasoning"},
		{"closed and alone", "<think>{\"a\": 1}</think>", `{"a":1}`, ""},
		{"a tag later in the text is text", "Answer: {\"a\": \"<think>\"}", `{"a":"<think>"}`, ""},
	})
	// Streamed, a closed block alone is no answer yet (the answer may
	// follow it), and what follows it is read without it: the prose
	// rules see the answer's words, not the block's brackets.
	checkStreamed(t, "person", []streamCase{
		{"<think>Draft: {\"first_name\": \"Bo\"}</think>", ""},
		{"<think>Fields: {a, b}</think>\n- checked the input\n\n*", ""},
		{"<think>Fields: {a, b}</think>\n{\"first_name\": \"Ada\", ", `{"first_name":"Ada"}`},
	})
}

// A document whose quotes are HTML entities (it went through a web page)
// is read unescaped; an entity inside a document with quotes is text.
func TestRuleHTMLEntities(t *testing.T) {
	checkRules(t, []ruleCase{
		{"an object", `{&quot;a&quot;: 1, &quot;b&quot;: &quot;x &amp; y&quot;}`, `{"a":1,"b":"x & y"}`, "HTML entities"},
		{"a list after prose", `Here: [&quot;a&quot;, &quot;b&quot;]`, `["a","b"]`, "HTML entities"},
		{"numeric entities", `{&#34;a&#34;: &#34;&lt;b&gt;&#34;}`, `{"a":"<b>"}`, "HTML entities"},
		{"an entity in a string stays", `{"html": "&quot;hi&quot;"}`, `{"html":"&quot;hi&quot;"}`, ""},
	})
	checkAligned(t, []alignCase{
		{"with a schema", "req", `{&quot;a&quot;: &quot;x&quot;}`, `{"a":"x"}`, ""},
	})
}

// A yes, no, true or false written first in a field that wants a
// boolean, then why, is the answer; a phrase that also says the other is none.
func TestRuleYesNoPhraseInField(t *testing.T) {
	checkAligned(t, []alignCase{
		{"yes, then why", "done", `{"done": "Yes, definitely"}`, `{"done":true}`, ""},
		{"no and a dash", "done", `{"done": "No - not yet"}`, `{"done":false}`, ""},
		{"no, then the other word", "done", `{"done": "No, it is true"}`, "", "want boolean"},
		{"yes, then a negated true", "done", `{"done": "Yes, it is not true"}`, "", "want boolean"},
		{"a word that starts with no", "done", `{"done": "Nothing, yet"}`, "", "want boolean"},
		{"false, then why in parentheses", "done", `{"done": "false (not yet)"}`, `{"done":false}`, ""},
		{"true, then why", "done", `{"done": "True, it ran"}`, `{"done":true}`, ""},
		{"true, then the other word", "done", `{"done": "true, or false"}`, "", "want boolean"},
		{"a word that starts with true", "done", `{"done": "Trueish, yet"}`, "", "want boolean"},
		{"where a string is allowed, the text stays", "text", `{"flag": "Yes, definitely"}`, `{"flag":"Yes, definitely"}`, ""},
	})
}

// An object the model stopped writing and wrote again from its start, as
// the value of its next member, is the second writing; where a brace
// closes the first, the text is valid JSON and is read as written.
func TestRuleObjectWrittenAgain(t *testing.T) {
	checkRules(t, []ruleCase{
		{"the text ends after it", "{\"a\": 1, \"b\": \n{\"a\": 1, \"b\": 2}", `{"a":1,"b":2}`, "written again"},
		{"members of every kind", "{\"a\": {\"x\": [1]}, \"b\":\n{\"a\": {\"x\": [1]}, \"b\": \"y\"}", `{"a":{"x":[1]},"b":"y"}`, "written again"},
		{"in a list", "[{\"id\": 1, \"tags\": \n{\"id\": 1, \"tags\": [\"x\"]}]", `[{"id":1,"tags":["x"]}]`, "written again"},
		{"closed: valid JSON as written", "{\"a\": 1, \"b\": \n{\"a\": 1, \"b\": 2}}", `{"a":1,"b":{"a":1,"b":2}}`, ""},
		{"another value: a child", "{\"name\": \"root\", \"child\":\n{\"name\": \"leaf\"}", `{"name":"root","child":{"name":"leaf"}}`, ""},
		{"on the key's line: a value", "{\"a\": 1, \"b\": {\"a\": 1, \"b\": 2}", `{"a":1,"b":{"a":1,"b":2}}`, ""},
	})
	_, repairs, _ := ReadLenient([]byte("{\"a\": 1, \"b\": \n{\"a\": 1, \"b\": [1, 2,]}"))
	if !slices.ContainsFunc(repairs, func(r problem.Repair) bool { return r.Pointer == "/b" && strings.Contains(r.Message, "trailing comma") }) {
		t.Errorf("a repair inside the object written again does not point at its place in it: %v", repairs)
	}
}

// A number in quotes spelled as the reader reads it bare (a leading
// plus, no digit before the point) is that number where one is wanted;
// a leading zero is no number: it may be a code.
func TestRuleLooseNumberInQuotes(t *testing.T) {
	checkAligned(t, []alignCase{
		{"no digit before the point", "age", `{"kg": ".5"}`, `{"kg":0.5}`, ""},
		{"negative, no digit before the point", "age", `{"kg": "-.25"}`, `{"kg":-0.25}`, ""},
		{"a leading plus", "age", `{"age": "+3"}`, `{"age":3}`, ""},
		{"a plus and an exponent", "age", `{"kg": "+1.5e2"}`, `{"kg":150}`, ""},
		{"a leading zero is a code", "age", `{"age": "007"}`, "", "/age"},
		{"a sign alone is no number", "age", `{"kg": "+"}`, "", "/kg"},
		{"an exponent alone is no number", "age", `{"kg": "e5"}`, "", "/kg"},
		{"a fraction stays a problem for an integer", "age", `{"age": ".5"}`, "", "/age"},
	})
}

// A quote right after a value's text, before a word, its quote and a
// colon, ends the value: the next key lost its comma and opening quote.
func TestRuleKeyLostOpenQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"between members", `{"a":"1","b":"2"c":"3"}`, `{"a":"1","b":"2","c":"3"}`, "missing comma"},
		{"after a comma the quote opens the key", `{"a": "x, "b": 2}`, `{"a":"x","b":2}`, "end quote is missing"},
		{"a quoted word in the text stays", `{"a": "say "hi" now", "b": 1}`, `{"a":"say \"hi\" now","b":1}`, "inside a string"},
		{"after a literal and its comma", `{"a": false, b": 1}`, `{"a":false,"b":1}`, "key that had no opening quote"},
		{"a key of two words", `{"v": null, first name": -84.1}`, `{"v":null,"first name":-84.1}`, `quoted the key "first name"`},
		{"on the next line", "{\"a\": 1, \"b\": false,\n c\": 2}", `{"a":1,"b":false,"c":2}`, "key that had no opening quote"},
		{"words with a comma and no quote stay the value", `{"v": red, green, "b": 1}`, `{"v":"red, green","b":1}`, "bare word"},
		{"a key with colons", `{"scopes": {read:pets": "read", write:pets": "write"}}`, `{"scopes":{"read:pets":"read","write:pets":"write"}}`, `quoted the key "read:pets"`},
		{"a key with brackets", `{"b": {ctrl+]": "open", "x": 1}}`, `{"b":{"ctrl+]":"open","x":1}}`, `quoted the key "ctrl+]"`},
		{"an unquoted key before a quoted value stays", `{element:":root", "b": 1}`, `{"element":":root","b":1}`, `quoted the key "element"`},
	})
}

// A key whose end quote is lost at its colon: where no colon follows
// the quote that ends the key's text, and that text holds a colon and a
// value after it, the key ends at that colon.
func TestRuleKeyLostEndQuoteAtColon(t *testing.T) {
	checkRules(t, []ruleCase{
		{"before an empty string", `{"price: "", "b": 1}`, `{"price":"","b":1}`, "end quote is missing"},
		{"before a list of strings", `{"tags: ["a", "b"], "n": 1}`, `{"tags":["a","b"],"n":1}`, "end quote is missing"},
		{"in an object in a list", `[{"n: 1}, "x"]`, `[{"n":1},"x"]`, "end quote is missing"},
		{"a colon the key ends with stays", `{"a:": 1}`, `{"a:":1}`, ""},
		{"a URL as a key stays", `{"http://x": 1}`, `{"http://x":1}`, ""},
		{"a time as a key stays", `{"12:30": "lunch"}`, `{"12:30":"lunch"}`, ""},
		{"at a line break", "{\n  \"zip: true\n  \"b\": 1\n}", `{"zip":true,"b":1}`, "end quote is missing"},
	})
	if msg, err := doneChanges(ruleSchemas.Schema("structgen:///any.json#"), "{\n  \"zip: true\n  \"b\": 1\n}"); msg != "" || err != nil {
		t.Errorf("streaming: %s (%v)", msg, err)
	}
}

// A word written with only its end quote, where a line break and then a
// closing bracket or comma follow the quote, is a string that lost its
// opening quote (as where the bracket follows on the same line).
func TestRuleWordEndQuoteBeforeLineBreak(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a list's last item", "[\n  null,\n  works\"\n]", `[null,"works"]`, "end quote of a string that had no opening quote"},
		{"in an object", "{\"a\": [\n works\"\n ], \"b\": 1}", `{"a":["works"],"b":1}`, "end quote of a string that had no opening quote"},
		{"a number and its end quote", "[1, 0\"\n]", `[1,"0"]`, "lost its opening quote"},
		{"a key on the next line, the comma left out", "{\n  \"a\": x y\"\n  \"b\": 1\n}", `{"a":"x y","b":1}`, "end quote of a string that had no opening quote"},
	})
}

// In a list, a string whose one inner quote follows a comma lost its end
// quote at that comma: the quote opens the next item. Inner quotes that
// pair up are the text's.
func TestRuleItemLostEndQuoteBeforeComma(t *testing.T) {
	checkRules(t, []ruleCase{
		{"between items", `["a", "b, "c"]`, `["a","b","c"]`, "end quote is missing"},
		{"the first item", `["b, "c d"]`, `["b","c d"]`, "end quote is missing"},
		{"paired inner quotes stay", `["She said, "yes" and left", "b"]`, `["She said, \"yes\" and left","b"]`, "inside a string"},
		{"in an object the quote is the text's", `{"a": "b, "c"}`, `{"a":"b, \"c"}`, "inside a string"},
	})
}

// A string left open up to the end of the text ends at the first
// delimiter, but a bracket that closes one the string's own text opened
// is the text's.
func TestRuleOpenStringKeepsItsBrackets(t *testing.T) {
	checkRules(t, []ruleCase{
		{"braces", `["a", "x {y} z]`, `["a","x {y} z"]`, "end quote is missing"},
		{"square brackets", `{"a": "see [1] here}`, `{"a":"see [1] here"}`, "end quote is missing"},
		{"a bracket the text did not open ends it", `["a", "x {y]`, `["a","x {y"]`, "end quote is missing"},
	})
}

// A key left open ends at its colon; a quote of another kind right
// before the colon is its end quote, not a character of the key.
func TestRuleKeyEndsWithAnotherQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"double, then single", `{"a': 1}`, `{"a":1}`, "end quote of a key"},
		{"single, then double", `{'a": 1}`, `{"a":1}`, "end quote of a key"},
		{"nested", `{"a": {"b': [1]}}`, `{"a":{"b":[1]}}`, "end quote of a key"},
		{"an apostrophe inside a closed key stays", `{"students'": 1}`, `{"students'":1}`, ""},
		{"valid JSON stays", `{"a': 1, 'b": "x"}`, `{"a': 1, 'b":"x"}`, ""},
	})
}

// A value left open ends at the delimiter after it, and so does its
// text: a quote of another kind right before the delimiter is its end
// quote, not a character of the text.
func TestRuleValueEndsWithAnotherQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"double, then single, before a comma", `{"a": "b', "c": 1}`, `{"a":"b","c":1}`, "end quote of a string opened with \""},
		{"single, then double", `{"a": 'b", "c": 1}`, `{"a":"b","c":1}`, "end quote of a string opened with '"},
		{"before a brace", `{"a": "b'}`, `{"a":"b"}`, "end quote of a string opened with \""},
		{"a curly one", `{"a": "Ada”, "n": 2}`, `{"a":"Ada","n":2}`, "end quote of a string opened with \""},
		{"keys in single quotes too", `{'a': "b', 'c': 'd'}`, `{"a":"b","c":"d"}`, "end quote of a string opened with \""},
		{"an apostrophe inside the text stays", `{"a": "it's', "c": 1}`, `{"a":"it's","c":1}`, "end quote"},
		{"a quote that closes a phrase stays", `{"a": "name='Bob', "c": 1}`, `{"a":"name='Bob'","c":1}`, "end quote is missing"},
		{"phrases in a row", `{"a": "src 'self'; obj 'self', "c": 1}`, `{"a":"src 'self'; obj 'self'","c":1}`, "end quote is missing"},
		{"a closed string keeps its last quote", `{"a": "the students'", "c": 1}`, `{"a":"the students'","c":1}`, ""},
		{"a quote alone is the text", `{"a": "', "c": 1}`, `{"a":"'","c":1}`, ""},
	})
}

// In a list too, a quote of another kind before a comma and the next
// item's quote is the end quote of a string opened with another.
func TestRuleItemEndsWithAnotherQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"the first item", `["a', "b"]`, `["a","b"]`, "end quote of a string opened with \""},
		{"an item between", `["x", "y', "z"]`, `["x","y","z"]`, "end quote of a string opened with \""},
		{"quotes of another kind inside an item stay", `["say 'hi' now", "b"]`, `["say 'hi' now","b"]`, ""},
		{"an apostrophe before a comma inside an item stays", `["the cats', dogs' toys", "b"]`, `["the cats', dogs' toys","b"]`, ""},
	})
}

// A line that starts with a key and its colon, after a list of scalars
// an object holds, is the object's next member: the list lost its
// closing bracket. In a list of objects, or with no object around, the
// key and value are an object in the list.
func TestRuleListLostBracketBeforeMember(t *testing.T) {
	checkRules(t, []ruleCase{
		{"numbers", "{\"a\": [1, 2, 3\n\"b\": 4}", `{"a":[1,2,3],"b":4}`, "closed an array before the next member"},
		{"strings, indented, after a comma", "{\"a\": [\"x\", \"y\",\n  \"b\": \"z\"}", `{"a":["x","y"],"b":"z"}`, "closed an array before the next member"},
		{"a key on the same line stays an object in the list", `{"a": ["x", "k": 1]}`, `{"a":["x",{"k":1}]}`, "key and value in an array"},
		{"a list with no object around", "[\"a\", \"b\"\n\"c\": 1]", `["a","b",{"c":1}]`, "key and value in an array"},
	})
}

// A quote right after a number: before the delimiter the end quote of a
// string that lost its opening one (a version, "1.10", keeps its last
// digit; a schema that wants a number reads it as one), before words on
// the line an inch mark, the text's.
func TestRuleQuoteAfterNumber(t *testing.T) {
	checkRules(t, []ruleCase{
		{"before a comma", `{"a": 1", "b": 2}`, `{"a":"1","b":2}`, `read 1" as a string that lost its opening quote`},
		{"a version keeps its digits", `{"v": 1.10"}`, `{"v":"1.10"}`, "lost its opening quote"},
		{"in a list", `[1", 2]`, `["1",2]`, "lost its opening quote"},
		{"an inch mark", `{"size": 24" screen, "n": 1}`, `{"size":"24\" screen","n":1}`, "quote after the number is its text"},
		{"a key after the quote is no text", `{"a": 1"b": 2}`, `{"a":1,"b":2}`, ""},
	})
	checkAligned(t, []alignCase{
		{"a schema that wants a number reads it as one", "age", `{"kg": 1.5"}`, `{"kg":1.5}`, ""},
	})
}

// A key whose end quote went to the next line ends before the line
// break and the spaces around it: they are layout. Spaces alone, or a
// line break written as an escape, are the key's.
func TestRuleKeyEndQuoteOnNextLine(t *testing.T) {
	checkRules(t, []ruleCase{
		{"break, then indentation", "{\"name\n    \": \"Ada\"}", `{"name":"Ada"}`, "line break at the end of a key"},
		{"space, then break", "{\"a\": 1, \"name \n\": 2}", `{"a":1,"name":2}`, "line break at the end of a key"},
		{"single quotes", "{'name\n  ': 'Ada'", `{"name":"Ada"}`, "line break at the end of a key"},
		{"trailing spaces stay", "{\"name  \": \"Ada\"", `{"name  ":"Ada"}`, ""},
		{"an escaped break stays", "{\"name\\n\": 1", `{"name\n":1}`, ""},
	})
}

// While streaming, the words a model writes before its answer are no
// answer where the schema takes neither a string nor a list of them;
// where it does, they stream as they read.
func TestRuleProseBeforeAnswerStreams(t *testing.T) {
	checkStreamed(t, "req", []streamCase{
		{"Here it is:", ""},
		{"Sure! Let me think.\nThe answer", ""},
		{"Here it is: {\"a\": \"x", `{"a":"x"}`},
	})
	checkStreamed(t, "people", []streamCase{
		{"Here they are:\n\n", ""},
		{"Here they are:\n\n[{\"first_name\": \"Ada\"", `[{"first_name":"Ada"}]`},
	})
	checkStreamed(t, "int", []streamCase{{"The answer is", ""}})
	checkStreamed(t, "strings", []streamCase{{"apples\npears", `["apples","pears"]`}})
	checkStreamed(t, "union", []streamCase{{"Here it is:", `"Here it is"`}})
}

// A flat list where a list of lists is wanted is not guessed at (one
// row, or a column of rows of one?); one item, or one scalar among
// lists, is a list of one.
func TestRuleFlatListForNested(t *testing.T) {
	checkAligned(t, []alignCase{
		{"several numbers", "grid", `{"rows": [1, 2, 3]}`, "", "/rows/0: got number, want array"},
		{"one number", "grid", `{"rows": [5]}`, `{"rows":[[5]]}`, ""},
		{"a number among rows", "grid", `{"rows": [[1, 2], 3]}`, `{"rows":[[1,2],[3]]}`, ""},
		{"rows as written", "grid", `{"rows": [[1, 2], [3, 4]]}`, `{"rows":[[1,2],[3,4]]}`, ""},
	})
}

// Members written on one line, after a comma or a semicolon, are
// members where the words before the colon name a declared property;
// else the comma is the value's.
func TestRuleMembersOnOneLine(t *testing.T) {
	checkAligned(t, []alignCase{
		{"comma", "person", "first_name: Ada, age: 36", `{"age":36,"first_name":"Ada"}`, ""},
		{"semicolon and comma", "people", "- first_name: Ada; age: 36, city: London", `[{"age":36,"city":"London","first_name":"Ada"}]`, ""},
		{"bold names", "person", "**First name:** Ada, **Age:** 36", `{"age":36,"first_name":"Ada"}`, ""},
		{"assignments", "person", `first_name = "Ada", age = 36`, `{"age":36,"first_name":"Ada"}`, ""},
		{"a comma of the value", "person", "first_name: Ada, Lovelace\nage: 36", `{"age":36,"first_name":"Ada, Lovelace"}`, ""},
		{"a quoted value keeps its commas", "person", "first_name: \"Ada, age: 36\"\nage: 37", `{"age":37,"first_name":"Ada, age: 36"}`, ""},
		{"a property twice", "person", "first_name: Ada, first_name: Bo, age: 3", "", "no JSON"},
	})
}

// A property that allOf's members both declare is one property to
// member lines, not two that a key could stand for.
func TestRuleMemberLinesOfLayeredSchema(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a property declared twice", "layered", "name: Ada\nage: 3", `{"age":3,"name":"Ada"}`, ""},
	})
}

// A reply written wholly as member lines that does not read as the
// object gets an error saying which line did not fit.
func TestRuleMemberLinesRefused(t *testing.T) {
	checkAligned(t, []alignCase{
		{"an undeclared property", "bio", "name: Ada\nbio: x\njob: poet", "", `its line 3 names "job", which the schema does not declare (it declares age, bio, name)`},
		{"a property twice", "bio", "name: Ada\nbio: x\n\nname: Bo", "", `its lines 1 and 3 both name "name"`},
	})
	// Lines under a member, or prose, are not worded so.
	for _, in := range []string{"name: Ada\nbio: x\n  job: poet\njob: y", "I think so.\nname: Ada\nbio: x\njob: poet"} {
		_, _, ps, err := Align([]byte(in), ruleSchemas.Schema("structgen:///bio.json#"))
		if strings.Contains(fmt.Sprint(ps, err), "lines of a property") {
			t.Errorf("%q: %v %v", in, ps, err)
		}
	}
}

// A markdown list where a list of objects is wanted: each item whose
// lines name the item's declared properties is that object (YAML's
// sequence of mappings, or a numbered list of fields).
func TestRuleMarkdownListOfObjects(t *testing.T) {
	checkAligned(t, []alignCase{
		{"YAML", "people", "- first_name: Ada\n  age: 36\n- first_name: Bo\n  age: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"after prose, blank lines between", "people", "Here they are:\n\n- first_name: Ada\n  age: 36\n\n- first_name: Bo\n  age: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"numbered, one line each", "people", "1. First name: Ada, Age: 36\n2. First name: Bo, Age: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"an item that names no property", "people", "- first_name: Ada\n  age: 36\n- Bo, aged 3", "", "want object"},
		{"an undeclared property of an open object is a member", "people", "- first_name: Ada\n  age: 36\n  job: poet", `[{"age":36,"first_name":"Ada","job":"poet"}]`, ""},
		{"under a property", "team", "name: A\npeople:\n  - first_name: Ada\n    age: 36\n  - first_name: Bo", `{"name":"A","people":[{"age":36,"first_name":"Ada"},{"first_name":"Bo"}]}`, ""},
		{"under a property, at its indent, then the next member", "team", "people:\n- first_name: Ada\n  age: 36\nname: A", `{"name":"A","people":[{"age":36,"first_name":"Ada"}]}`, ""},
		{"under a bold label, one line each", "team", "**People:**\n- First name: Ada, Age: 36\n- First name: Bo, Age: 3", `{"people":[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]}`, ""},
		{"an item with an undeclared property", "team", "people:\n  - first_name: Ada\n    job: poet", `{"people":[{"first_name":"Ada","job":"poet"}]}`, ""},
	})
	checkStreamed(t, "people", []streamCase{
		{"- first_name: Ada\n  age: 36\n- first_name: B", `[{"age":36,"first_name":"Ada"},{"first_name":"B"}]`},
	})
}

// Lines indented under a member line are its value's text, as YAML
// writes a long value: after | as written (less their common indent),
// after > folded into spaces, after a value or none folded too; never
// left out.
func TestRuleIndentedText(t *testing.T) {
	checkAligned(t, []alignCase{
		{"literal block", "bio", "name: Ada\nbio: |\n  Mathematician.\n  Wrote a program.\nage: 36", `{"age":36,"bio":"Mathematician.\nWrote a program.\n","name":"Ada"}`, ""},
		{"literal, stripped, inner indent and a blank line kept", "bio", "name: Ada\nbio: |-\n  one\n    two\n\n  three", `{"bio":"one\n  two\n\nthree","name":"Ada"}`, ""},
		{"folded block", "bio", "name: Ada\nbio: >\n  one\n  two\n\n  three", `{"bio":"one two\nthree\n","name":"Ada"}`, ""},
		{"a value that goes on", "bio", "name: Ada\nbio: Mathematician.\n  Wrote a program.\n\nHope this helps!", `{"bio":"Mathematician. Wrote a program.","name":"Ada"}`, ""},
		{"no value, then text", "bio", "name: Ada\nbio:\n  Mathematician.\n  Wrote a program.", `{"bio":"Mathematician. Wrote a program.","name":"Ada"}`, ""},
		{"in a list's item", "team", "people:\n  - first_name: Ada\n    age: 36\n  - first_name: >-\n      Bo\n      Peep", `{"people":[{"age":36,"first_name":"Ada"},{"first_name":"Bo Peep"}]}`, ""},
	})
}

// A reply written as XML elements where an object is wanted, as models
// prompted with XML tags answer: each element a declared property; where
// a list is wanted, its items one element each.
func TestRuleXMLMembers(t *testing.T) {
	checkAligned(t, []alignCase{
		{"elements", "contact", "<name>Ada</name>\n<address><city>London</city></address>", `{"address":{"city":"London"},"name":"Ada"}`, ""},
		{"inside an element of their own, entities", "person", "<person><first_name>Ada &amp; Bo</first_name><age>36</age></person>", `{"age":36,"first_name":"Ada \u0026 Bo"}`, ""},
		{"HTML's entities", "person", "<first_name>Ren&eacute;e</first_name><age>36</age>", `{"age":36,"first_name":"Renée"}`, ""},
		{"names in another case", "person", "<FirstName>Ada</FirstName><Age>36</Age>", `{"age":36,"first_name":"Ada"}`, ""},
		{"a list in an element", "person", "<first_name>Ada</first_name><age>3</age><tags><tag>a</tag><tag>b</tag></tags>", `{"age":3,"first_name":"Ada","tags":["a","b"]}`, ""},
		{"an element written again", "person", "<first_name>Ada</first_name><age>3</age><tags>a</tags><tags>b</tags>", `{"age":3,"first_name":"Ada","tags":["a","b"]}`, ""},
		{"in a fence marked xml", "person", "```xml\n<first_name>Ada</first_name>\n<age>3</age>\n```", `{"age":3,"first_name":"Ada"}`, ""},
		{"a scalar written twice", "person", "<first_name>Ada</first_name><first_name>Bo</first_name><age>3</age>", "", "<first_name> is written again (at offset 28) where one value is wanted"},
		{"an undeclared element", "person", "<first_name>Ada</first_name><age>3</age><job>poet</job>", "", "the reply is written as XML, but <job> (at offset 40) names no property the schema declares"},
		{"text beside elements", "person", "<first_name>Ada <b>L</b></first_name><age>3</age>", "", "<first_name> (at offset 0) holds text beside elements"},
		{"prose around", "person", "Here: <first_name>Ada</first_name><age>3</age>", "", "no JSON"},
		{"cut short", "person", "<first_name>Ada</first_name><age>3", `{"age":3,"first_name":"Ada"}`, ""},
		{"cut inside a tag", "person", "<person><first_name>Ada</first_name><age>3</ag", `{"age":3,"first_name":"Ada"}`, ""},
		{"a tag cut in two, no element yet", "person", "<first_na", "", "no JSON"},
		{"a list of objects", "people", "<people><person><first_name>Ada</first_name><age>36</age></person><person><First_Name>Bo</First_Name><age>3</age></person></people>", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"items without a list's element", "people", "<person><first_name>Ada</first_name><age>36</age></person>\n<person><first_name>Bo</first_name><age>3</age></person>", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"items of two names", "people", "<person><first_name>Ada</first_name><age>36</age></person><cat><first_name>Bo</first_name><age>3</age></cat>", "", "its items are elements of several names, <person> and <cat>"},
		{"a list of strings", "strings", "<items><item>a</item><item>b</item></items>", `["a","b"]`, ""},
	})
	checkStreamed(t, "person", []streamCase{
		{"<first_na", ""},
		{"<first_name>Ad", `{"first_name":"Ad"}`},
		{"<first_name>Ada</first_name>\n<age>3", `{"first_name":"Ada"}`},
		{"<first_name>Ada</first_name>\n<age>36</age>", `{"age":36,"first_name":"Ada"}`},
	})
}

// Records of member lines where a list of objects is wanted: a property
// written again starts the next record; blank lines, headings, rules
// and a line that introduces the list are layout.
func TestRuleMemberRecords(t *testing.T) {
	checkAligned(t, []alignCase{
		{"blank lines between", "people", "first_name: Ada\nage: 36\n\nfirst_name: Bo\nage: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"none between", "people", "first_name: Ada\nage: 36\nfirst_name: Bo\nage: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"headings, rules, an introduction", "people", "Here they are:\n\n### Ada\nFirst name: Ada\nAge: 36\n\n---\n\n### Bo\nFirst name: Bo\nAge: 3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"prose between", "people", "first_name: Ada\nage: 36\nThen there is Bo.\nfirst_name: Bo\nage: 3", "", "no JSON"},
		{"an object wants one record", "person", "first_name: Ada\nage: 36\n\nfirst_name: Bo\nage: 3", "", "no JSON"},
	})
	checkStreamed(t, "people", []streamCase{
		{"first_name: Ada\nage: 36\n\nfirst_name: B", `[{"age":36,"first_name":"Ada"},{"first_name":"B"}]`},
	})
}

// A reply written as CSV is read as a table's rows where every header
// cell names a declared property.
func TestRuleCSV(t *testing.T) {
	checkAligned(t, []alignCase{
		{"rows", "people", "first_name,age\nAda,36\nBo,3", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"in a fence, headers for people, a quoted comma", "people", "```csv\nFirst Name, Age\nAda,36\n\"Bo, Jr.\",3\n```", `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo, Jr."}]`, ""},
		{"tabs", "people", "first_name\tage\nAda\t36", `[{"age":36,"first_name":"Ada"}]`, ""},
		{"one row for an object", "person", "first_name,age\nAda,36", `{"age":36,"first_name":"Ada"}`, ""},
		{"several rows for an object", "person", "first_name,age\nAda,36\nBo,3", "", "written as CSV, with 2 rows where one object is wanted"},
		{"a row of another length", "people", "first_name,age\nAda,36,poet", "", "written as CSV, but its line 2 has 3 cells, where the header has 2"},
		{"a header that names no property", "people", "name,age\nAda,36", "", "no JSON"},
		{"a column that names no property", "people", "first_name,age,job\nAda,36,poet", "", `its column "job" names no property`},
	})
	checkStreamed(t, "people", []streamCase{
		{"first_name,age\n", ""},
		{"first_name,age\nAda,36\nBo", `[{"age":36,"first_name":"Ada"},{"first_name":"Bo"}]`},
		{"first_name,age\nAda,36\n\"Bo, J", `[{"age":36,"first_name":"Ada"}]`},
		{"```csv\nfirst_name,age\nAda,36\nBo", `[{"age":36,"first_name":"Ada"},{"first_name":"Bo"}]`},
	})
}

// An object keyed by its items' places where a list is wanted is the
// list of its values, as some languages serialize arrays.
func TestRuleIndexedObject(t *testing.T) {
	checkAligned(t, []alignCase{
		{"from 1", "strings", `{"1": "a", "2": "b"}`, `["a","b"]`, ""},
		{"from 0, out of order", "people", `{"1": {"first_name": "Bo", "age": 3}, "0": {"first_name": "Ada", "age": 36}}`, `[{"age":36,"first_name":"Ada"},{"age":3,"first_name":"Bo"}]`, ""},
		{"in a field", "roster", `{"name": "A", "members": {"1": "x", "2": "y"}, "labels": {}, "note": null}`, `{"labels":{},"members":["x","y"],"name":"A","note":null}`, ""},
		{"a place left out", "counts", `{"1": 5, "3": 6}`, "", "want integer"},
	})
}

// In a fence marked yaml, a # after a blank starts a comment, as YAML
// reads it; outside one, and in quotes, it is the value's.
func TestRuleYAMLComments(t *testing.T) {
	checkAligned(t, []alignCase{
		{"comments", "roster", "```yaml\n# the team\nname: A # its name\nmembers:\n  - x # first\n  - y\nlabels: {}\nnote: C# # a language\n```", `{"labels":{},"members":["x","y"],"name":"A","note":"C#"}`, ""},
		{"in quotes", "roster", "```yaml\nname: \"#1 team\"\nmembers: []\nlabels: {}\nnote: null\n```", `{"labels":{},"members":[],"name":"#1 team","note":null}`, ""},
		{"outside a fence, the value's", "roster", "name: A # its name\nmembers: []\nlabels: {}\nnote: null", `{"labels":{},"members":[],"name":"A # its name","note":null}`, ""},
	})
}

// A value written as a markdown code block is the string of its lines.
func TestRuleCodeBlockValue(t *testing.T) {
	checkRules(t, []ruleCase{
		{"with a language", "{\"code\": ```python\nprint(\"hi\")\n```}", `{"code":"print(\"hi\")"}`, "code block"},
		{"indented with the document", "{\n  \"code\": ```\n  def f():\n      return 1\n  ```,\n  \"n\": 1\n}", `{"code":"def f():\n    return 1","n":1}`, "code block"},
		{"in a list", "[```\na\nb\n```, 2]", `["a\nb",2]`, "code block"},
		{"four backticks hold three", "{\"md\": ````\nx ``` y\n````}", "{\"md\":\"x ``` y\"}", "code block"},
		{"left open", "{\"code\": ```\nx = 1", `{"code":"x = 1"}`, "left open"},
		{"a single backtick string stays one", "{\"a\": `x`}", `{"a":"x"}`, "` quotes"},
	})
}

// An object of a union is coerced for the one branch that takes it once
// coerced; where two would, nothing is guessed.
func TestRuleUnionBranchCoercion(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a tag in another case", "tagged", `{"kind": "Cat", "lives": 9}`, `{"kind":"cat","lives":9}`, ""},
		{"a field of the branch its tag names", "tagged", `{"kind": "dog", "good": "yes"}`, `{"good":true,"kind":"dog"}`, ""},
		{"no branch's tag", "tagged", `{"kind": "bird", "lives": 9}`, "", "kind"},
		{"a value the union takes stays as it is", "content", `{"content": [{"files": ["a.md"]}]}`, `{"content":[{"files":["a.md"]}]}`, ""},
		{"a list of one for the list branch", "content", `{"content": [7]}`, `{"content":["7"]}`, ""},
		{"two branches that make one value", "either", `{"n": "7"}`, `{"n":7}`, ""},
		{"two branches that make two values", "either", `{"m": 1, "n": "7"}`, "", "/n"},
		// A scalar: the branch that takes it once coerced.
		{"a quoted boolean for a boolean or an enum", "choice", `{"shadow": "true"}`, `{"shadow":true}`, ""},
		{"an enum value in another case for a boolean or an enum", "choice", `{"shadow": "Inner"}`, `{"shadow":"inner"}`, ""},
		{"a word neither branch takes", "choice", `{"shadow": "middle"}`, "", "/shadow"},
		// An object as written before one read as the value of a
		// branch's one property ({"file": {"sql": …}}).
		// A branch's copy counts only where it fits that branch: b fills
		// its required items, and the copy then fits a, not b.
		{"the copy must fit its own branch", "kinds", `{"kind": "a", "tags": "x"}`, `{"kind":"a","tags":["x"]}`, ""},
		// An object whose own members, coerced, make it fit is not read
		// as the value of the schema's one property.
		{"members coerced before the one property", "projects", `{"project": {"a": {"flags": "x"}}}`, `{"project":{"a":{"flags":["x"]}}}`, ""},
		{"a union of one is that one schema", "single", `[{"n": "3", "tags": "x"}]`, `[{"n":3,"tags":["x"]}]`, ""},
		{"the branch that keeps the object as written", "choice", `{"change": {"sql": {"split": "yes"}}}`, `{"change":{"sql":{"split":true}}}`, ""},
	})
}

// A quoted boolean or number is the enum or const value it writes, where
// the enum holds it and not the string.
func TestRuleLiteralInEnum(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a quoted boolean", "choice", `{"default": "true"}`, `{"default":true}`, ""},
		{"in another case", "choice", `{"default": "False"}`, `{"default":false}`, ""},
		{"a quoted number", "choice", `{"level": "2"}`, `{"level":2}`, ""},
		{"a string of the enum stays", "choice", `{"default": "op"}`, `{"default":"op"}`, ""},
		{"a number the enum does not hold", "choice", `{"level": "3"}`, "", "/level"},
	})
}

// A property or item that several members of an allOf declare is
// coerced by each of them: the second may be the one with the fields.
func TestRuleLayeredMembers(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a property both declare", "entity", `{"spec": {"members": "a", "n": "2"}}`, `{"spec":{"members":["a"],"n":2}}`, ""},
		{"items both declare", "entity", `{"rows": [{"n": "1"}, {"n": 2}]}`, `{"rows":[{"n":1},{"n":2}]}`, ""},
	})
	// Streamed, an enum value the second member declares is left out
	// until finished, as any enum value is.
	checkStreamed(t, "levels", []streamCase{
		{`{"note": "x", "level": "hi`, `{"note":"x"}`},
		{`{"note": "x", "level": "high", `, `{"level":"high","note":"x"}`},
	})
}

// if/then/else: the branch the object takes applies to its coercions as
// its properties do.
func TestRuleConditional(t *testing.T) {
	checkAligned(t, []alignCase{
		{"then", "cond", `{"kind": "disk", "size": "10"}`, `{"kind":"disk","size":10}`, ""},
		{"else", "cond", `{"kind": "net", "port": "443", "tls": "yes"}`, `{"kind":"net","port":443,"tls":true}`, ""},
		{"the condition on the coerced value", "cond", `{"kind": "Disk", "size": "10"}`, `{"kind":"disk","size":10}`, ""},
	})
}

// A const or enum without a type still says which type its values have,
// so the coercions for that type apply.
func TestRuleConstTypes(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a number const written as text", "lit", `{"code": "200"}`, `{"code":200}`, ""},
		{"a number enum written as text", "lit", `{"level": "2"}`, `{"level":2}`, ""},
		{"a string const in another case", "lit", `{"status": "OK"}`, `{"status":"ok"}`, ""},
	})
}

// A string that runs to the end of the text with no quote that could
// end it was cut there (a token limit): its text is kept whole, not
// split at its commas and colons into members it never had.
func TestRuleCutInString(t *testing.T) {
	checkRules(t, []ruleCase{
		{"commas and colons in a cut string", `{"a": "one, two: three and`, `{"a":"one, two: three and"}`, "left open"},
		{"an apostrophe is text", `{"a": "it's cut, here: now`, `{"a":"it's cut, here: now"}`, "left open"},
		{"escaped quotes are text", `{"a": "say \"hi\", then: go`, `{"a":"say \"hi\", then: go"}`, "left open"},
		{"a document's end after it", `{"a": "one, "b": 2}`, `{"a":"one","b":2}`, "end quote is missing"},
		{"a closing bracket ends it", `{"a": "x, y}`, `{"a":"x, y"}`, "end quote is missing"},
		{"a key's quote after a comma", "{\"a\": \"x,`b: 2", `{"a":"x","b":2}`, ""},
	})
}

// Models writing Chinese or Japanese put full-width colons and commas
// between tokens; inside a string's text, or between digits, they stay.
func TestRuleFullWidthSeparators(t *testing.T) {
	checkRules(t, []ruleCase{
		{"between keys and values", `{"a"："b"，"c"：1}`, `{"a":"b","c":1}`, "full-width ："},
		{"between items and lines", "{\"a\"：[\"x\"，\"y\"]，\n\"b\"：true}", `{"a":["x","y"],"b":true}`, "full-width ，"},
		{"after a literal", `{"a": null，"b": 2}`, `{"a":null,"b":2}`, "full-width ，"},
		{"in a string's text", `{"a": "x，y：z", "b": 'c'}`, `{"a":"x，y：z","b":"c"}`, ""},
		{"a number's text in a string", `{"p": "1，200"，"q": 1}`, `{"p":"1，200","q":1}`, "full-width ，"},
		{"between numbers in a list", `{"n": [1，2， 3]}`, `{"n":[1,2,3]}`, "full-width ，"},
		{"a phrase quoted in text", `{"a" ： "他说：'好'，然后", "b": 'c'}`, `{"a":"他说：'好'，然后","b":"c"}`, "full-width ："},
	})
	// A valid document is read as it is.
	if got, _, err := ReadLenient([]byte(`{"a": "\"，\""}`)); err != nil || string(got) != `{"a":"\"，\""}` {
		t.Errorf("a valid document with a full-width comma in a string read to %s (%v)", got, err)
	}
}

// A markdown list where a list is wanted and nothing else fits: its
// items' texts, coerced to the schema. Two lists are not guessed between.
func TestRuleMarkdownList(t *testing.T) {
	checkAligned(t, []alignCase{
		{"bullets of enum values", "colors", "- RED\n- blue", `["RED","BLUE"]`, ""},
		{"a numbered list after prose", "counts", "The counts are:\n\n1. 3\n2. 1,200\n3) 7\n\nThat is all.", `[3,1200,7]`, ""},
		{"star bullets with blank lines", "colors", "* GREEN\n\n* **RED**", `["GREEN","RED"]`, ""},
		{"two lists", "colors", "- RED\n\nor\n\n- BLUE", "", "must be one of"},
		{"items that do not fit", "counts", "- three\n- four", "", "want integer"},
		{"JSON still comes first", "counts", "- 1\n- 2\n\n[5, 6]", `[5,6]`, ""},
		{"a document's string lines are no list", "counts", "{\"a\": \"- 1\n- 2\"}", "", "want integer"},
		// Read as JSON, "- 1" is the number -0 and 1: a reading that fits
		// at that cost loses to the list's.
		{"bullets of numbers", "counts", "- 1\n- 2", `[1,2]`, ""},
		{"bullets of words for a list of strings", "strings", "- apple\n- banana", `["apple","banana"]`, ""},
		{"a numbered list of words", "strings", "1. apple\n2. banana", `["apple","banana"]`, ""},
		{"an item written across lines", "strings", "1. apple and\n   pear\n2. banana", `["apple and pear","banana"]`, ""},
		{"an item across lines, not its numbers as items", "counts", "1. 3\n   (or 5)\n2. 4", "", "want integer"},
		{"an item across lines, its remark left out", "counts", "1. 3\n   (three)\n2. 4", `[3,4]`, ""},
		{"numbers as items, not the items' numbers", "counts", "1. 3\n2. 4", `[3,4]`, ""},
		{"a list's number is not the answer", "int", "1. The answer is 42.", `42`, ""},
		{"several numbers in prose are not a list of one", "counts", "I counted 3 apples and 4 pears.", "", "no JSON"},
		{"a nested list is refused, not read as its lines' words", "strings", "- fruit\n  - apple\n- veg", "", "nested markdown list"},
	})
	// A nested list has no flat reading: its items are not one list.
	if v, _, ok := bulletList([]byte("- fruit\n  - apple\n- veg")); ok {
		t.Errorf("a nested list read as one: %s", encodeValue(v, 0))
	}
	// With no schema a bullet's dash is no number cut after its sign: a
	// list of "- " items is YAML's, read as its items; a numbered one is
	// the lines' words.
	checkRules(t, []ruleCase{
		{"a bullet with no schema", "- apple\n- banana", `["apple","banana"]`, "lines of YAML"},
		{"a numbered item with no schema", "1. apple\n2) banana", `["1. apple","2) banana"]`, "bare word"},
		{"a number with a period alone", "2.", `2.0`, "read 2. as 2.0"},
		{"numbers with periods in a list", "[1. , 2.]", `[1.0,2.0]`, "read 1. as 1.0"},
		{"a sign the text ends after", `[-`, `[-0]`, ""},
	})
}

// A union's discriminator still being written is left out while
// streaming, as an enum value is; once finished it shows.
func TestRulePartialDiscriminator(t *testing.T) {
	checkStreamed(t, "block", []streamCase{
		{`{"type": "te`, `{}`},
		{`{"type": "text", "text": "hel`, `{"text":"hel","type":"text"}`},
	})
}

// A markdown list streams as its items, as its final reading has them:
// the last one growing until a line that does not join it starts (a
// line indented under an item is the item's text); a number or enum
// value still being written is left out.
func TestRulePartialMarkdownList(t *testing.T) {
	for _, c := range []struct{ schema, in, want string }{
		{"strings", "- apple\n- ban", `["apple","ban"]`},
		{"strings", "Here you go:\n\n- apple\n", `["apple"]`},
		{"counts", "1. 3\n2. 4", `[3]`},
		{"counts", "1. 3\n2. 4\n", `[3]`},
		{"counts", "1. 3\n2. 4\n3. 5", `[3,4]`},
		{"colors", "- RED\n- BL", `["RED"]`},
	} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///"+c.schema+".json#"), []byte(c.in))
		if err != nil || string(n.JSON()) != c.want {
			t.Errorf("%q: partial %s (%v), want %s", c.in, n.JSON(), err, c.want)
		}
	}
}

// Lines of a declared property and its value, where nothing else fits:
// the object's members, coerced to the schema. A line naming no declared
// property, a property named twice, or two runs of lines are refused.
func TestRuleMemberLines(t *testing.T) {
	checkAligned(t, []alignCase{
		{"plain lines", "person", "first_name: Ada\nage: 36", `{"age":36,"first_name":"Ada"}`, ""},
		{"bullets, bold and another case", "person", "Here you go:\n\n- **First Name:** Ada\n- **Age:** 36 years\n\nAnything else?", `{"age":36,"first_name":"Ada"}`, ""},
		{"a list as JSON text", "person", "First-Name: Ada\nAge: 36\ntags: [\"math\", \"engines\"]", `{"age":36,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"an undeclared key in the run", "person", "first_name: Ada\nhobby: chess\nage: 36", "", "no JSON"},
		{"a property named twice", "person", "age: 36\nfirst_name: Ada\nage: 37", "", "no JSON"},
		{"two runs", "person", "first_name: Ada\n\nor\n\nage: 36", "", "no JSON"},
		{"a value that does not fit", "person", "first_name: Ada\nage: unknown", "", "want"},
		{"an inner document's lines are not read as lines", "person", "{\"person\": {\n  \"first_name\": \"Ada\",\n  \"age\": 36\n}}", "", "inside the reply's document"},
		{"a list in brackets, its items unquoted", "person", "first_name: Ada\nage: 36\ntags: [math, engines]", `{"age":36,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"a quoted value", "person", "first_name: \"Ada Lovelace\"\nage: 36", `{"age":36,"first_name":"Ada Lovelace"}`, ""},
		{"assignments, as TOML writes them", "person", "first_name = \"Ada\"\nage = 36", `{"age":36,"first_name":"Ada"}`, ""},
		{"a colon after an assignment's sign is the value's", "person", "first_name = Ada: the first\nage = 36", `{"age":36,"first_name":"Ada: the first"}`, ""},
		{"an .env file's lines", "person", "FIRST_NAME=Ada\nAGE=36", `{"age":36,"first_name":"Ada"}`, ""},
		{"an .env value in quotes", "person", "first_name=\"Ada L\"\nage=36", `{"age":36,"first_name":"Ada L"}`, ""},
		{"a comparison is no assignment", "person", "first_name=Ada\nage==36", "", "want object"},
		{"a comparison is no assignment", "person", "first_name == Ada\nage = 36", "", "want object"},
		{"YAML's block list under a property", "person", "first_name: Ada\nage: 36\ntags:\n  - math\n  - engines", `{"age":36,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"the block list at the property's indent", "person", "tags:\n- math\n- engines\nfirst_name: Ada\nage: 36", `{"age":36,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"no value and no list: null, not an empty string", "person", "first_name: Ada\nage: 36\ntags:", `{"age":36,"first_name":"Ada"}`, ""},
		{"blank lines between the list's items", "person", "first_name: Ada\nage: 36\ntags:\n\n- math\n\n- engines", `{"age":36,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"a literal", "person", "first_name: Ada\nage: 36\ntags: None", `{"age":36,"first_name":"Ada"}`, ""},
		{"a list of objects is not read from lines", "person", "first_name: Ada\nage: 36\ntags:\n  - name: math", "", "no JSON"},
		// A property whose schema is an object's takes the lines under it
		// that name its properties, as YAML nests them or as a markdown
		// list of fields.
		{"YAML's nesting", "contact", "name: Ada\naddress:\n  city: London\n  zip: 123\ntags:\n  - math", `{"address":{"city":"London","zip":"123"},"name":"Ada","tags":["math"]}`, ""},
		{"deeper", "contact", "name: Ada\naddress:\n  city: London\n  geo:\n    lat: 51.5", `{"address":{"city":"London","geo":{"lat":51.5}},"name":"Ada"}`, ""},
		{"a markdown list of fields", "contact", "**Name:** Ada\n**Address:**\n- City: London\n- Zip: 123", `{"address":{"city":"London","zip":"123"},"name":"Ada"}`, ""},
		{"an object in braces on its line", "contact", "name: Ada\naddress: {city: London, zip: \"123\"}", `{"address":{"city":"London","zip":"123"},"name":"Ada"}`, ""},
		// A brace in a line's text is no member line's; YAML's lines take
		// it as the value's text.
		{"a brace in a line's text is YAML's text", "contact", "name: Ada\nnote: see {this}\naddress: {city: x}", `{"address":{"city":"x"},"name":"Ada","note":"see {this}"}`, ""},
		{"a list of objects in brackets on its line", "team", "name: A\npeople: [{first_name: Ada, age: 36}]", `{"name":"A","people":[{"age":36,"first_name":"Ada"}]}`, ""},
		{"braces a reading would empty are the text", "contact", "name: {Ada}\naddress: {city: London}", `{"address":{"city":"London"},"name":"{Ada}"}`, ""},
		{"bullets of both levels", "contact", "- Address:\n- City: London\n- Name: Ada", `{"address":{"city":"London"},"name":"Ada"}`, ""},
		{"an undeclared field under it, the object open", "contact", "name: Ada\naddress:\n  city: London\n  street: Main", `{"address":{"city":"London","street":"Main"},"name":"Ada"}`, ""},
		{"undeclared members right before the first declared one", "contact", "job: poet\nhobbies:\n  - chess\nname: Ada\naddress: {city: London}", `{"address":{"city":"London"},"hobbies":["chess"],"job":"poet","name":"Ada"}`, ""},
		{"an undeclared line after a blank one is no member", "contact", "name: Ada\naddress: {city: London}\n\nNote: guessed", `{"address":{"city":"London"},"name":"Ada"}`, ""},
		{"nor words that introduce them", "contact", "Here is the contact:\nname: Ada\naddress: {city: London}", `{"address":{"city":"London"},"name":"Ada"}`, ""},
		{"nor words after them", "contact", "name: Ada\naddress: {city: London}\nAll made up: yes", `{"address":{"city":"London"},"name":"Ada"}`, ""},
		{"in a closed object it refuses the lines", "person", "first_name: Ada\nage: 36\njob: poet", "", `names "job"`},
		{"text under it is no object", "contact", "name: Ada\naddress:\n  somewhere in London", "", "want object"},
	})
}

// Member lines read for a schema of properties and no type, as for an
// object's; a property that is a boolean or an object of settings takes
// the lines under it as the object; lines indented under a property
// whose object does not declare them are none of the outer object's.
func TestRuleMemberLinesLoose(t *testing.T) {
	checkAligned(t, []alignCase{
		{"no type", "loose", "extends:\n  - @commitlint/config\nmode: all", `{"extends":["@commitlint/config"],"mode":"all"}`, ""},
		{"the object branch of a union", "loose", "cjs:\n  cache: true\n  paths: false\nmode: all", `{"cjs":{"cache":true,"paths":false},"mode":"all"}`, ""},
		{"its other branch", "loose", "cjs: true\nmode: all", `{"cjs":true,"mode":"all"}`, ""},
		{"a union of objects, its branch's nested properties", "kinds2", "kind: B\nname: x\nspec:\n  targets:\n    - a\n    - b", `{"kind":"B","name":"x","spec":{"targets":["a","b"]}}`, ""},
		{"the other branch", "kinds2", "kind: A\nspec:\n  owner: me", `{"kind":"A","spec":{"owner":"me"}}`, ""},
		{"a map under a property, keys as written", "job", "env:\n  _var1: a\n  B: b\nmode: all", `{"env":{"B":"b","_var1":"a"},"mode":"all"}`, ""},
		// Member lines refuse a member indented under one that took
		// nothing (they would flatten the two); YAML's lines nest it.
		{"a member indented under another that takes none is nested", "job", "task:\n  strategy:\n    name: x\nmode: all", `{"mode":"all","task":{"strategy":{"name":"x"}}}`, ""},
		{"a $schema line first", "loose", "$schema: https://example.com/s.json\nmode: all", `{"$schema":"https://example.com/s.json","mode":"all"}`, ""},
		{"undeclared lines under a property are not the outer object's", "contact", "name: Ada\naddress:\n  street: Main\n  number: 3", "", "/address: missing property 'city'"},
	})
}

// A map's members written as a markdown list, whatever their keys, are
// the map; lines without bullets may be prose, and are not.
func TestRuleMapLines(t *testing.T) {
	checkAligned(t, []alignCase{
		{"bullets", "stock", "- apples: 3\n- pears: 5", `{"apples":3,"pears":5}`, ""},
		{"after a line that introduces them, before prose", "stock", "Here are the counts:\n\n* apples: 3\n* red pears: 5\n\nAnything else?", `{"apples":3,"red pears":5}`, ""},
		{"a key written twice", "stock", "- apples: 3\n- apples: 5", "", "want object"},
		{"a line of prose is no member", "stock", "Sure: 3", "", "no JSON"},
	})
	checkStreamed(t, "stock", []streamCase{
		{"- apples: 3\n- pe", `{"apples":3}`},
		{"- apples: 3\n- pears: 5\n- fi", `{"apples":3,"pears":5}`},
	})
}

// Lines of members stream as the object, the last member growing until
// its line ends.
func TestRuleMemberLinesStream(t *testing.T) {
	checkStreamed(t, "contact", []streamCase{
		{"Name: Ada Love", `{"name":"Ada Love"}`},
		{"name: Ada\naddr", `{"name":"Ada"}`},
		{"name: Ada\naddress:\n  city: Lon", `{"address":{"city":"Lon"},"name":"Ada"}`},
	})
	// A line at a member's indent ends its value: a number shows then.
	checkStreamed(t, "person", []streamCase{
		{"age: 36\nfirst_na", `{"age":36}`},
		{"age: 36\n  ", `{}`},
	})
	n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///contact.json#"), []byte("name: Ada\naddress:\n  city: Lon"))
	if err != nil || !n.Field("name").Done() || n.Field("address").Field("city").Done() {
		t.Errorf("a finished member not done, or the growing one done (%v)", err)
	}
}

// A list the model stopped writing, prose after a blank line: the
// document ends before the prose. Words that could be items stay items.
func TestRuleProseAfterOpenList(t *testing.T) {
	checkRules(t, []ruleCase{
		{"numbers, then a sentence", "{\"a\": [1, 2, 3\n\nLet me know if you need more.", `{"a":[1,2,3]}`, "before the prose"},
		{"strings, then a sentence", "[\"x\", \"y\"\n\nThese are all of them!", `["x","y"]`, "before the prose"},
		{"no blank line: an item", "[\"x\"\nThese are all of them.]", `["x","These are all of them."]`, "missing comma"},
		{"no sentence's end: an item", "[apple, banana\n\nCherry pie]", `["apple","banana","Cherry pie"]`, "missing comma"},
		{"two words: an item", "[\"x\"\n\nNew York.]", `["x","New York."]`, "missing comma"},
		// An object the model stopped writing, prose after a blank line
		// and no brace after it: the document ends before the prose.
		{"an object, then a note", "{\"a\": 1, \"b\": 2\n\nNote: the values are estimates.", `{"a":1,"b":2}`, "before the prose"},
		{"an inner object, then a sentence", "{\"a\": {\"b\": 1\n\nThis is the final answer.", `{"a":{"b":1}}`, "before the prose"},
		{"a brace after it: a member", "{\"a\": 1\n\nNote: the values are estimates.\n}", `{"a":1,"Note":"the values are estimates."}`, "bare word"},
	})
}

// A text cut inside true, false or null ends in that literal: a reply
// cut off mid-word was writing the literal, not a word nobody quoted. A
// word that goes on, or that is no literal's start, stays a word.
func TestRuleCutLiteral(t *testing.T) {
	checkRules(t, []ruleCase{
		{"true in an object", `{"done": tru`, `{"done":true}`, "completed tru"},
		{"false in a list", `{"flags": [true, fa`, `{"flags":[true,false]}`, "as false"},
		{"null after blanks", "{\"next\": nu  ", `{"next":null}`, "as null"},
		{"one letter", `[1, t`, `[1,true]`, "as true"},
		{"a Python constant", `{"ok": Fals`, `{"ok":false}`, "as False"},
		{"a word that ends before the cut", `{"a": tru, "b": 1`, `{"a":"tru","b":1}`, "bare word"},
		{"a closed document", `{"a": tru}`, `{"a":"tru"}`, "bare word"},
		{"no literal's start", `{"a": trx`, `{"a":"trx"}`, "bare word"},
		{"a capital letter alone", `{"grade": F`, `{"grade":"F"}`, "bare word"},
		{"a key cut before its first character", `{"a": 1, "`, `{"a":1}`, "cut off before its first character"},
		{"a key cut at its quote alone", `{"`, `{}`, "cut off before its first character"},
		// An item cut before it held anything is dropped, and said so.
		{"a list's string cut at its quote", `[1, 2, "`, `[1,2]`, "dropped the last item"},
		{"a list's object cut at its brace", `{"a": [1, {`, `{"a":[1]}`, "dropped the last item"},
	})
}

// An ellipsis standing for left-out items is no item: "..." or the one
// character "…", alone between delimiters.
func TestRuleEllipsis(t *testing.T) {
	checkRules(t, []ruleCase{
		{"three dots", `[1, 2, ...]`, `[1,2]`, "ellipsis"},
		{"the ellipsis character", `[1, 2, …]`, `[1,2]`, "ellipsis"},
		{"in an object's list", `{"a": ["x", …], "b": 1}`, `{"a":["x"],"b":1}`, "ellipsis"},
		{"after a member", `{"a": 1, …}`, `{"a":1}`, "ellipsis"},
		{"a word that starts with it is a word", `["…more"]`, `["…more"]`, ""},
	})
}

// With a schema, a draft in the reasoning is no candidate reading: not
// a fenced draft that fits better, not a value named in it.
func TestRuleReasoningAligned(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a fenced draft that fits", "opt", "<think>```json\n{}\n```</think>\n{\"a\": \"x\"}", `{"a":"x"}`, ""},
		{"an enum value named in the reasoning", "color", "<think>RED, maybe?</think>\nBLUE.", `"BLUE"`, ""},
	})
	_, repairs, _, _ := Align([]byte("<think>x</think>\n{\"a\": \"y\"}"), ruleSchemas.Schema("structgen:///opt.json#"))
	if !strings.Contains(fmt.Sprint(repairs), "reasoning") {
		t.Errorf("the skipped reasoning is not reported: %v", repairs)
	}
}

// A quote inside a string is decided by what follows it: a quoted phrase
// that words follow, a colon after a phrase an inner quote opened, or a
// bracket between two quotes is the text's, not the string's end.
func TestRuleInnerQuotesInText(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a phrase that words follow", `{"review": "Like "Dune," "Foundation" spans ages.", "n": 1}`, `{"review":"Like \"Dune,\" \"Foundation\" spans ages.","n":1}`, "escaped a quote"},
		{"a colon after a quoted title", `{"summary": "the film "Heat": a heist", "n": 1}`, `{"summary":"the film \"Heat\": a heist","n":1}`, "escaped a quote"},
		{"a bracket between quotes", `{"paths": [".env["prod"]", "x"]}`, `{"paths":[".env[\"prod\"]","x"]}`, "escaped a quote"},
		{"a quoted number that words follow", `{"title": "the novel "1984" by Orwell", "n": 1}`, `{"title":"the novel \"1984\" by Orwell","n":1}`, "escaped a quote"},
		{"a quoted number in a list", `["Flight "747" landed", "x"]`, `["Flight \"747\" landed","x"]`, "escaped a quote"},
		{"a number after a string is still an item", `["a"1, 2]`, `["a",1,2]`, "comma"},
		// Still the string's end: a key after a lost comma, an item.
		{"a key after a lost comma", `{"a": "x" "b": 2}`, `{"a":"x","b":2}`, "comma"},
		{"an item after a lost comma", `["x" "y"]`, `["x","y"]`, "comma"},
		{"a key that lost its colon", `{"a": "x" "b" true}`, `{"a":"x","b":true}`, ""},
		// In an unquoted value, a quoted phrase that words, a comma or
		// the object's end follow is the value's text.
		{"a phrase in an unquoted value", `{"key": value with "quotes" inside, "n": 1}`, `{"key":"value with \"quotes\" inside","n":1}`, "bare word"},
		{"curly quotes in an unquoted value", `{"a": say “hi” now}`, `{"a":"say “hi” now"}`, ""},
		{"a quoted key after an unquoted value", `{"a": x "b": 1}`, `{"a":"x","b":1}`, "comma"},
		{"a key that lost its colon after an unquoted value", `{"a": x "b" 1}`, `{"a":"x","b":1}`, "missing ':'"},
	})
}

// Raw backslashes of Windows paths are the path's, and a line break
// written raw before a string's end quote is the text's unless the value
// holds a fenced block, whose layout it is.
func TestRuleRawTextInStrings(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a relative path", `{"bind": ".\test:/data", "n": 1}`, `{"bind":".\\test:/data","n":1}`, "path"},
		{"a drive", `{"dir": "C:\new", "n": 1}`, `{"dir":"C:\\new","n":1}`, "path"},
		{"a variable", `{"dir": "%APPDATA%\tools", "n": 1}`, `{"dir":"%APPDATA%\\tools","n":1}`, "path"},
		{"a line break in prose", `{"text": "Case A:\nThe end", "n": 1,}`, `{"text":"Case A:\nThe end","n":1}`, ""},
		{"a backslash alone", "{\n  \"n\": 1,\n  \"sep\": \"\\\"\n}", `{"n":1,"sep":"\\"}`, "backslash"},
		{"an escaped quote and a comma", `{"q": "\",", "n": 1}`, `{"q":"\",","n":1}`, ""},
		{"a text ending in a line break", "{\"notes\": \"first\nsecond\n\", \"n\": 1}", `{"notes":"first\nsecond\n","n":1}`, "control character"},
		{"a fenced block on lines of its own", "{\"md\": \"\n```sh\nls\n```\n\", \"n\": 1}", "{\"md\":\"\\n```sh\\nls\\n```\",\"n\":1}", "line break before the end quote"},
	})
}

// Code's triple quotes (Python's docstrings and long strings) written
// raw in a value are its text; of a run that a delimiter follows, the
// last quote ends the value. Doubled quotes stay CSV's.
func TestRuleTripleQuotes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a docstring", "{\"code\": \"def f():\\n    \"\"\"Doc.\"\"\"\\n    return 1\", \"lang\": \"py\"}", `{"code":"def f():\n    \"\"\"Doc.\"\"\"\n    return 1","lang":"py"}`, "3 quotes in a row"},
		{"a long string that ends the value", `{"code": "x = """hi"""", "lang": "py"}`, `{"code":"x = \"\"\"hi\"\"\"","lang":"py"}`, "3 quotes in a row"},
		{"on lines of their own", "{\"code\": \"s = \"\"\"one\ntwo\"\"\"\nprint(s)\", \"lang\": \"py\"}", `{"code":"s = \"\"\"one\ntwo\"\"\"\nprint(s)","lang":"py"}`, "quotes in a row"},
		{"doubled quotes stay CSV's", `{"code": "say(""hi"")", "n": 1}`, `{"code":"say(\"hi\")","n":1}`, "doubled quote"},
	})
}

// Code in an object's value with its quotes written raw: a quote before
// a bracket that closes nothing of the object's is the text's where a
// later quote ends the value, and a + after a phrase the value's quotes
// opened is code, not a concatenation of strings.
func TestRuleQuotesInCode(t *testing.T) {
	checkRules(t, []ruleCase{
		{"an index, then more code", "{\"code\": \"x = {\"a\": 1}\nprint(x[\"a\"])\", \"lang\": \"py\"}", `{"code":"x = {\"a\": 1}\nprint(x[\"a\"])","lang":"py"}`, "quote inside"},
		{"an index at the line's end", "{\"lang\": \"py\", \"code\": \"return x[\"name\"]\n\"}", `{"lang":"py","code":"return x[\"name\"]\n"}`, "quote inside"},
		{"a plus in code", `{"code": "s = "a" + "b"", "lang": "py"}`, `{"code":"s = \"a\" + \"b\"","lang":"py"}`, "quote inside"},
		{"strings joined by a plus", `{"a": "hello " + "world"}`, `{"a":"hello world"}`, ""},
		{"an object that lost its brace at a list's end", `[{"a": "x"]`, `[{"a":"x"}]`, ""},
		{"an index in a list's item, then text", `["jq '.a["b"]' x.json", "ls"]`, `["jq '.a[\"b\"]' x.json","ls"]`, "quote inside"},
		{"a list's end after a quote", `[["a"], "b"]`, `[["a"],"b"]`, ""},
		{"a list in code, then more lines", "{\"code\": \"x = [\"a\", \"b\"]\ny = {\"k\": x}\", \"lang\": \"py\"}", `{"code":"x = [\"a\", \"b\"]\ny = {\"k\": x}","lang":"py"}`, "quote inside"},
		{"a brace in quotes", `{"code": "if s == "}" { return }", "lang": "go"}`, `{"code":"if s == \"}\" { return }","lang":"go"}`, "quote inside"},
		{"an empty string after =", `{"code": "print("a", end="")", "lang": "py"}`, `{"code":"print(\"a\", end=\"\")","lang":"py"}`, "pair of quotes"},
		{"a comma in quotes", `{"code": "s.split(",")", "lang": "py"}`, `{"code":"s.split(\",\")","lang":"py"}`, "quote inside"},
		{"members written with =", `{a = "x", b = "y"}`, `{"a":"x","b":"y"}`, ""},
		{"a phrase closed before a fence line", "{\"md\": \"Use \"fast\":\n\n```sh\nrun \"fast\"\n```\n\nDone.\", \"n\": 1}", "{\"md\":\"Use \\\"fast\\\":\\n\\n```sh\\nrun \\\"fast\\\"\\n```\\n\\nDone.\",\"n\":1}", "quote inside"},
	})
	// A reply read whole as one document holds its fences in its
	// strings: the fence is no reading of its own, even where the
	// document's reading costs more repairs.
	checkAligned(t, []alignCase{
		{"a fence in a document's string", "any", "{\"md\": \"Use \"fast\":\n\n```sh\nrun \"fast\"\n```\n\nDone.\", \"n\": 1}", "{\"md\":\"Use \\\"fast\\\":\\n\\n```sh\\nrun \\\"fast\\\"\\n```\\n\\nDone.\",\"n\":1}", ""},
	})
}

// A semicolon between members or items, where a comma is wanted, is a
// comma: after a string it ends the string only where what follows it
// is what follows a comma there (a key and its colon, a quoted item).
// In other text it is the string's.
func TestRuleSemicolonSeparators(t *testing.T) {
	checkRules(t, []ruleCase{
		{"after a string", `{"a": "x"; "b": "y"}`, `{"a":"x","b":"y"}`, "read ';' between members"},
		{"after a number", `{"a": 1; "b": 2}`, `{"a":1,"b":2}`, "read ';' between members"},
		{"spaced, across lines", "{ \"a\" : \"b\" ;\n \"c\" : \"d\" }", `{"a":"b","c":"d"}`, "read ';' between members"},
		{"between strings in a list", `["x"; "y"; "z"]`, `["x","y","z"]`, "read ';' between items"},
		{"before an item with an escaped quote", `["x"; "a \" b"]`, `["x","a \" b"]`, "read ';' between items"},
		{"between numbers in a list", `[1; 2]`, `[1,2]`, "read ';' between items"},
		{"before the end, a stray", `{"a": "x";}`, `{"a":"x"}`, "stray text"},
		{"in a string, text", `{"a": "stop"; "go" they said", "b": 1}`, `{"a":"stop\"; \"go\" they said","b":1}`, ""},
		{"in a string with inner quotes", `{"a": "it's a "quote"; ok", "b": 1}`, `{"a":"it's a \"quote\"; ok","b":1}`, ""},
	})
}

// Half of a UTF-16 surrogate pair written alone names no character: the
// string holds U+FFFD, as Go's strings do, and the reader says so.
func TestRuleLoneSurrogate(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a high half alone", `{"a": "\ud83d x", b: 1}`, "{\"a\":\"\ufffd x\",\"b\":1}", "lone surrogate \\ud83d"},
		{"a low half alone", `{"a": "\ude00", b: 1}`, "{\"a\":\"\ufffd\",\"b\":1}", "lone surrogate \\ude00"},
		{"a pair is a character", `{"a": "\ud83d\ude00", b: 1}`, `{"a":"😀","b":1}`, ""},
	})
}

// With no schema, lines of a bare key, a colon (or TOML's " = ", or an
// .env file's "=") and a scalar value, each key once, are an object, as
// YAML writes one. A line of prose, a key written twice or a value that
// opens a document make them something else.
func TestRuleKeyValueLines(t *testing.T) {
	checkRules(t, []ruleCase{
		{"two lines", "name: Bob\nage: 30", `{"name":"Bob","age":30}`, "lines of a key and its value"},
		{"keys with spaces and dashes, blank lines", "first name: Ada\n\nlast-name: Lovelace\nborn: 1815\n", `{"first name":"Ada","last-name":"Lovelace","born":1815}`, "lines of a key and its value"},
		{"a time in a value", "start: 10:30\nend: 11:45", `{"start":"10:30","end":"11:45"}`, "lines of a key and its value"},
		{"TOML's", "title = \"Dune\"\nyear = 1965", `{"title":"Dune","year":1965}`, "lines of a key and its value"},
		{"an .env file's", "TITLE=Dune\nYEAR=1965", `{"TITLE":"Dune","YEAR":1965}`, "lines of a key and its value"},
	})
	for _, in := range []string{
		"name: Bob",                            // one line: a label
		"Here it is.\nname: Bob\nage: 30",      // prose first
		"age: 36\nage: 37",                     // two answers
		"Reasoning: short\nAnswer: {\"a\": 1}", // a label before a document
		"- name: Bob\n- age: 30",               // list items
		"a == b\nc == d",                       // comparisons
		"x = 1",                                // one line
	} {
		_, repairs, _ := ReadLenient([]byte(in))
		for _, r := range repairs {
			if strings.Contains(r.Message, "lines of a key and its value") {
				t.Errorf("%q read as key and value lines", in)
			}
		}
	}
}

// A code fence marked as another language than JSON (```python) holds
// code, not the answer, when a fence marked as JSON or not marked holds
// a value: without a schema it is left out, reported; with one it is read
// only if the JSON does not fit. Alone, it is read as any fence is.
func TestRuleFenceLanguage(t *testing.T) {
	checkRules(t, []ruleCase{
		{"code, then JSON", "```python\nprint(\"x\")\n```\n```json\n{\"a\": 1}\n```", `{"a":1}`, "left out a code fence marked as another language"},
		{"JSON, then code", "```json\n[1, 2]\n```\nRun it with:\n```sh\ncurl -d '{\"b\": 2}' x\n```", `[1,2]`, "left out a code fence"},
		{"code, then a fence not marked", "```text\nnote: {\"b\": 1}\n```\n```\n{\"a\": 2}\n```", `{"a":2}`, "left out a code fence"},
		{"JSON marked jsonc", "```js\nf({\"b\": 1})\n```\n```jsonc\n{\"a\": 2 // two\n}\n```", `{"a":2}`, "left out a code fence"},
		{"only code", "```python\nclient.send({\"a\": 1})\n```", `{"a":1}`, "markdown code fence"},
		{"tilde fences", "Here:\n~~~json\n{\"a\": 1}\n~~~\nDone.", `{"a":1}`, "~~~ code fences"},
		{"tildes inside a string are text", "{\"a\": \"~~~ x\"}", `{"a":"~~~ x"}`, ""},
		// Three quotes on a line of their own around a document are a
		// fence too, as a model writing Python puts one.
		{"single-quote fences", "'''json\n{\"a\": 1}\n'''", `{"a":1}`, "''' code fences"},
		{"double-quote fences in prose", "Here:\n\"\"\"\n[1, 2]\n\"\"\"\nDone.", `[1,2]`, `""" code fences`},
		{"a quote fence cut off", "'''json\n{\"a\": [1, 2", `{"a":[1,2]}`, "''' code fences"},
		{"triple quotes around a word are a string", "'''hello'''", `"hello"`, "triple-quoted"},
		{"around text that is no document, too", "'''\nhello\n'''", `"\nhello\n"`, "triple-quoted"},
		{"two JSON fences", "```json\n{\"a\": 1}\n```\n```json\n{\"a\": 2}\n```", `[{"a":1},{"a":2}]`, "documents in a row"},
	})
	checkAligned(t, []alignCase{
		{"tilde fences with a schema", "int", "Result:\n~~~\n7\n~~~", `7`, ""},
		{"code that fits, then JSON that fits", "int", "```python\nprint(7)\n```\n```json\n8\n```", `8`, ""},
		{"code that fits, then JSON that does not", "int", "```python\nprint(7)\n```\n```json\n\"eight\"\n```", `7`, ""},
		{"code first among fences that each fit", "req", "```python\n{\"a\": \"code\"}\n```\n```json\n{\"a\": \"answer\"}\n```\n```json\n{\"a\": \"again\"}\n```", `{"a":"answer"}`, ""},
	})
}

// A document in an XML CDATA section is its content: the markers'
// brackets are no array's. A marker inside a string is its text.
func TestRuleCDATA(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a section", "<![CDATA[{\"a\": 1}]]>", `{"a":1}`, "inside <![CDATA["},
		{"in a tag, an array", "<answer><![CDATA[[1, [2]]]]></answer>", `[1,[2]]`, "inside <![CDATA["},
		{"after prose, on lines of its own", "Here:\n<![CDATA[\n[1, 2]\n]]>\nDone.", `[1,2]`, "inside <![CDATA["},
		{"left open", "<![CDATA[{\"a\": \"b", `{"a":"b"}`, "inside <![CDATA["},
		{"a marker in a string is text", `{"xml": "<![CDATA[x]]>"}`, `{"xml":"<![CDATA[x]]>"}`, ""},
	})
	checkAligned(t, []alignCase{
		{"with a schema", "int", "<result><![CDATA[7]]></result>", `7`, ""},
	})
	// Streaming, the marker's own brackets are never a partial array.
	checkStreamed(t, "opt", []streamCase{
		{"<![CD", ""},
		{"<answer><![CDATA", ""},
		{"<![CDATA[{\"a\": \"b", `{"a":"b"}`},
	})
}

// A list whose one item does not fit is refused for that item; the items
// that fit, each a list of one to a schema of lists, are not offered as
// readings of their own.
func TestListItemIsNoOtherReading(t *testing.T) {
	_, _, ps, err := Align([]byte(`[{"a": "x"}, {"b": 1}]`), ruleSchemas.Schema("structgen:///list.json#"))
	if err != nil || len(ps) == 0 {
		t.Fatalf("want problems, got %v, %v", ps, err)
	}
	for _, p := range ps {
		if p.Pointer != "/1" {
			t.Errorf("problem at %s (%s), want only /1's", p.Pointer, p.Message)
		}
	}
}

// While a reply streams, a word it ends in that starts a literal ("nu",
// "tr") may be null or true in the next chunk: a partial value leaves it
// out rather than show it as a string. A quoted string, or a word that
// something follows, is what it is.
func TestPartialLeavesOutACutLiteral(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"v": nu`, `{}`},
		{`{"a": 1, "ok": tr`, `{"a":1}`},
		{`nu`, ``},
		{`{"v": "nu`, `{"v":"nu"}`},
		{`{"v": nuance, "w": 1`, `{"v":"nuance"}`},
		{`{"grade": F`, `{"grade":"F"}`},
	} {
		got, ok := PartialJSON([]byte(c.in))
		if string(got) != c.want || ok != (c.want != "") {
			t.Errorf("PartialJSON(%q) = %s, %v; want %s", c.in, got, ok, c.want)
		}
	}
}

// A document written again after prose that corrects the one before
// ("Wait, correction:") or labels it the answer ("Final answer:") is the
// answer where it fits; with no such words the first that fits is.
func TestRuleCorrection(t *testing.T) {
	// With no schema too: the document after the correction or label.
	checkRules(t, []ruleCase{
		{"no schema, after a correction", "{\"a\": 1}\nWait, correction: {\"a\": 2}", `{"a":2}`, "after a correction"},
		{"no schema, in fences", "[1, 2]\n\nOops, I meant:\n```json\n[1, 2, 3]\n```", `[1,2,3]`, "after a correction"},
		{"no schema, after an answer label", "Draft: {\"a\": 1}\nFinal answer: {\"a\": 2}", `{"a":2}`, "answer label"},
		{"no schema, no cue: the first", "{\"a\": 1} and also {\"a\": 2}", `{"a":1}`, "left out the text after"},
		{"no schema, a cue in the reasoning is no cue", "<think>{\"a\": 0} wait, {\"a\": 1}</think>\n{\"a\": 2}", `{"a":2}`, "reasoning"},
	})
	checkAligned(t, []alignCase{
		{"after a correction", "req", "{\"a\": \"x\"}\n\nWait, correction:\n{\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"in fences", "req", "```json\n{\"a\": \"x\"}\n```\nOops, I meant:\n```json\n{\"a\": \"y\"}\n```", `{"a":"y"}`, ""},
		{"an updated version", "req", "The first draft: {\"a\": \"x\"}. The updated version: {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"on second thought", "req", "{\"a\": \"x\"}\nOn second thought, {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"scratch that", "req", "{\"a\": \"x\"} -- scratch that: {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"the correct one", "req", "Not {\"a\": \"x\"}; the correct one is {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"an apology", "req", "{\"a\": \"x\"}\nApologies, here it is: {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"no correction: the first", "req", "{\"a\": \"x\"} and also {\"a\": \"y\"}", `{"a":"x"}`, ""},
		{"a correction that does not fit", "req", "{\"a\": \"x\"}\nActually: {\"b\": 1}", `{"a":"x"}`, ""},
		{"a cue before the only document", "req", "Actually, here it is: {\"a\": \"x\"}", `{"a":"x"}`, ""},
		// A label that gives the answer after working marks it too.
		{"a final answer after a draft", "req", "Thinking: try {\"a\": \"x\"}.\nFinal answer: {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"input, then output", "req", "Input: {\"a\": \"x\"}\nOutput: {\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"a final version", "req", "Draft: {\"a\": \"x\"}\n\n**Final JSON:**\n{\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"a bold answer label on its own line", "req", "Draft: {\"a\": \"x\"}\n\n**Answer**\n{\"a\": \"y\"}", `{"a":"y"}`, ""},
		{"the word answer in a sentence is no label", "req", "{\"a\": \"x\"} is one answer, another is {\"a\": \"y\"}", `{"a":"x"}`, ""},
		// A label between fences labels the fence after it: the fence
		// markers around it are no prose.
		{"an answer label between fences", "req", "Example format:\n```json\n{\"a\": \"x\"}\n```\nAnswer:\n```json\n{\"a\": \"y\"}\n```", `{"a":"y"}`, ""},
		{"an answer label on the fence's line", "req", "Draft:\n```json\n{\"a\": \"x\"}\n```\nFinal answer: ```json\n{\"a\": \"y\"}\n```", `{"a":"y"}`, ""},
		{"fences with no label: the first", "req", "```json\n{\"a\": \"x\"}\n```\n```json\n{\"a\": \"y\"}\n```", `{"a":"x"}`, ""},
	})
	checkStreamed(t, "req", []streamCase{
		{"Example format:\n```json\n{\"a\": \"x\"}\n```\nAnswer:\n```json\n{\"a\": \"y", `{"a":"y"}`},
	})
	_, repairs, _, _ := Align([]byte("```json\n{\"a\": \"x\"}\n```\n```json\n{\"a\": \"y\"}\n```"), ruleSchemas.Schema("structgen:///req.json#"))
	if !strings.Contains(fmt.Sprint(repairs), "left out the other code fences") {
		t.Errorf("the fence left out is not reported: %v", repairs)
	}
}

// The minus sign typesetting writes (U+2212) before a number is JSON's.
func TestRuleTypesetMinus(t *testing.T) {
	checkRules(t, []ruleCase{
		{"in a member", `{"n": −5}`, `{"n":-5}`, "minus sign"},
		{"in a list", `[−1, −2.5e3]`, `[-1,-2.5e3]`, "minus sign"},
		{"before a word it is text", `{"n": −x}`, `{"n":"−x"}`, "bare word"},
	})
}

// A string written as a markdown list, one item a line, where a list is
// wanted is the list of its items; one line, or a line that is no item,
// is not.
func TestRuleMarkdownListInString(t *testing.T) {
	checkAligned(t, []alignCase{
		{"bullets", "person", `{"first_name": "Ada", "age": 3, "tags": "- math\n- engines"}`, `{"age":3,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"numbered, blank lines between", "person", `{"first_name": "Ada", "age": 3, "tags": "1. math\n\n2. engines\n"}`, `{"age":3,"first_name":"Ada","tags":["math","engines"]}`, ""},
		{"numbers", "counts", `"- 1\n- 2"`, `[1,2]`, ""},
		{"one line is one item", "person", `{"first_name": "Ada", "age": 3, "tags": "- math"}`, `{"age":3,"first_name":"Ada","tags":["- math"]}`, ""},
		{"a line of prose makes it text", "person", `{"first_name": "Ada", "age": 3, "tags": "Her tags:\n- math\n- engines"}`, `{"age":3,"first_name":"Ada","tags":["Her tags:\n- math\n- engines"]}`, ""},
	})
}

// The quotes other languages write around strings (German „…“, French
// «…», Chinese and Japanese 「…」) delimit keys and values as “…” does;
// inside a string in plain quotes they are its text.
func TestRuleLocaleQuotes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"German", `{„name“: „Ada“, „n“: 1}`, `{"name":"Ada","n":1}`, "quotes"},
		{"French guillemets", `{«name»: «Ada»}`, `{"name":"Ada"}`, "quotes"},
		{"corner brackets", `{「name」: 「Ada」}`, `{"name":"Ada"}`, "quotes"},
		{"inside a plain string, text", `{"q": "Er sagte „Hallo“ und «bonjour»", "n": 1}`, `{"q":"Er sagte „Hallo“ und «bonjour»","n":1}`, ""},
	})
}

// A whole reply of one document in inline code or single quotes is the
// document; a string in double quotes is valid JSON and stays a string.
func TestRuleQuotedDocument(t *testing.T) {
	checkRules(t, []ruleCase{
		{"inline code", "`{\"a\": 1}`", `{"a":1}`, "inside the quotes"},
		{"single quotes, an apostrophe inside", `'{"a": "it's"}'`, `{"a":"it's"}`, "inside the quotes"},
		{"a list", "  `[1, 2]`\n", `[1,2]`, "inside the quotes"},
		{"double quotes: a JSON string", `"{\"a\": 1}"`, `"{\"a\": 1}"`, ""},
		{"words in quotes stay a string", "'hello'", `"hello"`, ""},
	})
	checkAligned(t, []alignCase{
		{"a quoted list is a document, not prose naming a number", "int", "`[3]`", "", "want integer"},
	})
}

// A reply written as YAML's block lines, with no schema or one that
// declares no property (which member lines would read), is the document
// they describe: nesting by indent, lists after "- ", JSON's literals
// and numbers, other values as written. Text that is not wholly such
// lines is left to the other rules.
func TestRuleYAMLLines(t *testing.T) {
	checkRules(t, []ruleCase{
		{"nested", "a: 1\nb:\n  c: 2", `{"a":1,"b":{"c":2}}`, "lines of YAML"},
		{"a list under a key", "name: Ada\ntags:\n  - math\n  - engines", `{"name":"Ada","tags":["math","engines"]}`, "lines of YAML"},
		{"a list at its key's indent", "name: Ada\ntags:\n- math\n- engines\nage: 36", `{"name":"Ada","tags":["math","engines"],"age":36}`, "lines of YAML"},
		{"a list of objects", "- name: Ada\n  age: 36\n- name: Bo\n  tags:\n    - x", `[{"name":"Ada","age":36},{"name":"Bo","tags":["x"]}]`, "lines of YAML"},
		{"an item's object with a list first", "- tags:\n    - x\n  name: Bo", `[{"tags":["x"],"name":"Bo"}]`, "lines of YAML"},
		{"lists in a list", "- - a\n  - b\n- - c", `[["a","b"],["c"]]`, "lines of YAML"},
		{"keys YAML quotes, keys of other signs", "'128': icon.png\n\"@type\": Action\nctrl+c: app:quit\n/scope/:\n  x: 1", `{"128":"icon.png","@type":"Action","ctrl+c":"app:quit","/scope/":{"x":1}}`, "lines of YAML"},
		{"scalars", "version: 1.0.3\nzip: 01234\nok: true\ngone: ~\nempty:\nn: -2.5e3\nsaid: \"yes, no\"", `{"version":"1.0.3","zip":"01234","ok":true,"gone":null,"empty":null,"n":-2.5e3,"said":"yes, no"}`, "lines of YAML"},
		{"a literal block", "poem: |\n  line one\n    line two\nby: me", `{"poem":"line one\n  line two\n","by":"me"}`, "lines of YAML"},
		{"an object in braces beside a member", "name: Ada\naddress: {city: London}", `{"name":"Ada","address":{"city":"London"}}`, "lines of YAML"},
		{"flat lines, a brace in a value", "image: a/{id}.png\nname: x", `{"image":"a/{id}.png","name":"x"}`, "lines of YAML"},
		{"braces in a value's text", "image: ${IMAGE}\npaths:\n  - /users/{id}", `{"image":"${IMAGE}","paths":["/users/{id}"]}`, "lines of YAML"},
		{"after a line that introduces them", "Here is the result:\nname: Ada\nbooks:\n  - Notes", `{"name":"Ada","books":["Notes"]}`, "introduces the answer"},
		{"prose after them", "name: Ada\nbooks:\n  - Notes\n\nLet me know if you need more.", `{"name":"Ada","books":["Notes"]}`, "text after the document"},
		{"in a fence marked yaml, comments", "```yaml\nname: Ada # the name\ntags:\n  - x  # one\n```", `{"name":"Ada","tags":["x"]}`, "lines of YAML"},
		{"in a fence not marked yaml, # is text", "```\nname: Ada # the name\ntags:\n  - x\n```", `{"name":"Ada # the name","tags":["x"]}`, "lines of YAML"},
		// Not YAML's lines: the other rules read them, as before.
		{"one line is a label", "Answer: [1, 2]", `[1,2]`, "text before"},
		{"a document after the lines", "- read it\n- wrote it\n\n{\"a\": 1}", `{"a":1}`, "text before"},
		{"members in quotes are a document's", "\"name\": \"Ada\",\n\"tags\": [1]", `{"name":"Ada","tags":[1]}`, "without braces"},
	})
	for _, in := range []string{
		"a:\n  b: 1\na: 2",                    // a key written twice: two answers
		"name: Ada\nSome notes here:\nage: 3", // words with nothing under them: prose
		"name: Ada\nnote: {\ntags:\n  - x",    // a document's line
		"name: Ada\n  age: 3\ntags:\n  - x",   // a member indented under one with a value
		"bio: |\nname: Ada",                   // a block's indicator with nothing under it
	} {
		_, repairs, _ := ReadLenient([]byte(in))
		if strings.Contains(fmt.Sprint(repairs), "lines of YAML") {
			t.Errorf("%q read as YAML's lines: %v", in, repairs)
		}
	}
	checkAligned(t, []alignCase{
		{"no schema's constraints", "any", "a: 1\nb:\n  c: [x, y]", `{"a":1,"b":{"c":["x","y"]}}`, ""},
		{"an object of no properties", "object", "title: Dune\nauthor:\n  first: Frank\nyear: 1965", `{"author":{"first":"Frank"},"title":"Dune","year":1965}`, ""},
		{"a list of objects of no properties", "records", "- name: Ada\n  age: 36\n- name: Bo", `[{"age":36,"name":"Ada"},{"name":"Bo"}]`, ""},
		{"a fence", "object", "```yaml\nname: Ada # x\ntags:\n  - a\n```", `{"name":"Ada","tags":["a"]}`, ""},
		{"one member, for an object", "object", "extends: ./base.json", `{"extends":"./base.json"}`, ""},
		// Declared properties: member lines read them, and refuse what
		// they do not take (a list of objects for a list of strings).
		{"not for declared properties", "person", "first_name: Ada\nage: 36\ntags:\n  - name: math", "", "no JSON"},
	})
	// Streaming, no value is done (a line to come may make the text no
	// YAML), so numbers wait for the end; text shows as it grows.
	checkStreamed(t, "any", []streamCase{
		{"a: x\nb:\n  c: 2\n  d: y\n  e", `{"a":"x","b":{"d":"y"}}`},
		{"a: x\nb:\n  - x\n  - y", `{"a":"x","b":["x","y"]}`},
	})
	checkStreamed(t, "object", []streamCase{
		{"extends: base", `{"extends":"base"}`},
	})
}

// Strings written one after another in a member's value are one string,
// as Python and C join them; the second is a key only where a colon
// follows it.
func TestRuleAdjacentStrings(t *testing.T) {
	checkRules(t, []ruleCase{
		{"on one line", `{"a": "Hello, " "world"}`, `{"a":"Hello, world"}`, "one after another"},
		{"across lines", "{\"a\": \"Hello, \"\n  \"world\",\n \"b\": 1}", `{"a":"Hello, world","b":1}`, "one after another"},
		{"three", `{"a": "x" "y" "z"}`, `{"a":"xyz"}`, "one after another"},
		{"a key after: a comma left out", `{"a": "x" "b": 1}`, `{"a":"x","b":1}`, "missing comma"},
		{"in a list: items that lost their comma", `["a" "b"]`, `["a","b"]`, "missing comma"},
	})
}

// An ellipsis after a quote, where a value may end after it, stands for
// items left out: the quote ends the string.
func TestRuleEllipsisAfterString(t *testing.T) {
	checkRules(t, []ruleCase{
		{"at the text's end", `["a", "b" ...`, `["a","b"]`, "ellipsis"},
		{"before a comma", `{"a": "x"... , "b": 1}`, `{"a":"x","b":1}`, "ellipsis"},
		{"unicode ellipsis before a brace", `{"a": "x", "b": "y" …}`, `{"a":"x","b":"y"}`, "ellipsis"},
		{"words after: the quote is the text's", `{"a": "She said "wait" ... and left"}`, `{"a":"She said \"wait\" ... and left"}`, "quote inside"},
	})
}

// A string that lost its end quote before the brackets that close its
// containers, a comma and the next key or item ends before the
// brackets: they are the document's. Brackets the string's own text
// opened stay its text.
func TestRuleEndQuoteLostBeforeBrackets(t *testing.T) {
	checkRules(t, []ruleCase{
		{"before a brace and a key", `{"a": {"b": "x}, "c": 1}`, `{"a":{"b":"x"},"c":1}`, "before the brackets"},
		{"before a bracket and a key", `{"a": ["x], "c": 1}`, `{"a":["x"],"c":1}`, "before the brackets"},
		{"before the next item of a list", `{"p": [{"n": "x},{"n": "y"}]}`, `{"p":[{"n":"x"},{"n":"y"}]}`, "before the brackets"},
		{"two brackets", `{"a": [{"b": "x}], "c": 1}`, `{"a":[{"b":"x"}],"c":1}`, "before the brackets"},
		{"a brace the text opened is its own", `{"a": {"b": "{x}}, "c": 1}`, `{"a":{"b":"{x}"},"c":1}`, "before the brackets"},
		{"a balanced brace, then a comma: the end quote is lost at the comma", `{"a": {"b": "f() {}, "c": 1}}`, `{"a":{"b":"f() {}","c":1}}`, "end quote is missing"},
		{"quoted phrases that pair up are the text's", `{"a": [{"b": "say "hi" twice}], "c": 1}`, `{"a":[{"b":"say \"hi\" twice"}],"c":1}`, "before the brackets"},
		{"and before the next item", `[{"b": "say "hi" now}, {"b": "y"}]`, `[{"b":"say \"hi\" now"},{"b":"y"}]`, "before the brackets"},
		{"a phrase opened and not closed", `{"a": {"b": "say "hi}, "c": 1}`, `{"a":{"b":"say \"hi"},"c":1}`, "before the brackets"},
		{"a phrase opened, before the next item", `[{"b": "say "hi}, {"b": "y"}]`, `[{"b":"say \"hi"},{"b":"y"}]`, "before the brackets"},
	})
}

// A quote that closes a word, followed by stray text and then a bracket
// the string never opened, is the string's end quote, wherever the
// object is: the text is dropped (reported), the bracket closes the
// object. Read on to the comma as a lost end quote, the string would
// swallow the bracket and the members after it would move up a level.
func TestRuleStrayTextAfterEndQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"in a nested object", `{"w": {"b": "x" true}, "c": "z"}`, `{"w":{"b":"x"},"c":"z"}`, "stray text"},
		{"several words", `{"w": {"b": "data" AAAA BB }, "c": 1}`, `{"w":{"b":"data"},"c":1}`, "stray text"},
		{"in a list's object", `{"l": [{"b": "x" y}], "c": 1}`, `{"l":[{"b":"x"}],"c":1}`, "stray text"},
		{"a phrase quote opens: the end quote is lost", `{"w": {"a": "He said "hi, "c": 1}}`, `{"w":{"a":"He said \"hi","c":1}}`, "end quote is missing"},
		{"inches are the text's", `{"w": {"a": "a 12" pizza}, "c": 1}}`, `{"w":{"a":"a 12\" pizza}","c":1}}`, "end quote is missing"},
		{"no bracket: the quote is the text's", `{"w": {"a": "x" y, "c": 1}}`, `{"w":{"a":"x\" y","c":1}}`, "end quote is missing"},
	})
}

// Values after a member's value, none of them a key, up to a ']' the
// text never opened, are the member's list: its '[' was left out. Only
// where the text closes more lists than it opens and every object it
// opens; streamed, text still to come may open the list.
func TestRuleListLostOpeningBracket(t *testing.T) {
	checkRules(t, []ruleCase{
		{"strings", `{"tags": "a", "b", "c"], "n": 1}`, `{"tags":["a","b","c"],"n":1}`, "its '[' was left out"},
		{"the last member", `{"n": 1, "tags": "a", "b"]}`, `{"n":1,"tags":["a","b"]}`, "its '[' was left out"},
		{"compact", `{"x":"a\\.py","b/.*"],"y":["z"]}`, `{"x":["a\\.py","b/.*"],"y":["z"]}`, "its '[' was left out"},
		{"nested", `{"a": {"t": "x", "y"]}, "b": 1}`, `{"a":{"t":["x","y"]},"b":1}`, "its '[' was left out"},
		{"an object after the value", `{"v": "x", {"id": 1}], "n": 2}`, `{"v":["x",{"id":1}],"n":2}`, "its '[' was left out"},
		{"a list after the value", `{"p": "x", ["y", {"z": true}]]}`, `{"p":["x",["y",{"z":true}]]}`, "its '[' was left out"},
		{"numbers", `{"v": 1, 2, 3], "n": 1}`, `{"v":[1,2,3],"n":1}`, "its '[' was left out"},
		{"bare words", `{"v": red, green], "n": 1}`, `{"v":["red","green"],"n":1}`, "its '[' was left out"},
		{"balanced: bare words with commas are one value", `{"v": red, green, "n": 1}`, `{"v":"red, green","n":1}`, "bare word"},
		{"balanced: digits with commas are one value", `{"v": 105,12, "n": 1}`, `{"v":"105,12","n":1}`, "bare word"},
		{"balanced: a list after a list joins it", `{"k": ["a"], ["b"]}`, `{"k":["a","b"]}`, "joined a list"},
		{"balanced: a key with no value", `{"a": "x", "b", "c": 1}`, `{"a":"x","c":1}`, "no value"},
		{"balanced: a quote before a comma is the text's", `{"a": "x "y", z." }`, `{"a":"x \"y\", z."}`, ""},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"tags": "a", "b"`, `{"tags":"a"}`},
	})
	// Streamed, what a ']' still to come would make a list is not done
	// (where it was not done before: a value before a comma stays done).
	for _, c := range []struct{ schema, in, ptr string }{
		{"any", `{"k":"a","b"],"n":"x"`, "k"},
		{"person", `{"first_name": "Ada", "tags": "a",`, "tags"},
	} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///"+c.schema+".json#"), []byte(c.in))
		if err != nil || n.Field(c.ptr).Done() {
			t.Errorf("streaming %q: %s done (%v), want not done", c.in, c.ptr, err)
		}
	}
	n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///person.json#"), []byte(`{"tags": "a", "age": 3`))
	if err != nil || !n.Field("tags").Done() || !n.Field("tags").Items()[0].Done() {
		t.Errorf("streaming: /tags, a list of one before the next member, not done (%v)", err)
	}
}

// A colon after a member's string, where the text closes more objects
// than it opens and every list, makes the string the first key of the
// member's object, whose '{' was left out. Streamed, the reading stops
// at the colon until the text ends.
// A member's one value, then a ']' the text never opened, is a list of
// one that lost its '['.
// The counts of a text's brackets, which say whether one was lost, hold
// where a quote was lost too: a quote opens a string only where one can
// start, and the counts that need fewer repairs are taken.
func TestRuleBracketCountsWithLostQuotes(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a list's '[' and a key's opening quote", "{\n  \"tags\":\n    \"a\",\n    \"b\"\n  ],\n  name\": \"x\"\n}", `{"tags":["a","b"],"name":"x"}`, "its '[' was left out"},
		{"code's quotes in a value", "{\"code\": \"x = [\"a\", \"b\"]\ny = {\"k\": x}\", \"lang\": \"py\"}", `{"code":"x = [\"a\", \"b\"]\ny = {\"k\": x}","lang":"py"}`, "inside a string"},
	})
	for _, c := range []struct {
		text    string
		braces  int
		squares int
	}{
		{`{"a": [1, 2}`, 0, -1},
		{"{\n  name\": [1\n}", 0, -1},
		{`{"a": "x", "b": "y"]}`, 0, 1},
	} {
		if n := countBrackets([]byte(c.text)); n.braces != c.braces || n.squares != c.squares {
			t.Errorf("countBrackets(%q) = %d braces, %d squares; want %d, %d", c.text, n.braces, n.squares, c.braces, c.squares)
		}
	}
}

func TestRuleListOfOneLostOpeningBracket(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a string", "{\n  \"langs\":\n    \"Go\"\n  ],\n  \"n\": 1\n}", `{"langs":["Go"],"n":1}`, "its '[' was left out"},
		{"an object", "{\n  \"a\":\n    {\"b\": 1}\n  ],\n  \"n\": 1\n}", `{"a":[{"b":1}],"n":1}`, "its '[' was left out"},
		{"on the key's line: a bracket too many", `{"a": {"b": 1}], "n": 1}`, `{"a":{"b":1},"n":1}`, "stray"},
		{"items a line each, their commas left out", "{\n  \"tags\":\n    \"a\"\n    \"b\"\n  ],\n  \"n\": 1\n}", `{"tags":["a","b"],"n":1}`, "its '[' was left out"},
		{"brackets that pair up: a stray one", `{"a": "x"], "b": [1}`, `{"a":"x","b":[1]}`, ""},
	})
}

// Words in a document's strings are not prose: a key such as
// "fixed-cidr" between two of its containers (where the text lost a
// bracket, so that they look like documents of their own) is no
// correction that makes the later one the answer.
func TestRuleCorrectionCueInKeys(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a key with a cue word", "{\n  \"a\":\n    {\"x\": 1},\n    {\"x\": 2}\n  ],\n  \"fixed-cidr\": \"\",\n  \"hosts\": []\n}", `{"a":[{"x":1},{"x":2}],"fixed-cidr":"","hosts":[]}`, "its '[' was left out"},
		{"a correction in prose stays", "{\"a\": 1}\nWait, \"a\" is wrong: {\"a\": 2}", `{"a":2}`, "after a correction"},
	})
}

func TestRuleObjectLostOpeningBrace(t *testing.T) {
	checkRules(t, []ruleCase{
		{"members, then the next", `{"a": "b": 1, "c": 2}, "e": 3}`, `{"a":{"b":1,"c":2},"e":3}`, "its '{' was left out"},
		{"nested values", `{"a": "b": {"x": [1]}, "c": "d"}}`, `{"a":{"b":{"x":[1]},"c":"d"}}`, "its '{' was left out"},
		{"deeper", `{"w": {"a": "b": 1}}, "e": 3}`, `{"w":{"a":{"b":1}},"e":3}`, "its '{' was left out"},
		{"balanced: the colon is stray", `{"a": "b": 1}`, `{"a":"b"}`, "where a key was wanted"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"a": "b": 1, "c": 2}, "e": 3}`, `{"a":"b"}`},
	})
	n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///any.json#"), []byte(`{"a": "b": 1`))
	if err != nil || n.Field("a").Done() {
		t.Errorf("streaming: /a done before the text says whether it is an object (%v)", err)
	}
}

// A closing bracket of the other kind than its container's is the right
// one where the text closes as many brackets as it opens; where it
// closes fewer, a bracket was left out and this one closes the
// container around it too; where the text closes every bracket of the
// container's kind and more of its own kind than it opens, it is one too
// many. Streamed, nothing after it is read until the text ends: text
// still to come changes how the brackets add up.
func TestRuleWrongClosingBracket(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a brace for a list's bracket", `{"a": {"b": [1, 2}, "c": 3}, "d": 4}`, `{"a":{"b":[1,2],"c":3},"d":4}`, "read '}' as the ']'"},
		{"a bracket for an object's brace", `{"a": {"b": 1], "c": 2}`, `{"a":{"b":1},"c":2}`, "read ']' as the '}'"},
		{"both, in a list of objects", `[{"a": 1], {"a": 2]}`, `[{"a":1},{"a":2}]`, "read ']' as the '}'"},
		{"a bracket left out: the brace closes both", `{"a": {"b": [1, 2}, "c": 3}`, `{"a":{"b":[1,2]},"c":3}`, "closed an array before '}'"},
		{"brackets in strings are not counted", `{"a": {"b": [1, "]"}, "c": 3}, "d": 4}`, `{"a":{"b":[1,"]"],"c":3},"d":4}`, "read '}' as the ']'"},
		{"a brace too many in a list", `{"a": [{"b": 1}}, {"b": 2}], "c": 3}`, `{"a":[{"b":1},{"b":2}],"c":3}`, "removed a stray '}'"},
		{"a bracket too many in an object", `{"a": {"b": 1]}, "c": 2}`, `{"a":{"b":1},"c":2}`, "removed a stray ']'"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"a": {"b": [1, 2}, "c": 3`, `{"a":{"b":[1,2]}}`},
		// Balanced so far, but more may follow that does not balance.
		{`{"a": {"b": [1, 2}, "c": 3}, "d": 4}`, `{"a":{"b":[1,2]}}`},
		// Not "path" beside "r", as if the bracket closed both objects.
		{`{"r": {"env": {"x": "1"], "path": "p", "n": 1`, `{"r":{"env":{"x":"1"}}}`},
	})
}

// A list or object sent as a JSON-encoded string, where the schema takes
// a string too, is the document where the string does not fit and the
// document does; a string that fits stays as written.
func TestRuleEncodedContainerBesideString(t *testing.T) {
	checkAligned(t, []alignCase{
		{"a list where only values or a list fit", "bindings", `{"bindings": "[\"esm\"]"}`, `{"bindings":["esm"]}`, ""},
		{"a value stays a value", "bindings", `{"bindings": "raw"}`, `{"bindings":"raw"}`, ""},
		{"a string that fits stays a string", "bindings", `{"note": "[\"a\"]"}`, `{"note":"[\"a\"]"}`, ""},
		{"a document that does not fit either: no guess", "bindings", `{"bindings": "[\"mjs\"]"}`, "", "bindings"},
	})
}

// Streamed, a string that a + ends the text after is not done: the
// string it joins is still to come.
func TestRulePlusAtStreamEnd(t *testing.T) {
	for _, in := range []string{`{"a": "./src/c" +`, `{"a": "./src/c" + `} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///any.json#"), []byte(in))
		if err != nil || n.Field("a").Done() {
			t.Errorf("streaming %q: /a done (%v), want not done", in, err)
		}
	}
	checkStreamed(t, "any", []streamCase{{`{"a": "./src/c" + "omponent"}`, `{"a":"./src/component"}`}})
}

// Streamed, one document where a list is wanted is a list of one that is
// not done: another may follow, as JSON Lines write them. Its item is as
// done as the document.
func TestRuleListOfOneStreamed(t *testing.T) {
	n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///list.json#"), []byte(`{"a": "x"}`))
	if err != nil || string(n.JSON()) != `[{"a":"x"}]` || n.Done() || !n.Items()[0].Done() {
		t.Fatalf("streaming one document for a list: %s (%v), done %v; want [{\"a\":\"x\"}] not done, its item done", n.JSON(), err, n.Done())
	}
	checkStreamed(t, "list", []streamCase{{"{\"a\": \"x\"}\n{\"a\": \"y\"}", `[{"a":"x"},{"a":"y"}]`}})
}

// In a list, a blank and a list after an item's quote, with no phrase of
// the item's own open, is the next item, its comma left out.
// A semicolon between members is a comma, but not in code a value
// writes with its quotes unescaped: "; }" before the value's end quote is
// the code's.
func TestRuleSemicolonInCode(t *testing.T) {
	checkRules(t, []ruleCase{
		{"code in a value", `{"u": "if (x) { return \"a\" "b" ; }", "v": ""}`, `{"u":"if (x) { return \"a\" \"b\" ; }","v":""}`, "inside a string"},
		{"code that writes no escape", `{"u": "if (x) { return "a" ; }", "v": ""}`, `{"u":"if (x) { return \"a\" ; }","v":""}`, "inside a string"},
		{"between members", `{"a": "x"; "b": "y"}`, `{"a":"x","b":"y"}`, "read ';' between members"},
		{"before the object's end", `{"a": "x"; }`, `{"a":"x"}`, ""},
	})
}

func TestRuleListAfterItemWithoutComma(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a nested list", `["a" ["b", "c"]]`, `["a",["b","c"]]`, "missing comma"},
		{"in the middle", `["x", "y" [1, 2], "z"]`, `["x","y",[1,2],"z"]`, "missing comma"},
		{"a bracket after a phrase stays text", `["He said "wait" [sic] twice", "b"]`, `["He said \"wait\" [sic] twice","b"]`, "quote inside"},
		{"an index in code stays text", `["see x["a"] here", "b"]`, `["see x[\"a\"] here","b"]`, "quote inside"},
		{"an object", `["a" {"k": 1}, "b"]`, `["a",{"k":1},"b"]`, "missing comma"},
		{"a literal", `["a" null, "b"]`, `["a",null,"b"]`, "missing comma"},
		{"a literal that starts words stays text", `["say" true story", "b"]`, `["say\" true story","b"]`, "quote inside"},
		{"braces around words stay text", `["a" {b} c", "d"]`, `["a\" {b} c","d"]`, "quote inside"},
		{"a string that escapes its quotes", `["a" "He said \"x\" twice", "b"]`, `["a","He said \"x\" twice","b"]`, "missing comma"},
		{"a literal, then a number", `[-1.5, true -2]`, `[-1.5,true,-2]`, "missing comma"},
		{"a literal, then a string", `[null "a", false]`, `[null,"a",false]`, "missing comma"},
		{"a literal, then words, is words", `[true story]`, `["true story"]`, "bare word"},
	})
}

// A value that lost its opening quote but writes JSON's escapes (\",
// \n, \\) is a string's body up to the quote that ends it: read as one,
// escapes and all. Streamed, no value is done that the rest changes.
func TestRuleEscapedStringLostOpenQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		{"escaped quotes", `{"a": the \"b\" key", "c": 1}`, `{"a":"the \"b\" key","c":1}`, "added the opening quote"},
		{"in a list", `["x", He said \"hi\" twice"]`, `["x","He said \"hi\" twice"]`, "added the opening quote"},
		{"escaped line breaks", `{"a": one\ntwo"}`, `{"a":"one\ntwo"}`, "added the opening quote"},
		{"a Windows path", `{"a": C:\\Users\\me", "b": 1}`, `{"a":"C:\\Users\\me","b":1}`, "added the opening quote"},
		{"no escape: a word and its end quote", `{"a": plain words"}`, `{"a":"plain words"}`, "end quote of a string that had no opening quote"},
		{"a comma before the quote: bare words", `{"a": x\ty, "b": 1}`, `{"a":"x\\ty","b":1}`, "bare word"},
		{"no quote at either end: escaped quotes are the text's", `["a", the \"b\" key, "c"]`, `["a","the \"b\" key","c"]`, `read \" in an unquoted value`},
		{"in an object", `{"a": the \"b\" key, "c": 1}`, `{"a":"the \"b\" key","c":1}`, `read \" in an unquoted value`},
		{"a colon and its end quote: text", `["x", a: b"]`, `["x","a: b"]`, "added the opening quote"},
		{"a colon and no end quote: a member", `["x", a: b]`, `["x",{"a":"b"}]`, "key and value in an array"},
		{"colons without blanks", `{"image": localhost:5000/app:1.0", "b": 1}`, `{"image":"localhost:5000/app:1.0","b":1}`, "added the opening quote"},
		{"a glob, not a comment", `{"src": /content/**/*.md", "b": 1}`, `{"src":"/content/**/*.md","b":1}`, "added the opening quote"},
		{"a template's placeholder", `{"cs": {db.connectionString}", "b": 1}`, `{"cs":"{db.connectionString}","b":1}`, "added the opening quote"},
		{"placeholders in doubled braces, in a list", `["x", {{order_by}}", "y"]`, `["x","{{order_by}}","y"]`, "added the opening quote"},
		{"braces around a word and no quote: an object", `{"a": {b}, "c": 1}`, `{"a":{},"c":1}`, "dropped the key"},
	})
	for _, text := range []string{
		`["x", {{order_by}}", "y"]`,
		`{"src": /content/**/*.md", "b": 1}`,
		`{"a": the \"b\" key", "c": 1}`,
		`{"a": C:\\Users\\me", "b": 1}`,
		`{"a": false, first name": [1]}`,
	} {
		if msg, err := doneChanges(ruleSchemas.Schema("structgen:///any.json#"), text); msg != "" || err != nil {
			t.Errorf("streaming %s: %s (%v)", text, msg, err)
		}
	}
}

// Streamed, an unquoted word is not done where what is still to come
// decides what it is: a colon and blanks at the text's end (a label,
// `Note: it is hot`, or a key), a comma no key follows yet (the value's
// text, `red, green`), a colon no blank follows (`C:\…`), blanks after
// a literal (`true (approx)` is text).
func TestRuleBareWordStreamedUndecided(t *testing.T) {
	for _, text := range []string{`{"a": red, `, `{"a": Note: `, `{"a": C:`, `{"a": words"`, `{"a": true `} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///any.json#"), []byte(text))
		// (Not shown is not done: a partial value leaves out a literal
		// not done, as it does "nu".)
		if err != nil || n.Field("a") != nil && n.Field("a").Done() {
			t.Errorf("streaming %q: /a done (%v)", text, err)
		}
	}
	for _, text := range []string{`{"a": red, green, "b": 1}`, `{"a": Note: it is hot, "b": 1}`, `{"a": red, "b": 1}`, `{"a": true (approx), "b": 1}`} {
		if msg, err := doneChanges(ruleSchemas.Schema("structgen:///any.json#"), text); msg != "" || err != nil {
			t.Errorf("streaming %s: %s (%v)", text, msg, err)
		}
	}
}

// In pretty-printed text that lost a closing bracket, the indentation
// says where: a closing bracket at the indentation of an outer
// container's opening line closes that one, and a member at an outer
// object's members' indentation is that object's; the inner containers
// lost their brackets. Where the text's brackets pair up, or it is on one
// line, indentation decides nothing.
func TestRuleIndentationPlacesLostCloser(t *testing.T) {
	checkRules(t, []ruleCase{
		{"a list's bracket", "{\n  \"a\": [\n    [\n      1,\n      2\n\n  ],\n  \"b\": {}\n}", `{"a":[[1,2]],"b":{}}`, "closed an array that lost its closing bracket"},
		{"an object's brace, before a member", "{\n  \"a\": {\n    \"b\": 1,\n  \"c\": 2\n}", `{"a":{"b":1},"c":2}`, "closed an object that lost its closing brace"},
		{"a comma on its own line", "{\n  \"a\": {\n    \"b\": 1\n  ,\n  \"c\": 2\n}", `{"a":{"b":1},"c":2}`, "closed an object that lost its closing brace"},
		{"an object's brace, before the outer one's", "{\n  \"a\": [\n    {\n      \"b\": 1\n  ]\n}", `{"a":[{"b":1}]}`, "closed an object that lost its closing brace"},
		{"a list's bracket, before a member", "{\n  \"a\": [\n    {\"b\": 1}\n  ,\n  \"c\": 2\n}", `{"a":[{"b":1}],"c":2}`, "closed an array that lost its closing bracket"},
		{"brackets that pair up: the indentation is layout", "{\n  \"a\": {\n    \"b\": 1,\n  \"c\": 2\n  }\n}", `{"a":{"b":1,"c":2}}`, ""},
		{"one line: no indentation", `{"a": {"b": 1, "c": 2}`, `{"a":{"b":1,"c":2}}`, "closed an object the text left open"},
	})
	for _, text := range []string{
		"{\n  \"a\": [\n    [\n      1,\n      2\n\n  ],\n  \"b\": {}\n}",
		"{\n  \"a\": {\n    \"b\": 1,\n  \"c\": 2\n}",
	} {
		if msg, err := doneChanges(ruleSchemas.Schema("structgen:///any.json#"), text); msg != "" || err != nil {
			t.Errorf("streaming %q: %s (%v)", text, msg, err)
		}
	}
}

func TestRuleKeyPositionBrackets(t *testing.T) {
	checkRules(t, []ruleCase{
		// A list of one string where a key was wanted: the string is
		// the key, both brackets stray.
		{"a list as a key", `[{"a": 1, ["b"] }, 2]`, `[{"a":1,"b":""},2]`, "removed ']' around a key"},
		{"a list as a key, its value after", `{"a": 1, ["b"]: 2, "c": 3}`, `{"a":1,"b":2,"c":3}`, "removed '[' around a key"},
		// Braces where a key was wanted, in a text whose brackets pair
		// up: their members are the object's.
		{"empty braces", `{"w": []{}, "z": 1}`, `{"w":[],"z":1}`, "removed an empty object"},
		{"empty braces after a comma", `{"w": {"k": "v"}, {}, "z": 1}`, `{"w":{"k":"v"},"z":1}`, "removed an empty object"},
		{"members in braces", `{"w": 1, {"x": 2}, "z": 3}`, `{"w":1,"x":2,"z":3}`, "members in braces"},
		{"members in braces, nested", `{"a": {"w": 1, {"x": [2]}}, "z": 3}`, `{"a":{"w":1,"x":[2]},"z":3}`, "members in braces"},
		// Not where a key repeats (the next object of a list), the
		// braces do not pair up, or they stand left of the members.
		{"a key repeated: the next object", `[{"i": 1, {"i": 2}}]`, `[{"i":1},{"i":2}]`, "closed an object before '{'"},
		{"unbalanced: the next object", `[{"i": 1, {"j": 2}]`, `[{"i":1},{"j":2}]`, "closed an object before '{'"},
		{"left of the members", "[\n  {\n    \"a\": 1,\n  {\n    \"b\": 2\n  }\n]}", `[{"a":1},{"b":2}]`, "closed an object before '{'"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"w": 1, {"x": 2}, "z": 3}`, `{"w":1}`},
	})
}

func TestRuleEscapedContainer(t *testing.T) {
	checkRules(t, []ruleCase{
		// A container inside a document written with its quotes escaped,
		// as JSON writes a document in a string, without that string's
		// quotes: unescaped and read.
		{"an object", `{"args": {\"city\": \"Paris\"}}`, `{"args":{"city":"Paris"}}`, "escaped"},
		{"an object, then members", `{"w": {\"k\": \"v\", \"n\": [1, \"x\"]}, "z": 1}`, `{"w":{"k":"v","n":[1,"x"]},"z":1}`, "escaped"},
		{"escaped quotes inside", `{"w": {\"k\": \"say \\\"hi\\\"\"}, "z": 1}`, `{"w":{"k":"say \"hi\""},"z":1}`, "escaped"},
		{"a list", `{"w": [\"a\", \"b\"], "z": 1}`, `{"w":["a","b"],"z":1}`, "escaped"},
		{"in a list", `[{"x": 1}, {\"a\": true}]`, `[{"x":1},{"a":true}]`, "escaped"},
		{"cut off", `{"w": {\"k\": \"v\"`, `{"w":{"k":"v"}}`, "escaped"},
		// A backslash elsewhere is no such container.
		{"a path", `{"w": {"p": "C:\\x"}}`, `{"w":{"p":"C:\\x"}}`, ""},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"w": {\"k\": \"v\", \"n\": 1`, `{"w":{"k":"v"}}`}, // the number may go on
	})
}

func TestRuleBracketInStringBeforeQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		// A quote, then a ']' closing a '[' of the string's own text, in
		// an object's value, then words and a quote that ends the
		// value: both are the text's.
		{"a bracket the text opened", `{"w": "the list [1, 2"] more", "z": 1}`, `{"w":"the list [1, 2\"] more","z":1}`, "escaped a quote"},
		// Not where a delimiter comes first, or no '[' is the text's.
		{"a comma after the bracket", `{"a": "x[0"], "b": "y"}`, `{"a":"x[0","b":"y"}`, "stray ']'"},
		{"the wrong closer", `{"a": {"b": "x"], "c": "d"}`, `{"a":{"b":"x"},"c":"d"}`, "']'"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"w": "the list [1, 2"] mo`, `{"w":"the list [1, 2"}`}, // the string not done
	})
}

func TestRuleSingleQuotedMembers(t *testing.T) {
	checkRules(t, []ruleCase{
		// What holds for double quotes holds in single quotes: a doubled
		// quote whose second opens a key is an end quote and a lost
		// comma, not a quote doubled as CSV escapes it.
		{"a doubled quote before a key", `{'n': 1, 'why': 'Because...''ok': 'YES'}`, `{"n":1,"why":"Because...","ok":"YES"}`, "missing comma"},
		{"a doubled quote in the text", `{'a': 'it''s fine', 'b': 1}`, `{"a":"it's fine","b":1}`, "doubled quote"},
		// A bare value ends before a key in single quotes.
		{"a bare value before a key", `{'a': value 'b': 'c'}`, `{"a":"value","b":"c"}`, "missing comma"},
		{"an apostrophe in a bare value", `{'a': it's fine, 'b': 1}`, `{"a":"it's fine","b":1}`, "bare word"},
		// A key in single quotes that lost its opening one, after a
		// comma, ends the string before it.
		{"a key that lost its opening quote", `{'a': 'foo',b': 'bar'}`, `{"a":"foo","b":"bar"}`, "no opening quote"},
		// A list of one string where a key was wanted is a key after
		// a comma too.
		{"a key in brackets after a string", `{'k': 'v', ['x'] }`, `{"k":"v","x":""}`, "around a key"},
	})
}

func TestRuleOpenStringAcrossLines(t *testing.T) {
	checkRules(t, []ruleCase{
		// A value that lost its end quote runs on over lines of words
		// that start no member, written across lines, to the delimiter
		// that ends it.
		{"up to the closing brace", "{\"a\": \"sic tamet,\n  quick brown fox. }", `{"a":"sic tamet,\n  quick brown fox."}`, "end quote is missing"},
		{"up to a comma before a key", "{\"a\": \"b,\n  c,\n  \"d\": \"e\"}", `{"a":"b,\n  c","d":"e"}`, "end quote is missing"},
		// It ends at the line's end where the next line starts a
		// member, a bracket or a delimiter.
		{"a key on the next line", "{\"a\": \"b\n  \"d\": \"e\"}", `{"a":"b","d":"e"}`, "end quote is missing"},
		{"a bare key on the next line", "{\"a\": \"b\n  d: 1}", `{"a":"b","d":1}`, "end quote is missing"},
		{"a comma on the next line", "{\"a\": \"b\n  , \"c\": 1}", `{"a":"b","c":1}`, "end quote is missing"},
	})
	checkStreamed(t, "any", []streamCase{
		{"{\"a\": \"b\n  c d", `{"a":"b\n  c d"}`},
		{"{\"a\": \"b\n  c d, \"e\": 1", `{"a":"b\n  c d"}`},
	})
}

func TestRuleFenceInsideFencedDocument(t *testing.T) {
	checkRules(t, []ruleCase{
		// A code block on one line inside a fenced document's string,
		// first on its line, is the string's text, not the closing
		// fence: the document goes on after it.
		{"a one-line block first on its line", "```json\n{\n\"a\": \"\n```{}```\n\",\n\"b\": \"x\"\n}\n```", `{"a":"\n` + "```{}```" + `","b":"x"}`, "code fence"},
		// A closing fence glued to the document still closes it.
		{"a glued closing fence", "```json\n{\"a\": 1}```\nThanks", `{"a":1}`, "code fence"},
		{"a fence alone on its line", "```json\n{\"a\": 1}\n```\n```{}```", `{"a":1}`, "code fence"},
		// A fence after text on its line closes the block before it.
		{"fences on one line", "a ```json {\"k\": 1} ``` b ```json [1] ``` c", `[{"k":1},[1]]`, "code fence"},
	})
}

func TestRuleValueAmongProseLines(t *testing.T) {
	checkAligned(t, []alignCase{
		// A number or a literal alone on its line, lines of prose around
		// it: the value, for a schema that wants it (or an object of
		// one field, which coercion makes of it).
		{"a number", "int", "Sure! Here it is:\n1214\n\nAnything else?", `1214`, ""},
		{"a boolean", "flag", "The check ran.\n true \nThat is all.", `true`, ""},
		{"a number for a field", "done", "Here:\ntrue\nBye.", `{"done":true}`, ""},
		// Not a number that words follow on its line, nor a word: the
		// prose's own.
		{"words after the number", "int", "Here:\n3 passed, 2 failed.\nBye, see you", "", "integer"},
		{"no value alone", "flag", "Sure, here:\nmaybe\nBye", "", "boolean"},
	})
}

func TestRuleQuoteAfterBareWord(t *testing.T) {
	checkRules(t, []ruleCase{
		// A bare key or value, then a quote, then a blank and a string:
		// the quote ends the word (its opening one lost), and the
		// string after it is the value or the next item.
		{"a key, no colon", `{"a": 1, b" "x"}`, `{"a":1,"b":"x"}`, "key that had no opening quote"},
		{"a key, a blank before its colon", `{"a": {b" : [1, 2]}, "c": "d"}`, `{"a":{"b":[1,2]},"c":"d"}`, "key that had no opening quote"},
		{"an item", `[a" "b", 2]`, `["a","b",2]`, "string that had no opening quote"},
		{"a value before a key", `{"k": abc" "n": 1}`, `{"k":"abc","n":1}`, "string that had no opening quote"},
		// A quote inside a word stays where no blank follows it.
		{"a quote inside a word", `{"k": it"s fine}`, `{"k":"it\"s fine"}`, "bare word"},
		{"a quote inside a word, then a member", `{"k": it"s fine, "n": 1}`, `{"k":"it\"s fine","n":1}`, "bare word"},
	})
}

func TestRuleOpenStringBeforeTrailingComma(t *testing.T) {
	checkRules(t, []ruleCase{
		// A string left open to the end of the text, which ends with a
		// comma (and the brackets of the string's innermost containers
		// before it): the string lost its end quote before them.
		{"a comma", `{"a": 1, "b": "x, `, `{"a":1,"b":"x"}`, "before the comma"},
		{"a brace and a comma", `[{"a":"x 1},`, `[{"a":"x 1"}]`, "before the comma"},
		// Brackets that close no container of the string stay its text.
		{"a bracket of another kind", `[{"a":"x 1],`, `[{"a":"x 1],"}]`, "left open"},
		{"no comma", `{"a": 1, "b": "x y`, `{"a":1,"b":"x y"}`, "left open"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"a": 1, "b": "x, `, `{"a":1,"b":"x, "}`}, // the string may go on
	})
}

func TestRuleFirstKeyLostOpeningQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		// A word glued to a quote that a colon follows is a key that
		// lost its opening quote, first in its object too, where the
		// next key lost its own: not a stray word before a key made of
		// the text between the two quotes.
		{"two keys", `{a": 1, b": "x"}`, `{"a":1,"b":"x"}`, "key that had no opening quote"},
		{"in a list", `[{a": 1}, {a": 2}]`, `[{"a":1},{"a":2}]`, "key that had no opening quote"},
		// A stray word before a quoted key, a blank between, is still
		// removed.
		{"a stray word", `{"a": 1, NOTE "b": 2}`, `{"a":1,"b":2}`, "stray word"},
	})
}

func TestRuleNumberBeforeObject(t *testing.T) {
	checkRules(t, []ruleCase{
		// An object after a member's number is the next value, not the
		// number's text.
		{"in a list", `[{"a": 1 {"a": 2}]`, `[{"a":1},{"a":2}]`, "closed an object before '{'"},
		// Words after the number are its text.
		{"words", `{"w": 5 kg, "n": 1}`, `{"w":"5 kg","n":1}`, "bare word"},
	})
}

func TestRuleColonInsideBareValue(t *testing.T) {
	checkRules(t, []ruleCase{
		// A colon inside a bare value's first word, text on both sides,
		// is the word's: an image tag, a host and port, a C++ name.
		{"an image tag", `{"image": nginx:1.25, "n": 1}`, `{"image":"nginx:1.25","n":1}`, "bare word"},
		{"a host and port", `{"host": localhost:5000}`, `{"host":"localhost:5000"}`, "bare word"},
		{"a double colon", `{"k": std::vector, "n": 1}`, `{"k":"std::vector","n":1}`, "bare word"},
		{"a path", `{"p": C:\dir, "n": 1}`, `{"p":"C:\\dir","n":1}`, "bare word"},
		// A colon a blank follows, after words, still starts a member.
		{"a key after words", `{name: Ada age: 36}`, `{"name":"Ada","age":36}`, "missing comma"},
	})
}

func TestRuleStrayBetweenMembers(t *testing.T) {
	checkRules(t, []ruleCase{
		// A sign between a key and its colon is stray, not a value.
		{"a plus", `{"a"+: 1, "b": "x"}`, `{"a":1,"b":"x"}`, "stray '+'"},
		{"a minus and blanks", `{"a" - : 1}`, `{"a":1}`, "stray '-'"},
		// A key that lost its opening quote after a member's number is
		// the next member, not the number's text.
		{"a key after a number", `{"a": 1 b": "x"}`, `{"a":1,"b":"x"}`, "key that had no opening quote"},
		// A string that lost its end quote before the brace of its
		// object, the next object's brace right after it.
		{"objects without a comma", `[{"a": "1}{"a": 2}]`, `[{"a":"1"},{"a":2}]`, "before the brackets"},
	})
}

func TestRuleBracketBetweenQuotesAfterBlanks(t *testing.T) {
	checkRules(t, []ruleCase{
		// Code in a value that escapes some of its quotes and not
		// others: a quote, blanks, a bracket and the end quote that a
		// delimiter follows: the bracket is the text's, not the end of
		// the document (the members after it were left out).
		{"code in a value", `{"path": "if (x) { return \"for\"; "quoted"  }", "n": null, "c": true}`, `{"path":"if (x) { return \"for\"; \"quoted\"  }","n":null,"c":true}`, "escaped a quote"},
		{"no blank", `{"s": ".a["b"]", "n": 1}`, `{"s":".a[\"b\"]","n":1}`, "escaped a quote"},
		// A bracket that closes the containers, no quote after it: the
		// end of the value.
		{"the value's end", `{"a": {"b": "x"  }, "c": 1}`, `{"a":{"b":"x"},"c":1}`, ""},
	})
}

func TestRuleSemicolonBeforeItems(t *testing.T) {
	checkRules(t, []ruleCase{
		// In a list, a semicolon after an item, before a number, a
		// literal, a list or an object, separates items.
		{"a string, then a number", `["print(\"x\")"; 9860, "y"]`, `["print(\"x\")",9860,"y"]`, "read ';' between items"},
		{"a literal, then a list", "[{}, \"a\", true;\n  [1, \"v\"]\n]", `[{},"a",true,[1,"v"]]`, "read ';' between items"},
		{"literals", `[true; false]`, `[true,false]`, "read ';' between items"},
		// Inside a string it stays.
		{"in a string", `["a; b", "c"]`, `["a; b","c"]`, ""},
	})
}

func TestRuleBracketsOfWordsBetweenWords(t *testing.T) {
	checkRules(t, []ruleCase{
		// Brackets of words without a colon, closed on their line,
		// between words of an unquoted value or item: the text's.
		{"in a list", "[\n  [1],\n  x {y} z\n]", `[[1],"x {y} z"]`, "bare word"},
		{"lost its opening quote", `{"tags": [x {y} z", 3, "a"]}`, `{"tags":["x {y} z",3,"a"]}`, "no opening quote"},
		{"a member's value", `{"a": see [1] below, "b": 2}`, `{"a":"see [1] below","b":2}`, "bare word"},
		// An object between words is one.
		{"an object", `[a {"k": 1} b]`, `["a",{"k":1},"b"]`, "missing comma"},
	})
	checkStreamed(t, "any", []streamCase{
		{`{"a": x {y`, `{"a":"x"}`}, // not done: words may follow the braces
	})
}

func TestRuleEscapedDocumentHasNoRawQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		// A text whose first quote is escaped but that writes a raw one
		// inside is no escaped document: a value that lost its opening
		// quote and escapes its inner ones.
		{"a value that lost its opening quote", `[for the \"quoted\" one"]`, `["for the \"quoted\" one"]`, "added the opening quote"},
		// A document whose quotes are all escaped is unescaped.
		{"an escaped document", `{\"a\": \"b\"}`, `{"a":"b"}`, "escaped"},
		{"in a list", `[{\"a\": 1}]`, `[{"a":1}]`, "escaped"},
	})
}

func TestRuleListItemsAfterLostQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		// In a list, a string that lost its end quote before a comma at
		// its line's end, the next line an item (a number, a literal, a
		// list or an object): the string ends at the comma.
		{"a number next", "[\n  \"0,\n  -66.1,\n  {\n    \"u\": [true]\n  }\n]", `["0",-66.1,{"u":[true]}]`, "end quote is missing"},
		{"an object next", "[\n  \"a,\n  {\"k\": 1}\n]", `["a",{"k":1}]`, "end quote is missing"},
		// Before a list's bracket, the next item a list.
		{"a list next", `[["a", "b], ["c"]]`, `[["a","b"],["c"]]`, "before the brackets"},
		// A line of words after the comma is the string's.
		{"words next", "[\n  \"a,\n  b c\"\n]", `["a,\n  b c"]`, ""},
	})
}

func TestRuleSemicolonAfterLiteral(t *testing.T) {
	checkRules(t, []ruleCase{
		// A semicolon after a literal separates members or items.
		{"members", `{"a": false; "b": {"c": 1}}`, `{"a":false,"b":{"c":1}}`, "read ';' between members"},
		{"a line's end", "{\n  \"a\": null;\n  \"b\": 1\n}", `{"a":null,"b":1}`, "read ';' between members"},
	})
}

func TestRuleDriveInList(t *testing.T) {
	checkRules(t, []ruleCase{
		// A drive's colon in an unquoted item is the item's text, not a
		// member's colon.
		{"a Windows path", `[true, C:\Users\me, 1]`, `[true,"C:\\Users\\me",1]`, "bare word"},
		{"a member", `[a: b]`, `[{"a":"b"}]`, ""},
	})
}

func TestRuleListItemsAfterStrings(t *testing.T) {
	checkRules(t, []ruleCase{
		// An empty object after a string in a list, its comma left out,
		// is the next item.
		{"an empty object", `{"t": [{"r": "0"}, "yes" {}], "p": 1}`, `{"t":[{"r":"0"},"yes",{}],"p":1}`, "missing comma"},
		// A string that lost its end quote before a comma and a literal
		// item ends at the comma.
		{"a literal after the comma", `["yes, null]`, `["yes",null]`, "end quote is missing"},
		{"before the list's bracket", `[["", "https://x.io/a, true], {"c": "d"}]`, `[["","https://x.io/a",true],{"c":"d"}]`, "before the brackets"},
		// Words after the comma are the string's.
		{"words after the comma", `["yes, no]`, `["yes, no"]`, ""},
	})
}

func TestRuleCodeWithoutOpeningQuote(t *testing.T) {
	checkRules(t, []ruleCase{
		// A value that lost its opening quote, code with brackets and
		// escaped quotes, up to the quote that ends it: one string.
		{"braces", `{"s": if (x) { return \"each\"; }", "c": "a: b"}`, `{"s":"if (x) { return \"each\"; }","c":"a: b"}`, "added the opening quote"},
		{"in a list", `{"items": [if (x) { return \"if\"; }", 25.5, "w"]}`, `{"items":["if (x) { return \"if\"; }",25.5,"w"]}`, "added the opening quote"},
		{"a call's comma", `{"a": f(x, y) \"z\"", "b": 1}`, `{"a":"f(x, y) \"z\"","b":1}`, "added the opening quote"},
	})
}

func TestLiteralOrNumberLen(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"true]", 4}, {"nullx", 0}, {"-2.5e+3,", 7}, {"+0", 0}, {"e+1", 0}, {"12abc", 0}, {"-", 0}, {"", 0}, {"7", 1},
	} {
		if got := literalOrNumberLen([]byte(c.in)); got != c.want {
			t.Errorf("literalOrNumberLen(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestRuleEscapedLayout(t *testing.T) {
	checkRules(t, []ruleCase{
		// A document escaped as a string's body writes its layout as
		// \n: every escape is undone, as the string would be read.
		{"a whole document", `[\n    null,\n    \"it.\",\n    6241\n]`, `[null,"it.",6241]`, "escaped"},
		{"a string's own escape", `{\n  \"a\": \"x\\ny\"\n}`, `{"a":"x\ny"}`, "escaped"},
		{"a container inside a document", `{"args": {\n  \"city\": \"Paris\",\n  \"n\": 1\n}}`, `{"args":{"city":"Paris","n":1}}`, "escaped"},
		// Strings that adjoin on the next line with a string after them
		// are a member whose comma and colon were lost.
		{"a member on the next line", "{\n  \"value\": \"yes\"\n  \"regex\" \"Then!\"\n}", `{"value":"yes","regex":"Then!"}`, "missing comma"},
		{"strings joined across lines", "{\"a\": \"Hello, \"\n  \"world\",\n \"b\": 1}", `{"a":"Hello, world","b":1}`, "joined strings"},
		// Code with escaped quotes in an unquoted value is its text.
		{"a call's escaped argument", `{"city": print(\"each\"), "path": null}`, `{"city":"print(\"each\")","path":null}`, "bare word"},
		{"braces after words", `{"city": if (x) { return \"step\"; }}`, `{"city":"if (x) { return \"step\"; }"}`, "bare word"},
	})
}

func TestRuleListItemAfterLostQuoteAndComma(t *testing.T) {
	checkRules(t, []ruleCase{
		// In a list, a string that lost its end quote before a comma and
		// the next item, a list or an object, ends at the comma.
		{"a list next", `["a", "if, [["x"], 30.8]]`, `["a","if",[["x"],30.8]]`, "end quote is missing"},
		{"an object next", `[["0", "0, {"tags": true, "n": "a: b"}]]`, `[["0","0",{"tags":true,"n":"a: b"}]]`, "end quote is missing"},
		// Braces the string opens itself, with no comma before them,
		// stay its text.
		{"braces of the string's", `["answer is {"k": 1}, which", "b"]`, `["answer is {\"k\": 1}, which","b"]`, ""},
	})
}

func TestRuleBackslashPairsInBareValue(t *testing.T) {
	checkRules(t, []ruleCase{
		// An unquoted value whose backslashes all come doubled wrote
		// JSON's escape of a backslash.
		{"a path escaped", `{"id": C:\\Users\\me}`, `{"id":"C:\\Users\\me"}`, "one backslash"},
		{"in a list", `[1, C:\\Users\\me]`, `[1,"C:\\Users\\me"]`, "one backslash"},
		// Single backslashes stay as written.
		{"a path", `{"id": C:\Users\me}`, `{"id":"C:\\Users\\me"}`, "bare word"},
		{"mixed", `{"id": \\server\share}`, `{"id":"\\\\server\\share"}`, "bare word"},
	})
}
