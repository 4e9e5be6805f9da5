// Package agent holds result types written as Go structs; structgen reads
// them at generate time.
package agent

//go:generate go run github.com/structgen/structgen/cmd/structgen -go .

import (
	"encoding/json"
	"fmt"
	"time"
)

// ProjectFacts is what the finish tool reports.
//
//structgen:schema
type ProjectFacts struct {
	// One-paragraph description of the project.
	Description string `json:"description"`
	// Three concise, distinct facts.
	Facts      []string `json:"facts" jsonschema:"minItems=3,maxItems=3"`
	Confidence *float64 `json:"confidence,omitempty" jsonschema:"minimum=0,maximum=1"`
	Level      Level    `json:"level"`
	// Who owns it; null when nobody does.
	Owner    *Person           `json:"owner"`
	Tags     map[string]string `json:"tags,omitempty"`
	Seen     time.Time         `json:"seen"`
	Raw      json.RawMessage   `json:"raw,omitempty"`
	Blob     []byte            `json:"blob,omitempty"`
	Grid     [2]int            `json:"grid"`
	Code     string            `json:"code" jsonschema:"pattern=^[A-Z]{2,3}$,title=Code"`
	Count    uint8             `json:"count"`
	Ignored  string            `json:"-"`
	internal string
	Base
	Pair Pair[string, int] `json:"pair"`
	Mode string            `json:"mode" jsonschema:"enum=fast|slow"`
	// Deprecated: use Description.
	Summary string        `json:"summary,omitempty"`
	Elapsed time.Duration `json:"elapsed,omitempty"`
	// Anything the model wants to add.
	Extra any `json:"extra,omitempty"`
}

// Level says how sure the agent is.
type Level string

// The levels.
const (
	LevelLow  Level = "low"
	LevelHigh Level = "high"
)

// Person may know other people.
//
//structgen:schema
type Person struct {
	Name    string    `json:"name"`
	Friends []*Person `json:"friends,omitempty"`
}

// Base is embedded: its fields are promoted, as encoding/json does.
type Base struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}

// Pair is generic; its instantiation is mapped.
type Pair[K any, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

// Priority orders work.
//
//structgen:schema
type Priority int

// The priorities.
const (
	PriorityLow  Priority = 1
	PriorityHigh Priority = 2
)

// UUID encodes itself; its schema is given inline.
//
//structgen:schema {"type": "string", "format": "uuid", "pattern": "^[0-9a-f-]{36}$"}
type UUID [16]byte

// MarshalJSON writes the UUID as a string.
func (u UUID) MarshalJSON() ([]byte, error) {
	const hex = "0123456789abcdef"
	var b []byte
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hex[c>>4], hex[c&15])
	}
	return json.Marshal(string(b))
}

// UnmarshalJSON reads the string form.
func (u *UUID) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	s = stripDashes(s)
	for i := range u {
		var v byte
		for _, c := range s[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			default:
				v |= byte(c-'a') + 10
			}
		}
		u[i] = v
	}
	return nil
}

func stripDashes(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '-' {
			out = append(out, s[i])
		}
	}
	return string(out)
}

// Money writes itself as a string; its JSONSchema method, which returns a
// constant, gives its schema.
//
//structgen:schema
//structgen:title
type Money struct{ Cents int64 }

// JSONSchema is read at generate time.
func (Money) JSONSchema() string {
	return `{"type": "string", "pattern": "^[0-9]+\\.[0-9]{2}$"}`
}

// MarshalJSON writes 12.50 for 1250 cents.
func (m Money) MarshalJSON() ([]byte, error) {
	return json.Marshal(fmt.Sprintf("%d.%02d", m.Cents/100, m.Cents%100))
}

// UnmarshalJSON reads the string form.
func (m *Money) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	var whole, cents int64
	if _, err := fmt.Sscanf(s, "%d.%02d", &whole, &cents); err != nil {
		return err
	}
	m.Cents = whole*100 + cents
	return nil
}
