// Package openai connects structgen's runtime to the OpenAI Go SDK
// (github.com/openai/openai-go/v3).
//
// Chat is a [runtime.Model] over Chat Completions and Responses one over
// the Responses API. Both send every generated schema byte for byte: a
// tool's OpenAI dialect goes out as its function definition and an
// output's as the response format, through the SDK's param.Override, so
// that no schema passes through map[string]any (which would reorder keys
// and round integers beyond 2^53 through float64). Tool-call arguments come
// back as the string the model wrote, unparsed, for the generated
// ParseToolCall to repair and validate.
//
// The package is a module of its own so that structgen's core module does
// not depend on the SDK.
package openai
