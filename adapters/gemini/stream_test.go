package gemini_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	sggemini "github.com/structgen/structgen/adapters/gemini"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// chunk is one streamed response whose candidate has parts; finish may
// be empty (an event in the middle of the reply).
func chunk(finish string, parts ...string) string {
	f := ""
	if finish != "" {
		f = `,"finishReason":"` + finish + `"`
	}
	return `{"candidates":[{"content":{"role":"model","parts":[` + strings.Join(parts, ",") + `]}` + f +
		`}],"usageMetadata":{"promptTokenCount":50,"candidatesTokenCount":10,"totalTokenCount":60}}`
}

func TestStreamsTheOutput(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk("", text(p)))
	}
	events = append(events, chunk("STOP"))
	m, srv := newModel(t, adaptertest.SSE(events...))
	adaptertest.CheckStreamedForecast(t, m, runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}, Output: adaptertest.ForecastOutput.Spec(runtime.OutputNative)},
		runtime.Usage{InputTokens: 50, OutputTokens: 10})
	if !strings.HasSuffix(srv.Path(0), "/models/gemini-test:streamGenerateContent") {
		t.Errorf("path %s", srv.Path(0))
	}
	adaptertest.SameText(t, "responseJsonSchema", adaptertest.At(t, srv.Body(0), "generationConfig", "responseJsonSchema"), adaptertest.At(t, adaptertest.ForecastOutput.Gemini(), "responseJsonSchema"))
}

func TestStreamsParallelCalls(t *testing.T) {
	// Gemini sends each call whole; two parallel calls come in one event
	// or in two, with text between.
	a, b := call("call_1", "lookup", adaptertest.InterleavedArgs[0]), call("call_2", "lookup", adaptertest.InterleavedArgs[1])
	for _, events := range [][]string{
		{chunk("", a, b), chunk("STOP")},
		{chunk("", a), chunk("", text("and ")), chunk("STOP", b)},
	} {
		adaptertest.CheckInterleavedCalls(t, func() runtime.StreamingModel { m, _ := newModel(t, adaptertest.SSE(events...)); return m },
			runtime.Request{Tools: adaptertest.Tools})
	}
}

// partialCall is a Vertex function-call part with partial arguments.
func partialCall(head, args string, more bool) string {
	s := `{"functionCall":{` + head
	if args != "" {
		if head != "" {
			s += ","
		}
		s += `"partialArgs":[` + args + `]`
	}
	if more {
		if head != "" || args != "" {
			s += ","
		}
		s += `"willContinue":true`
	}
	return s + `}}`
}

func TestStreamsPartialArguments(t *testing.T) {
	events := []string{
		chunk("", partialCall(`"id":"call_1","name":"lookup"`, "", true)),
		chunk("", partialCall("", `{"jsonPath":"$.station","numberValue":9007199254740993}`, true)),
		chunk("", partialCall("", "", false)),
		chunk("STOP"),
	}
	m, _ := newModel(t, adaptertest.SSE(events...))
	var pieces []string
	var finished *runtime.ToolCall
	for u, err := range runtime.StreamCalls(m.GenerateStream(context.Background(), runtime.Request{Tools: adaptertest.Tools})) {
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, string(u.Call.Arguments))
		if u.Finished {
			finished = &u.Call
		}
	}
	if finished == nil || string(finished.Arguments) != `{"station":9007199254740993}` || finished.ID != "call_1" {
		t.Fatalf("finished %+v; pieces %q", finished, pieces)
	}
	a, err := adaptertest.ParseToolCall(finished.Name, finished.Arguments)
	if err != nil || a.(adaptertest.LookupArgs).Station != 9007199254740993 {
		t.Errorf("%+v %v", a, err)
	}
}

func TestStreamCutCall(t *testing.T) {
	events := []string{
		chunk("", partialCall(`"id":"call_1","name":"lookup"`, `{"jsonPath":"$.station","numberValue":12}`, true)),
		chunk("MAX_TOKENS"),
	}
	m, _ := newModel(t, adaptertest.SSE(events...))
	adaptertest.CheckCutCall(t, m, runtime.Request{Tools: adaptertest.Tools}, `{"station":12`)
	// The connection drops in the middle of the call.
	m, _ = newModel(t, adaptertest.SSE(events[0]))
	adaptertest.CheckCutCall(t, m, runtime.Request{Tools: adaptertest.Tools}, `{"station":12`)
}

func TestStreamBlocked(t *testing.T) {
	m, _ := newModel(t, adaptertest.SSE(`{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":5}}`))
	_, err := runtime.Collect(m.GenerateStream(context.Background(), runtime.Request{}))
	if !errors.Is(err, runtime.ErrRefused) {
		t.Errorf("want a refusal, got %v", err)
	}
}

var _ runtime.StreamingModel = sggemini.Models{}

func TestStreamStopCloses(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk("", text(p)))
	}
	body := adaptertest.SSE(append(events, chunk("STOP"))...)
	m, srv := newModel(t, body, body)
	adaptertest.CheckStopCloses(t, m, srv, runtime.Request{})
}
