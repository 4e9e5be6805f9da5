module github.com/structgen/structgen/examples/stream

go 1.26.0

require (
	github.com/go-faster/jx v1.2.0
	github.com/openai/openai-go/v3 v3.99.0
	github.com/structgen/structgen v0.1.0
	github.com/structgen/structgen/adapters/openai v0.1.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/segmentio/asm v1.2.1 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/text v0.42.0 // indirect
)

replace (
	github.com/structgen/structgen => ../..
	github.com/structgen/structgen/adapters/openai => ../../adapters/openai
)
