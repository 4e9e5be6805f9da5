package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/structgen/structgen/templates"
)

// Message is one message of a conversation. Role is "system", "user",
// "assistant" or "tool".
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
	// ToolCalls are the calls an assistant message makes.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolResult is the result a "tool" message carries.
	ToolResult *ToolResult `json:"tool_result,omitempty"`
}

// ToolResult is the result of one tool call, sent back to the model.
type ToolResult struct {
	// CallID is the ToolCall's ID; Name its tool.
	CallID string `json:"call_id"`
	Name   string `json:"name"`
	// Content is the result as text; Structured, when set, the result as
	// JSON (MCP's structuredContent).
	Content    string          `json:"content"`
	Structured json.RawMessage `json:"structured,omitempty"`
	// IsError says the call failed; Content says why.
	IsError bool `json:"is_error,omitempty"`
}

// OutputMode says how a model is asked for structured output.
type OutputMode int

// Output modes.
const (
	// OutputAuto lets the model adapter choose: native structured output
	// where the provider has it, else the prompt block.
	OutputAuto OutputMode = iota
	// OutputNative asks for the provider's structured-output dialect.
	OutputNative
	// OutputPrompt puts the output-format block into the system prompt;
	// Complete does that itself.
	OutputPrompt
	// OutputTool advertises the output as a tool (OutputSpec.ToolName,
	// ToolParameters), which the adapter forces where the provider can;
	// Complete reads the answer from that tool's call.
	OutputTool
)

// OutputSpec is the structured output a request asks for: the canonical
// schema, each provider's dialect of it, and the prompt block.
type OutputSpec struct {
	Name        string
	Mode        OutputMode
	Schema      json.RawMessage
	OpenAI      json.RawMessage
	Anthropic   json.RawMessage
	Gemini      json.RawMessage
	PromptBlock string
	// ToolName and ToolParameters advertise the output as a tool
	// (OutputTool): objects closed, a root that is not an object wrapped
	// in {"value": …}.
	ToolName       string
	ToolParameters json.RawMessage
}

// Send says how an adapter sends the output to a provider whose dialect of
// it is dialect (nil for a provider without native structured output):
// OutputNative sends dialect; OutputTool advertises ToolName with
// ToolParameters and forces it; OutputPrompt sends nothing of its own, and
// a non-empty block is the prompt block the adapter must add to the system
// prompt (OutputAuto without a dialect; for OutputPrompt, Complete has
// added it). OutputNative without a dialect is an error. A nil spec is
// OutputPrompt with no block.
func (o *OutputSpec) Send(dialect json.RawMessage) (mode OutputMode, block string, err error) {
	switch {
	case o == nil:
		return OutputPrompt, "", nil
	case o.Mode == OutputTool:
		return OutputTool, "", nil
	case o.Mode == OutputNative && len(dialect) == 0:
		return 0, "", fmt.Errorf("output %q has no dialect for this provider; ask for it with OutputPrompt or OutputTool", o.Name)
	case o.Mode == OutputNative || o.Mode == OutputAuto && len(dialect) > 0:
		return OutputNative, "", nil
	case o.Mode == OutputAuto:
		return OutputPrompt, o.PromptBlock, nil
	}
	return OutputPrompt, "", nil
}

// ResultText is what a "tool" message says as text: its result's content,
// else the structured result's JSON, else the message's content.
func (m Message) ResultText() string {
	if r := m.ToolResult; r != nil {
		switch {
		case r.Content != "":
			return r.Content
		case len(r.Structured) > 0:
			return string(r.Structured)
		}
	}
	return m.Content
}

// Request is what Complete sends a model: the conversation, the tools it
// may call and the output it must produce.
type Request struct {
	Messages []Message
	Tools    []Tool
	Output   *OutputSpec
}

// Prepare is what every adapter does first with a request: how to send
// its output to a provider whose dialect dialect picks from the spec (nil
// for a provider without native structured output), and the messages to
// send, with the prompt block added to the system prompt when Send asks
// for it.
func (r Request) Prepare(dialect func(*OutputSpec) json.RawMessage) (OutputMode, []Message, error) {
	var d json.RawMessage
	if r.Output != nil && dialect != nil {
		d = dialect(r.Output)
	}
	mode, block, err := r.Output.Send(d)
	if err != nil {
		return 0, nil, err
	}
	msgs := r.Messages
	if block != "" {
		msgs = WithSystem(msgs, block)
	}
	return mode, msgs, nil
}

// Reply is a model's answer.
type Reply struct {
	Text      string
	ToolCalls []ToolCall
	// FinishReason is the provider's reason for stopping, as it words it.
	FinishReason string
	// Truncated says that the token limit cut the reply: the adapter sets
	// it from the provider's own finish reason.
	Truncated bool
	// Usage is what the call cost, as the provider reports it.
	Usage Usage
}

// Usage counts the tokens of one model call, or of several added up.
type Usage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
}

// Add returns the sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens}
}

// Model is a language model behind some provider's API.
type Model interface {
	Generate(ctx context.Context, req Request) (Reply, error)
}

