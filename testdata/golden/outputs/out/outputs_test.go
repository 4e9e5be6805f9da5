package outputs_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

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
	}, []string{`{"title":"","summary":"S.","owner":null}`, `{"title":"T","summary":"S."}`, `{"title":"T","summary":"S.","owner":null,"tags":["a","a"]}`}),
	contractOf(outputs.TreeOutput, []string{
		`{"label":"root","children":[]}`,
		`{"label":"root","children":[{"label":"a","children":[{"label":"b","children":[]}]}]}`,
	}, []string{`{"label":"root"}`}),
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
					doc = fillNulls(doc, ds, ds)
				}
				sent, _ := json.Marshal(doc)
				if err := validate(d.schema, doc); err != nil {
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
	var v any = decode(t, string(raw))
	for _, p := range path {
		v = v.(map[string]any)[p]
	}
	b, _ := json.Marshal(v)
	return b
}

func decode(t *testing.T, s string) any {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func validate(schema json.RawMessage, doc any) error {
	c := jsonschema.NewCompiler()
	s, _ := jsonschema.UnmarshalJSON(strings.NewReader(string(schema)))
	if err := c.AddResource("urn:test", s); err != nil {
		return err
	}
	sch, err := c.Compile("urn:test")
	if err != nil {
		return err
	}
	return sch.Validate(doc)
}

// fillNulls sets every property the strict schema requires but doc lacks
// to null, as OpenAI's strict mode sends optional fields.
func fillNulls(doc any, schema map[string]any, root map[string]any) any {
	if ref, ok := schema["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		schema, _ = root["$defs"].(map[string]any)[name].(map[string]any)
	}
	switch v := doc.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		required, _ := schema["required"].([]any)
		for _, r := range required {
			if _, ok := v[r.(string)]; !ok {
				v[r.(string)] = nil
			}
		}
		for k, p := range props {
			if ps, ok := p.(map[string]any); ok && v[k] != nil {
				v[k] = fillNulls(v[k], ps, root)
			}
		}
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for i := range v {
				v[i] = fillNulls(v[i], items, root)
			}
		}
	}
	if branches, ok := schema["anyOf"].([]any); ok {
		for _, br := range branches {
			if b, ok := br.(map[string]any); ok && b["type"] != "null" {
				doc = fillNulls(doc, b, root)
			}
		}
	}
	return doc
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
