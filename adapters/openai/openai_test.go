package openai_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

func newClient(t *testing.T, replies ...string) (*oai.Client, *adaptertest.Server) {
	t.Helper()
	s := adaptertest.NewServer(t, replies...)
	c := oai.NewClient(option.WithBaseURL(s.URL+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	return &c, s
}

var (
	at        = adaptertest.At
	sameBytes = adaptertest.SameText
)

func chatReply(message string, finish string) string {
	return `{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"` + finish +
		`","message":{"role":"assistant",` + message + `}}],"usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150}}`
}

func chatCall(id, name, args string) string {
	a, _ := json.Marshal(args)
	return chatReply(`"content":null,"tool_calls":[{"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":`+string(a)+`}}]`, "tool_calls")
}

func chatText(text, finish string) string {
	a, _ := json.Marshal(text)
	return chatReply(`"content":`+string(a), finish)
}

const forecast = `{"summary":"Sunny","high":21}`

func TestChatSendsSchemasByteForByte(t *testing.T) {
	client, srv := newClient(t, chatText(forecast, "stop"))
	m := sgopenai.Chat{Client: client, Model: "gpt-test"}
	req := runtime.Request{
		Messages: []runtime.Message{{Role: "system", Content: "You forecast."}, {Role: "user", Content: "Tomorrow?"}},
		Tools:    adaptertest.Tools,
		Output:   adaptertest.ForecastOutput.Spec(runtime.OutputNative),
	}
	var usage runtime.Usage
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithUsage(&usage))
	if err != nil || got.Summary != "Sunny" || got.High != 21 {
		t.Fatalf("Complete: %+v, %v", got, err)
	}
	if usage != (runtime.Usage{InputTokens: 120, OutputTokens: 30}) {
		t.Errorf("usage: %+v", usage)
	}
	if srv.Path(0) != "/v1/chat/completions" {
		t.Errorf("path %s", srv.Path(0))
	}
	body := srv.Body(0)
	for i, tool := range adaptertest.Tools {
		sameBytes(t, tool.Name, at(t, body, "tools", strconv.Itoa(i)), tool.OpenAI())
	}
	sameBytes(t, "response_format", at(t, body, "response_format"), adaptertest.ForecastOutput.OpenAI())
	if !bytes.Contains(body, []byte(`"maximum":9007199254740993`)) || !bytes.Contains(body, []byte(`"additionalProperties":false`)) {
		t.Errorf("the bound beyond 2^53 or the closed object was lost:\n%s", body)
	}
	if string(at(t, body, "tools", "1", "function", "strict")) != "true" {
		t.Errorf("the strict dialect was not sent strict")
	}
	sameBytes(t, "messages", at(t, body, "messages"),
		[]byte(`[{"content":"You forecast.","role":"system"},{"content":"Tomorrow?","role":"user"}]`))
}

// A malformed call is answered with its problems, as the tool's error
// result, and the next turn's call parses into the typed action.
func TestChatToolCallRepairedNextTurn(t *testing.T) {
	client, srv := newClient(t,
		chatCall("call_1", "lookup", `{"station": 0, "unit": "C"}`),
		chatCall("call_2", "lookup", `{"station": 9007199254740993}`))
	m := sgopenai.Chat{Client: client, Model: "gpt-test"}
	if reply := adaptertest.RepairedCall(t, m); reply.FinishReason != "tool_calls" {
		t.Errorf("finish reason %q", reply.FinishReason)
	}

	// What the server saw on turn 2: the call as the model wrote it, then
	// the problems as that call's tool result.
	body := srv.Body(1)
	sameBytes(t, "assistant's call", at(t, body, "messages", "1", "tool_calls", "0"),
		[]byte(`{"id":"call_1","function":{"arguments":"{\"station\": 0, \"unit\": \"C\"}","name":"lookup"},"type":"function"}`))
	var tool struct {
		Role, Content string
		ToolCallID    string `json:"tool_call_id"`
	}
	json.Unmarshal(at(t, body, "messages", "2"), &tool)
	if tool.Role != "tool" || tool.ToolCallID != "call_1" || !strings.Contains(tool.Content, "/station") || !strings.Contains(tool.Content, "unit") {
		t.Errorf("tool result sent: %+v", tool)
	}
}

// The output as a forced tool: an invalid answer goes back as the tool's
// error result and the repaired one is returned typed.
func TestChatOutputTool(t *testing.T) {
	client, srv := newClient(t,
		chatCall("call_1", "Forecast", `{"summary":"","high":21}`),
		chatCall("call_2", "Forecast", forecast))
	m := sgopenai.Chat{Client: client, Model: "gpt-test"}
	spec := adaptertest.ForecastOutput.Spec(runtime.OutputTool)
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}, Output: spec}
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput)
	if err != nil || got.Summary != "Sunny" {
		t.Fatalf("Complete: %+v %v", got, err)
	}
	first := srv.Body(0)
	sameBytes(t, "tool_choice", at(t, first, "tool_choice"), []byte(`{"function":{"name":"Forecast"},"type":"function"}`))
	sameBytes(t, "output tool", at(t, first, "tools", "0", "function", "parameters"), spec.ToolParameters)
	if bytes.Contains(first, []byte(`"response_format"`)) {
		t.Errorf("a forced tool and a response format at once:\n%s", first)
	}
	var tool struct {
		Role, Content string
		ToolCallID    string `json:"tool_call_id"`
	}
	json.Unmarshal(at(t, srv.Body(1), "messages", "2"), &tool)
	if tool.Role != "tool" || tool.ToolCallID != "call_1" || !strings.Contains(tool.Content, "/summary") {
		t.Errorf("problems sent back: %+v", tool)
	}
}