// RepairStrategy decides what to tell a model whose reply failed to parse:
// BuildPrompt returns the next user message for the attempt-th repair
// (1-based), or ok == false to stop.
type RepairStrategy interface {
	BuildPrompt(err *ValidationError, attempt int) (prompt string, ok bool)
}

// RepairFunc adapts a function to RepairStrategy.
type RepairFunc func(err *ValidationError, attempt int) (string, bool)

// BuildPrompt calls f.
func (f RepairFunc) BuildPrompt(err *ValidationError, attempt int) (string, bool) {
	return f(err, attempt)
}

// NoRepair fails at the first reply that does not parse.
var NoRepair RepairStrategy = RepairFunc(func(*ValidationError, int) (string, bool) { return "", false })

// OneRepair is the default: one repair message with the problems, then
// fail.
var OneRepair RepairStrategy = RepairFunc(func(err *ValidationError, attempt int) (string, bool) {
	if attempt > 1 {
		return "", false
	}
	return RepairPrompt(err), true
})

// RepairRequester is a RepairStrategy that builds the whole next request
// for a repair, instead of a message appended to the conversation;
// Complete uses it when the strategy implements it. task is the original
// request (with the output's prompt block, in prompt mode), reply the text
// that failed. A nil Model means the same model.
type RepairRequester interface {
	RepairRequest(task Request, reply string, err *ValidationError, attempt int) (Request, Model, bool)
}

// MinimalRepair returns a strategy that asks for a corrected reply with
// minimal context: the task (its system message and last user message),
// the reply that failed and its problems — not the whole conversation —
// sent to m, or to the same model when m is nil, up to attempts times.
// It suits long conversations, and a cheaper model for repairs.
func MinimalRepair(m Model, attempts int) RepairStrategy {
	return minimalRepair{m: m, attempts: attempts}
}

type minimalRepair struct {
	m        Model
	attempts int
}

// BuildPrompt is the message used where the strategy is not asked for a
// whole request.
func (r minimalRepair) BuildPrompt(err *ValidationError, attempt int) (string, bool) {
	return RepairPrompt(err), attempt <= r.attempts
}

// RepairRequest builds the minimal request.
func (r minimalRepair) RepairRequest(task Request, reply string, err *ValidationError, attempt int) (Request, Model, bool) {
	if attempt > r.attempts {
		return Request{}, nil, false
	}
	next := Request{Output: task.Output}
	var user string
	for _, msg := range task.Messages {
		switch msg.Role {
		case "system":
			if len(next.Messages) == 0 {
				next.Messages = append(next.Messages, msg)
			}
		case "user":
			user = msg.Content
		}
	}
	var b strings.Builder
	if user != "" {
		b.WriteString("The task was:\n")
		b.WriteString(user)
		b.WriteString("\n\n")
	}
	b.WriteString("A reply to it was:\n")
	b.WriteString(reply)
	b.WriteString("\n\n")
	b.WriteString(RepairPrompt(err))
	next.Messages = append(next.Messages, Message{Role: "user", Content: b.String()})
	return next, r.m, true
}

// RepairPrompt renders the default repair message for err: what is still
// wrong, then what was already read leniently (so that the model learns
// it, without being asked to change it).
func RepairPrompt(err *ValidationError) string { return repairPrompt(err, "") }

// repairPrompt renders the repair message; for a tool call's arguments,
// tool names the tool.
func repairPrompt(err *ValidationError, tool string) string {
	var b strings.Builder
	var repaired []string
	for _, r := range err.Repairs {
		repaired = append(repaired, r.String())
	}
	data := struct {
		TypeName, Tool                      string
		Problems, Repaired                  []string
		NoJSON, Empty, Truncated, Reasoning bool
	}{err.TypeName, tool, problemLines(err.Problems), repaired, errors.Is(err, ErrNoJSON), errors.Is(err, ErrEmptyReply), errors.Is(err, ErrTruncated), errors.Is(err, ErrUnclosedReasoning)}
	if data.NoJSON || data.Empty {
		data.Problems, data.Repaired = nil, nil
		var d interface{ Detail() string }
		if errors.As(err, &d) {
			// the reply is XML, but <job> names no property: the one
			// problem worth passing on
			data.Problems = []string{d.Detail()}
		}
	}
	if e := templates.Repair.Execute(&b, data); e != nil {
		return err.Error()
	}
	return b.String()
}

// Option configures Complete.
type Option func(*options)

type options struct {
	repair   RepairStrategy
	maxTurns int
	repairs  *[]Repair
	usage    *Usage
}

// WithRepairs stores in *dst the lenient repairs that Parse made to the
// accepted reply, so that they are reported, never silent.
func WithRepairs(dst *[]Repair) Option { return func(o *options) { o.repairs = dst } }

// WithRepair sets the repair strategy (default OneRepair).
func WithRepair(s RepairStrategy) Option { return func(o *options) { o.repair = s } }

// WithMaxTurns bounds the model calls, the first included (default 10).
func WithMaxTurns(n int) Option { return func(o *options) { o.maxTurns = n } }

// WithUsage adds the usage of every model call Complete makes, repairs
// included, to *dst.
func WithUsage(dst *Usage) Option { return func(o *options) { o.usage = dst } }

