// Package gemini connects structgen's runtime to Google's Gen AI Go SDK
// (google.golang.org/genai).
//
// Models is a [runtime.Model] over GenerateContent. A tool's Gemini dialect
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
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/genai"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
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

// Models is a runtime.Model over the models' GenerateContent, named, as
// every adapter's model type is, after the provider's API it calls.
type Models struct {
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
func (m Models) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if m.Client == nil {
		return runtime.Reply{}, errors.New("gemini: Models.Client is nil")
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
		if err := json.Unmarshal(o.Gemini, &d); err != nil || !adapter.IsObject(d.Schema) {
			return nil, nil, fmt.Errorf("gemini: output %q: its Gemini dialect is not {\"responseMimeType\", \"responseJsonSchema\": {…}}", o.Name)
		}
		cfg.ResponseMIMEType = d.MIME
		cfg.ResponseJsonSchema = ex.hold(d.Schema)
	case runtime.OutputTool:
		if !adapter.IsObject(o.ToolParameters) {
			return nil, nil, adapter.NotObject(provider, "output", o.Name, "its tool parameters")
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
	if !adapter.IsObject(d.Parameters) {
		return nil, adapter.NotObject(provider, "tool", t.Name, "its parameters")
	}
	return &genai.FunctionDeclaration{Name: d.Name, Description: d.Description, ParametersJsonSchema: ex.hold(d.Parameters)}, nil
}

// conversation turns messages into the system instruction and contents
// (adapter.Turns): an assistant's tool calls become functionCall parts of
// a "model" content, tool results functionResponse parts ({"output": …}
// or, for an error, {"error": …}) of the "user" content of their turn.
func conversation(ex *exchange, msgs []runtime.Message) (*genai.Content, []*genai.Content, error) {
	c, err := adapter.Turns(provider, msgs)
	if err != nil {
		return nil, nil, err
	}
	var system *genai.Content
	for _, text := range c.System {
		if system == nil {
			system = &genai.Content{}
		}
		system.Parts = append(system.Parts, &genai.Part{Text: text})
	}
	out := make([]*genai.Content, 0, len(c.Turns))
	for _, t := range c.Turns {
		content := &genai.Content{Role: genai.RoleUser}
		if t.Assistant {
			content.Role = genai.RoleModel
		}
		for _, p := range t.Parts {
			switch {
			case p.Call != nil:
				args := map[string]any{placeholderArgs: ex.hold(p.Call.Arguments)}
				content.Parts = append(content.Parts, &genai.Part{FunctionCall: &genai.FunctionCall{ID: p.Call.ID, Name: p.Call.Name, Args: args}})
			case p.Result != nil:
				key := "output"
				if p.Result.IsError {
					key = "error"
				}
				var value any = p.Text
				if len(p.Result.Structured) > 0 && !p.Result.IsError {
					value = ex.hold(p.Result.Structured) // sent raw, not as text
				}
				content.Parts = append(content.Parts, &genai.Part{FunctionResponse: &genai.FunctionResponse{ID: p.Result.CallID, Name: p.Result.Name, Response: map[string]any{key: value}}})
			default:
				content.Parts = append(content.Parts, &genai.Part{Text: p.Text})
			}
		}
		out = append(out, content)
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
	r := runtime.Reply{FinishReason: string(c.FinishReason), Truncated: c.FinishReason == genai.FinishReasonMaxTokens}
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
		return runtime.Reply{}, &adapter.RefusalError{Provider: provider, Reason: string(c.FinishReason), Message: c.FinishMessage}
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

// provider starts every error of this package.
const provider = "gemini"
