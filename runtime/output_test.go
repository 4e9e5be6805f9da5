package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/structgen/structgen/runtime/schema"
)

var briefSchemas = schema.NewSchemas("", map[string]string{
	"structgen:///brief.json": `{
		"type": "object",
		"required": ["title", "level", "points"],
		"properties": {
			"title": {"type": "string", "minLength": 1},
			"level": {"enum": ["low", "high"]},
			"points": {"type": "array", "items": {"type": "string"}, "minItems": 1},
			"score": {"type": "number"},
			"count": {"type": "integer"},
			"done": {"type": "boolean"},
			"note": {"type": "string"},
			"maybe": {"type": ["string", "null"]}
		},
		"additionalProperties": false
	}`,
	"structgen:///text.json":   `{"type": "string"}`,
	"structgen:///answer.json": `{"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}`,
	"structgen:///count.json":  `{"type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"]}`,
	"structgen:///list.json":   `{"type": "array", "items": {"type": "integer"}}`,
})

type brief struct {
	Title  string   `json:"title"`
	Level  string   `json:"level"`
	Points []string `json:"points"`
	Score  *float64 `json:"score,omitempty"`
	Count  *int     `json:"count,omitempty"`
	Done   *bool    `json:"done,omitempty"`
	Note   *string  `json:"note,omitempty"`
	Maybe  *string  `json:"maybe"`
}

var briefOutput = NewOutput[brief]("Brief", briefSchemas.Schema("structgen:///brief.json#"), Dialects{Prompt: "## Output format"}, false)

