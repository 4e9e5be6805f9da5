package gen

import (
	"errors"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/testhook"
)

// forcePanic makes the generator panic where fire says, for the test.
func forcePanic(t *testing.T, fire func(stage, at string) bool) {
	t.Helper()
	testhook.Panic = func(stage, at string) {
		if fire(stage, at) {
			panic("forced")
		}
	}
	t.Cleanup(func() { testhook.Panic = nil })
}

// TestStagePanics: a panic in any stage comes out as one
// *loc.InternalError, one line that names the stage and what it was
// processing and asks for a report, never as a panic.
func TestStagePanics(t *testing.T) {
	const config = "../testdata/golden/kinds/structgen.yaml"
	for _, tc := range []struct {
		name      string
		fire      func(stage, at string) bool
		stage, at string
	}{
		{"config", func(s, at string) bool { return s == "config" }, "config", config},
		{"source", func(s, at string) bool { return s == "source" }, "source", config},
		{"spec", func(s, at string) bool { return s == "spec" }, "spec", ""},
		{"build", func(s, at string) bool { return s == "build" }, "build", ""},
		{"a schema the build stage compiles", func(s, at string) bool {
			return s == "schema" && strings.HasSuffix(at, "/config.json#")
		}, "build", "config.json:1:1 (#)"},
		{"emit", func(s, at string) bool { return s == "emit" }, "emit", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			forcePanic(t, tc.fire)
			_, _, _, err := GenerateFile(config)
			var ie *loc.InternalError
			if !errors.As(err, &ie) {
				t.Fatalf("want an *loc.InternalError, got %v", err)
			}
			msg := err.Error()
			if ie.Stage != tc.stage || !strings.Contains(ie.At, tc.at) || (tc.at == "") != (ie.At == "") {
				t.Errorf("stage %q at %q, want %q at %q", ie.Stage, ie.At, tc.stage, tc.at)
			}
			if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "structgen bug: the "+tc.stage+" stage failed") ||
				!strings.Contains(msg, ": forced; please report it") || len(ie.Stack) == 0 {
				t.Errorf("message: %s", msg)
			}
		})
	}
	t.Run("go", func(t *testing.T) {
		forcePanic(t, func(s, at string) bool { return s == "gotypes" })
		_, _, err := GenerateGo("../testdata/golden/go/shapes")
		var ie *loc.InternalError
		if !errors.As(err, &ie) || ie.Stage != "gotypes" {
			t.Fatalf("got %v", err)
		}
	})
}

// TestGenerateNilConfig: a nil config is an error, not a panic.
func TestGenerateNilConfig(t *testing.T) {
	if _, _, err := Generate(nil); err == nil {
		t.Error("Generate(nil) succeeded")
	}
}
