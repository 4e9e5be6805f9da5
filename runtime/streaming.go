package runtime

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
)

// StreamingModel is a Model that can also stream its reply. The adapters
// in structgen/adapters/… implement it over their SDK's streaming API.
type StreamingModel interface {
	Model
	// GenerateStream sends req and yields the reply as it streams: text
	// and refusal deltas, pieces of tool calls, and last a Delta whose End
	// holds the finish reason, truncation and usage. An error ends the
	// sequence (a refusal is an error that unwraps to ErrRefused, after its
	// deltas). Leaving the loop early, or cancelling ctx, closes the
	// SDK's stream.
	GenerateStream(ctx context.Context, req Request) iter.Seq2[Delta, error]
}

// Delta is one event of a streaming reply; one of its parts is set.
type Delta struct {
	// Text is the next piece of the reply's text.
	Text string
	// Refusal is the next piece of a refusal the provider streams apart
	// from the text (OpenAI's refusal).
	Refusal string
	// Call is the next piece of a tool call.
	Call *CallDelta
	// End ends the reply: its FinishReason, Truncated and Usage (its text
	// and calls came as deltas and are not repeated).
	End *Reply
}

// CallDelta is a piece of one tool call of a streaming reply.
type CallDelta struct {
	// Index is the provider's index of the call: the pieces of one call
	// share it, and the pieces of parallel calls may interleave.
	Index int
	// ID and Name are set on at least the call's first piece.
	ID, Name string
	// Arguments are the next bytes of the call's arguments.
	Arguments string
	// Done says the provider marked the call finished. Providers that
	// only mark the end of the whole reply (Chat Completions) never set
	// it: the End of a reply that was not truncated finishes every call.
	Done bool
}

// CutCallError is a tool call the stream never finished: the stream
// ended, the token limit cut it, or the connection dropped. Call holds
// what arrived of it, arguments as received. It unwraps to ErrTruncated;
// a cut call is never reported as finished, nor read as {}.
type CutCallError struct {
	// Index is the provider's index of the call.
	Index int
	Call  ToolCall
	// Why says how the stream ended.
	Why string
}

func (e *CutCallError) Error() string {
	return fmt.Sprintf("tool call %q (id %q) was cut off after %d bytes of arguments: %s", e.Call.Name, e.Call.ID, len(e.Call.Arguments), e.Why)
}

// Unwrap returns ErrTruncated.
func (e *CutCallError) Unwrap() error { return ErrTruncated }

// ReplyBuilder puts a streaming reply together from its deltas, keeping
// parallel tool calls apart by index. Its zero value is ready to use.
type ReplyBuilder struct {
	text  []byte
	calls []*callState
	end   *Reply
}

type callState struct {
	index    int
	call     ToolCall
	finished bool
}

// Add takes the next delta. A piece of a call that already finished, or
// a delta after the End, is an error.
func (b *ReplyBuilder) Add(d Delta) error {
	if b.end != nil {
		return fmt.Errorf("stream: a delta after the end of the reply")
	}
	b.text = append(b.text, d.Text...)
	if c := d.Call; c != nil {
		s := b.call(c.Index)
		if s.finished && (c.Arguments != "" || !c.Done) {
			return fmt.Errorf("stream: a piece of tool call %d after it finished", c.Index)
		}
		if c.ID != "" {
			s.call.ID = c.ID
		}
		if c.Name != "" {
			s.call.Name = c.Name
		}
		s.call.Arguments = append(s.call.Arguments, c.Arguments...)
		s.finished = s.finished || c.Done
	}
	if d.End != nil {
		end := *d.End
		b.end = &end
		if !end.Truncated {
			for _, s := range b.calls {
				s.finished = true
			}
		}
	}
	return nil
}

// call returns the state of the call with the provider's index i.
func (b *ReplyBuilder) call(i int) *callState {
	for _, s := range b.calls {
		if s.index == i {
			return s
		}
	}
	s := &callState{index: i}
	b.calls = append(b.calls, s)
	return s
}

// Text returns the reply's text so far.
func (b *ReplyBuilder) Text() string { return string(b.text) }

// Call returns the call with the provider's index i as it stands, and
// whether it finished; ok is false when no piece of it arrived.
func (b *ReplyBuilder) Call(i int) (call ToolCall, finished, ok bool) {
	for _, s := range b.calls {
		if s.index == i {
			c := s.call
			c.Arguments = slices.Clip(c.Arguments)
			return c, s.finished, true
		}
	}
	return ToolCall{}, false, false
}

