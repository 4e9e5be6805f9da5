package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/go-faster/jx"
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

	schema   *Schema
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
func NewTool(name, description string, schema *Schema, d ToolDialects) Tool {
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
func (t Tool) Schema() *Schema { return t.schema }

// Document returns the text of the document that holds the schema.
func (s *Schema) Document() string {
	u, _, _ := strings.Cut(s.loc, "#")
	return s.set.resources[u]
}

// Repair is one change the lenient parser made to what a model sent.
type Repair struct {
	// Pointer is where, in the repaired document.
	Pointer string
	// Offset is the byte offset in the text read where the change was
	// made.
	Offset int
	// Message says what was changed.
	Message string
}

func (r Repair) String() string {
	ptr := r.Pointer
	if ptr == "" {
		ptr = "(root)"
	}
	return ptr + ": " + r.Message
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
	doc, err := DecodeValue(data)
	if err != nil {
		return fail(ErrInvalidJSON, Problem{Message: err.Error()})
	}
	if s, ok := doc.(string); ok {
		// The whole call sent as a JSON string holding the object.
		if inner, err := DecodeValue([]byte(s)); err == nil {
			if _, isObj := inner.(map[string]any); isObj {
				doc = inner
				repairs = append(repairs, Repair{Message: "decoded arguments sent as a JSON-encoded string"})
			}
		}
	}
	sch, err := tool.schema.get()
	if err != nil {
		return fail(err, Problem{Message: err.Error()})
	}
	doc = repairValue(&tool.schema.set.shapes, doc, sch, "", &repairs, repairJSONStrings|repairNulls)
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
	if err := json.Unmarshal(NormalizeIntegers(data), &v); err != nil {
		return fail(nil, decodeProblem(err))
	}
	return v, repairs, nil
}

// KindField is the property that holds an action's kind in a persisted
// event.
const KindField = "kind"

// MarshalKind encodes v, a JSON object, with "kind" first.
func MarshalKind(kind string, v any) ([]byte, error) { return MarshalEvent(kind, "", v) }

// SplitKind reads the "kind" of a persisted event and returns the event's
// other properties as a JSON object.
func SplitKind(data []byte) (string, []byte, error) {
	kind, _, rest, err := SplitEvent(data)
	return kind, rest, err
}

// UnknownKind reports a kind that no action type of the package has.
func UnknownKind(kind string, known []string) error {
	return fmt.Errorf("unknown action kind %q; known kinds: %s", kind, strings.Join(known, ", "))
}

// UnknownTool reports a tool name that the package does not define.
func UnknownTool(name string, known []string) error {
	return fmt.Errorf("unknown tool %q; known tools: %s", name, strings.Join(known, ", "))
}

// MarshalAction encodes an action's own arguments and its response as one
// flat JSON object.
func MarshalAction(args, response any) ([]byte, error) {
	a, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	r, err := json.Marshal(response)
	if err != nil {
		return nil, err
	}
	a, r = bytes.TrimSpace(a), bytes.TrimSpace(r)
	if len(a) < 2 || len(r) < 2 || a[0] != '{' || r[0] != '{' {
		return nil, fmt.Errorf("action parts must encode as JSON objects")
	}
	out := append([]byte(nil), a[:len(a)-1]...)
	if len(bytes.TrimSpace(out)) > 1 && len(bytes.TrimSpace(r[1:len(r)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, r[1:]...)
	return out, nil
}

// UnmarshalAction decodes one flat JSON object into an action's parts:
// the response's declared properties into response, all others into args,
// each part's members in the order they came in.
func UnmarshalAction(data []byte, args any, response any, responseFields *Fields) error {
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' || !json.Valid(data) {
		// What is not an object's valid JSON gets encoding/json's error
		// for it (an object's is read below without decoding it twice).
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil {
			return err
		}
	}
	a, r := []byte{'{'}, []byte{'{'}
	d := jx.DecodeBytes(data)
	err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		raw, err := d.Raw()
		if err != nil {
			return err
		}
		k := validUTF8(string(key))
		part := &a
		if responseFields.has(k) {
			part = &r
		}
		if len(*part) > 1 {
			*part = append(*part, ',')
		}
		kq, _ := json.Marshal(k)
		*part = append(append(append(*part, kq...), ':'), bytes.TrimSpace(raw)...)
		return nil
	})
	if err != nil {
		return err
	}
	if err := json.Unmarshal(append(a, '}'), args); err != nil {
		return err
	}
	return json.Unmarshal(append(r, '}'), response)
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
