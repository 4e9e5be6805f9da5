package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/structgen/structgen/runtime/problem"
	"io"
)

// Parse validates data strictly against every schema given and decodes it
// into a T. Nothing is repaired: data at rest must match its schema
// exactly. On failure the error is a *ValidationError naming typeName.
func Parse[T any](typeName string, data []byte, schemas ...*Schema) (T, error) {
	var v T
	fail := func(sentinel error, ps ...problem.Problem) (T, error) {
		var zero T
		return zero, &problem.ValidationError{TypeName: typeName, Raw: data, Problems: ps, Err: sentinel}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail(problem.ErrEmptyReply, problem.Problem{Message: "empty input: want one JSON document"})
	}
	doc, err := DecodeValue(data)
	if err != nil {
		return fail(problem.ErrInvalidJSON, problem.Problem{Message: err.Error()})
	}
	var ps []problem.Problem
	for _, s := range schemas {
		p, err := s.Validate(doc)
		if err != nil {
			return fail(err, problem.Problem{Message: err.Error()})
		}
		ps = append(ps, p...)
	}
	if len(ps) > 0 {
		return fail(nil, ps...)
	}
	if p := Unmarshal(data, &v); p != nil {
		return fail(nil, *p)
	}
	return v, nil
}

// ParseWith is Parse with a decoder of its own, for types that
// encoding/json cannot decode alone (interfaces whose variants a property
// tells apart).
func ParseWith[T any](typeName string, data []byte, decode func([]byte) (T, error), schemas ...*Schema) (T, error) {
	if _, err := Parse[json.RawMessage](typeName, data, schemas...); err != nil {
		var zero T
		return zero, err
	}
	data = NormalizeIntegers(data)
	v, err := decode(data)
	if err != nil {
		var zero T
		p := LocateDecodeFailure(data, err, func(doc []byte) error {
			_, err := decode(doc)
			return err
		})
		return zero, &problem.ValidationError{TypeName: typeName, Raw: data, Problems: []problem.Problem{p}}
	}
	return v, nil
}

// DecodeValue decodes exactly one JSON document into the generic form the
// validator reads (maps, slices, json.Number, string, bool, nil).
func DecodeValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, jsonError(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		off := dec.InputOffset()
		return nil, fmt.Errorf("%s: unexpected data after the JSON document", lineCol(data, off))
	}
	return v, nil
}

func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the offending byte as read.
		return fmt.Errorf("%s: %v", lineCol(data, max(se.Offset-1, 0)), se)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: unexpected end of input", lineCol(data, int64(len(data))))
	}
	return err
}

// lineCol renders a byte offset as "line L, column C" (1-based; columns
// count bytes).
func lineCol(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}
