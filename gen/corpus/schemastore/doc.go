// Package schemastore tests the generator on SchemaStore's schemas and
// instances in ../shared/corpus: every schema that needs no document
// outside the corpus is generated, compiled and vetted, every valid
// instance must be accepted and re-encode to the same JSON value, every
// invalid one rejected, and mutations of the valid ones must be read alike
// by the generated decoders and the schema interpreter. Run does it for
// one shard of the schemas; the packages shard0 to shard3 beneath run a
// quarter each, each a test binary within go test's time limit (a third
// took 595 of its 600 seconds under CI's load). The reviewed lists of
// exceptions are in testdata.
package schemastore
