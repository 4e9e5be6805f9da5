package openai_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

func streamingResponses(t *testing.T, events ...string) runtime.StreamingModel {
	client, _ := newClient(t, adaptertest.SSE(events...))
	return sgopenai.Responses{Client: client, Model: "gpt-test"}
}

func respEvent(typ, fields string) string {
	return `{"type":"` + typ + `","sequence_number":1` + fields + `}`
}

func respDone(status, details string) string {
	return respEvent("response."+status, `,"response":{"id":"r","object":"response","created_at":1,"model":"m","status":"`+status+`","output":[],`+details+
		`"usage":{"input_tokens":70,"output_tokens":20,"total_tokens":90,"input_tokens_details":{"cached_tokens":0},"output_tokens_details":{"reasoning_tokens":0}}}`)
}

func fnAdded(i int, id string) string {
	return respEvent("response.output_item.added", fmt.Sprintf(`,"output_index":%d,"item":{"type":"function_call","id":"fc%d","call_id":"%s","name":"lookup","arguments":"","status":"in_progress"}`, i, i, id))
}

func fnDelta(i int, s string) string {
	return respEvent("response.function_call_arguments.delta", fmt.Sprintf(`,"output_index":%d,"item_id":"fc%d","delta":%s`, i, i, adaptertest.Quote(s)))
}

func fnDone(i int, id, status string) string {
	return respEvent("response.output_item.done", fmt.Sprintf(`,"output_index":%d,"item":{"type":"function_call","id":"fc%d","call_id":"%s","name":"lookup","arguments":"","status":"%s"}`, i, i, id, status))
}

func TestResponsesStreamsTheOutput(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, respEvent("response.output_text.delta", `,"output_index":0,"content_index":0,"item_id":"m","delta":`+adaptertest.Quote(p)))
	}
	events = append(events, respDone("completed", ""))
	adaptertest.CheckStreamedForecast(t, streamingResponses(t, events...), runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}},
		runtime.Usage{InputTokens: 70, OutputTokens: 20})
}

func TestResponsesStreamsInterleavedCalls(t *testing.T) {
	a, b := adaptertest.Pieces(adaptertest.InterleavedArgs[0], 3), adaptertest.Pieces(adaptertest.InterleavedArgs[1], 5)
	events := []string{fnAdded(0, "call_1"), fnAdded(1, "call_2")}
	for i := range max(len(a), len(b)) {
		if i < len(a) {
			events = append(events, fnDelta(0, a[i]))
		}
		if i < len(b) {
			events = append(events, fnDelta(1, b[i]))
		}
	}
	events = append(events, fnDone(1, "call_2", "completed"), fnDone(0, "call_1", "completed"), respDone("completed", ""))
	adaptertest.CheckInterleavedCalls(t, func() runtime.StreamingModel { return streamingResponses(t, events...) }, runtime.Request{Tools: adaptertest.Tools})
}

func TestResponsesStreamCutCall(t *testing.T) {
	events := []string{fnAdded(0, "call_1")}
	for _, p := range adaptertest.Pieces(adaptertest.CutArgs, 4) {
		events = append(events, fnDelta(0, p))
	}
	cut := append(events, fnDone(0, "call_1", "incomplete"), respDone("incomplete", `"incomplete_details":{"reason":"max_output_tokens"},`))
	adaptertest.CheckCutCall(t, streamingResponses(t, cut...), runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
	adaptertest.CheckCutCall(t, streamingResponses(t, events...), runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
}

func TestResponsesStreamFailed(t *testing.T) {
	m := streamingResponses(t, respEvent("response.output_text.delta", `,"delta":"{"`), respEvent("error", `,"code":"server_error","message":"overloaded"`))
	_, err := runtime.Collect(m.GenerateStream(context.Background(), runtime.Request{}))
	if err == nil || errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("want the error event, got %v", err)
	}
}

func TestResponsesStreamStopCloses(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, respEvent("response.output_text.delta", `,"output_index":0,"content_index":0,"item_id":"m","delta":`+adaptertest.Quote(p)))
	}
	body := adaptertest.SSE(append(events, respDone("completed", ""))...)
	client, srv := newClient(t, body, body)
	adaptertest.CheckStopCloses(t, sgopenai.Responses{Client: client, Model: "gpt-test"}, srv, runtime.Request{})
}
