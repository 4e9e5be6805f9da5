// Package corpus holds the generator's tests and benchmarks on the public
// corpus in ../shared/corpus: the JSON-Schema-Test-Suite, GitHub's MCP
// tools, and SchemaStore generated twice for determinism (the SchemaStore
// instances are read in package corpus/schemastore). Each builds the
// generated packages in a scratch module (gen/internal/corpustest) and
// compares every reading with the schema interpreter. They live apart
// from package gen, and from each other, so that each test binary stays
// well within go test's default time limit.
package corpus
