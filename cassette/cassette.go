// Package cassette records the HTTP exchanges of a provider's SDK into a
// file and replays them, so that tests (and examples) of code that calls
// a model run offline, byte for byte as the provider answered, streamed
// bodies included.
//
// A Recorder is an http.RoundTripper: give it to the SDK's client through
// its HTTP-client option (openai-go and anthropic-sdk-go:
// option.WithHTTPClient; genai: ClientConfig.HTTPClient; the MCP go-sdk's
// transports take an *http.Client). Record once against the real API,
// commit the cassette, replay in tests:
//
//	rec, err := cassette.Open("testdata/weather.json", cassette.Replay) // cassette.Record to refresh it
//	client := openai.NewClient(option.WithHTTPClient(rec.Client()))
//	…
//	defer rec.Close() // Record: writes the file
//
// A cassette never holds credentials: requests are recorded as method,
// URL and body, with the key query parameter dropped, and no request
// header is written. On replay, each request must be the one recorded at
// its turn: one that differs fails with a diff of the two bodies.
package cassette

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sync"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Mode says whether a Recorder records or replays.
type Mode int

const (
	// Replay answers every request from the cassette, in order, and never
	// reaches the network.
	Replay Mode = iota
	// Record sends every request through the Recorder's Transport and
	// writes the exchanges to the cassette on Close.
	Record
)

// Exchange is one request and its response, as the cassette file holds
// them.
type Exchange struct {
	Request  Request  `json:"request"`
	Response Response `json:"response"`
}

// Request is a recorded request: no headers, no credentials. A body that
// is not UTF-8 text is kept in base64.
type Request struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Body   string `json:"body,omitempty"`
	Base64 bool   `json:"base64,omitempty"`
}

// Response is a recorded response. Reads are the lengths of the body's
// pieces as the SDK's reads received them, so that a streamed body is
// replayed with the same boundaries (inside UTF-8 sequences, escapes and
// keys, where they fell). A body that is not UTF-8 text is kept in
// base64.
type Response struct {
	Status int                 `json:"status"`
	Header map[string][]string `json:"header,omitempty"`
	Body   string              `json:"body"`
	Base64 bool                `json:"base64,omitempty"`
	Reads  []int               `json:"reads,omitempty"`
}

// body returns the response's body and the pieces it was read in.
func (r *Response) body() ([][]byte, error) {
	b := []byte(r.Body)
	if r.Base64 {
		var err error
		if b, err = base64.StdEncoding.DecodeString(r.Body); err != nil {
			return nil, err
		}
	}
	var out [][]byte
	for _, n := range r.Reads {
		if n <= 0 || n > len(b) {
			return nil, fmt.Errorf("a read of %d bytes past the body's %d", n, len(b))
		}
		out, b = append(out, b[:n]), b[n:]
	}
	if len(b) > 0 {
		out = append(out, b)
	}
	return out, nil
}

// secretParams are query parameters that carry credentials.
var secretParams = []string{"key", "api_key", "api-key", "access_token"}

// droppedResponseHeaders are response headers not worth keeping: they
// change with every call or set state.
var droppedResponseHeaders = []string{"Set-Cookie", "Date", "Cf-Ray", "X-Request-Id", "Request-Id", "Openai-Processing-Ms", "Anthropic-Organization-Id", "Openai-Organization"}

// Recorder records exchanges into a cassette or replays them from one.
type Recorder struct {
	path string
	mode Mode
	// Transport sends requests while recording; nil means
	// http.DefaultTransport.
	Transport http.RoundTripper

	mu        sync.Mutex
	exchanges []*Exchange
	next      int
}

// Open returns a Recorder for the cassette at path. In Replay mode the
// file must exist; in Record mode it is written by Close.
func Open(path string, mode Mode) (*Recorder, error) {
	r := &Recorder{path: path, mode: mode}
	if mode == Replay {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cassette: %w", err)
		}
		if err := json.Unmarshal(data, &r.exchanges); err != nil {
			return nil, fmt.Errorf("cassette %s: %w", path, err)
		}
	}
	return r, nil
}

// Client returns an *http.Client that sends through r.
func (r *Recorder) Client() *http.Client { return &http.Client{Transport: r} }

// RoundTrip records or replays one exchange.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	recorded := Request{Method: req.Method, URL: cleanURL(req.URL), Body: string(body)}
	if r.mode == Replay {
		return r.replay(req, recorded)
	}
	return r.record(req, recorded)
}

