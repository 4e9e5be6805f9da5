// Package testhook lets tests force what no input can: a panic inside a
// stage of the generator, to check that it comes out as one clear error
// rather than a stack trace. Nothing sets it outside tests.
package testhook

// Panic, when set, is called by the generator at the start of each stage
// (at is "") and each time its schema graph is asked for a node (stage
// "schema", at the node's location); it panics to simulate a bug there.
var Panic func(stage, at string)

// Fire calls Panic, when set.
func Fire(stage, at string) {
	if Panic != nil {
		Panic(stage, at)
	}
}
