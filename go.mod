module github.com/structgen/structgen

go 1.24.0

require (
	github.com/dlclark/regexp2 v1.12.0
	github.com/go-faster/jx v1.2.0
	github.com/goccy/go-yaml v1.19.2
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/tiktoken-go/tokenizer v0.7.0
	golang.org/x/mod v0.33.0
	golang.org/x/net v0.50.0
	golang.org/x/text v0.34.0
	golang.org/x/tools v0.42.0
)

require (
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/segmentio/asm v1.2.1 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
)
