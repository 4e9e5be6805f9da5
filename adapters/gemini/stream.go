package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"iter"

	"google.golang.org/genai"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// GenerateStream sends req as one GenerateContentStream call and yields
// the first candidate as it streams. Gemini sends each function call
// whole, so each comes as one finished piece, its arguments as the raw
// event had them. Vertex AI, asked with FunctionCallingConfig's
// StreamFunctionCallArguments, sends a call's arguments as partial
// arguments (a JSON path and a value) over several events: they stream
// as pieces of the arguments' text, and the call finishes with the event
// that does not continue it. A block or a safety stop with nothing else
// is an *adapter.RefusalError.
func (m Models) GenerateStream(ctx context.Context, req runtime.Request) iter.Seq2[runtime.Delta, error] {
	return func(yield func(runtime.Delta, error) bool) {
		if m.Client == nil {
			yield(runtime.Delta{}, errors.New("gemini: Models.Client is nil"))
			return
		}
		if t, ok := m.Client.ClientConfig().HTTPClient.Transport.(*Transport); !ok || t == nil {
			yield(runtime.Delta{}, errNoTransport)
			return
		}
		ctx, ex := withExchange(ctx)
		contents, cfg, err := request(ex, m.Config, req)
		if err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		s := streamState{yield: yield}
		first := true
		for resp, err := range m.Client.Models.GenerateContentStream(ctx, m.Model, contents, cfg) {
			if err != nil {
				if ctx.Err() != nil {
					err = ctx.Err() // the SDK reports the body cut by the cancel as a bad chunk
				}
				yield(runtime.Delta{}, err)
				return
			}
			if first {
				if err := ex.check(); err != nil {
					yield(runtime.Delta{}, err)
					return
				}
				first = false
			}
			if !s.response(resp, ex.next()) {
				return
			}
		}
		s.end()
	}
}

// streamState follows one streamed reply across its responses.
type streamState struct {
	yield   func(runtime.Delta, error) bool
	calls   int         // calls started
	open    *argsWriter // the call whose partial arguments continue
	finish  genai.FinishReason
	message string
	usage   runtime.Usage
	output  bool // text or a call arrived
	failed  bool
}

// rawEvent is what a streamed response carries of its function calls, as
// the raw event had them.
type rawEvent struct {
	Candidates []struct {
		Content struct {
			Parts []struct {
				FunctionCall *struct {
					ID           string          `json:"id"`
					Name         string          `json:"name"`
					Args         json.RawMessage `json:"args"`
					PartialArgs  []partialArg    `json:"partialArgs"`
					WillContinue bool            `json:"willContinue"`
				} `json:"functionCall"`
			} `json:"parts"`
		} `json:"content"`
	} `json:"candidates"`
}

// response yields the deltas of one streamed response; raw is its event.
func (s *streamState) response(resp *genai.GenerateContentResponse, raw []byte) bool {
	if u := resp.UsageMetadata; u != nil {
		s.usage = runtime.Usage{InputTokens: int64(u.PromptTokenCount), OutputTokens: int64(u.CandidatesTokenCount) + int64(u.ThoughtsTokenCount)}
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		if f := resp.PromptFeedback; f != nil && f.BlockReason != "" {
			s.failed = true
			return s.yield(runtime.Delta{}, &adapter.RefusalError{Provider: provider, Reason: string(f.BlockReason), Message: f.BlockReasonMessage})
		}
		return true
	}
	c := resp.Candidates[0]
	var ev rawEvent
	if len(raw) > 0 {
		json.Unmarshal(raw, &ev) // a response the SDK read is JSON; calls missing from ev are an error below
	}
	var rawParts []int // the raw part index of each function call, in order
	if len(ev.Candidates) > 0 {
		for i, p := range ev.Candidates[0].Content.Parts {
			if p.FunctionCall != nil {
				rawParts = append(rawParts, i)
			}
		}
	}
	calls := 0
	if c.Content != nil {
		for _, p := range c.Content.Parts {
			switch {
			case p.FunctionCall != nil:
				if calls >= len(rawParts) {
					s.failed = true
					return s.yield(runtime.Delta{}, errors.New("gemini: a streamed function call is missing from the raw response; is the client's transport gemini.Transport?"))
				}
				fc := ev.Candidates[0].Content.Parts[rawParts[calls]].FunctionCall
				calls++
				if !s.call(fc.ID, fc.Name, fc.Args, fc.PartialArgs, fc.WillContinue) {
					return false
				}
			case p.Text != "" && !p.Thought:
				s.output = true
				if !s.yield(runtime.Delta{Text: p.Text}, nil) {
					return false
				}
			}
		}
	}
	if c.FinishReason != "" && c.FinishReason != genai.FinishReasonUnspecified {
		s.finish, s.message = c.FinishReason, c.FinishMessage
	}
	return true
}

// call yields one function-call part: a whole call, or the next partial
// arguments of the open one.
func (s *streamState) call(id, name string, args json.RawMessage, partial []partialArg, more bool) bool {
	s.output = true
	if s.open == nil {
		d := runtime.CallDelta{Index: s.calls, ID: id, Name: name}
		s.calls++
		if !more && partial == nil {
			if len(args) == 0 {
				args = json.RawMessage(`{}`)
			}
			d.Arguments, d.Done = string(args), true
			return s.yield(runtime.Delta{Call: &d}, nil)
		}
		s.open = &argsWriter{}
		if !s.yield(runtime.Delta{Call: &d}, nil) {
			return false
		}
	}
	index := s.calls - 1
	for _, a := range partial {
		text, err := s.open.write(a)
		if err != nil {
			s.failed = true
			return s.yield(runtime.Delta{}, err)
		}
		if !s.yield(runtime.Delta{Call: &runtime.CallDelta{Index: index, Arguments: text}}, nil) {
			return false
		}
	}
	if more {
		return true
	}
	end := s.open.end()
	s.open = nil
	return s.yield(runtime.Delta{Call: &runtime.CallDelta{Index: index, Arguments: end, Done: true}}, nil)
}

// end yields the End of a reply that finished, or the refusal of one
// that was blocked.
func (s *streamState) end() {
	if s.failed || s.finish == "" {
		return // the stream ended before the reply: the caller sees it cut
	}
	if !s.output && (s.finish == genai.FinishReasonSafety || s.finish == genai.FinishReasonProhibitedContent) {
		s.yield(runtime.Delta{}, &adapter.RefusalError{Provider: provider, Reason: string(s.finish), Message: s.message})
		return
	}
	s.yield(runtime.Delta{End: &runtime.Reply{FinishReason: string(s.finish), Truncated: s.finish == genai.FinishReasonMaxTokens, Usage: s.usage}}, nil)
}
