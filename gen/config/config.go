// Package config reads structgen.yaml into a Config. It is the first
// stage of the pipeline: it checks the shape of the file only (keys,
// types of values, Go identifiers) and reports every problem of a file in
// one run, each at file:line:col. Whether referenced files exist and what
// they hold is for the later stages.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/structgen/structgen/gen/internal/jsonpos"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
)

// Config is what structgen generates: one Go package from named schemas.
type Config struct {
	// File is the config file as the user named it ("" when built from
	// flags); positions in errors are relative to it.
	File string
	// Dir is the folder that relative paths are resolved against.
	Dir string
	// Package is the Go package name.
	Package string
	// Output is the folder generated files go to.
	Output string
	// Schemas are the named schemas, sorted by name.
	Schemas []SchemaEntry
	// Names override generated names: schema reference → Go name.
	Names []NameOverride
	// URLs maps URL prefixes to local folders, so that remote references
	// resolve without the network.
	URLs []URLMapping
	// Draft is the JSON Schema draft of documents without "$schema":
	// "4", "6", "7", "2019-09" or "2020-12" (the default).
	Draft string
	// Tools are the tools a model may call, in config order.
	Tools []ToolEntry
	// Reserved are property names a response schema may not declare,
	// besides "kind".
	Reserved []Reserved
	// Outputs are final-answer contracts.
	Outputs []OutputEntry
	// PromptTemplate is a text/template file for the output-format block,
	// instead of templates/output_format.tmpl.
	PromptTemplate string
	PromptPos      loc.Pos
	// Formats is "assert" (the default, also for "") or "annotate": whether
	// Parse checks "format".
	Formats string
}

// Inline is a schema written in the config itself.
type Inline struct {
	// JSON is the schema as JSON, keys in the order written.
	JSON json.RawMessage
	// Index maps pointers within JSON to positions in the config.
	Index jsonpos.Index
	// Pointer is where the schema stands in the config, as a JSON
	// pointer ("/schemas/Poem", "/tools/0/parameters"); it names the
	// schema's document.
	Pointer string
}

// SchemaEntry is one entry of the config's `schemas`.
type SchemaEntry struct {
	Name string
	// Ref is a file, optionally with a #/json/pointer, relative to Dir, or
	// a Go type (go:DIR.Type); "" when Inline holds the schema.
	Ref    string
	Inline *Inline
	Pos    loc.Pos
}

// OutputEntry is one entry of the config's `outputs`.
type OutputEntry struct {
	// Name names the output (<Name>Output); default: the schema's name.
	Name string
	// Schema is a name from `schemas` or a schema reference; "" when
	// Inline holds the schema.
	Schema string
	Inline *Inline
	Pos    loc.Pos
}

// ToolEntry is one entry of the config's `tools`: a tool defined here
// (Name), or tools imported from MCP (MCP) or OpenAI function (Functions)
// definition files.
type ToolEntry struct {
	Name        string
	Description string
	// Parameters and Response are schema references or names from
	// `schemas`; "" when absent or inline.
	Parameters, Response string
	// ParametersInline and ResponseInline are schemas written in place.
	ParametersInline, ResponseInline *Inline
	// Kind overrides the action type's name and persisted kind.
	Kind string
	// MCP and Functions are file globs, relative to the config.
	MCP, Functions string
	Pos            loc.Pos
	// Where each key's value is written.
	ParametersPos, ResponsePos, KindPos loc.Pos
	HasDescription                      bool
}

// HasParameters reports whether the entry gives a parameters schema.
func (e ToolEntry) HasParameters() bool { return e.Parameters != "" || e.ParametersInline != nil }

// HasResponse reports whether the entry gives a response schema.
func (e ToolEntry) HasResponse() bool { return e.Response != "" || e.ResponseInline != nil }

// Reserved is one name of the config's `reserved`.
type Reserved struct {
	Name string
	Pos  loc.Pos
}

// NameOverride names the Go type generated for the schema at Ref.
type NameOverride struct {
	Ref, Name string
	Pos       loc.Pos
}

// URLMapping serves URLs that start with Prefix from the folder Dir.
type URLMapping struct {
	Prefix, Dir string
	Pos         loc.Pos
}

