package runtime_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// A document type with every kind of partial field, written as structgen
// generates partial types and their readers.

type level string

type docPartial struct {
	Title  runtime.Field[string]           `json:"title,omitzero"`
	Level  runtime.Field[level]            `json:"level,omitzero"`
	Count  runtime.Field[int64]            `json:"count,omitzero"`
	Score  runtime.Field[float64]          `json:"score,omitzero"`
	Done   runtime.Field[bool]             `json:"done,omitzero"`
	Tags   runtime.Field[[]string]         `json:"tags,omitzero"`
	Levels runtime.Field[[]level]          `json:"levels,omitzero"`
	Items  runtime.Field[[]itemPartial]    `json:"items,omitzero"`
	Counts runtime.Field[map[string]int64] `json:"counts,omitzero"`
	Extra  runtime.Field[json.RawMessage]  `json:"extra,omitzero"`
}

type itemPartial struct {
	Name     runtime.Field[string]        `json:"name,omitzero"`
	Children runtime.Field[[]itemPartial] `json:"children,omitzero"`
}

func readDocPartial(n *lenient.Node) (docPartial, bool) {
	var p docPartial
	if !n.IsObject() {
		return p, false
	}
	runtime.SetField(&p.Title, n.Field("title"), impl.ReadString)
	runtime.SetField(&p.Level, n.Field("level"), impl.ReadEnum[level])
	runtime.SetField(&p.Count, n.Field("count"), impl.ReadInt)
	runtime.SetField(&p.Score, n.Field("score"), impl.ReadFloat)
	runtime.SetField(&p.Done, n.Field("done"), impl.ReadBool)
	runtime.SetField(&p.Tags, n.Field("tags"), impl.ReadSlice(impl.ReadString))
	runtime.SetField(&p.Levels, n.Field("levels"), impl.ReadSlice(impl.ReadEnum[level]))
	runtime.SetField(&p.Items, n.Field("items"), impl.ReadSlice(readItemPartial))
	runtime.SetField(&p.Counts, n.Field("counts"), impl.ReadMap(impl.ReadInt))
	runtime.SetField(&p.Extra, n.Field("extra"), impl.ReadRaw)
	return p, true
}

func readItemPartial(n *lenient.Node) (itemPartial, bool) {
	var p itemPartial
	if !n.IsObject() {
		return p, false
	}
	runtime.SetField(&p.Name, n.Field("name"), impl.ReadString)
	runtime.SetField(&p.Children, n.Field("children"), impl.ReadSlice(readItemPartial))
	return p, true
}

var docSchemas = schema.NewSchemas("https://json-schema.org/draft/2020-12/schema", map[string]string{
	"structgen:///doc.json": `{
		"type": "object",
		"properties": {
			"title": {"type": "string", "minLength": 1},
			"level": {"enum": ["low", "high"]},
			"count": {"type": "integer"},
			"score": {"type": "number"},
			"done": {"type": "boolean"},
			"tags": {"type": "array", "items": {"type": "string"}},
			"levels": {"type": "array", "items": {"enum": ["low", "high"]}},
			"items": {"type": "array", "items": {"$ref": "#/$defs/item"}},
			"counts": {"type": "object", "additionalProperties": {"type": "integer"}},
			"extra": {}
		},
		"additionalProperties": false,
		"$defs": {"item": {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/item"}}}, "additionalProperties": false}}
	}`,
})

type doc struct {
	Title string `json:"title"`
}

var docOutput = runtime.NewOutput[doc]("Doc", docSchemas.Schema("structgen:///doc.json#"), runtime.Dialects{}, false)

func parseDocPartial(text []byte) (docPartial, error) {
	n, _, err := docOutput.ReadPartial(text)
	if err != nil {
		return docPartial{}, err
	}
	p, _ := readDocPartial(n)
	return p, nil
}

// docReplies are replies in strict JSON, with what a chunk can cut:
// escapes, surrogate pairs, multi-byte characters, numbers, literals.
var docReplies = []string{
	`{"title": "Launch \"Alpha\" \\ \u00e9t\u00e9 😀 \ud83d\ude00 done", "level": "high", "count": 1200, "score": -3.25e2, "done": true}`,
	"Here it is:\n```json\n" + `{"tags": ["a", "b c", ""], "levels": ["low", "high"], "counts": {"x": 1, "y": 22}}` + "\n```",
	`{"items": [{"name": "root", "children": [{"name": "leaf", "children": []}, {"name": "x"}]}, {"name": "second"}], "extra": {"k": [1, "two", null, {"z": false}]}}`,
	`[{"title": "not an object root"}]`,
	`{"title": "trailing" , "count" : 7 , "extra" : "s" }`,
	`{"title": null, "count": null, "tags": ["a", null, "b"], "extra": null}`,
	`{"count": 1.5, "score": 2}`,
	"<think>A draft: {\"title\": \"draft\", \"count\": 1} <b> </THINK>\n" + `{"title": "answer", "count": 2}`,
}

