package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// TestTolerantRepairs: one case per kind of repair the reader makes, with
// the value it reads and where the repair is reported.
func TestTolerantRepairs(t *testing.T) {
	tests := []struct {
		name, in, want string
		repair         string // a repair message that must be reported
		at             int    // at this offset; -1: any
	}{
		{"unquoted key", `{a: 1}`, `{"a":1}`, `quoted the key "a"`, 1},
		{"unquoted value with spaces", `{"a": hello world}`, `{"a":"hello world"}`, `quoted the bare word "hello world"`, 6},
		{"single quotes", `{'a': 'b'}`, `{"a":"b"}`, "read a string in ' quotes", 1},
		{"backticks", "{\"a\": `b`}", `{"a":"b"}`, "read a string in ` quotes", 6},
		{"triple quotes", `{"a": """x "y" z"""}`, `{"a":"x \"y\" z"}`, "read a triple-quoted string", 6},
		{"python literals", `[True, False, None]`, `[true,false,null]`, "read None as null", 14},
		{"javascript literals", `[undefined, NaN, Infinity]`, `[null,null,null]`, "read NaN as null", 12},
		{"go and ruby nil", `{"a": nil, "b": "nil"}`, `{"a":null,"b":"nil"}`, "read nil as null", 6},
		{"line comment", "{\"a\": 1 // one\n}", `{"a":1}`, "removed a comment", 8},
		{"hash comment", "{\"a\": 1 # one\n}", `{"a":1}`, "removed a comment", 8},
		{"block comment", `{"a": /* x */ 1}`, `{"a":1}`, "removed a comment", 6},
		{"missing comma", `[1 2]`, `[1,2]`, "inserted a missing comma", 3},
		{"trailing comma", `[1, 2,]`, `[1,2]`, "removed a trailing comma", 6},
		{"missing colon", `{"a" 1}`, `{"a":1}`, "inserted a missing ':'", 5},
		{"unescaped newline", "{\"a\": \"x\ny\"}", `{"a":"x\ny"}`, "escaped a control character in a string", 8},
		{"inner quotes", `{"a": "a 24" screen"}`, `{"a":"a 24\" screen"}`, "escaped a quote inside a string", 11},
		{"invalid escape", `"\q"`, `"q"`, `read the invalid escape \q as q`, 1},
		{"ellipsis", `[1, 2, ...]`, `[1,2]`, "removed an ellipsis", 7},
		{"several documents", "{\"a\":1}\n{\"b\":2}", `[{"a":1},{"b":2}]`, "read 2 documents in a row as an array", -1},
		{"truncated string", `{"a": "hel`, `{"a":"hel"}`, "closed a string the text left open", 6},
		{"truncated array", `[1, [2, 3`, `[1,[2,3]]`, "closed an array the text left open", 9},
		{"truncated object", `{"a": {"b": 1`, `{"a":{"b":1}}`, "closed an object the text left open", 13},
		{"dangling key", `{"a": 1, "b"`, `{"a":1,"b":null}`, `read the key "b", which the text ends after, as null`, 9},
		{"fence", "Here:\n```json\n{\"a\": 1}\n```\nDone.", `{"a":1}`, "took the JSON document from a markdown code fence", 6},
		{"prose before", `The answer is {"a": 1}`, `{"a":1}`, "skipped the text before the JSON document", 0},
		{"function call", `ObjectId("5f1")`, `"5f1"`, "read the argument of ObjectId(…) as the value", 0},
		{"numbers cut short", `[2., -, 1e]`, `[2.0,-0,1e0]`, "read 2. as 2.0", 1},
		{"underscores", `{"n": 1_000}`, `{"n":1000}`, "removed the underscores of 1_000", 6},
		{"joined strings", `"a" + "b"`, `"ab"`, "joined strings written with '+'", 4},
		{"tuple", `(1, 2)`, `[1,2]`, "read a parenthesized list as an array", 0},
		{"typographic quotes", `{“a”: “b”}`, `{"a":"b"}`, "read a string in “ quotes", 1},
		{"unicode space", "{\"a\":\u00a01}", `{"a":1}`, "read U+00A0 as white space", 5},
		{"quote before a closing quote", "{\"a\": \"x\"\n\", \"b\": 1}", `{"a":"x\"\n","b":1}`, "escaped a quote inside a string", 8},
		{"end quote missing before a key", `{"x": "a, {"k": 1}, "y": 2}`, `{"x":"a, {\"k\": 1}","y":2}`, "closed a string whose end quote is missing", 18},
		{"end quote missing before the last bracket", `{"key": "value} "tail" more}`, `{"key":"value} \"tail\" more"}`, "closed a string whose end quote is missing", 8},
		// A line break written before the end quote is the text's: a
		// string written across lines ends as written.
		{"end quote on the next line", "{\"a\": \"x,\n\", \"b\": \"y\"}", `{"a":"x,\n","b":"y"}`, "escaped a control character in a string", 9},
		{"end quote on the line after a fenced block", "{\"a\": \"```\nx\n```\n\", \"b\": \"y\"}", "{\"a\":\"```\\nx\\n```\",\"b\":\"y\"}", "removed a line break before the end quote", 17},
		{"bare value with commas", `{"lorem": ipsum, sic, datum}`, `{"lorem":"ipsum, sic, datum"}`, `quoted the bare word "ipsum, sic, datum"`, 10},
		{"number with text after a comma", `{"key": 105,12, "b": 1}`, `{"key":"105,12","b":1}`, `quoted the bare word "105,12"`, 8},
		{"comma for a colon", `{"key", 105}`, `{"key":105}`, "read ',' after a key as ':'", 6},
		{"fence in a string", "{\"key\": \"```json {\"a\": 1}```\"}", `{"key":{"a":1}}`, "read a fenced document written as a string as the document", 9},
		{"missing bracket of a row", `[[1, 2], 3, 4], [5, 6]]`, `[[1,2],[3,4],[5,6]]`, "inserted the missing '[' of a list", 9},
		{"stray word after a value", `{"a": "x", "b": 2 true}`, `{"a":"x","b":2}`, `removed the stray text "true" after a value`, 18},
		{"words after a member's number", `{"a": "x", "b": 2 tail}`, `{"a":"x","b":"2 tail"}`, `quoted the bare word "2 tail"`, 16},
		{"repeated key in a list", `[{"name": "a", "name": "b"}]`, `[{"name":"a"},{"name":"b"}]`, `started a new object at the repeated key "name"`, 15},
		{"empty strings for a key", `{"a": 1, """" "b": 2}`, `{"a":1,"b":2}`, `removed """" where a key was wanted`, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, repairs, err := lenient.ReadLenient([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if json.Unmarshal(got, &g) != nil || json.Unmarshal([]byte(tc.want), &w) != nil || !sameValue(g, w) {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			found := false
			for _, r := range repairs {
				if r.Message == tc.repair && (tc.at < 0 || r.Offset == tc.at) {
					found = true
				}
				if r.Offset < 0 || r.Offset > len(tc.in) {
					t.Errorf("repair %q at offset %d outside the input", r.Message, r.Offset)
				}
			}
			if !found {
				t.Errorf("no repair %q at %d in %v", tc.repair, tc.at, repairs)
			}
		})
	}
}

// TestTolerantDepth: nesting beyond MaxDepth is an error, not a stack
// overflow, however deep the text goes.
func TestTolerantDepth(t *testing.T) {
	for _, in := range []string{strings.Repeat("[", 100000), strings.Repeat(`{"a":`, 100000)} {
		_, _, err := lenient.ReadLenient([]byte(in))
		if !errors.Is(err, lenient.ErrTooDeep) {
			t.Errorf("%.10s…: want ErrTooDeep, got %v", in, err)
		}
		_, err = briefOutput.Parse([]byte(in))
		if !errors.Is(err, lenient.ErrTooDeep) {
			t.Errorf("Parse %.10s…: want ErrTooDeep, got %v", in, err)
		}
	}
	ok := strings.Repeat("[", lenient.MaxDepth) + strings.Repeat("]", lenient.MaxDepth)
	if _, _, err := lenient.ReadLenient([]byte(ok)); err != nil {
		t.Errorf("MaxDepth levels: %v", err)
	}
}

// TestNoSilentInnerValue: a value inside a document that breaks the
// schema is never returned without a repair saying so.
func TestNoSilentInnerValue(t *testing.T) {
	list := NewOutput[[]string]("List", schema.NewSchemas("", map[string]string{"urn:l": `{"type":"array","items":{"type":"string"}}`}).Schema("urn:l#"), Dialects{}, false)
	for _, reply := range []string{
		`{"items": ["a","b"], "note": 'x'}`,
		`Sure! {"steps": ["rm -rf /", "b"], "count": NaN}`,
	} {
		got, repairs, err := list.ParseRepaired([]byte(reply))
		if err != nil {
			continue // an error is fine
		}
		inner := len(got) == 2
		said := false
		for _, r := range repairs {
			said = said || strings.Contains(r.Message, "inside the reply's document")
		}
		if inner && !said {
			t.Errorf("%s: returned the inner list %q silently (repairs %v)", reply, got, repairs)
		}
		if !inner && len(got) != 1 {
			t.Errorf("%s: got %q", reply, got)
		}
	}
}

// FuzzOutputAccepted: a reply Parse accepts always validates against the
// schema; ReadPartial never panics.
func FuzzOutputAccepted(f *testing.F) {
	for _, s := range []string{`{"title":"T","level":"low","points":["a"]}`, `Here: {title: T, level: LOW, points: a}`, "```\n[1]\n```", `{"title": "`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		briefOutput.ReadPartial([]byte(s))
		briefOutput.CheckFinished([]byte(s))
		v, err := briefOutput.Parse([]byte(s))
		if err != nil {
			return
		}
		b, _ := json.Marshal(v)
		doc, err := schema.DecodeValue(b)
		if err != nil {
			t.Fatal(err)
		}
		if ps, _ := briefOutput.schema.Validate(doc); len(ps) > 0 && !bytes.Contains(b, []byte(`"score":null`)) {
			t.Fatalf("%q: accepted %s, which breaks the schema: %v", s, b, ps)
		}
	})
}

// TestEmptySchemaReturnsRepaired: with the schema {}, Parse returns the
// repaired value as it is.
func TestEmptySchemaReturnsRepaired(t *testing.T) {
	anything := NewOutput[any]("Any", schema.NewSchemas("", map[string]string{"urn:a": `{}`}).Schema("urn:a#"), Dialects{}, false)
	for in, want := range map[string]string{
		`{a: 'b', c: [1, 2,]}`:                    `{"a":"b","c":[1,2]}`,
		"Here it is:\n```json\n[True, None]\n```": `[true,null]`,
		`{"x": "cut`: `{"x":"cut"}`,
	} {
		got, err := anything.Parse([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		var w any
		json.Unmarshal([]byte(want), &w)
		if !sameValue(normalizeNumbers(got), normalizeNumbers(w)) {
			t.Errorf("%s: got %v, want %s", in, got, want)
		}
	}
}

// normalizeNumbers turns json.Number and float64 alike into float64.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = normalizeNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeNumbers(x[k])
		}
	}
	return v
}

