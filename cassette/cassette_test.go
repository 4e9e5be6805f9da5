package cassette_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structgen/structgen/cassette"
)

// sse is a streamed body cut inside a UTF-8 sequence ("é" is 2 bytes), an
// escape and a key, as a provider's server may flush it.
var sse = []string{"data: {\"te", "xt\":\"caf\xc3", "\xa9 \\", "u00e9\"}\n\n", "data: [DONE]\n\n"}

func streamingServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Set-Cookie", "session=secret-cookie")
		for _, c := range sse {
			io.WriteString(w, c)
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// send posts body with credentials in every place an SDK puts them, and
// reads the response one Read at a time.
func send(t *testing.T, c *http.Client, url, body string) ([]string, error) {
	t.Helper()
	req, _ := http.NewRequest("POST", url+"/v1/chat?key=secret-query&alt=sse", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer secret-bearer")
	req.Header.Set("x-api-key", "secret-anthropic")
	req.Header.Set("x-goog-api-key", "secret-google")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var reads []string
	buf := make([]byte, 64)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			reads = append(reads, string(buf[:n]))
		}
		if err == io.EOF {
			return reads, nil
		}
		if err != nil {
			return reads, err
		}
	}
}

func TestRecordReplay(t *testing.T) {
	srv := streamingServer(t)
	path := filepath.Join(t.TempDir(), "c.json")
	rec, err := cassette.Open(path, cassette.Record)
	if err != nil {
		t.Fatal(err)
	}
	live, err := send(t, rec.Client(), srv.URL, `{"model":"m","stream":true}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	file, _ := os.ReadFile(path)
	if bytes.Contains(file, []byte("secret")) {
		t.Errorf("the cassette holds a credential or a cookie:\n%s", file)
	}
	srv.Close() // replay never reaches the network

	rep, err := cassette.Open(path, cassette.Replay)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := send(t, rep.Client(), srv.URL, `{"stream": true, "model": "m"}`) // the same JSON value
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(replayed, "|") != strings.Join(live, "|") {
		t.Errorf("replayed reads %q, live %q", replayed, live)
	}
	if strings.Join(live, "") != strings.Join(sse, "") {
		t.Errorf("body %q", strings.Join(live, ""))
	}
	if err := rep.Close(); err != nil {
		t.Error(err)
	}
}

func TestReplayMismatch(t *testing.T) {
	srv := streamingServer(t)
	path := filepath.Join(t.TempDir(), "c.json")
	rec, _ := cassette.Open(path, cassette.Record)
	if _, err := send(t, rec.Client(), srv.URL, `{"model":"m","messages":[{"role":"user","content":"Oslo?"}]}`); err != nil {
		t.Fatal(err)
	}
	rec.Close()

	rep, _ := cassette.Open(path, cassette.Replay)
	_, err := send(t, rep.Client(), srv.URL, `{"model":"m","messages":[{"role":"user","content":"Bergen?"}]}`)
	if err == nil || !strings.Contains(err.Error(), "request 1 differs from the recording") || !strings.Contains(err.Error(), `"Oslo?"`) || !strings.Contains(err.Error(), `"Bergen?"`) {
		t.Errorf("a different request: %v", err)
	}
	if err := rep.Close(); err == nil || !strings.Contains(err.Error(), "1 of its 1 exchanges were not requested") {
		t.Errorf("Close: %v", err)
	}

	rep, _ = cassette.Open(path, cassette.Replay)
	send(t, rep.Client(), srv.URL, `{"model":"m","messages":[{"role":"user","content":"Oslo?"}]}`)
	if _, err := send(t, rep.Client(), srv.URL, `{}`); err == nil || !strings.Contains(err.Error(), "request 2 (POST") {
		t.Errorf("one request more than recorded: %v", err)
	}
}

func TestBinaryBodies(t *testing.T) {
	body := []byte{0xff, 0xfe, 'a', 0x80}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, _ := io.ReadAll(r.Body)
		w.Write(append(in, body...))
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "c.json")
	rec, _ := cassette.Open(path, cassette.Record)
	live, err := send(t, rec.Client(), srv.URL, string(body))
	if err != nil {
		t.Fatal(err)
	}
	rec.Close()
	rep, _ := cassette.Open(path, cassette.Replay)
	replayed, err := send(t, rep.Client(), srv.URL, string(body))
	if err != nil || strings.Join(replayed, "") != strings.Join(live, "") {
		t.Errorf("replayed %q (%v), live %q", replayed, err, live)
	}
}

func TestOpenMissing(t *testing.T) {
	if _, err := cassette.Open(filepath.Join(t.TempDir(), "none.json"), cassette.Replay); err == nil {
		t.Error("a missing cassette opened for replay")
	}
}
