// Package useagent uses types from another package.
package useagent

import "github.com/structgen/structgen/testdata/golden/go/agent"

// Report refers to types that another package declares.
//
//structgen:schema
type Report struct {
	Level  agent.Level    `json:"level"`
	People []agent.Person `json:"people,omitempty"`
	Note   string         `json:"note" jsonschema:"maxLength=140,description=A short note."`
}
