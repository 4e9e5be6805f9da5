// Package benchmem measures what benchmarks report beside time: the
// bytes a call allocates, which testing.AllocsPerRun does not count.
package benchmem

import "runtime"

// BytesPerRun is the bytes f allocates, on average over runs calls after
// one to warm up.
func BytesPerRun(runs int, f func()) float64 {
	var before, after runtime.MemStats
	f()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(runs)
}
