package validators_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/validators/out"
)

const valid = `{
  "name": "p", "limit": 10, "ratio": 0.75, "target": "Ops.Team@example.com", "mode": "auto",
  "window": {"unit": "days", "size": 30},
  "labels": {"x-team": "core", "n": 3},
  "rules": ["first", {"id": 1}, {"id": 2}],
  "contact": {"email": "a@b.c", "verified": true},
  "origin": {"y": 2.0, "x": 1}
}`

// TestPolicy checks each combining keyword through the generated
// validators: a document that passes, and one problem per keyword, at
// its JSON pointer.
func TestPolicy(t *testing.T) {
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	if _, err := validators.ParsePolicy([]byte(valid)); err != nil {
		t.Fatalf("ParsePolicy(valid): %v", err)
	}
	tests := []struct {
		name, doc, pointer, message string
	}{
		{"allOf", `{"name": "p", "limit": 12}`, "/limit", "multipleOf"},
		{"allOf minimum", `{"name": "p", "limit": -5}`, "/limit", "minimum"},
		{"multipleOf exact", `{"name": "p", "ratio": 0.3}`, "/ratio", "multipleOf"},
		{"exclusiveMaximum", `{"name": "p", "ratio": 1}`, "/ratio", "exclusiveMaximum"},
		{"oneOf none", `{"name": "p", "target": "Ops"}`, "/target", "oneOf: the value matches none"},
		{"oneOf both", `{"name": "p", "target": "ops@example.com"}`, "", ""},
		{"anyOf", `{"name": "p", "mode": "manual"}`, "/mode", "anyOf: the value matches none"},
		{"not", `{"name": "p", "mode": 0}`, "/mode", "not:"},
		{"if then", `{"name": "p", "window": {"unit": "days", "size": 31}}`, "/window/size", "maximum"},
		{"if else", `{"name": "p", "window": {"unit": "hours", "size": 25}}`, "/window/size", "maximum"},
		{"patternProperties", `{"name": "p", "labels": {"x-team": 1}}`, "/labels/x-team", "want string"},
		{"additionalProperties", `{"name": "p", "labels": {"n": "three"}}`, "/labels/n", "want integer"},
		{"property and pattern", `{"name": "p", "tags": {"x-owner": 5}}`, "/tags/x-owner", "want string"},
		{"property and pattern, the property's", `{"name": "p", "tags": {"x-owner": "a"}}`, "/tags/x-owner", "minLength"},
		{"pattern alone", `{"name": "p", "tags": {"x-b": 1, "level": 2}}`, "/tags/x-b", "want string"},
		{"neither", `{"name": "p", "tags": {"lvl": 2}}`, "/tags", "lvl"},
		{"declared", `{"name": "p", "tags": {"level": "2"}}`, "/tags/level", "want integer"},
		{"propertyNames", `{"name": "p", "labels": {"a-very-long-name": 1}}`, "/labels", "property name 'a-very-long-name': maxLength"},
		{"prefixItems", `{"name": "p", "rules": [1, {"id": 1}]}`, "/rules/0", "want string"},
		{"items", `{"name": "p", "rules": ["a", {}]}`, "/rules/1", "missing property 'id'"},
		{"uniqueItems of objects", `{"name": "p", "rules": ["a", {"id": 1}, {"id": 1.0}]}`, "/rules", "equal"},
		{"contains", `{"name": "p", "rules": ["a"]}`, "/rules", "contains"},
		{"maxContains", `{"name": "p", "rules": ["a", {"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]}`, "/rules", "maxContains"},
		{"dependentRequired", `{"name": "p", "contact": {"phone": "1", "email": "a", "verified": true, "x": 1}}`, "", ""},
		{"dependentRequired missing", `{"name": "p", "contact": {"phone": "1"}}`, "/contact", "'email'"},
		{"dependentSchemas", `{"name": "p", "contact": {"email": "a"}}`, "/contact", "missing property 'verified'"},
		{"enum of structured values", `{"name": "p", "origin": {"x": 1, "y": 3}}`, "/origin", "value must be one of"},
		{"enum number equality", `{"name": "p", "origin": 3.0}`, "", ""},
		{"unevaluatedProperties: by properties, anyOf and then", `{"name": "p", "extension": {"kind": "task", "url": "u", "cmd": "c", "retries": 2}}`, "", ""},
		{"unevaluatedProperties: then not taken", `{"name": "p", "extension": {"kind": "hook", "url": "u", "retries": 2}}`, "/extension", "unevaluated property 'retries' not allowed"},
		{"unevaluatedProperties: a failed branch evaluates nothing", `{"name": "p", "extension": {"cmd": 1, "url": "u"}}`, "/extension", "unevaluated property 'cmd' not allowed"},
		{"unevaluatedItems: by prefixItems and contains", `{"name": "p", "steps": ["a", 1, 2]}`, "", ""},
		{"unevaluatedItems: the rest checked", `{"name": "p", "steps": ["a", 1, true, "b"]}`, "/steps/3", "want boolean"},
		{"const on an array", `{"name": "p", "legacy": ["x"]}`, "/legacy", "value must be []"},
		{"const on an array met", `{"name": "p", "legacy": []}`, "", ""},
		{"a typed value checked by validators", `{"name": "p", "owner": {"name": "o", "deputy": "d"}}`, "/owner", "not:"},
		{"a typed value null", `{"name": "p", "owner": null}`, "", ""},
		{"typed items checked by validators", `{"name": "p", "reviewers": [{"name": "r"}]}`, "/reviewers", "contains"},
		{"typed items: their own schema", `{"name": "p", "reviewers": [{"name": "", "email": "e"}]}`, "/reviewers/0/name", "minLength"},
		{"allOf of a base and properties", `{"name": "p", "ranked": [1, {"name": "r", "rank": 2}]}`, "", ""},
		{"allOf of a base and properties: the base's", `{"name": "p", "ranked": [{"name": "", "rank": 2}]}`, "/ranked", "contains"},
		{"allOf of a base and properties: the member's", `{"name": "p", "ranked": [{"name": "r"}, {"name": "s", "rank": 0}]}`, "/ranked", "contains"},
		{"a schema applied to itself through not", `{"name": "p", "loop": {"any": "value"}}`, "", ""},
		{"a cycle entered at measure: an integer", `{"name": "p", "entry": 3}`, "", ""},
		{"a cycle entered at measure: a string", `{"name": "p", "entry": "m"}`, "/entry", "cycle of references"},
		{"a cycle entered at unit: a string", `{"name": "p", "reentry": "m"}`, "/reentry", "cycle of references"},
		{"a cycle entered at unit: an integer", `{"name": "p", "reentry": 3}`, "/reentry", "want string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := validators.ParsePolicy([]byte(tc.doc))
			if errors.Is(err, impl.ErrDecoderDisagrees) {
				t.Fatal(err)
			}
			if tc.message == "" {
				// "oneOf both" is the exception: an address matches both
				// branches, which oneOf refuses.
				if tc.name == "oneOf both" {
					if err == nil || !strings.Contains(err.Error(), "matches schemas 0 and 1") {
						t.Fatalf("ParsePolicy(%s) = %v, want both oneOf branches named", tc.doc, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("ParsePolicy(%s): %v", tc.doc, err)
				}
				return
			}
			var ve *runtime.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("ParsePolicy(%s) = %v, want a *runtime.ValidationError", tc.doc, err)
			}
			for _, p := range ve.Problems {
				if p.Pointer == tc.pointer && strings.Contains(p.Message, tc.message) {
					return
				}
			}
			t.Errorf("ParsePolicy(%s): problems %v, want one at %q saying %q", tc.doc, ve.Problems, tc.pointer, tc.message)
		})
	}
}

