package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/cassette"
)

var standin = flag.Bool("standin", false, "record "+cassettePath+" again from the stand-in server")

func TestRun(t *testing.T) {
	if *standin {
		recordStandIn(t)
	}
	var out bytes.Buffer
	if err := replay(&out, false); err != nil {
		t.Fatal(err)
	}
	want := `extraction, as it streams:
  title: Lovelace and Babbage
  entity 0: Ada Lovelace (person)
  entity 1: Charles Babbage (person)
  entity 2: London (place)
  entity 3: Science Museum (company)
  attempt 1 failed (parse Extraction: /entities/3/kind: value must be one of 'person', 'place', 'organisation'); attempt 2 starts
  title: Lovelace and Babbage
  entity 0: Ada Lovelace (person)
  entity 1: Charles Babbage (person)
  entity 2: London (place)
  entity 3: Science Museum (organisation)
result: "Lovelace and Babbage", 4 entities
entities, one by one:
  Ada Lovelace (person)
  Charles Babbage (person)
  London (place)
  Science Museum (organisation)
search calls:
  call 0: query "A" so far
  call 1: query "Cha" so far
  call 0: query "Ada Lov" so far
  call 1: query "Charles Ba" so far
  call 0: query "Ada Lovelace" so far
  call 1: query "Charles Babbage" so far
  call 0 finished: search "Ada Lovelace", limit 5
  call 1 finished: search "Charles Babbage", limit none
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// The stand-in answers the example's four requests as the Chat
// Completions API streams: chunk events of a few characters each.

func extraction(lastKind string) string {
	return `{"title": "Lovelace and Babbage", "entities": [{"name": "Ada Lovelace", "kind": "person"}, ` +
		`{"name": "Charles Babbage", "kind": "person"}, {"name": "London", "kind": "place"}, ` +
		`{"name": "Science Museum", "kind": "` + lastKind + `"}]}`
}

func chunk(delta, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return `{"id":"chatcmpl-standin","object":"chat.completion.chunk","created":1764806400,"model":"gpt-4.1","choices":[{"index":0,"delta":{` + delta + `},"finish_reason":` + f + `}]}`
}

const usage = `{"id":"chatcmpl-standin","object":"chat.completion.chunk","created":1764806400,"model":"gpt-4.1","choices":[],"usage":{"prompt_tokens":96,"completion_tokens":64,"total_tokens":160}}`

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pieces cuts s into pieces of n bytes, as a model's tokens come.
func pieces(s string, n int) []string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, s[i:min(i+n, len(s))])
	}
	return out
}

func sse(events []string) string {
	var b strings.Builder
	for _, e := range events {
		b.WriteString("data: " + e + "\n\n")
	}
	return b.String() + "data: [DONE]\n\n"
}

func textStream(text string) string {
	events := []string{chunk(`"role":"assistant","content":""`, "")}
	for _, p := range pieces(text, 6) {
		events = append(events, chunk(`"content":`+quote(p), ""))
	}
	return sse(append(events, chunk(``, "stop"), usage))
}

func callsStream() string {
	call := func(i int, args string) string {
		return chunk(fmt.Sprintf(`"tool_calls":[{"index":%d,"function":{"arguments":%s}}]`, i, quote(args)), "")
	}
	events := []string{
		chunk(`"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search","arguments":""}}]`, ""),
		chunk(`"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"search","arguments":""}}]`, ""),
	}
	a, b := pieces(`{"query": "Ada Lovelace", "limit": 5}`, 6), pieces(`{"query": "Charles Babbage"}`, 7)
	for i := range max(len(a), len(b)) {
		if i < len(a) {
			events = append(events, call(0, a[i]))
		}
		if i < len(b) {
			events = append(events, call(1, b[i]))
		}
	}
	return sse(append(events, chunk(``, "tool_calls"), usage))
}

// recordStandIn records the cassette from the stand-in, whose answers
// reach the SDK as if from api.openai.com.
func recordStandIn(t *testing.T) {
	replies := []string{textStream(extraction("company")), textStream(extraction("organisation")), textStream(extraction("organisation")), callsStream()}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		if len(replies) == 0 {
			http.Error(w, "no reply left", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, line := range strings.SplitAfter(replies[0], "\n\n") {
			io.WriteString(w, line)
			w.(http.Flusher).Flush()
		}
		replies = replies[1:]
	}))
	defer srv.Close()
	target, _ := url.Parse(srv.URL)
	rec, err := cassette.Open(cassettePath, cassette.Record)
	if err != nil {
		t.Fatal(err)
	}
	rec.Transport = redirect{target}
	if err := run(t.Context(), io.Discard, modelOver(rec, "offline")); err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if len(replies) != 0 {
		t.Fatalf("%d stand-in replies were not asked for", len(replies))
	}
	data, _ := os.ReadFile(cassettePath)
	if bytes.Contains(data, []byte("offline")) {
		t.Fatal("the cassette holds the API key")
	}
}

// redirect sends every request to the stand-in.
type redirect struct{ to *url.URL }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host, out.Host = r.to.Scheme, r.to.Host, ""
	return http.DefaultTransport.RoundTrip(out)
}
