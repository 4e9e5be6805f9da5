package schema

// Keywords whose values hold subschemas, by the shape of the value. Code
// that walks raw schema JSON (copying a schema, converting it for a
// provider) reads these, so that a keyword is classified once.
var (
	// SchemaKeywords hold one subschema.
	SchemaKeywords = map[string]bool{"items": true, "additionalProperties": true, "not": true, "if": true,
		"then": true, "else": true, "contains": true, "propertyNames": true, "additionalItems": true,
		"unevaluatedItems": true, "unevaluatedProperties": true, "contentSchema": true}
	// MapKeywords map names to subschemas.
	MapKeywords = map[string]bool{"properties": true, "patternProperties": true, "dependentSchemas": true, "dependencies": true}
	// ListKeywords list subschemas ("items" in drafts before 2020-12 may
	// be a list too).
	ListKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
)
