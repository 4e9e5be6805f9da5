package lenient

import (
	"bytes"
	"encoding/json"
	"github.com/structgen/structgen/runtime/problem"
)

// Extraction says where Extract found the JSON document.
type Extraction int

// Where a JSON document was found.
const (
	ExtractedRaw   Extraction = iota // the whole reply
	ExtractedFence                   // the body of a markdown code fence
	ExtractedProse                   // a balanced object or array within prose
)

func (e Extraction) String() string {
	return [...]string{"the whole reply", "a markdown code fence", "the surrounding prose"}[e]
}

// Extract finds the JSON document in a model's reply, after a reasoning
// block (<think>…</think>) it starts with: the reply itself when it is
// JSON; else, inside an XML CDATA section (<![CDATA[ … ]]>, its markers
// left out) where one opens before the document, the same; else the body
// of the first markdown code fence that
// holds JSON (```json or bare, or ~~~; one marked as another language, ```python,
// only where no other holds JSON); else the first balanced JSON object or
// array in the prose around it, where brackets inside strings do not
// count. It runs in time linear in the reply. It returns ErrEmptyReply
// or ErrNoJSON when there is nothing to read, and
// problem.ErrUnclosedReasoning (an ErrNoJSON) when the reply ends inside
// its reasoning block.
func Extract(reply []byte) ([]byte, Extraction, error) {
	var e extractor
	return e.extract(reply)
}

// extractor counts the bytes it scans and validates, so that tests can
// check that extraction stays linear without timing it.
type extractor struct{ work int }

func (e *extractor) valid(b []byte) bool {
	e.work += len(b)
	return json.Valid(b)
}

func (e *extractor) extract(reply []byte) ([]byte, Extraction, error) {
	text := bytes.TrimSpace(reply)
	if len(text) == 0 {
		return nil, 0, problem.ErrEmptyReply
	}
	if reasoningOpen(text) {
		return nil, 0, problem.ErrUnclosedReasoning // no answer after the reasoning
	}
	if end, closed := reasoningEnd(text); closed && len(bytes.TrimSpace(text[end:])) > 0 {
		text = bytes.TrimSpace(text[end:]) // drafts in the reasoning are not the answer
	}
	if e.valid(text) {
		return text, ExtractedRaw, nil
	}
	if fixed, _, ok := cdataSection(text); ok {
		e.work += len(text)
		text = fixed // <![CDATA[ … ]]>: its brackets are no array's
		if t := bytes.TrimSpace(text); e.valid(t) {
			return t, ExtractedProse, nil
		}
	}
	if fixed, msg := otherFences(text); msg != "" {
		e.work += len(text)
		text = fixed // ~~~ and triple-quote fences, read as ``` ones
	}
	if body, ok := e.fenced(text); ok {
		return body, ExtractedFence, nil
	}
	if doc, ok := e.balanced(text); ok {
		return doc, ExtractedProse, nil
	}
	return nil, 0, problem.ErrNoJSON
}

// fenced returns the body of the first code fence whose body is JSON,
// of one marked as another language (```python) only where no fence
// marked as JSON or not marked has one.
func (e *extractor) fenced(text []byte) ([]byte, bool) {
	var code []byte // the first found in a fence of another language
	rest := text
	for {
		i := bytes.Index(rest, []byte("```"))
		if i < 0 {
			e.work += len(rest)
			return code, code != nil
		}
		e.work += i + 3
		rest = rest[i+3:]
		// The info string (json, JSON, jsonc, …) runs to the end of the line.
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			return code, code != nil
		}
		info := bytes.TrimSpace(rest[:nl])
		body := rest[nl+1:]
		end := closingFence(body)
		if end < 0 {
			end = len(body) // an unclosed fence runs to the end
		}
		e.work += nl + 1 + end
		candidate := bytes.TrimSpace(body[:end])
		if len(info) == 0 || !bytes.ContainsAny(info, " \t{[") {
			doc, ok := candidate, e.valid(candidate)
			if !ok {
				doc, ok = e.balanced(candidate)
			}
			switch {
			case ok && fenceLangOf(info) != langOther:
				return doc, true
			case ok && code == nil:
				code = doc
			}
		}
		if end == len(body) {
			return code, code != nil
		}
		rest = body[end+3:]
	}
}

// region is a balanced pair of brackets: text[start:end].
type region struct {
	start, end int
	parent     int // index of the enclosing region, or -1
	level      int
}

// balanced returns the first balanced JSON object or array in text. One
// pass finds every balanced bracket pair (outside brackets, quotes are
// prose and do not start strings); then pairs are tried outermost first,
// in order, with a budget that keeps the whole search linear.
func (e *extractor) balanced(text []byte) ([]byte, bool) {
	e.work += len(text)
	type open struct {
		pos    int
		closer byte
	}
	var stack []open
	var regions []region
	var children [][]int // per stack depth, regions closed directly inside
	children = append(children, nil)
	inString := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			if len(stack) > 0 {
				inString = true
			}
		case '{', '[':
			closer := byte('}')
			if c == '[' {
				closer = ']'
			}
			stack = append(stack, open{pos: i, closer: closer})
			children = append(children, nil)
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1].closer != c {
				continue // a stray closer
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			idx := len(regions)
			regions = append(regions, region{start: top.pos, end: i + 1, parent: -1})
			for _, ch := range children[len(children)-1] {
				regions[ch].parent = idx
			}
			children = children[:len(children)-1]
			children[len(children)-1] = append(children[len(children)-1], idx)
		}
	}
	if len(regions) == 0 {
		return nil, false
	}
	// Levels: regions inside no closed region are level 0.
	maxLevel := 0
	for i := len(regions) - 1; i >= 0; i-- { // parents close after children
		if p := regions[i].parent; p >= 0 {
			regions[i].level = regions[p].level + 1
			maxLevel = max(maxLevel, regions[i].level)
		}
	}
	byLevel := make([][]int, maxLevel+1)
	for i, r := range regions {
		byLevel[r.level] = append(byLevel[r.level], i)
	}
	budget := 4*len(text) + 1024
	for _, idxs := range byLevel {
		best := -1
		for _, i := range idxs {
			r := regions[i]
			if best >= 0 && r.start > regions[best].start {
				continue
			}
			if budget -= r.end - r.start; budget < 0 {
				return nil, false
			}
			if e.valid(text[r.start:r.end]) {
				best = i
			}
		}
		if best >= 0 {
			return text[regions[best].start:regions[best].end], true
		}
	}
	return nil, false
}
