package runtime

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// ToolCall is one tool call as a model made it: the call's ID, the tool's
// name and the raw arguments. Store it as it came; typed values are
// re-read from Arguments, so a history written to disk loses nothing.
type ToolCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Tool describes a tool to a model. Parameters is the tool's augmented
// JSON Schema: its own arguments plus the fields of its structured
// response. It is both what the model is shown and what its calls are
// validated against.
type Tool struct {
	Name        string
	Description string
	Parameters  json.RawMessage

	schema   *schema.Schema
	dialects ToolDialects
}

// ToolDialects are a tool as each provider's API expects it, generated
// ahead of time.
type ToolDialects struct {
	// OpenAI is the function tool object, in strict mode where the schema
	// allows it.
	OpenAI json.RawMessage
	// Anthropic is the tool object with its input_schema.
	Anthropic json.RawMessage
	// Gemini is the function declaration with parametersJsonSchema.
	Gemini json.RawMessage
	// MCP is the MCP Tool object with its inputSchema.
	MCP json.RawMessage
}

// NewTool returns a tool whose Parameters is the document of schema,
// which generated code embeds as a constant.
func NewTool(name, description string, schema *schema.Schema, d ToolDialects) Tool {
	return Tool{Name: name, Description: description, Parameters: json.RawMessage(schema.Document()), schema: schema, dialects: d}
}

// OpenAI returns the tool as OpenAI's function tool object.
func (t Tool) OpenAI() json.RawMessage { return t.dialects.OpenAI }

// Anthropic returns the tool as Anthropic's tool object.
func (t Tool) Anthropic() json.RawMessage { return t.dialects.Anthropic }

// Gemini returns the tool as Gemini's function declaration.
func (t Tool) Gemini() json.RawMessage { return t.dialects.Gemini }

// MCP returns the tool as an MCP Tool object.
func (t Tool) MCP() json.RawMessage { return t.dialects.MCP }

// Schema returns the compiled schema that calls of the tool are validated
// against; its document is Parameters.
func (t Tool) Schema() *schema.Schema { return t.schema }

// ReadPartial reads the arguments of a call of the tool that may still be
// streaming, as Output.ReadPartial reads a reply: strings may still grow;
// numbers, booleans, null and enum values appear only once finished; each
// value knows whether the model closed it. Nothing is validated. The
// generated Parse<Tool>ActionPartial functions read their types from it.
func (t Tool) ReadPartial(args []byte) (*lenient.Node, []Repair, error) {
	return lenient.ReadPartial(t.schema, args)
}

// ParseArgs reads the arguments of a call of tool into a T: it extracts
// and repairs them as the tool's schema allows (a JSON-encoded string
// where the schema wants an array or an object is decoded; null in an
// optional field, as strict provider modes send it, is read as absent),
// validates the
// result strictly against the tool's schema, then decodes it. It returns
// every repair it made; on failure the error is a *ValidationError that
// names the tool and typeName.
func ParseArgs[T any](tool Tool, typeName string, args []byte) (T, []Repair, error) {
	var zero T
	fail := func(sentinel error, ps ...Problem) (T, []Repair, error) {
		return zero, nil, &ValidationError{TypeName: typeName, Tool: tool.Name, Raw: args, Problems: ps, Err: sentinel}
	}
	var repairs []Repair
	data := args
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
		repairs = append(repairs, Repair{Message: "empty arguments read as {}"})
	}
	doc, err := schema.DecodeValue(data)
	if err != nil {
		return fail(ErrInvalidJSON, Problem{Message: err.Error()})
	}
	if s, ok := doc.(string); ok {
		// The whole call sent as a JSON string holding the object.
		if inner, err := schema.DecodeValue([]byte(s)); err == nil {
			if _, isObj := inner.(map[string]any); isObj {
				doc = inner
				repairs = append(repairs, Repair{Message: "decoded arguments sent as a JSON-encoded string"})
			}
		}
	}
	doc, err = lenient.RepairArgs(tool.schema, doc, &repairs)
	if err != nil {
		return fail(err, Problem{Message: err.Error()})
	}
	ps, err := tool.schema.Validate(doc)
	if err != nil {
		return fail(err, Problem{Message: err.Error()})
	}
	if len(ps) > 0 {
		return fail(nil, ps...)
	}
	if len(repairs) > 0 {
		if data, err = json.Marshal(doc); err != nil {
			return fail(nil, Problem{Message: err.Error()})
		}
	}
	var v T
	if p := schema.Unmarshal(data, &v); p != nil {
		return fail(nil, *p)
	}
	return v, repairs, nil
}

// ToolResultMessage returns the "tool" message that answers call with its
// result: content as text and, when set, structured as JSON.
func ToolResultMessage(call ToolCall, content string, structured json.RawMessage) Message {
	return Message{Role: "tool", Content: content,
		ToolResult: &ToolResult{CallID: call.ID, Name: call.Name, Content: content, Structured: structured}}
}

// ToolErrorMessage returns the "tool" message that answers a failed call:
// for arguments that did not parse (a *ValidationError), a repair message
// naming each problem and asking the model to call again; else err's
// text.
func ToolErrorMessage(call ToolCall, err error) Message {
	text := err.Error()
	var v *ValidationError
	if errors.As(err, &v) {
		text = repairPrompt(v, call.Name)
	}
	return Message{Role: "tool", Content: text,
		ToolResult: &ToolResult{CallID: call.ID, Name: call.Name, Content: text, IsError: true}}
}
