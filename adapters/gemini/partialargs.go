package gemini

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// partialArg is one of Vertex's partial function-call arguments, read
// from the raw event so that a number keeps its digits.
type partialArg struct {
	JSONPath     string          `json:"jsonPath"`
	StringValue  *string         `json:"stringValue"`
	NumberValue  json.RawMessage `json:"numberValue"`
	BoolValue    *bool           `json:"boolValue"`
	NullValue    *string         `json:"nullValue"`
	WillContinue bool            `json:"willContinue"`
}

// argsWriter turns partial arguments (a JSON path and a value, a string
// value possibly in several pieces) into the text of the arguments
// object as they arrive, so that they stream as other providers'
// argument pieces do.
type argsWriter struct {
	frames []frame // the open containers, the arguments object first
	inStr  string  // the path of a string value still open
}

// frame is an open object or array: how it was reached from its parent,
// and how many members it has.
type frame struct {
	seg   segment
	array bool
	n     int
}

// segment is one step of a JSON path: a member name, or an array index
// (index ≥ 0).
type segment struct {
	name  string
	index int
}

// write returns the text a's value adds to the arguments.
func (w *argsWriter) write(a partialArg) (string, error) {
	path, err := parsePath(a.JSONPath)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if w.frames == nil {
		b.WriteByte('{')
		w.frames = []frame{{}}
	}
	if w.inStr != "" {
		if w.inStr == a.JSONPath && a.StringValue != nil {
			writeStringBody(&b, *a.StringValue)
			if !a.WillContinue {
				b.WriteByte('"')
				w.inStr = ""
			}
			return b.String(), nil
		}
		b.WriteByte('"')
		w.inStr = ""
	}
	// Leave the containers the path is not in; enter the ones it is.
	common := 0
	for common+1 < len(w.frames) && common < len(path)-1 && w.frames[common+1].seg == path[common] {
		common++
	}
	for len(w.frames) > common+1 {
		w.closeLast(&b)
	}
	for i := common; i < len(path); i++ {
		parent, seg := &w.frames[len(w.frames)-1], path[i]
		switch {
		case parent.array != (seg.index >= 0):
			return "", fmt.Errorf("gemini: partial argument %s: step %d does not fit the %s it is in", a.JSONPath, i+1, kind(parent.array))
		case parent.array && seg.index != parent.n:
			return "", fmt.Errorf("gemini: partial argument %s: item %d arrived after %d items", a.JSONPath, seg.index, parent.n)
		}
		if parent.n > 0 {
			b.WriteByte(',')
		}
		parent.n++
		if !parent.array {
			key, _ := json.Marshal(seg.name)
			b.Write(key)
			b.WriteByte(':')
		}
		if i == len(path)-1 {
			break
		}
		array := path[i+1].index >= 0
		b.WriteByte("{["[boolIndex(array)])
		w.frames = append(w.frames, frame{seg: seg, array: array})
	}
	switch {
	case a.StringValue != nil:
		b.WriteByte('"')
		writeStringBody(&b, *a.StringValue)
		if a.WillContinue {
			w.inStr = a.JSONPath
		} else {
			b.WriteByte('"')
		}
	case len(a.NumberValue) > 0:
		b.Write(a.NumberValue)
	case a.BoolValue != nil:
		b.WriteString(strconv.FormatBool(*a.BoolValue))
	default:
		b.WriteString("null")
	}
	return b.String(), nil
}

// end returns the text that closes the arguments.
func (w *argsWriter) end() string {
	var b strings.Builder
	if w.frames == nil {
		return "{}"
	}
	if w.inStr != "" {
		b.WriteByte('"')
		w.inStr = ""
	}
	for len(w.frames) > 0 {
		w.closeLast(&b)
	}
	return b.String()
}

func (w *argsWriter) closeLast(b *strings.Builder) {
	b.WriteByte("}]"[boolIndex(w.frames[len(w.frames)-1].array)])
	w.frames = w.frames[:len(w.frames)-1]
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func kind(array bool) string {
	if array {
		return "array"
	}
	return "object"
}

// writeStringBody writes s JSON-escaped, without quotes.
func writeStringBody(b *strings.Builder, s string) {
	q, _ := json.Marshal(s)
	b.Write(q[1 : len(q)-1])
}

// parsePath reads the RFC 9535 paths Vertex sends: $ followed by .name,
// ['name'] or ["name"], and [index] steps.
func parsePath(p string) ([]segment, error) {
	bad := func(why string) ([]segment, error) {
		return nil, fmt.Errorf("gemini: partial argument path %q: %s", p, why)
	}
	if !strings.HasPrefix(p, "$") {
		return bad("it does not start with $")
	}
	var out []segment
	rest := p[1:]
	for rest != "" {
		switch {
		case rest[0] == '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			if end == 0 {
				return bad("an empty member name")
			}
			out = append(out, segment{name: rest[1 : 1+end], index: -1})
			rest = rest[1+end:]
		case strings.HasPrefix(rest, "['") || strings.HasPrefix(rest, `["`):
			q := rest[1]
			i := 2
			var name strings.Builder
			for ; i < len(rest) && rest[i] != q; i++ {
				if rest[i] == '\\' && i+1 < len(rest) {
					i++
				}
				name.WriteByte(rest[i])
			}
			if i+1 >= len(rest) || rest[i+1] != ']' {
				return bad("an unclosed name")
			}
			out = append(out, segment{name: name.String(), index: -1})
			rest = rest[i+2:]
		case rest[0] == '[':
			end := strings.IndexByte(rest, ']')
			n, err := strconv.Atoi(rest[1:max(end, 1)])
			if end < 0 || err != nil || n < 0 {
				return bad("an index that is not a number")
			}
			out = append(out, segment{index: n})
			rest = rest[end+1:]
		default:
			return bad("unexpected " + strconv.Quote(rest[:1]))
		}
	}
	if len(out) == 0 {
		return bad("no argument named")
	}
	return out, nil
}
