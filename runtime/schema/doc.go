// Package schema holds the JSON Schema documents a generated package
// embeds (Schemas, compiled once per schema on first use) and the schema
// interpreter: Parse reads data at rest strictly, validating with the
// compiled schema, for types without a generated decoder; Validate checks
// an already decoded value. Formats are asserted by default (package
// runtime/format). Problems are reported as problem.Problem with JSON
// pointers.
package schema
