package mcp_test

import (
	"bytes"
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
)

// syncBuffer is a log that the transport's goroutines write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// connect serves the generated tools and connects a client through the
// SDK's in-memory transport, logging every message the client reads.
func connect(t *testing.T) (*mcp.ClientSession, *syncBuffer) {
	t.Helper()
	ctx := context.Background()
	s := weatherServer(t)
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
	cs, err := c.Connect(ctx, &mcp.LoggingTransport{Transport: ct, Writer: log}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, log
}

// weatherServer serves the generated tools: lookup, whose station 13 is
// offline, and finish, which answers with its forecast.
func weatherServer(t *testing.T) *mcp.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	err := sgmcp.AddTool(s, adaptertest.LookupTool, adaptertest.ParseLookupAction,
		func(_ context.Context, a adaptertest.LookupArgs) (string, error) {
			if a.Station == 13 {
				return "", errors.New("station 13 is offline")
			}
			return fmt.Sprintf("station %d: 12°C", a.Station), nil
		})
	if err != nil {
		t.Fatal(err)
	}
	err = sgmcp.AddTool(s, adaptertest.FinishTool, adaptertest.ParseFinishAction,
		func(_ context.Context, a adaptertest.FinishAction) (adaptertest.Forecast, error) {
			return a.Forecast, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestServerSendsToolsByteForByte(t *testing.T) {
	cs, log := connect(t)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []runtime.Tool{adaptertest.LookupTool, adaptertest.FinishTool} {
		for _, key := range []string{"inputSchema", "outputSchema"} {
			var o map[string]json.RawMessage
			json.Unmarshal(tool.MCP(), &o)
			if o[key] == nil {
				continue
			}
			var want bytes.Buffer
			json.Compact(&want, o[key])
			if !strings.Contains(log.String(), `"`+key+`":`+want.String()) {
				t.Errorf("%s's %s was not sent as generated:\n%s\nlog:\n%s", tool.Name, key, want.String(), log.String())
			}
		}
	}
	if !strings.Contains(log.String(), `"maximum":9007199254740993`) || !strings.Contains(log.String(), `"outputSchema"`) {
		t.Errorf("the bound beyond 2^53 or the output schema is missing:\n%s", log.String())
	}
}

func TestServerCalls(t *testing.T) {
	ctx := context.Background()
	cs, _ := connect(t)
	text := func(b []byte) (string, error) { return string(b), nil }

	// A malformed call: an error result that names the problems.
	_, err := sgmcp.CallTool(ctx, cs, "lookup", json.RawMessage(`{"station":0,"unit":"C"}`), text)
	var te *sgmcp.ToolError
	if !errors.As(err, &te) || !strings.Contains(te.Message, "/station") || !strings.Contains(te.Message, "unit") {
		t.Fatalf("malformed call: %v", err)
	}
	// The handler's error.
	if _, err := sgmcp.CallTool(ctx, cs, "lookup", map[string]any{"station": 13}, text); !errors.As(err, &te) || te.Message != "station 13 is offline" {
		t.Errorf("handler error: %v", err)
	}
	// A tool without response: its text.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "lookup", Arguments: json.RawMessage(`{"station":9007199254740993}`)})
	if err != nil || res.IsError || res.StructuredContent != nil || res.Content[0].(*mcp.TextContent).Text != "station 9007199254740993: 12°C" {
		t.Errorf("lookup: %+v %v", res, err)
	}
	// A tool with a response: the structured result, parsed into the
	// generated type.
	got, err := sgmcp.CallTool(ctx, cs, "finish", json.RawMessage(`{"message":"ok","summary":"Sunny","high":21}`), adaptertest.ParseForecast)
	if err != nil || got != (adaptertest.Forecast{Summary: "Sunny", High: 21}) {
		t.Errorf("finish: %+v %v", got, err)
	}
	res, _ = cs.CallTool(ctx, &mcp.CallToolParams{Name: "finish", Arguments: json.RawMessage(`{"message":"ok","summary":"Sunny","high":21}`)})
	if m, ok := res.StructuredContent.(map[string]any); !ok || m["summary"] != "Sunny" {
		t.Errorf("structuredContent: %#v", res.StructuredContent)
	}
}

func TestAddToolRejectsNonObjectSchema(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "x", Version: "v1"}, nil)
	tool := runtime.Tool{Name: "bad", Parameters: json.RawMessage(`{"type":"string"}`)}
	err := sgmcp.AddTool(s, tool, func([]byte) (string, error) { return "", nil },
		func(context.Context, string) (string, error) { return "", nil })
	if err == nil || !strings.Contains(err.Error(), `not of type "object"`) {
		t.Errorf("err = %v", err)
	}
}
