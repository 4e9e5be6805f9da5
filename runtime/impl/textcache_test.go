package impl

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestTextCache: a text finds what was stored for it, whether it is the
// same string in memory or an equal one elsewhere, among many texts
// whose slots collide, and concurrent stores keep one value.
func TestTextCache(t *testing.T) {
	var c textCache[int]
	lit := `["a","b"]`
	if _, ok := c.load(lit); ok {
		t.Fatal("empty cache: found a value")
	}
	if got := c.store(lit, 1); got != 1 {
		t.Fatalf("store: kept %d, want 1", got)
	}
	if got := c.store(strings.Clone(lit), 2); got != 1 {
		t.Errorf("second store of an equal text: kept %d, want the first, 1", got)
	}
	for _, text := range []string{lit, strings.Clone(lit)} {
		if v, ok := c.load(text); !ok || v != 1 {
			t.Errorf("load(%q) = %d, %v; want 1", text, v, ok)
		}
	}
	if _, ok := c.load(`["a","c"]`); ok {
		t.Error("a text of the same length found another's value")
	}
	texts := make([]string, 2000) // far more than slots: they collide
	for i := range texts {
		texts[i] = "text-" + strconv.Itoa(i)
		c.store(texts[i], i)
	}
	for i, text := range texts {
		for _, s := range []string{text, strings.Clone(text)} {
			if v, ok := c.load(s); !ok || v != i {
				t.Fatalf("load(%q) = %d, %v; want %d", s, v, ok, i)
			}
		}
	}
	var wg sync.WaitGroup
	kept := make([]int, 8)
	for g := range kept {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kept[g] = c.store("shared", g)
			if v, ok := c.load("shared"); !ok || v != kept[g] {
				t.Errorf("goroutine %d: load = %d, %v; want %d", g, v, ok, kept[g])
			}
		}()
	}
	wg.Wait()
	for g := range kept {
		if kept[g] != kept[0] {
			t.Errorf("stores kept %v: want one value", kept)
			break
		}
	}
}

// TestTextCacheFull: once every slot is taken, a text is found by value
// and nothing is allocated per lookup.
func TestTextCacheFull(t *testing.T) {
	var c textCache[int]
	for i := range 4000 {
		c.store("fill-"+strconv.Itoa(i), i)
	}
	late := strings.Repeat("x", 40)
	c.store(late, 7)
	if allocs := testing.AllocsPerRun(100, func() {
		if v, ok := c.load(late); !ok || v != 7 {
			t.Fatalf("load = %d, %v; want 7", v, ok)
		}
	}); allocs != 0 {
		t.Errorf("a lookup by value allocates %v times", allocs)
	}
}
