package runtime

import (
	"context"
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// streamed is a StreamingModel that plays a script of delta sequences,
// one per call, and records requests and whether each stream was left.
type streamed struct {
	scripts  [][]Delta
	requests []Request
	closed   int // streams whose consumer stopped early
	fail     error
}

func (s *streamed) Generate(ctx context.Context, req Request) (Reply, error) {
	return Collect(s.GenerateStream(ctx, req))
}

func (s *streamed) GenerateStream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	s.requests = append(s.requests, req)
	if len(s.scripts) == 0 {
		return func(yield func(Delta, error) bool) { yield(Delta{}, errors.New("script exhausted")) }
	}
	script := s.scripts[0]
	s.scripts = s.scripts[1:]
	return func(yield func(Delta, error) bool) {
		for _, d := range script {
			if err := ctx.Err(); err != nil {
				yield(Delta{}, err)
				return
			}
			if !yield(d, nil) {
				s.closed++
				return
			}
		}
		if s.fail != nil {
			yield(Delta{}, s.fail)
		}
	}
}

// textDeltas splits text into deltas of n bytes and ends the reply.
func textDeltas(text string, n int, finish string) []Delta {
	var ds []Delta
	for i := 0; i < len(text); i += n {
		ds = append(ds, Delta{Text: text[i:min(i+n, len(text))]})
	}
	return append(ds, Delta{End: &Reply{FinishReason: finish, Truncated: finish == "length", Usage: Usage{InputTokens: 10, OutputTokens: 5}}})
}

func call(i int, id, name, args string, done bool) Delta {
	return Delta{Call: &CallDelta{Index: i, ID: id, Name: name, Arguments: args, Done: done}}
}

