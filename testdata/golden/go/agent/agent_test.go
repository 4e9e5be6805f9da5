package agent_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/agent"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated validators disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

func roundTrip[T any](t *testing.T, parse func([]byte) (T, error), values ...T) {
	t.Helper()
	for _, v := range values {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parse(data)
		if err != nil {
			t.Errorf("Parse rejects what encoding/json wrote: %s\n%v", data, err)
			continue
		}
		if d := cmp.Diff(v, got, cmpopts.IgnoreUnexported(agent.ProjectFacts{}), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", data, d)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	conf := 0.25
	when := time.Date(2026, 11, 30, 8, 0, 0, 123, time.UTC)
	minimal := agent.ProjectFacts{Facts: []string{"a", "b", "c"}, Level: agent.LevelLow, Code: "AB", Mode: "fast", Seen: when, Base: agent.Base{Created: when}}
	full := agent.ProjectFacts{
		Description: "ü \"quoted\" <html> \u2028",
		Facts:       []string{"", "b", "c"},
		Confidence:  &conf,
		Level:       agent.LevelHigh,
		Owner:       &agent.Person{Name: "ana", Friends: []*agent.Person{{Name: "bo"}}},
		Tags:        map[string]string{"k": "v", "": "empty key"},
		Seen:        when,
		Raw:         json.RawMessage(`{"x":[1,2.5,null]}`),
		Blob:        []byte{0, 255, 7},
		Grid:        [2]int{-1, 1 << 40},
		Code:        "XYZ",
		Count:       255,
		Base:        agent.Base{ID: "p-1", Created: when},
		Pair:        agent.Pair[string, int]{Key: "k", Value: -3},
		Mode:        "slow",
		Summary:     "old",
		Elapsed:     time.Second,
		Extra:       []any{"x", 1.5, map[string]any{"k": nil}},
	}
	roundTrip(t, agent.ParseProjectFacts, minimal, full)
	roundTrip(t, agent.ParsePerson, agent.Person{}, agent.Person{Name: "x", Friends: []*agent.Person{{}, {Name: "y", Friends: []*agent.Person{{Name: "z"}}}}})
	roundTrip(t, agent.ParsePriority, agent.PriorityLow, agent.PriorityHigh)
	roundTrip(t, agent.ParseMoney, agent.Money{}, agent.Money{Cents: 1250})
	roundTrip(t, agent.ParseUUID, agent.UUID{}, agent.UUID{0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
}

func TestConstraintsFromTags(t *testing.T) {
	tests := []struct {
		name, patch, pointer string
	}{
		{"minItems", `"facts":["a"]`, "/facts"},
		{"maximum", `"confidence":2`, "/confidence"},
		{"enum type", `"level":"medium"`, "/level"},
		{"enum tag", `"mode":"warp"`, "/mode"},
		{"pattern", `"code":"abc"`, "/code"},
		{"unsigned", `"count":-1`, "/count"},
		{"closed", `"unknown":1`, ""},
	}
	base := `"description":"d","facts":["a","b","c"],"level":"low","owner":null,"seen":"2026-01-01T00:00:00Z","grid":[1,2],"code":"AB","count":1,"id":"i","created":"2026-01-01T00:00:00Z","pair":{"key":"k","value":1},"mode":"fast"`
	if _, err := agent.ParseProjectFacts([]byte("{" + base + "}")); err != nil {
		t.Fatalf("base document: %v", err)
	}
	for _, tc := range tests {
		var doc, patch map[string]any
		json.Unmarshal([]byte("{"+base+"}"), &doc)
		json.Unmarshal([]byte("{"+tc.patch+"}"), &patch)
		for k, v := range patch {
			doc[k] = v
		}
		data, _ := json.Marshal(doc)
		_, err := agent.ParseProjectFacts(data)
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) == 0 || ve.Problems[0].Pointer != tc.pointer {
			t.Errorf("%s: want a problem at %q, got %v", tc.name, tc.pointer, err)
		}
	}
	if _, err := agent.ParsePriority([]byte(`3`)); err == nil {
		t.Error("3 is not a Priority constant")
	}
	var schema map[string]any
	if err := json.Unmarshal([]byte(agent.ProjectFactsJSONSchema), &schema); err != nil {
		t.Fatal(err)
	}
	if schema["description"] != "ProjectFacts is what the finish tool reports." {
		t.Errorf("doc comment: %v", schema["description"])
	}
}
