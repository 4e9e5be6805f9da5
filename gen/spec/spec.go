// Package spec decides what a config generates: the named roots (schema
// entries, and the outputs that name a schema of their own), the `names`
// overrides, every tool after MCP and OpenAI definition files are
// imported and their entries merged, and the final-answer outputs. Every
// schema it names is a location in the loaded documents (source.Set);
// nothing here compiles a schema or decides a Go identifier but the names
// the user chose.
package spec

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/names"
	"github.com/structgen/structgen/gen/source"
)

// Spec is what one generated package holds.
type Spec struct {
	Package string
	// Roots are the named schemas, sorted by name.
	Roots []Root
	// Names are the `names` overrides.
	Names []Name
	// Tools are the tools a model may call, in config order.
	Tools []Tool
	// Outputs are the final-answer contracts, sorted by name.
	Outputs []Output
	// Reserved are property names a response may not declare.
	Reserved []config.Reserved
	// PromptTemplate is the text/template of the output-format block; ""
	// for the default.
	PromptTemplate string
	PromptPos      loc.Pos
	// AnnotateFormats: Parse reads "format" as an annotation (config
	// formats: annotate).
	AnnotateFormats bool
}

// Root is a schema the user named: it generates a type of that name.
type Root struct {
	Name string
	// Loc is the schema's location; "" when its document could not be
	// loaded (the source stage said why).
	Loc string
	Pos loc.Pos
	// Go is set when the schema was derived from a Go type, which the
	// generated code uses as it is.
	Go *source.GoType
}

// Name is a `names` override: the Go name of the type generated for the
// schema at Loc.
type Name struct {
	Loc, Name string
	Pos       loc.Pos
}

// Tool is one tool a model may call.
type Tool struct {
	Name           string
	Description    string
	HasDescription bool
	// Params and Response are schema locations; "" when absent.
	Params, Response string
	// ParamsRoot and ResponseRoot name the root a schema is, if any.
	ParamsRoot, ResponseRoot string
	// Kind overrides the action type's name and persisted kind.
	Kind                         string
	Pos, ParamsPos, ResponsePos  loc.Pos
	KindPos                      loc.Pos
	Source                       string // where it is defined, for comments
	Imported                     bool
	paramsRef, responseRef       string
	paramsInline, responseInline *config.Inline
}

// Output is a final-answer contract typed by the root Root.
type Output struct {
	Name, Root string
	Pos        loc.Pos
}

// Build decides what cfg generates from the documents in set. It returns
// every problem it finds, and the spec without the parts they concern.
func Build(cfg *config.Config, set *source.Set) (*Spec, []error) {
	b := &builder{cfg: cfg, set: set}
	sp := &Spec{Package: cfg.Package, Reserved: cfg.Reserved}
	entries, outputs := b.outputs()
	sp.Outputs = outputs
	for _, e := range entries {
		r := Root{Name: e.Name, Pos: e.Pos}
		switch {
		case e.Inline != nil:
			r.Loc = set.InlineURL(e.Inline) + "#"
		case strings.HasPrefix(e.Ref, source.GoRefPrefix):
			if t, ok := set.GoType(e.Ref); ok {
				r.Loc, r.Go = t.URL+"#", &t
			}
		case set.Loaded(e.Ref):
			r.Loc = b.resolve(e.Ref, e.Pos)
		}
		sp.Roots = append(sp.Roots, r)
	}
	sort.Slice(sp.Roots, func(i, j int) bool { return sp.Roots[i].Name < sp.Roots[j].Name })
	for _, n := range cfg.Names {
		if l := b.resolve(n.Ref, n.Pos); l != "" {
			sp.Names = append(sp.Names, Name{Loc: l, Name: n.Name, Pos: n.Pos})
		}
	}
	roots := map[string]bool{}
	for _, r := range sp.Roots {
		roots[r.Name] = true
	}
	sp.Tools = b.tools(roots)
	sp.AnnotateFormats = cfg.Formats == "annotate"
	if cfg.PromptTemplate != "" {
		text, err := os.ReadFile(cfg.Path(cfg.PromptTemplate))
		if err != nil {
			b.errorf(cfg.PromptPos, "prompt_template: %v", err)
		} else if _, err := template.New(cfg.PromptTemplate).Parse(string(text)); err != nil {
			b.errorf(cfg.PromptPos, "prompt_template: %v", err)
		} else {
			sp.PromptTemplate, sp.PromptPos = string(text), cfg.PromptPos
		}
	}
	return sp, b.errs
}

