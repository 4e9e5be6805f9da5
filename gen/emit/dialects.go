package emit

import (
	"bytes"
	"strings"
	"text/template"

	"github.com/structgen/structgen/gen/dialect"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/templates"
)

// dialects are the rendered provider views and prompt blocks of a
// package's tools and outputs.
type dialects struct {
	tools   map[string]dialect.ToolObjects   // by tool name
	outputs map[string]dialect.OutputFormats // by output name
	prompts map[string]string                // by output name
	notes   []string
}

func renderDialects(pkg *ir.Package) (*dialects, error) {
	d := &dialects{tools: map[string]dialect.ToolObjects{}, outputs: map[string]dialect.OutputFormats{}, prompts: map[string]string{}}
	var notes []error
	for _, t := range pkg.Tools {
		v, err := dialect.Tool(t.Name, t.Description, t.Schema, t.ResponseSchema)
		if err != nil {
			return nil, loc.Errorf(t.Pos, "%v", err)
		}
		d.tools[t.Name] = v
		for _, n := range v.Notes {
			notes = append(notes, loc.Errorf(t.Pos, "note: tool %s: %s", t.Name, n))
		}
	}
	tmpl := templates.OutputFormat
	if pkg.PromptTemplate != "" {
		var err error
		if tmpl, err = template.New("prompt_template").Parse(pkg.PromptTemplate); err != nil {
			return nil, loc.Errorf(pkg.PromptPos, "prompt_template: %v", err)
		}
	}
	for _, o := range pkg.Outputs {
		v, err := dialect.Output(o.Name, o.Schema)
		if err != nil {
			return nil, loc.Errorf(o.Pos, "%v", err)
		}
		d.outputs[o.Name] = v
		for _, n := range v.Notes {
			notes = append(notes, loc.Errorf(o.Pos, "note: output %s: %s", o.Name, n))
		}
		var buf bytes.Buffer
		if err := tmpl.Execute(&buf, struct{ Schema, Description string }{strings.TrimSpace(o.Schema), o.Description}); err != nil {
			return nil, loc.Errorf(pkg.PromptPos, "prompt_template: %v", err)
		}
		d.prompts[o.Name] = buf.String()
	}
	loc.Sort(notes)
	for _, n := range notes {
		d.notes = append(d.notes, n.Error())
	}
	return d, nil
}
