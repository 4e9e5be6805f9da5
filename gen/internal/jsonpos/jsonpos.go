// Package jsonpos maps JSON pointers to line:column positions in a JSON
// text, because schema validators report pointers and users want positions.
package jsonpos

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Pos is a 1-based line and column (in bytes).
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Index holds the position of every value of one document by pointer.
type Index map[string]Pos

// Lookup returns the position of ptr, or of its nearest ancestor that has
// one.
func (ix Index) Lookup(ptr string) Pos {
	for {
		if p, ok := ix[ptr]; ok {
			return p
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return Pos{1, 1}
		}
		ptr = ptr[:i]
	}
}

// New indexes data, which must be valid JSON.
func New(data []byte) (Index, error) {
	if p, b, bad := InvalidUTF8(data); bad {
		return nil, &SyntaxError{Pos: p, Msg: fmt.Sprintf("invalid UTF-8 (byte %#x): JSON text must be UTF-8; save the file as UTF-8", b)}
	}
	s := &scanner{data: data, ix: Index{}, line: 1, lineStart: 0}
	s.space()
	if err := s.value(""); err != nil {
		return nil, err
	}
	s.space()
	if s.i < len(s.data) {
		return nil, s.errf("unexpected data after the JSON value")
	}
	return s.ix, nil
}

// InvalidUTF8 returns the position of the first byte of data that is not
// UTF-8, and the byte. Readers of JSON and YAML read such a byte as
// U+FFFD, a value other than the one written (in a name, an enum), so
// callers refuse the text there.
func InvalidUTF8(data []byte) (Pos, byte, bool) {
	if utf8.Valid(data) {
		return Pos{}, 0, false
	}
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return Offset(data, i), data[i], true
		}
		i += size
	}
	return Pos{}, 0, false
}

// Offset converts a byte offset into a position.
func Offset(data []byte, off int) Pos {
	if off > len(data) {
		off = len(data)
	}
	p := Pos{1, 1}
	for _, c := range data[:off] {
		if c == '\n' {
			p.Line, p.Col = p.Line+1, 1
		} else {
			p.Col++
		}
	}
	return p
}

type scanner struct {
	data      []byte
	i         int
	line      int
	lineStart int
	ix        Index
}

func (s *scanner) pos() Pos { return Pos{s.line, s.i - s.lineStart + 1} }

// SyntaxError is a JSON syntax error at a position.
type SyntaxError struct {
	Pos Pos
	Msg string
}

func (e *SyntaxError) Error() string { return e.Pos.String() + ": " + e.Msg }

func (s *scanner) errf(format string, args ...any) error {
	if s.i >= len(s.data) {
		return &SyntaxError{s.pos(), "unexpected end of JSON"}
	}
	return &SyntaxError{s.pos(), fmt.Sprintf(format, args...)}
}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '\n':
			s.line++
			s.lineStart = s.i + 1
		case ' ', '\t', '\r':
		default:
			return
		}
		s.i++
	}
}

func (s *scanner) value(ptr string) error {
	if s.i >= len(s.data) {
		return s.errf("unexpected end of JSON")
	}
	s.ix[ptr] = s.pos()
	switch c := s.data[s.i]; c {
	case '{':
		s.i++
		s.space()
		if s.i < len(s.data) && s.data[s.i] == '}' {
			s.i++
			return nil
		}
		for {
			s.space()
			key, err := s.str()
			if err != nil {
				return err
			}
			s.space()
			if s.i >= len(s.data) || s.data[s.i] != ':' {
				return s.errf("want ':' after object key")
			}
			s.i++
			s.space()
			if err := s.value(ptr + "/" + escape(key)); err != nil {
				return err
			}
			s.space()
			if s.i < len(s.data) && s.data[s.i] == ',' {
				s.i++
				continue
			}
			if s.i < len(s.data) && s.data[s.i] == '}' {
				s.i++
				return nil
			}
			return s.errf("want ',' or '}' in object")
		}
	case '[':
		s.i++
		s.space()
		if s.i < len(s.data) && s.data[s.i] == ']' {
			s.i++
			return nil
		}
		for n := 0; ; n++ {
			s.space()
			if err := s.value(fmt.Sprintf("%s/%d", ptr, n)); err != nil {
				return err
			}
			s.space()
			if s.i < len(s.data) && s.data[s.i] == ',' {
				s.i++
				continue
			}
			if s.i < len(s.data) && s.data[s.i] == ']' {
				s.i++
				return nil
			}
			return s.errf("want ',' or ']' in array")
		}
	case '"':
		_, err := s.str()
		return err
	default:
		for s.i < len(s.data) && strings.IndexByte(",}] \t\r\n", s.data[s.i]) < 0 {
			s.i++
		}
		return nil
	}
}

func (s *scanner) str() (string, error) {
	if s.i >= len(s.data) || s.data[s.i] != '"' {
		return "", s.errf("want a string")
	}
	start := s.i
	plain := true // no escape, no control character: the text is the value (New checked UTF-8)
	s.i++
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == '\\':
			s.i += 2
			plain = false
			continue
		case c < ' ':
			plain = false
		case c == '"':
			s.i++
			if plain {
				return string(s.data[start+1 : s.i-1]), nil
			}
			var out string
			if err := json.Unmarshal(s.data[start:s.i], &out); err != nil {
				return "", s.errf("bad string: %v", err)
			}
			return out, nil
		}
		s.i++
	}
	return "", s.errf("unterminated string")
}

func escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}
