// Command brief shows a final-answer contract and the repair loop, offline:
// a scripted model first answers with prose around JSON that breaks the
// schema, gets the problems back, and answers again. Then a reply streams
// in, and the partial brief is printed as it grows.
package main

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/structgen/structgen/examples/brief/brief"
	"github.com/structgen/structgen/runtime"
)

// scripted is a Model that answers from a script; a real adapter would
// send req (with req.Output's dialect for its provider) to an API.
type scripted struct {
	replies []runtime.Reply
	sent    []runtime.Request
}

func (s *scripted) Generate(_ context.Context, req runtime.Request) (runtime.Reply, error) {
	s.sent = append(s.sent, req)
	if len(s.replies) == 0 {
		return runtime.Reply{}, errors.New("the script has no more replies")
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	return r, nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	model := &scripted{replies: []runtime.Reply{
		{Text: "Here is the brief you asked for:\n" +
			`{"title": "Add tool dialects", "risk": "critical", "points": "[\"New runtime API\"]", "reviewers": "two"}` +
			"\nLet me know if you need more.", FinishReason: "stop"},
		{Text: "```json\n" + `{"title": "Add tool dialects", "risk": "Medium", "points": ["New runtime API", "Golden files changed"], "reviewers": "2"}` + "\n```", FinishReason: "stop"},
	}}
	req := runtime.Request{Messages: []runtime.Message{
		{Role: "system", Content: "You write briefs for pull requests."},
		{Role: "user", Content: "Brief the team on PR #42."},
	}}
	// Prompt mode: the output-format block goes into the system prompt.
	req.Output = brief.BriefOutput.Spec(runtime.OutputPrompt)

	var repairs []runtime.Repair
	b, err := runtime.Complete(context.Background(), model, req, brief.BriefOutput, runtime.WithRepairs(&repairs))
	if err != nil {
		return err
	}
	fmt.Printf("model calls: %d\n", len(model.sent))
	repair := model.sent[1].Messages[len(model.sent[1].Messages)-1]
	fmt.Printf("repair message sent back (%s):\n%s\n", repair.Role, repair.Content)

	// The lenient repairs on the accepted reply: reported, never silent.
	for _, r := range repairs {
		fmt.Println("repaired", r)
	}
	fmt.Printf("brief: %q, risk %s, %d reviewers\n", b.Title, b.Risk, *b.Reviewers)
	for _, p := range b.Points {
		fmt.Println("  -", p)
	}
	return stream()
}

// stream reads a reply as its deltas arrive, as an SDK delivers them, and
// prints the brief read so far after each: strings grow, the enum value and
// the number appear once the model has finished them.
func stream() error {
	deltas := []string{"```json\n{\"title\": \"Str", "eam parti", "als\", \"risk\": \"lo", "w\", \"revie", "wers\": 1", ", \"points\": [\"Fields gr", "ow\"]}\n```"}
	fmt.Println("streaming:")
	for partial, err := range runtime.Stream(runtime.Deltas(slices.Values(deltas)), brief.ParseBriefPartial) {
		if err != nil {
			return err
		}
		b, _ := json.Marshal(partial)
		title, _ := partial.Title.Get()
		fmt.Printf("  %s (title done: %v, %q)\n", b, partial.Title.Done(), title)
	}
	return nil
}