// Reply returns the reply so far, its calls in the order they started.
// Every call that did not finish is left out of ToolCalls and reported
// in the error, a *CutCallError (several joined by errors.Join); a reply
// whose End has not arrived is Truncated.
func (b *ReplyBuilder) Reply() (Reply, error) {
	r := Reply{Text: string(b.text), Truncated: true}
	why := "the stream ended before the reply did"
	if b.end != nil {
		r.FinishReason, r.Truncated, r.Usage = b.end.FinishReason, b.end.Truncated, b.end.Usage
		why = "the reply was cut at the token limit"
		if r.FinishReason != "" {
			why += " (finish reason " + r.FinishReason + ")"
		}
	}
	for _, s := range b.calls {
		if s.finished {
			c := s.call
			c.Arguments = slices.Clip(c.Arguments)
			r.ToolCalls = append(r.ToolCalls, c)
		}
	}
	return r, errors.Join(b.cut(why)...)
}

// cut returns a *CutCallError for each call that did not finish.
func (b *ReplyBuilder) cut(why string) []error {
	var errs []error
	for _, s := range b.calls {
		if !s.finished {
			c := s.call
			c.Arguments = slices.Clip(c.Arguments)
			errs = append(errs, &CutCallError{Index: s.index, Call: c, Why: why})
		}
	}
	return errs
}

// Collect reads a streaming reply to its end and returns it whole, as
// Model.Generate would: an adapter's Generate can be Collect of its
// GenerateStream. A stream error is returned with the reply so far.
func Collect(deltas iter.Seq2[Delta, error]) (Reply, error) {
	var b ReplyBuilder
	for d, err := range deltas {
		if err != nil {
			r, _ := b.Reply()
			return r, err
		}
		if err := b.Add(d); err != nil {
			r, _ := b.Reply()
			return r, err
		}
	}
	return b.Reply()
}

// CallUpdate is one step of a tool call in StreamCalls: its arguments so
// far and, once, the call finished.
type CallUpdate struct {
	// Index is the provider's index of the call.
	Index int
	// Call is the call as it stands; Arguments may be cut anywhere until
	// Finished.
	Call ToolCall
	// Finished says the provider finished the call: its Arguments are
	// whole, ready for the generated ParseToolCall. It is yielded once.
	Finished bool
}

// StreamCalls follows the tool calls of a streaming reply: it yields an
// update for each piece of a call's arguments, and each call once more
// when the provider finishes it. Parallel calls stay apart by Index, even
// interleaved. Each call the stream never finishes is yielded as a
// *CutCallError (which unwraps to ErrTruncated) after the stream ends,
// never as finished; a stream error is yielded last, after the calls it cut. Text deltas are skipped: read
// them from the same deltas with Stream when the reply has both.
func StreamCalls(deltas iter.Seq2[Delta, error]) iter.Seq2[CallUpdate, error] {
	return func(yield func(CallUpdate, error) bool) {
		var b ReplyBuilder
		reported := map[int]bool{}
		finish := func() bool {
			for _, s := range b.calls {
				if s.finished && !reported[s.index] {
					reported[s.index] = true
					c, _, _ := b.Call(s.index)
					if !yield(CallUpdate{Index: s.index, Call: c, Finished: true}, nil) {
						return false
					}
				}
			}
			return true
		}
		for d, err := range deltas {
			if err == nil {
				err = b.Add(d)
			}
			if err != nil {
				for _, e := range b.cut("the stream failed: " + err.Error()) {
					if !yield(CallUpdate{}, e) {
						return
					}
				}
				yield(CallUpdate{}, err)
				return
			}
			if c := d.Call; c != nil && c.Arguments != "" {
				call, _, _ := b.Call(c.Index)
				if !yield(CallUpdate{Index: c.Index, Call: call}, nil) {
					return
				}
			}
			if !finish() {
				return
			}
		}
		_, err := b.Reply()
		if err == nil {
			return
		}
		for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
			if !yield(CallUpdate{}, e) {
				return
			}
		}
	}
}

// StreamUpdate is one step of CompleteStream: the answer read so far, or
// the start of a new attempt after a reply that failed.
type StreamUpdate[P any] struct {
	// Attempt counts the model calls: 1 for the first reply, 2 for the
	// first repair, and so on.
	Attempt int
	// Partial is the answer read so far from this attempt's reply;
	// partials of one attempt never mix with another's.
	Partial P
	// Retry, set on the first update of every attempt after the first,
	// is why the last reply failed (a *ValidationError): the partials
	// shown for it are void. Partial is zero in that update.
	Retry error
}

// AnswerStream is a completion streaming its answer: range over Updates,
// then read Result. It is used once, by one goroutine.
type AnswerStream[T, P any] struct {
	run     func(yield func(StreamUpdate[P]) bool) (T, error)
	started bool
	value   T
	err     error
}

