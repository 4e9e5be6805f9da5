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
