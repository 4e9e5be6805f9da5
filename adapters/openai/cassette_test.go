package openai_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/cassette"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// The SDK's client records through a cassette (option.WithHTTPClient) and
// replays it offline to the same typed answer.
func TestCassette(t *testing.T) {
	srv := adaptertest.NewServer(t, chatText(forecast, "stop"))
	path := filepath.Join(t.TempDir(), "chat.json")
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	complete := func(rec *cassette.Recorder) string {
		c := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("sk-secret"), option.WithMaxRetries(0), option.WithHTTPClient(rec.Client()))
		f, err := runtime.Complete(context.Background(), sgopenai.Chat{Client: &c, Model: "gpt-test"}, req, adaptertest.ForecastOutput)
		if err != nil {
			t.Fatal(err)
		}
		return f.Summary
	}
	rec, err := cassette.Open(path, cassette.Record)
	if err != nil {
		t.Fatal(err)
	}
	live := complete(rec)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); bytes.Contains(data, []byte("secret")) {
		t.Errorf("the cassette holds the API key:\n%s", data)
	}
	rep, err := cassette.Open(path, cassette.Replay)
	if err != nil {
		t.Fatal(err)
	}
	if replayed := complete(rep); replayed != live || live != "Sunny" {
		t.Errorf("replayed %q, live %q", replayed, live)
	}
	if err := rep.Close(); err != nil {
		t.Error(err)
	}
}
