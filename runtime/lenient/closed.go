package lenient

import (
	"encoding/json"
	"strconv"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/runtime/problem"
	"github.com/structgen/structgen/runtime/schema"
)

// PartialJSON returns the JSON of what an unfinished value holds so far,
// read as ReadPartial reads a value with no schema: strings closed where
// they stop, unfinished numbers and literals left out. ok is false when
// nothing is readable yet.
func PartialJSON(text []byte) (json.RawMessage, bool) {
	v, _, err := read(text, true)
	if err != nil {
		return nil, false
	}
	if v = prune(v, nil, nil, map[string]bool{}); v == nil {
		return nil, false
	}
	b, err := json.Marshal(toAny(v))
	return b, err == nil
}

// Step is one step of a path into a document: an array's item Index, or
// an object's member Key when Index is negative.
type Step struct {
	Key   string
	Index int
}

// CheckClosed validates v, a value the model has finished at path in a
// reply to schema s, against the schema of that place, as Node.Finished
// does for the values it finds finished. Problems' pointers are the
// document's. A place the schema does not describe has no problems.
func CheckClosed(s *schema.Schema, path []Step, v any) ([]problem.Problem, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, err
	}
	tokens := make([]string, len(path))
	for i, step := range path {
		if sch == nil {
			return nil, nil
		}
		ms := schema.Members(sch)
		if step.Index >= 0 {
			sch, tokens[i] = itemSchema(nil, ms, step.Index), strconv.Itoa(step.Index)
		} else {
			sch, tokens[i] = propertySchema(ms, step.Key), step.Key
		}
	}
	if sch == nil {
		return nil, nil
	}
	err = sch.Validate(v)
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, nil
	}
	ptr := schema.Pointer(tokens)
	var ps []problem.Problem
	for _, p := range schema.Problems(ve) {
		p.Pointer = ptr + p.Pointer
		ps = append(ps, p)
	}
	return ps, nil
}
