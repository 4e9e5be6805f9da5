package anthropic_test

import (
	"context"
	"net/http"
	"testing"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	sganthropic "github.com/structgen/structgen/adapters/anthropic"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// The SDK's client records through a cassette (option.WithHTTPClient) and
// replays it offline to the same typed answer.
func TestCassette(t *testing.T) {
	srv := adaptertest.NewServer(t, message("end_turn", text(forecast)))
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	got := adaptertest.RecordReplay(t, func(hc *http.Client) string {
		c := ant.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("sk-ant-secret"), option.WithMaxRetries(0), option.WithHTTPClient(hc))
		f, err := runtime.Complete(context.Background(), sganthropic.Messages{Client: &c, Model: "claude-test"}, req, adaptertest.ForecastOutput)
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
	parts := [][]string{blockStart(0, `{"type":"text","text":""}`)}
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		parts = append(parts, textPiece(0, p))
	}
	srv := adaptertest.NewServer(t, events(append(parts, blockStop(0), messageEnd("end_turn"))...))
	adaptertest.RecordReplayStream(t, func(hc *http.Client) runtime.StreamingModel {
		c := ant.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("sk-ant-secret"), option.WithMaxRetries(0), option.WithHTTPClient(hc))
		return sganthropic.Messages{Client: &c, Model: "claude-test"}
	})
}