// Path resolves a slash-separated path from the config against Dir.
func (c *Config) Path(p string) string {
	p = filepath.FromSlash(p)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// Load reads a YAML config file. Paths in it are relative to the file's
// folder.
func Load(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	cfg, errs := Parse(file, data)
	if len(errs) > 0 {
		return nil, loc.Join(errs)
	}
	return cfg, nil
}

// Parse parses a YAML config; file names it in errors and anchors
// relative paths. It returns every problem it finds, sorted by position,
// and the config as far as it could be read: nil only when the file is
// not YAML holding a mapping.
func Parse(file string, data []byte) (*Config, []error) {
	cfg := &Config{File: file, Dir: filepath.Dir(file)}
	if p, b, bad := jsonpos.InvalidUTF8(data); bad {
		return nil, []error{loc.Errorf(loc.Pos{File: file, Line: p.Line, Col: p.Col}, "invalid UTF-8 (byte %#x): YAML must be UTF-8; save the file as UTF-8", b)}
	}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, []error{yamlError(file, err)}
	}
	if len(f.Docs) != 1 || f.Docs[0].Body == nil {
		return nil, []error{loc.Errorf(loc.Pos{File: file}, "want one YAML document holding a mapping")}
	}
	c := &reader{file: file}
	top, ok := c.mapping(f.Docs[0].Body)
	if !ok {
		return nil, c.errs
	}
	for _, kv := range top {
		switch kv.key {
		case "package":
			cfg.Package, _ = c.str(kv.val)
			if cfg.Package != "" && !IsIdent(cfg.Package) {
				c.errorf(c.pos(kv.val), "package %q is not a Go identifier", cfg.Package)
			}
		case "output":
			cfg.Output, _ = c.str(kv.val)
		case "schemas":
			c.schemas(cfg, kv.val)
		case "names":
			c.names(cfg, kv.val)
		case "urls":
			c.urls(cfg, kv.val)
		case "draft":
			if d, ok := c.str(kv.val); ok {
				if _, known := drafts.ByName(d); !known {
					c.errorf(c.pos(kv.val), "draft %q: want %s", d, drafts.Names)
				} else {
					cfg.Draft = d
				}
			}
		case "tools":
			c.tools(cfg, kv.val)
		case "reserved":
			c.reserved(cfg, kv.val)
		case "outputs":
			c.outputs(cfg, kv.val)
		case "prompt_template":
			cfg.PromptTemplate, _ = c.str(kv.val)
			cfg.PromptPos = c.pos(kv.val)
		case "formats":
			if f, ok := c.str(kv.val); ok {
				if f != "assert" && f != "annotate" {
					c.errorf(c.pos(kv.val), "formats %q: want assert or annotate", f)
				} else {
					cfg.Formats = f
				}
			}
		default:
			c.errorf(kv.pos, "unknown key %q; want one of package, output, draft, schemas, names, urls, tools, reserved, outputs, prompt_template, formats", kv.key)
		}
	}
	if !has(top, "package") {
		c.errorf(loc.Pos{File: file, Line: 1, Col: 1}, "missing required key \"package\"")
	}
	if !has(top, "schemas") && !has(top, "tools") && !has(top, "outputs") {
		c.errorf(loc.Pos{File: file, Line: 1, Col: 1}, "no schemas, tools or outputs: add a \"schemas\" map from Go type name to schema reference, \"tools\" or \"outputs\"")
	}
	loc.Sort(c.errs)
	return cfg, c.errs
}

func has(kvs []keyVal, key string) bool {
	for _, kv := range kvs {
		if kv.key == key {
			return true
		}
	}
	return false
}

// IsIdent reports whether s is a Go identifier that is not a keyword.
func IsIdent(s string) bool {
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return s != "" && !isKeyword(s)
}

// IsExported reports whether s is an exported Go identifier.
func IsExported(s string) bool { return IsIdent(s) && s[0] >= 'A' && s[0] <= 'Z' }

func isKeyword(s string) bool {
	switch s {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else",
		"fallthrough", "for", "func", "go", "goto", "if", "import", "interface",
		"map", "package", "range", "return", "select", "struct", "switch", "type", "var":
		return true
	}
	return false
}

// reader walks the YAML tree, collecting every problem.
type reader struct {
	file string
	errs []error
}

func (c *reader) errorf(p loc.Pos, format string, args ...any) {
	c.errs = append(c.errs, loc.Errorf(p, format, args...))
}

type keyVal struct {
	key string
	pos loc.Pos
	val ast.Node
}

func (c *reader) pos(n ast.Node) loc.Pos {
	if n == nil || n.GetToken() == nil {
		return loc.Pos{File: c.file}
	}
	p := n.GetToken().Position
	return loc.Pos{File: c.file, Line: p.Line, Col: p.Column}
}

func unwrap(n ast.Node) ast.Node {
	for {
		switch t := n.(type) {
		case *ast.TagNode:
			n = t.Value
		case *ast.AnchorNode:
			n = t.Value
		case *ast.CommentGroupNode:
			return nil
		default:
			return n
		}
	}
}

