package adaptertest

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/structgen/structgen/cassette"
)

// RecordReplay runs complete once recording through a cassette and once
// replaying it, each time with the *http.Client the SDK's client must
// send through. The cassette must hold no "secret" (tests put one in the
// API key), and the replay must give what the recording gave.
func RecordReplay(t testing.TB, complete func(*http.Client) string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cassette.json")
	rec, err := cassette.Open(path, cassette.Record)
	if err != nil {
		t.Fatal(err)
	}
	live := complete(rec.Client())
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
	if replayed := complete(rep.Client()); replayed != live {
		t.Errorf("replayed %q, live %q", replayed, live)
	}
	if err := rep.Close(); err != nil {
		t.Error(err)
	}
	return live
}
