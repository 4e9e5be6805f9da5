package adapter_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/adapter"
	"github.com/structgen/structgen/runtime/schema"
)

// Turns is a minimal adapter, as docs/adapters.md writes it, for an API
// that takes a system prompt and turns and answers with text.
type Turns struct {
	Send func(ctx context.Context, system string, turns []adapter.Turn) (text, stop string, err error)
}

func (m Turns) Generate(ctx context.Context, req runtime.Request) (runtime.Reply, error) {
	_, msgs, err := req.Prepare(nil) // no native structured output: the prompt block
	if err != nil {
		return runtime.Reply{}, adapter.Errorf("mine", "%w", err)
	}
	c, err := adapter.Turns("mine", msgs)
	if err != nil {
		return runtime.Reply{}, err
	}
	text, stop, err := m.Send(ctx, strings.Join(c.System, "\n\n"), c.Turns)
	if err != nil {
		return runtime.Reply{}, err
	}
	if stop == "refused" {
		return runtime.Reply{}, &adapter.RefusalError{Provider: "mine", Reason: stop}
	}
	return runtime.Reply{Text: text, FinishReason: stop, Truncated: stop == "limit"}, nil
}

type city struct {
	Name string `json:"name"`
}

// What generated code declares for an output; written by hand here.
var cityOutput = runtime.NewOutput[city]("City",
	schema.NewSchemas("", map[string]string{"urn:city": `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`}).Schema("urn:city#"),
	runtime.Dialects{Prompt: "Answer with a JSON object {\"name\": string}."}, false)

// An adapter of your own runs under runtime.Complete like the shipped ones:
// the prompt block joins the system text, refusals unwrap to
// runtime.ErrRefused and truncation to runtime.ErrTruncated.
func Example_writingAnAdapter() {
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "The capital of Norway?"}}}
	replies := map[string][2]string{
		"answers": {"Sure: {name: 'Oslo'}", "stop"},
		"refuses": {"", "refused"},
		"cut off": {`{"na`, "limit"},
	}
	for _, name := range []string{"answers", "refuses", "cut off"} {
		model := Turns{Send: func(_ context.Context, system string, turns []adapter.Turn) (string, string, error) {
			r := replies[name]
			return r[0], r[1], nil
		}}
		c, err := runtime.Complete(context.Background(), model, req, cityOutput, runtime.WithRepair(runtime.NoRepair))
		switch {
		case errors.Is(err, runtime.ErrRefused):
			fmt.Println(name+":", "refused:", err)
		case errors.Is(err, runtime.ErrTruncated):
			fmt.Println(name+":", "truncated")
		case err != nil:
			fmt.Println(name+":", err)
		default:
			fmt.Println(name+":", c.Name)
		}
	}
	// Output:
	// answers: Oslo
	// refuses: refused: mine: the model refused to answer (refused)
	// cut off: truncated
}