// Complete asks m for the final answer of type T: it sends req, parses the
// reply with out.Parse and, while the reply does not parse and the repair
// strategy agrees, sends the problems back as a user message and asks
// again. Every repair is a normal turn. A reply the token limit cut is
// taken only where it parsed with no repair (its document was whole):
// else what was read of it may have lost its end, and it is a failed
// reply too. The final error is the last *ValidationError; when the last
// reply was cut by the token limit it unwraps to ErrTruncated.
func Complete[T any](ctx context.Context, m Model, req Request, out Output[T], opts ...Option) (T, error) {
	return complete(ctx, m, req, out, opts, func(m Model, req Request, _ int, _ *ValidationError) (Reply, error) {
		return m.Generate(ctx, req)
	})
}

// generateFunc makes the attempt-th model call of a completion; last is
// why the previous reply failed (nil for the first call).
type generateFunc func(m Model, req Request, attempt int, last *ValidationError) (Reply, error)

// complete is Complete's loop, its model calls made by generate.
func complete[T any](ctx context.Context, m Model, req Request, out Output[T], opts []Option, generate generateFunc) (T, error) {
	o := options{repair: OneRepair, maxTurns: 10}
	for _, opt := range opts {
		opt(&o)
	}
	var zero T
	if req.Output == nil {
		req.Output = out.Spec(OutputAuto)
	}
	req.Messages = append([]Message(nil), req.Messages...)
	if req.Output.Mode == OutputPrompt && req.Output.PromptBlock != "" {
		req.Messages = WithSystem(req.Messages, req.Output.PromptBlock)
	}
	task := req
	var last *ValidationError
	for turn, attempt := 1, 1; ; turn, attempt = turn+1, attempt+1 {
		if turn > o.maxTurns {
			if last == nil {
				return zero, errors.New("complete: WithMaxTurns must allow at least one model call")
			}
			return zero, last
		}
		if err := ctx.Err(); err != nil {
			return zero, err
		}
		reply, err := generate(m, req, attempt, last)
		if o.usage != nil {
			*o.usage = o.usage.Add(reply.Usage)
		}
		if err != nil {
			return zero, err
		}
		answer, call := reply.Text, answerCall(reply, req.Output)
		if call != nil {
			answer = string(call.Arguments)
		}
		v, repairs, err := out.parseAnswer([]byte(answer), call != nil)
		if err == nil && reply.Truncated && len(repairs) > 0 {
			// The token limit cut the reply and the reader repaired it:
			// what it closed may have lost its end (a list its last
			// items), so the value is not taken as the answer.
			err = &ValidationError{TypeName: out.Name, Raw: []byte(answer), Err: ErrTruncated, Repairs: repairs,
				Problems: []Problem{{Message: "the reply was cut at the token limit; what was read of it may be incomplete"}}}
		}
		if err == nil {
			if o.repairs != nil {
				*o.repairs = repairs
			}
			return v, nil
		}
		if !errors.As(err, &last) {
			return zero, err
		}
		if reply.Truncated {
			cut := *last
			cut.Err = ErrTruncated
			last = &cut
		}
		if rr, ok := o.repair.(RepairRequester); ok {
			next, model, ok := rr.RepairRequest(task, reply.Text, last, attempt)
			if !ok || turn == o.maxTurns {
				return zero, last
			}
			if model != nil {
				m = model
			}
			req = next
			continue
		}
		prompt, ok := o.repair.BuildPrompt(last, attempt)
		if !ok || turn == o.maxTurns {
			return zero, last
		}
		if call != nil {
			// The answer came as a call of the output's tool: the problems go
			// back as that tool's result, the way providers expect.
			req.Messages = append(req.Messages,
				Message{Role: "assistant", Content: reply.Text, ToolCalls: []ToolCall{*call}},
				Message{Role: "tool", Content: prompt, ToolResult: &ToolResult{CallID: call.ID, Name: call.Name, Content: prompt, IsError: true}})
			continue
		}
		req.Messages = append(req.Messages, Message{Role: "assistant", Content: reply.Text, ToolCalls: reply.ToolCalls}, Message{Role: "user", Content: prompt})
	}
}

// answerCall returns the call of the output's tool in reply, if the request
// asked for the output as a tool.
func answerCall(reply Reply, spec *OutputSpec) *ToolCall {
	if spec == nil || spec.Mode != OutputTool {
		return nil
	}
	for i := range reply.ToolCalls {
		if reply.ToolCalls[i].Name == spec.ToolName {
			return &reply.ToolCalls[i]
		}
	}
	return nil
}

// WithSystem returns a copy of msgs with block added to the first system
// message, or a system message of block first: where Complete and the
// adapters put an output's prompt block.
func WithSystem(msgs []Message, block string) []Message {
	msgs = append([]Message(nil), msgs...)
	for i, m := range msgs {
		if m.Role == "system" {
			msgs[i].Content = strings.TrimRight(m.Content, "\n") + "\n\n" + block
			return msgs
		}
	}
	return append([]Message{{Role: "system", Content: block}}, msgs...)
}