func TestOutputParseRepairs(t *testing.T) {
	tests := []struct {
		name, in string
		want     brief
		repairs  []Repair
	}{
		{"clean", `{"title":"T","level":"low","points":["a"]}`, brief{Title: "T", Level: "low", Points: []string{"a"}}, nil},
		{"fenced", "Here you go:\n```json\n{\"title\":\"T\",\"level\":\"low\",\"points\":[\"a\"]}\n```",
			brief{Title: "T", Level: "low", Points: []string{"a"}},
			[]Repair{{Pointer: "", Message: "took the JSON document from a markdown code fence"}}},
		{"list as a JSON string", `{"title":"T","level":"low","points":"[\"a\",\"b\"]"}`,
			brief{Title: "T", Level: "low", Points: []string{"a", "b"}},
			[]Repair{{Pointer: "/points", Message: "decoded an array sent as a JSON-encoded string"}}},
		{"number, integer and boolean as strings", `{"title":"T","level":"low","points":["a"],"score":" 2.5","count":"3","done":"TRUE"}`,
			brief{Title: "T", Level: "low", Points: []string{"a"}, Score: ptrTo(2.5), Count: ptrTo(3), Done: ptrTo(true)},
			[]Repair{{Pointer: "/count", Message: `read "3" as the number 3`}, {Pointer: "/done", Message: `read "TRUE" as true`}, {Pointer: "/score", Message: `read " 2.5" as the number 2.5`}}},
		{"enum case and space", `{"title":"T","level":" High ","points":["a"]}`,
			brief{Title: "T", Level: "high", Points: []string{"a"}},
			[]Repair{{Pointer: "/level", Message: `read " High " as the enum value "high"`}}},
		{"null in an optional field", `{"title":"T","level":"low","points":["a"],"note":null,"maybe":null}`,
			brief{Title: "T", Level: "low", Points: []string{"a"}},
			[]Repair{{Pointer: "/note", Message: "read null in an optional field as absent"}}},
		{"string stays a string", `{"title":"42","level":"low","points":["1"]}`, brief{Title: "42", Level: "low", Points: []string{"1"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, repairs, err := briefOutput.ParseRepaired([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("value (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.repairs, repairs, cmpopts.IgnoreFields(Repair{}, "Offset")); d != "" {
				t.Errorf("repairs (-want +got):\n%s", d)
			}
		})
	}
}

// TestRepairOffsets: each repair says where in the reply it was made.
func TestRepairOffsets(t *testing.T) {
	reply := "Here you go:\n```json\n{\"title\":\"T\",\"level\":\" High \",\"points\":[\"a\"]}\n```"
	_, repairs, err := briefOutput.ParseRepaired([]byte(reply))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, r := range repairs {
		got[r.Message] = r.Offset
	}
	want := map[string]int{
		"took the JSON document from a markdown code fence": strings.Index(reply, "```"),
		`read " High " as the enum value "high"`:            strings.Index(reply, `" High "`),
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("offsets (-want +got):\n%s", d)
	}
}

// A reply with nothing that fits says what it holds, cut short where it
// is long.
func TestOutputNoJSONSaysWhatWasFound(t *testing.T) {
	for in, want := range map[string]string{
		"Sorry, I can't.":       `it is text, "Sorry, I can't."`,
		strings.Repeat("é", 40): `it is text, "` + strings.Repeat("é", 30) + `"…`,
	} {
		_, err := briefOutput.Parse([]byte(in))
		var ve *ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 || !strings.HasSuffix(ve.Problems[0].Message, want) {
			t.Errorf("%q: want a problem ending %q, got %v", in, want, err)
		}
	}
}

func TestOutputParseFailures(t *testing.T) {
	tests := []struct {
		name, in string
		sentinel error
		pointer  string
	}{
		{"empty", "  ", ErrEmptyReply, ""},
		{"no JSON", "Sorry, I can't.", ErrNoJSON, ""},
		{"invalid after repair", `{"title":"","level":"mid","points":[]}`, nil, "/level"},
		{"wrong type", `{"title":"T","level":"low","points":[null]}`, nil, "/points/0"},
		{"ambiguous enum case stays wrong", `{"title":"T","level":"LOWER","points":["a"]}`, nil, "/level"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := briefOutput.Parse([]byte(tc.in))
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("want *ValidationError, got %v", err)
			}
			if ve.TypeName != "Brief" || string(ve.Raw) != tc.in {
				t.Errorf("TypeName %q Raw %q", ve.TypeName, ve.Raw)
			}
			if tc.sentinel != nil && !errors.Is(err, tc.sentinel) || tc.sentinel == nil && ve.Err != nil {
				t.Errorf("sentinel: %v", ve.Err)
			}
			found := false
			for _, p := range ve.Problems {
				found = found || p.Pointer == tc.pointer
			}
			if !found {
				t.Errorf("no problem at %q: %v", tc.pointer, err)
			}
		})
	}
}

func TestPlainAndListOutputs(t *testing.T) {
	text := NewOutput[string]("Text", briefSchemas.Schema("structgen:///text.json#"), Dialects{}, true)
	got, err := text.Parse([]byte("  any text, {not JSON}\n"))
	if err != nil || got != "  any text, {not JSON}\n" {
		t.Errorf("plain output: %q %v", got, err)
	}
	list := NewOutput[[]int]("List", briefSchemas.Schema("structgen:///list.json#"), Dialects{Wrapped: true}, false)
	for _, in := range []string{"The numbers: [1, 2.0, \"3\"].", `{"value": [1, 2, 3]}`} {
		got, err := list.Parse([]byte(in))
		if err != nil || !cmp.Equal(got, []int{1, 2, 3}) {
			t.Errorf("%s: %v %v", in, got, err)
		}
	}
}

// scripted is a Model that answers from a script and records requests.
type scripted struct {
	replies  []Reply
	requests []Request
}

func (s *scripted) Generate(_ context.Context, req Request) (Reply, error) {
	s.requests = append(s.requests, req)
	if len(s.replies) == 0 {
		return Reply{}, errors.New("script exhausted")
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	return r, nil
}

const validBrief = `{"title":"T","level":"low","points":["a"]}`

func TestComplete(t *testing.T) {
	ctx := context.Background()
	req := Request{Messages: []Message{{Role: "user", Content: "Summarize."}}}

	t.Run("valid first time", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: validBrief}}}
		got, err := Complete(ctx, m, req, briefOutput)
		if err != nil || got.Title != "T" || len(m.requests) != 1 {
			t.Fatalf("%+v %v %d", got, err, len(m.requests))
		}
		if m.requests[0].Output == nil || m.requests[0].Output.Name != "Brief" {
			t.Error("the request does not carry the output spec")
		}
	})
	t.Run("invalid then fixed", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: `{"title":"T","level":"mid","points":["a"]}`}, {Text: validBrief}}}
		got, err := Complete(ctx, m, req, briefOutput)
		if err != nil || got.Level != "low" || len(m.requests) != 2 {
			t.Fatalf("%+v %v", got, err)
		}
		msgs := m.requests[1].Messages
		if len(msgs) != 3 || msgs[1].Role != "assistant" || msgs[2].Role != "user" || !strings.Contains(msgs[2].Content, "/level: value must be one of 'low', 'high'") {
			t.Errorf("repair turn: %+v", msgs)
		}
		if len(req.Messages) != 1 {
			t.Error("Complete changed the caller's messages")
		}
	})
	t.Run("invalid twice", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: `{"title":""}`}, {Text: `not json`}, {Text: validBrief}}}
		_, err := Complete(ctx, m, req, briefOutput)
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.TypeName != "Brief" || string(ve.Raw) != "not json" || !errors.Is(err, ErrNoJSON) || len(m.requests) != 2 {
			t.Errorf("err %v after %d calls", err, len(m.requests))
		}
	})
	t.Run("empty reply cut by the token limit", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: "", FinishReason: "length", Truncated: true}, {Text: `{"title":"T","lev`, FinishReason: "max_tokens", Truncated: true}}}
		_, err := Complete(ctx, m, req, briefOutput)
		var ve *ValidationError
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &ve) || len(m.requests) != 2 {
			t.Errorf("err %v after %d calls", err, len(m.requests))
		}
		if !strings.Contains(m.requests[1].Messages[2].Content, "cut off") {
			t.Errorf("repair message: %q", m.requests[1].Messages[2].Content)
		}
	})
	t.Run("a cut reply that the reader closes is not the answer", func(t *testing.T) {
		// {"title":"T","level":"low","points":["a","b" closes to a valid
		// Brief, but the list may have had more items.
		cut := Reply{Text: `{"title":"T","level":"low","points":["a","b"`, FinishReason: "length", Truncated: true}
		m := &scripted{replies: []Reply{cut, {Text: validBrief}}}
		got, err := Complete(ctx, m, req, briefOutput)
		if err != nil || len(m.requests) != 2 || len(got.Points) != 1 {
			t.Fatalf("got %+v, err %v after %d calls", got, err, len(m.requests))
		}
		if msg := m.requests[1].Messages[2].Content; !strings.Contains(msg, "cut off") {
			t.Errorf("repair message: %q", msg)
		}
		m = &scripted{replies: []Reply{cut}}
		_, err = Complete(ctx, m, req, briefOutput, WithRepair(NoRepair))
		var ve *ValidationError
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &ve) || len(ve.Repairs) == 0 || string(ve.Raw) != cut.Text {
			t.Errorf("err %v", err)
		}
	})
	t.Run("a whole document is the answer even at the token limit", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: validBrief, FinishReason: "length", Truncated: true}}}
		if got, err := Complete(ctx, m, req, briefOutput); err != nil || got.Title != "T" || len(m.requests) != 1 {
			t.Errorf("got %+v, err %v after %d calls", got, err, len(m.requests))
		}
	})
	t.Run("a finish reason alone is not truncation", func(t *testing.T) {
		// Only the adapter knows its provider's words for the token limit.
		m := &scripted{replies: []Reply{{Text: "", FinishReason: "length"}}}
		_, err := Complete(ctx, m, req, briefOutput, WithRepair(NoRepair))
		if err == nil || errors.Is(err, ErrTruncated) {
			t.Errorf("err %v", err)
		}
	})
	t.Run("no repair", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: "nope"}, {Text: validBrief}}}
		if _, err := Complete(ctx, m, req, briefOutput, WithRepair(NoRepair)); !errors.Is(err, ErrNoJSON) || len(m.requests) != 1 {
			t.Errorf("err %v after %d calls", err, len(m.requests))
		}
	})
	t.Run("custom strategy, three attempts", func(t *testing.T) {
		var attempts []int
		strategy := RepairFunc(func(err *ValidationError, attempt int) (string, bool) {
			attempts = append(attempts, attempt)
			return fmt.Sprintf("try %d", attempt), attempt <= 3
		})
		m := &scripted{replies: []Reply{{Text: "a"}, {Text: "b"}, {Text: "c"}, {Text: "d"}, {Text: validBrief}}}
		_, err := Complete(ctx, m, req, briefOutput, WithRepair(strategy))
		if err == nil || len(m.requests) != 4 || !cmp.Equal(attempts, []int{1, 2, 3, 4}) {
			t.Errorf("err %v, %d calls, attempts %v", err, len(m.requests), attempts)
		}
		if got := m.requests[3].Messages[len(m.requests[3].Messages)-1].Content; got != "try 3" {
			t.Errorf("last prompt %q", got)
		}
	})
	t.Run("max turns", func(t *testing.T) {
		always := RepairFunc(func(*ValidationError, int) (string, bool) { return "again", true })
		m := &scripted{replies: []Reply{{Text: "a"}, {Text: "b"}, {Text: "c"}, {Text: validBrief}}}
		_, err := Complete(ctx, m, req, briefOutput, WithRepair(always), WithMaxTurns(3))
		if err == nil || len(m.requests) != 3 {
			t.Errorf("err %v after %d calls", err, len(m.requests))
		}
	})
	t.Run("prompt mode adds the output block", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: validBrief}}}
		r := Request{Messages: []Message{{Role: "system", Content: "Be brief."}, {Role: "user", Content: "Go."}}, Output: briefOutput.Spec(OutputPrompt)}
		if _, err := Complete(ctx, m, r, briefOutput); err != nil {
			t.Fatal(err)
		}
		if got := m.requests[0].Messages[0].Content; got != "Be brief.\n\n## Output format" {
			t.Errorf("system prompt %q", got)
		}
	})
	t.Run("repairs reported", func(t *testing.T) {
		m := &scripted{replies: []Reply{{Text: "```json\n" + validBrief + "\n```"}}}
		var repairs []Repair
		if _, err := Complete(ctx, m, req, briefOutput, WithRepairs(&repairs)); err != nil {
			t.Fatal(err)
		}
		if len(repairs) != 1 || !strings.Contains(repairs[0].Message, "code fence") {
			t.Errorf("repairs %v", repairs)
		}
	})
	t.Run("model error", func(t *testing.T) {
		m := &scripted{}
		if _, err := Complete(ctx, m, req, briefOutput); err == nil || err.Error() != "script exhausted" {
			t.Errorf("err %v", err)
		}
	})
}

// FuzzOutputParse runs extraction and repair on any text: a value or a
// *ValidationError, never a panic (FuzzExtract bounds extraction's work).
func FuzzOutputParse(f *testing.F) {
	for _, s := range []string{validBrief, "```json\n" + validBrief + "\n```", `x {"title":"T","points":"[\"a\"]"} y`, "{{{", `{"level":" HIGH"}`, "- a\n- b", "Title: T\n- **level:** high\npoints: [\"a\"]", "| Title | Level |\n|---|:-:|\n| T | high |", "| Field | Value |\n| --- | --- |\n| title | T \\| U |\n| level | |", "{\"a\"：1，\"b\"：[tru", "<brief><title>T</title><points><p>a</p><p>b</p></points></brief>", "people:\n  - name: A\n    bio: |\n      x", "title,level\nT,high\n\"U\"\"\",low"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := briefOutput.Parse([]byte(s))
		var ve *ValidationError
		if err != nil && !errors.As(err, &ve) {
			t.Fatalf("want *ValidationError, got %v", err)
		}
	})
}

// TestRepairPromptTeaches: the repair message asks only about what is
// still wrong, and lists apart what was read anyway.
func TestRepairPromptTeaches(t *testing.T) {
	_, err := briefOutput.Parse([]byte(`Here: {"title": "T", "level": "mid", "points": "[\"a\"]"}`))
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatal(err)
	}
	prompt := RepairPrompt(ve)
	wrong, read, ok := strings.Cut(prompt, "These were read anyway; write them correctly next time:")
	if !ok {
		t.Fatalf("no list of what was read anyway:\n%s", prompt)
	}
	if !strings.Contains(wrong, "/level: value must be one of") || strings.Contains(wrong, "/points") {
		t.Errorf("still wrong:\n%s", wrong)
	}
	if !strings.Contains(read, "/points: decoded an array sent as a JSON-encoded string") || strings.Contains(read, "/level") {
		t.Errorf("read anyway:\n%s", read)
	}
}

