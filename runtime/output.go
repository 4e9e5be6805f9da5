package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// Dialects are an output's schema as each provider's structured-output
// API expects it, and the prompt block for models without one; generated
// ahead of time as constants.
type Dialects struct {
	// OpenAI is the response_format object.
	OpenAI json.RawMessage
	// Anthropic is the structured-output format object.
	Anthropic json.RawMessage
	// Gemini is the generation-config fragment with responseJsonSchema.
	Gemini json.RawMessage
	// Prompt is the "Output format" block for a system prompt.
	Prompt string
	// Wrapped: the OpenAI schema wraps a root that is not an object in
	// {"value": …}, which Parse unwraps.
	Wrapped bool
}

// Output is the contract for a run's final answer of type T: the
// canonical schema, its provider dialects, and the parser that reads what
// a model sent.
type Output[T any] struct {
	// Name names the output for providers and in errors.
	Name string
	// Schema is the canonical JSON Schema; the dialects are views of it,
	// and Parse validates against it.
	Schema json.RawMessage

	schema   *schema.Schema
	dialects Dialects
	plain    bool
	// parse is T's strict reader (the generated Parse of T), whose schema
	// is the output's; nil where there is none.
	parse func([]byte) (T, error)
}

// NewOutput returns the output contract of type T. A plain string output
// (schema {"type": "string"}) has no contract: Parse returns the text.
func NewOutput[T any](name string, schema *schema.Schema, d Dialects, plain bool) Output[T] {
	return Output[T]{Name: name, Schema: json.RawMessage(schema.Document()), schema: schema, dialects: d, plain: plain}
}

// WithParse returns o reading with parse, the generated Parse function of
// T, whose schema is o's: a reply that needs no repair is read by it
// alone, and a repaired reply's reading is decoded and validated by it
// (the lenient reader offers it each reading as JSON text; the schema
// interpreter checks only readings it refuses, to coerce them and word
// their problems). Generated outputs call it.
func (o Output[T]) WithParse(parse func(data []byte) (T, error)) Output[T] {
	o.parse = parse
	return o
}

// OpenAI returns the response_format object for OpenAI's API.
func (o Output[T]) OpenAI() json.RawMessage { return o.dialects.OpenAI }

// Anthropic returns the structured-output format object for Anthropic's
// API.
func (o Output[T]) Anthropic() json.RawMessage { return o.dialects.Anthropic }

// Gemini returns the generation-config fragment for Gemini's API.
func (o Output[T]) Gemini() json.RawMessage { return o.dialects.Gemini }

// PromptBlock returns the output-format block for a system prompt, for
// models without native structured output.
func (o Output[T]) PromptBlock() string { return o.dialects.Prompt }

// Plain reports whether the output has no contract (a plain string).
func (o Output[T]) Plain() bool { return o.plain }

// Parse reads a model's reply: lenient first (extraction, then the repairs
// the schema allows), then strict validation against the canonical schema,
// then decoding. Every failure is a *ValidationError that unwraps to
// ErrEmptyReply, ErrNoJSON or ErrInvalidJSON where one of those is the
// cause.
func (o Output[T]) Parse(text []byte) (T, error) {
	v, _, err := o.ParseRepaired(text)
	return v, err
}

// ParseRepaired is Parse that also returns the repairs it made.
func (o Output[T]) ParseRepaired(text []byte) (T, []Repair, error) {
	var zero T
	fail := func(repairs []Repair, sentinel error, ps ...Problem) (T, []Repair, error) {
		return zero, repairs, &ValidationError{TypeName: o.Name, Raw: text, Problems: ps, Err: sentinel, Repairs: repairs}
	}
	if o.plain {
		var v T
		s, _ := json.Marshal(string(text))
		if err := json.Unmarshal(s, &v); err != nil {
			return fail(nil, nil, Problem{Message: err.Error()})
		}
		return v, nil, nil
	}
	if o.parse != nil && mayBeJSON(text) {
		if v, err := o.parse(text); err == nil {
			return v, nil, nil
		}
		if o.dialects.Wrapped {
			// {"value": …}, as the OpenAI and Anthropic dialects ask for
			// a root that is not an object: no repair.
			if inner, ok := wrappedValue(text); ok {
				if v, err := o.parse(inner); err == nil {
					return v, nil, nil
				}
			}
		}
	}
	// accept offers a reading to the generated decoder and keeps the
	// value of the last one it took.
	var (
		took    T
		tookRaw []byte
		accept  func([]byte) bool
	)
	if o.parse != nil {
		accept = func(raw []byte) bool {
			v, err := o.parse(raw)
			if err == nil {
				took, tookRaw = v, raw
			}
			return err == nil
		}
	}
	doc, raw, repairs, ps, err := lenient.AlignDecoded(text, o.schema, accept)
	if o.dialects.Wrapped && (err != nil || len(ps) > 0) {
		// The OpenAI and Anthropic dialects wrap a root that is not an
		// object in {"value": …}.
		if inner, ok := lenient.UnwrapValue(text); ok {
			if d, w, r, p, e := lenient.AlignDecoded(inner, o.schema, accept); e == nil && len(p) == 0 {
				doc, raw, repairs, ps, err = d, w, r, p, e
			}
		}
	}
	if err != nil {
		msg := err.Error()
		switch {
		case errors.Is(err, ErrEmptyReply):
			msg = "the reply is empty"
		case errors.Is(err, ErrUnclosedReasoning):
			msg = "the reply ends inside its reasoning block (<think> is never closed): no answer follows it"
		case errors.Is(err, ErrNoJSON):
			msg = "the reply holds nothing that fits the schema"
			var d interface{ Detail() string }
			if errors.As(err, &d) {
				msg += ": " + d.Detail() // the reply is XML, but <job> names no property …
			} else if found := bytes.TrimSpace(text); len(found) > 0 {
				msg += ": it is text, " + replyExcerpt(found) // what was found, not the inner value
			}
		}
		return fail(repairs, err, Problem{Message: msg})
	}
	if len(ps) > 0 {
		return fail(repairs, nil, ps...)
	}
	if raw != nil {
		if len(raw) > 0 && len(tookRaw) > 0 && &raw[0] == &tookRaw[0] {
			return took, repairs, nil
		}
		v, err := o.parse(raw)
		if err != nil {
			return fail(repairs, nil, problemsOf(err)...)
		}
		return v, repairs, nil
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return fail(repairs, nil, Problem{Message: err.Error()})
	}
	if o.parse != nil {
		// The coerced reading, which the interpreter passed: the
		// generated decoder reads it (and checks it once more).
		v, err := o.parse(out)
		if err != nil {
			return fail(repairs, nil, problemsOf(err)...)
		}
		return v, repairs, nil
	}
	var v T
	if p := schema.Unmarshal(out, &v); p != nil {
		return fail(repairs, nil, *p)
	}
	return v, repairs, nil
}

