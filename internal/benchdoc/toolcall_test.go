package benchdoc

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/structgen/structgen/internal/benchdoc/catalog"
)

// BenchmarkToolCall reads calls of tools whose parameters are the
// catalog's and the plan's schema files (2–50 KB of arguments, no repair
// needed) with the generated Parse<Tool>Action, against Parse<Type> of the
// same schema and bytes (x-parse) and encoding/json into the hand-written
// structs (x-json), the three alternating in one loop.
func BenchmarkToolCall(b *testing.B) {
	for _, n := range []int{5, 100} {
		data := makeCatalog(n)
		b.Run(fmt.Sprintf("record_catalog-%dB", len(data)), func(b *testing.B) {
			rotate(b, len(data), func() error {
				_, err := catalog.ParseRecordCatalogAction(data)
				return err
			}, func() error {
				_, err := catalog.ParseCatalog(data)
				return err
			}, func() error {
				var h handCatalog
				return json.Unmarshal(data, &h)
			})
		})
	}
	for _, n := range []int{10, 150} {
		data := makePlan(n)
		b.Run(fmt.Sprintf("record_plan-%dB", len(data)), func(b *testing.B) {
			rotate(b, len(data), func() error {
				_, err := catalog.ParseRecordPlanAction(data)
				return err
			}, func() error {
				_, err := catalog.ParsePlan(data)
				return err
			}, func() error {
				var h handPlan
				return json.Unmarshal(data, &h)
			})
		})
	}
}

// rotate measures call against parse and unmarshal on the same bytes,
// the three in one loop, each going first in turn, and reports call's
// time as x-parse and x-json.
func rotate(b *testing.B, size int, call, parse, unmarshal func() error) {
	b.SetBytes(int64(size))
	fns := []func() error{call, parse, unmarshal}
	for _, f := range fns {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	var took [3]time.Duration
	for i := 0; b.Loop(); i++ {
		for j := range fns {
			k := (i + j) % len(fns)
			start := time.Now()
			fns[k]()
			took[k] += time.Since(start)
		}
	}
	b.ReportMetric(float64(took[0])/float64(took[1]), "x-parse")
	b.ReportMetric(float64(took[0])/float64(took[2]), "x-json")
}
