package goimport_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/agent"
	"github.com/structgen/structgen/testdata/golden/go/useagent"
	"github.com/structgen/structgen/testdata/golden/goimport/out"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated decoders or validators disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

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

// TestActionWithImportedPart: an action whose response is a Go type from
// another package has no typed decoder; the generated validator of the
// tool's augmented schema checks it (compared with the interpreter by
// TestMain), encoding/json decodes it.
func TestActionWithImportedPart(t *testing.T) {
	a, err := goimport.ParseFileReportAction([]byte(`{"to": "ops", "level": "low", "note": "ok", "people": [{"name": "ana"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := goimport.FileReportAction{FileReportArgs: goimport.FileReportArgs{To: "ops"},
		Report: useagent.Report{Level: agent.LevelLow, Note: "ok", People: []agent.Person{{Name: "ana"}}}}
	if d := cmp.Diff(want, a); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
	for doc, pointer := range map[string]string{
		`{"to": "", "level": "low", "note": "ok"}`:                             "/to",
		`{"to": "ops", "level": "mid", "note": "ok"}`:                          "/level",
		`{"to": "ops", "level": "low"}`:                                        "",
		`{"to": "ops", "level": "low", "note": "ok", "people": [{"name": 1}]}`: "/people/0/name",
	} {
		_, err := goimport.ParseFileReportAction([]byte(doc))
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != pointer {
			t.Errorf("%s: %v; want one problem at %q", doc, err, pointer)
		}
	}
	event, err := goimport.MarshalAction(a)
	if err != nil {
		t.Fatal(err)
	}
	back, err := goimport.UnmarshalAction(event)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(goimport.Action(a), back); d != "" {
		t.Errorf("persisted and read back (-want +got)\n%s", d)
	}
}