// mapping returns the entries of a mapping; duplicate keys are reported
// and the later one is dropped.
func (c *reader) mapping(n ast.Node) ([]keyVal, bool) {
	n = unwrap(n)
	var values []*ast.MappingValueNode
	switch t := n.(type) {
	case *ast.MappingNode:
		values = t.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{t}
	default:
		c.errorf(c.pos(n), "want a mapping")
		return nil, false
	}
	seen := map[string]bool{}
	var out []keyVal
	for _, mv := range values {
		k, ok := c.str(mv.Key)
		if !ok {
			continue
		}
		if seen[k] {
			c.errorf(c.pos(mv.Key), "duplicate key %q", k)
			continue
		}
		seen[k] = true
		out = append(out, keyVal{key: k, pos: c.pos(mv.Key), val: mv.Value})
	}
	return out, true
}

func (c *reader) str(n ast.Node) (string, bool) {
	switch t := unwrap(n).(type) {
	case *ast.StringNode:
		return t.Value, true
	case *ast.LiteralNode:
		return t.Value.Value, true
	case ast.ScalarNode:
		if _, isNull := t.(*ast.NullNode); !isNull {
			return fmt.Sprint(t.GetValue()), true
		}
	}
	c.errorf(c.pos(n), "want a string")
	return "", false
}

func (c *reader) sequence(n ast.Node) []ast.Node {
	seq, ok := unwrap(n).(*ast.SequenceNode)
	if !ok {
		c.errorf(c.pos(n), "want a list")
		return nil
	}
	return seq.Values
}

// schema reads a schema reference (a string) or an inline schema (a
// mapping) at config pointer ptr.
func (c *reader) schema(n ast.Node, ptr string) (ref string, inline *Inline, ok bool) {
	if s, isStr := unwrap(n).(*ast.StringNode); isStr {
		return s.Value, nil, true
	}
	ix := jsonpos.Index{}
	before := len(c.errs)
	val := c.toJSON(n, "", ix)
	if len(c.errs) > before {
		return "", nil, false
	}
	return "", &Inline{JSON: ojson.Marshal(val), Index: ix, Pointer: ptr}, true
}

func (c *reader) schemas(cfg *Config, n ast.Node) {
	kvs, _ := c.mapping(n)
	for _, kv := range kvs {
		if !IsExported(kv.key) {
			c.errorf(kv.pos, "schema name %q is not an exported Go identifier", kv.key)
			continue
		}
		e := SchemaEntry{Name: kv.key, Pos: c.pos(kv.val)}
		ref, inline, ok := c.schema(kv.val, "/schemas/"+jsonptr.Escape(kv.key))
		if !ok {
			continue
		}
		e.Ref, e.Inline = ref, inline
		cfg.Schemas = append(cfg.Schemas, e)
	}
	sort.Slice(cfg.Schemas, func(i, j int) bool { return cfg.Schemas[i].Name < cfg.Schemas[j].Name })
}

func (c *reader) tools(cfg *Config, n ast.Node) {
	for i, item := range c.sequence(n) {
		kvs, ok := c.mapping(item)
		if !ok {
			continue
		}
		e := ToolEntry{Pos: c.pos(item)}
		ptr := fmt.Sprintf("/tools/%d/", i)
		bad := false
		for _, kv := range kvs {
			switch kv.key {
			case "parameters":
				e.ParametersPos = c.pos(kv.val)
				var ok bool
				if e.Parameters, e.ParametersInline, ok = c.schema(kv.val, ptr+"parameters"); !ok {
					bad = true
				}
				continue
			case "response":
				e.ResponsePos = c.pos(kv.val)
				var ok bool
				if e.Response, e.ResponseInline, ok = c.schema(kv.val, ptr+"response"); !ok {
					bad = true
				}
				continue
			}
			v, ok := c.str(kv.val)
			if !ok {
				bad = true
				continue
			}
			switch kv.key {
			case "name":
				e.Name = v
			case "description":
				e.Description, e.HasDescription = v, true
			case "kind":
				e.Kind, e.KindPos = v, c.pos(kv.val)
				if !IsExported(v) {
					c.errorf(c.pos(kv.val), "kind %q is not an exported Go identifier", v)
					bad = true
				}
			case "mcp":
				e.MCP = v
			case "functions":
				e.Functions = v
			default:
				c.errorf(kv.pos, "unknown tool key %q; want one of name, description, parameters, response, kind, mcp, functions", kv.key)
				bad = true
			}
		}
		sources := 0
		for _, s := range []string{e.Name, e.MCP, e.Functions} {
			if s != "" {
				sources++
			}
		}
		if sources != 1 {
			c.errorf(e.Pos, "a tool entry names one tool (name), or imports tools (mcp or functions): exactly one of the three")
			continue
		}
		if e.Name == "" && (e.HasParameters() || e.HasDescription) {
			c.errorf(e.Pos, "parameters and description belong to the imported definitions, not to an mcp or functions entry")
			continue
		}
		if !bad {
			cfg.Tools = append(cfg.Tools, e)
		}
	}
}

