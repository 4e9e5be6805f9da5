package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	sganthropic "github.com/structgen/structgen/adapters/anthropic"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

func newModel(t *testing.T, replies ...string) (sganthropic.Messages, *adaptertest.Server) {
	t.Helper()
	s := adaptertest.NewServer(t, replies...)
	c := ant.NewClient(option.WithBaseURL(s.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	return sganthropic.Messages{Client: &c, Model: "claude-test"}, s
}

func message(stop string, blocks ...string) string {
	return `{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[` + strings.Join(blocks, ",") +
		`],"stop_reason":"` + stop + `","stop_sequence":null,"usage":{"input_tokens":90,"output_tokens":12}}`
}

func text(s string) string {
	b, _ := json.Marshal(s)
	return `{"type":"text","text":` + string(b) + `}`
}

func toolUse(id, name, input string) string {
	return `{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + input + `}`
}

const forecast = `{"summary":"Sunny","high":21}`

func TestSendsSchemasByteForByte(t *testing.T) {
	m, srv := newModel(t, message("end_turn", text(forecast)))
	req := runtime.Request{
		Messages: []runtime.Message{{Role: "system", Content: "You forecast."}, {Role: "user", Content: "Tomorrow?"}},
		Tools:    adaptertest.Tools,
		Output:   adaptertest.ForecastOutput.Spec(runtime.OutputNative),
	}
	var usage runtime.Usage
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithUsage(&usage))
	if err != nil || got.High != 21 || usage != (runtime.Usage{InputTokens: 90, OutputTokens: 12}) {
		t.Fatalf("Complete: %+v %+v %v", got, usage, err)
	}
	if srv.Path(0) != "/v1/messages" {
		t.Errorf("path %s", srv.Path(0))
	}
	body := srv.Body(0)
	for i, tool := range adaptertest.Tools {
		adaptertest.SameText(t, tool.Name, adaptertest.At(t, body, "tools", strconv.Itoa(i)), tool.Anthropic())
	}
	adaptertest.SameText(t, "output_config.format", adaptertest.At(t, body, "output_config", "format"), adaptertest.ForecastOutput.Anthropic())
	// Anthropic's dialect states the bound in the description.
	if !strings.Contains(string(body), `maximum 9007199254740993`) || !strings.Contains(string(body), `"additionalProperties":false`) {
		t.Errorf("the bound beyond 2^53 or the closed object was lost:\n%s", body)
	}
	adaptertest.SameText(t, "system", adaptertest.At(t, body, "system"), []byte(`[{"text":"You forecast.","type":"text"}]`))
	adaptertest.SameText(t, "messages", adaptertest.At(t, body, "messages"), []byte(`[{"content":[{"text":"Tomorrow?","type":"text"}],"role":"user"}]`))
	if string(adaptertest.At(t, body, "max_tokens")) != "4096" {
		t.Errorf("max_tokens: %s", adaptertest.At(t, body, "max_tokens"))
	}
}

func TestToolCallRepairedNextTurn(t *testing.T) {
	m, srv := newModel(t,
		message("tool_use", text("Let me look."), toolUse("toolu_1", "lookup", `{"station": 0}`)),
		message("tool_use", toolUse("toolu_2", "lookup", `{"station": 9007199254740993}`)))
	// RepairedCall also checks that the tool_use input is read as raw
	// JSON: the SDK does not round the station.
	if reply := adaptertest.RepairedCall(t, m); reply.Text != "Let me look." || reply.FinishReason != "tool_use" {
		t.Errorf("turn 1: %+v", reply)
	}
	body := srv.Body(1)
	adaptertest.SameText(t, "assistant turn", adaptertest.At(t, body, "messages", "1"),
		[]byte(`{"content":[{"text":"Let me look.","type":"text"},{"id":"toolu_1","input":{"station": 0},"name":"lookup","type":"tool_use"}],"role":"assistant"}`))
	result := adaptertest.At(t, body, "messages", "2", "content", "0")
	var r struct {
		Type, ToolUseID string
		IsError         bool `json:"is_error"`
		Content         []struct{ Text string }
	}
	json.Unmarshal(result, &r)
	r.ToolUseID = string(adaptertest.At(t, result, "tool_use_id"))
	if r.Type != "tool_result" || r.ToolUseID != `"toolu_1"` || !r.IsError || len(r.Content) != 1 || !strings.Contains(r.Content[0].Text, "/station") {
		t.Errorf("tool result sent: %s", result)
	}
}

func TestOutputToolTruncatedRefused(t *testing.T) {
	m, srv := newModel(t,
		message("tool_use", toolUse("toolu_1", "Forecast", `{"summary":"","high":21}`)),
		message("tool_use", toolUse("toolu_2", "Forecast", forecast)),
		message("max_tokens", text(`{"summary":"Sun`)),
		message("refusal"))
	spec := adaptertest.ForecastOutput.Spec(runtime.OutputTool)
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}, Output: spec}
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput)
	if err != nil || got.Summary != "Sunny" {
		t.Fatalf("Complete: %+v %v", got, err)
	}
	adaptertest.SameText(t, "tool_choice", adaptertest.At(t, srv.Body(0), "tool_choice"), []byte(`{"name":"Forecast","type":"tool"}`))
	adaptertest.SameText(t, "output tool", adaptertest.At(t, srv.Body(0), "tools", "0", "input_schema"), spec.ToolParameters)
	second := srv.Body(1)
	if !strings.Contains(string(adaptertest.At(t, second, "messages", "2")), `"tool_use_id":"toolu_1"`) {
		t.Errorf("the problems did not go back as the call's result: %s", adaptertest.At(t, second, "messages"))
	}

	req.Output = nil
	_, err = runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithRepair(runtime.NoRepair))
	if !errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("max_tokens: %v", err)
	}
	_, err = m.Generate(context.Background(), req)
	var refusal *adapter.RefusalError
	if !errors.As(err, &refusal) || !errors.Is(err, runtime.ErrRefused) || refusal.Provider != "anthropic" || refusal.Reason != "refusal" {
		t.Errorf("refusal: %v", err)
	}
}

