// Command gostructs uses one Go struct three ways: as a tool's response,
// as a final-answer output, and parsed from stored data, with schemas that
// structgen derived from the struct ahead of time.
package main

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"

	"github.com/structgen/structgen/examples/gostructs/agent"
	"github.com/structgen/structgen/examples/gostructs/bindings"
)

//go:embed testdata/reply.txt
var reply []byte

//go:embed testdata/call.json
var call []byte

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	// 1. A final answer: the model's reply, read leniently.
	facts, repairs, err := bindings.ProjectFactsOutput.ParseRepaired(reply)
	if err != nil {
		return err
	}
	var _ agent.ProjectFacts = facts // the user's own type
	fmt.Printf("final answer: %s (%s, %d facts)\n", facts.Description, facts.Level, len(facts.Facts))
	for _, r := range repairs {
		fmt.Println("  repaired", r)
	}
	var format struct {
		JSONSchema struct {
			Strict bool `json:"strict"`
		} `json:"json_schema"`
	}
	if err := json.Unmarshal(bindings.ProjectFactsOutput.OpenAI(), &format); err != nil {
		return err
	}
	fmt.Println("  OpenAI strict mode:", format.JSONSchema.Strict)

	// 2. A tool's response: the finish tool's arguments carry it.
	action, err := bindings.ParseFinishAction(call)
	if err != nil {
		return err
	}
	fmt.Printf("tool call: %q, response level %s, confidence set: %v\n", action.Message, action.ProjectFacts.Level, action.Confidence != nil)

	// 3. Stored data, strictly.
	stored, _ := json.Marshal(action.ProjectFacts)
	again, err := agent.ParseProjectFacts(stored)
	if err != nil {
		return err
	}
	fmt.Printf("stored: %s\n", stored)
	_, err = agent.ParseProjectFacts([]byte(`{"description":"x","facts":["a"],"level":"mid"}`))
	fmt.Printf("read back the same: %v; a bad document gives:\n%v\n", again.Description == action.Description, err)
	return nil
}
