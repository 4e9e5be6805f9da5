// Package problem holds what every other structgen runtime package
// reports: a Problem at a JSON pointer, the ValidationError that collects
// them, the Repair records of lenient reading, and the sentinel errors
// they unwrap to. It imports nothing of structgen's, so every package can
// depend on it.
package problem

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors that a *ValidationError unwraps to for its case.
var (
	// ErrEmptyReply: the input was empty or only white space.
	ErrEmptyReply = errors.New("empty reply")
	// ErrInvalidJSON: the input is not a single JSON document.
	ErrInvalidJSON = errors.New("invalid JSON")
)

// Problem is one reason why a document does not match its schema.
type Problem struct {
	// Pointer is the JSON pointer (RFC 6901) of the offending value in the
	// document; "" is the whole document.
	Pointer string
	// Message says what is wrong.
	Message string
}

func (p Problem) String() string {
	ptr := p.Pointer
	if ptr == "" {
		ptr = "(root)"
	}
	return ptr + ": " + p.Message
}

// ValidationError reports why data could not be parsed into a generated
// type. It carries the type's name, the raw input and every problem found.
type ValidationError struct {
	// TypeName is the Go type that was asked for.
	TypeName string
	// Tool is the tool whose call this was, if any.
	Tool string
	// Raw is the input exactly as it was given.
	Raw []byte
	// Problems lists every violation, in document order.
	Problems []Problem
	// Err is the sentinel for the failure's case (ErrEmptyReply,
	// ErrInvalidJSON) or nil for a schema violation.
	Err error
	// Repairs are the lenient repairs made to the input before the
	// problems were found: what was read anyway, for a repair message to
	// teach, apart from what is still wrong.
	Repairs []Repair
}

func (e *ValidationError) Error() string {
	var b strings.Builder
	if e.Tool != "" {
		fmt.Fprintf(&b, "tool %s: ", e.Tool)
	}
	fmt.Fprintf(&b, "parse %s: ", e.TypeName)
	switch len(e.Problems) {
	case 0:
		if e.Err != nil {
			b.WriteString(e.Err.Error())
		} else {
			b.WriteString("invalid")
		}
	case 1:
		b.WriteString(e.Problems[0].String())
	default:
		fmt.Fprintf(&b, "%d problems:", len(e.Problems))
		for _, p := range e.Problems {
			b.WriteString("\n  - ")
			b.WriteString(p.String())
		}
	}
	return b.String()
}

// Unwrap returns the sentinel error for the failure's case, if any.
func (e *ValidationError) Unwrap() error { return e.Err }

// Repair is one change the lenient parser made to what a model sent.
type Repair struct {
	// Pointer is where, in the repaired document.
	Pointer string
	// Offset is the byte offset in the text read where the change was
	// made.
	Offset int
	// Message says what was changed.
	Message string
}

func (r Repair) String() string {
	ptr := r.Pointer
	if ptr == "" {
		ptr = "(root)"
	}
	return ptr + ": " + r.Message
}

// ErrNoJSON: the reply holds no JSON document to read.
var ErrNoJSON = errors.New("no JSON found in the reply")

// ErrUnclosedReasoning: the reply starts a reasoning block (<think>) and
// never closes it, so there is no answer after it: a document inside is a
// draft, not the answer. It unwraps to ErrNoJSON.
var ErrUnclosedReasoning = fmt.Errorf("%w: the reply ends inside its reasoning block, with no answer after it", ErrNoJSON)

// ErrTruncated: the model stopped at its token limit before finishing.
var ErrTruncated = errors.New("reply truncated at the token limit")

// ErrRefused: the model refused to answer, or the provider blocked the
// request or the reply (a refusal, a safety block). Every adapter's
// refusal error unwraps to it.
var ErrRefused = errors.New("the model refused to answer")

// ErrDuplicateKey: the document writes a key of one object twice. A
// *ValidationError from a generated decoder unwraps to it then.
var ErrDuplicateKey = errors.New("a key written twice")
