package corpus

import (
	"bytes"
	"testing"

	"github.com/structgen/structgen/gen"
)

// TestSchemaStoreDeterministic generates every SchemaStore schema twice:
// the files and the fallback counts must not change between runs.
func TestSchemaStoreDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; skipped with -short")
	}
	cfgs := schemaStoreConfigs(t)
	for _, cfg := range cfgs {
		a, pa, errA := gen.Generate(cfg)
		b, pb, errB := gen.Generate(cfg)
		if (errA == nil) != (errB == nil) {
			t.Errorf("%s: errors differ: %v / %v", cfg.Schemas[0].Ref, errA, errB)
			continue
		}
		if errA != nil {
			if errA.Error() != errB.Error() {
				t.Errorf("%s: errors differ:\n%v\n%v", cfg.Schemas[0].Ref, errA, errB)
			}
			continue
		}
		if pa.Fallbacks != pb.Fallbacks || pa.Nodes != pb.Nodes {
			t.Errorf("%s: counts differ: %d/%d vs %d/%d", cfg.Schemas[0].Ref, pa.Fallbacks, pa.Nodes, pb.Fallbacks, pb.Nodes)
		}
		for name := range a {
			if !bytes.Equal(a[name], b[name]) {
				t.Errorf("%s: %s differs between runs", cfg.Schemas[0].Ref, name)
			}
		}
	}
}
