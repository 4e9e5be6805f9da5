package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/structgen/structgen/examples/agent/tools"
	"github.com/structgen/structgen/runtime"
)

func Example() {
	if _, err := run(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// first run stopped after 2 model calls; event log:
	// {"task":"What is this repository? Read what you need, then finish."}
	// {"call_id":"call_1","action":{"kind":"ReadFileArgs","schemaFingerprint":"b6cd40d09f06","path":"README.md"},"result":"# structgen\n\nstructgen generates typed Go bindings for LLM structured output.\n"}
	// {"call_id":"call_2","action":{"kind":"ReadFileArgs","schemaFingerprint":"b6cd40d09f06","path":"go.mod"},"result":"module github.com/structgen/structgen\n\ngo 1.24.0\n"}
	// resumed run finished after 4 model calls in all
	// report: structgen generates typed Go bindings for LLM structured output.
	// files: [README.md go.mod]
}

type chatMessage struct {
	Role       string `json:"role"`
	Content    any    `json:"content"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID string `json:"id"`
	} `json:"tool_calls"`
}

func messages(t *testing.T, body []byte) []chatMessage {
	t.Helper()
	var req struct {
		Messages []chatMessage `json:"messages"`
		Tools    []json.RawMessage
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Tools) != len(tools.Tools) {
		t.Errorf("%d tools sent, want %d", len(req.Tools), len(tools.Tools))
	}
	return req.Messages
}

// The resumed run sends the conversation rebuilt from the event log, and
// answers the malformed finish call with its problems.
func TestResumedRun(t *testing.T) {
	var out bytes.Buffer
	provider, err := run(&out)
	if err != nil {
		t.Fatal(err)
	}
	if len(provider.requests) != 4 {
		t.Fatalf("%d requests", len(provider.requests))
	}
	resumed := messages(t, provider.requests[2])
	var shape []string
	for _, m := range resumed {
		s := m.Role
		if m.ToolCallID != "" {
			s += ":" + m.ToolCallID
		}
		for _, c := range m.ToolCalls {
			s += ">" + c.ID
		}
		shape = append(shape, s)
	}
	if got, want := strings.Join(shape, " "), "system user assistant>call_1 tool:call_1 assistant>call_2 tool:call_2"; got != want {
		t.Errorf("resumed conversation: %s, want %s", got, want)
	}
	if c, _ := resumed[3].Content.(string); !strings.Contains(c, "typed Go bindings") {
		t.Errorf("the file read before the stop is not in the resumed conversation: %v", resumed[3].Content)
	}
	last := messages(t, provider.requests[3])
	answer := last[len(last)-1]
	if c, _ := answer.Content.(string); answer.Role != "tool" || answer.ToolCallID != "call_3" ||
		!strings.Contains(c, "missing property 'files'") || !strings.Contains(c, "/summary") {
		t.Errorf("the malformed finish call was not answered with its problems: %+v", answer)
	}
}

// A run resumed from a log whose action was written under another schema
// stops with an error that says so.
func TestResumeSchemaChanged(t *testing.T) {
	log := `{"task":"t"}
{"call_id":"c1","action":{"kind":"ReadFileArgs","schemaFingerprint":"000000000000","path":"README.md"},"result":"x"}
`
	a := &Agent{Files: repo, Log: &bytes.Buffer{}, MaxTurns: 1}
	err := a.Resume(strings.NewReader(log))
	if !errors.Is(err, runtime.ErrSchemaChanged) || !strings.Contains(err.Error(), "event log:2") {
		t.Errorf("resume: %v", err)
	}
}

// A log that already ends with finish gives its report without calling the
// model.
func TestResumeFinished(t *testing.T) {
	var log bytes.Buffer
	a := &Agent{Files: repo, Log: &log, MaxTurns: 1}
	if err := a.Start("t"); err != nil {
		t.Fatal(err)
	}
	finish := tools.FinishAction{FinishArgs: tools.FinishArgs{Message: "m"}, Report: tools.Report{Summary: "s", Files: []string{"a"}}}
	data, _ := tools.MarshalAction(finish)
	line, _ := json.Marshal(event{CallID: "c9", Action: data, Result: "Finished."})
	log.Write(append(line, '\n'))
	b := &Agent{Files: repo, Log: &bytes.Buffer{}, MaxTurns: 1}
	if err := b.Resume(bytes.NewReader(log.Bytes())); err != nil {
		t.Fatal(err)
	}
	report, err := b.Run(context.Background())
	if err != nil || report.Summary != "s" {
		t.Errorf("%+v %v", report, err)
	}
}