// TestTypedPartsOfValidatedValues: a value that generated validators
// check is decoded by the typed decoders of its parts, with nothing lost.
func TestTypedPartsOfValidatedValues(t *testing.T) {
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	p, err := validators.ParsePolicy([]byte(`{"name": "p", "owner": {"name": "o", "x": [1]}, "reviewers": [{"name": "r", "email": "e"}, {"name": "s"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	o, ok := p.Owner.Get()
	if !ok || o.Name != "o" || string(o.AdditionalProperties["x"]) != "[1]" || len(p.Reviewers) != 2 || *p.Reviewers[0].Email != "e" || p.Reviewers[1].Email != nil {
		t.Errorf("got owner %+v, reviewers %+v", p.Owner, p.Reviewers)
	}
	if p, err := validators.ParsePolicy([]byte(`{"name": "p", "team": {"ada": {"name": "Ada"}}}`)); err != nil || p.Team["ada"].Name != "Ada" {
		t.Errorf("a map of typed values: %+v, %v", p.Team, err)
	}
	if _, err := validators.ParsePolicy([]byte(`{"name": "p", "team": {"Ada": {"name": "Ada"}}}`)); err == nil || !strings.Contains(err.Error(), "property name 'Ada'") {
		t.Errorf("a map key the names' pattern refuses: %v", err)
	}
	dir, err := validators.ParseDirectory([]byte(`{"a": {"name": "A"}, "b": {"name": "B", "email": "b@c"}}`))
	if err != nil || len(dir) != 2 || *dir["b"].Email != "b@c" {
		t.Errorf("ParseDirectory = %+v, %v", dir, err)
	}
	// A key of invalid UTF-8 reads as encoding/json reads it: each bad
	// byte is U+FFFD (the fuzz target found the map key kept as written).
	if dir, err := validators.ParseDirectory([]byte("{\"a\xffb\": {\"name\": \"A\"}}")); err != nil || dir["a\uFFFDb"].Name != "A" {
		t.Errorf("a key of invalid UTF-8: %+v, %v", dir, err)
	}
	p, err = validators.ParsePolicy([]byte("{\"name\": \"p\", \"owner\": {\"name\": \"o\", \"\xfe\": 1}}"))
	if o, _ := p.Owner.Get(); err != nil || string(o.AdditionalProperties["\uFFFD"]) != "1" {
		t.Errorf("an undeclared key of invalid UTF-8: %+v, %v", p.Owner, err)
	}
	if _, err := validators.ParseDirectory([]byte(`{}`)); err == nil || !strings.Contains(err.Error(), "minProperties") {
		t.Errorf("ParseDirectory({}) = %v, want minProperties", err)
	}
	r, err := validators.ParseRoster([]byte(`[{"name": "a"}, {"name": "b", "email": "b@c"}]`))
	if err != nil || len(r) != 2 || r[1].Name != "b" || *r[1].Email != "b@c" {
		t.Errorf("ParseRoster = %+v, %v", r, err)
	}
	for doc, want := range map[string]string{
		`[]`:                             "minItems",
		`[{"name": "a"}, {"name": "a"}]`: "equal",
		`[{"email": "x"}]`:               "missing property 'name'",
		`{}`:                             "want array",
	} {
		_, err := validators.ParseRoster([]byte(doc))
		if err == nil || errors.Is(err, impl.ErrDecoderDisagrees) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRoster(%s) = %v, want a problem saying %q", doc, err, want)
		}
	}
}

// FuzzPolicyValidatorAgrees mutates policies and checks that the generated
// decoders and validators read each as the schema interpreter does
// (verdict and value), through impl.CheckDecoders.
func FuzzPolicyValidatorAgrees(f *testing.F) {
	f.Add([]byte(valid))
	f.Add([]byte(`{"name": "p", "rules": ["a", {"id": 1}, {"id": 1.0}], "mode": 0, "labels": {"x-a": 1, "b": "c"}}`))
	f.Add([]byte(`{"name": "p", "tags": {"x-owner": "a", "x-b": 1, "level": 2, "c": 3}}`))
	f.Add([]byte(`{"name": "p", "window": {"unit": "hours", "size": 25}, "contact": {"phone": "1"}, "origin": [1, 2]}`))
	f.Add([]byte(`{"name": "p", "owner": {"name": "o", "b": 1, "a": 2}, "reviewers": [{"name": "r", "email": "e"}, null]}`))
	f.Add([]byte(`{"name": "p", "extension": {"kind": "task", "url": "u", "retries": 2, "x": 1}, "steps": ["a", 1, true, "b"]}`))
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := validators.ParsePolicy(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}
