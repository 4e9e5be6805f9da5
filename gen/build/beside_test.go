package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/gen/schema"
)

// TestSplit: a schema splits into its typed part and the keywords that
// apply on their own; keywords that read what others evaluate or match
// stay, and so does a schema with unevaluated keywords.
func TestSplit(t *testing.T) {
	str := node("/str", 1, schema.Node{Types: []string{"string"}, Keywords: []string{"type"}})
	req := node("/req", 2, schema.Node{Required: []string{"a"}, Keywords: []string{"required"}})
	props := map[string]*schema.Node{"a": str}
	pattern := []schema.PatternProperty{{Pattern: "^x-", Node: str}}
	closed := node("/closed", 3, schema.Node{Bool: new(bool)})
	draft7 := "http://json-schema.org/draft-07/schema#"
	for _, tc := range []struct {
		name      string
		n         *schema.Node
		how       splitHow
		typedKeys []string // nil: no split
		restKeys  []string
	}{
		{"anyOf beside properties",
			node("/a", 10, schema.Node{Properties: props, AnyOf: []*schema.Node{req}, Keywords: []string{"type", "properties", "anyOf"}}),
			besideKeywords, []string{"type", "properties"}, []string{"anyOf"}},
		{"if/then/else and not move together",
			node("/b", 11, schema.Node{If: req, Then: str, Not: req, Keywords: []string{"if", "then", "not", "title"}}),
			besideKeywords, []string{"title"}, []string{"if", "then", "not"}},
		{"patternProperties beside no additionalProperties",
			node("/c", 12, schema.Node{Properties: props, PatternProperties: pattern, Keywords: []string{"properties", "patternProperties"}}),
			besideKeywords, []string{"properties"}, []string{"patternProperties"}},
		{"patternProperties move with the additionalProperties beside them",
			node("/d", 13, schema.Node{Properties: props, PatternProperties: pattern, AdditionalProperties: closed, Keywords: []string{"properties", "patternProperties", "additionalProperties"}}),
			besideKeywords, []string{"properties"}, []string{"patternProperties", "additionalProperties"}},
		{"unevaluated keywords read every other",
			node("/e", 14, schema.Node{AnyOf: []*schema.Node{req}, UnevaluatedProperties: closed, Keywords: []string{"anyOf", "unevaluatedProperties"}}),
			besideKeywords, nil, nil},
		{"$ref and allOf beside keywords",
			node("/f", 15, schema.Node{Ref: str, AllOf: []*schema.Node{req}, MaxLength: new(int), Keywords: []string{"$ref", "allOf", "maxLength"}}),
			besideKeywords, []string{"maxLength"}, []string{"$ref", "allOf"}},
		{"a merged member keeps $ref and allOf",
			node("/g", 16, schema.Node{Ref: str, AllOf: []*schema.Node{req}, Keywords: []string{"$ref", "allOf"}}),
			besideMerged, nil, nil},
		{"the $ref's target",
			node("/h", 17, schema.Node{Ref: str, MaxLength: new(int), Keywords: []string{"$ref", "maxLength"}}),
			besideRef, []string{"type"}, []string{"maxLength"}},
		{"a draft 7 $ref is alone",
			node("/i", 18, schema.Node{Ref: str, Draft: draft7, Keywords: []string{"$ref", "maxLength"}}),
			besideRef, nil, nil},
		{"an allOf member",
			node("/j", 19, schema.Node{AllOf: []*schema.Node{str, req}, Keywords: []string{"allOf", "title"}}),
			besideMember + 1, []string{"required"}, []string{"allOf", "title"}},
		{"the only allOf member",
			node("/k", 20, schema.Node{AllOf: []*schema.Node{req}, MinLength: new(int), Keywords: []string{"allOf", "minLength"}}),
			besideMember, []string{"required"}, []string{"minLength"}},
		{"an anyOf that repeats the member the typed part takes",
			node("/l", 21, schema.Node{AllOf: []*schema.Node{req}, AnyOf: []*schema.Node{refTo("/l1", 22, req)}, MinLength: new(int), Keywords: []string{"allOf", "anyOf", "minLength"}}),
			besideMember, []string{"required"}, []string{"minLength"}},
		{"an anyOf that repeats the $ref is dropped, not moved",
			node("/m", 23, schema.Node{Ref: req, AnyOf: []*schema.Node{req, str}, Properties: props, Keywords: []string{"$ref", "anyOf", "properties"}}),
			besideKeywords, []string{"properties"}, []string{"$ref"}},
		{"a oneOf of one that repeats the allOf",
			node("/n", 24, schema.Node{AllOf: []*schema.Node{req}, OneOf: []*schema.Node{req}, Keywords: []string{"allOf", "oneOf"}}),
			besideMember, []string{"required"}, nil},
		{"a oneOf of two stays",
			node("/o", 25, schema.Node{AllOf: []*schema.Node{req}, OneOf: []*schema.Node{req, str}, Keywords: []string{"allOf", "oneOf"}}),
			besideMember, []string{"required"}, []string{"oneOf"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &builder{}
			typed, rest := b.split(tc.n, tc.how)
			if tc.typedKeys == nil {
				if typed != nil || rest != nil {
					t.Fatalf("split: typed %v, rest %v; want none", typed, rest)
				}
				return
			}
			if typed == nil || rest == nil {
				t.Fatal("no split")
			}
			if diff := cmp.Diff(tc.typedKeys, typed.Keywords); diff != "" {
				t.Errorf("typed keywords (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.restKeys, rest.Keywords); diff != "" {
				t.Errorf("rest keywords (-want +got):\n%s", diff)
			}
			if unsupported(typed) != "" && tc.how != besideMember {
				t.Errorf("typed part still has %s", unsupported(typed))
			}
			if tc.n.AdditionalProperties != nil && len(tc.n.PatternProperties) > 0 {
				// The rest's additionalProperties must leave the declared
				// properties to the typed part, which keeps the others.
				if typed.AdditionalProperties != nil || rest.AdditionalProperties != tc.n.AdditionalProperties {
					t.Error("additionalProperties did not move to the rest")
				}
				for name := range tc.n.Properties {
					if !rest.Properties[name].IsTrue() {
						t.Errorf("the rest does not pass the declared property %q", name)
					}
				}
			}
			if t2, r2 := b.split(tc.n, tc.how); t2 != typed || r2 != rest {
				t.Error("a second split made other nodes")
			}
		})
	}
}

// TestSplitKinds: the typed part allows no kind the rest refuses, so an
// anyOf of strings makes a schema without a type a string.
func TestSplitKinds(t *testing.T) {
	short := node("/short", 1, schema.Node{Types: []string{"string"}, MaxLength: new(int), Keywords: []string{"type", "maxLength"}})
	long := node("/long", 2, schema.Node{Enum: &schema.Values{List: []any{"long-value"}}, Keywords: []string{"enum"}})
	num := node("/num", 3, schema.Node{Types: []string{"number"}, Keywords: []string{"type"}})
	for _, n := range []*schema.Node{short, long, num} {
		n.Init()
	}
	strs := node("/a", 4, schema.Node{AnyOf: []*schema.Node{short, long}, Keywords: []string{"anyOf"}})
	mixed := node("/b", 5, schema.Node{AnyOf: []*schema.Node{short, num}, Keywords: []string{"anyOf"}})
	strs.Init()
	mixed.Init()
	b := &builder{}
	if typed, _ := b.split(strs, besideKeywords); typed == nil || typed.Kinds != schema.Str {
		t.Errorf("anyOf of strings: typed part allows %v, want strings", typed.Kinds)
	}
	if typed, _ := b.split(mixed, besideKeywords); typed == nil || typed.Kinds != schema.Str|schema.Num {
		t.Errorf("anyOf of a string and a number: typed part allows %v, want both", typed.Kinds)
	}
}

// refTo is a schema at l that is only a $ref to target.
func refTo(l string, line int, target *schema.Node) *schema.Node {
	return node(l, line, schema.Node{Ref: target, Keywords: []string{"$ref"}})
}

// TestSplitWithoutKeywords: a schema whose keywords are not listed (one
// the validator library holds, such as a meta-schema) splits by its
// fields: its allOf is a rest to check (JSON-Schema-Test-Suite's remote
// meta-schema reference, whose minLength is an allOf of a $ref).
func TestSplitWithoutKeywords(t *testing.T) {
	req := node("/req", 2, schema.Node{Required: []string{"a"}})
	n := node("/p", 3, schema.Node{AllOf: []*schema.Node{req, refTo("/p1", 4, req)}})
	b := &builder{}
	typed, rest := b.split(n, besideKeywords)
	if typed == nil || rest == nil || len(rest.AllOf) != 2 {
		t.Fatalf("split: typed %v, rest %v; want the allOf in the rest", typed, rest)
	}
	m := node("/q", 5, schema.Node{AllOf: []*schema.Node{req}, AnyOf: []*schema.Node{req}})
	if _, rest := b.split(m, besideKeywords); rest == nil || len(rest.AllOf) != 1 || rest.AnyOf != nil {
		t.Fatalf("split: rest %v; want the allOf alone", rest)
	}
}
