// Package dialecttest helps tests check provider dialects against the
// canonical schema they are views of: it shapes an instance the way a
// provider sends it and validates it against a dialect's schema.
package dialecttest

import (
	"encoding/json"
	"fmt"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// Decode reads JSON the way the validator does (numbers exact).
func Decode(s string) (any, error) {
	return jsonschema.UnmarshalJSON(strings.NewReader(s))
}

// Field returns the JSON value at the path of object keys in raw.
func Field(raw json.RawMessage, path ...string) (json.RawMessage, error) {
	v, err := Decode(string(raw))
	if err != nil {
		return nil, err
	}
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("no %q in %s", p, raw)
		}
		v = m[p]
	}
	return json.Marshal(v)
}

// Validate checks doc against schema.
func Validate(schema json.RawMessage, doc any) error {
	c := jsonschema.NewCompiler()
	s, err := Decode(string(schema))
	if err != nil {
		return err
	}
	if err := c.AddResource("urn:dialecttest", s); err != nil {
		return err
	}
	sch, err := c.Compile("urn:dialecttest")
	if err != nil {
		return err
	}
	return sch.Validate(doc)
}

// FillNulls sets every property that a strict schema requires but doc
// lacks to null, as OpenAI's strict mode sends optional fields.
func FillNulls(doc any, schema json.RawMessage) (any, error) {
	s, err := Decode(string(schema))
	if err != nil {
		return nil, err
	}
	root, _ := s.(map[string]any)
	return fill(doc, root, root), nil
}

func fill(doc any, schema, root map[string]any) any {
	if ref, ok := schema["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		defs, _ := root["$defs"].(map[string]any)
		schema, _ = defs[name].(map[string]any)
	}
	switch v := doc.(type) {
	case map[string]any:
		required, _ := schema["required"].([]any)
		for _, r := range required {
			if _, ok := v[r.(string)]; !ok {
				v[r.(string)] = nil
			}
		}
		props, _ := schema["properties"].(map[string]any)
		for k, p := range props {
			if ps, ok := p.(map[string]any); ok && v[k] != nil {
				v[k] = fill(v[k], ps, root)
			}
		}
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for i := range v {
				v[i] = fill(v[i], items, root)
			}
		}
	}
	if branches, ok := schema["anyOf"].([]any); ok {
		for _, br := range branches {
			if b, ok := br.(map[string]any); ok && b["type"] != "null" {
				doc = fill(doc, b, root)
			}
		}
	}
	return doc
}
