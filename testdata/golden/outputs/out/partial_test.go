package outputs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/testdata/golden/outputs/out"
)

// Every prefix of a reply reads, as a partial value, without error once it
// holds anything; what it marshals to only grows towards the complete
// value, and the complete reply reads to the same JSON as Parse.
func TestPartialEveryPrefix(t *testing.T) {
	type partial struct {
		reply string
		parse func([]byte) (any, error)
		full  func([]byte) (any, error)
	}
	cases := map[string]partial{
		"Brief": {`{"title":"Launch","summary":"We ship.","owner":"ana","tags":["a","b"],"priority":5,"status":"final"}`,
			func(b []byte) (any, error) { return outputs.ParseBriefPartial(b) },
			func(b []byte) (any, error) { return outputs.BriefOutput.Parse(b) }},
		"Tree": {`{"label":"root","children":[{"label":"a","children":[]}]}`,
			func(b []byte) (any, error) { return outputs.ParseTreePartial(b) },
			func(b []byte) (any, error) { return outputs.TreeOutput.Parse(b) }},
		"Checklist": {`["milk","eggs"]`,
			func(b []byte) (any, error) { return outputs.ParseChecklistPartial(b) },
			func(b []byte) (any, error) { return outputs.ChecklistOutput.Parse(b) }},
		"Counts": {`{"a":1,"b":22}`,
			func(b []byte) (any, error) { return outputs.ParseCountsPartial(b) },
			func(b []byte) (any, error) { return outputs.CountsOutput.Parse(b) }},
		"Mood": {`"happy"`,
			func(b []byte) (any, error) { return outputs.ParseMoodPartial(b) },
			func(b []byte) (any, error) { return outputs.MoodOutput.Parse(b) }},
		"Answer": {`{"code":404}`,
			func(b []byte) (any, error) { return outputs.ParseAnswerPartial(b) },
			func(b []byte) (any, error) { return outputs.AnswerOutput.Parse(b) }},
		"Text": {`plain words`,
			func(b []byte) (any, error) { return outputs.ParseTextPartial(b) },
			func(b []byte) (any, error) { return outputs.TextOutput.Parse(b) }},
	}
	for name, c := range cases {
		prev := ""
		for i := 1; i <= len(c.reply); i++ {
			p, err := c.parse([]byte(c.reply[:i]))
			if err != nil {
				continue // nothing to read yet ("{")
			}
			b, _ := json.Marshal(p)
			if len(b) < len(prev) && string(b) != "null" {
				t.Errorf("%s: prefix %q reads %s, less than before (%s)", name, c.reply[:i], b, prev)
			}
			prev = string(b)
		}
		full, err := c.full([]byte(c.reply))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := json.Marshal(full)
		if prev != string(want) {
			t.Errorf("%s: complete reply reads as %s, Parse gives %s", name, prev, want)
		}
	}
}

// A partial field reports whether the model finished it: a string still
// growing is there but not done; a number appears only once finished.
func TestPartialFieldsDone(t *testing.T) {
	p, err := outputs.ParseBriefPartial([]byte(`{"title":"Laun`))
	if err != nil {
		t.Fatal(err)
	}
	if title, ok := p.Title.Get(); !ok || title != "Laun" || p.Title.Done() {
		t.Errorf("title: %q %v done %v", title, ok, p.Title.Done())
	}
	p, _ = outputs.ParseBriefPartial([]byte(`{"title":"Launch","priority":1`))
	if _, ok := p.Priority.Get(); ok {
		t.Error("a number the reply may still extend is not there yet")
	}
	if !p.Title.Done() {
		t.Error("a closed string is done")
	}
	p, _ = outputs.ParseBriefPartial([]byte(`{"title":"Launch","priority":12,"status":"fin`))
	if v, ok := p.Priority.Get(); !ok || v != 12 {
		t.Errorf("priority: %v %v", v, ok)
	}
	if _, ok := p.Status.Get(); ok {
		t.Error("an enum value still being written is not there yet")
	}
	b, _ := json.Marshal(p)
	if !strings.Contains(string(b), `"priority":12`) || strings.Contains(string(b), "status") || strings.Contains(string(b), "done") {
		t.Errorf("marshals to %s", b)
	}
	var _ runtime.Field[string] = p.Title
}