// TestIncrementalMatchesWholeReads feeds each reply a byte at a time and
// checks every partial the incremental reader yields against the reader
// of the whole reply so far, and the last one against the whole reply.
func TestIncrementalMatchesWholeReads(t *testing.T) {
	for _, reply := range docReplies {
		t.Run(reply[:min(len(reply), 30)], func(t *testing.T) {
			var prev *docPartial
			r := runtime.NewPartialReaderForTest(parseDocPartial)
			for i := 1; i <= len(reply); i++ {
				p, ok, err := r.Add([]byte(reply[i-1 : i]))
				if err != nil {
					t.Fatalf("at %d: %v", i, err)
				}
				if !ok {
					continue
				}
				want, _ := parseDocPartial([]byte(reply[:i]))
				if !reflect.DeepEqual(p, want) {
					t.Fatalf("after %q (incremental %v):\n got %s\nwant %s", reply[:i], r.Incremental(), show(p), show(want))
				}
				if prev != nil {
					checkDoneKept(t, *prev, p)
				}
				prev = &p
			}
			// Only the reply whose root is not the type's leaves the
			// incremental reader.
			if leaves := strings.HasPrefix(reply, "["); r.Incremental() == leaves {
				t.Errorf("incremental at the end: %v", r.Incremental())
			}
			whole, _ := parseDocPartial([]byte(reply))
			if p, ok, _ := r.Flush(); ok {
				prev = &p
			}
			if prev == nil || !reflect.DeepEqual(*prev, whole) {
				t.Errorf("last partial is not the whole reply's")
			}
		})
	}
}

// A string whose end quote is followed by a comma is not done until the
// next key and its colon are written: the quote may open a phrase of
// code (s.split(",")), as the whole-reply reader reads it once the reply
// goes on so, or be the text's ("ab", 0 more": the incremental reader
// leaves the reply there without marking the string done; the seed of
// FuzzStreamSplits in testdata keeps that case).
func TestIncrementalWaitsForTheKey(t *testing.T) {
	for _, c := range []struct{ reply, title string }{
		{`{"title": "s.split(",").join("-")", "count": 1}`, `s.split(",").join("-")`},
		{`{"title": "f(", "count": 1}`, `f(`},
		{`{"title": "ab", "count": 1}`, `ab`},
	} {
		r := runtime.NewPartialReaderForTest(parseDocPartial)
		var prev *docPartial
		for i := 1; i <= len(c.reply); i++ {
			p, ok, err := r.Add([]byte(c.reply[i-1 : i]))
			if err != nil {
				t.Fatalf("%q: %v", c.reply[:i], err)
			}
			if !ok {
				continue
			}
			if title, _ := p.Title.Get(); p.Title.Done() && title != c.title {
				t.Fatalf("%q: title done as %q, finished %q", c.reply[:i], title, c.title)
			}
			if prev != nil {
				checkDoneKept(t, *prev, p)
			}
			prev = &p
		}
		if p, ok, _ := r.Flush(); ok {
			prev = &p
		}
		if title, _ := prev.Title.Get(); title != c.title || !prev.Title.Done() {
			t.Errorf("%q: last partial's title %q (done %v), want %q", c.reply, title, prev.Title.Done(), c.title)
		}
	}
}

func show(p docPartial) string {
	b, _ := json.Marshal(p)
	var done []string
	v := reflect.ValueOf(p)
	for i := range v.NumField() {
		if f := v.Field(i).Interface().(interface{ Done() bool }); f.Done() {
			done = append(done, v.Type().Field(i).Name)
		}
	}
	return fmt.Sprintf("%s done %s", b, strings.Join(done, ","))
}

// checkDoneKept fails when a field done in prev differs in next.
func checkDoneKept(t *testing.T, prev, next docPartial) {
	t.Helper()
	pv, nv := reflect.ValueOf(prev), reflect.ValueOf(next)
	for i := range pv.NumField() {
		pf := pv.Field(i).Interface().(interface{ Done() bool })
		if pf.Done() && !reflect.DeepEqual(pv.Field(i).Interface(), nv.Field(i).Interface()) {
			t.Fatalf("field %s changed after it was done:\n%s\n%s", pv.Type().Field(i).Name, show(prev), show(next))
		}
	}
}

