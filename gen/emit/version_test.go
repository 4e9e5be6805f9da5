package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen/internal/gosrc"

	"github.com/structgen/structgen/runtime/impl"
)

// TestRuntimeVersion: the generator writes code for the version the
// runtime of its own module serves.
func TestRuntimeVersion(t *testing.T) {
	if RuntimeVersion != impl.Version || RuntimeVersion < impl.MinVersion {
		t.Fatalf("emit.RuntimeVersion = %d; impl serves %d to %d", RuntimeVersion, impl.MinVersion, impl.Version)
	}
}

// TestVersionMismatch compiles the version check that emit writes into a
// package beside the runtime: made for the runtime's version it compiles;
// made for a newer or an older one, the build fails with a message that
// names both versions and the command to regenerate.
func TestVersionMismatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, tc := range []struct {
		version int
		fails   bool
	}{
		{impl.Version, false},
		{impl.Version + 1, true},
		{impl.MinVersion - 1, true},
	} {
		t.Run(fmt.Sprint(tc.version), func(t *testing.T) {
			out, err := buildVersionCheck(t, tc.version)
			if !tc.fails {
				if err != nil {
					t.Fatalf("code made for version %d does not compile:\n%s", tc.version, out)
				}
				return
			}
			if err == nil {
				t.Fatalf("code made for version %d compiled against a runtime of version %d", tc.version, impl.Version)
			}
			for _, want := range []string{
				fmt.Sprintf("impl.RuntimeVersion%d", impl.Version),
				fmt.Sprintf("GeneratedCodeVersion%d_RegenerateWith_go_generate", tc.version),
				"missing method",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("the compiler's message does not name %q:\n%s", want, out)
				}
			}
		})
	}
}

// buildVersionCheck builds a package holding only the version check for
// version, placed in the module (through an overlay: nothing is written
// into the tree), and returns what the go command printed.
func buildVersionCheck(t *testing.T, version int) (string, error) {
	t.Helper()
	f := gosrc.NewFile("versioncheck")
	f.HeaderComment(Header)
	versionCheckFor(f, version)
	var src bytes.Buffer
	if err := f.Render(&src); err != nil {
		t.Fatal(err)
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	dir := t.TempDir()
	file := filepath.Join(dir, "check.go")
	if err := os.WriteFile(file, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "internal", "versioncheck_test_only")
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(pkg, "check.go"): file}})
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay", ov, "./internal/versioncheck_test_only")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	return string(out), err
}