func TestReplyBuilder(t *testing.T) {
	tests := []struct {
		name   string
		deltas []Delta
		want   Reply
		cut    []string // names of the cut calls
	}{
		{"text", textDeltas("héllo", 2, "stop"), Reply{Text: "héllo", FinishReason: "stop", Usage: Usage{10, 5}}, nil},
		{"interleaved calls finish at the end", []Delta{
			call(0, "a", "search", `{"q":`, false), call(1, "b", "read", `{"path"`, false),
			call(0, "", "", `"go"}`, false), call(1, "", "", `:"x"}`, false),
			{End: &Reply{FinishReason: "tool_calls"}}},
			Reply{FinishReason: "tool_calls", ToolCalls: []ToolCall{{ID: "a", Name: "search", Arguments: []byte(`{"q":"go"}`)}, {ID: "b", Name: "read", Arguments: []byte(`{"path":"x"}`)}}}, nil},
		{"calls marked done; the last one cut by the limit", []Delta{
			call(3, "a", "search", `{"q":"go"}`, false), call(3, "", "", "", true), call(5, "b", "read", `{"pa`, false),
			{End: &Reply{FinishReason: "max_tokens", Truncated: true}}},
			Reply{FinishReason: "max_tokens", Truncated: true, ToolCalls: []ToolCall{{ID: "a", Name: "search", Arguments: []byte(`{"q":"go"}`)}}}, []string{"read"}},
		{"the stream ends without its end", []Delta{call(0, "a", "search", `{"q":"go"}`, false), call(1, "b", "read", `{}`, false)},
			Reply{Truncated: true}, []string{"search", "read"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b ReplyBuilder
			for _, d := range tt.deltas {
				if err := b.Add(d); err != nil {
					t.Fatal(err)
				}
			}
			got, err := b.Reply()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reply (-want +got):\n%s", diff)
			}
			var cut []string
			if err != nil {
				for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
					var c *CutCallError
					if !errors.As(e, &c) || !errors.Is(e, ErrTruncated) {
						t.Fatalf("not a cut call: %v", e)
					}
					cut = append(cut, c.Call.Name)
				}
			}
			if diff := cmp.Diff(tt.cut, cut); diff != "" {
				t.Errorf("cut calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReplyBuilderRefusesPiecesAfterTheEnd(t *testing.T) {
	var b ReplyBuilder
	b.Add(call(0, "a", "search", `{}`, true))
	if err := b.Add(call(0, "", "", `{}`, false)); err == nil {
		t.Error("a piece after the call finished was taken")
	}
	b.Add(Delta{End: &Reply{FinishReason: "stop"}})
	if err := b.Add(Delta{Text: "more"}); err == nil {
		t.Error("a delta after the end was taken")
	}
}

func TestStreamCalls(t *testing.T) {
	m := &streamed{scripts: [][]Delta{{
		call(0, "a", "search", `{"q":`, false), call(1, "b", "read", `{"path":`, false),
		call(0, "", "", `"go"}`, true), call(1, "", "", `"x`, false),
		{End: &Reply{FinishReason: "length", Truncated: true}},
	}}}
	var log []string
	for u, err := range StreamCalls(m.GenerateStream(context.Background(), Request{})) {
		if err != nil {
			var c *CutCallError
			if !errors.As(err, &c) || !errors.Is(err, ErrTruncated) {
				t.Fatalf("want a cut call, got %v", err)
			}
			log = append(log, "cut "+c.Call.Name+" "+string(c.Call.Arguments))
			continue
		}
		s := u.Call.Name + " " + string(u.Call.Arguments)
		if u.Finished {
			s = "finished " + s
		}
		log = append(log, s)
	}
	want := []string{`search {"q":`, `read {"path":`, `search {"q":"go"}`, `finished search {"q":"go"}`, `read {"path":"x`, `cut read {"path":"x`}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("updates (-want +got):\n%s", diff)
	}
}

func TestStreamCallsConnectionDrop(t *testing.T) {
	m := &streamed{scripts: [][]Delta{{call(0, "a", "search", `{"q":"go"}`, false)}}, fail: errors.New("connection reset")}
	var errs []error
	for u, err := range StreamCalls(m.GenerateStream(context.Background(), Request{})) {
		if u.Finished {
			t.Fatal("a call of a dropped stream was reported finished")
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) != 2 || !errors.Is(errs[0], ErrTruncated) || !strings.Contains(errs[0].Error(), "connection reset") || errs[1].Error() != "connection reset" {
		t.Errorf("want the cut call then the stream error, got %v", errs)
	}
}

// briefPartial reads a partial brief as the JSON read so far.
func briefPartial(text []byte) (string, error) { return readBrief(text) }

func TestCompleteStream(t *testing.T) {
	ctx := context.Background()
	req := Request{Messages: []Message{{Role: "user", Content: "Summarize."}}}
	m := &streamed{scripts: [][]Delta{
		textDeltas(`{"title":"T","level":"mid","points":["a"]}`, 9, "stop"),
		textDeltas("Fixed: "+validBrief, 9, "stop"),
	}}
	s := CompleteStream(ctx, m, req, briefOutput, briefPartial)
	var log []string
	for u := range s.Updates() {
		switch {
		case u.Retry != nil:
			log = append(log, "retry")
			if !strings.Contains(u.Retry.Error(), "/level") {
				t.Errorf("retry reason: %v", u.Retry)
			}
		default:
			if u.Attempt == 2 && strings.Contains(u.Partial, "mid") {
				t.Errorf("a partial of attempt 1 in attempt 2: %s", u.Partial)
			}
			log = append(log, u.Partial)
		}
	}
	got, err := s.Result()
	if err != nil || got.Title != "T" || got.Level != "low" {
		t.Fatalf("result: %+v %v", got, err)
	}
	want := []string{`{}`, `{"title":"T"}`, `{"level":"mid","title":"T"}`, `{"level":"mid","points":["a"],"title":"T"}`,
		"retry", `{}`, `{"title":"T"}`, `{"level":"low","title":"T"}`, `{"level":"low","points":[],"title":"T"}`, `{"level":"low","points":["a"],"title":"T"}`}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("updates (-want +got):\n%s", diff)
	}
	if len(m.requests) != 2 || m.requests[1].Messages[2].Role != "user" {
		t.Errorf("the repair turn was not sent: %+v", m.requests)
	}
}

func TestCompleteStreamOutputTool(t *testing.T) {
	// A list output asked for as a tool: its call wraps the list in
	// {"value": …}; the partials are of the list, from the call's
	// arguments, and another call's pieces are not mixed in.
	list := NewOutput[[]int]("List", briefSchemas.Schema("structgen:///list.json#"), Dialects{Wrapped: true}, false)
	ints := func(text []byte) (string, error) {
		n, _, err := list.ReadPartial(text)
		if err != nil {
			return "", err
		}
		return string(n.JSON()), nil
	}
	m := &streamed{scripts: [][]Delta{{
		call(0, "x", "other", `{"a":`, false),
		call(1, "c", "List", `{"val`, false), call(0, "", "", `9}`, false),
		call(1, "", "", `ue":`, false), call(1, "", "", ` [1, `, false), call(1, "", "", `2]}`, false),
		{End: &Reply{FinishReason: "tool_calls"}},
	}}}
	s := CompleteStream(context.Background(), m, Request{Output: list.Spec(OutputTool)}, list, ints)
	var log []string
	for u := range s.Updates() {
		log = append(log, u.Partial)
	}
	got, err := s.Result()
	if err != nil || !cmp.Equal(got, []int{1, 2}) {
		t.Fatalf("result %v %v", got, err)
	}
	if diff := cmp.Diff([]string{`[1]`, `[1,2]`}, log); diff != "" {
		t.Errorf("partials (-want +got):\n%s", diff)
	}
}

func TestCompleteStreamStops(t *testing.T) {
	t.Run("leaving the loop closes the stream", func(t *testing.T) {
		m := &streamed{scripts: [][]Delta{textDeltas(validBrief, 4, "stop")}}
		s := CompleteStream(context.Background(), m, Request{}, briefOutput, briefPartial)
		for range s.Updates() {
			break
		}
		if _, err := s.Result(); !errors.Is(err, ErrStopped) || m.closed != 1 {
			t.Errorf("err %v, closed %d", err, m.closed)
		}
	})
	t.Run("cancelling the context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		m := &streamed{scripts: [][]Delta{textDeltas(validBrief, 4, "stop")}}
		s := CompleteStream(ctx, m, Request{}, briefOutput, briefPartial)
		for range s.Updates() {
			cancel()
		}
		if _, err := s.Result(); !errors.Is(err, context.Canceled) {
			t.Errorf("err %v", err)
		}
	})
	t.Run("a cut reply", func(t *testing.T) {
		m := &streamed{scripts: [][]Delta{textDeltas(`{"title":"T","lev`, 4, "length")}}
		_, err := CompleteStream(context.Background(), m, Request{}, briefOutput, briefPartial, WithRepair(NoRepair)).Result()
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("err %v", err)
		}
	})
}

func TestCompleteStreamModelThatDoesNotStream(t *testing.T) {
	m := &scripted{replies: []Reply{{Text: validBrief}}}
	s := CompleteStream(context.Background(), m, Request{}, briefOutput, briefPartial)
	var log []string
	for u := range s.Updates() {
		log = append(log, u.Partial)
	}
	if got, err := s.Result(); err != nil || got.Title != "T" {
		t.Fatalf("%+v %v", got, err)
	}
	if diff := cmp.Diff([]string{`{"level":"low","points":["a"],"title":"T"}`}, log); diff != "" {
		t.Errorf("partials (-want +got):\n%s", diff)
	}
}

func TestTextOf(t *testing.T) {
	collect := func(ds []Delta, fail error) (string, error) {
		m := &streamed{scripts: [][]Delta{ds}, fail: fail}
		var text string
		for c, err := range TextOf(m.GenerateStream(context.Background(), Request{})) {
			if err != nil {
				return text, err
			}
			text += string(c)
		}
		return text, nil
	}
	if text, err := collect(textDeltas("héllo", 2, "stop"), nil); err != nil || text != "héllo" {
		t.Errorf("%q %v", text, err)
	}
	if text, err := collect(textDeltas("héllo", 2, "length"), nil); !errors.Is(err, ErrTruncated) || text != "héllo" {
		t.Errorf("cut: %q %v", text, err)
	}
	if _, err := collect(textDeltas("héllo", 2, "stop")[:2], nil); !errors.Is(err, ErrTruncated) {
		t.Errorf("no end: %v", err)
	}
	if _, err := collect(textDeltas("héllo", 2, "stop")[:2], errors.New("reset")); err == nil || err.Error() != "reset" {
		t.Errorf("stream error: %v", err)
	}
}
