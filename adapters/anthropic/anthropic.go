// Package anthropic connects structgen's runtime to the Anthropic Go SDK
// (github.com/anthropics/anthropic-sdk-go/v2).
//
// Messages is a [runtime.Model] over the Messages API. A tool's Anthropic
// dialect goes out as the tool and an output's as output_config.format,
// byte for byte, through the SDK's param.Override: copying only a schema's
// properties and required into ToolInputSchemaParam would drop
// additionalProperties, and the SDK's own decoding rounds numbers through
// float64. tool_use blocks' input comes back as raw JSON for the generated
// ParseToolCall.
//
// The package is a module of its own so that structgen's core module does
// not depend on the SDK.
package anthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/structgen/structgen/runtime"
)

// DefaultMaxTokens is the token limit of a request whose Params set none;
// the Messages API requires one.
const DefaultMaxTokens = 4096

// Messages is a runtime.Model over the Messages API.
type Messages struct {
	Client *ant.Client
	// Model names the model, e.g. "claude-sonnet-4-5".
	Model string
	// Params is the base of every request (token limit, temperature, …);
	// Generate sets its model, system prompt, messages, tools, tool choice
	// and output format.
	Params ant.MessageNewParams
	// Options are passed to every call.
	Options []option.RequestOption
}

// Generate sends req as one message.
func (m Messages) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if m.Client == nil {
		return runtime.Reply{}, errors.New("anthropic: Messages.Client is nil")
	}
	p, err := Params(m.Params, m.Model, req)
	if err != nil {
		return runtime.Reply{}, err
	}
	msg, err := m.Client.Messages.New(ctx, p, m.Options...)
	if err != nil {
		return runtime.Reply{}, err
	}
	return Reply(msg)
}

