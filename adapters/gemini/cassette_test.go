package gemini_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/genai"

	sggemini "github.com/structgen/structgen/adapters/gemini"
	"github.com/structgen/structgen/cassette"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// The genai client records through a cassette (ClientConfig.HTTPClient,
// wrapped by sggemini.HTTPClient) and replays it offline to the same typed
// answer.
func TestCassette(t *testing.T) {
	srv := adaptertest.NewServer(t, candidate("STOP", text(forecast)))
	path := filepath.Join(t.TempDir(), "generate.json")
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	complete := func(rec *cassette.Recorder) string {
		c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
			APIKey: "secret-google-key", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL + "/"},
			HTTPClient: sggemini.HTTPClient(rec.Client()),
		})
		if err != nil {
			t.Fatal(err)
		}
		f, err := runtime.Complete(context.Background(), sggemini.Models{Client: c, Model: "gemini-test"}, req, adaptertest.ForecastOutput)
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
