package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/shared"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// Chat is a runtime.Model over the Chat Completions API.
type Chat struct {
	Client *oai.Client
	// Model names the model, e.g. "gpt-4.1".
	Model string
	// Params is the base of every request (temperature, token limit, …);
	// Generate sets its model, messages, tools, tool choice and response
	// format.
	Params oai.ChatCompletionNewParams
	// Options are passed to every call.
	Options []option.RequestOption
}

// Generate sends req as one chat completion.
func (c Chat) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if c.Client == nil {
		return runtime.Reply{}, errors.New("openai: Chat.Client is nil")
	}
	p, err := chatParams(c.Params, c.Model, req)
	if err != nil {
		return runtime.Reply{}, err
	}
	comp, err := c.Client.Chat.Completions.New(ctx, p, c.Options...)
	if err != nil {
		return runtime.Reply{}, err
	}
	return chatReply(comp)
}

// chatParams turns req into the parameters of a chat completion, starting
// from base.
func chatParams(base oai.ChatCompletionNewParams, model string, req runtime.Request) (oai.ChatCompletionNewParams, error) {
	p := base
	if model != "" {
		p.Model = model
	}
	mode, msgs, err := req.Prepare(openAIDialect)
	if err != nil {
		return p, fmt.Errorf("openai: %w", err)
	}
	if p.Messages, err = chatMessages(msgs); err != nil {
		return p, err
	}
	p.Tools = nil
	for _, t := range req.Tools {
		tool, err := chatTool(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
	}
	switch o := req.Output; mode {
	case runtime.OutputNative:
		if _, err := jsonSchemaFormat(o); err != nil {
			return p, err
		}
		rf := param.Override[shared.ResponseFormatJSONSchemaParam](o.OpenAI)
		p.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &rf}
	case runtime.OutputTool:
		fn, err := plainFunction(o.ToolName, "", o.ToolParameters)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, oai.ChatCompletionToolUnionParam{OfFunction: &oai.ChatCompletionFunctionToolParam{
			Function: param.Override[shared.FunctionDefinitionParam](fn),
		}})
		p.ToolChoice = oai.ChatCompletionToolChoiceOptionUnionParam{OfFunctionToolChoice: &oai.ChatCompletionNamedToolChoiceParam{
			Function: oai.ChatCompletionNamedToolChoiceFunctionParam{Name: o.ToolName},
		}}
	}
	return p, nil
}

// chatTool returns t as a Chat Completions function tool: t's OpenAI
// dialect, byte for byte (strict where the dialect is).
func chatTool(t runtime.Tool) (oai.ChatCompletionToolUnionParam, error) {
	fn, err := functionDef(t)
	if err != nil {
		return oai.ChatCompletionToolUnionParam{}, err
	}
	raw := t.OpenAI()
	if len(raw) == 0 {
		raw, _ = json.Marshal(struct {
			Type     string          `json:"type"`
			Function json.RawMessage `json:"function"`
		}{"function", fn})
	}
	tool := param.Override[oai.ChatCompletionFunctionToolParam](raw)
	return oai.ChatCompletionToolUnionParam{OfFunction: &tool}, nil
}

// chatMessages turns a conversation into chat messages: an assistant's
// tool calls become its tool_calls, a tool result a "tool" message.
func chatMessages(msgs []runtime.Message) ([]oai.ChatCompletionMessageParamUnion, error) {
	out := make([]oai.ChatCompletionMessageParamUnion, 0, len(msgs))
	for i, m := range msgs {
		if err := adapter.CheckMessage(provider, i, m); err != nil {
			return nil, err
		}
		switch m.Role {
		case "system":
			out = append(out, oai.SystemMessage(m.Content))
		case "developer":
			out = append(out, oai.DeveloperMessage(m.Content))
		case "user":
			out = append(out, oai.UserMessage(m.Content))
		case "assistant":
			var a oai.ChatCompletionAssistantMessageParam
			if m.Content != "" || len(m.ToolCalls) == 0 {
				a.Content.OfString = param.NewOpt(m.Content)
			}
			for _, c := range m.ToolCalls {
				a.ToolCalls = append(a.ToolCalls, oai.ChatCompletionMessageToolCallUnionParam{OfFunction: &oai.ChatCompletionMessageFunctionToolCallParam{
					ID:       c.ID,
					Function: oai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: string(c.Arguments)},
				}})
			}
			out = append(out, oai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		case "tool":
			out = append(out, oai.ToolMessage(m.ResultText(), m.ToolResult.CallID))
		}
	}
	return out, nil
}

// chatReply reads a completion's first choice: its text, its function
// calls (arguments as the model wrote them), finish reason and usage. A
// refusal is an *adapter.RefusalError.
func chatReply(comp *oai.ChatCompletion) (runtime.Reply, error) {
	if comp == nil || len(comp.Choices) == 0 {
		return runtime.Reply{}, errors.New("openai: the completion has no choices")
	}
	ch := comp.Choices[0]
	if ch.Message.Refusal != "" && ch.Message.Content == "" && len(ch.Message.ToolCalls) == 0 {
		return runtime.Reply{}, &adapter.RefusalError{Provider: provider, Reason: ch.FinishReason, Message: ch.Message.Refusal}
	}
	r := runtime.Reply{
		Text:         ch.Message.Content,
		FinishReason: ch.FinishReason,
		Truncated:    ch.FinishReason == "length",
		Usage:        runtime.Usage{InputTokens: comp.Usage.PromptTokens, OutputTokens: comp.Usage.CompletionTokens},
	}
	for _, c := range ch.Message.ToolCalls {
		if c.Type != "function" {
			continue // custom tools are not structgen's
		}
		r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: json.RawMessage(c.Function.Arguments)})
	}
	return r, nil
}

// provider starts every error of this package.
const provider = "openai"

// openAIDialect picks the OpenAI dialect of an output, for
// runtime.Request.Prepare.
func openAIDialect(o *runtime.OutputSpec) json.RawMessage { return o.OpenAI }
