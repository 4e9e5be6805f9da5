package adaptertest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// Server stands in for a provider: it answers each request with the next
// canned reply and keeps what the SDK sent.
type Server struct {
	URL string
	// Piece is the size of the writes a streamed reply is sent in, each
	// flushed: small pieces cut UTF-8 sequences, escapes, keys and numbers
	// of the events apart. Zero means 3 bytes.
	Piece int
	// Delay is the pause between the pieces of a streamed reply.
	Delay time.Duration

	mu      sync.Mutex
	replies []string
	bodies  [][]byte
	paths   []string
	aborted int // streamed replies the client left before their end
}

// NewServer starts a server that answers with replies, in order, and stops
// it when the test ends.
func NewServer(t testing.TB, replies ...string) *Server {
	s := &Server{replies: replies}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bodies = append(s.bodies, body)
	s.paths = append(s.paths, r.URL.Path)
	if len(s.replies) == 0 {
		http.Error(w, `{"error":{"message":"no reply left"}}`, http.StatusInternalServerError)
		return
	}
	reply := s.replies[0]
	s.replies = s.replies[1:]
	if !strings.HasPrefix(reply, "data:") && !strings.HasPrefix(reply, "event:") {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, reply)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	piece := s.Piece
	if piece == 0 {
		piece = 3
	}
	flusher, _ := w.(http.Flusher)
	s.mu.Unlock()
	defer s.mu.Lock()
	for i := 0; i < len(reply); i += piece {
		select {
		case <-r.Context().Done():
			s.mu.Lock()
			s.aborted++
			s.mu.Unlock()
			return
		case <-time.After(s.Delay):
		}
		if _, err := io.WriteString(w, reply[i:min(i+piece, len(reply))]); err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
}

// Aborted returns how many streamed replies the client left before their
// end (its connection closed, or its request cancelled).
func (s *Server) Aborted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.aborted
}

// SSE returns a server-sent event stream of one "data:" event for each
// JSON value, which the Server streams in pieces.
func SSE(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		b.WriteString("data: " + e + "\n\n")
	}
	return b.String()
}

// NamedSSE returns a server-sent event stream of named events, given as
// name and JSON pairs (the form Anthropic's API streams).
func NamedSSE(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		b.WriteString("event: " + pairs[i] + "\ndata: " + pairs[i+1] + "\n\n")
	}
	return b.String()
}

// Pieces cuts s into pieces of about n bytes, each ending on a rune
// boundary, as a provider streams a model's text: the cuts fall inside
// escapes, keys and numbers of JSON that s holds.
func Pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		i := min(n, len(s))
		for i < len(s) && !utf8.RuneStart(s[i]) {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// Quote returns s as a JSON string.
func Quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Body returns the body of the i-th request.
func (s *Server) Body(i int) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bodies[i]
}

// Path returns the URL path of the i-th request.
func (s *Server) Path(i int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paths[i]
}

// At returns the JSON value at path (object keys and array indexes) in
// doc, with its bytes as they were.
func At(t testing.TB, doc []byte, path ...string) json.RawMessage {
	t.Helper()
	cur := json.RawMessage(doc)
	for _, p := range path {
		if i, err := strconv.Atoi(p); err == nil {
			var arr []json.RawMessage
			if err := json.Unmarshal(cur, &arr); err != nil || i >= len(arr) {
				t.Fatalf("%v: no element %d in %s", path, i, cur)
			}
			cur = arr[i]
			continue
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(cur, &obj); err != nil || obj[p] == nil {
			t.Fatalf("%v: no member %q in %s", path, p, cur)
		}
		cur = obj[p]
	}
	return cur
}

// SameText fails unless got and want are the same JSON text up to
// insignificant whitespace: same key order, same spelling of numbers.
func SameText(t testing.TB, what string, got, want []byte) {
	t.Helper()
	var g, w bytes.Buffer
	if err := json.Compact(&g, got); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := json.Compact(&w, want); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if g.String() != w.String() {
		t.Errorf("%s:\n got %s\nwant %s", what, g.String(), w.String())
	}
}
