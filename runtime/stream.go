package runtime

import (
	"errors"
	"io"
	"iter"
	"reflect"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// Chunks reads r as the chunks a streaming reply arrives in (an HTTP
// body, say). A read error ends the sequence with that error.
func Chunks(r io.Reader) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			if n > 0 && !yield(append([]byte(nil), buf[:n]...), nil) {
				return
			}
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
		}
	}
}

// Deltas turns text deltas, as SDKs deliver a streaming reply, into
// chunks.
func Deltas(deltas iter.Seq[string]) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		for d := range deltas {
			if !yield([]byte(d), nil) {
				return
			}
		}
	}
}

// StreamOption configures Stream.
type StreamOption func(*streamConfig)

type streamConfig struct {
	check  func(text []byte) error
	closed func(path []lenient.Step, raw []byte) error
}

// StopOnProblem ends the stream as soon as check reports a problem with
// the reply so far. check reads the whole reply, so Stream calls it on
// its schedule of whole reads; Output.StopOnProblem checks each value as
// it closes instead.
func StopOnProblem(check func(text []byte) error) StreamOption {
	return func(c *streamConfig) { c.check, c.closed = check, nil }
}

// StopOnProblem ends the stream as soon as a value the model finished
// breaks the output's schema: each string, number, boolean, array and
// object is checked against the schema of its place when it closes, so
// required properties are checked when their object closes and an enum
// value when it is finished. The error is a *ValidationError. While the
// reply is strict JSON a check costs in proportion to the value checked;
// after that, CheckFinished runs on the schedule of whole reads.
func (o Output[T]) StopOnProblem() StreamOption {
	return func(c *streamConfig) {
		c.check = o.CheckFinished
		c.closed = func(path []lenient.Step, raw []byte) error {
			if o.plain {
				return nil
			}
			v, err := schema.DecodeValue(raw)
			if err != nil {
				return nil // strict JSON the reader read: not reached
			}
			ps, err := lenient.CheckClosed(o.schema, path, v)
			if err != nil || len(ps) == 0 {
				return err
			}
			return &ValidationError{TypeName: o.Name, Raw: raw, Problems: ps}
		}
	}
}

// Stream reads a reply as it streams and yields its partial value, read
// by parse (a generated Parse<Name>Partial function), as chunks arrive.
// Reading starts over on the reply so far, so to keep the total work
// linear Stream reads after a chunk only while the reply is short
// (streamShort bytes) or once it has grown by a sixteenth since the last
// read; the reply as it ends is always read. The work is then at most
// about 17 times the reply's length however small the chunks. A read
// that finds nothing yet, or the same value as the last one yielded,
// yields nothing. A chunk error, or a problem StopOnProblem finds, is
// yielded last.
func Stream[P any](chunks iter.Seq2[[]byte, error], parse func([]byte) (P, error), opts ...StreamOption) iter.Seq2[P, error] {
	var cfg streamConfig
	for _, o := range opts {
		o(&cfg)
	}
	return func(yield func(P, error) bool) {
		r := newPartialReader(parse, cfg.check)
		if r.inc == nil && cfg.closed != nil {
			if r.inc = newIncremental[P](); r.inc != nil {
				r.inc.check = cfg.closed
			}
		}
		var zero P
		for chunk, err := range chunks {
			if err != nil {
				yield(zero, err)
				return
			}
			if p, ok, err := r.add(chunk); (ok || err != nil) && (!yield(p, err) || err != nil) {
				return
			}
		}
		if p, ok, err := r.flush(); ok || err != nil {
			yield(p, err)
		}
	}
}

// partialReader reads a growing reply: incrementally while the reply is
// strict JSON of the partial type (see incremental), else on Stream's
// schedule, reading the reply so far whole; the reply as it ends is read
// whole.
type partialReader[P any] struct {
	parse func([]byte) (P, error)
	check func([]byte) error
	inc   *incremental[P] // nil once the reply left it
	text  []byte
	read  int // the length of text at the last whole read
	last  P
	seen  bool // last holds a value yielded
}

func newPartialReader[P any](parse func([]byte) (P, error), check func([]byte) error) *partialReader[P] {
	r := &partialReader[P]{parse: parse, check: check}
	if check == nil {
		r.inc = newIncremental[P]()
	}
	return r
}

// add appends chunk and reads what it changed: ok says p is new, err is a
// parse error or the check's problem.
func (r *partialReader[P]) add(chunk []byte) (p P, ok bool, err error) {
	r.text = append(r.text, chunk...)
	if r.inc != nil {
		changed, err := r.inc.feed(r.text)
		if err == nil {
			if !changed {
				return p, false, nil
			}
			r.last, r.seen = r.inc.p, true
			return r.last, true, nil
		}
		if !errors.Is(err, errLeave) {
			return p, false, err // a problem the check found
		}
		r.inc = nil // the reply left strict JSON: read it whole from now on
		return r.step()
	}
	if len(r.text) <= streamShort || (len(r.text)-r.read)*16 >= len(r.text) {
		return r.step()
	}
	return p, false, nil
}

// flush reads the reply as it ends, whole, and returns it unless the last
// value yielded is the same.
func (r *partialReader[P]) flush() (p P, ok bool, err error) {
	if r.read < len(r.text) || r.inc != nil && len(r.text) > 0 {
		return r.step()
	}
	return p, false, nil
}

// step reads the reply so far whole and returns it unless it is the last
// value yielded.
func (r *partialReader[P]) step() (p P, ok bool, err error) {
	r.read = len(r.text)
	if r.check != nil {
		if err := r.check(r.text); err != nil {
			return p, false, err
		}
	}
	p, err = r.parse(r.text)
	if errors.Is(err, ErrNoJSON) || errors.Is(err, ErrEmptyReply) {
		return p, false, nil // nothing to read yet
	}
	if err != nil {
		return p, false, err
	}
	if r.seen && reflect.DeepEqual(p, r.last) {
		return p, false, nil
	}
	r.last, r.seen = p, true
	return p, true, nil
}

// streamShort is the length up to which Stream reads after every chunk.
const streamShort = 2 << 10

// CheckFinished reports, for a reply that may still be streaming, the
// values the model has finished that break the schema: a closed string,
// array or object, or a number, boolean or enum value the text has
// moved past. It returns nil while nothing finished is wrong; the error
// is a *ValidationError.
func (o Output[T]) CheckFinished(text []byte) error {
	if o.plain {
		return nil
	}
	n, _, err := o.ReadPartial(text)
	if err != nil || n == nil {
		return nil // nothing read yet
	}
	ps, err := n.Finished(o.schema)
	if err != nil {
		return err
	}
	if len(ps) == 0 {
		return nil
	}
	return &ValidationError{TypeName: o.Name, Raw: text, Problems: ps}
}
