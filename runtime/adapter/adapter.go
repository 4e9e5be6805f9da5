// Package adapter is what provider adapters share, so that one for another
// provider (Bedrock, Mistral, Ollama, …) is written without copying:
// putting a conversation in the shape of the provider's API (Turns), a
// call's arguments as the JSON object APIs require (ObjectArgs), the
// refusal error every adapter returns (RefusalError), and the wording of
// their errors. The adapters in structgen/adapters/… are built on it;
// docs/adapters.md walks through writing one.
package adapter

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/structgen/structgen/runtime"
)

// DefaultMaxTokens is the token limit an adapter sends where its API
// requires one and the application set none.
const DefaultMaxTokens = 4096

// Errorf returns an adapter's error: its text starts with the provider's
// name ("anthropic: …"), as every adapter error does.
func Errorf(provider, format string, args ...any) error {
	return fmt.Errorf(provider+": "+format, args...)
}

// CheckMessage returns the error for message i of a conversation when its
// role is none of runtime.Message's, or when a "tool" message lacks the
// ToolResult that names the call it answers; nil otherwise.
func CheckMessage(provider string, i int, m runtime.Message) error {
	switch m.Role {
	case "system", "developer", "user", "assistant":
		return nil
	case "tool":
		if m.ToolResult == nil {
			return Errorf(provider, "message %d: a tool message needs its ToolResult (the call's ID)", i)
		}
		return nil
	}
	return Errorf(provider, "message %d: unknown role %q", i, m.Role)
}

// IsObject reports whether raw is one JSON object.
func IsObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 1 && raw[0] == '{' && json.Valid(raw)
}

// ObjectArgs returns a tool call's arguments as the JSON object that most
// APIs require of a call in the conversation: args when they are one; else
// (arguments a model of another provider wrote, malformed or not an
// object) the text as written under "arguments", so that the model still
// sees what it sent.
func ObjectArgs(args json.RawMessage) json.RawMessage {
	if IsObject(args) {
		return args
	}
	raw, _ := json.Marshal(map[string]string{"arguments": string(args)})
	return raw
}

// NotObject returns the error for a schema or dialect (what, e.g. "its
// Anthropic dialect") of a tool or output (kind, name) that is not a JSON
// object.
func NotObject(provider, kind, name, what string) error {
	return Errorf(provider, "%s %q: %s is not a JSON object", kind, name, what)
}

// RefusalError is a reply the provider did not give: the model refused (a
// refusal stop reason, refusal text) or the provider blocked the request
// or the reply (a safety block). Every adapter returns it for a refusal,
// and it unwraps to runtime.ErrRefused.
type RefusalError struct {
	// Provider names the adapter's provider ("openai", "gemini", …).
	Provider string
	// Reason is the provider's stop or finish reason, if it gave one
	// ("refusal", "SAFETY", …).
	Reason string
	// Message is the model's refusal text or the provider's explanation,
	// if any.
	Message string
}

func (e *RefusalError) Error() string {
	msg := e.Provider + ": the model refused to answer"
	if e.Reason != "" {
		msg += " (" + e.Reason + ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Unwrap returns runtime.ErrRefused.
func (e *RefusalError) Unwrap() error { return runtime.ErrRefused }
