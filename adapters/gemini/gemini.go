// Package gemini connects structgen's runtime to Google's Gen AI Go SDK
// (google.golang.org/genai).
//
// Model is a [runtime.Model] over GenerateContent. A tool's Gemini dialect
// is its FunctionDeclaration with ParametersJsonSchema, an output's the
// ResponseJsonSchema of the GenerateContentConfig. The SDK would send
// them rounded: it turns every request into map[string]any, numbers into
// float64. So the genai client must send through this package's
// Transport (NewClient arranges it), which puts each schema's raw bytes
// into the body on the wire; it also keeps the raw response, so that
// function-call arguments are read as the model wrote them rather than
// from the SDK's Args map (where integers beyond 2^53 are already
// rounded).
//
// The package is a module of its own so that structgen's core module does
// not depend on the SDK.
package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/genai"

	"github.com/structgen/structgen/runtime"
)

// NewClient returns a genai client made from cfg whose HTTP client sends
// through Transport.
func NewClient(ctx context.Context, cfg *genai.ClientConfig) (*genai.Client, error) {
	var c genai.ClientConfig
	if cfg != nil {
		c = *cfg
	}
	c.HTTPClient = HTTPClient(c.HTTPClient)
	return genai.NewClient(ctx, &c)
}

// Model is a runtime.Model over GenerateContent.
type Model struct {
	// Client must send through Transport: make it with NewClient.
	Client *genai.Client
	// Model names the model, e.g. "gemini-2.5-flash".
	Model string
	// Config is the base of every request (temperature, token limit, …);
	// Generate sets its system instruction, tools, tool config and
	// response schema.
	Config genai.GenerateContentConfig
}

// Generate sends req as one GenerateContent call.
func (m Model) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if m.Client == nil {
		return runtime.Reply{}, errors.New("gemini: Model.Client is nil")
	}
	if t, ok := m.Client.ClientConfig().HTTPClient.Transport.(*Transport); !ok || t == nil {
		return runtime.Reply{}, errNoTransport
	}
	ctx, ex := withExchange(ctx)
	contents, cfg, err := request(ex, m.Config, req)
	if err != nil {
		return runtime.Reply{}, err
	}
	resp, err := m.Client.Models.GenerateContent(ctx, m.Model, contents, cfg)
	if err != nil {
		return runtime.Reply{}, err
	}
	if err := ex.check(); err != nil {
		return runtime.Reply{}, err
	}
	return reply(resp, ex.response)
}

// request turns req into contents and a config, starting from base; raw
// JSON goes through ex's placeholders.
func request(ex *exchange, base genai.GenerateContentConfig, req runtime.Request) ([]*genai.Content, *genai.GenerateContentConfig, error) {
	cfg := base
	o := req.Output
	mode, msgs, err := req.Prepare(func(o *runtime.OutputSpec) json.RawMessage { return o.Gemini })
	if err != nil {
		return nil, nil, fmt.Errorf("gemini: %w", err)
	}
	system, contents, err := conversation(ex, msgs)
	if err != nil {
		return nil, nil, err
	}
	if system != nil {
		cfg.SystemInstruction = system
	}
	var decls []*genai.FunctionDeclaration
	for _, t := range req.Tools {
		d, err := declaration(ex, t)
		if err != nil {
			return nil, nil, err
		}
		decls = append(decls, d)
	}
	switch mode {
	case runtime.OutputNative:
		var d struct {
			MIME   string          `json:"responseMimeType"`
			Schema json.RawMessage `json:"responseJsonSchema"`
		}
		if err := json.Unmarshal(o.Gemini, &d); err != nil || !isObject(d.Schema) {
			return nil, nil, fmt.Errorf("gemini: output %q: its Gemini dialect is not {\"responseMimeType\", \"responseJsonSchema\": {…}}", o.Name)
		}
		cfg.ResponseMIMEType = d.MIME
		cfg.ResponseJsonSchema = ex.hold(d.Schema)
	case runtime.OutputTool:
		if !isObject(o.ToolParameters) {
			return nil, nil, fmt.Errorf("gemini: output %q: its tool parameters are not a JSON object", o.Name)
		}
		decls = append(decls, &genai.FunctionDeclaration{Name: o.ToolName, ParametersJsonSchema: ex.hold(o.ToolParameters)})
		cfg.ToolConfig = &genai.ToolConfig{FunctionCallingConfig: &genai.FunctionCallingConfig{
			Mode: genai.FunctionCallingConfigModeAny, AllowedFunctionNames: []string{o.ToolName}}}
	}
	if decls != nil {
		cfg.Tools = append(append([]*genai.Tool(nil), base.Tools...), &genai.Tool{FunctionDeclarations: decls})
	}
	return contents, &cfg, nil
}

// declaration returns t's FunctionDeclaration: its Gemini dialect, the
// schema sent raw.
func declaration(ex *exchange, t runtime.Tool) (*genai.FunctionDeclaration, error) {
	d := struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parametersJsonSchema"`
	}{t.Name, t.Description, t.Parameters}
	if raw := t.Gemini(); len(raw) > 0 {
		if err := json.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("gemini: tool %q: its Gemini dialect is not a function declaration: %v", t.Name, err)
		}
	}
	if !isObject(d.Parameters) {
		return nil, fmt.Errorf("gemini: tool %q: parameters are not a JSON object", t.Name)
	}
	return &genai.FunctionDeclaration{Name: d.Name, Description: d.Description, ParametersJsonSchema: ex.hold(d.Parameters)}, nil
}

