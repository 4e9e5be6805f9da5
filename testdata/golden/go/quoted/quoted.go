// Package quoted has fields tagged json:",string", which encoding/json
// writes as their JSON text inside a string (int64 IDs, as JavaScript
// clients need them).
package quoted

// Account is stored by a JavaScript client.
//
//structgen:schema
type Account struct {
	ID      int64    `json:"id,string"`
	Balance float64  `json:"balance,string"`
	Active  bool     `json:"active,string"`
	Limit   *uint32  `json:"limit,string"`
	Tier    *int8    `json:"tier,string,omitempty"`
	Note    string   `json:"note"`
	Ratio   *float32 `json:"ratio,omitempty,string"`
}
