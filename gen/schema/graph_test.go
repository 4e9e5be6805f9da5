package schema

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
)

// memDocs serves documents from memory.
type memDocs map[string]string

func (m memDocs) Load(u string) (any, error) {
	text, ok := m[u]
	if !ok {
		return nil, fmt.Errorf("no document %s", u)
	}
	return jsonschema.UnmarshalJSON(strings.NewReader(text))
}

func (m memDocs) Position(at string) loc.Pos { return loc.Pos{File: at} }
func (m memDocs) DraftOf(u string) string {
	v, _ := m.Load(u)
	if o, ok := v.(map[string]any); ok {
		if s, ok := o["$schema"].(string); ok {
			return s
		}
	}
	return drafts.Default.URI
}
func (m memDocs) DefaultDraft() string { return drafts.Default.URI }
func (m memDocs) Raw(at string) any {
	u, toks := jsonptr.SplitLoc(at)
	v, _ := ojson.Parse([]byte(m[u]))
	return jsonptr.Lookup(v, toks)
}

func mustNode(t *testing.T, docs memDocs, at string) *Node {
	t.Helper()
	n, err := NewGraph(docs).Node(at)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestEveryKeyword: each validation keyword lands typed on the node.
func TestEveryKeyword(t *testing.T) {
	docs := memDocs{"mem:///all.json": `{
		"type": ["object", "null"], "title": "T", "description": "D", "deprecated": true,
		"enum": [{"a": 1}, null], "const": null, "format": "x-unknown",
		"minimum": 1, "maximum": 10.5, "exclusiveMinimum": 0, "exclusiveMaximum": 11, "multipleOf": 0.5,
		"minLength": 1, "maxLength": 3, "pattern": "^a",
		"prefixItems": [{"type": "string"}], "items": false, "minItems": 1, "maxItems": 2, "uniqueItems": true,
		"contains": {"type": "integer"}, "minContains": 1, "maxContains": 2, "unevaluatedItems": false,
		"properties": {"p": {"type": "string"}}, "patternProperties": {"^x-": {}, "^a": {"type": "integer"}},
		"additionalProperties": false, "propertyNames": {"maxLength": 5}, "required": ["p"],
		"dependentRequired": {"p": ["q"]}, "dependentSchemas": {"q": {"required": ["p"]}},
		"minProperties": 1, "maxProperties": 9, "unevaluatedProperties": false,
		"allOf": [{}], "anyOf": [{}, {}], "oneOf": [{}], "not": {"type": "string"},
		"if": {"required": ["p"]}, "then": {}, "else": {},
		"$defs": {"d": {"$dynamicAnchor": "node", "type": "object"}},
		"$ref": "#/$defs/d", "$dynamicRef": "#node"
	}`}
	n := mustNode(t, docs, "mem:///all.json")
	rat := func(r *big.Rat) string {
		if r == nil {
			return "<nil>"
		}
		return r.RatString()
	}
	got := map[string]any{
		"types": n.Types, "title": n.Title, "deprecated": n.Deprecated, "enum": len(n.Enum.List), "const": n.Const != nil && n.Const.V == nil,
		"format": n.Format, "min": rat(n.Minimum), "max": rat(n.Maximum), "xmin": rat(n.ExclusiveMinimum), "xmax": rat(n.ExclusiveMaximum),
		"multipleOf": rat(n.MultipleOf), "minLength": *n.MinLength, "maxLength": *n.MaxLength, "pattern": *n.Pattern,
		"prefixItems": len(n.PrefixItems), "itemsFalse": n.Items.IsFalse(), "minItems": *n.MinItems, "maxItems": *n.MaxItems,
		"unique": n.UniqueItems, "contains": n.Contains.Types, "minContains": *n.MinContains, "maxContains": *n.MaxContains,
		"unevaluatedItems": n.UnevaluatedItems.IsFalse(), "properties": len(n.Properties),
		"patterns":        []string{n.PatternProperties[0].Pattern, n.PatternProperties[1].Pattern},
		"additionalFalse": n.AdditionalProperties.IsFalse(), "propertyNames": *n.PropertyNames.MaxLength, "required": n.Required,
		"dependentRequired": n.DependentRequired["p"], "dependentSchemas": n.DependentSchemas["q"].Required,
		"minProperties": *n.MinProperties, "maxProperties": *n.MaxProperties, "unevaluatedProperties": n.UnevaluatedProperties.IsFalse(),
		"allOf": len(n.AllOf), "anyOf": len(n.AnyOf), "oneOf": len(n.OneOf), "not": n.Not.Types,
		"if": n.If.Required, "then": n.Then != nil, "else": n.Else != nil,
		"ref": n.Ref.Types, "dynamicRef": n.DynamicRef.Ref.Loc, "kinds": n.Kinds == Null, // const null narrows type and enum
		"keywords": len(n.Keywords), "loc": n.Loc, "pos": n.Pos.File,
	}
	want := map[string]any{
		"types": []string{"null", "object"}, "title": "T", "deprecated": true, "enum": 2, "const": true,
		"format": "x-unknown", "min": "1", "max": "21/2", "xmin": "0", "xmax": "11",
		"multipleOf": "1/2", "minLength": 1, "maxLength": 3, "pattern": "^a",
		"prefixItems": 1, "itemsFalse": true, "minItems": 1, "maxItems": 2,
		"unique": true, "contains": []string{"integer"}, "minContains": 1, "maxContains": 2,
		"unevaluatedItems": true, "properties": 1,
		"patterns":        []string{"^a", "^x-"},
		"additionalFalse": true, "propertyNames": 5, "required": []string{"p"},
		"dependentRequired": []string{"q"}, "dependentSchemas": []string{"p"},
		"minProperties": 1, "maxProperties": 9, "unevaluatedProperties": true,
		"allOf": 1, "anyOf": 2, "oneOf": 1, "not": []string{"string"},
		"if": []string{"p"}, "then": true, "else": true,
		"ref": []string{"object"}, "dynamicRef": "mem:///all.json#/$defs/d", "kinds": true,
		"keywords": 44, "loc": "mem:///all.json#", "pos": "mem:///all.json#",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("node (-want +got):\n%s", d)
	}
}

// TestOneShapeForEveryDraft: arrays, dependencies and exclusive bounds
// read the same whichever draft wrote them.
func TestOneShapeForEveryDraft(t *testing.T) {
	docs := memDocs{
		"mem:///d4.json": `{"$schema": "http://json-schema.org/draft-04/schema#",
			"items": [{"type": "string"}], "additionalItems": false,
			"maximum": 5, "exclusiveMaximum": true,
			"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}`,
		"mem:///d2020.json": `{"prefixItems": [{"type": "string"}], "items": false,
			"exclusiveMaximum": 5,
			"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}}`,
	}
	shape := func(n *Node) string {
		return fmt.Sprintf("prefix=%d %v items-false=%v xmax=%s max=%v req=%v sch=%v",
			len(n.PrefixItems), n.PrefixItems[0].Types, n.Items.IsFalse(), n.ExclusiveMaximum.RatString(), n.Maximum,
			n.DependentRequired["a"], n.DependentSchemas["c"].Required)
	}
	a := shape(mustNode(t, docs, "mem:///d4.json"))
	b := shape(mustNode(t, docs, "mem:///d2020.json"))
	if a != b {
		t.Errorf("draft 4: %s\n2020-12: %s", a, b)
	}
	// A single items schema in draft 4 is the schema of every item.
	d4 := memDocs{"mem:///i.json": `{"$schema": "http://json-schema.org/draft-04/schema#", "items": {"type": "integer"}}`}
	n := mustNode(t, d4, "mem:///i.json")
	if len(n.PrefixItems) != 0 || n.Items == nil || n.Items.Types[0] != "integer" {
		t.Errorf("draft-4 items: prefix %d, items %+v", len(n.PrefixItems), n.Items)
	}
}

// TestCycles: a recursive schema is one node that refers to itself.
func TestCycles(t *testing.T) {
	docs := memDocs{"mem:///tree.json": `{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}`}
	n := mustNode(t, docs, "mem:///tree.json")
	if n.Properties["kids"].Items.Ref != n {
		t.Error("the reference to # is not the root node")
	}
	if got := Expand(n.Properties["kids"].Items); len(got) != 2 || got[1] != n {
		t.Errorf("Expand: %d nodes", len(got))
	}
}

// TestKinds: what type, enum and const allow.
func TestKinds(t *testing.T) {
	for text, want := range map[string]Kinds{
		`{}`:                              All,
		`{"type": "integer"}`:             Int,
		`{"type": "number"}`:              Num,
		`{"enum": [1, 1.5, "a"]}`:         Int | Frac | Str,
		`{"enum": [2.0]}`:                 Int,
		`{"const": {"a": 1}}`:             Obj,
		`{"type": "string", "enum": [1]}`: 0,
		`false`:                           0,
	} {
		n := mustNode(t, memDocs{"mem:///k.json": text}, "mem:///k.json")
		if n.Kinds != want {
			t.Errorf("%s: kinds %b, want %b", text, n.Kinds, want)
		}
	}
}

// TestKeywordsOfLibrarySchemas: a schema whose document the library
// holds (a meta-schema), not docs, lists the keywords its fields hold,
// so that later stages do not take it for one without keywords.
func TestKeywordsOfLibrarySchemas(t *testing.T) {
	docs := memDocs{"mem:///ref.json": `{"$ref": "http://json-schema.org/draft-07/schema#"}`}
	g := NewGraph(docs)
	if _, err := g.Node("mem:///ref.json"); err != nil {
		t.Fatal(err)
	}
	for at, want := range map[string][]string{
		"http://json-schema.org/draft-07/schema#/definitions/nonNegativeIntegerDefault0": {"allOf"},
		"http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger":         {"type", "minimum"},
		"http://json-schema.org/draft-07/schema#/definitions/stringArray":                {"type", "default", "items", "uniqueItems"},
	} {
		n, err := g.Node(at)
		if err != nil {
			t.Fatal(err)
		}
		got := append([]string(nil), n.Keywords...)
		slices.Sort(got)
		slices.Sort(want)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s keywords (-want +got):\n%s", at, d)
		}
	}
}