// mayBeJSON reports whether text may be a JSON value that the lenient
// reader reads as JSON does: a reply whose first bracket is not closed at
// its end (cut short, or prose around it) is none, and one with \b or \f
// is left to the reader, which keeps them as written before a letter
// (LaTeX's \frac, a path's \bin) where JSON reads a form feed or a
// backspace.
func mayBeJSON(text []byte) bool {
	t := bytes.TrimSpace(text)
	if len(t) == 0 || bytes.Contains(t, []byte(`\b`)) || bytes.Contains(t, []byte(`\f`)) {
		return false
	}
	switch t[0] {
	case '{':
		return t[len(t)-1] == '}'
	case '[':
		return t[len(t)-1] == ']'
	}
	return true
}

// wrappedValue returns the JSON text of v in text {"value": v}, strict
// JSON with that one member and nothing after it.
func wrappedValue(text []byte) (json.RawMessage, bool) {
	d := json.NewDecoder(bytes.NewReader(text))
	var v json.RawMessage
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	if t, err := d.Token(); err != nil || t != "value" {
		return nil, false
	}
	if d.Decode(&v) != nil {
		return nil, false
	}
	if t, err := d.Token(); err != nil || t != json.Delim('}') {
		return nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// problemsOf returns the problems of a Parse error: a *ValidationError's,
// or the error as one problem.
func problemsOf(err error) []Problem {
	var ve *ValidationError
	if errors.As(err, &ve) && len(ve.Problems) > 0 {
		return ve.Problems
	}
	return []Problem{{Message: err.Error()}}
}

// Spec returns the output as a request's output spec.
func (o Output[T]) Spec(mode OutputMode) *OutputSpec {
	spec := &OutputSpec{Name: o.Name, Mode: mode, Schema: o.Schema, OpenAI: o.dialects.OpenAI,
		Anthropic: o.dialects.Anthropic, Gemini: o.dialects.Gemini, PromptBlock: o.dialects.Prompt,
		ToolName: o.Name}
	// As a tool, the output's parameters are its Anthropic view: objects
	// closed, a root that is not an object wrapped in {"value": …}.
	var a struct {
		Schema json.RawMessage `json:"schema"`
	}
	if json.Unmarshal(o.dialects.Anthropic, &a) == nil && len(a.Schema) > 0 {
		spec.ToolParameters = a.Schema
	} else {
		spec.ToolParameters = o.Schema
	}
	return spec
}

// parseAnswer reads a final answer: a reply's text, or the arguments of a
// call of the output's tool, which wrap a root that is not an object in
// {"value": …}.
func (o Output[T]) parseAnswer(text []byte, toolCall bool) (T, []Repair, error) {
	if toolCall && o.plain {
		var args struct {
			Value *string `json:"value"`
		}
		if json.Unmarshal(text, &args) == nil && args.Value != nil {
			return o.ParseRepaired([]byte(*args.Value))
		}
	}
	return o.ParseRepaired(text)
}

// problemLines renders problems for a repair prompt.
func problemLines(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// replyExcerpt quotes the start of a reply (at most 60 bytes, cut at a
// character's end) for an error that says what was found.
func replyExcerpt(text []byte) string {
	const most = 60
	if len(text) <= most {
		return strconv.Quote(string(text))
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return strconv.Quote(string(text[:cut])) + "…"
}
