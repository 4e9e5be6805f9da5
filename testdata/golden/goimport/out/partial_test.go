package goimport_test

import (
	"encoding/json"
	"testing"

	"github.com/structgen/structgen/testdata/golden/goimport/out"
)

// An output typed by a Go type of another package streams as the JSON
// read so far.
func TestPartialOfGoType(t *testing.T) {
	p, err := goimport.ParseReportPartial([]byte(`{"title": "Q3", "facts": {"description": "grow`))
	if err != nil {
		t.Fatal(err)
	}
	raw, ok := p.Get()
	if !ok || p.Done() {
		t.Fatalf("partial: %s present %v done %v", raw, ok, p.Done())
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil || v["title"] != "Q3" {
		t.Errorf("read so far: %s (%v)", raw, err)
	}
}
