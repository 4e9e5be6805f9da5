package lenient

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// breaks is one way a model writes JSON wrong. The test renders random
// documents with each and with random mixes of them; every one must read
// back to the document it was rendered from. The breaks are written from
// what models are seen to do, not from any corpus vector, so the test
// checks that the rules are general rather than fitted.
type breaks struct {
	rawBackslashes   bool // C:\Temp, ^\d+$, \frac written with single backslashes
	hashComments     bool // # note after a member
	lineComments     bool // // note after a member
	blockComments    bool // /* c */ between members
	singleQuotedKeys bool
	unquotedKeys     bool
	singleQuotes     bool // 'value' where the value has no '
	trailingComma    bool
	missingComma     bool // members one per line, no comma
	python           bool // True, False, None
	rawNewlines      bool // a line break written raw inside a string
	innerQuotes      bool // a " inside a string not escaped
	extraClose       bool // the last bracket written twice
	fence            bool // ```json … ```
	prose            bool // a sentence before and after
	spaced           bool // one member per line, indented
	crlf             bool // lines end in \r\n
	tabs             bool // indented with tabs
	unicodeSpaces    bool // no-break, zero-width and other spaces between tokens
	bareValues       bool // strings that need no quotes written without them
	typographic      bool // “curly quotes” around strings
	backticks        bool // `strings` in backticks
	doubledQuotes    bool // ""strings"" in doubled quotes
	openFence        bool // ```json with no closing fence
	labelBefore      bool // a line such as "JSON:" or "// result" before the document
	escapedQuotes    bool // the document written as if inside a string: {\"a\": 1}
	jsAssign         bool // const result = {…};
	wordLabel        bool // the fence's language left without its backticks: json⏎{…}
	escapedSingles   bool // 'it\'s' in single quotes, the inner one escaped
	missingColon     bool // "key" value, the colon left out (quoted keys only)
	reasoning        bool // <think>…</think> before the answer, drafts and brackets inside
	markdown         bool // a bulleted, numbered or bold line before the document
	proseBrackets    bool // prose with {words} and [sic] before a fenced document
	lostEndQuote     bool // "key": "value⏎ with the next member or the closing brace on the next line
	codeBlocks       bool // a value of several lines written as a ```lang⏎…⏎``` block

	member bool // rendering a member's value (set by render)
}

