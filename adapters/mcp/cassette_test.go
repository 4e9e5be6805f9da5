package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	sgmcp "github.com/structgen/structgen/adapters/mcp"
	"github.com/structgen/structgen/internal/adaptertest"
)

// An MCP client over the streamable HTTP transport records through a
// cassette (StreamableClientTransport.HTTPClient) and replays offline to
// the same typed result. The standalone SSE stream is off: its GET would
// race the session's requests, and a cassette replays in order.
func TestCassette(t *testing.T) {
	s := weatherServer(t)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	got := adaptertest.RecordReplay(t, func(hc *http.Client) string {
		ctx := context.Background()
		c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
		cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		f, err := sgmcp.CallTool(ctx, cs, "finish", json.RawMessage(`{"message":"ok","summary":"Sunny","high":21}`), adaptertest.ParseForecast)
		if err != nil {
			t.Fatal(err)
		}
		return f.Summary
	})
	if got != "Sunny" {
		t.Errorf("got %q", got)
	}
}
