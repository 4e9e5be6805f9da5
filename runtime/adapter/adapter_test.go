package adapter_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
)

func TestTurns(t *testing.T) {
	call := func(id, args string) runtime.ToolCall {
		return runtime.ToolCall{ID: id, Name: "lookup", Arguments: json.RawMessage(args)}
	}
	okResult := runtime.ToolResultMessage(call("a", ""), "sunny", nil)
	badResult := runtime.ToolErrorMessage(call("b", ""), errors.New("offline"))
	for _, tc := range []struct {
		name string
		msgs []runtime.Message
		want adapter.Conversation
	}{{
		name: "system and developer text apart, in order",
		msgs: []runtime.Message{{Role: "system", Content: "S"}, {Role: "user", Content: "U"}, {Role: "developer", Content: "D"}},
		want: adapter.Conversation{System: []string{"S", "D"}, Turns: []adapter.Turn{{Parts: []adapter.Part{{Text: "U"}}}}},
	}, {
		name: "one turn's results and the user text after them in one user turn",
		msgs: []runtime.Message{
			{Role: "user", Content: "Go."},
			{Role: "assistant", Content: "Looking.", ToolCalls: []runtime.ToolCall{call("a", `{"s":1}`), call("b", `{"s": 2`)}},
			okResult, badResult,
			{Role: "user", Content: "And?"},
		},
		want: adapter.Conversation{Turns: []adapter.Turn{
			{Parts: []adapter.Part{{Text: "Go."}}},
			{Assistant: true, Parts: []adapter.Part{
				{Text: "Looking."},
				{Call: &runtime.ToolCall{ID: "a", Name: "lookup", Arguments: json.RawMessage(`{"s":1}`)}},
				{Call: &runtime.ToolCall{ID: "b", Name: "lookup", Arguments: json.RawMessage(`{"arguments":"{\"s\": 2"}`)}},
			}},
			{Parts: []adapter.Part{
				{Text: "sunny", Result: okResult.ToolResult},
				{Text: badResult.Content, Result: badResult.ToolResult},
				{Text: "And?"},
			}},
		}},
	}, {
		name: "an assistant turn with neither text nor calls keeps its empty text",
		msgs: []runtime.Message{{Role: "user", Content: "U"}, {Role: "assistant"}, {Role: "user", Content: "V"}, {Role: "user", Content: "W"}},
		want: adapter.Conversation{Turns: []adapter.Turn{
			{Parts: []adapter.Part{{Text: "U"}}},
			{Assistant: true, Parts: []adapter.Part{{Text: ""}}},
			{Parts: []adapter.Part{{Text: "V"}, {Text: "W"}}},
		}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := adapter.Turns("p", tc.msgs)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestTurnsErrors(t *testing.T) {
	for _, tc := range []struct {
		msgs []runtime.Message
		want string
	}{
		{[]runtime.Message{{Role: "user"}, {Role: "tool", Content: "x"}}, "p: message 1: a tool message needs its ToolResult (the call's ID)"},
		{[]runtime.Message{{Role: "narrator"}}, `p: message 0: unknown role "narrator"`},
	} {
		if _, err := adapter.Turns("p", tc.msgs); err == nil || err.Error() != tc.want {
			t.Errorf("err = %v, want %s", err, tc.want)
		}
	}
}

func TestObjectArgs(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:    `{"a":1}`,
		` {"a":1} `:  ` {"a":1} `,
		`[1]`:        `{"arguments":"[1]"}`,
		`{"a":`:      `{"arguments":"{\"a\":"}`,
		``:           `{"arguments":""}`,
		`{"a":1} {}`: `{"arguments":"{\"a\":1} {}"}`,
	} {
		if got := string(adapter.ObjectArgs(json.RawMessage(in))); got != want {
			t.Errorf("ObjectArgs(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestRefusalError(t *testing.T) {
	for _, tc := range []struct {
		err  *adapter.RefusalError
		want string
	}{
		{&adapter.RefusalError{Provider: "p"}, "p: the model refused to answer"},
		{&adapter.RefusalError{Provider: "p", Reason: "SAFETY", Message: "blocked"}, "p: the model refused to answer (SAFETY): blocked"},
	} {
		if tc.err.Error() != tc.want || !errors.Is(tc.err, runtime.ErrRefused) {
			t.Errorf("%q, unwraps to ErrRefused: %v", tc.err.Error(), errors.Is(tc.err, runtime.ErrRefused))
		}
	}
}

// An adapter for an API that alternates user and model turns builds its
// messages from Turns.
func ExampleTurns() {
	c, err := adapter.Turns("myprovider", []runtime.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Weather in Oslo?"},
		{Role: "assistant", ToolCalls: []runtime.ToolCall{{ID: "c1", Name: "lookup", Arguments: json.RawMessage(`{"city":"Oslo"}`)}}},
		runtime.ToolResultMessage(runtime.ToolCall{ID: "c1", Name: "lookup"}, "4°C, rain", nil),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("system:", c.System)
	for _, t := range c.Turns {
		role := "user"
		if t.Assistant {
			role = "model"
		}
		for _, p := range t.Parts {
			switch {
			case p.Call != nil:
				fmt.Printf("%s: call %s %s\n", role, p.Call.Name, p.Call.Arguments)
			case p.Result != nil:
				fmt.Printf("%s: result of %s: %s\n", role, p.Result.CallID, p.Text)
			default:
				fmt.Printf("%s: %s\n", role, p.Text)
			}
		}
	}
	// Output:
	// system: [Be brief.]
	// user: Weather in Oslo?
	// model: call lookup {"city":"Oslo"}
	// user: result of c1: 4°C, rain
}