// Params turns req into the parameters of a message, starting from base.
func Params(base ant.MessageNewParams, model string, req runtime.Request) (ant.MessageNewParams, error) {
	p := base
	if model != "" {
		p.Model = ant.Model(model)
	}
	if p.MaxTokens == 0 {
		p.MaxTokens = DefaultMaxTokens
	}
	o := req.Output
	mode, msgs, err := req.Prepare(func(o *runtime.OutputSpec) json.RawMessage { return o.Anthropic })
	if err != nil {
		return p, fmt.Errorf("anthropic: %w", err)
	}
	if p.System, p.Messages, err = Conversation(msgs); err != nil {
		return p, err
	}
	p.Tools = nil
	for _, t := range req.Tools {
		tool, err := Tool(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
	}
	switch mode {
	case runtime.OutputNative:
		if !isObject(o.Anthropic) {
			return p, fmt.Errorf("anthropic: output %q: its Anthropic dialect is not a JSON object", o.Name)
		}
		p.OutputConfig.Format = param.Override[ant.JSONOutputFormatParam](o.Anthropic)
	case runtime.OutputTool:
		if !isObject(o.ToolParameters) {
			return p, fmt.Errorf("anthropic: output %q: its tool parameters are not a JSON object", o.Name)
		}
		raw, _ := json.Marshal(struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"input_schema"`
		}{o.ToolName, o.ToolParameters})
		tool := param.Override[ant.ToolParam](json.RawMessage(raw))
		p.Tools = append(p.Tools, ant.ToolUnionParam{OfTool: &tool})
		p.ToolChoice = ant.ToolChoiceUnionParam{OfTool: &ant.ToolChoiceToolParam{Name: o.ToolName}}
	}
	return p, nil
}

// Tool returns t as an Anthropic tool: its Anthropic dialect, byte for
// byte, or, without one, its name, description and canonical parameters.
func Tool(t runtime.Tool) (ant.ToolUnionParam, error) {
	raw := t.Anthropic()
	if len(raw) == 0 {
		if !isObject(t.Parameters) {
			return ant.ToolUnionParam{}, fmt.Errorf("anthropic: tool %q: parameters are not a JSON object", t.Name)
		}
		raw, _ = json.Marshal(struct {
			Name        string          `json:"name"`
			Description string          `json:"description,omitempty"`
			InputSchema json.RawMessage `json:"input_schema"`
		}{t.Name, t.Description, t.Parameters})
	} else if !isObject(raw) {
		return ant.ToolUnionParam{}, fmt.Errorf("anthropic: tool %q: its Anthropic dialect is not a JSON object", t.Name)
	}
	tool := param.Override[ant.ToolParam](raw)
	return ant.ToolUnionParam{OfTool: &tool}, nil
}

// Conversation turns messages into the system prompt and the message
// list. System messages join the system prompt; an assistant's tool calls
// become tool_use blocks; tool results become tool_result blocks, those of
// one turn (and a user message right after them) in one user message, as
// the API expects.
func Conversation(msgs []runtime.Message) ([]ant.TextBlockParam, []ant.MessageParam, error) {
	var system []ant.TextBlockParam
	var out []ant.MessageParam
	// userOpen says the last message is a user message that a tool result
	// or user text may join.
	userOpen := false
	addUser := func(b ant.ContentBlockParamUnion) {
		if userOpen {
			u := out[len(out)-1].OfUser
			u.Content = append(u.Content, b)
			return
		}
		out = append(out, ant.NewUserMessage(b))
		userOpen = true
	}
	for i, m := range msgs {
		switch m.Role {
		case "system", "developer":
			system = append(system, ant.TextBlockParam{Text: m.Content})
		case "user":
			addUser(ant.NewTextBlock(m.Content))
		case "assistant":
			var blocks []ant.ContentBlockParamUnion
			if m.Content != "" {
				blocks = append(blocks, ant.NewTextBlock(m.Content))
			}
			for _, c := range m.ToolCalls {
				blocks = append(blocks, ant.NewToolUseBlock(c.ID, toolInput(c.Arguments), c.Name))
			}
			if len(blocks) == 0 {
				blocks = append(blocks, ant.NewTextBlock(""))
			}
			out = append(out, ant.NewAssistantMessage(blocks...))
			userOpen = false
		case "tool":
			r := m.ToolResult
			if r == nil {
				return nil, nil, fmt.Errorf("anthropic: message %d: a tool message needs its ToolResult (the call's ID)", i)
			}
			addUser(ant.NewToolResultBlock(r.CallID, m.ResultText(), r.IsError))
		default:
			return nil, nil, fmt.Errorf("anthropic: message %d: unknown role %q", i, m.Role)
		}
	}
	return system, out, nil
}

// toolInput is a call's arguments as a tool_use block's input, which must
// be a JSON object: its bytes when they are one; else (arguments another
// provider's model wrote, malformed or not an object) the text as written,
// under "arguments", so that the model still sees what it sent.
func toolInput(args json.RawMessage) json.RawMessage {
	if isObject(args) {
		return args
	}
	raw, _ := json.Marshal(map[string]string{"arguments": string(args)})
	return raw
}

// Reply reads a message: its text, its tool_use blocks (input as raw
// JSON), stop reason and usage. A refusal is an error.
func Reply(msg *ant.Message) (runtime.Reply, error) {
	if msg == nil {
		return runtime.Reply{}, errors.New("anthropic: no message")
	}
	r := runtime.Reply{
		FinishReason: string(msg.StopReason),
		Usage:        runtime.Usage{InputTokens: msg.Usage.InputTokens, OutputTokens: msg.Usage.OutputTokens},
	}
	var text strings.Builder
	for _, b := range msg.Content {
		switch b.Type {
		case "text":
			text.WriteString(b.Text)
		case "tool_use":
			r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: b.ID, Name: b.Name, Arguments: append(json.RawMessage(nil), b.Input...)})
		}
	}
	r.Text = text.String()
	if msg.StopReason == ant.StopReasonRefusal && r.Text == "" && len(r.ToolCalls) == 0 {
		return runtime.Reply{}, &RefusalError{}
	}
	return r, nil
}

// RefusalError is a model's refusal to answer (stop reason "refusal").
type RefusalError struct{}

func (*RefusalError) Error() string { return "anthropic: the model refused to answer" }

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 1 && raw[0] == '{' && json.Valid(raw)
}
