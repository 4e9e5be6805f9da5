package runtime

import "github.com/structgen/structgen/runtime/problem"

// The errors every Parse, Complete and Stream reports, and the records of
// what lenient reading changed. They are defined in package problem, at
// the bottom of the runtime's packages; these names are the ones
// applications use.
type (
	// ValidationError reports why data could not be parsed into a
	// generated type: the type's name, the raw input and every problem
	// found, each with its JSON pointer.
	ValidationError = problem.ValidationError
	// Problem is one reason why a document does not match its schema.
	Problem = problem.Problem
	// Repair is one change the lenient reader made to what a model sent.
	Repair = problem.Repair
)

// Sentinel errors that a *ValidationError or a Complete error unwraps to.
var (
	// ErrEmptyReply: the input was empty or only white space.
	ErrEmptyReply = problem.ErrEmptyReply
	// ErrInvalidJSON: the input is not a single JSON document.
	ErrInvalidJSON = problem.ErrInvalidJSON
	// ErrNoJSON: the reply holds no JSON document to read.
	ErrNoJSON = problem.ErrNoJSON
	// ErrUnclosedReasoning: the reply starts a reasoning block (<think>)
	// and never closes it: no answer follows. It unwraps to ErrNoJSON.
	ErrUnclosedReasoning = problem.ErrUnclosedReasoning
	// ErrTruncated: the model stopped at its token limit before
	// finishing.
	ErrTruncated = problem.ErrTruncated
	// ErrRefused: the model refused, or the provider blocked the request
	// or the reply.
	ErrRefused = problem.ErrRefused
	// ErrDuplicateKey: the document writes a key of one object twice.
	ErrDuplicateKey = problem.ErrDuplicateKey
)