// TestReadingIsLinear: reading adversarial replies costs work in
// proportion to their size. Allocations stand in for work: unlike time,
// they are the same on every run and machine, so this cannot flake, and
// bytes allocated catch quadratic copying that a count would not.
func TestReadingIsLinear(t *testing.T) {
	patterns := map[string]func(n int) string{
		"braces":         func(n int) string { return strings.Repeat("{", n) },
		"brackets":       func(n int) string { return strings.Repeat("[", n) },
		"fences":         func(n int) string { return strings.Repeat("```\n", n) },
		"inner quotes":   func(n int) string { return `{"a": "` + strings.Repeat(`x" `, n) + `"}` },
		"open string":    func(n int) string { return `{"a": "` + strings.Repeat(`x, `, n) },
		"keys in value":  func(n int) string { return `{"a": "` + strings.Repeat(`, b: "`, n) },
		"objects":        func(n int) string { return strings.Repeat(`{"a": 1} `, n) },
		"prose spans":    func(n int) string { return strings.Repeat(`text {"a": [1, 2]} `, n) },
		"unquoted":       func(n int) string { return "{" + strings.Repeat(`k: v, `, n) },
		"bare commas":    func(n int) string { return `{"a": ` + strings.Repeat(`x,1,`, n) },
		"rows":           func(n int) string { return `[[1]` + strings.Repeat(`, 2], [3]`, n) },
		"quoted fences":  func(n int) string { return `{"a": ` + strings.Repeat("\"```[ ", n) },
		"repeated keys":  func(n int) string { return `[{` + strings.Repeat(`"a": 1, `, n) },
		"empty quotes":   func(n int) string { return `{"a": 1, ` + strings.Repeat(`"""" `, n) },
		"quoted commas":  func(n int) string { return `{"a": "` + strings.Repeat(`x, "y`, n) + "}" },
		"closers":        func(n int) string { return `{"a": "` + strings.Repeat(`"x" {} `, n) + "}" },
		"unclosed calls": func(n int) string { return `{"a": ` + strings.Repeat(`f(0, `, n) },
		"keys alone":     func(n int) string { return "{" + strings.Repeat(`"abc", `, n) },
		"curly keys":     func(n int) string { return "{" + strings.Repeat(`“abc”, `, n) },
		"nested strings": func(n int) string { return strings.Repeat(`["abc, `, n) },
		"nested keys":    func(n int) string { return strings.Repeat(`{'abc, `, n) },
		"xml text":       func(n int) string { return "<title>a" + strings.Repeat("<!---->a ", n) + "</title>" },
		"xml elements":   func(n int) string { return "<points>" + strings.Repeat("<p>a</p>", n) + "</points>" },
		"xml nesting":    func(n int) string { return strings.Repeat("<title>", n) + strings.Repeat("</title>", n) },
		"yaml lines":     func(n int) string { return "title: |\n" + strings.Repeat("  a\n", n) },
		"keyword calls":  func(n int) string { return strings.Repeat("f(a=", n) + "1" + strings.Repeat(" ]", n) },
		"code brackets":  func(n int) string { return `{"a": "x[` + strings.Repeat(`"a"] `, n) + `", "b": 1}` },
		"code braces":    func(n int) string { return `{"a": "` + strings.Repeat(`"}" `, n) + `", "b": 1}` },
		"quote runs":     func(n int) string { return `{"a": "x` + strings.Repeat(`""" `, n) + `", "b": 1}` },
		"code commas":    func(n int) string { return `{"a": "` + strings.Repeat(`f(",") `, n) + `", "b": 1}` },
		"line members":   func(n int) string { return "{" + strings.Repeat(`a: "x" `, n) + "}" },
		"glued brackets": func(n int) string { return "{" + strings.Repeat(`a: x[{`, n) },
		"glued closed":   func(n int) string { return "{" + strings.Repeat(`a: x[0] y{z}, `, n) + "}" },
	}
	for name, make := range patterns {
		small, large := []byte(make(2000)), []byte(make(8000))
		allocated := func(text []byte) uint64 {
			var before, after goruntime.MemStats
			briefOutput.Parse(text) // warm up: schemas compiled once
			goruntime.ReadMemStats(&before)
			briefOutput.Parse(text)
			goruntime.ReadMemStats(&after)
			return after.TotalAlloc - before.TotalAlloc
		}
		a, b := allocated(small), allocated(large)
		if b > 5*a+64<<10 {
			t.Errorf("%s: %d bytes allocated for %d bytes read, %d for %d: not linear", name, a, len(small), b, len(large))
		}
	}
}
