package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

func response(status, output string) string {
	incomplete := "null"
	if status == "incomplete" {
		incomplete = `{"reason":"max_output_tokens"}`
	}
	return `{"id":"r","object":"response","created_at":1,"model":"m","status":"` + status + `","incomplete_details":` + incomplete +
		`,"output":[` + output + `],"usage":{"input_tokens":80,"output_tokens":20,"total_tokens":100}}`
}

func responseText(text string) string {
	t, _ := json.Marshal(text)
	return `{"type":"message","id":"m1","role":"assistant","status":"completed","content":[{"type":"output_text","text":` + string(t) + `,"annotations":[]}]}`
}

func responseCall(id, name, args string) string {
	a, _ := json.Marshal(args)
	return `{"type":"function_call","id":"fc","call_id":"` + id + `","name":"` + name + `","arguments":` + string(a) + `,"status":"completed"}`
}

// fields returns a JSON object's members with their bytes as they were.
func fields(t *testing.T, raw json.RawMessage) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestResponsesSendsSchemasByteForByte(t *testing.T) {
	client, srv := newClient(t, response("completed", responseText(forecast)))
	m := sgopenai.Responses{Client: client, Model: "gpt-test"}
	req := runtime.Request{
		Messages: []runtime.Message{{Role: "system", Content: "You forecast."}, {Role: "user", Content: "Tomorrow?"}},
		Tools:    adaptertest.Tools,
		Output:   adaptertest.ForecastOutput.Spec(runtime.OutputNative),
	}
	var usage runtime.Usage
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithUsage(&usage))
	if err != nil || got.High != 21 || usage.InputTokens != 80 || usage.OutputTokens != 20 {
		t.Fatalf("Complete: %+v %+v %v", got, usage, err)
	}
	if srv.Path(0) != "/v1/responses" {
		t.Errorf("path %s", srv.Path(0))
	}
	body := srv.Body(0)
	// The Responses API has the function definition's members at the
	// tool's top level; each is sent with the dialect's bytes.
	for i, tool := range adaptertest.Tools {
		sent := fields(t, at(t, body, "tools", strconv.Itoa(i)))
		def := fields(t, at(t, tool.OpenAI(), "function"))
		if string(sent["type"]) != `"function"` || len(sent) != len(def)+1 {
			t.Errorf("%s: members %v, want those of %v and type", tool.Name, sent, def)
		}
		for k, v := range def {
			sameBytes(t, tool.Name+"."+k, sent[k], v)
		}
	}
	format := fields(t, at(t, body, "text", "format"))
	js := fields(t, at(t, adaptertest.ForecastOutput.OpenAI(), "json_schema"))
	if string(format["type"]) != `"json_schema"` || len(format) != len(js)+1 {
		t.Errorf("text format %v", format)
	}
	for k, v := range js {
		sameBytes(t, "format."+k, format[k], v)
	}
	if !strings.Contains(string(body), `"maximum":9007199254740993`) {
		t.Errorf("the bound beyond 2^53 was lost:\n%s", body)
	}
}

func TestResponsesToolCallRepairedNextTurn(t *testing.T) {
	client, srv := newClient(t,
		response("completed", responseCall("call_1", "lookup", `{"station": "north"}`)),
		response("completed", responseCall("call_2", "lookup", `{"station": 9007199254740993}`)))
	m := sgopenai.Responses{Client: client, Model: "gpt-test"}
	if reply := adaptertest.RepairedCall(t, m); reply.ToolCalls[0].ID != "call_1" {
		t.Errorf("call id %q", reply.ToolCalls[0].ID)
	}
	body := srv.Body(1)
	sameBytes(t, "call item", at(t, body, "input", "1"),
		[]byte(`{"arguments":"{\"station\": \"north\"}","call_id":"call_1","name":"lookup","type":"function_call"}`))
	var out struct{ Type, CallID, Output string }
	out.CallID = string(at(t, body, "input", "2", "call_id"))
	json.Unmarshal(at(t, body, "input", "2", "type"), &out.Type)
	json.Unmarshal(at(t, body, "input", "2", "output"), &out.Output)
	if out.Type != "function_call_output" || out.CallID != `"call_1"` || !strings.Contains(out.Output, "/station") {
		t.Errorf("tool result sent: %+v", out)
	}
}

func TestResponsesOutputToolAndTruncation(t *testing.T) {
	client, srv := newClient(t,
		response("completed", responseCall("call_1", "Forecast", forecast)),
		response("incomplete", responseText(`{"summary":"Sun`)))
	m := sgopenai.Responses{Client: client, Model: "gpt-test"}
	spec := adaptertest.ForecastOutput.Spec(runtime.OutputTool)
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}, Output: spec}
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput)
	if err != nil || got.Summary != "Sunny" {
		t.Fatalf("Complete: %+v %v", got, err)
	}
	sameBytes(t, "tool_choice", at(t, srv.Body(0), "tool_choice"), []byte(`{"name":"Forecast","type":"function"}`))
	sameBytes(t, "output tool", at(t, srv.Body(0), "tools", "0", "parameters"), spec.ToolParameters)

	req.Output = nil
	_, err = runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithRepair(runtime.NoRepair))
	if !errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("incomplete response: %v", err)
	}
}
