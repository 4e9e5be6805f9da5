package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// benchItems is a JSON array of n small objects.
func benchItems(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item %d","tags":["a","b"],"score":%d.5}`, i, i, i%100)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// BenchmarkReadLenient reads documents of several kinds; "x-json" is the
// time against encoding/json decoding the repaired text into any, in the
// same run, and "read-ms/op" the reader's own time (ns/op counts both).
func BenchmarkReadLenient(b *testing.B) {
	items := benchItems(15000) // about 1 MB
	truncated := benchItems(20000)[:1<<20]
	// Unquoted keys and single quotes on one line, at two sizes: a scan
	// that runs to the end of the line at every string shows as a ratio
	// that grows with the size (it did: 2 s for 4 MB).
	messyOf := func(b []byte) []byte {
		return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte(`"name"`), []byte(`name`)), []byte(`"a"`), []byte(`'a'`))
	}
	messy, messyLarge := messyOf(items[:len(items)/4]), messyOf(items)
	cases := []struct {
		name string
		text []byte
	}{
		{"valid-1MB", items},
		{"truncated-1MB", truncated},
		{"unquoted-keys-250KB", messy},
		{"unquoted-keys-1MB", messyLarge},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			repaired, _, err := lenient.ReadLenient(c.text)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(c.text)))
			var read, base time.Duration
			for b.Loop() {
				start := time.Now()
				if _, _, err := lenient.ReadLenient(c.text); err != nil {
					b.Fatal(err)
				}
				read += time.Since(start)
				start = time.Now()
				var v any
				if err := json.Unmarshal(repaired, &v); err != nil {
					b.Fatal(err)
				}
				base += time.Since(start)
			}
			b.ReportMetric(float64(read)/float64(base), "x-json")
			b.ReportMetric(float64(read.Microseconds())/1000/float64(b.N), "read-ms/op")
		})
	}
}

// benchItemsSchemas holds a schema for benchItems' array and the empty
// schema.
var benchItemsSchemas = schema.NewSchemas("", map[string]string{
	"structgen:///items.json": `{"type": "array", "items": {"type": "object", "required": ["id"], "properties": {
		"id": {"type": "integer"}, "name": {"type": "string"},
		"tags": {"type": "array", "items": {"type": "string"}}, "score": {"type": "number"}}}}`,
	"structgen:///any.json": `{}`,
})

type benchItem struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Score float64  `json:"score"`
}

// BenchmarkOutputParseTruncated is Output.Parse of a 1 MB array cut
// short: read, aligned with the schema, validated by the interpreter and
// decoded; "x-json" is the time against encoding/json decoding the
// repaired text into the same type, in the same run.
func BenchmarkOutputParseTruncated(b *testing.B) {
	text := benchItems(20000)[:1<<20]
	repaired, _, err := lenient.ReadLenient(text)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("typed", func(b *testing.B) {
		out := NewOutput[[]benchItem]("Items", benchItemsSchemas.Schema("structgen:///items.json#"), Dialects{}, false)
		benchOutput(b, text, func() error { _, err := out.Parse(text); return err },
			func() error { var v []benchItem; return json.Unmarshal(repaired, &v) })
	})
	b.Run("empty-schema", func(b *testing.B) {
		out := NewOutput[any]("Any", benchItemsSchemas.Schema("structgen:///any.json#"), Dialects{}, false)
		benchOutput(b, text, func() error { _, err := out.Parse(text); return err },
			func() error { var v any; return json.Unmarshal(repaired, &v) })
	})
}

func benchOutput(b *testing.B, text []byte, parse, base func() error) {
	b.SetBytes(int64(len(text)))
	var took, baseTook time.Duration
	for b.Loop() {
		start := time.Now()
		if err := parse(); err != nil {
			b.Fatal(err)
		}
		took += time.Since(start)
		start = time.Now()
		if err := base(); err != nil {
			b.Fatal(err)
		}
		baseTook += time.Since(start)
	}
	b.ReportMetric(float64(took)/float64(baseTook), "x-json")
	b.ReportMetric(float64(took.Microseconds())/1000/float64(b.N), "parse-ms/op")
}

// BenchmarkAdversarial reads inputs built to make a reader slow; each
// must stay linear (MB/s does not fall with size).
func BenchmarkAdversarial(b *testing.B) {
	cases := []struct {
		name string
		text []byte
	}{
		{"100000-braces", []byte(strings.Repeat("{", 100000))},
		{"100000-fences", []byte(strings.Repeat("```\n", 100000))},
		{"100000-quotes", []byte(`{"a": "` + strings.Repeat(`x" `, 100000) + `"}`)},
		{"100000-commas-in-open-string", []byte(`{"a": "` + strings.Repeat(`x, `, 100000))},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				briefOutput.Parse(c.text)
			}
		})
	}
}

// BenchmarkProse is a 10 MB reply of prose with no JSON, read for an
// object schema: rejected at the speed of a byte scan.
func BenchmarkProse(b *testing.B) {
	text := []byte(strings.Repeat("The model thought about it, and then it wrote some more words. ", 160000))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := briefOutput.Parse(text); err == nil {
			b.Fatal("prose parsed")
		}
	}
}
