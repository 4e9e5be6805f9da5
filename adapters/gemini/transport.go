package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// The genai SDK builds a request body by marshaling its parameters and
// decoding them into map[string]any, which reorders keys and rounds every
// number through float64 (a "maximum" of 2^53+1 would arrive as 2^53), and
// decodes responses the same way. So the adapter sends a placeholder
// string where a schema or structured result goes, and its transport puts
// the raw bytes in place of each placeholder in the body on the wire; it
// also keeps the raw response, so that function-call arguments are read as
// the model wrote them.

// placeholderPrefix starts every placeholder; a request's placeholders
// are numbered.
const placeholderPrefix = "structgen:raw:7f3c2a:"

type exchangeKey struct{}

// exchange is one Generate call's raw values and what the transport did.
type exchange struct {
	raw      []json.RawMessage
	replaced int
	response []byte

	mu     sync.Mutex
	events [][]byte // a streamed response's data lines not yet taken
}

// next takes the raw JSON of the next event of a streamed response: the
// one the SDK's response of the same place was decoded from.
func (e *exchange) next() []byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.events) == 0 {
		return nil
	}
	ev := e.events[0]
	e.events = e.events[1:]
	return ev
}

// hold returns the placeholder that stands for raw in the request.
func (e *exchange) hold(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) == nil { // the same text without the constant's indentation
		raw = b.Bytes()
	}
	e.raw = append(e.raw, raw)
	return placeholderPrefix + strconv.Itoa(len(e.raw)-1)
}

// Transport is an http.RoundTripper that sends the raw JSON a request's
// placeholders stand for and keeps the raw response. A genai client must
// use it (NewClient or HTTPClient arrange that) for Models to send schemas
// without loss.
type Transport struct {
	// Base sends the request; nil means http.DefaultTransport.
	Base http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	ex, _ := req.Context().Value(exchangeKey{}).(*exchange)
	if ex == nil || req.Body == nil {
		return base.RoundTrip(req)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	ex.replaced = 0
	for i := len(ex.raw) - 1; i >= 0; i-- { // from the last, so that "…:1" does not match "…:10"
		quoted := strconv.Quote(placeholderPrefix + strconv.Itoa(i))
		for _, form := range [][]byte{[]byte(`{"` + placeholderArgs + `":` + quoted + `}`), []byte(quoted)} {
			if bytes.Contains(body, form) {
				body = bytes.ReplaceAll(body, form, ex.raw[i])
				ex.replaced++
				break
			}
		}
	}
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.ContentLength = int64(len(body))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	resp, err := base.RoundTrip(out)
	if err != nil || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	if req.URL.Query().Get("alt") == "sse" {
		// A stream is read as it comes; its data lines are kept as they
		// pass, one per response the SDK yields.
		resp.Body = &eventTee{body: resp.Body, ex: ex}
		return resp, nil
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	ex.response = data
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return resp, nil
}

// HTTPClient returns a copy of c (nil: a new client) whose transport is a
// Transport over c's.
func HTTPClient(c *http.Client) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	if _, ok := out.Transport.(*Transport); !ok {
		out.Transport = &Transport{Base: out.Transport}
	}
	return &out
}

func withExchange(ctx context.Context) (context.Context, *exchange) {
	ex := &exchange{}
	return context.WithValue(ctx, exchangeKey{}, ex), ex
}

// errNoTransport says the genai client does not send through Transport.
var errNoTransport = errors.New("gemini: the genai client does not use gemini.Transport, so its schemas would be sent rounded; make it with gemini.NewClient or give its ClientConfig gemini.HTTPClient(…)")

// check reports whether every placeholder of the request was replaced.
func (e *exchange) check() error {
	if len(e.raw) > 0 && e.replaced != len(e.raw) {
		if e.replaced == 0 {
			return errNoTransport
		}
		return fmt.Errorf("gemini: %d of %d schemas did not reach the request body", len(e.raw)-e.replaced, len(e.raw))
	}
	return nil
}

// eventTee passes a server-sent event stream through and keeps the
// payload of each "data:" line for the exchange, as the SDK reads it.
type eventTee struct {
	body    io.ReadCloser
	ex      *exchange
	partial []byte // the start of a line not yet ended
}

func (t *eventTee) Read(p []byte) (int, error) {
	n, err := t.body.Read(p)
	t.partial = append(t.partial, p[:n]...)
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		t.line(t.partial[:i])
		t.partial = t.partial[i+1:]
	}
	if err == io.EOF && len(t.partial) > 0 {
		t.line(t.partial)
		t.partial = nil
	}
	return n, err
}

func (t *eventTee) line(l []byte) {
	l = bytes.TrimRight(l, "\r")
	if data, ok := bytes.CutPrefix(l, []byte("data:")); ok {
		t.ex.mu.Lock()
		t.ex.events = append(t.ex.events, bytes.Clone(bytes.TrimSpace(data)))
		t.ex.mu.Unlock()
	}
}

func (t *eventTee) Close() error { return t.body.Close() }
