package gemini_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/genai"

	sggemini "github.com/structgen/structgen/adapters/gemini"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

func newModel(t *testing.T, replies ...string) (sggemini.Models, *adaptertest.Server) {
	t.Helper()
	s := adaptertest.NewServer(t, replies...)
	c, err := sggemini.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: s.URL + "/"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return sggemini.Models{Client: c, Model: "gemini-test"}, s
}

func candidate(finish string, parts ...string) string {
	return `{"candidates":[{"content":{"role":"model","parts":[` + strings.Join(parts, ",") + `]},"finishReason":"` + finish +
		`"}],"usageMetadata":{"promptTokenCount":50,"candidatesTokenCount":10,"totalTokenCount":60}}`
}

func text(s string) string {
	b, _ := json.Marshal(s)
	return `{"text":` + string(b) + `}`
}

func call(id, name, args string) string {
	return `{"functionCall":{"id":"` + id + `","name":"` + name + `","args":` + args + `}}`
}

const forecast = `{"summary":"Sunny","high":21}`

func TestSendsSchemasByteForByte(t *testing.T) {
	m, srv := newModel(t, candidate("STOP", text(forecast)))
	req := runtime.Request{
		Messages: []runtime.Message{{Role: "system", Content: "You forecast."}, {Role: "user", Content: "Tomorrow?"}},
		Tools:    adaptertest.Tools,
		Output:   adaptertest.ForecastOutput.Spec(runtime.OutputNative),
	}
	var usage runtime.Usage
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithUsage(&usage))
	if err != nil || got.High != 21 || usage != (runtime.Usage{InputTokens: 50, OutputTokens: 10}) {
		t.Fatalf("Complete: %+v %+v %v", got, usage, err)
	}
	if !strings.HasSuffix(srv.Path(0), "/models/gemini-test:generateContent") {
		t.Errorf("path %s", srv.Path(0))
	}
	body := srv.Body(0)
	decls := adaptertest.At(t, body, "tools", "0", "functionDeclarations")
	for i, tool := range adaptertest.Tools {
		adaptertest.SameText(t, tool.Name, adaptertest.At(t, decls, strconv.Itoa(i), "parametersJsonSchema"),
			adaptertest.At(t, tool.Gemini(), "parametersJsonSchema"))
	}
	adaptertest.SameText(t, "responseJsonSchema", adaptertest.At(t, body, "generationConfig", "responseJsonSchema"),
		adaptertest.At(t, adaptertest.ForecastOutput.Gemini(), "responseJsonSchema"))
	if !strings.Contains(string(body), `"maximum":9007199254740993`) || !strings.Contains(string(body), `"additionalProperties":false`) {
		t.Errorf("the bound beyond 2^53 or the closed object was lost:\n%s", body)
	}
	if string(adaptertest.At(t, body, "generationConfig", "responseMimeType")) != `"application/json"` {
		t.Errorf("responseMimeType: %s", body)
	}
	adaptertest.SameText(t, "system", adaptertest.At(t, body, "systemInstruction", "parts"), []byte(`[{"text":"You forecast."}]`))
}

func TestToolCallRepairedNextTurn(t *testing.T) {
	m, srv := newModel(t,
		candidate("STOP", call("c1", "lookup", `{"station": 0}`)),
		candidate("STOP", call("c2", "lookup", `{"station": 9007199254740993}`)))
	// The arguments are read from the raw response, not from the SDK's
	// float64-rounded Args map.
	if reply := adaptertest.RepairedCall(t, m); reply.ToolCalls[0].ID != "c1" {
		t.Errorf("call id %q", reply.ToolCalls[0].ID)
	}
	body := srv.Body(1)
	adaptertest.SameText(t, "model turn", adaptertest.At(t, body, "contents", "1"),
		[]byte(`{"parts":[{"functionCall":{"args":{"station": 0},"id":"c1","name":"lookup"}}],"role":"model"}`))
	resp := adaptertest.At(t, body, "contents", "2", "parts", "0", "functionResponse")
	var r struct {
		ID, Name string
		Response struct{ Error string }
	}
	json.Unmarshal(resp, &r)
	if r.ID != "c1" || r.Name != "lookup" || !strings.Contains(r.Response.Error, "/station") {
		t.Errorf("function response sent: %s", resp)
	}
}

func TestOutputToolTruncatedBlocked(t *testing.T) {
	m, srv := newModel(t,
		candidate("STOP", call("c1", "Forecast", `{"summary":"","high":21}`)),
		candidate("STOP", call("c2", "Forecast", forecast)),
		candidate("MAX_TOKENS", text(`{"summary":"Sun`)),
		candidate("SAFETY"))
	spec := adaptertest.ForecastOutput.Spec(runtime.OutputTool)
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}, Output: spec}
	got, err := runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput)
	if err != nil || got.Summary != "Sunny" {
		t.Fatalf("Complete: %+v %v", got, err)
	}
	adaptertest.SameText(t, "toolConfig", adaptertest.At(t, srv.Body(0), "toolConfig"),
		[]byte(`{"functionCallingConfig":{"allowedFunctionNames":["Forecast"],"mode":"ANY"}}`))
	adaptertest.SameText(t, "output tool", adaptertest.At(t, srv.Body(0), "tools", "0", "functionDeclarations", "0", "parametersJsonSchema"), spec.ToolParameters)

	req.Output = nil
	_, err = runtime.Complete(context.Background(), m, req, adaptertest.ForecastOutput, runtime.WithRepair(runtime.NoRepair))
	if !errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("MAX_TOKENS: %v", err)
	}
	_, err = m.Generate(context.Background(), req)
	var blocked *adapter.RefusalError
	if !errors.As(err, &blocked) || !errors.Is(err, runtime.ErrRefused) || blocked.Reason != "SAFETY" {
		t.Errorf("blocked: %v", err)
	}
}

// A genai client that does not send through the transport is refused
// before anything is sent: it would round the schemas.
func TestClientWithoutTransport(t *testing.T) {
	s := adaptertest.NewServer(t)
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI,
		HTTPClient: &http.Client{}, HTTPOptions: genai.HTTPOptions{BaseURL: s.URL + "/"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = sggemini.Models{Client: c, Model: "gemini-test"}.Generate(context.Background(), runtime.Request{Tools: adaptertest.Tools})
	if err == nil || !strings.Contains(err.Error(), "gemini.Transport") {
		t.Errorf("err = %v", err)
	}
}
