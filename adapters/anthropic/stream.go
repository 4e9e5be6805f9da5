package anthropic

import (
	"context"
	"errors"
	"iter"

	ant "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// GenerateStream sends req as one streaming message and yields it as it
// streams: text deltas, and the input_json_delta pieces of each tool_use
// block by the block's index. Anthropic stops a block even when the token
// limit cut it, so a stopped call is marked done only once the stream
// shows it was not cut: when content follows its stop, or the stop reason
// is not max_tokens. A refusal is an *adapter.RefusalError.
func (m Messages) GenerateStream(ctx context.Context, req runtime.Request) iter.Seq2[runtime.Delta, error] {
	return func(yield func(runtime.Delta, error) bool) {
		if m.Client == nil {
			yield(runtime.Delta{}, errors.New("anthropic: Messages.Client is nil"))
			return
		}
		p, err := params(m.Params, m.Model, req)
		if err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		stream := m.Client.Messages.NewStreaming(ctx, p, m.Options...)
		defer stream.Close()
		var (
			usage       runtime.Usage
			stop        ant.StopReason
			stopped     bool
			held        []int64 // stopped tool_use blocks whose Done waits
			calls       = map[int64]bool{}
			args        = map[int64]bool{} // blocks that got input pieces
			text, tools bool
		)
		release := func() bool {
			for len(held) > 0 {
				i := held[0]
				held = held[1:]
				d := runtime.CallDelta{Index: int(i), Done: true}
				if !args[i] {
					d.Arguments = "{}" // a call without arguments streams no piece
				}
				if !yield(runtime.Delta{Call: &d}, nil) {
					return false
				}
			}
			return true
		}
		for stream.Next() {
			ev := stream.Current()
			switch ev.Type {
			case "message_start":
				usage.InputTokens = ev.Message.Usage.InputTokens
				usage.OutputTokens = ev.Message.Usage.OutputTokens
			case "content_block_start":
				if !release() {
					return
				}
				if ev.ContentBlock.Type == "tool_use" {
					calls[ev.Index], tools = true, true
					if !yield(runtime.Delta{Call: &runtime.CallDelta{Index: int(ev.Index), ID: ev.ContentBlock.ID, Name: ev.ContentBlock.Name}}, nil) {
						return
					}
				}
			case "content_block_delta":
				if !release() {
					return
				}
				var d runtime.Delta
				switch ev.Delta.Type {
				case "text_delta":
					d.Text, text = ev.Delta.Text, text || ev.Delta.Text != ""
				case "input_json_delta":
					if !calls[ev.Index] || ev.Delta.PartialJSON == "" {
						continue
					}
					args[ev.Index] = true
					d.Call = &runtime.CallDelta{Index: int(ev.Index), Arguments: ev.Delta.PartialJSON}
				default:
					continue // thinking, citations, signatures
				}
				if !yield(d, nil) {
					return
				}
			case "content_block_stop":
				if calls[ev.Index] {
					held = append(held, ev.Index)
				}
			case "message_delta":
				stop, stopped = ev.Delta.StopReason, true
				if ev.Usage.InputTokens > 0 {
					usage.InputTokens = ev.Usage.InputTokens
				}
				usage.OutputTokens = ev.Usage.OutputTokens
				if stop == ant.StopReasonMaxTokens {
					held = nil // stopped by the limit, not finished
				} else if !release() {
					return
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		if !stopped {
			return // the stream ended before the message: the caller sees it cut
		}
		if stop == ant.StopReasonRefusal && !text && !tools {
			yield(runtime.Delta{}, &adapter.RefusalError{Provider: provider, Reason: string(stop)})
			return
		}
		yield(runtime.Delta{End: &runtime.Reply{FinishReason: string(stop), Truncated: stop == ant.StopReasonMaxTokens, Usage: usage}}, nil)
	}
}
