package goimport_test

import (
	"strings"
	"testing"

	"github.com/structgen/structgen/testdata/golden/go/agent"
	"github.com/structgen/structgen/testdata/golden/go/useagent"
	"github.com/structgen/structgen/testdata/golden/goimport/out"
)

func TestGoTypeByImportPath(t *testing.T) {
	var r useagent.Report
	r, err := goimport.ReportOutput.Parse([]byte("The report:\n{\"level\": \"HIGH\", \"note\": \"ok\", \"people\": [{\"name\": \"ana\"}]}"))
	if err != nil || r.Level != agent.LevelHigh || r.People[0].Name != "ana" {
		t.Fatalf("%+v %v", r, err)
	}
	_, err = goimport.ParseReport([]byte(`{"level":"high","note":"` + strings.Repeat("x", 141) + `"}`))
	if err == nil || !strings.Contains(err.Error(), "/note: maxLength") {
		t.Errorf("maxLength from the struct tag is not enforced: %v", err)
	}
}
