package runtime

// PartialReaderForTest is Stream's reader, for tests outside the package.
type PartialReaderForTest[P any] struct{ r *partialReader[P] }

// NewPartialReaderForTest returns Stream's reader of parse's partials.
func NewPartialReaderForTest[P any](parse func([]byte) (P, error)) PartialReaderForTest[P] {
	return PartialReaderForTest[P]{newPartialReader(parse, nil)}
}

// Add is partialReader.add.
func (t PartialReaderForTest[P]) Add(chunk []byte) (P, bool, error) { return t.r.add(chunk) }

// Flush is partialReader.flush.
func (t PartialReaderForTest[P]) Flush() (P, bool, error) { return t.r.flush() }

// Incremental reports whether the reader still reads incrementally.
func (t PartialReaderForTest[P]) Incremental() bool { return t.r.inc != nil }