// CompleteStream is Complete with the answer streaming: it sends req
// through m's GenerateStream, yields the partial answer as the reply
// grows (read by partial, a generated Parse<Name>Partial, on Stream's
// schedule; from the output tool's arguments when the request asks for
// the output as a tool), and parses and validates the whole reply with
// out.Parse. A reply that fails goes through the repair strategy as in
// Complete, and the next attempt starts with an update that says so. A
// model that does not stream (a repair model, say) is called with
// Generate, and its reply yields one partial.
//
// Cancelling ctx, or leaving the loop over Updates early, stops the
// stream and closes the SDK's stream; Result then returns ctx's error or
// ErrStopped.
func CompleteStream[T, P any](ctx context.Context, m Model, req Request, out Output[T], partial func([]byte) (P, error), opts ...Option) *AnswerStream[T, P] {
	s := &AnswerStream[T, P]{}
	s.run = func(yield func(StreamUpdate[P]) bool) (T, error) {
		stopped := false
		generate := func(m Model, req Request, attempt int, last *ValidationError) (Reply, error) {
			if attempt > 1 && !yield(StreamUpdate[P]{Attempt: attempt, Retry: last}) {
				stopped = true
				return Reply{}, ErrStopped
			}
			r := newAnswerReader(out, req.Output, partial)
			emit := func(p P, ok bool, err error) error {
				if err != nil || !ok {
					return nil // a reply read so far that fails is Parse's to report
				}
				if !yield(StreamUpdate[P]{Attempt: attempt, Partial: p}) {
					stopped = true
					return ErrStopped
				}
				return nil
			}
			sm, ok := m.(StreamingModel)
			if !ok {
				reply, err := m.Generate(ctx, req)
				if err == nil {
					err = emit(r.whole(reply))
				}
				return reply, err
			}
			var b ReplyBuilder
			for d, err := range sm.GenerateStream(ctx, req) {
				if err == nil {
					err = b.Add(d)
				}
				if err != nil {
					reply, _ := b.Reply()
					return reply, err
				}
				if err := emit(r.add(d, &b)); err != nil {
					reply, _ := b.Reply()
					return reply, err
				}
			}
			if err := emit(r.flush()); err != nil {
				reply, _ := b.Reply()
				return reply, err
			}
			return b.Reply()
		}
		v, err := complete(ctx, m, req, out, opts, generate)
		if stopped && ctx.Err() != nil {
			err = ctx.Err()
		}
		return v, err
	}
	return s
}

// ErrStopped: the application left the loop over a stream's updates
// before the answer was complete.
var ErrStopped = errors.New("stream: stopped before the answer was complete")

// Updates yields the partial answers, and the start of each new attempt,
// as the reply streams. A second call yields nothing.
func (s *AnswerStream[T, P]) Updates() iter.Seq[StreamUpdate[P]] {
	return func(yield func(StreamUpdate[P]) bool) {
		if s.started {
			return
		}
		s.started = true
		s.value, s.err = s.run(yield)
	}
}

// Result returns the validated answer, or the final error as Complete
// reports it; it reads the rest of the stream first if Updates has not
// been ranged over.
func (s *AnswerStream[T, P]) Result() (T, error) {
	if !s.started {
		for range s.Updates() {
		}
	}
	return s.value, s.err
}

// answerReader reads the partial answer of one attempt from a reply's
// deltas: its text, or the arguments of the output tool's call.
type answerReader[T, P any] struct {
	r         *partialReader[P]
	tool      string // the output tool's name, in OutputTool mode
	wrapped   bool   // the tool's arguments wrap the answer in {"value": …}
	index     int    // the provider's index of the output tool's call
	found     bool
	prefixed  []byte // arguments before the wrapper's prefix was seen whole
	unwrapped bool   // the prefix was passed: what follows is the answer
	off       bool   // no partials for this output
}

func newAnswerReader[T, P any](out Output[T], spec *OutputSpec, parse func([]byte) (P, error)) *answerReader[T, P] {
	a := &answerReader[T, P]{r: newPartialReader(parse, nil)}
	if spec != nil && spec.Mode == OutputTool {
		a.tool = spec.ToolName
		a.wrapped = out.dialects.Wrapped
		// A plain string output's call carries {"value": "…"}, a JSON
		// string the text reader would read with its quotes: no partials.
		a.off = out.plain
	}
	return a
}

