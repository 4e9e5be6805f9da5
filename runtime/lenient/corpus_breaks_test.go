package lenient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime/schema"
)

// corpusBreaks are ways models break JSON, applied as text edits to a
// pretty-printed real document. Each returns false where it cannot apply
// without changing the document's meaning.
var corpusBreaks = []struct {
	name string
	edit func(r *rand.Rand, s string) (string, bool)
}{
	{"keys unquoted", func(_ *rand.Rand, s string) (string, bool) {
		return regexp.MustCompile(`(?m)^(\s*)"([A-Za-z_][A-Za-z0-9_]*)":`).ReplaceAllString(s, "$1$2:"), true
	}},
	{"single quotes", func(_ *rand.Rand, s string) (string, bool) {
		if strings.ContainsAny(s, `'\`) {
			return "", false
		}
		return strings.ReplaceAll(s, `"`, `'`), true
	}},
	{"a comma left out at a line end", func(r *rand.Rand, s string) (string, bool) {
		ends := regexp.MustCompile(`,\n`).FindAllStringIndex(s, -1)
		if len(ends) == 0 {
			return "", false
		}
		at := ends[r.IntN(len(ends))][0]
		return s[:at] + s[at+1:], true
	}},
	{"trailing commas", func(_ *rand.Rand, s string) (string, bool) {
		return regexp.MustCompile(`([^\[{,\s])\n(\s*[}\]])`).ReplaceAllString(s, "$1,\n$2"), true
	}},
	{"an end quote lost at a line end", func(r *rand.Rand, s string) (string, bool) {
		ends := regexp.MustCompile(`(?m)^\s*"[A-Za-z_]+": "[A-Za-z0-9 .]+(")(,?)$`).FindAllStringSubmatchIndex(s, -1)
		if len(ends) == 0 {
			return "", false
		}
		at := ends[r.IntN(len(ends))][2]
		return s[:at] + s[at+1:], true
	}},
	{"line comments", func(_ *rand.Rand, s string) (string, bool) {
		return regexp.MustCompile(`(?m),$`).ReplaceAllString(s, ", // note"), true
	}},
	{"words unquoted", func(_ *rand.Rand, s string) (string, bool) {
		word := regexp.MustCompile(`(?m)": "([A-Za-z][A-Za-z ]*[A-Za-z])"(,?)$`)
		return word.ReplaceAllStringFunc(s, func(m string) string {
			sub := word.FindStringSubmatch(m)
			if _, ok := literals[sub[1]]; ok {
				return m // None, True: a literal, not a word
			}
			return `": ` + sub[1] + sub[2]
		}), true
	}},
	{"Python literals", func(_ *rand.Rand, s string) (string, bool) {
		for _, l := range [][2]string{{"true", "True"}, {"false", "False"}, {"null", "None"}} {
			s = regexp.MustCompile(`(?m): `+l[0]+`(,?)$`).ReplaceAllString(s, ": "+l[1]+"$1")
		}
		return s, true
	}},
	{"braces doubled as templates escape them", func(_ *rand.Rand, s string) (string, bool) {
		if regexp.MustCompile(`"(?:[^"\\]|\\.)*[{}](?:[^"\\]|\\.)*"`).MatchString(s) {
			return "", false // a brace inside a string is the text's
		}
		return strings.NewReplacer("{", "{{", "}", "}}").Replace(s), true
	}},
	{"keys in typographic quotes", func(_ *rand.Rand, s string) (string, bool) {
		return regexp.MustCompile(`(?m)^(\s*)"([^"\\“”]+)":`).ReplaceAllString(s, "$1“$2”:"), true
	}},
	{"reasoning, markdown and a fence around", func(_ *rand.Rand, s string) (string, bool) {
		return "<think>Fields: {a, b}; a draft ```json\n{}\n```</think>\n- checked the input\n\n**Result:**\n```json\n" + s + "\n```\nDone.", true
	}},
}

// TestCorpusDocumentsReadBack breaks the real documents of the
// SchemaStore corpus (its valid instances, under 20 KB) in the ways
// models do and checks that each reads back to the document: the rules
// hold on text they were not written from.
func TestCorpusDocumentsReadBack(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/schemastore/valid/*/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent: the SchemaStore documents are not there to break")
	}
	r := rand.New(rand.NewPCG(3, 5))
	for _, br := range corpusBreaks {
		t.Run(br.name, func(t *testing.T) {
			tried, failed := 0, 0
			for _, f := range files {
				v, pretty, ok := corpusDocument(t, f, 20000)
				if !ok {
					continue
				}
				if _, ok := v.(map[string]any); !ok {
					continue
				}
				text, ok := br.edit(r, pretty)
				if !ok || text == pretty {
					continue // the break does not apply to this document
				}
				tried++
				got, _, err := ReadLenient([]byte(text))
				want, _ := json.Marshal(v)
				if err == nil && bytes.Equal(canonical(t, got), canonical(t, want)) {
					continue
				}
				t.Errorf("%s: read %.300s (%v)\nwant %.300s", f, got, err, want)
				if failed++; failed == 3 {
					t.Fatal("more than 3 documents read wrong")
				}
			}
			if tried == 0 {
				t.Fatal("the break applied to no document")
			}
		})
	}
}

// textBreaks write a string's escapes raw, as models do, in the real
// documents of the corpus. Some readings are ambiguous (a raw "\\" is
// valid JSON of its own; YAML with quotes in a string reads as members),
// so each break has a floor: how many documents read back when it was
// last raised. A change that reads fewer back fails here.
var textBreaks = []struct {
	name  string
	edit  func(s string) (string, bool)
	floor int
}{
	{"escaped line breaks written raw", func(s string) (string, bool) {
		return strings.ReplaceAll(s, `\n`, "\n"), strings.Contains(s, `\n`) && !strings.Contains(s, `\\n`)
	}, 41},
	{"inner quotes left unescaped", func(s string) (string, bool) {
		return strings.ReplaceAll(s, `\"`, `"`), strings.Contains(s, `\"`) && !strings.Contains(s, `\\"`)
	}, 66},
	{"backslashes written raw", func(s string) (string, bool) {
		return strings.ReplaceAll(s, `\\`, `\`), strings.Contains(s, `\\`)
	}, 32},
	// A closing bracket lost where members follow: the indentation says
	// which container it closed (indent.go).
	{"a closing bracket left out before a comma", dropAt(closerLine, 1, false), 633},
	{"a closing bracket's line left out", func(s string) (string, bool) {
		loc := closerLine.FindStringIndex(s)
		if loc == nil || loc[0] == 0 {
			return "", false
		}
		return s[:loc[0]-1] + "," + s[loc[1]:], true
	}, 633},
	{"a closing bracket's line left out before the outer one's", func(s string) (string, bool) {
		loc := closerBeforeCloser.FindStringIndex(s)
		if loc == nil {
			return "", false
		}
		end := loc[0] + strings.IndexByte(s[loc[0]:], '\n') + 1 // the first line only
		return s[:loc[0]] + s[end:], true
	}, 628},
	{"an opening brace left out at a line's end", dropAt(openerAtLineEnd("{"), 1, false), 577},
	{"an opening bracket left out at a line's end", dropAt(openerAtLineEnd(`\[`), 1, false), 532},
	{"a key's opening quote left out", dropAt(keyLine, 1, false), 730},
	{"a value's opening quote left out", dropAt(stringValueLine, 1, false), 612},
	{"a colon left out", dropAt(keyLine, 2, false), 730},
	{"every value's opening quote left out", func(s string) (string, bool) {
		out := stringValueLine.ReplaceAllStringFunc(s, func(m string) string {
			i := strings.Index(m, `: "`)
			return m[:i+2] + m[i+3:]
		})
		return out, out != s
	}, 540},
	{"every value's end quote left out", func(s string) (string, bool) {
		out := stringValueEnd.ReplaceAllString(s, "$1$2")
		return out, out != s
	}, 676},
	{"every key's opening quote left out", func(s string) (string, bool) {
		out := keyOpen.ReplaceAllString(s, "$1$2")
		return out, out != s
	}, 726},
	{"every comma at a line's end left out", func(s string) (string, bool) {
		out := strings.ReplaceAll(s, ",\n", "\n")
		return out, out != s
	}, 697},
	{"on one line, a value's opening quote left out", dropAt(compactStringValue, 1, true), 576},
	{"on one line, a value's end quote left out", dropAt(compactStringValue, 2, true), 585},
	{"on one line, every comma between members left out", func(s string) (string, bool) {
		c := compactText(s)
		out := strings.ReplaceAll(c, `,"`, ` "`)
		return out, out != c && !strings.Contains(c, `\"`) && !strings.Contains(c, ` "`)
	}, 610},
	{"on one line, every key's quotes left out", func(s string) (string, bool) {
		c := compactText(s)
		out := compactKey.ReplaceAllString(c, "$1$2:")
		return out, out != c
	}, 729},
	{"thousands separated by commas", func(s string) (string, bool) {
		out := bigInteger.ReplaceAllStringFunc(s, func(m string) string {
			i := strings.IndexAny(m, "0123456789")
			digits := m[i:]
			var b strings.Builder
			for j, d := range digits {
				if j > 0 && (len(digits)-j)%3 == 0 {
					b.WriteByte(',')
				}
				b.WriteRune(d)
			}
			return m[:i] + b.String()
		})
		return out, out != s
	}, 111},
}

// bigInteger is a member's integer of four to nine digits.
var bigInteger = regexp.MustCompile(`": -?[1-9][0-9]{3,8}\b`)

// compactKey is, on one line, a key of a word: the text before it and
// the word.
var compactKey = regexp.MustCompile(`([{,])"([A-Za-z_][A-Za-z0-9_]*)":`)

// dropAt returns an edit that removes the text of group of the break's
// regexp in its first match, in s or, for compact, in s written on one
// line; false where nothing matches.
func dropAt(re *regexp.Regexp, group int, compact bool) func(s string) (string, bool) {
	return func(s string) (string, bool) {
		if compact {
			s = compactText(s)
		}
		loc := re.FindStringSubmatchIndex(s)
		if loc == nil {
			return "", false
		}
		return s[:loc[2*group]] + s[loc[2*group+1]:], true
	}
}

// openerAtLineEnd is a member's opening bracket (a regexp of it) that
// ends its line, with the blank before it: the group dropAt removes.
func openerAtLineEnd(bracket string) *regexp.Regexp {
	return regexp.MustCompile(`:( ` + bracket + `)\n`)
}

// compactText is the JSON text s on one line.
func compactText(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

// compactStringValue is, on one line, a member's string value that a
// comma and the next member follow: its opening and its end quote.
var compactStringValue = regexp.MustCompile(`"[^"\\]+":(")[^"\\]*[ .,:/-][^"\\]*(")(?:,")`)

// stringValueEnd is a member's string value at its line's end: the text
// before its end quote, and the comma after it.
var stringValueEnd = regexp.MustCompile(`(?m)^([ \t]+"[^"\\\n]+": "[^"\\\n]*)"(,?)$`)

// keyOpen is a key's opening quote at its line's start.
var keyOpen = regexp.MustCompile(`(?m)^([ \t]+)"([^"\\\n]+": )`)

// keyLine is a member's line: its key's opening quote, and its colon.
var keyLine = regexp.MustCompile(`(?m)^[ \t]+(")[^"\\\n]+"(:) `)

// stringValueLine is a member's line whose value is a string of words:
// its opening quote.
var stringValueLine = regexp.MustCompile(`(?m)^[ \t]+"[^"\\\n]+": (")[^"\\\n]*[ .,:/-][^"\\\n]*",?$`)

// closerBeforeCloser is a line of a closing bracket that a line of
// another follows: the end of a container that ends its parent.
var closerBeforeCloser = regexp.MustCompile(`(?m)^[ \t]*[}\]]\n(?:[ \t]*[}\]])`)

// closerLine is a line of a closing bracket and a comma: more members or
// items follow it.
var closerLine = regexp.MustCompile(`(?m)^[ \t]*([}\]]),$`)

// TestCorpusTextBreaks writes the escapes of the corpus's real documents
// raw (textBreaks) and checks that at least each break's floor of them
// read back to the document.
func TestCorpusTextBreaks(t *testing.T) {
	docs := breakDocuments(t)
	for _, br := range textBreaks {
		t.Run(br.name, func(t *testing.T) {
			tried, read := 0, 0
			var missed []string
			for _, d := range docs {
				text, ok := br.edit(d.pretty)
				if !ok || text == d.pretty {
					continue
				}
				tried++
				got, _, err := ReadLenient([]byte(text))
				if err == nil && bytes.Equal(canonical(t, got), d.want) {
					read++
					continue
				}
				missed = append(missed, d.name)
			}
			if read < br.floor {
				t.Errorf("%d of %d documents read back, below the floor of %d; missed: %s", read, tried, br.floor, strings.Join(missed, ", "))
			}
			t.Logf("%d of %d documents read back (floor %d)", read, tried, br.floor)
		})
	}
}

// breakDoc is a SchemaStore document the text breaks edit: its name,
// its canonical JSON and its pretty-printed text.
type breakDoc struct {
	name, pretty string
	want         []byte
}

// breakDocuments reads the SchemaStore corpus's valid documents of up to
// 20 KB once, for the text-break tests; it skips the test where the
// corpus is absent.
func breakDocuments(t *testing.T) []breakDoc {
	t.Helper()
	files, _ := filepath.Glob("../../../shared/corpus/schemastore/valid/*/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent: the SchemaStore documents are not there to break")
	}
	var docs []breakDoc
	for _, f := range files {
		v, pretty, ok := corpusDocument(t, f, 20000)
		if !ok {
			continue
		}
		want, _ := json.Marshal(v)
		docs = append(docs, breakDoc{filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f), pretty, canonical(t, want)})
	}
	return docs
}

