package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/internal/corpustest"
	"github.com/structgen/structgen/runtime/impl"
)

// TestMCPGitHub imports every tool of GitHub's MCP server into one
// package, attaches a response schema to one of them by name, compiles
// the package, and calls every tool: a minimal valid call (its required
// fields) must parse and dispatch, a call missing a required field must
// fail naming it.
func TestMCPGitHub(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; skipped with -short")
	}
	corpus, err := filepath.Abs(corpustest.NeedCorpus(t, "mcp-github"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	resp := `{"type":"object","required":["summary_text"],"properties":{"summary_text":{"type":"string"},"teams":{"type":"array","items":{"type":"string"}}}}`
	if err := os.WriteFile(filepath.Join(dir, "profile.json"), []byte(resp), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &gen.Config{Dir: dir, Package: "gh", Tools: []gen.ToolEntry{
		{MCP: filepath.Join(corpus, "*.json")},
		{Name: "get_me", Response: "profile.json"},
	}}
	files, pkg, err := gen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Tools) != 117 {
		t.Fatalf("want 117 tools, got %d", len(pkg.Tools))
	}
	h := corpustest.NewHarness(t)
	h.Add("gh", "", files)
	h.Main = mcpChecker
	decoded, validated, interpreted, types := 0, 0, 0, 0
	fieldsValidated, fieldsInterpreted := 0, 0
	for _, gt := range pkg.Types {
		if gt.Decode == nil && gt.Interpreted == "" {
			continue // no decoder wanted: aliases and defined types
		}
		types++
		switch {
		case gt.Decode != nil:
			decoded++
		case gt.Validate != nil:
			validated++
		default:
			interpreted++
			t.Logf("%s is read by the interpreter: %s", gt.Name, gt.Interpreted)
		}
		for _, f := range gt.Fields {
			switch {
			case f.Check != nil && f.Check.Validate != nil:
				fieldsValidated++
			case f.Check != nil && f.Check.Interpret != nil:
				fieldsInterpreted++
			}
		}
	}
	t.Logf("%d types: %d read by generated decoders, %d by generated validators and encoding/json, %d by the interpreter; fields checked by generated validators: %d, by the interpreter: %d",
		types, decoded, validated, interpreted, fieldsValidated, fieldsInterpreted)

	type call struct {
		Tool string `json:"tool"`
		Args string `json:"args"`
		// Missing is the required field left out, "" for a valid call.
		Missing string `json:"missing"`
	}
	var calls []call
	entries, _ := filepath.Glob(filepath.Join(corpus, "*.json"))
	for _, f := range entries {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var def struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		}
		if err := json.Unmarshal(data, &def); err != nil {
			t.Fatal(err)
		}
		schema := def.InputSchema
		if def.Name == "get_me" {
			schema = mergeForTest(t, schema, json.RawMessage(resp))
		}
		args, required := minimalArgs(t, schema)
		b, _ := json.Marshal(args)
		calls = append(calls, call{Tool: def.Name, Args: string(b)})
		for _, r := range required {
			without := map[string]any{}
			for k, v := range args {
				if k != r {
					without[k] = v
				}
			}
			b, _ := json.Marshal(without)
			calls = append(calls, call{Tool: def.Name, Args: string(b), Missing: r})
		}
	}
	bin := h.Build()
	if len(h.Bad) > 0 {
		t.Fatalf("generated package does not compile: %v", h.Bad)
	}
	if out := h.Vet(); out != "" {
		t.Errorf("go vet on the generated package: %s", out)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range calls {
		enc.Encode(c)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("checker: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	i, valid, invalid := 0, 0, 0
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "schemas "); ok {
			if rest != "117 same" {
				t.Errorf("tool schemas: %s", rest)
			}
			continue
		}
		var res struct{ Err, Tool, Kind string }
		if err := json.Unmarshal([]byte(line), &res); err != nil {
			t.Fatal(err)
		}
		c := calls[i]
		i++
		if c.Missing == "" {
			if res.Err != "" || res.Tool != c.Tool {
				t.Errorf("%s: minimal valid call %s: %s (dispatched to %q)", c.Tool, c.Args, res.Err, res.Tool)
			} else {
				valid++
			}
			continue
		}
		if strings.Contains(res.Err, impl.ErrDecoderDisagrees.Error()) {
			t.Errorf("%s: %s", c.Tool, res.Err)
		}
		if res.Err == "" || !strings.Contains(res.Err, "'"+c.Missing+"'") {
			t.Errorf("%s: call without %q: want an error naming it, got %q", c.Tool, c.Missing, res.Err)
		} else {
			invalid++
		}
	}
	if i != len(calls) {
		t.Fatalf("checker answered %d of %d calls", i, len(calls))
	}
	t.Logf("%d tools: %d minimal calls parsed and dispatched, %d calls without a required field rejected naming it", len(pkg.Tools), valid, invalid)
}

// mergeForTest adds the response schema's properties and required list to
// a tool's input schema, as the augmented schema does.
func mergeForTest(t *testing.T, params, resp json.RawMessage) json.RawMessage {
	var p, r map[string]any
	json.Unmarshal(params, &p)
	json.Unmarshal(resp, &r)
	props, _ := p["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
	}
	for k, v := range r["properties"].(map[string]any) {
		props[k] = v
	}
	p["properties"] = props
	req, _ := p["required"].([]any)
	p["required"] = append(req, r["required"].([]any)...)
	out, _ := json.Marshal(p)
	return out
}

// minimalArgs builds a call with only the required fields, each with a
// value its schema accepts.
func minimalArgs(t *testing.T, schema json.RawMessage) (map[string]any, []string) {
	var s struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	args := map[string]any{}
	for _, r := range s.Required {
		args[r] = sampleValue(t, s.Properties[r])
	}
	sort.Strings(s.Required)
	return args, s.Required
}

func sampleValue(t *testing.T, schema json.RawMessage) any {
	var s struct {
		Type     any               `json:"type"`
		Enum     []any             `json:"enum"`
		AnyOf    []json.RawMessage `json:"anyOf"`
		OneOf    []json.RawMessage `json:"oneOf"`
		Minimum  *float64
		MinItems int
		Items    json.RawMessage
	}
	json.Unmarshal(schema, &s)
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	if branches := append(s.AnyOf, s.OneOf...); len(branches) > 0 && s.Type == nil {
		return sampleValue(t, branches[0])
	}
	typ := fmt.Sprint(s.Type)
	if list, ok := s.Type.([]any); ok && len(list) > 0 {
		typ = fmt.Sprint(list[0])
	}
	switch typ {
	case "string":
		return "x"
	case "integer", "number":
		if s.Minimum != nil {
			return *s.Minimum
		}
		return 1
	case "boolean":
		return true
	case "array":
		items := []any{}
		for range s.MinItems {
			items = append(items, sampleValue(t, s.Items))
		}
		return items
	case "object":
		obj, _ := minimalArgs(t, schema)
		return obj
	}
	t.Fatalf("no sample value for schema %s", schema)
	return nil
}

const mcpChecker = `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"corpus/gh"
	"github.com/structgen/structgen/runtime/impl"
)

func main() {
	impl.CheckDecoders = true // every decoded call is read by the interpreter too
	same := 0
	for _, tool := range gh.Tools {
		if string(tool.Parameters) == tool.Schema().Document() {
			same++
		}
	}
	fmt.Printf("schemas %d same\n", same)
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<24)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var c struct{ Tool, Args string }
		json.Unmarshal(sc.Bytes(), &c)
		res := map[string]string{}
		a, err := gh.ParseToolCall(c.Tool, []byte(c.Args))
		if err != nil {
			res["Err"] = err.Error()
		} else {
			res["Tool"], res["Kind"] = a.ToolName(), a.Kind()
		}
		enc.Encode(res)
	}
}
`
