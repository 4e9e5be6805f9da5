package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseConfig(t *testing.T) {
	cfg, errs := Parse("dir/structgen.yaml", []byte(`
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
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := &Config{
		File: "dir/structgen.yaml", Dir: "dir", Package: "facts", Output: "out", Draft: "7",
		Schemas: []SchemaEntry{
			{Name: "Alpha", Inline: &Inline{JSON: []byte("{\n  \"type\": \"string\",\n  \"maxLength\": 3\n}"), Pointer: "/schemas/Alpha"}},
			{Name: "Zed", Ref: "schemas/z.json#/$defs/Z"},
		},
		Names: []NameOverride{{Ref: "schemas/z.json#/$defs/money", Name: "Amount"}},
		// Longest prefix first, so that it wins.
		URLs: []URLMapping{{Prefix: "https://example.com/deep/", Dir: "deep"}, {Prefix: "https://example.com/", Dir: "vendor"}},
	}
	opts := cmp.Options{cmpopts.IgnoreFields(SchemaEntry{}, "Pos"), cmpopts.IgnoreFields(Inline{}, "Index")}
	if d := cmp.Diff(want, cfg, opts, cmpopts.IgnoreFields(NameOverride{}, "Pos"), cmpopts.IgnoreFields(URLMapping{}, "Pos")); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
	if p := cfg.Schemas[0].Inline.Index["/maxLength"]; p.Line != 7 || p.Col != 36 {
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
		{"package: p\nschemas: {A: a.json}\ntool: []", `c.yaml:3:1: unknown key "tool"; want one of package, output, draft, schemas, names, urls, tools, reserved, outputs, prompt_template, formats`},
		{"package: p\ntools: [{name: a, mcp: x.json}]", `c.yaml:2:9: a tool entry names one tool (name), or imports tools (mcp or functions): exactly one of the three`},
		{"package: p\ntools: [{name: a, result: X}]", `c.yaml:2:19: unknown tool key "result"; want one of name, description, parameters, response, kind, mcp, functions`},
		{"package: p\ntools: [{name: a, kind: lower}]", `c.yaml:2:25: kind "lower" is not an exported Go identifier`},
		{"package: p\ntools: {a: b}", `c.yaml:2:8: want a list`},
		{"package: p\ndraft: 5\nschemas: {A: a.json}", `c.yaml:2:8: draft "5": want 4, 6, 7, 2019-09 or 2020-12`},
		{"package: p\nformats: check\nschemas: {A: a.json}", `c.yaml:2:10: formats "check": want assert or annotate`},
		{"package: p\nschemas: {A: a.json}\nurls: {example.com: x}", `c.yaml:3:8: urls key "example.com" is not a URL prefix (want e.g. https://example.com/schemas/)`},
		{"package: p\nschemas: {A: a.json}\nnames: {x.json: lower}", `c.yaml:3:17: name "lower" is not an exported Go identifier`},
		{"package: p\nschemas:\n  A: &x {type: string}\n  B: *x", `c.yaml:4:6: YAML Alias is not allowed in an inline schema; use plain mappings, sequences and scalars`},
		{"- a\n- b", "c.yaml:1:1: want a mapping"},
		{"", "c.yaml: want one YAML document holding a mapping"},
		{"package: p\nschemas:\n  A: {type: string, title: \"caf\xe9\"}", `c.yaml:3:32: invalid UTF-8 (byte 0xe9): YAML must be UTF-8; save the file as UTF-8`},
		{"package: p\n# \u00e9t\u00e9 \xff\nschemas: {A: a.json}", `c.yaml:2:9: invalid UTF-8 (byte 0xff): YAML must be UTF-8; save the file as UTF-8`},
	}
	for _, tc := range tests {
		_, errs := Parse("c.yaml", []byte(tc.in))
		if len(errs) != 1 || errs[0].Error() != tc.want {
			t.Errorf("Parse(%q):\n got %v\nwant %s", tc.in, errs, tc.want)
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
		cfg, errs := Parse("c.yaml", []byte(s))
		for _, err := range errs {
			if !strings.HasPrefix(err.Error(), "c.yaml") {
				t.Fatalf("error without position: %v", err)
			}
		}
		if cfg == nil && len(errs) == 0 {
			t.Fatal("no config and no error")
		}
	})
}

// TestParseAllErrors: every independent mistake of a file is reported in
// one run, in file order, each at its position.
func TestParseAllErrors(t *testing.T) {
	_, errs := Parse("c.yaml", []byte(`package: p
schemas:
  lower: a.json
  Good: b.json
tool: []
tools:
  - name: a
    result: X
  - name: b
    kind: lower
draft: 5
outputs:
  - {schema: x.json, colour: red}
`))
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	want := []string{
		`c.yaml:3:3: schema name "lower" is not an exported Go identifier`,
		`c.yaml:5:1: unknown key "tool"; want one of package, output, draft, schemas, names, urls, tools, reserved, outputs, prompt_template, formats`,
		`c.yaml:8:5: unknown tool key "result"; want one of name, description, parameters, response, kind, mcp, functions`,
		`c.yaml:10:11: kind "lower" is not an exported Go identifier`,
		`c.yaml:11:8: draft "5": want 4, 6, 7, 2019-09 or 2020-12`,
		`c.yaml:13:22: unknown output key "colour"; want name or schema`,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
}

// TestParseInlineTool: a tool's parameters and response may be written
// in place, like a schema entry.
func TestParseInlineTool(t *testing.T) {
	cfg, errs := Parse("c.yaml", []byte(`package: p
tools:
  - name: search
    parameters: {type: object, properties: {q: {type: string}}}
    response: schemas/r.json
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tool := cfg.Tools[0]
	if tool.ParametersInline == nil || tool.ParametersInline.Pointer != "/tools/0/parameters" || tool.Parameters != "" {
		t.Errorf("parameters: %+v", tool)
	}
	if tool.Response != "schemas/r.json" || tool.ResponseInline != nil {
		t.Errorf("response: %+v", tool)
	}
	if p := tool.ParametersInline.Index["/properties/q"]; p.Line != 4 || p.Col != 48 {
		t.Errorf("position of /properties/q: %+v", p)
	}
}
