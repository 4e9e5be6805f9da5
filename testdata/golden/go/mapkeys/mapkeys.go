// Package mapkeys has maps keyed by integers, which encoding/json writes
// as decimal strings, beside maps keyed by strings.
package mapkeys

// Scores maps ids to names and levels to counts.
//
//structgen:schema
type Scores struct {
	ByID    map[int]string   `json:"by_id"`
	ByLevel map[uint8]int    `json:"by_level,omitempty"`
	Named   map[Name]float64 `json:"named,omitempty"`
}

// Name is a string key.
type Name string
