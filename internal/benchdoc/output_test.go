package benchdoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/structgen/structgen/internal/benchdoc/catalog"
)

// handItem is the hand-written struct of an Items entry.
type handItem struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Kind  *string  `json:"kind,omitempty"`
	Tags  []string `json:"tags"`
	Score *float64 `json:"score,omitempty"`
}

// makeItems returns a JSON array of entities of about size bytes, cut
// after an item when cut is set (the array and the reply end there, as
// when a model's token limit stops it).
func makeItems(size int, cut bool) []byte {
	var b bytes.Buffer
	b.WriteString("[\n")
	kinds := []string{"person", "place", "thing"}
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `  {"id": %d, "name": "Entity %d of the text", "kind": %q, "tags": ["seen", "page %d"], "score": %d.25}`, i, i, kinds[i%3], i%300, i%100)
	}
	if cut {
		b.WriteString(",\n")
	} else {
		b.WriteString("\n]")
	}
	return b.Bytes()
}

// closeCut returns a copy of a makeItems array cut after an item, closed.
func closeCut(text []byte) []byte {
	kept := bytes.TrimRight(bytes.TrimSpace(text), ",")
	return append(append([]byte(nil), kept...), ']')
}

// BenchmarkOutputParse reads a 1 MB array of objects with the generated
// ItemsOutput.Parse, whole, cut after an item and cut inside one (in its
// name: the reader keeps the item, whose name it closes), against
// encoding/json decoding the same items (the cut reply closed) into
// hand-written structs, the two alternating in one loop.
func BenchmarkOutputParse(b *testing.B) {
	whole := makeItems(1<<20, false)
	after := makeItems(1<<20, true)
	inside := append(append([]byte(nil), after...), `  {"id": 999999, "name": "Entity cut sh`...)
	for _, c := range []struct {
		name         string
		text, closed []byte
	}{
		{"whole", whole, whole},
		{"cut-after-an-item", after, closeCut(after)},
		{"cut-inside-an-item", inside, append(closeCut(after)[:len(closeCut(after))-1], `, {"id": 999999, "name": "Entity cut sh"}]`...)},
	} {
		text, closed := c.text, c.closed
		b.Run(c.name, func(b *testing.B) {
			alternate(b, len(text), func() error {
				_, err := catalog.ItemsOutput.Parse(text)
				return err
			}, func() error {
				var h []handItem
				return json.Unmarshal(closed, &h)
			})
		})
	}
}

// TestOutputParseCut: the cut reply reads as the items before the cut,
// with the repair that closed the array.
func TestOutputParseCut(t *testing.T) {
	text := makeItems(4<<10, true)
	closed := closeCut(text)
	got, repairs, err := catalog.ItemsOutput.ParseRepaired(text)
	if err != nil {
		t.Fatal(err)
	}
	want, err := catalog.ParseItems(closed)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) < 10 {
		t.Fatalf("got %d items, want %d", len(got), len(want))
	}
	sameJSON(t, closed, got)
	if len(repairs) != 1 {
		t.Errorf("repairs: %v, want the one that closed the array", repairs)
	}
}
