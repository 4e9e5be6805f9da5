package gen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseConfig(t *testing.T) {
	cfg, err := ParseConfig("dir/structgen.yaml", []byte(`
package: facts
output: out
draft: "7"
schemas:
  Zed: schemas/z.json#/$defs/Z
  Alpha: {type: string, maxLength: 3}
names:
  schemas/z.json#/$defs/money: Amount
urls:
  https://example.com/: vendor
  https://example.com/deep/: deep
`))
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		File: "dir/structgen.yaml", Dir: "dir", Package: "facts", Output: "out", Draft: "7",
		Schemas: []SchemaEntry{
			{Name: "Alpha", Inline: []byte("{\n  \"type\": \"string\",\n  \"maxLength\": 3\n}")},
			{Name: "Zed", Ref: "schemas/z.json#/$defs/Z"},
		},
		Names: []NameOverride{{Ref: "schemas/z.json#/$defs/money", Name: "Amount"}},
		// Longest prefix first, so that it wins.
		URLs: []URLMapping{{Prefix: "https://example.com/deep/", Dir: "deep"}, {Prefix: "https://example.com/", Dir: "vendor"}},
	}
	opts := cmpopts.IgnoreFields(SchemaEntry{}, "Pos", "InlinePos")
	if d := cmp.Diff(want, cfg, opts, cmpopts.IgnoreFields(NameOverride{}, "Pos"), cmpopts.IgnoreFields(URLMapping{}, "Pos")); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
	if p := cfg.Schemas[0].InlinePos["/maxLength"]; p.Line != 7 || p.Col != 36 {
		t.Errorf("inline position of /maxLength: %v", p)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"schemas: {A: a.json}", "c.yaml:1:1: missing required key \"package\""},
		{"package: p", "c.yaml:1:1: no schemas, tools or outputs: add a \"schemas\" map from Go type name to schema reference, \"tools\" or \"outputs\""},
		{"package: p-q\nschemas: {A: a.json}", `c.yaml:1:10: package "p-q" is not a Go identifier`},
		{"package: p\nschemas: {a: a.json}", `c.yaml:2:11: schema name "a" is not an exported Go identifier`},
		{"package: p\npackage: q\nschemas: {A: a.json}", `c.yaml:2:1: mapping key "package" already defined at [1:1]`},
		{"package: p\nschemas: {A: a.json}\ntool: []", `c.yaml:3:1: unknown key "tool"; want one of package, output, draft, schemas, names, urls, tools, reserved, outputs, prompt_template`},
		{"package: p\ntools: [{name: a, mcp: x.json}]", `c.yaml:2:9: a tool entry names one tool (name), or imports tools (mcp or functions): exactly one of the three`},
		{"package: p\ntools: [{name: a, result: X}]", `c.yaml:2:19: unknown tool key "result"; want one of name, description, parameters, response, kind, mcp, functions`},
		{"package: p\ntools: [{name: a, kind: lower}]", `c.yaml:2:25: kind "lower" is not an exported Go identifier`},
		{"package: p\ntools: {a: b}", `c.yaml:2:8: want a list`},
		{"package: p\ndraft: 5\nschemas: {A: a.json}", `c.yaml:2:8: draft "5": want 4, 6, 7, 2019-09 or 2020-12`},
		{"package: p\nschemas: {A: a.json}\nurls: {example.com: x}", `c.yaml:3:8: urls key "example.com" is not a URL prefix (want e.g. https://example.com/schemas/)`},
		{"package: p\nschemas: {A: a.json}\nnames: {x.json: lower}", `c.yaml:3:17: name "lower" is not an exported Go identifier`},
		{"package: p\nschemas:\n  A: &x {type: string}\n  B: *x", `c.yaml:4:6: YAML Alias is not allowed in an inline schema; use plain mappings, sequences and scalars`},
		{"- a\n- b", "c.yaml:1:1: want a mapping"},
		{"", "c.yaml: want one YAML document holding a mapping"},
	}
	for _, tc := range tests {
		_, err := ParseConfig("c.yaml", []byte(tc.in))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseConfig(%q):\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

// FuzzParseConfig: any text gives a config or an error with a position,
// never a panic.
func FuzzParseConfig(f *testing.F) {
	f.Add("package: p\nschemas: {A: a.json}")
	f.Add("package: p\nschemas:\n  A: {type: [string, 'null'], enum: [1, 2.5, x]}")
	f.Add("a: [")
	f.Fuzz(func(t *testing.T, s string) {
		_, err := ParseConfig("c.yaml", []byte(s))
		if err != nil && !strings.HasPrefix(err.Error(), "c.yaml") {
			t.Fatalf("error without position: %v", err)
		}
	})
}
