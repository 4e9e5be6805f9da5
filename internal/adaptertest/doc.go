// Package adaptertest holds generated tools and an output for the SDK
// adapters' tests (adapters/…), which send them through each SDK's real
// client to a test server.
package adaptertest

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml
