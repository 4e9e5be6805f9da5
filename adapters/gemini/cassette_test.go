package gemini_test

import (
	"context"
	"net/http"
	"testing"

	"google.golang.org/genai"

	sggemini "github.com/structgen/structgen/adapters/gemini"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// The genai client records through a cassette (ClientConfig.HTTPClient,
// wrapped by sggemini.HTTPClient) and replays it offline to the same typed
// answer.
func TestCassette(t *testing.T) {
	srv := adaptertest.NewServer(t, candidate("STOP", text(forecast)))
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	got := adaptertest.RecordReplay(t, func(hc *http.Client) string {
		c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
			APIKey: "secret-google-key", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL + "/"},
			HTTPClient: sggemini.HTTPClient(hc),
		})
		if err != nil {
			t.Fatal(err)
		}
		f, err := runtime.Complete(context.Background(), sggemini.Models{Client: c, Model: "gemini-test"}, req, adaptertest.ForecastOutput)
		if err != nil {
			t.Fatal(err)
		}
		return f.Summary
	})
	if got != "Sunny" {
		t.Errorf("got %q", got)
	}
}

// A streamed exchange records and replays with its pieces as they came,
// through the adapter's transport over the cassette's.
func TestStreamCassette(t *testing.T) {
	var events []string
	for _, p := range adaptertest.Pieces(adaptertest.StreamedForecast, 4) {
		events = append(events, chunk("", text(p)))
	}
	srv := adaptertest.NewServer(t, adaptertest.SSE(append(events, chunk("STOP"))...))
	adaptertest.RecordReplayStream(t, func(hc *http.Client) runtime.StreamingModel {
		c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
			APIKey: "secret-google-key", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL + "/"},
			HTTPClient: sggemini.HTTPClient(hc),
		})
		if err != nil {
			t.Fatal(err)
		}
		return sggemini.Models{Client: c, Model: "gemini-test"}
	})
}
