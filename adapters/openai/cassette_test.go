package openai_test

import (
	"context"
	"net/http"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// The SDK's client records through a cassette (option.WithHTTPClient) and
// replays it offline to the same typed answer.
func TestCassette(t *testing.T) {
	srv := adaptertest.NewServer(t, chatText(forecast, "stop"))
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	got := adaptertest.RecordReplay(t, func(hc *http.Client) string {
		c := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("sk-secret"), option.WithMaxRetries(0), option.WithHTTPClient(hc))
		f, err := runtime.Complete(context.Background(), sgopenai.Chat{Client: &c, Model: "gpt-test"}, req, adaptertest.ForecastOutput)
		if err != nil {
			t.Fatal(err)
		}
		return f.Summary
	})
	if got != "Sunny" {
		t.Errorf("got %q", got)
	}
}

// A streamed exchange records and replays with its pieces as they came.
func TestStreamCassette(t *testing.T) {
	events := []string{}
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk(`"content":`+adaptertest.Quote(p), ""))
	}
	srv := adaptertest.NewServer(t, adaptertest.SSE(append(events, chunk(``, "stop"), usageChunk, "[DONE]")...))
	adaptertest.RecordReplayStream(t, func(hc *http.Client) runtime.StreamingModel {
		c := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("sk-secret"), option.WithMaxRetries(0), option.WithHTTPClient(hc))
		return sgopenai.Chat{Client: &c, Model: "gpt-test"}
	})
}