type builder struct {
	cfg  *config.Config
	set  *source.Set
	errs []error
}

func (b *builder) errorf(p loc.Pos, format string, args ...any) {
	b.errs = append(b.errs, loc.Errorf(p, format, args...))
}

// resolve returns the location a file reference names.
func (b *builder) resolve(ref string, pos loc.Pos) string {
	l, err := b.set.Resolve(ref)
	if err != nil {
		b.errorf(pos, "%v", err)
		return ""
	}
	return l
}

// outputs returns the schema entries, with one for every output whose
// schema is not already one, and the outputs.
func (b *builder) outputs() ([]config.SchemaEntry, []Output) {
	cfg := b.cfg
	entries := append([]config.SchemaEntry(nil), cfg.Schemas...)
	taken := map[string]bool{}
	for _, e := range cfg.Schemas {
		taken[e.Name] = true
	}
	var outs []Output
	seen := map[string]loc.Pos{}
	for _, o := range cfg.Outputs {
		out := Output{Name: o.Name, Pos: o.Pos}
		switch {
		case o.Inline != nil:
			if taken[o.Name] {
				b.errorf(o.Pos, "output %s has an inline schema, and %s also names an entry of `schemas`; rename one", o.Name, o.Name)
				continue
			}
			entries = append(entries, config.SchemaEntry{Name: o.Name, Inline: o.Inline, Pos: o.Pos})
			taken[o.Name] = true
			out.Root = o.Name
		case taken[o.Schema]:
			out.Root = o.Schema
			if out.Name == "" {
				out.Name = o.Schema
			}
		default:
			if out.Name == "" {
				if out.Name = refName(o.Schema); out.Name == "" {
					b.errorf(o.Pos, "cannot make a Go name of %q; give the output a name", o.Schema)
					continue
				}
			}
			if taken[out.Name] {
				b.errorf(o.Pos, "output %s would type %s, which names an entry of `schemas` already; give the output another name", o.Schema, out.Name)
				continue
			}
			entries = append(entries, config.SchemaEntry{Name: out.Name, Ref: o.Schema, Pos: o.Pos})
			taken[out.Name] = true
			out.Root = out.Name
		}
		if p, dup := seen[out.Name]; dup {
			b.errorf(o.Pos, "two outputs are named %s (the other at %s)", out.Name, p)
			continue
		}
		seen[out.Name] = o.Pos
		outs = append(outs, out)
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].Name < outs[j].Name })
	return entries, outs
}

// refName derives a Go name from a schema reference: the last token of its
// pointer, else the file's name.
func refName(ref string) string {
	file, frag, _ := strings.Cut(ref, "#")
	if frag != "" && frag != "/" {
		toks := strings.Split(frag, "/")
		return names.Go(toks[len(toks)-1])
	}
	base := path.Base(file)
	return names.Go(strings.TrimSuffix(base, path.Ext(base)))
}

