package cassette_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/structgen/structgen/cassette"
)

// Record an exchange once (here against a local server standing in for a
// provider), then replay it offline.
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"choices":[{"message":{"content":"Sunny"}}]}`)
	}))
	dir, _ := os.MkdirTemp("", "cassette")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "weather.json")

	ask := func(c *http.Client) string {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/chat/completions", strings.NewReader(`{"model":"m"}`))
		req.Header.Set("Authorization", "Bearer sk-…") // never written to the cassette
		resp, err := c.Do(req)
		if err != nil {
			return err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}

	rec, _ := cassette.Open(path, cassette.Record)
	fmt.Println("recorded:", ask(rec.Client()))
	rec.Close()
	srv.Close()

	rep, _ := cassette.Open(path, cassette.Replay)
	fmt.Println("replayed:", ask(rep.Client()))
	fmt.Println(rep.Close())
	// Output:
	// recorded: {"choices":[{"message":{"content":"Sunny"}}]}
	// replayed: {"choices":[{"message":{"content":"Sunny"}}]}
	// <nil>
}
