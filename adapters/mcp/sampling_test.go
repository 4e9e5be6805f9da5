package mcp_test

//lint:file-ignore SA1019 the test drives sampling, deprecated as of protocol 2026-07-28 but served before it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	sgmcp "github.com/structgen/structgen/adapters/mcp"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

// sampled connects a client whose model answers with replies, in order,
// on the given protocol version, and returns the server's session and the
// requests the client's model saw.
func sampled(t *testing.T, protocol string, replies ...*mcp.CreateMessageWithToolsResult) (*mcp.ServerSession, func() []*mcp.CreateMessageWithToolsParams, *syncBuffer) {
	t.Helper()
	ctx := context.Background()
	var mu sync.Mutex
	var seen []*mcp.CreateMessageWithToolsParams
	opts := &mcp.ClientOptions{CreateMessageWithToolsHandler: func(_ context.Context, req *mcp.CreateMessageWithToolsRequest) (*mcp.CreateMessageWithToolsResult, error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, req.Params)
		if len(replies) == 0 {
			return nil, errors.New("no reply left")
		}
		r := replies[0]
		replies = replies[1:]
		return r, nil
	}}
	ct, st := mcp.NewInMemoryTransports()
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	log := &syncBuffer{} // what the server sends
	ss, err := s.Connect(ctx, &mcp.LoggingTransport{Transport: st, Writer: log}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, opts)
	cs, err := c.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return ss, func() []*mcp.CreateMessageWithToolsParams {
		mu.Lock()
		defer mu.Unlock()
		return seen
	}, log
}

func toolUse(id, name, input string) *mcp.CreateMessageWithToolsResult {
	var in map[string]any
	if err := json.Unmarshal([]byte(input), &in); err != nil {
		panic(err)
	}
	return &mcp.CreateMessageWithToolsResult{Model: "m", Role: "assistant", StopReason: "toolUse",
		Content: []mcp.Content{&mcp.ToolUseContent{ID: id, Name: name, Input: in}}}
}

// The client's model answers the output tool first with a malformed call,
// then with a valid one.
func TestSamplingOutputTool(t *testing.T) {
	ss, seen, log := sampled(t, "2025-11-25",
		toolUse("u1", "Forecast", `{"summary":"","high":21}`),
		toolUse("u2", "Forecast", `{"summary":"Sunny","high":21}`))
	req := runtime.Request{Messages: []runtime.Message{{Role: "system", Content: "You forecast."}, {Role: "user", Content: "Tomorrow?"}},
		Tools: adaptertest.Tools, Output: adaptertest.ForecastOutput.Spec(runtime.OutputTool)}
	got, err := runtime.Complete(context.Background(), sgmcp.Sampling{Session: ss}, req, adaptertest.ForecastOutput)
	if err != nil || got.Summary != "Sunny" {
		t.Fatalf("Complete: %+v %v", got, err)
	}
	reqs := seen()
	first, second := reqs[0], reqs[1]
	if first.SystemPrompt != "You forecast." || first.ToolChoice == nil || first.ToolChoice.Mode != "required" ||
		len(first.Tools) != 3 || first.Tools[2].Name != "Forecast" || first.MaxTokens != adapter.DefaultMaxTokens {
		t.Errorf("first request: %+v", first)
	}
	// Sent as generated (the client's SDK then decodes it into float64s).
	if !strings.Contains(log.String(), `"maximum":9007199254740993`) {
		t.Errorf("lookup's schema lost its bound:\n%s", log.String())
	}
	call := second.Messages[len(second.Messages)-2]
	use, ok := call.Content[0].(*mcp.ToolUseContent)
	if call.Role != "assistant" || !ok || use.ID != "u1" || fmt.Sprint(use.Input["summary"]) != "" {
		t.Errorf("the failed call is not in the conversation: %+v", call)
	}
	last := second.Messages[len(second.Messages)-1]
	r, ok := last.Content[0].(*mcp.ToolResultContent)
	if last.Role != "user" || !ok || r.ToolUseID != "u1" || !r.IsError || !strings.Contains(r.Content[0].(*mcp.TextContent).Text, "/summary") {
		t.Errorf("the problems did not go back as the call's result: %+v", last)
	}
}

func TestSamplingTruncated(t *testing.T) {
	ss, _, _ := sampled(t, "2025-11-25", &mcp.CreateMessageWithToolsResult{Model: "m", Role: "assistant", StopReason: "maxTokens",
		Content: []mcp.Content{&mcp.TextContent{Text: `{"summary":"Sun`}}})
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	_, err := runtime.Complete(context.Background(), sgmcp.Sampling{Session: ss}, req, adaptertest.ForecastOutput, runtime.WithRepair(runtime.NoRepair))
	if !errors.Is(err, runtime.ErrTruncated) {
		t.Errorf("maxTokens: %v", err)
	}
}

// On protocol 2026-07-28 and later the SDK refuses sampling, and says so.
func TestSamplingRefusedOnNewProtocol(t *testing.T) {
	ss, _, _ := sampled(t, "")
	if v := ss.InitializeParams().ProtocolVersion; v < "2026-07-28" {
		t.Skipf("the SDK negotiated %s; nothing to refuse", v)
	}
	_, err := sgmcp.Sampling{Session: ss}.Generate(context.Background(), runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "hi"}}})
	if err == nil || !strings.Contains(err.Error(), "sampling/createMessage") {
		t.Errorf("err = %v", err)
	}
}