// tools turns the config's tool entries into one Tool per tool, reading
// MCP and OpenAI function definition files, and resolves their schemas.
func (b *builder) tools(roots map[string]bool) []Tool {
	cfg := b.cfg
	var out []*Tool
	byName := map[string]*Tool{}
	var attach []config.ToolEntry
	add := func(t *Tool) {
		if other, ok := byName[t.Name]; ok {
			b.errorf(t.Pos, "tool %q is defined twice: here and at %s", t.Name, other.Pos)
			return
		}
		byName[t.Name] = t
		out = append(out, t)
	}
	for i, e := range cfg.Tools {
		switch {
		case e.MCP != "" || e.Functions != "":
			imported := b.importTools(b.set.ToolFiles(i), e.MCP != "")
			if e.HasResponse() && len(imported) != 1 {
				b.errorf(e.ResponsePos, "response on an entry that imports %d tools: a response schema attaches to exactly one tool; add an entry {name: TOOL, response: %s} for the one it belongs to", len(imported), e.Response)
				continue
			}
			for _, t := range imported {
				if e.HasResponse() {
					t.responseRef, t.responseInline, t.ResponsePos = e.Response, e.ResponseInline, e.ResponsePos
				}
				if e.Kind != "" {
					if len(imported) != 1 {
						b.errorf(e.KindPos, "kind on an entry that imports %d tools: a kind names exactly one action type", len(imported))
						continue
					}
					t.Kind, t.KindPos = e.Kind, e.KindPos
				}
				add(t)
			}
		default:
			if !e.HasParameters() && !e.HasDescription && (e.HasResponse() || e.Kind != "") {
				attach = append(attach, e) // may name an imported tool
				continue
			}
			add(&Tool{Name: e.Name, Description: e.Description, HasDescription: e.HasDescription,
				paramsRef: e.Parameters, paramsInline: e.ParametersInline, ParamsPos: e.ParametersPos,
				responseRef: e.Response, responseInline: e.ResponseInline, ResponsePos: e.ResponsePos,
				Kind: e.Kind, KindPos: e.KindPos, Pos: e.Pos, Source: filepath.Base(cfg.File)})
		}
	}
	// {name, response, kind} adds to an imported tool of that name, or
	// defines a tool that takes no arguments.
	for _, e := range attach {
		if t, ok := byName[e.Name]; ok && t.Imported {
			if e.HasResponse() {
				if t.responseRef != "" || t.responseInline != nil {
					b.errorf(e.ResponsePos, "tool %q already has a response schema (%s)", e.Name, t.ResponsePos)
				}
				t.responseRef, t.responseInline, t.ResponsePos = e.Response, e.ResponseInline, e.ResponsePos
			}
			if e.Kind != "" {
				t.Kind, t.KindPos = e.Kind, e.KindPos
			}
			continue
		}
		add(&Tool{Name: e.Name, responseRef: e.Response, responseInline: e.ResponseInline, ResponsePos: e.ResponsePos,
			Kind: e.Kind, KindPos: e.KindPos, Pos: e.Pos, Source: filepath.Base(cfg.File)})
	}
	var tools []Tool
	for _, t := range out {
		ok := true
		t.Params, t.ParamsRoot, ok = b.toolSchema(t.Params, t.paramsRef, t.paramsInline, t.ParamsPos, roots)
		if !ok {
			continue
		}
		if t.Response, t.ResponseRoot, ok = b.toolSchema("", t.responseRef, t.responseInline, t.ResponsePos, roots); !ok {
			continue
		}
		tools = append(tools, *t)
	}
	return tools
}

// toolSchema resolves a tool's schema: given as a location (imported), a
// root's name, a URL, a file, or inline. ok is false when the document it
// names could not be loaded.
func (b *builder) toolSchema(given, ref string, inline *config.Inline, pos loc.Pos, roots map[string]bool) (l, root string, ok bool) {
	switch {
	case given != "":
		return given, "", true
	case inline != nil:
		return b.set.InlineURL(inline) + "#", "", true
	case ref == "":
		return "", "", true
	case roots[ref]:
		return "", ref, true
	case strings.Contains(ref, "://"):
		return ref, "", true
	case !b.set.Loaded(ref):
		return "", "", false // the source stage said why
	}
	l = b.resolve(ref, pos)
	return l, "", l != ""
}

// importTools reads the tool definitions of the given files: MCP Tool
// objects or tools/list results (mcp), or OpenAI function definitions,
// alone or in a list (functions).
func (b *builder) importTools(files []string, mcp bool) []*Tool {
	var out []*Tool
	for _, u := range files {
		objs, ok := b.set.ToolObjects(u)
		if !ok {
			b.errorf(b.set.Position(u+"#"), "want a tool definition object or a list of them")
			continue
		}
		for _, ptr := range objs {
			if t := b.importTool(u, ptr, mcp); t != nil {
				out = append(out, t)
			}
		}
	}
	return out
}

func (b *builder) importTool(u, ptr string, mcp bool) *Tool {
	obj, _ := jsonptr.Lookup(b.set.Value(u), jsonptr.Tokens(ptr)).(map[string]any)
	pos := b.set.Position(u + "#" + ptr)
	if obj == nil {
		b.errorf(pos, "want a tool definition object")
		return nil
	}
	paramsKey := "inputSchema"
	if !mcp {
		if fn, ok := obj["function"].(map[string]any); ok {
			obj, ptr = fn, ptr+"/function"
		}
		paramsKey = "parameters"
	}
	name, _ := obj["name"].(string)
	if name == "" {
		b.errorf(pos, "tool definition without a \"name\"")
		return nil
	}
	t := &Tool{Name: name, Pos: pos, Imported: true, Source: b.set.Source(u + "#" + ptr)}
	if d, ok := obj["description"].(string); ok {
		t.Description, t.HasDescription = d, true
	}
	if _, ok := obj[paramsKey]; ok {
		t.Params = u + "#" + ptr + "/" + paramsKey
		t.ParamsPos = b.set.Position(t.Params)
	} else if mcp {
		b.errorf(pos, "MCP tool %q has no inputSchema", name)
		return nil
	}
	return t
}
