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
)

// DefaultMaxTokens is the token limit of a sampling request whose
// Sampling sets none; sampling/createMessage requires one.
const DefaultMaxTokens = 4096

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
	// MaxTokens bounds the reply; 0 means DefaultMaxTokens.
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
		p.MaxTokens = DefaultMaxTokens
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
	var system []string
	for i, m := range msgs {
		switch m.Role {
		case "system", "developer":
			system = append(system, m.Content)
		case "user":
			p.Messages = appendContent(p.Messages, "user", &mcp.TextContent{Text: m.Content})
		case "assistant":
			var cs []mcp.Content
			if m.Content != "" || len(m.ToolCalls) == 0 {
				cs = append(cs, &mcp.TextContent{Text: m.Content})
			}
			for _, c := range m.ToolCalls {
				cs = append(cs, &mcp.ToolUseContent{ID: c.ID, Name: c.Name, Input: toolInput(c.Arguments)})
			}
			p.Messages = append(p.Messages, &mcp.SamplingMessageV2{Role: "assistant", Content: cs})
		case "tool":
			r := m.ToolResult
			if r == nil {
				return runtime.Reply{}, fmt.Errorf("mcp: message %d: a tool message needs its ToolResult (the call's ID)", i)
			}
			res := &mcp.ToolResultContent{ToolUseID: r.CallID, IsError: r.IsError, Content: []mcp.Content{&mcp.TextContent{Text: m.ResultText()}}}
			if len(r.Structured) > 0 {
				res.StructuredContent = r.Structured
			}
			p.Messages = appendContent(p.Messages, "user", res)
		default:
			return runtime.Reply{}, fmt.Errorf("mcp: message %d: unknown role %q", i, m.Role)
		}
	}
	p.SystemPrompt = strings.Join(system, "\n\n")
	res, err := s.Session.CreateMessageWithTools(ctx, p)
	if err != nil {
		return runtime.Reply{}, err
	}
	r := runtime.Reply{FinishReason: res.StopReason}
	if res.StopReason == "maxTokens" {
		r.FinishReason = "max_tokens" // what runtime reads as cut by the token limit
	}
	var text strings.Builder
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			text.WriteString(c.Text)
		case *mcp.ToolUseContent:
			args, err := json.Marshal(c.Input)
			if err != nil {
				return runtime.Reply{}, fmt.Errorf("mcp: tool use %s: %w", c.Name, err)
			}
			r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: c.ID, Name: c.Name, Arguments: args})
		}
	}
	r.Text = text.String()
	return r, nil
}

// toolInput is a call's arguments as a tool_use input, which must be an
// object: decoded with json.Number, so every number is sent as written;
// arguments that are not an object (malformed, or from another provider's
// model) go as their text under "arguments".
func toolInput(args json.RawMessage) map[string]any {
	var input map[string]any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil || input == nil || dec.More() {
		return map[string]any{"arguments": string(args)}
	}
	return input
}

// appendContent adds c to the last message when it has role, else a new
// message: one turn's tool results travel together.
func appendContent(msgs []*mcp.SamplingMessageV2, role mcp.Role, c mcp.Content) []*mcp.SamplingMessageV2 {
	if n := len(msgs); n > 0 && msgs[n-1].Role == role {
		msgs[n-1].Content = append(msgs[n-1].Content, c)
		return msgs
	}
	return append(msgs, &mcp.SamplingMessageV2{Role: role, Content: []mcp.Content{c}})
}