// breakStrings are string values that carry what the breaks interfere
// with: backslashes, quotes, separators, brackets, line breaks, words
// that are literals.
var breakStrings = []string{
	`C:\Temp\new`, `^\d+\s*$`, `\frac{1}{2}`, "plain", "two words", "a, b and c",
	"ratio: 3", "https://example.com/a?b=1", `C:\Users\x`, "line one\nline two",
	"it's", `say "hi" now`, "[draft]", "{braces}", "", "10:30", "v1.2.3", "-",
	"émoji 😀", "true", "null", "42", `{"k": 1}`, `path/to/file.go:12`, "x = y",
	"a: b, c: d", "50%", "$12", "#tag", "// not a comment", "/* not */",
	"'single'", "O'Brien", `it's "fine"`, "100,000", `C:\dir\`, "end.",
	"5 kg", "+1 555 1234", "3 - 4",
}

// bareSafe are the strings a model writes without quotes and a reader
// can keep whole: words, times, versions, URLs.
var bareSafe = map[string]bool{
	"plain": true, "two words": true, "10:30": true, "v1.2.3": true,
	"https://example.com/a?b=1": true, "émoji 😀": true,
}

// bareInMember are the strings a model writes without quotes that a
// reader keeps whole as a member's value only: in a list, 5 kg is two
// items without their comma.
var bareInMember = map[string]bool{"5 kg": true, "+1 555 1234": true, "3 - 4": true}

var breakKeys = []string{"name", "id", "title", "items", "is_done", "count", "url", "notes", "tags", "meta"}

func randomTree(r *rand.Rand, depth int) any {
	if depth == 0 || r.IntN(3) == 0 {
		switch r.IntN(6) {
		case 0, 1, 2:
			return breakStrings[r.IntN(len(breakStrings))]
		case 3:
			return json.Number([]string{"0", "7", "-3", "2.5", "1000", "-0.125"}[r.IntN(6)])
		case 4:
			return r.IntN(2) == 0
		}
		return nil
	}
	n := r.IntN(4) + 1
	if r.IntN(2) == 0 {
		a := make([]any, n)
		for i := range a {
			a[i] = randomTree(r, depth-1)
		}
		return a
	}
	m := map[string]any{}
	for _, i := range r.Perm(len(breakKeys))[:n] {
		m[breakKeys[i]] = randomTree(r, depth-1)
	}
	return m
}

func (br breaks) render(b *strings.Builder, v any, depth int) {
	newline := func(d int) {
		if br.spaced || br.missingComma || br.lineComments || br.hashComments {
			if br.crlf {
				b.WriteString("\r")
			}
			indent := "  "
			if br.tabs {
				indent = "\t"
			}
			b.WriteString("\n" + strings.Repeat(indent, d))
		}
	}
	space := func() {
		if br.unicodeSpaces {
			b.WriteString([]string{"\u00a0", "\u200b", "\u180e", "\u2009", "\ufeff"}[(b.Len()/7)%5])
		}
	}
	str := func(s string, key, noEnd bool) {
		space()
		defer space()
		if key && br.unquotedKeys || !key && br.bareValues && (bareSafe[s] || br.member && bareInMember[s]) {
			b.WriteString(s)
			return
		}
		// Where commas are left out, what follows a block's closing
		// fence tells it from a fenced document's only after a key or a
		// string; models writing code blocks write their commas.
		if br.codeBlocks && !br.missingComma && !key && strings.Contains(s, "\n") && !strings.Contains(s, "`") {
			b.WriteString("```text\n  " + strings.ReplaceAll(s, "\n", "\n  ") + "\n  ```")
			return
		}
		q, end := `"`, `"`
		switch {
		case key && br.singleQuotedKeys || br.singleQuotes && !strings.Contains(s, "'") || br.escapedSingles && !key:
			q, end = "'", "'"
		case br.typographic && !strings.ContainsAny(s, "\"\n"):
			q, end = "\u201c", "\u201d"
		case br.backticks && !strings.ContainsAny(s, "`\"\\\n"):
			q, end = "`", "`"
		case br.doubledQuotes && s != "" && !strings.ContainsAny(s, "\"\\\n,:{}[]"):
			q, end = `""`, `""`
		}
		b.WriteString(q)
		for _, c := range s {
			switch {
			case c == '\'' && q == "'":
				b.WriteString(`\'`)
			case c == '"' && (q != `"` || br.innerQuotes),
				c == '\\' && br.rawBackslashes,
				c == '\n' && br.rawNewlines:
				b.WriteRune(c)
			case c == '"':
				b.WriteString(`\"`)
			case c == '\\':
				b.WriteString(`\\`)
			case c == '\n':
				b.WriteString(`\n`)
			default:
				b.WriteRune(c)
			}
		}
		if !noEnd {
			b.WriteString(end)
		}
	}
	after := func(last bool, d int) {
		if last {
			if br.trailingComma {
				b.WriteString(",")
			}
		} else {
			if !br.missingComma {
				b.WriteString(",")
			}
			if br.lineComments {
				b.WriteString(" // note")
			}
			if br.hashComments {
				b.WriteString(" # note")
			}
			if br.blockComments {
				b.WriteString(" /* c */")
			}
		}
		newline(d)
	}
	member := func(i, n int) {
		if i == n-1 {
			after(true, depth)
		} else {
			after(false, depth+1)
		}
	}
	switch x := v.(type) {
	case nil:
		if br.python {
			b.WriteString("None")
		} else {
			b.WriteString("null")
		}
	case bool:
		s := strconv.FormatBool(x)
		if br.python {
			s = strings.ToUpper(s[:1]) + s[1:]
		}
		b.WriteString(s)
	case json.Number:
		b.WriteString(string(x))
	case string:
		str(x, false, false)
	case []any:
		b.WriteString("[")
		newline(depth + 1)
		item := br
		item.member = false
		for i, e := range x {
			item.render(b, e, depth+1)
			member(i, len(x))
		}
		b.WriteString("]")
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString("{")
		newline(depth + 1)
		value := br
		value.member = true
		for i, k := range keys {
			str(k, true, false)
			// A key that lost its colon before a bare value is not
			// told from a string's text ("notes" plain words).
			if s, _ := x[k].(string); br.missingColon && !br.unquotedKeys && !(br.bareValues && (bareSafe[s] || bareInMember[s])) {
				b.WriteString(" ")
			} else {
				b.WriteString(": ")
			}
			if s, ok := x[k].(string); ok && br.lostEndQuote && lostEndQuoteSafe(s) &&
				// The next line must start with a key and its colon.
				!br.missingColon && !br.unquotedKeys && !br.doubledQuotes && !br.typographic && !br.lineComments && !br.hashComments && !br.blockComments {
				str(s, false, true)
			} else {
				value.render(b, x[k], depth+1)
			}
			member(i, len(keys))
		}
		b.WriteString("}")
	}
}

