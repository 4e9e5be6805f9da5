package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/examples/facts/facts"
)

func Example() {
	if err := run(); err != nil {
		panic(err)
	}
	// Output:
	// repaired /facts: decoded an array sent as a JSON-encoded string
	// call_7 called finish: "Done: I read the repository."
	// description: structgen generates typed Go bindings for LLM structured output.
	// fact 1: Types are generated ahead of time.
	// fact 2: Every tool has one augmented schema.
	// fact 3: Actions persist with a static kind.
	// event: {"kind":"FinishAction","schemaFingerprint":"d1382a2f366c","message":"Done: I read the repository.","description":"structgen generates typed Go bindings for LLM structured output.","facts":["Types are generated ahead of time.","Every tool has one augmented schema.","Actions persist with a static kind."]}
	// read back: facts.FinishAction, same value: true
	// last finish response found: true true 3 facts
	// a malformed call gives:
	// tool finish: parse FinishAction: 2 problems:
	//   - (root): missing property 'description'
	//   - /facts: minItems: got 1, want 3
}

// calls returns a small and a large call of finish.
func calls() map[string][]byte {
	small := `{"message":"done","description":"A generator.","facts":["a","b","c"]}`
	long := strings.Repeat("All work and no play makes a long description. ", 2000)
	large, _ := json.Marshal(map[string]any{
		"message":     "done",
		"description": long,
		"facts":       []string{long[:5000], long[:8000], long[:12000]},
	})
	return map[string][]byte{"small": []byte(small), "large": large}
}

// handFinish is what a hand-written struct for the call would be: the
// same fields, flat, no methods (FinishAction's UnmarshalJSON splits the
// object into its two parts, a slower baseline).
type handFinish struct {
	Message     string   `json:"message"`
	Description string   `json:"description"`
	Facts       []string `json:"facts"`
}

// BenchmarkParseFinishAction measures ParseFinishAction, which validates
// and decodes (repairing only what fails), and reports its time as a
// multiple of json.Unmarshal into a hand-written struct of the same
// fields, measured in the same run.
func BenchmarkParseFinishAction(b *testing.B) {
	for _, size := range []string{"small", "large"} {
		data := calls()[size]
		b.Run(size, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := facts.ParseFinishAction(data); err != nil {
					b.Fatal(err)
				}
			}
			parse := b.Elapsed()
			// The baseline, as many times, in the same run.
			start := time.Now()
			for range b.N {
				var a handFinish
				if err := json.Unmarshal(data, &a); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(parse)/float64(time.Since(start)), "x-unmarshal")
		})
	}
}
