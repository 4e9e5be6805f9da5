package gen

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"sort"
	"strings"
	"text/template"

	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/names"
	"github.com/structgen/structgen/templates"
)

// outputSpec is one final-answer output: its name and the `schemas`
// entry that types it.
type outputSpec struct {
	name  string // <name>Output
	entry string // name of the schema entry, which names the Go type
	pos   Pos
}

// withOutputs returns cfg with a schema entry for every output whose
// schema is not already one, and the outputs.
func withOutputs(cfg *Config) (*Config, []outputSpec, []error) {
	if len(cfg.Outputs) == 0 {
		return cfg, nil, nil
	}
	out := *cfg
	out.Schemas = append([]SchemaEntry(nil), cfg.Schemas...)
	names := map[string]bool{}
	for _, e := range cfg.Schemas {
		names[e.Name] = true
	}
	var specs []outputSpec
	var errs []error
	seen := map[string]Pos{}
	for _, o := range cfg.Outputs {
		spec := outputSpec{name: o.Name, pos: o.Pos}
		switch {
		case o.Inline != nil:
			if names[o.Name] {
				errs = append(errs, errAt(o.Pos, "output %s has an inline schema, and %s also names an entry of `schemas`; rename one", o.Name, o.Name))
				continue
			}
			out.Schemas = append(out.Schemas, SchemaEntry{Name: o.Name, Inline: o.Inline, Pos: o.Pos})
			names[o.Name] = true
			spec.entry = o.Name
		case names[o.Schema]:
			spec.entry = o.Schema
			if spec.name == "" {
				spec.name = o.Schema
			}
		default:
			if spec.name == "" {
				spec.name = refName(o.Schema)
				if spec.name == "" {
					errs = append(errs, errAt(o.Pos, "cannot make a Go name of %q; give the output a name", o.Schema))
					continue
				}
			}
			if names[spec.name] {
				errs = append(errs, errAt(o.Pos, "output %s would type %s, which names an entry of `schemas` already; give the output another name", o.Schema, spec.name))
				continue
			}
			out.Schemas = append(out.Schemas, SchemaEntry{Name: spec.name, Ref: o.Schema, Pos: o.Pos})
			names[spec.name] = true
			spec.entry = spec.name
		}
		if p, dup := seen[spec.name]; dup {
			errs = append(errs, errAt(o.Pos, "two outputs are named %s (the other at %s)", spec.name, p))
			continue
		}
		seen[spec.name] = o.Pos
		specs = append(specs, spec)
	}
	sort.Slice(out.Schemas, func(i, j int) bool { return out.Schemas[i].Name < out.Schemas[j].Name })
	sort.Slice(specs, func(i, j int) bool { return specs[i].name < specs[j].name })
	return &out, specs, errs
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

// buildOutput makes the canonical schema and the dialects of one output.
func (b *builder) buildOutput(spec outputSpec, loc string, typeName string, cfg *Config) {
	draft := b.l.draftOf(strings.SplitN(loc, "#", 2)[0])
	bd := newBundler(b.l, b.g, draft)
	root := bd.standalone(loc)
	if bd.err != nil {
		b.errs = append(b.errs, bd.err)
		return
	}
	canonical := string(ojson.Marshal(root)) + "\n"
	o := &Output{Name: spec.name, Type: typeName, SchemaURL: "urn:structgen:output:" + url.PathEscape(spec.name), Pos: spec.pos}
	o.Plain = plainString(root)
	description, _ := root.Vals["description"].(string)
	v := viewsOf(root)
	js := ojson.NewObject()
	js.Set("name", openAISchemaName(spec.name))
	if description != "" {
		js.Set("description", description)
	}
	js.Set("schema", v.openAI)
	js.Set("strict", v.strict)
	o.OpenAI = marshalObject("type", "json_schema", "json_schema", js)
	o.Wrapped = v.wrapped
	o.Anthropic = marshalObject("type", "json_schema", "schema", v.anthropic)
	o.Gemini = marshalObject("responseMimeType", "application/json", "responseJsonSchema", v.gemini)

	prompt, err := b.promptBlock(cfg, canonical, description)
	if err != nil {
		b.errs = append(b.errs, err)
		return
	}
	o.Prompt = prompt
	for _, n := range v.notes {
		b.notes = append(b.notes, &PosError{Pos: spec.pos, Msg: fmt.Sprintf("note: output %s: %s", spec.name, n)})
	}
	b.pkg.Outputs = append(b.pkg.Outputs, o)
	b.pkg.Resources = append(b.pkg.Resources, Resource{URL: o.SchemaURL, Text: canonical})
}

// views are a canonical schema as each provider accepts it.
type views struct {
	openAI, anthropic, gemini *ojson.Object
	strict                    bool // OpenAI strict mode holds
	wrapped                   bool // a non-object root was wrapped in {"value": …}
	notes                     []string
}

func viewsOf(root *ojson.Object) views {
	var v views
	oa := &transform{rules: openAIRules}
	v.openAI, v.wrapped = oa.apply(root)
	v.strict = oa.strict
	v.notes = append(v.notes, oa.notes...)
	v.notes = append(v.notes, limitNotes(openAIRules, v.openAI)...)
	if !oa.strict {
		v.notes = append(v.notes, "OpenAI: strict mode is off: "+strings.Join(uniq(oa.why), "; "))
	}
	an := &transform{rules: anthropicRules}
	v.anthropic, _ = an.apply(root)
	v.notes = append(v.notes, an.notes...)
	if !an.strict {
		v.notes = append(v.notes, "Anthropic: structured outputs need every object closed, which this schema cannot be: "+strings.Join(uniq(an.why), "; ")+"; it is sent as it is")
	}
	ge := &transform{rules: geminiRules}
	v.gemini, _ = ge.apply(root)
	v.notes = append(v.notes, ge.notes...)
	return v
}

func uniq(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// plainString reports whether a schema is a plain string: no contract.
func plainString(root *ojson.Object) bool {
	for _, k := range root.Keys {
		switch k {
		case "type":
			if root.Vals[k] != "string" {
				return false
			}
		case "title", "description", "$schema", "$comment":
		default:
			return false
		}
	}
	return root.Vals["type"] == "string"
}

// promptBlock renders the output-format block for a schema.
func (b *builder) promptBlock(cfg *Config, schema, description string) (string, error) {
	tmpl := templates.OutputFormat
	if cfg.PromptTemplate != "" {
		text, err := os.ReadFile(cfg.Path(cfg.PromptTemplate))
		if err != nil {
			return "", errAt(cfg.PromptPos, "prompt_template: %v", err)
		}
		if tmpl, err = template.New(cfg.PromptTemplate).Parse(string(text)); err != nil {
			return "", errAt(cfg.PromptPos, "prompt_template: %v", err)
		}
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, struct{ Schema, Description string }{strings.TrimSpace(schema), description}); err != nil {
		return "", errAt(cfg.PromptPos, "prompt_template: %v", err)
	}
	return buf.String(), nil
}

// toolDialects makes a tool's provider views of its augmented schema.
func (b *builder) toolDialects(t *Tool, text string) {
	parsed, err := ojson.Parse([]byte(text))
	root, _ := parsed.(*ojson.Object)
	if err != nil || root == nil {
		b.errorf(t.Pos, "internal: tool schema of %q is not a JSON object: %v", t.Name, err)
		return
	}
	v := viewsOf(root)
	fn := ojson.NewObject()
	fn.Set("name", t.Name)
	fn.Set("description", t.Description)
	fn.Set("parameters", v.openAI)
	fn.Set("strict", v.strict)
	t.OpenAI = marshalObject("type", "function", "function", fn)
	t.Anthropic = marshalObject("name", t.Name, "description", t.Description, "input_schema", v.anthropic)
	t.Gemini = marshalObject("name", t.Name, "description", t.Description, "parametersJsonSchema", v.gemini)
	t.MCP = marshalObject("name", t.Name, "description", t.Description, "inputSchema", root)
	for _, n := range v.notes {
		b.notes = append(b.notes, &PosError{Pos: t.Pos, Msg: fmt.Sprintf("note: tool %s: %s", t.Name, n)})
	}
}
