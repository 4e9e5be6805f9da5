package tools_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/internal/dialecttest"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	tools "github.com/structgen/structgen/testdata/golden/tools/out"
)

const finishCall = `{"message":"done","description":"A code generator for Go.","facts":[{"text":"It is fast.","source":"readme.md"}],"confidence":0.8}`

// The tool schema that the model is shown is the one calls are checked
// against, for every tool.
func TestToolSchemaIsTheValidatedSchema(t *testing.T) {
	if len(tools.Tools) != 8 {
		t.Fatalf("want 8 tools, got %d", len(tools.Tools))
	}
	for _, tool := range tools.Tools {
		if string(tool.Parameters) != tool.Schema().Document() {
			t.Errorf("%s: Parameters differ from the validated schema", tool.Name)
		}
		var schema map[string]any
		if err := json.Unmarshal(tool.Parameters, &schema); err != nil || schema["type"] != "object" {
			t.Errorf("%s: Parameters is not an object schema: %v", tool.Name, err)
		}
	}
}

func TestSchemaExtended(t *testing.T) {
	var s struct {
		Properties           map[string]json.RawMessage
		Required             []string
		AdditionalProperties *bool
		Defs                 map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(tools.FinishTool.Parameters, &s); err != nil {
		t.Fatal(err)
	}
	var props []string
	for k := range s.Properties {
		props = append(props, k)
	}
	if d := cmp.Diff([]string{"message", "description", "facts"}, s.Required); d != "" {
		t.Errorf("required (-want +got):\n%s", d)
	}
	if len(s.Properties) != 5 || s.Properties["confidence"] == nil || s.Properties["message"] == nil {
		t.Errorf("properties: %v", props)
	}
	if s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Error("additionalProperties: false of the response must close the augmented schema")
	}
	for _, want := range []string{`"minLength": 10`, `"maximum": 1`, `"maxItems": 3`, `"pattern": "^[a-z0-9_/.-]+$"`} {
		if !strings.Contains(string(tools.FinishTool.Parameters), want) {
			t.Errorf("constraint %s not advertised", want)
		}
	}
	if s.Defs["Fact"] == nil {
		t.Error("nested response type not bundled into $defs")
	}
	if tools.FinishTool.Description != "Finish the task and report what you learned." || tools.SearchCodeTool.Description != "Search the code base." {
		t.Errorf("descriptions: %q %q", tools.FinishTool.Description, tools.SearchCodeTool.Description)
	}
}

func TestParseFinishAction(t *testing.T) {
	a, err := tools.ParseFinishAction([]byte(finishCall))
	if err != nil {
		t.Fatal(err)
	}
	if a.Message != "done" || a.ProjectFacts.Facts[0].Source != "readme.md" || *a.Confidence != 0.8 {
		t.Errorf("typed action: %+v", a)
	}
	if a.Kind() != "FinishAction" || a.ToolName() != "finish" {
		t.Errorf("kind %q tool %q", a.Kind(), a.ToolName())
	}
}

