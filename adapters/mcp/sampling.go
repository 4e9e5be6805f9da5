package mcp

//lint:file-ignore SA1019 sampling is deprecated as of protocol 2026-07-28 (SEP-2577) but still served on earlier protocol versions, which is what Sampling is for.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// Sampling is a runtime.Model over the client's model, for a server that
// asks it with sampling/createMessage, tools included.
//
// Sampling is deprecated as of MCP protocol version 2026-07-28 (SEP-2577:
// servers are to call a provider's API directly, through one of the other
// adapters); the SDK refuses it on sessions that negotiated that version
// or later, with an error that says so. It works on sessions of earlier
// versions, during the deprecation window.
//
// MCP has no native structured output, so an output goes into the system
// prompt (OutputAuto, OutputPrompt) or as a tool the model
// is required to call (OutputTool). Tool-use inputs come back through the
// SDK as maps, so integers beyond 2^53 in them are already rounded.
type Sampling struct {
	Session *mcp.ServerSession
	// MaxTokens bounds the reply; 0 means adapter.DefaultMaxTokens
	// (sampling/createMessage requires a limit).
	MaxTokens int64
	// Preferences, when set, go with every request.
	Preferences *mcp.ModelPreferences
}

// Generate sends req as one sampling request.
func (s Sampling) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if s.Session == nil {
		return runtime.Reply{}, errors.New("mcp: Sampling.Session is nil")
	}
	p := &mcp.CreateMessageWithToolsParams{MaxTokens: s.MaxTokens, ModelPreferences: s.Preferences}
	if p.MaxTokens == 0 {
		p.MaxTokens = adapter.DefaultMaxTokens
	}
	o := req.Output
	mode, msgs, err := req.Prepare(nil) // MCP has no native structured output
	if err != nil {
		return runtime.Reply{}, fmt.Errorf("mcp: %w", err)
	}
	for _, t := range req.Tools {
		tool, err := mcpTool(t)
		if err != nil {
			return runtime.Reply{}, err
		}
		p.Tools = append(p.Tools, tool)
	}
	if mode == runtime.OutputTool {
		tool, err := mcpTool(runtime.Tool{Name: o.ToolName, Parameters: o.ToolParameters})
		if err != nil {
			return runtime.Reply{}, err
		}
		p.Tools = append(p.Tools, tool)
		p.ToolChoice = &mcp.ToolChoice{Mode: "required"}
	}
	c, err := adapter.Turns(provider, msgs)
	if err != nil {
		return runtime.Reply{}, err
	}
	for _, t := range c.Turns {
		m := &mcp.SamplingMessageV2{Role: "user"}
		if t.Assistant {
			m.Role = "assistant"
		}
		for _, part := range t.Parts {
			switch {
			case part.Call != nil:
				m.Content = append(m.Content, &mcp.ToolUseContent{ID: part.Call.ID, Name: part.Call.Name, Input: toolInput(part.Call.Arguments)})
			case part.Result != nil:
				res := &mcp.ToolResultContent{ToolUseID: part.Result.CallID, IsError: part.Result.IsError, Content: []mcp.Content{&mcp.TextContent{Text: part.Text}}}
				if len(part.Result.Structured) > 0 {
					res.StructuredContent = part.Result.Structured
				}
				m.Content = append(m.Content, res)
			default:
				m.Content = append(m.Content, &mcp.TextContent{Text: part.Text})
			}
		}
		p.Messages = append(p.Messages, m)
	}
	p.SystemPrompt = strings.Join(c.System, "\n\n")
	res, err := s.Session.CreateMessageWithTools(ctx, p)
	if err != nil {
		return runtime.Reply{}, err
	}
	r := runtime.Reply{FinishReason: res.StopReason, Truncated: res.StopReason == "maxTokens"}
	var text strings.Builder
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			text.WriteString(c.Text)
		case *mcp.ToolUseContent:
			args, err := json.Marshal(c.Input)
			if err != nil {
				return runtime.Reply{}, adapter.Errorf(provider, "tool use %s: %w", c.Name, err)
			}
			r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: c.ID, Name: c.Name, Arguments: args})
		}
	}
	r.Text = text.String()
	return r, nil
}

// toolInput is a call's arguments, a JSON object (adapter.ObjectArgs), as
// the SDK's tool_use input: decoded with json.Number, so every number is
// sent as written.
func toolInput(args json.RawMessage) map[string]any {
	var input map[string]any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil || input == nil {
		return map[string]any{"arguments": string(args)}
	}
	return input
}

// provider starts every error of this package.
const provider = "mcp"
