package openai

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// functionDef returns a tool's function definition, {"name", "description",
// "parameters", "strict"}, as the raw bytes of its OpenAI dialect; a tool
// without one is described from its canonical parameters.
func functionDef(t runtime.Tool) (json.RawMessage, error) {
	if d := t.OpenAI(); len(d) > 0 {
		var tool struct {
			Function json.RawMessage `json:"function"`
		}
		if err := json.Unmarshal(d, &tool); err != nil || !adapter.IsObject(tool.Function) {
			return nil, fmt.Errorf("openai: tool %q: its OpenAI dialect is not {\"function\": {…}}", t.Name)
		}
		return tool.Function, nil
	}
	return plainFunction(t.Name, t.Description, t.Parameters)
}

// plainFunction describes a function that has no OpenAI dialect; it is not
// strict, since its schema was not made to fit strict mode.
func plainFunction(name, description string, parameters json.RawMessage) (json.RawMessage, error) {
	if !adapter.IsObject(parameters) {
		return nil, adapter.NotObject(provider, "tool", name, "its parameters")
	}
	return json.Marshal(struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters"`
	}{name, description, parameters})
}

// jsonSchemaFormat returns an output's {"name", "description", "schema",
// "strict"} from its OpenAI dialect, {"type": "json_schema", "json_schema":
// {…}}.
func jsonSchemaFormat(o *runtime.OutputSpec) (json.RawMessage, error) {
	var rf struct {
		JSONSchema json.RawMessage `json:"json_schema"`
	}
	if err := json.Unmarshal(o.OpenAI, &rf); err != nil || !adapter.IsObject(rf.JSONSchema) {
		return nil, fmt.Errorf("openai: output %q: its OpenAI dialect is not {\"type\": \"json_schema\", \"json_schema\": {…}}", o.Name)
	}
	return rf.JSONSchema, nil
}

// flatten returns {"type": typ, …obj's members} for the Responses API,
// which has the members of a function definition or JSON-schema format at
// the top level of the tool or format. obj's bytes are kept.
func flatten(typ string, obj json.RawMessage) json.RawMessage {
	body := bytes.TrimSpace(obj)[1:] // after "{"
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"type":%q`, typ)
	if len(bytes.TrimSpace(body)) > 1 { // more than "}"
		b.WriteByte(',')
	}
	b.Write(body)
	return b.Bytes()
}
