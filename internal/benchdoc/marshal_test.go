package benchdoc

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/structgen/structgen/examples/ticket/ticket"
	"github.com/structgen/structgen/runtime/impl"
)

// BenchmarkMarshalOpenObject: the generated MarshalJSON of an object
// that keeps undeclared properties (TicketEffort: hours by team) against
// what it replaces, impl.MarshalObject (encoding/json for the fields,
// then for each extra), both through json.Marshal, in the same run.
func BenchmarkMarshalOpenObject(b *testing.B) {
	for _, teams := range []int{3, 30, 3000} {
		owner := "core"
		v := ticket.TicketEffort{Owner: &owner, AdditionalProperties: map[string]int64{}}
		for i := range teams {
			v.AdditionalProperties[fmt.Sprintf("team-%04d", i)] = int64(i * 7)
		}
		old := oldEffort(v)
		a, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		if o, err := json.Marshal(old); err != nil || string(o) != string(a) {
			b.Fatalf("the two encodings differ: %s\n%s (%v)", a, o, err)
		}
		b.Run(fmt.Sprintf("%d-teams-%dB", teams, len(a)), func(b *testing.B) {
			b.SetBytes(int64(len(a)))
			var gen, std time.Duration
			for b.Loop() {
				start := time.Now()
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
				gen += time.Since(start)
				start = time.Now()
				if _, err := json.Marshal(old); err != nil {
					b.Fatal(err)
				}
				std += time.Since(start)
			}
			b.ReportMetric(float64(gen)/float64(std), "x-old")
			genAllocs := testing.AllocsPerRun(5, func() { json.Marshal(v) })
			stdAllocs := testing.AllocsPerRun(5, func() { json.Marshal(old) })
			b.ReportMetric(genAllocs/stdAllocs, "allocs-x-old")
		})
	}
}

// oldEffort is TicketEffort encoded as structgen did before it generated
// encoders.
type oldEffort ticket.TicketEffort

func (v oldEffort) MarshalJSON() ([]byte, error) {
	type plain struct {
		Owner *string `json:"owner,omitempty"`
	}
	return impl.MarshalObject(plain{v.Owner}, impl.NewFields("owner"), v.AdditionalProperties, v.AdditionalPropertiesOrder)
}
