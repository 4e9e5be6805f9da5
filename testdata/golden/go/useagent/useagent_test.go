package useagent_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/agent"
	"github.com/structgen/structgen/testdata/golden/go/useagent"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated validators disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

func TestTypesFromAnotherPackage(t *testing.T) {
	r := useagent.Report{Level: agent.LevelHigh, People: []agent.Person{{Name: "a"}}, Note: "n"}
	data, _ := json.Marshal(r)
	got, err := useagent.ParseReport(data)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(r, got); d != "" {
		t.Error(d)
	}
	if _, err := useagent.ParseReport([]byte(`{"level":"nope","note":""}`)); err == nil {
		t.Error("the other package's enum is not enforced")
	}
}
