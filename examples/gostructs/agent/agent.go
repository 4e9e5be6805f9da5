// Package agent holds the agent's result types as plain Go structs.
// structgen reads them at generate time: no reflection when the program
// starts.
package agent

//go:generate go run github.com/structgen/structgen/cmd/structgen -go .

// ProjectFacts is what the finish tool reports.
//
//structgen:schema
type ProjectFacts struct {
	// One-paragraph description of the project.
	Description string `json:"description"`
	// Three concise, distinct facts.
	Facts      []string `json:"facts" jsonschema:"minItems=3,maxItems=3,nullable=false"`
	Confidence *float64 `json:"confidence,omitempty" jsonschema:"minimum=0,maximum=1"`
	Level      Level    `json:"level"`
}

// Level is how sure the agent is.
type Level string

// The levels.
const (
	LevelLow  Level = "low"
	LevelHigh Level = "high"
)
