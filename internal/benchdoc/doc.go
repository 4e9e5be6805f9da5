// Package benchdoc holds benchmarks of generated decoders against
// encoding/json into hand-written structs of the same shape, on
// documents unlike the ticket example's (mostly prose): a product catalog
// whose values are mostly formats, patterns and numbers, and a plan as
// Pydantic writes a model's schema (optional fields as anyOf with null,
// a recursive task).
package benchdoc

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml
