// Package loc holds positions in input files and the errors that carry
// them. Every stage reports its problems as *Error values, so that the
// user sees file:line:col, whichever stage found the problem.
package loc

import (
	"errors"
	"fmt"
	"sort"
)

// Pos is a position in an input file; Line and Col are 1-based, 0 when
// unknown.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Less orders positions by file, line and column.
func (p Pos) Less(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Error is a problem at a position in an input file.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf returns an *Error at p.
func Errorf(p Pos, format string, args ...any) error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// PosOf returns the position of err, if it is or wraps an *Error.
func PosOf(err error) (Pos, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Pos, true
	}
	return Pos{}, false
}

// Sort orders errors by position; errors without one keep their order,
// after the positioned ones.
func Sort(errs []error) {
	sort.SliceStable(errs, func(i, j int) bool {
		a, okA := PosOf(errs[i])
		b, okB := PosOf(errs[j])
		if okA != okB {
			return okA
		}
		return a.Less(b)
	})
}

// Join sorts errs, drops exact repeats and joins them; nil when there
// are none.
func Join(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	errs = append([]error(nil), errs...)
	Sort(errs)
	seen := map[string]bool{}
	var out []error
	for _, e := range errs {
		if msg := e.Error(); !seen[msg] {
			seen[msg] = true
			out = append(out, e)
		}
	}
	return errors.Join(out...)
}
