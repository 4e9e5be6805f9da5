// Package bench_test compares the schema structgen derives from a Go
// struct ahead of time with reflecting the struct at start-up
// (github.com/invopop/jsonschema). It is a module of its own, so that the
// core module does not require the comparison's dependency.
package bench_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	invopop "github.com/invopop/jsonschema"
	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/examples/gostructs/agent"
	"github.com/structgen/structgen/runtime/schema"
)

var document = []byte(`{"description":"A code generator for Go.","facts":["Ahead of time.","Typed.","Validated."],"confidence":0.9,"level":"high"}`)

// reflected builds the schema the way runtime reflection does when a
// program starts: reflect the struct, encode the schema, compile it.
func reflected(tb testing.TB) *jsonschema.Schema {
	schema, err := json.Marshal(invopop.Reflect(&agent.ProjectFacts{}))
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		tb.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("urn:reflected", doc); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("urn:reflected")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// generated is what the generated package does on the first use of the
// schema interpreter (repairing an output or a tool call): compile the
// schema constant. ParseProjectFacts compiles nothing; its validators
// are generated code.
func generated(b *testing.B) *schema.Schema {
	s := schema.NewSchemas("", map[string]string{"urn:generated": agent.ProjectFactsJSONSchema}).Schema("urn:generated#")
	if _, err := schema.Parse[agent.ProjectFacts]("ProjectFacts", document, s); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkStartup compares building a validator at start-up: from the
// generated constant, against reflecting the struct with
// github.com/invopop/jsonschema (the baseline, measured in the same run).
func BenchmarkStartup(b *testing.B) {
	for b.Loop() {
		generated(b)
	}
	gen := b.Elapsed()
	start := time.Now()
	for range b.N {
		reflected(b)
	}
	b.ReportMetric(float64(gen)/float64(time.Since(start)), "x-reflect")
}

// BenchmarkParse compares one validated decode: the generated Parse
// against validating with the reflected schema, then json.Unmarshal.
func BenchmarkParse(b *testing.B) {
	s := reflected(b)
	for b.Loop() {
		if _, err := agent.ParseProjectFacts(document); err != nil {
			b.Fatal(err)
		}
	}
	gen := b.Elapsed()
	start := time.Now()
	for range b.N {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(document))
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Validate(doc); err != nil {
			b.Fatal(err)
		}
		var v agent.ProjectFacts
		if err := json.Unmarshal(document, &v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gen)/float64(time.Since(start)), "x-reflect")
}

// TestGeneratedAgreesWithReflected: the schema structgen derives ahead of
// time and the one reflected at start-up accept the same document and
// reject a document that breaks the struct's types.
func TestGeneratedAgreesWithReflected(t *testing.T) {
	reflectedSchema := reflected(t)
	bad := []byte(`{"description":"x","facts":"not a list","confidence":0.9,"level":"high"}`)
	for _, tc := range []struct {
		doc   []byte
		valid bool
	}{{document, true}, {bad, false}} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(tc.doc))
		if err != nil {
			t.Fatal(err)
		}
		_, genErr := agent.ParseProjectFacts(tc.doc)
		refErr := reflectedSchema.Validate(v)
		if (genErr == nil) != tc.valid || (refErr == nil) != tc.valid {
			t.Errorf("%s: generated %v, reflected %v; want valid %v", tc.doc, genErr, refErr, tc.valid)
		}
	}
}
