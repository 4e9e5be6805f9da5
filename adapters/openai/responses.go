package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// Responses is a runtime.Model over the Responses API. It sends the whole
// conversation each turn (no previous_response_id), so that a run resumed
// from its events needs no server state.
type Responses struct {
	Client *oai.Client
	// Model names the model, e.g. "gpt-4.1".
	Model string
	// Params is the base of every request; Generate sets its model, input,
	// tools, tool choice and text format.
	Params responses.ResponseNewParams
	// Options are passed to every call.
	Options []option.RequestOption
}

// Generate sends req as one response.
func (r Responses) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if r.Client == nil {
		return runtime.Reply{}, errors.New("openai: Responses.Client is nil")
	}
	p, err := responsesParams(r.Params, r.Model, req)
	if err != nil {
		return runtime.Reply{}, err
	}
	resp, err := r.Client.Responses.New(ctx, p, r.Options...)
	if err != nil {
		return runtime.Reply{}, err
	}
	return responsesReply(resp)
}

// responsesParams turns req into the parameters of a response, starting
// from base.
func responsesParams(base responses.ResponseNewParams, model string, req runtime.Request) (responses.ResponseNewParams, error) {
	p := base
	if model != "" {
		p.Model = model
	}
	mode, msgs, err := req.Prepare(openAIDialect)
	if err != nil {
		return p, fmt.Errorf("openai: %w", err)
	}
	items, err := responsesInput(msgs)
	if err != nil {
		return p, err
	}
	p.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: items}
	p.Tools = nil
	for _, t := range req.Tools {
		tool, err := responsesTool(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
	}
	switch o := req.Output; mode {
	case runtime.OutputNative:
		js, err := jsonSchemaFormat(o)
		if err != nil {
			return p, err
		}
		f := param.Override[responses.ResponseFormatTextJSONSchemaConfigParam](flatten("json_schema", js))
		p.Text.Format = responses.ResponseFormatTextConfigUnionParam{OfJSONSchema: &f}
	case runtime.OutputTool:
		fn, err := plainFunction(o.ToolName, "", o.ToolParameters)
		if err != nil {
			return p, err
		}
		f := param.Override[responses.FunctionToolParam](flatten("function", fn))
		p.Tools = append(p.Tools, responses.ToolUnionParam{OfFunction: &f})
		p.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfFunctionTool: &responses.ToolChoiceFunctionParam{Name: o.ToolName}}
	}
	return p, nil
}

// responsesTool returns t as a Responses function tool: t's OpenAI dialect
// with the function definition's members at the top level, their bytes
// kept.
func responsesTool(t runtime.Tool) (responses.ToolUnionParam, error) {
	fn, err := functionDef(t)
	if err != nil {
		return responses.ToolUnionParam{}, err
	}
	f := param.Override[responses.FunctionToolParam](flatten("function", fn))
	return responses.ToolUnionParam{OfFunction: &f}, nil
}

// responsesInput turns a conversation into input items: messages, an
// assistant's tool calls as function_call items, tool results as
// function_call_output items.
func responsesInput(msgs []runtime.Message) (responses.ResponseInputParam, error) {
	var items responses.ResponseInputParam
	for i, m := range msgs {
		if err := adapter.CheckMessage(provider, i, m); err != nil {
			return nil, err
		}
		switch m.Role {
		case "system", "developer", "user":
			items = append(items, responses.ResponseInputItemParamOfMessage(m.Content, responses.EasyInputMessageRole(m.Role)))
		case "assistant":
			if m.Content != "" || len(m.ToolCalls) == 0 {
				items = append(items, responses.ResponseInputItemParamOfMessage(m.Content, responses.EasyInputMessageRoleAssistant))
			}
			for _, c := range m.ToolCalls {
				items = append(items, responses.ResponseInputItemParamOfFunctionCall(string(c.Arguments), c.ID, c.Name))
			}
		case "tool":
			out := responses.ResponseInputItemParamOfFunctionCallOutput(m.ResultText())
			out.OfFunctionCallOutput.CallID = param.NewOpt(m.ToolResult.CallID)
			items = append(items, out)
		}
	}
	return items, nil
}

// responsesReply reads a response: the text of its messages, its function
// calls (arguments as the model wrote them), why it stopped and its usage.
// A response cut by the token limit has FinishReason "length"; a refusal
// is an *adapter.RefusalError.
func responsesReply(resp *responses.Response) (runtime.Reply, error) {
	if resp == nil {
		return runtime.Reply{}, errors.New("openai: no response")
	}
	// The raw output, read with plain types: the SDK's unions are wider than
	// what structgen needs, and the arguments must stay as written.
	var raw struct {
		Output []struct {
			Type      string `json:"type"`
			CallID    string `json:"call_id"`
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
			Content   []struct {
				Type    string `json:"type"`
				Text    string `json:"text"`
				Refusal string `json:"refusal"`
			} `json:"content"`
		} `json:"output"`
	}
	if err := json.Unmarshal([]byte(resp.RawJSON()), &raw); err != nil {
		return runtime.Reply{}, fmt.Errorf("openai: reading the response: %w", err)
	}
	r := runtime.Reply{
		FinishReason: string(resp.Status),
		Usage:        runtime.Usage{InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens},
	}
	if resp.Status == "incomplete" && resp.IncompleteDetails.Reason == "max_output_tokens" {
		r.FinishReason = "length"
		r.Truncated = true
	}
	var text, refusal strings.Builder
	for _, item := range raw.Output {
		switch item.Type {
		case "message":
			for _, c := range item.Content {
				text.WriteString(c.Text)
				refusal.WriteString(c.Refusal)
			}
		case "function_call":
			r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: item.CallID, Name: item.Name, Arguments: json.RawMessage(item.Arguments)})
		}
	}
	r.Text = text.String()
	if r.Text == "" && len(r.ToolCalls) == 0 && refusal.Len() > 0 {
		return runtime.Reply{}, &adapter.RefusalError{Provider: provider, Reason: string(resp.Status), Message: refusal.String()}
	}
	return r, nil
}
