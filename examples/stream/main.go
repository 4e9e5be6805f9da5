// Command stream shows structgen's streaming over the OpenAI adapter,
// offline: a cassette replays the Chat Completions streams of four
// requests. An extraction streams as a typed partial, each entity shown
// once the model has finished it; its first reply names a kind the schema
// does not have, so the repair loop asks again and says so. Then the same
// extraction streams item by item, and two parallel calls of a search tool
// stream their typed arguments, apart by index.
//
// go run . -record records the cassette again from the real API, with
// OPENAI_API_KEY; the committed one was recorded from a stand-in that
// streams as the API does (main_test.go, -standin).
package main

//go:generate go -C ../.. run ./cmd/structgen -config examples/stream/structgen.yaml

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/cassette"
	"github.com/structgen/structgen/examples/stream/extract"
	"github.com/structgen/structgen/runtime"
)

// cassettePath is where the recorded exchanges are.
const cassettePath = "testdata/cassette.json"

func main() {
	record := flag.Bool("record", false, "record the cassette from the real API, with OPENAI_API_KEY")
	flag.Parse()
	if err := replay(os.Stdout, *record); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// replay runs the example through the cassette: replaying it, or
// recording it from the real API.
func replay(w io.Writer, record bool) error {
	mode, key := cassette.Replay, "offline"
	if record {
		mode, key = cassette.Record, os.Getenv("OPENAI_API_KEY")
	}
	rec, err := cassette.Open(cassettePath, mode)
	if err != nil {
		return err
	}
	if err := run(context.Background(), w, modelOver(rec, key)); err != nil {
		return err
	}
	return rec.Close()
}

// modelOver returns the model, its client sending through rec.
func modelOver(rec *cassette.Recorder, key string) sgopenai.Chat {
	client := oai.NewClient(option.WithAPIKey(key), option.WithHTTPClient(rec.Client()), option.WithMaxRetries(0))
	return sgopenai.Chat{Client: &client, Model: "gpt-4.1"}
}

// article is the text the model extracts from.
const article = `Ada Lovelace wrote the first published program for Charles Babbage's
Analytical Engine in London; the Science Museum shows his Difference Engine.`

func extractRequest() runtime.Request {
	return runtime.Request{Messages: []runtime.Message{
		{Role: "system", Content: "Extract the people, places and organisations the text names."},
		{Role: "user", Content: article},
	}}
}

func run(ctx context.Context, w io.Writer, model runtime.StreamingModel) error {
	// 1. The answer as it streams, through the repair loop.
	fmt.Fprintln(w, "extraction, as it streams:")
	s := runtime.CompleteStream(ctx, model, extractRequest(), extract.ExtractionOutput, extract.ParseExtractionPartial)
	shown, titled := 0, false
	for u := range s.Updates() {
		if u.Retry != nil {
			fmt.Fprintf(w, "  attempt %d failed (%v); attempt %d starts\n", u.Attempt-1, u.Retry, u.Attempt)
			shown, titled = 0, false
			continue
		}
		if title, ok := u.Partial.Title.Get(); ok && u.Partial.Title.Done() && !titled {
			fmt.Fprintf(w, "  title: %s\n", title)
			titled = true
		}
		entities, _ := u.Partial.Entities.Get()
		for ; shown < len(entities) && entities[shown].Kind.Done(); shown++ {
			name, _ := entities[shown].Name.Get()
			kind, _ := entities[shown].Kind.Get()
			fmt.Fprintf(w, "  entity %d: %s (%s)\n", shown, name, kind)
		}
	}
	ex, err := s.Result()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "result: %q, %d entities\n", ex.Title, len(ex.Entities))

	// 2. The same extraction, item by item.
	fmt.Fprintln(w, "entities, one by one:")
	req := extractRequest()
	req.Output = extract.ExtractionOutput.Spec(runtime.OutputNative)
	for e, err := range runtime.Items[extract.Entity](extract.ExtractionOutput, runtime.TextOf(model.GenerateStream(ctx, req)), "/entities") {
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %s (%s)\n", e.Name, e.Kind)
	}

	// 3. Two parallel tool calls, their typed arguments as they stream.
	fmt.Fprintln(w, "search calls:")
	searches := runtime.NewCallReader(extract.ParseSearchActionPartial)
	queries := map[int]string{} // the query shown last, by call
	calls := runtime.Request{Tools: extract.Tools, Messages: []runtime.Message{
		{Role: "user", Content: "Find what the archive holds on Lovelace and on Babbage."},
	}}
	for u, err := range runtime.StreamCalls(model.GenerateStream(ctx, calls)) {
		if err != nil {
			return err // a call the stream cut off: an error that unwraps to runtime.ErrTruncated
		}
		p, changed, err := searches.Read(u)
		if err != nil {
			return err
		}
		if q, ok := p.Query.Get(); changed && ok && q != queries[u.Index] {
			fmt.Fprintf(w, "  call %d: query %q so far\n", u.Index, q)
			queries[u.Index] = q
		}
		if u.Finished {
			action, err := extract.ParseToolCall(u.Call.Name, u.Call.Arguments)
			if err != nil {
				return err
			}
			a := action.(extract.SearchArgs)
			limit := "none"
			if a.Limit != nil {
				limit = fmt.Sprint(*a.Limit)
			}
			fmt.Fprintf(w, "  call %d finished: search %q, limit %s\n", u.Index, a.Query, limit)
		}
	}
	return nil
}
