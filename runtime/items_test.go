package runtime_test

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/schema"
)

var extractionSchemas = schema.NewSchemas("https://json-schema.org/draft/2020-12/schema", map[string]string{
	"structgen:///extraction.json": `{
		"type": "object",
		"properties": {
			"entities": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "kind": {"type": "string"}}, "required": ["name"]}}
		}
	}`,
	"structgen:///names.json": `{"type": "array", "items": {"type": "string"}}`,
})

type entity struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

var (
	extractionOutput = runtime.NewOutput[struct{}]("Extraction", extractionSchemas.Schema("structgen:///extraction.json#"), runtime.Dialects{}, false)
	namesOutput      = runtime.NewOutput[[]string]("Names", extractionSchemas.Schema("structgen:///names.json#"), runtime.Dialects{}, false)
)

// chunksOf streams s in chunks of n bytes, counting those sent in *sent.
func chunksOf(s string, n int, sent *int) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		for i := 0; i < len(s); i += n {
			*sent++
			if !yield([]byte(s[i:min(i+n, len(s))]), nil) {
				return
			}
		}
	}
}

func TestItems(t *testing.T) {
	var b strings.Builder
	b.WriteString(`Extracted: {"entities": [`)
	var want []entity
	for i := range 50 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"name": "entity \"%d\"", "kind": "k%d"}`, i, i%3)
		want = append(want, entity{Name: fmt.Sprintf(`entity "%d"`, i), Kind: fmt.Sprintf("k%d", i%3)})
	}
	b.WriteString(`]}`)
	reply := b.String()
	for _, n := range []int{1, 7, 1024} {
		sent := 0
		var got []entity
		var sentAtFirst int
		for e, err := range runtime.Items[entity](extractionOutput, chunksOf(reply, n, &sent), "/entities") {
			if err != nil {
				t.Fatal(err)
			}
			if got = append(got, e); len(got) == 1 {
				sentAtFirst = sent
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("chunks of %d (-want +got):\n%s", n, diff)
		}
		if n < 1024 && sentAtFirst*2 > sent {
			t.Errorf("chunks of %d: the first item came after %d of %d chunks", n, sentAtFirst, sent)
		}
	}
}

func TestItemsOfARootArray(t *testing.T) {
	sent := 0
	var got []string
	for s, err := range runtime.Items[string](namesOutput, chunksOf(`["a", "b\u00e9", "c"]`, 2, &sent), "") {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if !slices.Equal(got, []string{"a", "bé", "c"}) {
		t.Errorf("got %q", got)
	}
}

func TestItemsCutOff(t *testing.T) {
	sent := 0
	var got []entity
	var errs []error
	for e, err := range runtime.Items[entity](extractionOutput, chunksOf(`{"entities": [{"name": "a"}, {"name": "b"}, {"name": "c`, 3, &sent), "/entities") {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		got = append(got, e)
	}
	if len(got) != 2 || len(errs) != 1 || !errors.Is(errs[0], runtime.ErrTruncated) {
		t.Errorf("items %+v, errors %v", got, errs)
	}
}

func TestItemsOfARepairedReply(t *testing.T) {
	// Single quotes and a trailing comma: the whole-reply reader reads it.
	sent := 0
	var got []string
	for e, err := range runtime.Items[entity](extractionOutput, chunksOf(`{'entities': [{'name': 'a'}, {'name': 'b'},]}`, 4, &sent), "/entities") {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.Name)
	}
	if !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("got %q", got)
	}
}

func TestItemsBadPointer(t *testing.T) {
	for _, err := range runtime.Items[entity](extractionOutput, chunksOf(`{}`, 1, new(int)), "entities") {
		if err == nil || !strings.Contains(err.Error(), "JSON pointer") {
			t.Errorf("got %v", err)
		}
	}
}