// TestCorpusCutsReadAsPrefixes cuts the SchemaStore corpus's real
// documents at random places, as a token limit does, and checks that
// each cut reads to a prefix of its document: nothing read from a cut
// string, key or number stands for what the document does not hold.
func TestCorpusCutsReadAsPrefixes(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/schemastore/valid/*/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent: the SchemaStore documents are not there to cut")
	}
	r := rand.New(rand.NewPCG(7, 8))
	failed, tried := 0, 0
	for _, f := range files {
		v, pretty, ok := corpusDocument(t, f, 8000)
		if !ok {
			continue
		}
		for range 5 {
			text := pretty[:1+r.IntN(len(pretty)-1)]
			got, _, err := ReadLenient([]byte(text))
			if err != nil {
				continue // nothing read yet: a cut before the first value
			}
			tried++
			g, err := schema.DecodeValue(got)
			if err != nil {
				t.Fatalf("%s: ReadLenient wrote invalid JSON %s: %v", f, got, err)
			}
			if msg := readAsPrefix(v, g, ""); msg != "" {
				t.Errorf("%s cut after %q: %s", f, text[max(0, len(text)-60):], msg)
				if failed++; failed == 5 {
					t.Fatal("more than 5 cuts read wrong")
				}
			}
		}
	}
	if tried == 0 {
		t.Fatal("no cut was read")
	}
}

// readAsPrefix returns where got, read from a cut of want's text,
// disagrees with want, or "": its keys are want's (a cut key, null,
// may be a prefix of one), its lists no longer, its strings prefixes,
// its other scalars equal, but for the one the cut fell in (a number's
// prefix; a literal's prefix read as a word; null for a value not read).
func readAsPrefix(want, got any, path string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			if got == nil {
				return ""
			}
			return fmt.Sprintf("%s: object vs %T", path, got)
		}
		for k, gv := range g {
			wv, ok := w[k]
			if !ok {
				found := false
				for wk := range w {
					if strings.HasPrefix(wk, k) && gv == nil {
						found = true
					}
				}
				if !found {
					return fmt.Sprintf("%s: extra key %q", path, k)
				}
				continue
			}
			if d := readAsPrefix(wv, gv, path+"/"+k); d != "" {
				return d
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			if got == nil {
				return ""
			}
			return fmt.Sprintf("%s: array vs %T", path, got)
		}
		if len(g) > len(w) {
			return fmt.Sprintf("%s: longer", path)
		}
		for i := range g {
			if d := readAsPrefix(w[i], g[i], fmt.Sprint(path, "/", i)); d != "" {
				return d
			}
		}
	case string:
		g, ok := got.(string)
		if !ok {
			if got == nil {
				return ""
			}
			return fmt.Sprintf("%s: string %q vs %v", path, w, got)
		}
		if !strings.HasPrefix(w, g) {
			return fmt.Sprintf("%s: %q not a prefix of %q", path, g, w)
		}
	case json.Number:
		if got == nil {
			return ""
		}
		g, ok := got.(json.Number)
		if !ok || !strings.HasPrefix(string(w), strings.TrimSuffix(strings.TrimSuffix(string(g), ".0"), "0")) && string(g) != "-0" {
			return fmt.Sprintf("%s: number %v vs %v", path, w, got)
		}
	default:
		if g, ok := got.(string); ok && g != "" && strings.HasPrefix(fmt.Sprint(want), g) || want == nil && got != nil && strings.HasPrefix("null", fmt.Sprint(got)) {
			return ""
		}
		if got != nil && fmt.Sprint(got) != fmt.Sprint(want) {
			return fmt.Sprintf("%s: %v vs %v", path, want, got)
		}
	}
	return ""
}

// TestCorpusDocumentsAlign aligns the SchemaStore corpus's valid
// documents with their schemas (those that compile alone and take the
// document), as written and broken in each of corpusBreaks' ways: each
// aligns to itself with no problem. A coercion must never change a value
// the schema takes, and a draft in the reasoning is no candidate.
func TestCorpusDocumentsAlign(t *testing.T) {
	tried, failed := 0, 0
	corpusSchemaDocuments(t, 20000, rand.New(rand.NewPCG(5, 9)), func(f string, sch *schema.Schema, v any, ins []string) {
		want, _ := json.Marshal(v)
		for _, in := range ins {
			tried++
			doc, _, ps, err := Align([]byte(in), sch)
			have, _ := json.Marshal(doc)
			if err == nil && len(ps) == 0 && bytes.Equal(canonical(t, have), canonical(t, want)) {
				continue
			}
			t.Errorf("%s: aligned to %.300s (%v, %v)\nwant %.300s", f, have, ps, err, want)
			if failed++; failed == 5 {
				t.Fatal("more than 5 documents aligned wrong")
			}
		}
	})
	if tried == 0 {
		t.Fatal("no document was aligned")
	}
}

// corpusSchemaDocuments calls each with every valid SchemaStore document
// of at most limit bytes (pretty-printed) whose schema compiles alone
// and takes it: its file, schema and value, and the texts to read, the
// document as written and broken in each of corpusBreaks' ways.
func corpusSchemaDocuments(t *testing.T, limit int, r *rand.Rand, each func(f string, sch *schema.Schema, v any, ins []string)) {
	t.Helper()
	root := "../../../shared/corpus/schemastore"
	schemaFiles, _ := filepath.Glob(root + "/schemas/*.json")
	if len(schemaFiles) == 0 {
		t.Skip("../shared/corpus is absent: the SchemaStore schemas and documents are not there")
	}
	for _, sf := range schemaFiles {
		name := strings.TrimSuffix(filepath.Base(sf), ".json")
		insts, _ := filepath.Glob(filepath.Join(root, "valid", name, "*.json"))
		if len(insts) == 0 {
			continue
		}
		text, err := os.ReadFile(sf)
		if err != nil {
			t.Fatal(err)
		}
		url := "structgen:///" + name + ".json"
		sch := schema.NewSchemas("http://json-schema.org/draft-07/schema#", map[string]string{url: string(text)}).Schema(url + "#")
		if _, err := sch.Compiled(); err != nil {
			continue // it needs other schemas
		}
		for _, f := range insts {
			v, pretty, ok := corpusDocument(t, f, limit)
			if !ok {
				continue
			}
			if ps, err := sch.Validate(v); err != nil || len(ps) > 0 {
				continue // the schema alone does not take it
			}
			ins := []string{pretty}
			for _, br := range corpusBreaks {
				if in, ok := br.edit(r, pretty); ok && in != pretty {
					ins = append(ins, in)
				}
			}
			each(f, sch, v, ins)
		}
	}
}

// corpusDocument reads the corpus document f, when it is JSON of at most
// limit bytes, as the validator decodes it (numbers as written), and
// pretty-prints it as models lay documents out: two-space indents, no
// HTML escapes.
func corpusDocument(t *testing.T, f string, limit int) (v any, pretty string, ok bool) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil || len(data) > limit {
		return nil, "", false
	}
	if v, err = schema.DecodeValue(data); err != nil {
		return nil, "", false
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return v, strings.TrimSpace(buf.String()), true
}

// canonical returns JSON text with its numbers as written and its keys
// sorted, for comparing documents.
func canonical(t *testing.T, b []byte) []byte {
	t.Helper()
	v, err := schema.DecodeValue(b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpusDocumentsStream streams the small valid documents of the
// SchemaStore corpus, as written and broken in each of corpusBreaks'
// ways, with their schemas: at every prefix, each value ReadPartial marks
// done is the value the finished reply aligns to there.
func TestCorpusDocumentsStream(t *testing.T) {
	docs, failed := 0, 0
	corpusSchemaDocuments(t, 200, rand.New(rand.NewPCG(7, 3)), func(f string, sch *schema.Schema, _ any, ins []string) {
		docs++
		for _, in := range ins {
			if msg, _ := doneChanges(sch, in); msg != "" {
				t.Errorf("%s: %s", f, msg)
				if failed++; failed == 5 {
					t.Fatal("more than 5 documents streamed wrong")
				}
			}
		}
	})
	if docs == 0 {
		t.Fatal("no document was streamed")
	}
}

// doneChanges returns, for a reply streamed a byte at a time, the first
// value marked done that the finished reply's reading does not hold, or
// ""; the error is the finished reply's.
func doneChanges(s *schema.Schema, text string) (string, error) {
	final, _, _, err := Align([]byte(text), s)
	if err != nil {
		return "", err
	}
	fb, _ := json.Marshal(final)
	var fv any
	json.Unmarshal(fb, &fv)
	for i := 1; i <= len(text); i++ {
		n, _, err := ReadPartial(s, []byte(text[:i]))
		if err != nil {
			continue
		}
		b, _ := json.Marshal(n.v)
		var v any
		json.Unmarshal(b, &v)
		for ptr, d := range n.done {
			if !d {
				continue
			}
			got, ok := atPointer(v, ptr)
			if !ok {
				// The reading's place of a key the coercions renamed
				// ("Tags" for "tags"): the partial value has it under
				// the property, whose done-ness Node.Done gives.
				continue
			}
			if want, ok := atPointer(fv, ptr); !ok || !reflect.DeepEqual(got, want) {
				return fmt.Sprintf("%q: %q done as %v, final %v", text[:i], ptr, got, want), nil
			}
		}
	}
	return "", nil
}

// TestCorpusTextBreaksAlign reads the text breaks of the documents that
// have their schema through Align: the schema's readings take at least
// as many back as the reader alone (each break's alignFloor).
func TestCorpusTextBreaksAlign(t *testing.T) {
	type count struct{ tried, read int }
	counts := make([]count, len(textBreaks))
	corpusSchemaDocuments(t, 20000, rand.New(rand.NewPCG(5, 9)), func(f string, sch *schema.Schema, v any, ins []string) {
		want, _ := json.Marshal(v)
		for i, br := range textBreaks {
			text, ok := br.edit(ins[0])
			if !ok || text == ins[0] {
				continue
			}
			counts[i].tried++
			doc, _, _, err := Align([]byte(text), sch)
			have, _ := json.Marshal(doc)
			if err == nil && bytes.Equal(canonical(t, have), canonical(t, want)) {
				counts[i].read++
			}
		}
	})
	for i, br := range textBreaks {
		c := counts[i]
		if floor, ok := alignFloors[br.name]; !ok || c.read < floor {
			t.Errorf("%s: %d of %d documents aligned back, below the floor of %d", br.name, c.read, c.tried, floor)
		}
		t.Logf("%s: %d of %d documents aligned back", br.name, c.read, c.tried)
	}
}

// alignFloors are TestCorpusTextBreaksAlign's floors, by break, as last
// raised.
var alignFloors = map[string]int{
	"escaped line breaks written raw":                          41,
	"inner quotes left unescaped":                              46,
	"backslashes written raw":                                  29,
	"a closing bracket left out before a comma":                548,
	"a closing bracket's line left out":                        548,
	"a closing bracket's line left out before the outer one's": 545,
	"an opening brace left out at a line's end":                515,
	"an opening bracket left out at a line's end":              464,
	"a key's opening quote left out":                           630,
	"a value's opening quote left out":                         539,
	"a colon left out":                                         630,
	"every value's opening quote left out":                     470,
	"every value's end quote left out":                         584,
	"every key's opening quote left out":                       627,
	"every comma at a line's end left out":                     600,
	"on one line, a value's opening quote left out":            508,
	"on one line, a value's end quote left out":                516,
	"on one line, every comma between members left out":        534,
	"on one line, every key's quotes left out":                 629,
	"thousands separated by commas":                            89,
}

// TestCorpusTextBreakPairs breaks the documents twice, by every pair of
// textBreaks, and checks that at least pairsFloor of them read back: a
// rule that holds alone but not beside another break (a lost quote that
// throws the bracket counts off) fails here. Some pairs cannot be read
// back by any rule (a '[' left out and a ']' left out cancel out).
func TestCorpusTextBreakPairs(t *testing.T) {
	docs := breakDocuments(t)
	total := 0
	for i := range textBreaks {
		for j := i + 1; j < len(textBreaks); j++ {
			tried, read := 0, 0
			for _, d := range docs {
				a, ok := textBreaks[i].edit(d.pretty)
				if !ok || a == d.pretty {
					continue
				}
				b, ok := textBreaks[j].edit(a)
				if !ok || b == a {
					continue
				}
				tried++
				got, _, err := ReadLenient([]byte(b))
				if err == nil && bytes.Equal(canonical(t, got), d.want) {
					read++
				}
			}
			total += read
			if tried > 0 && read < tried {
				t.Logf("%d of %d read back: %s, then %s", read, tried, textBreaks[i].name, textBreaks[j].name)
			}
		}
	}
	if total < pairsFloor {
		t.Errorf("%d documents broken twice read back, below the floor of %d", total, pairsFloor)
	}
	t.Logf("%d documents broken twice read back (floor %d)", total, pairsFloor)
}

// pairsFloor is TestCorpusTextBreakPairs' floor, as last raised.
const pairsFloor = 37378
