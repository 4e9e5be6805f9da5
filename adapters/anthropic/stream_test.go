package anthropic_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	sganthropic "github.com/structgen/structgen/adapters/anthropic"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

const messageStart = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":90,"output_tokens":1}}}`

func blockStart(i int, block string) []string {
	return []string{"content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":%s}`, i, block)}
}

func textPiece(i int, s string) []string {
	return []string{"content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"text_delta","text":%s}}`, i, adaptertest.Quote(s))}
}

func inputPiece(i int, s string) []string {
	return []string{"content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":%s}}`, i, adaptertest.Quote(s))}
}

func blockStop(i int) []string {
	return []string{"content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, i)}
}

func messageEnd(stop string) []string {
	return []string{"message_delta", `{"type":"message_delta","delta":{"stop_reason":"` + stop + `","stop_sequence":null},"usage":{"output_tokens":12}}`,
		"message_stop", `{"type":"message_stop"}`}
}

func events(parts ...[]string) string {
	pairs := []string{"message_start", messageStart}
	for _, p := range parts {
		pairs = append(pairs, p...)
	}
	return adaptertest.NamedSSE(pairs...)
}

func toolBlock(id string) string {
	return `{"type":"tool_use","id":"` + id + `","name":"lookup","input":{}}`
}

func TestStreamsTheOutput(t *testing.T) {
	parts := [][]string{blockStart(0, `{"type":"text","text":""}`)}
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		parts = append(parts, textPiece(0, p))
	}
	parts = append(parts, blockStop(0), messageEnd("end_turn"))
	m, srv := newModel(t, events(parts...))
	adaptertest.CheckStreamedForecast(t, m, runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}},
		runtime.Usage{InputTokens: 90, OutputTokens: 12})
	if string(adaptertest.At(t, srv.Body(0), "stream")) != "true" {
		t.Errorf("not a streaming request: %s", srv.Body(0))
	}
}

func TestStreamsInterleavedCalls(t *testing.T) {
	a, b := adaptertest.Pieces(adaptertest.InterleavedArgs[0], 3), adaptertest.Pieces(adaptertest.InterleavedArgs[1], 5)
	parts := [][]string{blockStart(1, toolBlock("call_1")), blockStart(2, toolBlock("call_2"))}
	for i := range max(len(a), len(b)) {
		if i < len(a) {
			parts = append(parts, inputPiece(1, a[i]))
		}
		if i < len(b) {
			parts = append(parts, inputPiece(2, b[i]))
		}
	}
	parts = append(parts, blockStop(1), blockStop(2), messageEnd("tool_use"))
	req := runtime.Request{Tools: adaptertest.Tools}
	adaptertest.CheckInterleavedCalls(t, func() runtime.StreamingModel { m, _ := newModel(t, events(parts...)); return m }, req)
}

func TestStreamCutCall(t *testing.T) {
	// Anthropic stops the block the limit cut: the stop reason says so.
	parts := [][]string{blockStart(0, toolBlock("call_1"))}
	for _, p := range adaptertest.Pieces(adaptertest.CutArgs, 4) {
		parts = append(parts, inputPiece(0, p))
	}
	cut := append(parts, blockStop(0), messageEnd("max_tokens"))
	m, _ := newModel(t, events(cut...))
	adaptertest.CheckCutCall(t, m, runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
	// A connection that ends after the block's stop, before the message's.
	m, _ = newModel(t, events(append(parts, blockStop(0))...))
	adaptertest.CheckCutCall(t, m, runtime.Request{Tools: adaptertest.Tools}, adaptertest.CutArgs)
}

func TestStreamCallWithoutArguments(t *testing.T) {
	m, _ := newModel(t, events(blockStart(0, toolBlock("call_1")), blockStop(0), messageEnd("tool_use")))
	reply, err := runtime.Collect(m.GenerateStream(context.Background(), runtime.Request{Tools: adaptertest.Tools}))
	if err != nil || len(reply.ToolCalls) != 1 || string(reply.ToolCalls[0].Arguments) != "{}" {
		t.Errorf("%+v %v", reply, err)
	}
}

func TestStreamRefusal(t *testing.T) {
	m, _ := newModel(t, events(messageEnd("refusal")))
	_, err := runtime.Collect(m.GenerateStream(context.Background(), runtime.Request{}))
	if !errors.Is(err, runtime.ErrRefused) {
		t.Errorf("want a refusal, got %v", err)
	}
}

var _ runtime.StreamingModel = sganthropic.Messages{}

func TestStreamStopCloses(t *testing.T) {
	parts := [][]string{blockStart(0, `{"type":"text","text":""}`)}
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		parts = append(parts, textPiece(0, p))
	}
	body := events(append(parts, blockStop(0), messageEnd("end_turn"))...)
	m, srv := newModel(t, body, body)
	adaptertest.CheckStopCloses(t, m, srv, runtime.Request{})
}
