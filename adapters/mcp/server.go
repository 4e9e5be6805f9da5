// Package mcp connects structgen's generated tools to the Model Context
// Protocol Go SDK (github.com/modelcontextprotocol/go-sdk).
//
// AddTool registers a generated tool on an mcp.Server with a typed
// handler: the tool's MCP dialect is sent as it is (inputSchema, and
// outputSchema when the tool has a response), each call's arguments are
// parsed with the generated Parse…Action, and a call that does not parse
// gets an error result naming its problems, so that the model can call
// again. CallTool is the client side: it calls a tool and parses its
// structured result into the generated type.
//
// Sampling is a runtime.Model over the client's model
// (sampling/createMessage), for sessions on protocol versions before
// 2026-07-28, which deprecates sampling (SEP-2577); new servers should call
// a provider's API through one of the other adapters.
//
// The package is a module of its own so that structgen's core module does
// not depend on the SDK.
package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/structgen/structgen/runtime"
)

// toolObject is a tool's MCP dialect, schemas kept as written.
type toolObject struct {
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
}

func mcpTool(t runtime.Tool) (*mcp.Tool, error) {
	o := toolObject{Name: t.Name, Description: t.Description, InputSchema: t.Parameters}
	if raw := t.MCP(); len(raw) > 0 {
		if err := json.Unmarshal(raw, &o); err != nil {
			return nil, fmt.Errorf("mcp: tool %q: its MCP dialect is not a tool object: %v", t.Name, err)
		}
	}
	var in struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(o.InputSchema, &in) != nil || in.Type != "object" {
		return nil, fmt.Errorf(`mcp: tool %q: its input schema is not of type "object", which MCP requires`, t.Name)
	}
	tool := &mcp.Tool{Name: o.Name, Description: o.Description, InputSchema: compact(o.InputSchema)}
	if len(o.OutputSchema) > 0 {
		tool.OutputSchema = compact(o.OutputSchema)
	}
	return tool, nil
}

// AddTool registers tool on s. Each call's arguments are read with parse,
// the generated Parse<Tool>Action: a call that does not parse gets an
// IsError result with the repair prompt naming its problems, and handle
// is not called. handle's error is an IsError result with its text. When
// the tool has a response (an outputSchema), handle's result is the
// structured content, and its JSON the text content; otherwise a string
// result is the text content as it is and any other value its JSON.
func AddTool[A, R any](s *mcp.Server, tool runtime.Tool, parse func([]byte) (A, error), handle func(context.Context, A) (R, error)) error {
	t, err := mcpTool(tool)
	if err != nil {
		return err
	}
	structured := t.OutputSchema != nil
	s.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := json.RawMessage(`{}`)
		if req.Params != nil && len(req.Params.Arguments) > 0 {
			args = req.Params.Arguments
		}
		call := runtime.ToolCall{Name: t.Name, Arguments: args}
		a, err := parse(args)
		if err != nil {
			return errorResult(runtime.ToolErrorMessage(call, err).Content), nil
		}
		r, err := handle(ctx, a)
		if err != nil {
			return errorResult(err.Error()), nil
		}
		if s, ok := any(r).(string); ok && !structured {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}, nil
		}
		data, err := json.Marshal(r)
		if err != nil {
			return errorResult(fmt.Sprintf("tool %s: encoding the result: %v", t.Name, err)), nil
		}
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}
		if structured {
			res.StructuredContent = json.RawMessage(data)
		}
		return res, nil
	})
	return nil
}

func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// ToolError is a tool call's error result.
type ToolError struct {
	Tool    string
	Message string
}

func (e *ToolError) Error() string { return "mcp: tool " + e.Tool + " failed: " + e.Message }

// CallTool calls the named tool with args (any value that encodes to a
// JSON object; json.RawMessage is sent as it is) and reads its result with
// parse, the generated Parse<Response>. The result's JSON is the first text
// content that is a JSON document, which a server sends beside the
// structured content and which, unlike the SDK's decoded
// StructuredContent, keeps integers beyond 2^53; else the structured
// content re-encoded; else an error. An error result is a *ToolError.
func CallTool[R any](ctx context.Context, cs *mcp.ClientSession, name string, args any, parse func([]byte) (R, error)) (R, error) {
	var zero R
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return zero, err
	}
	var texts []string
	var doc []byte
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, t.Text)
			if doc == nil && json.Valid([]byte(t.Text)) {
				doc = []byte(t.Text)
			}
		}
	}
	if res.IsError {
		return zero, &ToolError{Tool: name, Message: strings.Join(texts, "\n")}
	}
	if doc == nil && res.StructuredContent != nil {
		if doc, err = json.Marshal(res.StructuredContent); err != nil {
			return zero, fmt.Errorf("mcp: tool %s: structured content: %w", name, err)
		}
	}
	if doc == nil {
		return zero, fmt.Errorf("mcp: tool %s: the result has no structured content and no JSON text", name)
	}
	return parse(doc)
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
