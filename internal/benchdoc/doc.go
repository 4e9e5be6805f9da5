// Package benchdoc holds a benchmark of generated decoders on a document
// whose values are mostly formats, patterns and numbers (a product
// catalog), against encoding/json into hand-written structs of the same
// shape: the ticket example's documents are mostly prose.
package benchdoc

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml
