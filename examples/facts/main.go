// Command facts shows a tool with a response schema: it parses a recorded
// tool call of "finish" into the typed action, prints the structured
// response, persists the action as an event and reads it back, and shows
// the error a malformed call gives.
package main

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"reflect"

	"github.com/structgen/structgen/examples/facts/facts"
	"github.com/structgen/structgen/runtime"
)

//go:embed testdata/call.json
var recorded []byte

//go:embed testdata/bad_call.json
var malformed []byte

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	var call runtime.ToolCall
	if err := json.Unmarshal(recorded, &call); err != nil {
		return err
	}
	// ParseToolCall dispatches by tool name; runtime.ParseArgs also
	// returns the repairs it made.
	action, repairs, err := runtime.ParseArgs[facts.FinishAction](facts.FinishTool, "FinishAction", call.Arguments)
	if err != nil {
		return err
	}
	for _, r := range repairs {
		fmt.Println("repaired", r)
	}
	fmt.Printf("%s called %s: %q\n", call.ID, action.ToolName(), action.Message)
	fmt.Println("description:", action.ProjectFacts.Description)
	for i, f := range action.Facts {
		fmt.Printf("fact %d: %s\n", i+1, f)
	}

	event, err := facts.MarshalAction(action)
	if err != nil {
		return err
	}
	fmt.Printf("event: %s\n", event)
	back, err := facts.UnmarshalAction(event)
	if err != nil {
		return err
	}
	fmt.Printf("read back: %T, same value: %v\n", back, reflect.DeepEqual(back, action))

	// The structured response of the last finish call, from a history.
	resp, ok, err := facts.LastFinishResponse([]runtime.ToolCall{call})
	fmt.Println("last finish response found:", ok, err == nil, len(resp.Facts), "facts")

	var bad runtime.ToolCall
	if err := json.Unmarshal(malformed, &bad); err != nil {
		return err
	}
	_, err = facts.ParseToolCall(bad.Name, bad.Arguments)
	fmt.Printf("a malformed call gives:\n%v\n", err)
	return nil
}
