package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/structgen/structgen/runtime/lenient"
)

// errStopItems stops the scanner when the application leaves the loop.
var errStopItems = errors.New("items: stopped")

// Items reads the array at pointer (a JSON pointer into the output's
// value: "" for an output that is an array, "/entities" for a field) as
// a reply streams, and yields each item once the model has finished it,
// once, in order, decoded into an E with encoding/json (so a generated
// type's decoder checks it): an extraction of many entities shows them
// as they complete. An item that does not decode is yielded as its error
// and the items after it still come; an item the stream cut off is an
// error that unwraps to ErrTruncated; a chunk error ends the sequence.
//
// While the reply is strict JSON, finding an item costs in proportion to
// the item; after that, the reply so far is read whole on Stream's
// schedule. The reply as it ends is read whole, so that every item its
// whole reading holds is yielded.
func Items[E, T any](o Output[T], chunks iter.Seq2[[]byte, error], pointer string) iter.Seq2[E, error] {
	return func(yield func(E, error) bool) {
		var zero E
		want, err := pointerTokens(pointer)
		if err != nil {
			yield(zero, err)
			return
		}
		next, stopped := 0, false
		emit := func(i int, raw []byte) bool {
			next = i + 1
			var e E
			if err := json.Unmarshal(raw, &e); err != nil {
				if !yield(zero, fmt.Errorf("item %d of %s: %w", i, where(pointer), err)) {
					stopped = true
				}
			} else if !yield(e, nil) {
				stopped = true
			}
			return !stopped
		}
		sc := newScanner(func(path []lenient.Step, raw []byte) error {
			if i, ok := itemOf(path, want); ok && i == next && !emit(i, raw) {
				return errStopItems
			}
			return nil
		})
		var text []byte
		read := 0 // the length of text at the last whole read
		whole := func(final bool) bool {
			read = len(text)
			n, _, err := o.ReadPartial(text)
			if err != nil {
				return true // nothing to read yet
			}
			arr := n
			for _, tok := range want {
				if arr = child(arr, tok); arr == nil {
					return true
				}
			}
			items := arr.Items()
			for i := next; i < len(items); i++ {
				if !items[i].Done() {
					if final {
						yield(zero, fmt.Errorf("item %d of %s was cut off: %w", i, where(pointer), ErrTruncated))
						return false
					}
					break
				}
				if !emit(i, items[i].JSON()) {
					return false
				}
			}
			return true
		}
		for chunk, err := range chunks {
			if err != nil {
				yield(zero, err)
				return
			}
			text = append(text, chunk...)
			if sc != nil {
				_, err := sc.feed(text)
				switch {
				case stopped:
					return
				case err == nil:
					continue
				}
				sc = nil // the reply left strict JSON: read it whole from now on
			}
			if len(text) <= streamShort || (len(text)-read)*16 >= len(text) {
				if !whole(false) {
					return
				}
			}
		}
		whole(true)
	}
}

// pointerTokens splits a JSON pointer into its unescaped tokens.
func pointerTokens(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("items: %q is not a JSON pointer: it must be empty or start with /", p)
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks, nil
}

// itemOf reports whether path is an item of the array at want, and its
// index.
func itemOf(path []lenient.Step, want []string) (int, bool) {
	if len(path) != len(want)+1 || path[len(want)].Index < 0 {
		return 0, false
	}
	for i, tok := range want {
		if s := path[i]; s.Index >= 0 && strconv.Itoa(s.Index) != tok || s.Index < 0 && s.Key != tok {
			return 0, false
		}
	}
	return path[len(want)].Index, true
}

// child returns n's member or item tok, nil when there is none.
func child(n *lenient.Node, tok string) *lenient.Node {
	if n.IsObject() {
		return n.Field(tok)
	}
	i, err := strconv.Atoi(tok)
	if items := n.Items(); err == nil && i >= 0 && i < len(items) {
		return items[i]
	}
	return nil
}

func where(pointer string) string {
	if pointer == "" {
		return "the reply"
	}
	return pointer
}