// FuzzStreamSplits: any split of a reply into chunks yields, last, the
// partial of the whole reply, and no field done in one partial differs in
// a later one.
func FuzzStreamSplits(f *testing.F) {
	for _, r := range docReplies {
		f.Add(r, []byte{1, 3, 7})
	}
	f.Fuzz(func(t *testing.T, reply string, sizes []byte) {
		var chunks []string
		for i, k := 0, 0; i < len(reply); k++ {
			n := 1
			if len(sizes) > 0 {
				n = int(sizes[k%len(sizes)])%17 + 1
			}
			chunks = append(chunks, reply[i:min(i+n, len(reply))])
			i += n
		}
		r := runtime.NewPartialReaderForTest(parseDocPartial)
		var prev *docPartial
		for _, c := range chunks {
			// What the incremental reader marked done stays, also when the
			// reply then leaves strict JSON; the whole-reply reader's own
			// guesses (a quote inside a string decided by what follows it)
			// are not the incremental reader's to keep.
			incremental := r.Incremental()
			p, ok, err := r.Add([]byte(c))
			if err != nil || !ok {
				continue
			}
			if prev != nil && incremental {
				checkDoneKept(t, *prev, p)
			}
			prev = &p
		}
		if p, ok, err := r.Flush(); err == nil && ok {
			prev = &p
		}
		whole, err := parseDocPartial([]byte(reply))
		if err != nil {
			return
		}
		if prev == nil {
			if !reflect.DeepEqual(whole, docPartial{}) {
				t.Fatalf("no partial, whole %s", show(whole))
			}
			return
		}
		if !reflect.DeepEqual(*prev, whole) {
			t.Fatalf("last partial %s, whole %s", show(*prev), show(whole))
		}
	})
}

func TestStreamStopsAtAClosedValue(t *testing.T) {
	tests := []struct {
		reply, pointer string
		notShown       string // what the stream must not have read on to
	}{
		{`{"title": "", "level": "low", "count": 3}`, "/title", "level"},
		{`{"tags": ["a"], "level": "mid", "count": 3}`, "/level", "count"},
		{`{"items": [{"name": "x", "children": [{"name": "y", "children": [true]}]}], "count": 3}`, "/items/0/children/0/children/0", "count"},
	}
	for _, tt := range tests {
		var last docPartial
		var stopped error
		for p, err := range runtime.Stream(oneByteChunks(tt.reply), parseDocPartial, docOutput.StopOnProblem()) {
			if err != nil {
				stopped = err
				break
			}
			last = p
		}
		var ve *runtime.ValidationError
		if !errors.As(stopped, &ve) || len(ve.Problems) == 0 || ve.Problems[0].Pointer != tt.pointer {
			t.Errorf("%s: want a stop at %s, got %v", tt.reply, tt.pointer, stopped)
			continue
		}
		if b, _ := json.Marshal(last); strings.Contains(string(b), tt.notShown) {
			t.Errorf("%s: read on past the problem: %s", tt.reply, b)
		}
	}
}

// oneByteChunks streams s a byte at a time.
func oneByteChunks(s string) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		for i := range len(s) {
			if !yield([]byte{s[i]}, nil) {
				return
			}
		}
	}
}

func TestCallReader(t *testing.T) {
	// Two calls interleaved, byte by byte: each call's partial keeps to
	// its own arguments, and the last is the whole reading.
	args := []string{`{"title": "one", "count": 1}`, `{"title": "two \"2\"", "tags": ["x"]}`}
	var b runtime.ReplyBuilder
	r := runtime.NewCallReader(parseDocPartial)
	last := map[int]docPartial{}
	for i := 0; i < max(len(args[0]), len(args[1])); i++ {
		for c, a := range args {
			if i >= len(a) {
				continue
			}
			b.Add(runtime.Delta{Call: &runtime.CallDelta{Index: c, Name: "doc", Arguments: a[i : i+1]}})
			call, _, _ := b.Call(c)
			p, _, err := r.Read(runtime.CallUpdate{Index: c, Call: call})
			if err != nil {
				t.Fatal(err)
			}
			if title, ok := p.Title.Get(); ok && !strings.HasPrefix([]string{"one", `two "2"`}[c], title) {
				t.Fatalf("call %d: title %q", c, title)
			}
			last[c] = p
		}
	}
	for c, a := range args {
		call, _, _ := b.Call(c)
		p, _, err := r.Read(runtime.CallUpdate{Index: c, Call: call, Finished: true})
		want, _ := parseDocPartial([]byte(a))
		if err != nil || !reflect.DeepEqual(p, want) {
			t.Errorf("call %d: %s, want %s (%v)", c, show(p), show(want), err)
		}
	}
}
