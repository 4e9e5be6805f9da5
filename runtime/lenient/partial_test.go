package lenient

import (
	"strconv"
	"strings"
	"testing"
)

// atPointer returns the value at the JSON pointer ptr in v, a decoded
// document.
func atPointer(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// A value ReadPartial marks done is the value the finished reply reads
// to, at every prefix of a reply written as lines (member lines, YAML
// blocks, markdown lists of strings, numbers or objects, records, tables,
// CSV, XML) or as a document: a line indented under a member or an item
// may still join it after its line ends, a list item's marker alone is
// no value yet, and what is read after a value the text still to come
// may change waits for it.
func TestPartialDoneIsFinal(t *testing.T) {
	for _, c := range []struct{ schema, text string }{
		{"bio", "name: Ada\nbio: Mathematician.\n  Wrote a program.\nage: 36\n"},
		{"bio", "name: Ada\nbio: |\n  one\n  two\n\n  three\nage: 36"},
		{"people", "- first_name: Ada\n  age: 36\n- first_name: Bo\n  age: 3\n"},
		{"people", "first_name: Ada\nage: 36\n\nfirst_name: Bo\nage: 3\ncity: Rome"},
		{"people", "| first_name | age |\n|---|---|\n| Ada | 36 |\n| Bo | 3 |\n"},
		{"people", "first_name,age\nAda,36\n\"Bo, Jr\",3\n"},
		{"people", "<people><person><first_name>Ada</first_name><age>36</age></person><person><first_name>Bo</first_name><age>3</age></person></people>"},
		{"team", "name: A\npeople:\n  - first_name: Ada\n    age: 36\n  - first_name: Bo\n    age: 3\n"},
		{"strings", "- apple\n  red one\n- pear\n- fig"},
		{"counts", "1. 3\n2. 4\n3. 5"},
		{"strings", "Colors: red, blue, green"},
		{"any", "Here is the JSON:\n\n```json\n{\"a\": [1, 2]}\n```\nDone."},
		{"any", `[{"auth": "basic", "authType": "x"}, {"auth": "none"}]`},
		{"any", `{"cmd": "echo "hi"", "n": 1}`},
		{"any", "{\"code\": \"x = {\"a\": 1}\nprint(x[\"a\"])\", \"lang\": \"py\"}"},
		{"any", `{"code": "s = "a" + "b"", "lang": "py"}`},
		{"any", `{"code": "s.split(",").join("-")", "lang": "py"}`},
		{"any", `{text: words{in braces} more, a: foo[0], n: 1}`},
		{"any", "{\"exclude\": [\n  ''\n], \"n\": 1}"},
		{"kinds", `{"tags": "x", "kind": "a"}`},
		{"kinds", `{"Tags": ["x"], "kind": "a"}`},
		{"cond", `{"port": "443", "kind": "net"}`},
		{"mapping", "{\"content\": [\n  {\"files\": [\"a.md\"]},\n  {\"files\": [\"b.md\"]}\n]}"},
		{"kinds", `{"kind": "b", "tags": "x", "items": []}`},
		{"any", `["jq '.a["b"]' x.json", "ls"]`},
		{"any", `{"code": "print("a", end="")", "lang": "py"}`},
		{"any", `{"code": "a[href="https://x.com"] { color: red; }", "lang": "css"}`},
		{"any", "{\"code\": \"x = [\"a\", \"b\"]\ny = {\"k\": x}\", \"lang\": \"py\"}"},
		{"any", "{\"md\": \"Use \"fast\":\n\n```sh\nrun \"fast\"\n```\n\nDone.\", \"n\": 1}"},
		{"any", "{\"code\": \"x = \"\"\"hi\"\"\"\", \"lang\": \"py\"}"},
		{"any", "{\"code\": \"def f():\n    \"\"\"Doc.\"\"\"\n    return 1\", \"lang\": \"py\"}"},
		{"strings", "Here they are:\n\n- apple\n- pear\n\nEnjoy."},
		{"person", "first_name: Ada, age: 36\ntags: a, b"},
		{"person", "```yaml\nfirst_name: Ada # the first\nage: 36\ntags:\n  - a\n  - b\n```"},
		{"person", "{\"first_name\": \"Ada\", \"age\": 36, \"tags\": [\"a\", \"b\"]}"},
		{"person", "{\"first_name\": \"Ada\", \"age\": 36}\n{\"first_name\": \"Bo\", \"age\": 3}"},
		{"person", "Here it is:\n```json\n{first_name: 'Ada', age: 36, tags: ['a' 'b']}\n```\nDone."},
		{"choice", `{"rule": ["true", {"fix": true}, "false"]}`},
		{"any", `{"size": 24" screen, "n": 1", "tags": ["a', "b"]}`},
		{"person", "age: 3\nfirst_name: Ada\n  Lovelace\ntags:\n- a\n- b\n"},
		{"stock", "Counts:\n- apples: 3\n- pears: 12\n\nMore?"},
		{"contact", "name: Ada\njob: poet\naddress:\n  city: London\n  street: Main\n\nNote: made up"},
		{"kinds2", "kind: B\nname: x\nspec:\n  targets:\n    - a\n    - b\n"},
		{"job", "env:\n  _var1: a\n  B: b\ntask:\n  name: t\n  strategy:\n    kind: k\nmode: all\n"},
		{"loose", "$schema: s.json\ncjs:\n  cache: true\n  paths: false\nmode: all\n"},
		{"job", "task:\n  strategy:\n    name: x\nmode: all"},
		{"contact", "name: Ada\nnote: see {this}\naddress: {city: x}\ntags:\n  - a"},
		{"any", "a: 1\nb:\n  c: [x, y]\n  d:\n    - e: 2\n      f: g\n"},
		{"object", "- skipped\nname: x"},
		{"any", "{\"tags\": [\"a\", \"b\"\n  \"name\": \"x\",\n  \"n\": [1, 2\n  \"m\": 3}"},
		{"replace", `{"r": [{"path": "a"}, {"source": "s", "targets": [{"paths": "x.y", "select": "k"}]}]}`},
		{"any", `{"w": {"b": "x" true}, "c": "z", "l": [{"b": "x" y}], "d": 1}`},
		{"any", `{"w": [{"key": "value"}}, {"key": "value"}], "c": 2}`},
		{"any", `{"x": {"b": 1]}, "c": 2}`},
		{"person", `{"first_name": "Ada", "tags": "a", "b"], "age": 3}`},
		{"any", `{"x": {"a": "b": 1, "c": [2]}, "e": 3}, "f": 4}`},
		{"any", `{"a": {"b": "say "hi}, "c": 1, "d": [{"e": "it "x}, {"e": "y"}]}`},
		{"any", `{"a": [{"b": "say "hi" twice}], "c": 1, "d": [{"e": "it "x" is}, {"e": "y"}]}`},
	} {
		msg, err := doneChanges(ruleSchemas.Schema("structgen:///"+c.schema+".json#"), c.text)
		if err != nil {
			t.Fatal(err)
		}
		if msg != "" {
			t.Error(msg)
		}
	}
}

// What a streaming reply has finished is marked done: the items and
// members before the last, and what a document closed.
func TestPartialDoneSoon(t *testing.T) {
	for _, c := range []struct{ schema, text, ptr string }{
		{"strings", "- apple\n- pear\n- f", "/1"},
		{"bio", "name: Ada\nbio: x\nage: 3", "/bio"},
		{"people", "- first_name: Ada\n  age: 36\n- first_name: B", "/0"},
		{"people", "| first_name | age |\n|---|---|\n| Ada | 36 |\n| B", "/0"},
		{"people", "first_name: Ada\nage: 36\n\nfirst_name: B", "/0"},
		{"person", `{"first_name": "Ada", "age": 36, "tags": ["a"`, "/age"},
		{"person", `{"first_name": "Ada", "age": 36, "tags": ["a"]}`, ""},
		{"color", `"BLUE"`, ""}, // a reply that is JSON as it stands: an enum value alone
		// A union's discriminator and a value its branch takes as read
		// are done while the object is open.
		{"block", `{"type": "text", "text": "hello", "`, "/type"},
		{"block", `{"type": "text", "text": "hello", "`, "/text"},
		{"kinds", `{"kind": "a", "tags": ["x"], "`, "/tags"},
	} {
		n, _, err := ReadPartial(ruleSchemas.Schema("structgen:///"+c.schema+".json#"), []byte(c.text))
		if err != nil || !n.done[c.ptr] {
			t.Errorf("%q: %q not done (%v)", c.text, c.ptr, err)
		}
	}
}