// conversation turns messages into the system instruction and contents:
// an assistant's tool calls become functionCall parts of a "model"
// content, tool results functionResponse parts ({"output": …} or, for an
// error, {"error": …}) of one "user" content per turn.
func conversation(ex *exchange, msgs []runtime.Message) (*genai.Content, []*genai.Content, error) {
	var system *genai.Content
	var out []*genai.Content
	userOpen := false
	addUser := func(p *genai.Part) {
		if userOpen {
			c := out[len(out)-1]
			c.Parts = append(c.Parts, p)
			return
		}
		out = append(out, &genai.Content{Role: genai.RoleUser, Parts: []*genai.Part{p}})
		userOpen = true
	}
	for i, m := range msgs {
		switch m.Role {
		case "system", "developer":
			if system == nil {
				system = &genai.Content{}
			}
			system.Parts = append(system.Parts, &genai.Part{Text: m.Content})
		case "user":
			addUser(&genai.Part{Text: m.Content})
		case "assistant":
			c := &genai.Content{Role: genai.RoleModel}
			if m.Content != "" || len(m.ToolCalls) == 0 {
				c.Parts = append(c.Parts, &genai.Part{Text: m.Content})
			}
			for _, call := range m.ToolCalls {
				args := map[string]any{}
				if isObject(call.Arguments) {
					args = map[string]any{placeholderArgs: ex.hold(call.Arguments)}
				} else {
					args["arguments"] = string(call.Arguments) // not an object: the text as written
				}
				c.Parts = append(c.Parts, &genai.Part{FunctionCall: &genai.FunctionCall{ID: call.ID, Name: call.Name, Args: args}})
			}
			out = append(out, c)
			userOpen = false
		case "tool":
			r := m.ToolResult
			if r == nil {
				return nil, nil, fmt.Errorf("gemini: message %d: a tool message needs its ToolResult (the call's ID)", i)
			}
			key := "output"
			if r.IsError {
				key = "error"
			}
			var value any = m.ResultText()
			if len(r.Structured) > 0 && !r.IsError {
				value = ex.hold(r.Structured) // sent raw, not as text
			}
			addUser(&genai.Part{FunctionResponse: &genai.FunctionResponse{ID: r.CallID, Name: r.Name, Response: map[string]any{key: value}}})
		default:
			return nil, nil, fmt.Errorf("gemini: message %d: unknown role %q", i, m.Role)
		}
	}
	return system, out, nil
}

// placeholderArgs is the one key of a functionCall's args that stand for
// the whole object: the transport replaces {placeholderArgs: placeholder}
// with the raw arguments.
const placeholderArgs = "structgen:args"

// reply reads the first candidate: its text, function calls (arguments
// from the raw response when the transport kept it), finish reason and
// usage.
func reply(resp *genai.GenerateContentResponse, raw []byte) (runtime.Reply, error) {
	if resp == nil || len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return runtime.Reply{}, errors.New("gemini: the response has no candidates")
	}
	c := resp.Candidates[0]
	r := runtime.Reply{FinishReason: string(c.FinishReason)}
	if u := resp.UsageMetadata; u != nil {
		r.Usage = runtime.Usage{InputTokens: int64(u.PromptTokenCount), OutputTokens: int64(u.CandidatesTokenCount) + int64(u.ThoughtsTokenCount)}
	}
	rawArgs := argsFromRaw(raw)
	var text strings.Builder
	n := 0
	if c.Content != nil {
		for _, p := range c.Content.Parts {
			switch {
			case p.FunctionCall != nil:
				args := rawArgs[n]
				if args == nil {
					args, _ = json.Marshal(p.FunctionCall.Args)
				}
				n++
				r.ToolCalls = append(r.ToolCalls, runtime.ToolCall{ID: p.FunctionCall.ID, Name: p.FunctionCall.Name, Arguments: args})
			case p.Text != "" && !p.Thought:
				text.WriteString(p.Text)
			}
		}
	}
	r.Text = text.String()
	if r.Text == "" && len(r.ToolCalls) == 0 && (c.FinishReason == genai.FinishReasonSafety || c.FinishReason == genai.FinishReasonProhibitedContent) {
		return runtime.Reply{}, &BlockedError{Reason: string(c.FinishReason), Message: c.FinishMessage}
	}
	return r, nil
}

// argsFromRaw returns the args of the first candidate's function calls, in
// order, with their bytes as the response had them.
func argsFromRaw(raw []byte) map[int]json.RawMessage {
	var resp struct {
		Candidates []struct {
			Content struct {
				Parts []struct {
					FunctionCall *struct {
						Args json.RawMessage `json:"args"`
					} `json:"functionCall"`
				} `json:"parts"`
			} `json:"content"`
		} `json:"candidates"`
	}
	out := map[int]json.RawMessage{}
	if len(raw) == 0 || json.Unmarshal(raw, &resp) != nil || len(resp.Candidates) == 0 {
		return out
	}
	n := 0
	for _, p := range resp.Candidates[0].Content.Parts {
		if p.FunctionCall != nil {
			args := p.FunctionCall.Args
			if len(args) == 0 {
				args = json.RawMessage(`{}`)
			}
			out[n] = args
			n++
		}
	}
	return out
}

// BlockedError is a reply the provider blocked (finish reason SAFETY or
// PROHIBITED_CONTENT).
type BlockedError struct {
	Reason, Message string
}

func (e *BlockedError) Error() string {
	if e.Message != "" {
		return "gemini: the reply was blocked (" + e.Reason + "): " + e.Message
	}
	return "gemini: the reply was blocked (" + e.Reason + ")"
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 1 && raw[0] == '{' && json.Valid(raw)
}