func TestParseFinishActionErrors(t *testing.T) {
	tests := []struct {
		name, args string
		pointer    string
	}{
		{"missing response field", `{"message":"done","description":"A code generator for Go."}`, ""},
		{"wrong bool", `{"message":"done","description":"A code generator for Go.","facts":[{"text":"x","source":"a"}],"verified":"yes"}`, "/verified"},
		{"wrong list", `{"message":"done","description":"A code generator for Go.","facts":{"text":"x"}}`, "/facts"},
		{"nested constraint", `{"message":"done","description":"A code generator for Go.","facts":[{"text":"x","source":"Has Spaces"}]}`, "/facts/0/source"},
		{"minimum and maximum", `{"message":"done","description":"A code generator for Go.","facts":[{"text":"x","source":"a"}],"confidence":1.5}`, "/confidence"},
		{"closed", `{"message":"done","description":"A code generator for Go.","facts":[{"text":"x","source":"a"}],"extra":1}`, ""},
		{"own argument missing", `{"description":"A code generator for Go.","facts":[{"text":"x","source":"a"}]}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tools.ParseFinishAction([]byte(tc.args))
			var ve *runtime.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("want *runtime.ValidationError, got %v", err)
			}
			if ve.Tool != "finish" || ve.TypeName != "FinishAction" || string(ve.Raw) != tc.args {
				t.Errorf("error names tool %q type %q", ve.Tool, ve.TypeName)
			}
			if len(ve.Problems) == 0 || ve.Problems[0].Pointer != tc.pointer {
				t.Errorf("want a problem at %q: %v", tc.pointer, err)
			}
		})
	}
}

func TestRepairJSONEncodedStrings(t *testing.T) {
	// A list and an object sent as JSON strings, in the response and in the
	// tool's own arguments: repaired, and each repair reported.
	args := `{"message":"done","description":"A code generator for Go.","facts":"[{\"text\":\"x\",\"source\":\"a\"}]"}`
	a, repairs, err := runtime.ParseArgs[tools.FinishAction](tools.FinishTool, "FinishAction", []byte(args))
	if err != nil {
		t.Fatal(err)
	}
	if a.Facts[0].Text != "x" {
		t.Errorf("facts: %+v", a.Facts)
	}
	if d := cmp.Diff([]runtime.Repair{{Pointer: "/facts", Message: "decoded an array sent as a JSON-encoded string"}}, repairs); d != "" {
		t.Errorf("repairs (-want +got):\n%s", d)
	}
	s, repairs, err := runtime.ParseArgs[tools.SearchCodeArgs](tools.SearchCodeTool, "SearchCodeArgs", []byte(`{"query":"x","paths":"[\"a.go\"]","options":"{\"regex\":true}"}`))
	if err != nil || s.Paths[0] != "a.go" || !*s.Options.Regex || len(repairs) != 2 {
		t.Errorf("own arguments: %+v %v %v", s, repairs, err)
	}
	// A string that is not JSON stays a string, and fails validation.
	if _, err := tools.ParseSearchCodeAction([]byte(`{"query":"x","paths":"a.go"}`)); err == nil {
		t.Error("a plain string accepted as a list")
	}
	// The whole call sent as a JSON string.
	whole, _ := json.Marshal(`{"query":"y"}`)
	if s, err := tools.ParseSearchCodeAction(whole); err != nil || s.Query != "y" {
		t.Errorf("arguments as a JSON string: %+v %v", s, err)
	}
}

func TestEventRoundTrip(t *testing.T) {
	for _, call := range []runtime.ToolCall{
		{Name: "finish", Arguments: json.RawMessage(finishCall)},
		{Name: "search_code", Arguments: json.RawMessage(`{"query":"x","limit":3}`)},
		{Name: "ping", Arguments: json.RawMessage(`{}`)},
		{Name: "get_me", Arguments: json.RawMessage(`{"login":"octocat","followers":3}`)},
		{Name: "list_issues", Arguments: json.RawMessage(`{"owner":"o","repo":"r","state":"open"}`)},
		{Name: "get-issue", Arguments: json.RawMessage(`{"number":7}`)},
		{Name: "get_weather", Arguments: json.RawMessage(`{"city":"Berlin","unit":"celsius"}`)},
		{Name: "now", Arguments: json.RawMessage(``)},
	} {
		a, err := tools.ParseToolCall(call.Name, call.Arguments)
		if err != nil {
			t.Fatalf("%s: %v", call.Name, err)
		}
		event, err := tools.MarshalAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(event), `{"kind":"`+a.Kind()+`"`) {
			t.Errorf("event does not start with its static kind: %s", event)
		}
		back, err := tools.UnmarshalAction(event)
		if err != nil {
			t.Fatalf("%s: %v\n%s", call.Name, err, event)
		}
		if d := cmp.Diff(a, back); d != "" {
			t.Errorf("%s: round trip (-before +after):\n%s", call.Name, d)
		}
	}
}

func TestUnknownToolAndKind(t *testing.T) {
	_, err := tools.ParseToolCall("deploy", []byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), `unknown tool "deploy"; known tools: finish, get-issue, get_me, get_weather, list_issues, now, ping, search_code`) {
		t.Errorf("unknown tool: %v", err)
	}
	_, err = tools.UnmarshalAction([]byte(`{"kind":"DeployAction","x":1}`))
	if err == nil || !strings.Contains(err.Error(), "known kinds: FinishAction, GetIssueArgs") {
		t.Errorf("unknown kind: %v", err)
	}
	// Other kinds keep working.
	if _, err := tools.UnmarshalAction([]byte(`{"kind":"PingArgs"}`)); err != nil {
		t.Error(err)
	}
}

func TestLastFinishResponse(t *testing.T) {
	history := []runtime.ToolCall{
		{ID: "1", Name: "finish", Arguments: json.RawMessage(`{"message":"first","description":"An older answer here.","facts":[{"text":"old","source":"a"}]}`)},
		{ID: "2", Name: "search_code", Arguments: json.RawMessage(`{"query":"x"}`)},
		{ID: "3", Name: "finish", Arguments: json.RawMessage(finishCall)},
		{ID: "4", Name: "ping", Arguments: json.RawMessage(`{}`)},
	}
	// Written to disk and read back.
	data, err := json.Marshal(history)
	if err != nil {
		t.Fatal(err)
	}
	var loaded []runtime.ToolCall
	if err := json.Unmarshal(data, &loaded); err != nil {
		t.Fatal(err)
	}
	facts, ok, err := tools.LastFinishResponse(loaded)
	if err != nil || !ok {
		t.Fatalf("LastFinishResponse: %v %v", ok, err)
	}
	if facts.Facts[0].Text != "It is fast." {
		t.Errorf("want the most recent call's response, got %+v", facts)
	}
	if _, ok, err := tools.LastFinishResponse(loaded[1:2]); ok || err != nil {
		t.Errorf("never called: ok=%v err=%v", ok, err)
	}
	// A log written before the response schema existed.
	old := []runtime.ToolCall{{Name: "finish", Arguments: json.RawMessage(`{"message":"done"}`)}}
	_, ok, err = tools.LastFinishResponse(old)
	var ve *runtime.ValidationError
	if !ok || !errors.As(err, &ve) || ve.Tool != "finish" || !strings.Contains(err.Error(), "missing properties 'description', 'facts'") {
		t.Errorf("old log: ok=%v err=%v", ok, err)
	}
}

func TestOpenAIFunctions(t *testing.T) {
	w, err := tools.ParseGetWeatherAction([]byte(`{"city":"Oslo"}`))
	if err != nil || w.City != "Oslo" || w.Unit != nil {
		t.Fatalf("%+v %v", w, err)
	}
	if _, err := tools.ParseGetWeatherAction([]byte(`{"city":"Oslo","unit":"kelvin"}`)); err == nil {
		t.Error("enum not enforced")
	}
	// A function without parameters takes no arguments; empty text is {}.
	if _, err := tools.ParseNowAction(nil); err != nil {
		t.Error(err)
	}
	if _, err := tools.ParseNowAction([]byte(`{"x":1}`)); err == nil {
		t.Error("a tool without parameters accepted an argument")
	}
	// Its generated decoder reads as the interpreter does.
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	for doc, want := range map[string]string{`{}`: "", `{"x":1}`: "additional properties 'x' not allowed", `null`: "want object", `[]`: "want object"} {
		_, err := tools.ParseNowArgs([]byte(doc))
		switch {
		case errors.Is(err, impl.ErrDecoderDisagrees):
			t.Errorf("ParseNowArgs(%s): %v", doc, err)
		case want == "" && err != nil, want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("ParseNowArgs(%s) = %v, want %q", doc, err, want)
		}
	}
}

func TestKindOverride(t *testing.T) {
	a, err := tools.ParseGetMeAction([]byte(`{"login":"octocat"}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind() != "ProfileAction" || a.Profile.Login != "octocat" {
		t.Errorf("%+v", a)
	}
	p, ok, err := tools.LastGetMeResponse([]runtime.ToolCall{{Name: "get_me", Arguments: json.RawMessage(`{"login":"x"}`)}})
	if !ok || err != nil || p.Login != "x" {
		t.Errorf("LastGetMeResponse: %+v %v %v", p, ok, err)
	}
}

// TestActionWithMapArguments: get_me declares no parameter, so its
// arguments are a map; the generated decoder of its action puts every
// property the response does not declare there, and reads as the
// interpreter does (impl.CheckDecoders).
func TestActionWithMapArguments(t *testing.T) {
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	a, err := tools.ParseGetMeAction([]byte(`{"login":"octocat","followers":3,"verbose":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Profile.Login != "octocat" || *a.Profile.Followers != 3 || string(a.GetMeArgs["verbose"]) != "true" || len(a.GetMeArgs) != 1 {
		t.Errorf("%+v", a)
	}
	if a, err := tools.ParseGetMeAction([]byte(`{"login":"octocat"}`)); err != nil || a.GetMeArgs == nil || len(a.GetMeArgs) != 0 {
		t.Errorf("no arguments: %+v, %v; want an empty map", a, err)
	}
	for doc, want := range map[string]string{
		`{"followers":3}`:              "missing property 'login'",
		`{"login":"o","followers":-1}`: "minimum",
		`{"login":"o","login":"p"}`:    "written twice",
		`{"login":"o","x":1,"x":2}`:    "written twice",
	} {
		_, err := tools.ParseGetMeAction([]byte(doc))
		if err == nil || errors.Is(err, impl.ErrDecoderDisagrees) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGetMeAction(%s) = %v, want a problem saying %q", doc, err, want)
		}
	}
	event, err := tools.MarshalAction(a)
	if err != nil {
		t.Fatal(err)
	}
	back, err := tools.UnmarshalAction(event)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tools.Action(a), back); diff != "" {
		t.Errorf("event round trip (-want +got):\n%s", diff)
	}
}

// Every provider's view of a tool accepts the calls its canonical schema
// accepts, as that provider sends them, and ParseToolCall reads them back.
func TestToolDialectsAcceptValidCalls(t *testing.T) {
	calls := map[string][]string{
		"finish":      {finishCall, `{"message":"m","description":"A code generator for Go.","facts":[{"text":"x","source":"a"}],"verified":true}`},
		"search_code": {`{"query":"x"}`, `{"query":"x","paths":["a"],"limit":2,"options":{"regex":false}}`},
		"get_weather": {`{"city":"Oslo"}`, `{"city":"Oslo","unit":"celsius"}`},
		"ping":        {`{}`},
	}
	for _, tool := range tools.Tools {
		for _, call := range calls[tool.Name] {
			want, err := tools.ParseToolCall(tool.Name, []byte(call))
			if err != nil {
				t.Fatalf("%s: %v", tool.Name, err)
			}
			for name, d := range map[string]struct {
				schema json.RawMessage
				strict bool
			}{
				"openai":    {field(t, tool.OpenAI(), "function", "parameters"), true},
				"anthropic": {field(t, tool.Anthropic(), "input_schema"), false},
				"gemini":    {field(t, tool.Gemini(), "parametersJsonSchema"), false},
				"mcp":       {field(t, tool.MCP(), "inputSchema"), false},
			} {
				doc, _ := dialecttest.Decode(call)
				if d.strict {
					doc, _ = dialecttest.FillNulls(doc, d.schema)
				}
				if err := dialecttest.Validate(d.schema, doc); err != nil {
					t.Errorf("%s: %s rejects %s: %v", tool.Name, name, call, err)
					continue
				}
				sent, _ := json.Marshal(doc)
				got, err := tools.ParseToolCall(tool.Name, sent)
				if err != nil {
					t.Errorf("%s: ParseToolCall of what %s sends (%s): %v", tool.Name, name, sent, err)
					continue
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: %s: (-canonical +dialect):\n%s", tool.Name, name, d)
				}
			}
		}
	}
}

func field(t *testing.T, raw json.RawMessage, path ...string) json.RawMessage {
	f, err := dialecttest.Field(raw, path...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Persisted actions carry their tool schema's fingerprint; reading one
// written under another schema is never silent.
func TestEventFingerprint(t *testing.T) {
	a, err := tools.ParseToolCall("ping", []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	event, err := tools.MarshalAction(a)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	json.Unmarshal(event, &fields)
	fp, _ := fields[runtime.FingerprintField].(string)
	if len(fp) != 12 {
		t.Fatalf("event carries no fingerprint: %s", event)
	}
	// The same schema: read back, nothing to report.
	if _, err := tools.UnmarshalAction(event); err != nil {
		t.Fatal(err)
	}
	// Events from before fingerprints still load.
	if _, err := tools.UnmarshalAction([]byte(`{"kind":"PingArgs"}`)); err != nil {
		t.Error(err)
	}
	// Written under another schema, still valid: the action and the report.
	changed := bytes.Replace(event, []byte(fp), []byte("000000000000"), 1)
	back, err := tools.UnmarshalAction(changed)
	var sc *runtime.SchemaChangedError
	if back == nil || !errors.As(err, &sc) || sc.Written != "000000000000" || sc.Current != fp || sc.Err != nil {
		t.Errorf("changed schema, valid event: %v %v", back, err)
	}
	// Written under another schema and invalid now: the error says both.
	bad := []byte(`{"kind":"GetWeatherArgs","schemaFingerprint":"000000000000","city":7}`)
	back, err = tools.UnmarshalAction(bad)
	if back != nil || !errors.Is(err, runtime.ErrSchemaChanged) || !strings.Contains(err.Error(), "/city") {
		t.Errorf("changed schema, invalid event: %v %v", back, err)
	}
}

// FuzzToolCallDecoderAgrees mutates tool calls and checks that the
// generated decoders (of an action with a response, and of arguments
// alone) read each as the tool schema's interpreter does, through
// impl.CheckDecoders.
func FuzzToolCallDecoderAgrees(f *testing.F) {
	f.Add("finish", []byte(finishCall))
	f.Add("finish", []byte(`{"message":"done","description":"","facts":[],"confidence":2,"extra":1}`))
	f.Add("finish", []byte(`{"message":"a","message":"b"}`))
	for _, tool := range tools.Tools {
		f.Add(tool.Name, []byte(`{}`))
	}
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	f.Fuzz(func(t *testing.T, name string, args []byte) {
		if _, err := tools.ParseToolCall(name, args); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}

// TestDuplicateKeyInCall: a call that writes a key twice is refused, not
// read with one of its values (the repairs do not apply to it).
func TestDuplicateKeyInCall(t *testing.T) {
	call := strings.Replace(finishCall, `"message":"done",`, `"message":"done","message":"other",`, 1)
	if _, err := tools.ParseFinishAction([]byte(call)); !errors.Is(err, runtime.ErrDuplicateKey) {
		t.Errorf("got %v, want runtime.ErrDuplicateKey", err)
	}
}
