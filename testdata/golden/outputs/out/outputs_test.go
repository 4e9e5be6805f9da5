package outputs_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/internal/dialecttest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/testdata/golden/outputs/out"
)

// contract is what the dialect test needs of an output of any type.
type contract struct {
	name    string
	schema  json.RawMessage
	openAI  json.RawMessage
	anthro  json.RawMessage
	gemini  json.RawMessage
	parse   func([]byte) (any, error)
	valid   []string
	invalid []string
}

func contractOf[T any](o runtime.Output[T], valid, invalid []string) contract {
	return contract{o.Name, o.Schema, o.OpenAI(), o.Anthropic(), o.Gemini(),
		func(b []byte) (any, error) { return o.Parse(b) }, valid, invalid}
}

var contracts = []contract{
	contractOf(outputs.BriefOutput, []string{
		`{"title":"T","summary":"S.","owner":null}`,
		`{"title":"T","summary":"S.","owner":"ana","tags":["a","b"],"priority":5,"due":"2026-01-31","status":"final"}`,
	}, []string{`{"title":"","summary":"S.","owner":null}`, `{"summary":"S.","owner":null}`, `{"title":"T","summary":"S."}`, `{"title":"T","summary":"S.","owner":null,"tags":["a","a"]}`}),
	contractOf(outputs.TreeOutput, []string{
		`{"label":"root","children":[]}`,
		`{"label":"root","children":[{"label":"a","children":[{"label":"b","children":[]}]}]}`,
	}, []string{`{"children":[]}`}),
	contractOf(outputs.MoodOutput, []string{`"happy"`, `"unsure"`}, []string{`"angry"`}),
	contractOf(outputs.ChecklistOutput, []string{`[]`, `["a","b"]`}, []string{`["a",""]`, `["1","2","3","4","5","6"]`}),
	contractOf(outputs.AnswerOutput, []string{`"forty-two"`, `{"code":404}`}, []string{`{"code":"x"}`, `3`}),
	contractOf(outputs.CountsOutput, []string{`{}`, `{"a":1,"b":0}`}, []string{`{"a":-1}`}),
}

// Every provider dialect accepts the canonical schema's valid instances,
// as that provider would send them (optional fields as null in OpenAI's
// strict mode, a non-object root wrapped), and Parse reads what the
// provider sends back into the same value.
func TestDialectsAcceptValidInstances(t *testing.T) {
	for _, c := range contracts {
		dialects := map[string]struct {
			schema json.RawMessage
			strict bool
		}{
			"openai":    {field(t, c.openAI, "json_schema", "schema"), true},
			"anthropic": {field(t, c.anthro, "schema"), false},
			"gemini":    {field(t, c.gemini, "responseJsonSchema"), false},
			"canonical": {c.schema, false},
		}
		for _, inst := range c.valid {
			want, err := c.parse([]byte(inst))
			if err != nil {
				t.Fatalf("%s: canonical instance %s: %v", c.name, inst, err)
			}
			for name, d := range dialects {
				doc := decode(t, inst)
				var ds map[string]any
				json.Unmarshal(d.schema, &ds)
				if props, _ := ds["properties"].(map[string]any); len(props) == 1 && props["value"] != nil && name != "canonical" && name != "gemini" {
					if _, isObj := decode(t, string(c.schema)).(map[string]any)["anyOf"]; isObj || !isObject(c.schema) {
						doc = map[string]any{"value": doc}
					}
				}
				if d.strict {
					doc, _ = dialecttest.FillNulls(doc, d.schema)
				}
				sent, _ := json.Marshal(doc)
				if err := dialecttest.Validate(d.schema, doc); err != nil {
					t.Errorf("%s: %s schema rejects %s: %v", c.name, name, sent, err)
					continue
				}
				got, err := c.parse(sent)
				if err != nil {
					t.Errorf("%s: Parse of what %s sends (%s): %v", c.name, name, sent, err)
					continue
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: %s: value differs (-canonical +dialect):\n%s", c.name, name, d)
				}
			}
		}
		for _, inst := range c.invalid {
			if _, err := c.parse([]byte(inst)); err == nil {
				t.Errorf("%s: Parse accepted invalid %s", c.name, inst)
			}
		}
	}
}

func isObject(schema json.RawMessage) bool {
	var s map[string]any
	json.Unmarshal(schema, &s)
	return s["type"] == "object"
}

func field(t *testing.T, raw json.RawMessage, path ...string) json.RawMessage {
	f, err := dialecttest.Field(raw, path...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func decode(t *testing.T, s string) any {
	v, err := dialecttest.Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRecursiveAndUnionOutputs(t *testing.T) {
	tree, err := outputs.TreeOutput.Parse([]byte("Here is the outline:\n```json\n{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[]}]}\n```"))
	if err != nil || tree.Children[0].Label != "b" {
		t.Fatalf("%+v %v", tree, err)
	}
	ans, err := outputs.AnswerOutput.Parse([]byte(`{"value": {"code": 7}}`))
	if err != nil || ans.Object == nil || ans.Object.Code != 7 {
		t.Fatalf("wrapped union: %+v %v", ans, err)
	}
}

func TestPlainTextOutput(t *testing.T) {
	text, err := outputs.TextOutput.Parse([]byte("Just words. {not json}"))
	if err != nil || text != "Just words. {not json}" || !outputs.TextOutput.Plain() {
		t.Errorf("%q %v", text, err)
	}
}

func TestOpenMapIsNotStrict(t *testing.T) {
	var f struct {
		JSONSchema struct{ Strict bool } `json:"json_schema"`
	}
	json.Unmarshal(outputs.CountsOutput.OpenAI(), &f)
	if f.JSONSchema.Strict {
		t.Error("an open map cannot be strict")
	}
	json.Unmarshal(outputs.BriefOutput.OpenAI(), &f)
	if !f.JSONSchema.Strict {
		t.Error("Brief can be strict")
	}
}

func TestEmptyAndNoJSON(t *testing.T) {
	for in, want := range map[string]error{"": runtime.ErrEmptyReply, "no json here": runtime.ErrNoJSON} {
		_, err := outputs.BriefOutput.Parse([]byte(in))
		var ve *runtime.ValidationError
		if !errors.Is(err, want) || !errors.As(err, &ve) || ve.TypeName != "Brief" {
			t.Errorf("%q: %v", in, err)
		}
	}
}
