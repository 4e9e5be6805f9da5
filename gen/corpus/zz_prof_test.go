package corpus

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/structgen/structgen/gen"
)

func TestZZProf(t *testing.T) {
	cfgs := schemaStoreConfigs(t)
	type r struct {
		name string
		d    time.Duration
		n    int
	}
	var rs []r
	total := 0
	start := time.Now()
	for _, cfg := range cfgs {
		t0 := time.Now()
		files, _, _ := gen.Generate(cfg)
		n := 0
		for _, f := range files {
			n += len(f)
		}
		total += n
		rs = append(rs, r{cfg.Schemas[0].Ref, time.Since(t0), n})
	}
	fmt.Println("total", time.Since(start), "bytes", total)
	sort.Slice(rs, func(i, j int) bool { return rs[i].d > rs[j].d })
	for _, x := range rs[:25] {
		fmt.Println(x.name, x.d, x.n)
	}
	fmt.Println("median", rs[len(rs)/2].d, "p95", rs[len(rs)/20].d)
}
