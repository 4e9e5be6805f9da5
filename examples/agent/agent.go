package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/structgen/structgen/examples/agent/tools"
	"github.com/structgen/structgen/runtime"
)

// event is one line of the event log: the task, or a tool call the agent
// carried out, with the typed action as tools.MarshalAction writes it.
type event struct {
	Task   string          `json:"task,omitempty"`
	CallID string          `json:"call_id,omitempty"`
	Action json.RawMessage `json:"action,omitempty"`
	Result string          `json:"result,omitempty"`
}

// Agent runs a task with a model and tools, persisting every action it
// carries out to an event log, from which a run can be resumed.
type Agent struct {
	Model runtime.Model
	// Files are what read_file reads.
	Files fs.FS
	// Log receives one JSON line per event.
	Log io.Writer
	// MaxTurns bounds the model calls of one run.
	MaxTurns int

	msgs  []runtime.Message
	calls []runtime.ToolCall
}

// Start begins a new run of task.
func (a *Agent) Start(task string) error {
	a.msgs = []runtime.Message{
		{Role: "system", Content: "You explore a repository with read_file and call finish with a report when you are done."},
		{Role: "user", Content: task},
	}
	a.calls = nil
	return a.persist(event{Task: task})
}

// Resume rebuilds a run from its event log: the task, then each action
// read back with tools.UnmarshalAction (an event written under another
// schema is an error that says so), as the call and result the model saw.
func (a *Agent) Resume(log io.Reader) error {
	sc := bufio.NewScanner(log)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return fmt.Errorf("event log:%d: %w", line, err)
		}
		if ev.Task != "" {
			if err := a.Start(ev.Task); err != nil {
				return err
			}
			continue
		}
		action, err := tools.UnmarshalAction(ev.Action)
		if err != nil {
			return fmt.Errorf("event log:%d: %w", line, err)
		}
		args, err := json.Marshal(action)
		if err != nil {
			return err
		}
		call := runtime.ToolCall{ID: ev.CallID, Name: action.ToolName(), Arguments: args}
		a.calls = append(a.calls, call)
		a.msgs = append(a.msgs, runtime.Message{Role: "assistant", ToolCalls: []runtime.ToolCall{call}},
			runtime.ToolResultMessage(call, ev.Result, nil))
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("event log: %w", err)
	}
	if a.msgs == nil {
		return errors.New("event log: no task")
	}
	return nil
}

// Run calls the model until it finishes, carrying out each tool call:
// a call that does not parse is answered with its problems, so that the
// model calls again; a call that does is persisted, then carried out.
// The report is the response of the last finish call.
func (a *Agent) Run(ctx context.Context) (tools.Report, error) {
	if report, done, err := tools.LastFinishResponse(a.calls); done {
		return report, err // resumed after the end
	}
	for turn := 1; turn <= a.MaxTurns; turn++ {
		reply, err := a.Model.Generate(ctx, runtime.Request{Messages: a.msgs, Tools: tools.Tools})
		if err != nil {
			return tools.Report{}, err
		}
		a.msgs = append(a.msgs, runtime.Message{Role: "assistant", Content: reply.Text, ToolCalls: reply.ToolCalls})
		if len(reply.ToolCalls) == 0 {
			a.msgs = append(a.msgs, runtime.Message{Role: "user", Content: "Call a tool; call finish when you are done."})
			continue
		}
		for _, call := range reply.ToolCalls {
			action, err := tools.ParseToolCall(call.Name, call.Arguments)
			if err != nil {
				a.msgs = append(a.msgs, runtime.ToolErrorMessage(call, err))
				continue
			}
			result := a.carryOut(action)
			data, err := tools.MarshalAction(action)
			if err != nil {
				return tools.Report{}, err
			}
			if err := a.persist(event{CallID: call.ID, Action: data, Result: result}); err != nil {
				return tools.Report{}, err
			}
			a.calls = append(a.calls, call)
			a.msgs = append(a.msgs, runtime.ToolResultMessage(call, result, nil))
		}
		if report, done, err := tools.LastFinishResponse(a.calls); done {
			return report, err
		}
	}
	return tools.Report{}, fmt.Errorf("agent: no finish after %d turns", a.MaxTurns)
}

// carryOut runs an action and returns what the model is told.
func (a *Agent) carryOut(action tools.Action) string {
	switch act := action.(type) {
	case tools.ReadFileArgs:
		data, err := fs.ReadFile(a.Files, act.Path)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(data)
	case tools.FinishAction:
		return "Finished."
	}
	return fmt.Sprintf("error: no handler for %s", action.Kind())
}

func (a *Agent) persist(ev event) error {
	line, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	_, err = a.Log.Write(append(bytes.TrimSpace(line), '\n'))
	return err
}
