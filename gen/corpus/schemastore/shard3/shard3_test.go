// Package shard3 runs shard 4 of the SchemaStore corpus test (see
// package schemastore): a quarter of the schemas, so that each test binary
// stays well within go test's time limit on a slow machine.
package shard3

import (
	"testing"

	"github.com/structgen/structgen/gen/corpus/schemastore"
)

func TestSchemaStore(t *testing.T) { schemastore.Run(t, "../testdata", 3, 4) }
