package outputs

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime"
)

// twin is o without its generated Parse: the reading, the interpreter's
// check and encoding/json, as before WithParse.
func twin[T any](name string, wrapped bool) runtime.Output[T] {
	return runtime.NewOutput[T](name, structgenSchemas.Schema("urn:structgen:output:"+name+"#"), runtime.Dialects{Wrapped: wrapped}, false)
}

// agree fails where o and its twin read text differently: the value, the
// repairs, or whether it fails.
func agree[T any](t *testing.T, o, tw runtime.Output[T], text []byte) {
	t.Helper()
	v, reps, err := o.ParseRepaired(text)
	wv, wreps, werr := tw.ParseRepaired(text)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: with the generated Parse: %v; without: %v", text, err, werr)
	}
	if err != nil {
		var ve, wve *runtime.ValidationError
		if errors.Is(werr, runtime.ErrEmptyReply) != errors.Is(err, runtime.ErrEmptyReply) ||
			errors.Is(werr, runtime.ErrNoJSON) != errors.Is(err, runtime.ErrNoJSON) ||
			!errors.As(err, &ve) || !errors.As(werr, &wve) {
			t.Fatalf("%q: with the generated Parse: %v; without: %v", text, err, werr)
		}
		return
	}
	if d := cmp.Diff(wv, v); d != "" {
		t.Fatalf("%q: values differ (-without +with):\n%s", text, d)
	}
	if wrapped(text) && len(reps) == 0 {
		// {"value": …} as the dialect asks for it is no repair with the
		// generated Parse; without it, the reader unwrapped it.
		return
	}
	if d := cmp.Diff(wreps, reps); d != "" {
		t.Fatalf("%q: repairs differ (-without +with):\n%s", text, d)
	}
}

// wrapped reports whether text is strict JSON {"value": …}, one member.
func wrapped(text []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(text, &m) == nil && len(m) == 1 && m["value"] != nil
}

// TestWrappedIsNoRepair: a root that is not an object, wrapped in
// {"value": …} as the OpenAI and Anthropic dialects ask for it, reads
// with no repair; wrapped otherwise, it is a repaired reply.
func TestWrappedIsNoRepair(t *testing.T) {
	v, reps, err := ChecklistOutput.ParseRepaired([]byte(`{"value": ["a", "b"]}`))
	if err != nil || len(reps) != 0 || len(v) != 2 {
		t.Errorf("wrapped as asked: %v, %v, %v", v, reps, err)
	}
	v, reps, err = ChecklistOutput.ParseRepaired([]byte(`{"value": ["a", "b"],}`))
	if err != nil || len(reps) == 0 || len(v) != 2 {
		t.Errorf("wrapped with a trailing comma: %v, %v, %v", v, reps, err)
	}
	if _, _, err := BriefOutput.ParseRepaired([]byte(`{"value": {"title": "T", "summary": "S.", "owner": null}}`)); err == nil {
		t.Errorf("an object output is never unwrapped strictly: it has no wrapper")
	}
}

var replies = []string{
	// Needs no repair.
	`{"title":"T","summary":"S.","owner":null,"tags":["a"],"priority":2,"due":"2026-01-31","status":"final"}`,
	`{"label":"root","children":[{"label":"a","children":[]}]}`,
	`"happy"`, `["a","b"]`, `{"code":404}`, `"forty-two"`, `{"a":1}`,
	// Valid JSON that the reader reads otherwise: \f and \b before a
	// letter are LaTeX or a path, not a form feed or a backspace.
	`{"title":"\\frac{1}{2}","summary":"\frac{1}{2} is \beta.","owner":"C:\\bin\files"}`,
	`["\frac12","\b"]`,
	// Repaired: cut short, fenced, in prose, single quotes, a trailing
	// comma, unquoted keys.
	`{"title":"T","summary":"S.","owner":null,"tags":["a","b"`,
	"Here it is:\n```json\n{\"title\": \"T\", \"summary\": \"S.\", \"owner\": \"ana\"}\n```",
	`The brief: {'title': 'T', 'summary': 'S.', 'owner': null,} Done.`,
	`{label: "root", children: [{label: "a", children: []},]}`,
	`["a","b",`, `{"value": ["a"]}`, `{"value": "sad"}`, `{"a": 1, "b": 2`,
	// Coerced: a number as text, a string as a number, a case.
	`{"title":"T","summary":"S.","owner":null,"priority":"3"}`,
	`{"title":12345,"summary":"S.","owner":null}`,
	`{"title":"T","summary":"S.","owner":null,"status":"FINAL"}`,
	`HAPPY`, `{"code":"404"}`, `{"a":"7"}`,
	// Filled: a required list left out.
	`{"label":"root"}`,
	// Refused.
	`{"title":"","summary":"S.","owner":null}`, `{"title":"T","summary":"S."}`, `{"children":[]}`, `"angry"`,
	`["1","2","3","4","5","6"]`, `{"a":-1}`, ``, `no json here`, `{"title":"T","title":"U","summary":"S.","owner":null}`,
}

// TestDecodedAsBefore: outputs that read with their generated Parse
// choose, repair and decode every reply as the reader, the interpreter and
// encoding/json did without it.
func TestDecodedAsBefore(t *testing.T) {
	for _, r := range replies {
		checkAll(t, []byte(r))
	}
}

func checkAll(t *testing.T, text []byte) {
	t.Helper()
	agree(t, BriefOutput, twin[Brief]("Brief", false), text)
	agree(t, TreeOutput, twin[Tree]("Tree", false), text)
	agree(t, MoodOutput, twin[Mood]("Mood", true), text)
	agree(t, ChecklistOutput, twin[Checklist]("Checklist", true), text)
	agree(t, AnswerOutput, twin[Answer]("Answer", true), text)
	agree(t, CountsOutput, twin[Counts]("Counts", false), text)
}

// FuzzDecodedAsBefore is TestDecodedAsBefore on mutated replies.
func FuzzDecodedAsBefore(f *testing.F) {
	for _, r := range replies {
		f.Add([]byte(r))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		checkAll(t, text)
	})
}
