package gen

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
	"github.com/structgen/structgen/gen/internal/ojson"
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
	PromptPos      Pos
}

// OutputEntry is one entry of the config's `outputs`.
type OutputEntry struct {
	// Name names the output (<Name>Output); default: the schema's name.
	Name string
	// Schema is a name from `schemas` or a schema reference; "" when
	// Inline holds the schema.
	Schema    string
	Inline    json.RawMessage
	InlinePos jsonpos.Index
	Pos       Pos
}

// ToolEntry is one entry of the config's `tools`: a tool defined here
// (Name), or tools imported from MCP (MCP) or OpenAI function (Functions)
// definition files.
type ToolEntry struct {
	Name        string
	Description string
	// Parameters and Response are schema references or names from
	// `schemas`; "" when absent.
	Parameters, Response string
	// Kind overrides the action type's name and persisted kind.
	Kind string
	// MCP and Functions are file globs, relative to the config.
	MCP, Functions string
	Pos            Pos
	// Where each key's value is written.
	ParametersPos, ResponsePos, KindPos Pos
	HasDescription                      bool
}

// Reserved is one name of the config's `reserved`.
type Reserved struct {
	Name string
	Pos  Pos
}

// drafts maps the config's draft names to meta-schema URIs.
var drafts = map[string]string{
	"4":       "http://json-schema.org/draft-04/schema#",
	"6":       "http://json-schema.org/draft-06/schema#",
	"7":       "http://json-schema.org/draft-07/schema#",
	"2019-09": "https://json-schema.org/draft/2019-09/schema",
	"2020-12": "https://json-schema.org/draft/2020-12/schema",
}

