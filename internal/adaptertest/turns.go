package adaptertest

import (
	"context"
	"errors"
	"testing"

	"github.com/structgen/structgen/runtime"
)

// RepairedCall runs two turns of m, whose server answers first with a
// call of lookup that does not parse, then with {"station":
// 9007199254740993}: the first call's problems go back as its error
// result, and the second must parse into LookupArgs with that station,
// exactly. It returns the first turn's reply; the caller checks what the
// server received.
func RepairedCall(t testing.TB, m runtime.Model) runtime.Reply {
	t.Helper()
	ctx := context.Background()
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Weather?"}}, Tools: Tools}
	first, err := m.Generate(ctx, req)
	if err != nil || len(first.ToolCalls) != 1 {
		t.Fatalf("turn 1: %+v %v", first, err)
	}
	call := first.ToolCalls[0]
	_, perr := ParseToolCall(call.Name, call.Arguments)
	var verr *runtime.ValidationError
	if !errors.As(perr, &verr) {
		t.Fatalf("the malformed call parsed: %v", perr)
	}
	req.Messages = append(req.Messages, runtime.Message{Role: "assistant", Content: first.Text, ToolCalls: first.ToolCalls},
		runtime.ToolErrorMessage(call, perr))
	second, err := m.Generate(ctx, req)
	if err != nil || len(second.ToolCalls) != 1 {
		t.Fatalf("turn 2: %+v %v", second, err)
	}
	action, err := ParseToolCall(second.ToolCalls[0].Name, second.ToolCalls[0].Arguments)
	if got, ok := action.(LookupArgs); err != nil || !ok || got.Station != 9007199254740993 {
		t.Fatalf("turn 2's call: %#v %v", action, err)
	}
	return first
}
