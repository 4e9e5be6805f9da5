// Package embedded has structs embedded by value and by pointer, whose
// fields encoding/json promotes; a nil embedded pointer's fields are left
// out of the JSON. A nil []byte is written as null.
package embedded

// Base is embedded by value.
type Base struct {
	ID string `json:"id"`
}

// Audit is embedded by pointer.
type Audit struct {
	By    string `json:"by"`
	Count int    `json:"count"`
}

// Record has both.
//
//structgen:schema
type Record struct {
	Base
	*Audit
	Name string `json:"name"`
	Sig  []byte `json:"sig"`
}