// path resolves a slash-separated path from the config against Dir.
func (c *Config) path(p string) string {
	p = filepath.FromSlash(p)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// SchemaEntry is one entry of the config's `schemas`.
type SchemaEntry struct {
	Name string
	// Ref is a file, optionally with a #/json/pointer, relative to Dir.
	Ref string
	// Inline is an inline schema as JSON, when Ref is "".
	Inline json.RawMessage
	// InlinePos maps pointers within Inline to positions in File.
	InlinePos jsonpos.Index
	Pos       Pos
}

// NameOverride names the Go type generated for the schema at Ref.
type NameOverride struct {
	Ref, Name string
	Pos       Pos
}

// URLMapping serves URLs that start with Prefix from the folder Dir.
type URLMapping struct {
	Prefix, Dir string
	Pos         Pos
}

// Pos is a position in an input file.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// PosError is an error at a position in an input file.
type PosError struct {
	Pos Pos
	Msg string
}

func (e *PosError) Error() string { return e.Pos.String() + ": " + e.Msg }

func errAt(p Pos, format string, args ...any) error {
	return &PosError{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// LoadConfig reads a YAML config file. Paths in it are relative to the
// file's folder.
func LoadConfig(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return ParseConfig(file, data)
}

// ParseConfig parses a YAML config; file names it in errors and anchors
// relative paths.
func ParseConfig(file string, data []byte) (*Config, error) {
	cfg := &Config{File: file, Dir: filepath.Dir(file)}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, yamlError(file, err)
	}
	if len(f.Docs) != 1 || f.Docs[0].Body == nil {
		return nil, errAt(Pos{File: file}, "want one YAML document holding a mapping")
	}
	c := &cfgReader{file: file}
	top, err := c.mapping(f.Docs[0].Body)
	if err != nil {
		return nil, err
	}
	for _, kv := range top {
		switch kv.key {
		case "package":
			cfg.Package, err = c.str(kv.val)
		case "output":
			cfg.Output, err = c.str(kv.val)
		case "schemas":
			err = c.schemas(cfg, kv.val)
		case "names":
			err = c.names(cfg, kv.val)
		case "urls":
			err = c.urls(cfg, kv.val)
		case "draft":
			if cfg.Draft, err = c.str(kv.val); err == nil && drafts[cfg.Draft] == "" {
				err = errAt(c.pos(kv.val), "draft %q: want 4, 6, 7, 2019-09 or 2020-12", cfg.Draft)
			}
		case "tools":
			err = c.tools(cfg, kv.val)
		case "reserved":
			err = c.reserved(cfg, kv.val)
		case "outputs":
			err = c.outputs(cfg, kv.val)
		case "prompt_template":
			cfg.PromptTemplate, err = c.str(kv.val)
			cfg.PromptPos = c.pos(kv.val)
		default:
			err = errAt(kv.pos, "unknown key %q; want one of package, output, draft, schemas, names, urls, tools, reserved, outputs, prompt_template", kv.key)
		}
		if err != nil {
			return nil, err
		}
	}
	if cfg.Package == "" {
		return nil, errAt(Pos{File: file, Line: 1, Col: 1}, "missing required key \"package\"")
	}
	if !isIdent(cfg.Package) {
		return nil, errAt(c.posOf(top, "package"), "package %q is not a Go identifier", cfg.Package)
	}
	if len(cfg.Schemas) == 0 && len(cfg.Tools) == 0 && len(cfg.Outputs) == 0 {
		return nil, errAt(Pos{File: file, Line: 1, Col: 1}, "no schemas, tools or outputs: add a \"schemas\" map from Go type name to schema reference, \"tools\" or \"outputs\"")
	}
	return cfg, nil
}

func isIdent(s string) bool {
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return s != "" && !isKeyword(s)
}

func isKeyword(s string) bool {
	switch s {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else",
		"fallthrough", "for", "func", "go", "goto", "if", "import", "interface",
		"map", "package", "range", "return", "select", "struct", "switch", "type", "var":
		return true
	}
	return false
}

type cfgReader struct{ file string }

type keyVal struct {
	key string
	pos Pos
	val ast.Node
}

func (c *cfgReader) pos(n ast.Node) Pos {
	if n == nil || n.GetToken() == nil {
		return Pos{File: c.file}
	}
	p := n.GetToken().Position
	return Pos{File: c.file, Line: p.Line, Col: p.Column}
}

func (c *cfgReader) posOf(kvs []keyVal, key string) Pos {
	for _, kv := range kvs {
		if kv.key == key {
			return c.pos(kv.val)
		}
	}
	return Pos{File: c.file}
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

func (c *cfgReader) mapping(n ast.Node) ([]keyVal, error) {
	n = unwrap(n)
	var values []*ast.MappingValueNode
	switch t := n.(type) {
	case *ast.MappingNode:
		values = t.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{t}
	default:
		return nil, errAt(c.pos(n), "want a mapping")
	}
	seen := map[string]bool{}
	var out []keyVal
	for _, mv := range values {
		k, err := c.str(mv.Key)
		if err != nil {
			return nil, err
		}
		if seen[k] {
			return nil, errAt(c.pos(mv.Key), "duplicate key %q", k)
		}
		seen[k] = true
		out = append(out, keyVal{key: k, pos: c.pos(mv.Key), val: mv.Value})
	}
	return out, nil
}

func (c *cfgReader) str(n ast.Node) (string, error) {
	switch t := unwrap(n).(type) {
	case *ast.StringNode:
		return t.Value, nil
	case *ast.LiteralNode:
		return t.Value.Value, nil
	case ast.ScalarNode:
		if _, isNull := t.(*ast.NullNode); !isNull {
			return fmt.Sprint(t.GetValue()), nil
		}
	}
	return "", errAt(c.pos(n), "want a string")
}

func (c *cfgReader) schemas(cfg *Config, n ast.Node) error {
	kvs, err := c.mapping(n)
	if err != nil {
		return err
	}
	for _, kv := range kvs {
		if !isIdent(kv.key) || kv.key[0] < 'A' || kv.key[0] > 'Z' {
			return errAt(kv.pos, "schema name %q is not an exported Go identifier", kv.key)
		}
		e := SchemaEntry{Name: kv.key, Pos: kv.pos}
		switch v := unwrap(kv.val).(type) {
		case *ast.StringNode:
			e.Ref = v.Value
			e.Pos = c.pos(v)
		default:
			ix := jsonpos.Index{}
			val, err := c.toJSON(kv.val, "", ix)
			if err != nil {
				return err
			}
			e.Inline = ojson.Marshal(val)
			e.InlinePos = ix
			e.Pos = c.pos(kv.val)
		}
		cfg.Schemas = append(cfg.Schemas, e)
	}
	sort.Slice(cfg.Schemas, func(i, j int) bool { return cfg.Schemas[i].Name < cfg.Schemas[j].Name })
	return nil
}

func (c *cfgReader) sequence(n ast.Node) ([]ast.Node, error) {
	seq, ok := unwrap(n).(*ast.SequenceNode)
	if !ok {
		return nil, errAt(c.pos(n), "want a list")
	}
	return seq.Values, nil
}

func (c *cfgReader) tools(cfg *Config, n ast.Node) error {
	items, err := c.sequence(n)
	if err != nil {
		return err
	}
	for _, item := range items {
		kvs, err := c.mapping(item)
		if err != nil {
			return err
		}
		e := ToolEntry{Pos: c.pos(item)}
		for _, kv := range kvs {
			v, err := c.str(kv.val)
			if err != nil {
				return err
			}
			switch kv.key {
			case "name":
				e.Name = v
			case "description":
				e.Description, e.HasDescription = v, true
			case "parameters":
				e.Parameters, e.ParametersPos = v, c.pos(kv.val)
			case "response":
				e.Response, e.ResponsePos = v, c.pos(kv.val)
			case "kind":
				e.Kind, e.KindPos = v, c.pos(kv.val)
				if !isIdent(v) || v[0] < 'A' || v[0] > 'Z' {
					return errAt(c.pos(kv.val), "kind %q is not an exported Go identifier", v)
				}
			case "mcp":
				e.MCP = v
			case "functions":
				e.Functions = v
			default:
				return errAt(kv.pos, "unknown tool key %q; want one of name, description, parameters, response, kind, mcp, functions", kv.key)
			}
		}
		sources := 0
		for _, s := range []string{e.Name, e.MCP, e.Functions} {
			if s != "" {
				sources++
			}
		}
		if sources != 1 {
			return errAt(e.Pos, "a tool entry names one tool (name), or imports tools (mcp or functions): exactly one of the three")
		}
		if e.Name == "" && (e.Parameters != "" || e.HasDescription) {
			return errAt(e.Pos, "parameters and description belong to the imported definitions, not to an mcp or functions entry")
		}
		cfg.Tools = append(cfg.Tools, e)
	}
	return nil
}

func (c *cfgReader) outputs(cfg *Config, n ast.Node) error {
	items, err := c.sequence(n)
	if err != nil {
		return err
	}
	for _, item := range items {
		kvs, err := c.mapping(item)
		if err != nil {
			return err
		}
		e := OutputEntry{Pos: c.pos(item)}
		for _, kv := range kvs {
			switch kv.key {
			case "name":
				if e.Name, err = c.str(kv.val); err != nil {
					return err
				}
				if !isIdent(e.Name) || e.Name[0] < 'A' || e.Name[0] > 'Z' {
					return errAt(c.pos(kv.val), "output name %q is not an exported Go identifier", e.Name)
				}
			case "schema":
				if s, ok := unwrap(kv.val).(*ast.StringNode); ok {
					e.Schema = s.Value
					continue
				}
				ix := jsonpos.Index{}
				val, err := c.toJSON(kv.val, "", ix)
				if err != nil {
					return err
				}
				e.Inline = ojson.Marshal(val)
				e.InlinePos = ix
			default:
				return errAt(kv.pos, "unknown output key %q; want name or schema", kv.key)
			}
		}
		if e.Schema == "" && e.Inline == nil {
			return errAt(e.Pos, "output without a schema")
		}
		if e.Inline != nil && e.Name == "" {
			return errAt(e.Pos, "an output with an inline schema needs a name")
		}
		cfg.Outputs = append(cfg.Outputs, e)
	}
	return nil
}

func (c *cfgReader) reserved(cfg *Config, n ast.Node) error {
	items, err := c.sequence(n)
	if err != nil {
		return err
	}
	for _, item := range items {
		v, err := c.str(item)
		if err != nil {
			return err
		}
		cfg.Reserved = append(cfg.Reserved, Reserved{Name: v, Pos: c.pos(item)})
	}
	return nil
}

func (c *cfgReader) names(cfg *Config, n ast.Node) error {
	kvs, err := c.mapping(n)
	if err != nil {
		return err
	}
	for _, kv := range kvs {
		name, err := c.str(kv.val)
		if err != nil {
			return err
		}
		if !isIdent(name) || name[0] < 'A' || name[0] > 'Z' {
			return errAt(c.pos(kv.val), "name %q is not an exported Go identifier", name)
		}
		cfg.Names = append(cfg.Names, NameOverride{Ref: kv.key, Name: name, Pos: kv.pos})
	}
	return nil
}

func (c *cfgReader) urls(cfg *Config, n ast.Node) error {
	kvs, err := c.mapping(n)
	if err != nil {
		return err
	}
	for _, kv := range kvs {
		dir, err := c.str(kv.val)
		if err != nil {
			return err
		}
		if !strings.Contains(kv.key, "://") {
			return errAt(kv.pos, "urls key %q is not a URL prefix (want e.g. https://example.com/schemas/)", kv.key)
		}
		cfg.URLs = append(cfg.URLs, URLMapping{Prefix: kv.key, Dir: dir, Pos: kv.pos})
	}
	sort.Slice(cfg.URLs, func(i, j int) bool { return len(cfg.URLs[i].Prefix) > len(cfg.URLs[j].Prefix) })
	return nil
}

// toJSON converts an inline YAML schema into a JSON value, recording the
// position of every value by JSON pointer.
func (c *cfgReader) toJSON(n ast.Node, ptr string, ix jsonpos.Index) (any, error) {
	p := c.pos(n)
	ix[ptr] = jsonpos.Pos{Line: p.Line, Col: p.Col}
	switch t := unwrap(n).(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		kvs, err := c.mapping(t)
		if err != nil {
			return nil, err
		}
		obj := ojson.NewObject()
		for _, kv := range kvs {
			v, err := c.toJSON(kv.val, ptr+"/"+escapeToken(kv.key), ix)
			if err != nil {
				return nil, err
			}
			obj.Set(kv.key, v)
		}
		return obj, nil
	case *ast.SequenceNode:
		arr := []any{}
		for i, v := range t.Values {
			jv, err := c.toJSON(v, fmt.Sprintf("%s/%d", ptr, i), ix)
			if err != nil {
				return nil, err
			}
			arr = append(arr, jv)
		}
		return arr, nil
	case *ast.StringNode:
		return t.Value, nil
	case *ast.LiteralNode:
		return t.Value.Value, nil
	case *ast.BoolNode:
		return t.Value, nil
	case *ast.NullNode:
		return nil, nil
	case *ast.IntegerNode, *ast.FloatNode:
		text := t.GetToken().Value
		text = strings.ReplaceAll(text, "_", "")
		if !json.Valid([]byte(text)) {
			return nil, errAt(p, "number %s is not a JSON number", text)
		}
		return json.Number(text), nil
	case nil:
		return nil, errAt(p, "want a value")
	default:
		return nil, errAt(p, "YAML %s is not allowed in an inline schema; use plain mappings, sequences and scalars", t.Type())
	}
}

func escapeToken(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

func yamlError(file string, err error) error {
	msg := err.Error()
	if ye, ok := err.(interface{ GetMessage() string }); ok {
		msg = ye.GetMessage()
	}
	pos := Pos{File: file}
	if te, ok := err.(interface{ GetToken() *token.Token }); ok && te.GetToken() != nil {
		pos.Line, pos.Col = te.GetToken().Position.Line, te.GetToken().Position.Column
	}
	return errAt(pos, "%s", msg)
}
