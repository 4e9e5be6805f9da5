package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// GenerateStream sends req as one streaming response and yields it as it
// streams: output text and refusal deltas, and the argument deltas of
// each function_call item by its output index. A call finishes when its
// item is done with the status "completed"; an item the token limit cut
// ends "incomplete" and is never finished. A refusal is an
// *adapter.RefusalError after its deltas; a failed response or an error
// event is an error.
func (r Responses) GenerateStream(ctx context.Context, req runtime.Request) iter.Seq2[runtime.Delta, error] {
	return func(yield func(runtime.Delta, error) bool) {
		if r.Client == nil {
			yield(runtime.Delta{}, errors.New("openai: Responses.Client is nil"))
			return
		}
		p, err := responsesParams(r.Params, r.Model, req)
		if err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		stream := r.Client.Responses.NewStreaming(ctx, p, r.Options...)
		defer stream.Close()
		var (
			end         *runtime.Reply
			text, calls bool
			refusal     strings.Builder
		)
		for stream.Next() {
			var ev responseEvent
			if err := json.Unmarshal([]byte(stream.Current().RawJSON()), &ev); err != nil {
				yield(runtime.Delta{}, fmt.Errorf("openai: reading a response event: %w", err))
				return
			}
			var d runtime.Delta
			switch ev.Type {
			case "response.output_text.delta":
				d.Text, text = ev.Delta, true
			case "response.refusal.delta":
				d.Refusal = ev.Delta
				refusal.WriteString(ev.Delta)
			case "response.output_item.added":
				if ev.Item.Type != "function_call" {
					continue
				}
				calls = true
				d.Call = &runtime.CallDelta{Index: ev.OutputIndex, ID: ev.Item.CallID, Name: ev.Item.Name, Arguments: ev.Item.Arguments}
			case "response.function_call_arguments.delta":
				d.Call = &runtime.CallDelta{Index: ev.OutputIndex, Arguments: ev.Delta}
			case "response.output_item.done":
				if ev.Item.Type != "function_call" || ev.Item.Status != "completed" {
					continue
				}
				d.Call = &runtime.CallDelta{Index: ev.OutputIndex, Done: true}
			case "response.completed", "response.incomplete":
				end = &runtime.Reply{FinishReason: ev.Response.Status,
					Usage: runtime.Usage{InputTokens: ev.Response.Usage.InputTokens, OutputTokens: ev.Response.Usage.OutputTokens}}
				if ev.Response.Status == "incomplete" && ev.Response.IncompleteDetails.Reason == "max_output_tokens" {
					end.FinishReason, end.Truncated = "length", true
				}
				continue
			case "response.failed":
				yield(runtime.Delta{}, fmt.Errorf("openai: the response failed: %s", ev.Response.Error.Message))
				return
			case "error":
				yield(runtime.Delta{}, fmt.Errorf("openai: error event %s: %s", ev.Code, ev.Message))
				return
			default:
				continue
			}
			if !yield(d, nil) {
				return
			}
		}
		if err := stream.Err(); err != nil {
			yield(runtime.Delta{}, err)
			return
		}
		if end == nil {
			return // the stream ended before the response: the caller sees it cut
		}
		if refusal.Len() > 0 && !text && !calls {
			yield(runtime.Delta{}, &adapter.RefusalError{Provider: provider, Reason: end.FinishReason, Message: refusal.String()})
			return
		}
		yield(runtime.Delta{End: end}, nil)
	}
}

// responseEvent is what GenerateStream reads of a Responses stream event,
// with plain types: the SDK's union is wider than what it needs.
type responseEvent struct {
	Type        string `json:"type"`
	OutputIndex int    `json:"output_index"`
	Delta       string `json:"delta"`
	Code        string `json:"code"`
	Message     string `json:"message"`
	Item        struct {
		Type      string `json:"type"`
		Status    string `json:"status"`
		CallID    string `json:"call_id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"item"`
	Response struct {
		Status            string `json:"status"`
		IncompleteDetails struct {
			Reason string `json:"reason"`
		} `json:"incomplete_details"`
		Usage struct {
			InputTokens  int64 `json:"input_tokens"`
			OutputTokens int64 `json:"output_tokens"`
		} `json:"usage"`
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	} `json:"response"`
}
