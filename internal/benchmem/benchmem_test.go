package benchmem

import "testing"

var sink []byte

func TestBytesPerRun(t *testing.T) {
	// Nothing else in the test binary runs meanwhile, but the runtime may
	// allocate a little of its own.
	if n := BytesPerRun(10, func() {}); n > 256 {
		t.Errorf("a call that allocates nothing: %v bytes", n)
	}
	// 64 KiB is a size class of its own: no rounding.
	if n := BytesPerRun(10, func() { sink = make([]byte, 64<<10) }); n < 64<<10 || n > 65<<10 {
		t.Errorf("a call that allocates 64 KiB: %v bytes", n)
	}
}
