// Package stdtypes has standard library types whose JSON is not their Go
// shape: json.Number is written as a number, net.IP (a TextMarshaler over
// a []byte) as its text.
package stdtypes

import (
	"encoding/json"
	"net"
)

// Host is a machine.
//
//structgen:schema
type Host struct {
	Load  json.Number       `json:"load"`
	Addr  net.IP            `json:"addr"`
	Peers map[string]net.IP `json:"peers,omitempty"`
}