func (a *answerReader[T, P]) add(d Delta, b *ReplyBuilder) (P, bool, error) {
	var zero P
	if a.off {
		return zero, false, nil
	}
	if a.tool == "" {
		if d.Text == "" {
			return zero, false, nil
		}
		return a.r.add([]byte(d.Text))
	}
	c := d.Call
	if c == nil || c.Arguments == "" {
		return zero, false, nil
	}
	if !a.found {
		call, _, _ := b.Call(c.Index)
		if call.Name != a.tool {
			return zero, false, nil
		}
		a.found, a.index = true, c.Index
	}
	if c.Index != a.index {
		return zero, false, nil
	}
	if !a.wrapped {
		return a.r.add([]byte(c.Arguments))
	}
	// Read past {"value": once it has arrived; the closing } the
	// tolerant reader leaves after the value.
	if !a.unwrapped {
		a.prefixed = append(a.prefixed, c.Arguments...)
		rest, ok := valuePrefix(a.prefixed)
		if !ok {
			return zero, false, nil
		}
		a.prefixed, a.unwrapped = nil, true
		return a.r.add(rest)
	}
	return a.r.add([]byte(c.Arguments))
}

func (a *answerReader[T, P]) flush() (P, bool, error) {
	if a.off {
		var zero P
		return zero, false, nil
	}
	return a.r.flush()
}

// whole reads a reply that came whole, from a model that does not
// stream.
func (a *answerReader[T, P]) whole(reply Reply) (p P, ok bool, err error) {
	keep := func(q P, k bool, e error) {
		if k || e != nil {
			p, ok, err = q, k, e
		}
	}
	var b ReplyBuilder
	if a.tool == "" {
		keep(a.add(Delta{Text: reply.Text}, &b))
	}
	for i, c := range reply.ToolCalls {
		if a.tool == "" {
			break
		}
		d := Delta{Call: &CallDelta{Index: i, ID: c.ID, Name: c.Name, Arguments: string(c.Arguments)}}
		if b.Add(d) == nil {
			keep(a.add(d, &b))
		}
	}
	keep(a.flush())
	return p, ok, err
}

// valuePrefix returns what follows `{"value":` in args, white space
// allowed between the tokens; ok is false until all of it has arrived.
func valuePrefix(args []byte) (rest []byte, ok bool) {
	i := 0
	for _, tok := range []string{"{", `"value"`, ":"} {
		for i < len(args) && isSpace(args[i]) {
			i++
		}
		if len(args)-i < len(tok) || string(args[i:i+len(tok)]) != tok {
			return nil, false
		}
		i += len(tok)
	}
	return args[i:], true
}

// CallReader reads the arguments of one tool's calls, as StreamCalls
// reports them, into typed partials: parse is the generated
// Parse<Tool>ActionPartial. Each call (by index) is read incrementally
// while its arguments are strict JSON, so a piece costs in proportion to
// the piece, and whole when its call finishes.
type CallReader[P any] struct {
	parse   func([]byte) (P, error)
	readers map[int]*callPartial[P]
}

type callPartial[P any] struct {
	r    *partialReader[P]
	read int // the bytes of the arguments fed
}

// NewCallReader returns a reader of calls whose arguments parse reads.
func NewCallReader[P any](parse func([]byte) (P, error)) *CallReader[P] {
	return &CallReader[P]{parse: parse, readers: map[int]*callPartial[P]{}}
}

// Read takes an update of StreamCalls for a call of the reader's tool and
// returns the call's arguments as read so far; changed is false when the
// update changed nothing that the partial shows. The update that
// finishes a call returns the whole arguments' reading, and the reader
// forgets the call.
func (c *CallReader[P]) Read(u CallUpdate) (p P, changed bool, err error) {
	cp := c.readers[u.Index]
	if cp == nil {
		cp = &callPartial[P]{r: newPartialReader(c.parse, nil)}
		c.readers[u.Index] = cp
	}
	if args := u.Call.Arguments; len(args) > cp.read {
		_, ok, err := cp.r.add(args[cp.read:])
		cp.read = len(args)
		if err != nil {
			return cp.r.last, false, err
		}
		changed = ok
	}
	if u.Finished {
		delete(c.readers, u.Index)
		_, ok, err := cp.r.flush()
		if err != nil {
			return cp.r.last, false, err
		}
		changed = changed || ok
	}
	return cp.r.last, changed, nil
}

// TextOf returns the text of a streaming reply as chunks, for Stream and
// Items: the text deltas in order; a stream error ends the sequence, and
// so does a reply that stopped before its end (an error that unwraps to
// ErrTruncated), or one the token limit cut (after its text).
func TextOf(deltas iter.Seq2[Delta, error]) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		ended := false
		for d, err := range deltas {
			if err != nil {
				yield(nil, err)
				return
			}
			if d.Text != "" && !yield([]byte(d.Text), nil) {
				return
			}
			if d.End != nil {
				ended = true
				if d.End.Truncated {
					yield(nil, fmt.Errorf("the reply was cut at the token limit: %w", ErrTruncated))
					return
				}
			}
		}
		if !ended {
			yield(nil, fmt.Errorf("the stream ended before the reply did: %w", ErrTruncated))
		}
	}
}