func TestChatTruncatedAndRefused(t *testing.T) {
	client, _ := newClient(t, chatText(`{"summary":"Sun`, "length"),
		chatReply(`"content":null,"refusal":"I cannot help with that."`, "stop"))
	m := sgopenai.Chat{Client: client, Model: "gpt-test"}
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	_, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithRepair(runtime.NoRepair))
	if !errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("a reply cut by the token limit: %v", err)
	}
	_, err = m.Generate(context.Background(), req)
	var refusal *adapter.RefusalError
	if !errors.As(err, &refusal) || !errors.Is(err, runtime.ErrRefused) || refusal.Message != "I cannot help with that." {
		t.Errorf("refusal: %v", err)
	}
}

func TestChatBadRequests(t *testing.T) {
	m := sgopenai.Chat{Client: new(oai.Client)}
	for name, req := range map[string]runtime.Request{
		"tool message without result": {Messages: []runtime.Message{{Role: "tool", Content: "x"}}},
		"unknown role":                {Messages: []runtime.Message{{Role: "narrator"}}},
		"native without dialect":      {Output: &runtime.OutputSpec{Name: "X", Mode: runtime.OutputNative}},
	} {
		if _, err := m.Generate(context.Background(), req); err == nil || !strings.HasPrefix(err.Error(), "openai: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A tool made by hand, without dialects, is described from its canonical
// parameters, not strict, bytes kept.
func TestToolWithoutDialect(t *testing.T) {
	params := `{"type":"object","properties":{"n":{"type":"integer","maximum":9007199254740993}}}`
	tool := runtime.Tool{Name: "plain", Description: "d", Parameters: json.RawMessage(params)}
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Go."}}, Tools: []runtime.Tool{tool}}
	client, srv := newClient(t, chatText(`"ok"`, "stop"), response("completed", responseText("ok")))
	if _, err := (sgopenai.Chat{Client: client, Model: "gpt-test"}).Generate(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	sameBytes(t, "chat tool", at(t, srv.Body(0), "tools", "0"), []byte(`{"type":"function","function":{"name":"plain","description":"d","parameters":`+params+`}}`))
	if _, err := (sgopenai.Responses{Client: client, Model: "gpt-test"}).Generate(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	sameBytes(t, "responses tool", at(t, srv.Body(1), "tools", "0"), []byte(`{"type":"function","name":"plain","description":"d","parameters":`+params+`}`))
	req.Tools = []runtime.Tool{{Name: "bad", Parameters: json.RawMessage(`[1]`)}}
	if _, err := (sgopenai.Chat{Client: client}).Generate(context.Background(), req); err == nil {
		t.Error("parameters that are not an object were accepted")
	}
}