// TestUnclosedReasoning: a reply that ends inside its reasoning block is
// refused, not read from its draft, and the repair message says why.
func TestUnclosedReasoning(t *testing.T) {
	_, err := briefOutput.Parse([]byte("<think>Draft: " + validBrief + "\nNow the final one:"))
	var ve *ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ErrUnclosedReasoning) || !errors.Is(err, ErrNoJSON) {
		t.Fatalf("want a *ValidationError unwrapping to ErrUnclosedReasoning, got %v", err)
	}
	if !strings.Contains(err.Error(), "<think> is never closed") {
		t.Errorf("the error does not say why: %v", err)
	}
	if prompt := RepairPrompt(ve); !strings.Contains(prompt, "ends inside its reasoning block") {
		t.Errorf("the repair message does not say why:\n%s", prompt)
	}
}

// TestRefusedShapeNamed: a reply written in a shape the reader knows
// (XML, CSV) that does not fit gets an error saying what in it did not,
// which the repair message passes on; it is still ErrNoJSON.
func TestRefusedShapeNamed(t *testing.T) {
	_, err := briefOutput.Parse([]byte("<title>T</title>\n<author>Ada</author>"))
	var ve *ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ErrNoJSON) {
		t.Fatalf("want a *ValidationError unwrapping to ErrNoJSON, got %v", err)
	}
	const why = "the reply is written as XML, but <author> (at offset 17) names no property the schema declares"
	if !strings.Contains(err.Error(), why) {
		t.Errorf("the error does not say why: %v", err)
	}
	if prompt := RepairPrompt(ve); !strings.Contains(prompt, why) {
		t.Errorf("the repair message does not say why:\n%s", prompt)
	}
}

