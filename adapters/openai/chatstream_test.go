package openai_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// chunk is one chat.completion.chunk event with delta as its first
// choice's delta and finish as its finish reason (null when empty).
func chunk(delta, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return `{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{` + delta + `},"finish_reason":` + f + `}]}`
}

const usageChunk = `{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150}}`

// callPiece is a chunk with a piece of the tool call at index i; id and
// name are sent on its first piece only.
func callPiece(i int, id, name, args string) string {
	head := ""
	if id != "" {
		head = `"id":"` + id + `","type":"function",`
	}
	fn := `"arguments":` + adaptertest.Quote(args)
	if name != "" {
		fn = `"name":"` + name + `",` + fn
	}
	return chunk(fmt.Sprintf(`"tool_calls":[{"index":%d,%s"function":{%s}}]`, i, head, fn), "")
}

func streamingChat(t *testing.T, events ...string) sgopenai.Chat {
	m, _ := streamingChatServer(t, events...)
	return m
}

func streamingChatServer(t *testing.T, events ...string) (sgopenai.Chat, *adaptertest.Server) {
	client, srv := newClient(t, adaptertest.SSE(append(events, "[DONE]")...))
	return sgopenai.Chat{Client: client, Model: "gpt-test"}, srv
}

func TestChatStreamsTheOutput(t *testing.T) {
	events := []string{chunk(`"role":"assistant","content":""`, "")}
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk(`"content":`+adaptertest.Quote(p), ""))
	}
	events = append(events, chunk(``, "stop"), usageChunk)
	m, srv := streamingChatServer(t, events...)
	adaptertest.CheckStreamedForecast(t, m, runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}},
		runtime.Usage{InputTokens: 120, OutputTokens: 30})
	body := srv.Body(0)
	if string(at(t, body, "stream")) != "true" || string(at(t, body, "stream_options", "include_usage")) != "true" {
		t.Errorf("not a streaming request with usage: %s", body)
	}
	sameBytes(t, "response_format", at(t, body, "response_format"), adaptertest.ForecastOutput.OpenAI())
}

func TestChatStreamsInterleavedCalls(t *testing.T) {
	a, b := adaptertest.Pieces(adaptertest.InterleavedArgs[0], 3), adaptertest.Pieces(adaptertest.InterleavedArgs[1], 5)
	events := []string{callPiece(0, "call_1", "lookup", ""), callPiece(1, "call_2", "lookup", "")}
	for i := range max(len(a), len(b)) {
		if i < len(a) {
			events = append(events, callPiece(0, "", "", a[i]))
		}
		if i < len(b) {
			events = append(events, callPiece(1, "", "", b[i]))
		}
	}
	events = append(events, chunk(``, "tool_calls"), usageChunk)
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Two stations?"}}, Tools: adaptertest.Tools}
	adaptertest.CheckInterleavedCalls(t, func() runtime.StreamingModel { return streamingChat(t, events...) }, req)
}

func TestChatStreamCutCall(t *testing.T) {
	events := []string{callPiece(0, "call_1", "lookup", "")}
	for _, p := range adaptertest.Pieces(adaptertest.CutArgs, 4) {
		events = append(events, callPiece(0, "", "", p))
	}
	events = append(events, chunk(``, "length"), usageChunk)
	adaptertest.CheckCutCall(t, streamingChat(t, events...), runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
	// A connection that ends before the finish reason cuts it too.
	adaptertest.CheckCutCall(t, streamingChat(t, events[:len(events)-2]...), runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
}

func TestChatStreamRefusal(t *testing.T) {
	m := streamingChat(t, chunk(`"refusal":"I can't"`, ""), chunk(`"refusal":" help."`, ""), chunk(``, "stop"))
	var refusal string
	var err error
	for d, e := range m.GenerateStream(context.Background(), runtime.Request{}) {
		refusal += d.Refusal
		err = e
	}
	var r *adapter.RefusalError
	if refusal != "I can't help." || !errors.As(err, &r) || !errors.Is(err, runtime.ErrRefused) || r.Message != "I can't help." {
		t.Errorf("refusal %q, err %v", refusal, err)
	}
}

func TestChatStreamStopCloses(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk(`"content":`+adaptertest.Quote(p), ""))
	}
	body := adaptertest.SSE(append(events, chunk(``, "stop"), "[DONE]")...)
	client, srv := newClient(t, body, body)
	adaptertest.CheckStopCloses(t, sgopenai.Chat{Client: client, Model: "gpt-test"}, srv, runtime.Request{})
}