// lostEndQuoteSafe reports whether a string value can lose its end
// quote at a line's end and be read back: one line of text, no quotes or
// brackets of its own, no trailing space, no comment marker.
func lostEndQuoteSafe(s string) bool {
	return s != "" && !strings.ContainsAny(s, "\"'{}[]\n\\,") && strings.TrimSpace(s) == s &&
		!strings.Contains(s, "//") && !strings.Contains(s, "/*")
}

func (br breaks) text(v any) string {
	var b strings.Builder
	br.render(&b, v, 0)
	text := b.String()
	if br.extraClose {
		text += text[len(text)-1:]
	}
	if br.escapedQuotes {
		// Only where no string holds a backslash of its own: {\"a\": \"C:\\x\"}
		// is a second level of escaping no reader can undo unguided.
		if strings.Contains(text, `\`) {
			return ""
		}
		text = strings.ReplaceAll(text, `"`, `\"`)
	}
	if br.proseBrackets && !br.fence && !br.openFence {
		text = "Given the set {x, y} [sic], here it is:\n```json\n" + text + "\n```"
	}
	if br.jsAssign {
		text = "const result = " + text + ";"
	}
	if br.wordLabel {
		text = "json\n" + text
	}
	switch {
	case br.openFence:
		text = "```json\n" + text
	case br.fence:
		text = "```json\n" + text + "\n```"
	}
	if br.labelBefore {
		text = "JSON:\n" + text
	}
	if br.markdown {
		text = "- read the request\n- wrote the items\n\n**Answer:**\n" + text
	}
	if br.prose {
		text = "Sure! Here is the JSON you asked for:\n" + text + "\nLet me know if you need anything else."
	}
	if br.reasoning {
		text = "<think>A draft: {\"draft\": [1, 2]} and ```json\n{\"x\": 0}\n``` then {a, b}.</think>\n" + text
	}
	return text
}

func TestModelBreaksReadBack(t *testing.T) {
	classes := []struct {
		name string
		set  func(*breaks) *bool
	}{
		{"raw backslashes", func(b *breaks) *bool { return &b.rawBackslashes }},
		{"hash comments", func(b *breaks) *bool { return &b.hashComments }},
		{"line comments", func(b *breaks) *bool { return &b.lineComments }},
		{"block comments", func(b *breaks) *bool { return &b.blockComments }},
		{"single-quoted keys", func(b *breaks) *bool { return &b.singleQuotedKeys }},
		{"unquoted keys", func(b *breaks) *bool { return &b.unquotedKeys }},
		{"single quotes", func(b *breaks) *bool { return &b.singleQuotes }},
		{"trailing commas", func(b *breaks) *bool { return &b.trailingComma }},
		{"missing commas between lines", func(b *breaks) *bool { return &b.missingComma }},
		{"Python literals", func(b *breaks) *bool { return &b.python }},
		{"raw line breaks in strings", func(b *breaks) *bool { return &b.rawNewlines }},
		{"unescaped inner quotes", func(b *breaks) *bool { return &b.innerQuotes }},
		{"extra close", func(b *breaks) *bool { return &b.extraClose }},
		{"fence", func(b *breaks) *bool { return &b.fence }},
		{"fence left open", func(b *breaks) *bool { return &b.openFence }},
		{"label before", func(b *breaks) *bool { return &b.labelBefore }},
		{"CRLF line ends", func(b *breaks) *bool { return &b.crlf }},
		{"tab indents", func(b *breaks) *bool { return &b.tabs }},
		{"Unicode spaces", func(b *breaks) *bool { return &b.unicodeSpaces }},
		{"bare values", func(b *breaks) *bool { return &b.bareValues }},
		{"typographic quotes", func(b *breaks) *bool { return &b.typographic }},
		{"backticks", func(b *breaks) *bool { return &b.backticks }},
		{"doubled quotes", func(b *breaks) *bool { return &b.doubledQuotes }},
		{"prose around", func(b *breaks) *bool { return &b.prose }},
		{"escaped quotes", func(b *breaks) *bool { return &b.escapedQuotes }},
		{"JavaScript assignment", func(b *breaks) *bool { return &b.jsAssign }},
		{"language word before", func(b *breaks) *bool { return &b.wordLabel }},
		{"escaped single quotes", func(b *breaks) *bool { return &b.escapedSingles }},
		{"missing colons", func(b *breaks) *bool { return &b.missingColon }},
		{"reasoning before", func(b *breaks) *bool { return &b.reasoning }},
		{"markdown before", func(b *breaks) *bool { return &b.markdown }},
		{"brackets in prose before a fence", func(b *breaks) *bool { return &b.proseBrackets }},
		{"end quote lost at a line end", func(b *breaks) *bool { return &b.lostEndQuote }},
		{"code blocks as values", func(b *breaks) *bool { return &b.codeBlocks }},
		{"valid", nil},
		{"mixed", nil},
	}
	perClass := 600
	if n, err := strconv.Atoi(os.Getenv("BREAKS")); err == nil {
		perClass = n
	}
	for ci, c := range classes {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(ci), 9))
			failed := 0
			for range perClass {
				v := randomTree(r, 4)
				switch v.(type) {
				case []any, map[string]any:
				default:
					continue // a bare scalar with prose around it is prose
				}
				br := breaks{spaced: r.IntN(2) == 0}
				if c.set != nil {
					*c.set(&br) = true
				}
				if c.name == "mixed" {
					for _, o := range classes {
						if o.set != nil && r.IntN(4) == 0 {
							*o.set(&br) = true
						}
					}
				}
				if br.lostEndQuote {
					br.spaced = true // the rule reads the next line
				}
				text := br.text(v)
				if text == "" {
					continue // a break that cannot apply to this document
				}
				want, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				var w, got any
				if err := decodeNumbers(want, &w); err != nil {
					t.Fatal(err)
				}
				read, _, err := ReadLenient([]byte(text))
				if err == nil {
					err = decodeNumbers(read, &got)
				}
				if err != nil {
					t.Errorf("ReadLenient(%q): %v\nwant %s", text, err, want)
				} else if d := cmp.Diff(w, got); d != "" {
					t.Errorf("ReadLenient(%q) = %s, want %s (-want +got):\n%s", text, read, want, d)
				} else {
					continue
				}
				if failed++; failed == 5 {
					t.Fatal("more than 5 documents read wrong")
				}
			}
		})
	}
}
