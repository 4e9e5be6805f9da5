// Command agent runs an agent loop over the OpenAI adapter, offline: a
// local server replays recorded Chat Completions responses. The model reads
// two files; the run stops there (as if the process died) and is resumed
// from its event log; the model then finishes through the finish tool,
// first with a malformed call that is answered with its problems, then
// with a valid one, whose typed report LastFinishResponse returns.
package main

//go:generate go -C ../.. run ./cmd/structgen -config examples/agent/structgen.yaml

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"testing/fstest"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/runtime"
)

func main() {
	if _, err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

var repo = fstest.MapFS{
	"README.md": {Data: []byte("# structgen\n\nstructgen generates typed Go bindings for LLM structured output.\n")},
	"go.mod":    {Data: []byte("module github.com/structgen/structgen\n\ngo 1.24.0\n")},
}

// errCrash stands for the process dying mid-run.
var errCrash = errors.New("the process stopped")

// crashAfter passes n calls to m, then fails.
type crashAfter struct {
	m runtime.Model
	n int
}

func (c *crashAfter) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	if c.n == 0 {
		return runtime.Reply{}, errCrash
	}
	c.n--
	return c.m.Generate(ctx, req)
}

func run(w io.Writer) (*replay, error) {
	ctx := context.Background()
	provider := &replay{}
	srv := httptest.NewServer(provider)
	defer srv.Close()
	client := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("offline"), option.WithMaxRetries(0))
	model := sgopenai.Chat{Client: &client, Model: "gpt-4.1"}

	var log bytes.Buffer
	first := &Agent{Model: &crashAfter{m: model, n: 2}, Files: repo, Log: &log, MaxTurns: 10}
	if err := first.Start("What is this repository? Read what you need, then finish."); err != nil {
		return provider, err
	}
	if _, err := first.Run(ctx); !errors.Is(err, errCrash) {
		return provider, fmt.Errorf("first run: %v", err)
	}
	fmt.Fprintf(w, "first run stopped after %d model calls; event log:\n%s", len(provider.requests), log.String())

	resumed := &Agent{Model: model, Files: repo, Log: &log, MaxTurns: 10}
	if err := resumed.Resume(bytes.NewReader(log.Bytes())); err != nil {
		return provider, err
	}
	report, err := resumed.Run(ctx)
	if err != nil {
		return provider, err
	}
	fmt.Fprintf(w, "resumed run finished after %d model calls in all\n", len(provider.requests))
	fmt.Fprintf(w, "report: %s\nfiles: %v\n", report.Summary, report.Files)
	return provider, nil
}
