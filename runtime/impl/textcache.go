package impl

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// textCache keeps what is made once from a generated constant's text (an
// enum's values, a run of constants, a pattern, a bound). Generated code
// passes the same string literal on every call, so a lookup first tries
// the slot of the literal's address: comparing addresses costs nothing,
// where hashing a list of a hundred values costs more than the check it
// serves. The slots are few and fixed (a text may take its own or the
// next), and the first text to take one keeps it, so nothing grows;
// other texts are looked up by value.
type textCache[V any] struct {
	m     sync.Map // text → V
	slots [256]atomic.Pointer[textEntry[V]]
}

type textEntry[V any] struct {
	text string
	v    V
}

// load returns what was stored for text.
func (c *textCache[V]) load(text string) (V, bool) {
	i := slotOf(text)
	for _, j := range [2]int{i, (i + 1) & 255} {
		if e := c.slots[j].Load(); e != nil && sameText(e.text, text) {
			return e.v, true
		}
	}
	v, ok := c.m.Load(text)
	if !ok {
		var zero V
		return zero, false
	}
	c.keep(i, text, v.(V))
	return v.(V), true
}

// store keeps v for text, unless another call stored first: it returns
// the value kept.
func (c *textCache[V]) store(text string, v V) V {
	actual, _ := c.m.LoadOrStore(text, v)
	c.keep(slotOf(text), text, actual.(V))
	return actual.(V)
}

// keep gives text one of its two slots where one is free; where both are
// taken, text is looked up by value (and nothing is allocated).
func (c *textCache[V]) keep(i int, text string, v V) {
	for _, j := range [2]int{i, (i + 1) & 255} {
		if c.slots[j].Load() == nil {
			if c.slots[j].CompareAndSwap(nil, &textEntry[V]{text, v}) {
				return
			}
		}
	}
}

// sameText reports whether a and b are the same string in memory. The
// cache holds a, so no other text can take its place there: the same
// address and length mean the same bytes.
func sameText(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

func slotOf(text string) int {
	p := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	return int((p>>3 ^ p>>11 ^ uintptr(len(text))) & 255)
}
