package dialect

import (
	"fmt"
	"strings"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
)

func escapeToken(tok string) string { return jsonptr.Escape(tok) }

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

// ToolObjects are a tool as each provider's API takes it, as JSON text.
type ToolObjects struct {
	OpenAI, Anthropic, Gemini, MCP string
	// Notes say what a provider's dialect could not express, and the
	// published provider limits the schema exceeds.
	Notes []string
}

// Tool returns the tool objects of a tool whose augmented schema is the
// JSON text schema; response, when not "", is the response's schema, the
// MCP tool's outputSchema.
func Tool(name, description, schema, response string) (ToolObjects, error) {
	parsed, err := ojson.Parse([]byte(schema))
	root, _ := parsed.(*ojson.Object)
	if err != nil || root == nil {
		return ToolObjects{}, fmt.Errorf("tool schema of %q is not a JSON object: %v", name, err)
	}
	mcp := []any{"name", name, "description", description, "inputSchema", root}
	var notes []string
	if response != "" {
		parsed, err := ojson.Parse([]byte(response))
		out, _ := parsed.(*ojson.Object)
		if err != nil || out == nil {
			return ToolObjects{}, fmt.Errorf("response schema of %q is not a JSON object: %v", name, err)
		}
		if out.Vals["type"] == "object" {
			mcp = append(mcp, "outputSchema", out)
		} else {
			notes = append(notes, `MCP: the response is not of type "object", so the tool has no outputSchema`)
		}
	}
	v := viewsOf(root)
	fn := ojson.NewObject()
	fn.Set("name", name)
	fn.Set("description", description)
	fn.Set("parameters", v.openAI)
	fn.Set("strict", v.strict)
	return ToolObjects{
		OpenAI:    marshalObject("type", "function", "function", fn),
		Anthropic: marshalObject("name", name, "description", description, "input_schema", v.anthropic),
		Gemini:    marshalObject("name", name, "description", description, "parametersJsonSchema", v.gemini),
		MCP:       marshalObject(mcp...),
		Notes:     append(v.notes, notes...),
	}, nil
}

// OutputFormats are a final-answer schema as each provider's API takes
// it, as JSON text.
type OutputFormats struct {
	OpenAI, Anthropic, Gemini string
	// Wrapped: the OpenAI and Anthropic formats wrap a root that is not an
	// object in {"value": …}.
	Wrapped bool
	Notes   []string
}

// Output returns the response formats of an output named name whose
// canonical schema is the JSON text schema.
func Output(name, schema string) (OutputFormats, error) {
	parsed, err := ojson.Parse([]byte(schema))
	root, _ := parsed.(*ojson.Object)
	if err != nil || root == nil {
		return OutputFormats{}, fmt.Errorf("output schema of %s is not a JSON object: %v", name, err)
	}
	description, _ := root.Vals["description"].(string)
	v := viewsOf(root)
	js := ojson.NewObject()
	js.Set("name", openAISchemaName(name))
	if description != "" {
		js.Set("description", description)
	}
	js.Set("schema", v.openAI)
	js.Set("strict", v.strict)
	return OutputFormats{
		OpenAI:    marshalObject("type", "json_schema", "json_schema", js),
		Anthropic: marshalObject("type", "json_schema", "schema", v.anthropic),
		Gemini:    marshalObject("responseMimeType", "application/json", "responseJsonSchema", v.gemini),
		Wrapped:   v.wrapped,
		Notes:     v.notes,
	}, nil
}
