// Package sized has integer fields narrower than 64 bits, whose range
// the schema states.
package sized

// Reading is a sensor's report.
//
//structgen:schema
type Reading struct {
	Level   int8             `json:"level"`
	Port    uint16           `json:"port"`
	Offset  *int32           `json:"offset,omitempty"`
	Samples []int16          `json:"samples,omitempty"`
	Counts  map[string]uint8 `json:"counts,omitempty"`
	Percent uint8            `json:"percent" jsonschema:"maximum=100"`
	Total   int64            `json:"total"`
}
