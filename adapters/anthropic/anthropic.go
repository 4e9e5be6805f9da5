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
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

const provider = "anthropic"

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
	p, err := params(m.Params, m.Model, req)
	if err != nil {
		return runtime.Reply{}, err
	}
	msg, err := m.Client.Messages.New(ctx, p, m.Options...)
	if err != nil {
		return runtime.Reply{}, err
	}
	return reply(msg)
}

// params turns req into the parameters of a message, starting from base.
// A token limit is required: without one in base, it is
// adapter.DefaultMaxTokens.
func params(base ant.MessageNewParams, model string, req runtime.Request) (ant.MessageNewParams, error) {
	p := base
	if model != "" {
		p.Model = ant.Model(model)
	}
	if p.MaxTokens == 0 {
		p.MaxTokens = adapter.DefaultMaxTokens
	}
	o := req.Output
	mode, msgs, err := req.Prepare(func(o *runtime.OutputSpec) json.RawMessage { return o.Anthropic })
	if err != nil {
		return p, fmt.Errorf("anthropic: %w", err)
	}
	if p.System, p.Messages, err = conversation(msgs); err != nil {
		return p, err
	}
	p.Tools = nil
	for _, t := range req.Tools {
		tool, err := toolParam(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
	}
	switch mode {
	case runtime.OutputNative:
		if !adapter.IsObject(o.Anthropic) {
			return p, adapter.NotObject(provider, "output", o.Name, "its Anthropic dialect")
		}
		p.OutputConfig.Format = param.Override[ant.JSONOutputFormatParam](o.Anthropic)
	case runtime.OutputTool:
		if !adapter.IsObject(o.ToolParameters) {
			return p, adapter.NotObject(provider, "output", o.Name, "its tool parameters")
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

// toolParam returns t as an Anthropic tool: its Anthropic dialect, byte
// for byte, or, without one, its name, description and canonical
// parameters.
func toolParam(t runtime.Tool) (ant.ToolUnionParam, error) {
	raw := t.Anthropic()
	if len(raw) == 0 {
		if !adapter.IsObject(t.Parameters) {
			return ant.ToolUnionParam{}, adapter.NotObject(provider, "tool", t.Name, "its parameters")
		}
		raw, _ = json.Marshal(struct {
			Name        string          `json:"name"`
			Description string          `json:"description,omitempty"`
			InputSchema json.RawMessage `json:"input_schema"`
		}{t.Name, t.Description, t.Parameters})
	} else if !adapter.IsObject(raw) {
		return ant.ToolUnionParam{}, adapter.NotObject(provider, "tool", t.Name, "its Anthropic dialect")
	}
	tool := param.Override[ant.ToolParam](raw)
	return ant.ToolUnionParam{OfTool: &tool}, nil
}

// conversation turns messages into the system prompt and the message
// list (adapter.Turns): an assistant's tool calls become tool_use blocks,
// tool results tool_result blocks in the user message of their turn.
func conversation(msgs []runtime.Message) ([]ant.TextBlockParam, []ant.MessageParam, error) {
	c, err := adapter.Turns(provider, msgs)
	if err != nil {
		return nil, nil, err
	}
	var system []ant.TextBlockParam
	for _, text := range c.System {
		system = append(system, ant.TextBlockParam{Text: text})
	}
	out := make([]ant.MessageParam, 0, len(c.Turns))
	for _, t := range c.Turns {
		var blocks []ant.ContentBlockParamUnion
		for _, p := range t.Parts {
			switch {
			case p.Call != nil:
				blocks = append(blocks, ant.NewToolUseBlock(p.Call.ID, p.Call.Arguments, p.Call.Name))
			case p.Result != nil:
				blocks = append(blocks, ant.NewToolResultBlock(p.Result.CallID, p.Text, p.Result.IsError))
			default:
				blocks = append(blocks, ant.NewTextBlock(p.Text))
			}
		}
		if t.Assistant {
			out = append(out, ant.NewAssistantMessage(blocks...))
		} else {
			out = append(out, ant.NewUserMessage(blocks...))
		}
	}
	return system, out, nil
}

// reply reads a message: its text, its tool_use blocks (input as raw
// JSON), stop reason and usage. A refusal is an *adapter.RefusalError.
func reply(msg *ant.Message) (runtime.Reply, error) {
	if msg == nil {
		return runtime.Reply{}, errors.New("anthropic: no message")
	}
	r := runtime.Reply{
		FinishReason: string(msg.StopReason),
		Truncated:    msg.StopReason == ant.StopReasonMaxTokens,
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
		return runtime.Reply{}, &adapter.RefusalError{Provider: provider, Reason: string(msg.StopReason)}
	}
	return r, nil
}