func (r *Recorder) replay(req *http.Request, got Request) (*http.Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.next >= len(r.exchanges) {
		return nil, fmt.Errorf("cassette %s: request %d (%s %s) was not recorded: the cassette holds %d", r.path, r.next+1, got.Method, got.URL, len(r.exchanges))
	}
	ex := r.exchanges[r.next]
	want := ex.Request
	if want.Base64 {
		b, err := base64.StdEncoding.DecodeString(want.Body)
		if err != nil {
			return nil, fmt.Errorf("cassette %s: exchange %d: %w", r.path, r.next+1, err)
		}
		want.Body, want.Base64 = string(b), false
	}
	if d := diffRequests(want, got); d != "" {
		return nil, fmt.Errorf("cassette %s: request %d differs from the recording (-recorded +sent):\n%s", r.path, r.next+1, d)
	}
	parts, err := ex.Response.body()
	if err != nil {
		return nil, fmt.Errorf("cassette %s: exchange %d: %w", r.path, r.next+1, err)
	}
	r.next++
	resp := &http.Response{
		StatusCode: ex.Response.Status,
		Status:     fmt.Sprintf("%d %s", ex.Response.Status, http.StatusText(ex.Response.Status)),
		Proto:      "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{},
		Body:    &chunks{parts: parts},
		Request: req,
	}
	for k, vs := range ex.Response.Header {
		resp.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
	}
	resp.ContentLength = -1
	return resp, nil
}

func (r *Recorder) record(req *http.Request, recorded Request) (*http.Response, error) {
	t := r.Transport
	if t == nil {
		t = http.DefaultTransport
	}
	resp, err := t.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	ex := &Exchange{Request: recorded, Response: Response{Status: resp.StatusCode, Header: map[string][]string{}}}
	for k, vs := range resp.Header {
		ex.Response.Header[k] = vs
	}
	for _, h := range droppedResponseHeaders {
		delete(ex.Response.Header, http.CanonicalHeaderKey(h))
	}
	r.mu.Lock()
	r.exchanges = append(r.exchanges, ex)
	r.mu.Unlock()
	resp.Body = &recording{ReadCloser: resp.Body, r: r, ex: ex}
	return resp, nil
}

// Close writes the cassette when recording; replaying, it reports
// exchanges of the cassette that no request asked for.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.mode == Replay {
		if r.next < len(r.exchanges) {
			return fmt.Errorf("cassette %s: %d of its %d exchanges were not requested", r.path, len(r.exchanges)-r.next, len(r.exchanges))
		}
		return nil
	}
	for _, ex := range r.exchanges {
		if !utf8.ValidString(ex.Request.Body) {
			ex.Request.Body, ex.Request.Base64 = base64.StdEncoding.EncodeToString([]byte(ex.Request.Body)), true
		}
		if !utf8.ValidString(ex.Response.Body) {
			ex.Response.Body, ex.Response.Base64 = base64.StdEncoding.EncodeToString([]byte(ex.Response.Body)), true
		}
	}
	data, err := json.MarshalIndent(r.exchanges, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(r.path, append(data, '\n'), 0o644)
}

// readBody reads a request's body and puts it back for the transport.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("cassette: reading the request body: %w", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}

// cleanURL is u without the query parameters that carry credentials.
func cleanURL(u *url.URL) string {
	c := *u
	c.User = nil
	q := c.Query()
	for _, p := range secretParams {
		q.Del(p)
	}
	c.RawQuery = q.Encode()
	return c.String()
}

// diffRequests returns what differs between a recorded request and one
// sent: "" when they match. Bodies that are JSON are compared as values.
func diffRequests(want, got Request) string {
	if want.Method != got.Method || want.URL != got.URL {
		return cmp.Diff(want.Method+" "+want.URL, got.Method+" "+got.URL)
	}
	var w, g any
	if json.Unmarshal([]byte(want.Body), &w) == nil && json.Unmarshal([]byte(got.Body), &g) == nil {
		return cmp.Diff(w, g)
	}
	return cmp.Diff(want.Body, got.Body)
}

// chunks is a replayed body: one recorded piece per Read, or what fits.
type chunks struct {
	parts [][]byte
	cur   []byte
}

func (c *chunks) Read(p []byte) (int, error) {
	for len(c.cur) == 0 {
		if len(c.parts) == 0 {
			return 0, io.EOF
		}
		c.cur, c.parts = c.parts[0], c.parts[1:]
	}
	n := copy(p, c.cur)
	c.cur = c.cur[n:]
	return n, nil
}

func (c *chunks) Close() error { return nil }

// recording keeps what the SDK reads of a live body, read by read.
type recording struct {
	io.ReadCloser
	r  *Recorder
	ex *Exchange
}

func (b *recording) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.r.mu.Lock()
		b.ex.Response.Body += string(p[:n])
		b.ex.Response.Reads = append(b.ex.Response.Reads, n)
		b.r.mu.Unlock()
	}
	return n, err
}
