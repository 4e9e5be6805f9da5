package openai

import (
	"context"
	"errors"
	"iter"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// GenerateStream sends req as one streaming chat completion and yields
// its first choice as it streams: content and refusal deltas, and pieces
// of tool calls by their index. Chat Completions marks only the end of
// the whole reply, so every call finishes with the End delta, which comes
// after the usage chunk (usage is asked for unless Params.StreamOptions
// says otherwise). A refusal is an *adapter.RefusalError after its
// deltas.
func (c Chat) GenerateStream(ctx context.Context, req runtime.Request) iter.Seq2[runtime.Delta, error] {
	return func(yield func(runtime.Delta, error) bool) {
		if c.Client == nil {
			yield(runtime.Delta{}, errors.New("openai: Chat.Client is nil"))
			return
		}
		p, err := chatParams(c.Params, c.Model, req)
		if err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		if !p.StreamOptions.IncludeUsage.Valid() {
			p.StreamOptions.IncludeUsage = param.NewOpt(true)
		}
		stream := c.Client.Chat.Completions.NewStreaming(ctx, p, c.Options...)
		defer stream.Close()
		var (
			finish      string
			usage       runtime.Usage
			text, calls bool
			refusal     strings.Builder
		)
		for stream.Next() {
			chunk := stream.Current()
			if chunk.JSON.Usage.Valid() {
				usage = runtime.Usage{InputTokens: chunk.Usage.PromptTokens, OutputTokens: chunk.Usage.CompletionTokens}
			}
			for _, ch := range chunk.Choices {
				if ch.Index != 0 {
					continue // one reply: the first choice
				}
				for _, d := range chatDeltas(ch.Delta) {
					text = text || d.Text != ""
					refusal.WriteString(d.Refusal)
					calls = calls || d.Call != nil
					if !yield(d, nil) {
						return
					}
				}
				if ch.FinishReason != "" {
					finish = ch.FinishReason
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		if finish == "" {
			return // the stream ended before the reply: the caller sees it cut
		}
		if refusal.Len() > 0 && !text && !calls {
			yield(runtime.Delta{}, &adapter.RefusalError{Provider: provider, Reason: finish, Message: refusal.String()})
			return
		}
		yield(runtime.Delta{End: &runtime.Reply{FinishReason: finish, Truncated: finish == "length", Usage: usage}}, nil)
	}
}

// chatDeltas turns one choice delta into the runtime's deltas.
func chatDeltas(d oai.ChatCompletionChunkChoiceDelta) []runtime.Delta {
	var out []runtime.Delta
	if d.Content != "" {
		out = append(out, runtime.Delta{Text: d.Content})
	}
	if d.Refusal != "" {
		out = append(out, runtime.Delta{Refusal: d.Refusal})
	}
	for _, tc := range d.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			continue
		}
		out = append(out, runtime.Delta{Call: &runtime.CallDelta{Index: int(tc.Index), ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments}})
	}
	return out
}