func TestConversationShapes(t *testing.T) {
	msgs := []runtime.Message{
		{Role: "user", Content: "Go."},
		{Role: "assistant", ToolCalls: []runtime.ToolCall{
			{ID: "a", Name: "lookup", Arguments: json.RawMessage(`{"station":1}`)},
			{ID: "b", Name: "lookup", Arguments: json.RawMessage(`{"station": 2`)}, // malformed, from another provider
		}},
		runtime.ToolResultMessage(runtime.ToolCall{ID: "a", Name: "lookup"}, "ok", nil),
		runtime.ToolErrorMessage(runtime.ToolCall{ID: "b", Name: "lookup"}, errors.New("bad")),
		{Role: "user", Content: "And now?"},
	}
	m, srv := newModel(t, message("end_turn", text("ok")))
	if _, err := m.Generate(context.Background(), runtime.Request{Messages: msgs}); err != nil {
		t.Fatal(err)
	}
	got := adaptertest.At(t, srv.Body(0), "messages")
	want := `[{"content":[{"text":"Go.","type":"text"}],"role":"user"},` +
		`{"content":[{"id":"a","input":{"station":1},"name":"lookup","type":"tool_use"},{"id":"b","input":{"arguments":"{\"station\": 2"},"name":"lookup","type":"tool_use"}],"role":"assistant"},` +
		`{"content":[{"tool_use_id":"a","is_error":false,"content":[{"text":"ok","type":"text"}],"type":"tool_result"},{"tool_use_id":"b","is_error":true,"content":[{"text":"bad","type":"text"}],"type":"tool_result"},{"text":"And now?","type":"text"}],"role":"user"}]`
	adaptertest.SameText(t, "conversation", got, []byte(want))
	for name, bad := range map[string][]runtime.Message{
		"tool without result": {{Role: "tool"}},
		"unknown role":        {{Role: "narrator"}},
	} {
		if _, err := m.Generate(context.Background(), runtime.Request{Messages: bad}); err == nil || !strings.HasPrefix(err.Error(), "anthropic: message 0") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