// TestMinimalRepair: the repair goes to another model with the task, the
// failed reply and its problems only, not the conversation.
func TestMinimalRepair(t *testing.T) {
	ctx := context.Background()
	req := Request{Messages: []Message{
		{Role: "system", Content: "You write briefs."},
		{Role: "user", Content: "Earlier turn."},
		{Role: "assistant", Content: "Earlier answer."},
		{Role: "user", Content: "Summarize the PR."},
	}}
	main := &scripted{replies: []Reply{{Text: `{"title":"T","level":"mid","points":["a"]}`}}}
	fixer := &scripted{replies: []Reply{{Text: validBrief}}}
	got, err := Complete(ctx, main, req, briefOutput, WithRepair(MinimalRepair(fixer, 1)))
	if err != nil || got.Level != "low" {
		t.Fatalf("%+v %v", got, err)
	}
	if len(main.requests) != 1 || len(fixer.requests) != 1 {
		t.Fatalf("calls: main %d, fixer %d", len(main.requests), len(fixer.requests))
	}
	sent := fixer.requests[0].Messages
	if len(sent) != 2 || sent[0].Content != "You write briefs." || sent[1].Role != "user" {
		t.Fatalf("repair request: %+v", sent)
	}
	body := sent[1].Content
	for _, want := range []string{"Summarize the PR.", `"level":"mid"`, "/level: value must be one of"} {
		if !strings.Contains(body, want) {
			t.Errorf("repair request lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "Earlier") {
		t.Errorf("the conversation was sent:\n%s", body)
	}
	// Out of attempts: the last error.
	main = &scripted{replies: []Reply{{Text: `{"title":""}`}}}
	fixer = &scripted{replies: []Reply{{Text: `{"title":""}`}}}
	if _, err := Complete(ctx, main, req, briefOutput, WithRepair(MinimalRepair(fixer, 1))); err == nil || len(fixer.requests) != 1 {
		t.Errorf("err %v after %d repairs", err, len(fixer.requests))
	}
	// Without a model of its own, the repair goes to the same model.
	same := &scripted{replies: []Reply{{Text: `{"title":""}`}, {Text: validBrief}}}
	if _, err := Complete(ctx, same, req, briefOutput, WithRepair(MinimalRepair(nil, 2))); err != nil || len(same.requests) != 2 || len(same.requests[1].Messages) != 2 {
		t.Errorf("same model: %v, %d calls", err, len(same.requests))
	}
}

// TestCompleteToolAnswer: a final answer delivered as a call of the
// output's tool is read like any reply; its problems go back as that
// tool's error result.
func TestCompleteToolAnswer(t *testing.T) {
	ctx := context.Background()
	req := Request{Messages: []Message{{Role: "user", Content: "Summarize."}}, Output: briefOutput.Spec(OutputTool)}
	if req.Output.ToolName != "Brief" || !json.Valid(req.Output.ToolParameters) {
		t.Fatalf("tool spec: %+v", req.Output)
	}
	call := func(id, args string) Reply {
		return Reply{ToolCalls: []ToolCall{{ID: id, Name: "Brief", Arguments: json.RawMessage(args)}}, FinishReason: "tool_use",
			Usage: Usage{InputTokens: 100, OutputTokens: 7}}
	}
	m := &scripted{replies: []Reply{
		call("c1", `{"title":"T","level":"mid","points":["a"]}`),
		call("c2", `"{\"title\":\"T\",\"level\":\"low\",\"points\":[\"a\"]}"`), // arguments sent as a JSON string
	}}
	var repairs []Repair
	var usage Usage
	got, err := Complete(ctx, m, req, briefOutput, WithRepairs(&repairs), WithUsage(&usage))
	if err != nil || got.Level != "low" || len(m.requests) != 2 {
		t.Fatalf("%+v %v after %d calls", got, err, len(m.requests))
	}
	if usage != (Usage{InputTokens: 200, OutputTokens: 14}) {
		t.Errorf("usage of both turns: %+v", usage)
	}
	msgs := m.requests[1].Messages
	last, prev := msgs[len(msgs)-1], msgs[len(msgs)-2]
	if prev.Role != "assistant" || len(prev.ToolCalls) != 1 || prev.ToolCalls[0].ID != "c1" {
		t.Errorf("the failed call is not in the conversation: %+v", prev)
	}
	if last.Role != "tool" || last.ToolResult == nil || last.ToolResult.CallID != "c1" || !last.ToolResult.IsError ||
		!strings.Contains(last.ToolResult.Content, "/level: value must be one of") {
		t.Errorf("the problems are not the tool's error result: %+v", last)
	}
	if len(repairs) == 0 || !strings.Contains(repairs[len(repairs)-1].Message, "JSON-encoded string") {
		t.Errorf("repairs of the accepted call: %v", repairs)
	}
	// A model that answers in text after all is read as usual.
	m = &scripted{replies: []Reply{{Text: validBrief}}}
	if got, err := Complete(ctx, m, req, briefOutput); err != nil || got.Title != "T" {
		t.Errorf("text answer: %+v %v", got, err)
	}
}

func TestToolMessages(t *testing.T) {
	call := ToolCall{ID: "c7", Name: "Brief", Arguments: json.RawMessage(`{"title":"T","level":"mid","points":["a"]}`)}
	_, err := briefOutput.Parse(call.Arguments)
	m := ToolErrorMessage(call, err)
	if m.Role != "tool" || m.ToolResult == nil || !m.ToolResult.IsError || m.ToolResult.CallID != "c7" || m.ToolResult.Name != "Brief" {
		t.Fatalf("error message: %+v", m)
	}
	if !strings.Contains(m.Content, "/level: value must be one of") || !strings.HasPrefix(m.Content, "Your call of Brief could not be used") ||
		!strings.HasSuffix(strings.TrimSpace(m.Content), "Call Brief again with corrected arguments.") || m.Content != m.ToolResult.Content {
		t.Errorf("the problems are not named: %q", m.Content)
	}
	if m := ToolErrorMessage(call, errors.New("station offline")); m.Content != "station offline" || !m.ToolResult.IsError {
		t.Errorf("other errors: %+v", m)
	}
	m = ToolResultMessage(call, "ok", json.RawMessage(`{"n":1}`))
	if m.Role != "tool" || m.ToolResult.IsError || m.ToolResult.Content != "ok" || string(m.ToolResult.Structured) != `{"n":1}` {
		t.Errorf("result message: %+v", m)
	}
}

func TestOutputSpecSend(t *testing.T) {
	dialect := json.RawMessage(`{"type":"json_schema"}`)
	spec := func(m OutputMode) *OutputSpec {
		return &OutputSpec{Name: "Brief", Mode: m, PromptBlock: "## Output format"}
	}
	tests := []struct {
		name      string
		spec      *OutputSpec
		dialect   json.RawMessage
		mode      OutputMode
		block     string
		wantError bool
	}{
		{"no output", nil, dialect, OutputPrompt, "", false},
		{"auto with dialect", spec(OutputAuto), dialect, OutputNative, "", false},
		{"auto without dialect", spec(OutputAuto), nil, OutputPrompt, "## Output format", false},
		{"native", spec(OutputNative), dialect, OutputNative, "", false},
		{"native without dialect", spec(OutputNative), nil, 0, "", true},
		{"prompt: Complete added it", spec(OutputPrompt), dialect, OutputPrompt, "", false},
		{"tool", spec(OutputTool), nil, OutputTool, "", false},
	}
	for _, tt := range tests {
		mode, block, err := tt.spec.Send(tt.dialect)
		if mode != tt.mode || block != tt.block || (err != nil) != tt.wantError {
			t.Errorf("%s: %v %q %v", tt.name, mode, block, err)
		}
	}
	if _, _, err := spec(OutputNative).Send(nil); err == nil || !strings.Contains(err.Error(), `output "Brief"`) {
		t.Errorf("the error does not name the output: %v", err)
	}
}

// TestRequestPrepare: the dialect picked from the spec decides the mode,
// and a prompt block the provider needs lands in the system prompt.
func TestRequestPrepare(t *testing.T) {
	msgs := []Message{{Role: "user", Content: "Summarize."}}
	pick := func(o *OutputSpec) json.RawMessage { return o.OpenAI }
	auto := &OutputSpec{Name: "Brief", Mode: OutputAuto, PromptBlock: "## Output format"}
	mode, got, err := Request{Messages: msgs, Output: auto}.Prepare(pick)
	if err != nil || mode != OutputPrompt || len(got) != 2 || got[0].Role != "system" || !strings.Contains(got[0].Content, "## Output format") {
		t.Errorf("auto without dialect: %v %+v %v", mode, got, err)
	}
	auto.OpenAI = json.RawMessage(`{"type":"json_schema"}`)
	if mode, got, err := (Request{Messages: msgs, Output: auto}).Prepare(pick); err != nil || mode != OutputNative || len(got) != 1 {
		t.Errorf("auto with dialect: %v %+v %v", mode, got, err)
	}
	if mode, got, err := (Request{Messages: msgs}).Prepare(pick); err != nil || mode != OutputPrompt || len(got) != 1 {
		t.Errorf("no output: %v %+v %v", mode, got, err)
	}
	native := &OutputSpec{Name: "Brief", Mode: OutputNative}
	if _, _, err := (Request{Messages: msgs, Output: native}).Prepare(nil); err == nil {
		t.Error("native output for a provider without a dialect: want an error")
	}
}

func TestResultText(t *testing.T) {
	call := ToolCall{ID: "c", Name: "t"}
	for _, tt := range []struct {
		m    Message
		want string
	}{
		{ToolResultMessage(call, "ok", json.RawMessage(`{"n":1}`)), "ok"},
		{ToolResultMessage(call, "", json.RawMessage(`{"n":1}`)), `{"n":1}`},
		{Message{Role: "tool", Content: "plain", ToolResult: &ToolResult{CallID: "c"}}, "plain"},
	} {
		if got := tt.m.ResultText(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.m, got, tt.want)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }

// TestRefuseRatherThanGuess: where fitting the schema would need a value
// the reply's own structure does not give, the answer is an error naming
// what was found.
func TestRefuseRatherThanGuess(t *testing.T) {
	answer := NewOutput[map[string]any]("Answer", briefSchemas.Schema("structgen:///answer.json#"), Dialects{}, false)
	count := NewOutput[map[string]any]("Count", briefSchemas.Schema("structgen:///count.json#"), Dialects{}, false)
	refused := []struct {
		name string
		out  Output[map[string]any]
		in   string
		want string // in the error
	}{
		{"prose where an object is wanted", answer, "I do not know.", "nothing that fits"},
		{"a quoted string where an object is wanted", answer, `"Paris"`, "want object"},
		{"the wanted object inside another", briefOutputAny, `{"result": {"title": "T", "level": "low", "points": ["a"]}}`, "/result: this value fits the schema, but it is inside the reply's document"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			v, err := tt.out.Parse([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, %v; want an error with %q", v, err, tt.want)
			}
		})
	}
	// A number or boolean is the one property's value: no other reading
	// of it exists.
	if v, err := count.Parse([]byte(" 12 ")); err != nil || v["count"] != float64(12) {
		t.Errorf("count: %v %v", v, err)
	}
}

var briefOutputAny = NewOutput[map[string]any]("Brief", briefSchemas.Schema("structgen:///brief.json#"), Dialects{}, false)
