// Command consumer is a module outside structgen's repository as a user
// writes one: it requires the core and the OpenAI adapter at a tagged
// version, runs structgen through a tool directive, and asks a model (a
// local server that answers like the Chat Completions API) for a typed
// value. .ci/run builds it against a file-based module proxy that serves
// the repository's modules at a test tag; it has no go.mod of its own in
// the repository, so that no tooling of the repository treats it as one.
package main

//go:generate go tool structgen -config structgen.yaml

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/runtime"

	"consumer/forecast"
)

// reply is what the server answers: a fenced reply with a trailing comma,
// which the output's lenient reading repairs (two repairs: the fence, the
// comma).
const reply = `{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop",` +
	`"message":{"role":"assistant","content":"` + "```json\\n{\\\"summary\\\": \\\"Sunny\\\", \\\"high\\\": 21,}\\n```" + `"}}],` +
	`"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`

func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, reply)
	}))
	defer srv.Close()
	client := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	model := sgopenai.Chat{Client: &client, Model: "test"}
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Weather tomorrow?"}}}
	var repairs []runtime.Repair
	f, err := runtime.Complete(context.Background(), model, req, forecast.ForecastOutput, runtime.WithRepairs(&repairs))
	if err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
	fmt.Printf("%s, high %d; repairs: %d\n", f.Summary, f.High, len(repairs))
}
