package loc

import "fmt"

// InternalError is a panic inside a stage of the generator, recovered: a
// bug of structgen's, never of the input. It names the stage and what the
// stage was processing, and asks for a report; Stack is for structgen -v.
type InternalError struct {
	// Stage is the stage that panicked: "source", "spec", "build", "emit"
	// or "gotypes".
	Stage string
	// At is what the stage was processing: a schema's position and
	// pointer, or a file; "" when not known.
	At string
	// Value is what the stage panicked with.
	Value any
	// Stack is the stack of the panic; nil for a bug found without one
	// (generated code that does not format).
	Stack []byte
}

func (e *InternalError) Error() string {
	at := ""
	if e.At != "" {
		at = " while processing " + e.At
	}
	stack := ""
	if len(e.Stack) > 0 {
		stack = " (structgen -v prints the stack)"
	}
	return fmt.Sprintf("structgen bug: the %s stage failed%s: %v; please report it at https://github.com/structgen/structgen/issues with the schema%s", e.Stage, at, e.Value, stack)
}