func (c *reader) outputs(cfg *Config, n ast.Node) {
	for i, item := range c.sequence(n) {
		kvs, ok := c.mapping(item)
		if !ok {
			continue
		}
		e := OutputEntry{Pos: c.pos(item)}
		bad := false
		for _, kv := range kvs {
			switch kv.key {
			case "name":
				if e.Name, ok = c.str(kv.val); !ok {
					bad = true
				} else if !IsExported(e.Name) {
					c.errorf(c.pos(kv.val), "output name %q is not an exported Go identifier", e.Name)
					bad = true
				}
			case "schema":
				if e.Schema, e.Inline, ok = c.schema(kv.val, fmt.Sprintf("/outputs/%d/schema", i)); !ok {
					bad = true
				}
			default:
				c.errorf(kv.pos, "unknown output key %q; want name or schema", kv.key)
				bad = true
			}
		}
		switch {
		case bad:
		case e.Schema == "" && e.Inline == nil:
			c.errorf(e.Pos, "output without a schema")
		case e.Inline != nil && e.Name == "":
			c.errorf(e.Pos, "an output with an inline schema needs a name")
		default:
			cfg.Outputs = append(cfg.Outputs, e)
		}
	}
}

func (c *reader) reserved(cfg *Config, n ast.Node) {
	for _, item := range c.sequence(n) {
		if v, ok := c.str(item); ok {
			cfg.Reserved = append(cfg.Reserved, Reserved{Name: v, Pos: c.pos(item)})
		}
	}
}

func (c *reader) names(cfg *Config, n ast.Node) {
	kvs, _ := c.mapping(n)
	for _, kv := range kvs {
		name, ok := c.str(kv.val)
		if !ok {
			continue
		}
		if !IsExported(name) {
			c.errorf(c.pos(kv.val), "name %q is not an exported Go identifier", name)
			continue
		}
		cfg.Names = append(cfg.Names, NameOverride{Ref: kv.key, Name: name, Pos: kv.pos})
	}
}

func (c *reader) urls(cfg *Config, n ast.Node) {
	kvs, _ := c.mapping(n)
	for _, kv := range kvs {
		dir, ok := c.str(kv.val)
		if !ok {
			continue
		}
		if !strings.Contains(kv.key, "://") {
			c.errorf(kv.pos, "urls key %q is not a URL prefix (want e.g. https://example.com/schemas/)", kv.key)
			continue
		}
		cfg.URLs = append(cfg.URLs, URLMapping{Prefix: kv.key, Dir: dir, Pos: kv.pos})
	}
	sort.Slice(cfg.URLs, func(i, j int) bool { return len(cfg.URLs[i].Prefix) > len(cfg.URLs[j].Prefix) })
}

// toJSON converts an inline YAML schema into a JSON value, recording the
// position of every value by JSON pointer.
func (c *reader) toJSON(n ast.Node, ptr string, ix jsonpos.Index) any {
	p := c.pos(n)
	ix[ptr] = jsonpos.Pos{Line: p.Line, Col: p.Col}
	switch t := unwrap(n).(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		kvs, _ := c.mapping(t)
		obj := ojson.NewObject()
		for _, kv := range kvs {
			obj.Set(kv.key, c.toJSON(kv.val, ptr+"/"+jsonptr.Escape(kv.key), ix))
		}
		return obj
	case *ast.SequenceNode:
		arr := []any{}
		for i, v := range t.Values {
			arr = append(arr, c.toJSON(v, fmt.Sprintf("%s/%d", ptr, i), ix))
		}
		return arr
	case *ast.StringNode:
		return t.Value
	case *ast.LiteralNode:
		return t.Value.Value
	case *ast.BoolNode:
		return t.Value
	case *ast.NullNode:
		return nil
	case *ast.IntegerNode, *ast.FloatNode:
		text := strings.ReplaceAll(t.GetToken().Value, "_", "")
		if !json.Valid([]byte(text)) {
			c.errorf(p, "number %s is not a JSON number", text)
			return nil
		}
		return json.Number(text)
	case nil:
		c.errorf(p, "want a value")
		return nil
	default:
		c.errorf(p, "YAML %s is not allowed in an inline schema; use plain mappings, sequences and scalars", t.Type())
		return nil
	}
}

func yamlError(file string, err error) error {
	msg := err.Error()
	if ye, ok := err.(interface{ GetMessage() string }); ok {
		msg = ye.GetMessage()
	}
	pos := loc.Pos{File: file}
	if te, ok := err.(interface{ GetToken() *token.Token }); ok && te.GetToken() != nil {
		pos.Line, pos.Col = te.GetToken().Position.Line, te.GetToken().Position.Column
	}
	return loc.Errorf(pos, "%s", msg)
}
