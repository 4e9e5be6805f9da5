package gen

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

const goldenDir = "../testdata/golden"

// goldenCases lists the case folders: each holds a structgen.yaml.
func goldenCases(t *testing.T) []string {
	t.Helper()
	configs, err := filepath.Glob(filepath.Join(goldenDir, "*", "structgen.yaml"))
	if err != nil || len(configs) == 0 {
		t.Fatalf("no golden cases in %s: %v", goldenDir, err)
	}
	var dirs []string
	for _, c := range configs {
		abs, err := filepath.Abs(filepath.Dir(c))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, abs)
	}
	return dirs
}

// generateCase runs the generator in the case folder, so that positions
// in errors read as a user in that folder sees them.
func generateCase(t *testing.T, dir string, reverse bool) (*Config, map[string][]byte, error) {
	t.Helper()
	t.Chdir(dir)
	cfg, err := LoadConfig("structgen.yaml")
	if err != nil {
		return nil, nil, err
	}
	if reverse {
		slices.Reverse(cfg.Schemas)
		slices.Reverse(cfg.Names)
	}
	files, pkg, err := Generate(cfg)
	if pkg != nil {
		lastNotes = pkg.Notes
	}
	return cfg, files, err
}

// lastNotes are the notes of the last generateCase.
var lastNotes []string

// TestGolden compares what each case generates, or the error it gives,
// with the files committed in the case folder. -update rewrites them.
func TestGolden(t *testing.T) {
	for _, dir := range goldenCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			absDir := dir
			cfg, files, err := generateCase(t, dir, false)
			wantErrFile := filepath.Join(absDir, "want_error.txt")
			if err != nil {
				compareGolden(t, wantErrFile, []byte(err.Error()+"\n"))
				return
			}
			if _, statErr := os.Stat(wantErrFile); statErr == nil {
				t.Fatalf("want an error (want_error.txt), but generation succeeded")
			}
			notesFile := filepath.Join(absDir, "notes.txt")
			if _, statErr := os.Stat(notesFile); statErr == nil || len(lastNotes) > 0 {
				compareGolden(t, notesFile, []byte(strings.Join(lastNotes, "\n")+"\n"))
			}
			out := filepath.Join(absDir, filepath.FromSlash(cfg.Output))
			for name, data := range files {
				compareGolden(t, filepath.Join(out, name), data)
			}
			// No stale generated file may linger in the output folder.
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				data, _ := os.ReadFile(filepath.Join(out, e.Name()))
				if _, ok := files[e.Name()]; !ok && bytes.HasPrefix(data, []byte("// "+Header)) {
					t.Errorf("%s: generated file that the case no longer produces", e.Name())
				}
			}
		})
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file %s (run go test ./gen -run TestGolden -update and review the diff): %v", path, err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs from what is generated (-want +got):\n%s", path, d)
	}
}

// TestDeterministic generates every case twice, once with the config's
// schemas and names in reverse order: the output must be byte-identical.
func TestDeterministic(t *testing.T) {
	for _, dir := range goldenCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			_, a, errA := generateCase(t, dir, false)
			_, b, errB := generateCase(t, dir, true)
			if errA != nil || errB != nil {
				if errA == nil || errB == nil || errA.Error() != errB.Error() {
					t.Fatalf("errors differ:\n%v\n%v", errA, errB)
				}
				return
			}
			if d := cmp.Diff(a, b); d != "" {
				t.Errorf("output depends on input order (-forward +reverse):\n%s", d)
			}
		})
	}
}

// TestPathIndependent generates every case that reads only its own folder
// (no "../", no Go package of the module)
// from a copy elsewhere: the output must be byte-identical, since nothing
// generated may depend on where the inputs live (names made from hashes of
// locations once did).
func TestPathIndependent(t *testing.T) {
	for _, dir := range goldenCases(t) {
		cfg, err := os.ReadFile(filepath.Join(dir, "structgen.yaml"))
		if err != nil || strings.Contains(string(cfg), "../") || strings.Contains(string(cfg), "go:") {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			_, a, errA := generateCase(t, dir, false)
			copied := filepath.Join(t.TempDir(), "elsewhere", filepath.Base(dir))
			if err := os.CopyFS(copied, os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			_, b, errB := generateCase(t, copied, false)
			if errA != nil || errB != nil {
				if errA == nil || errB == nil || errA.Error() != errB.Error() {
					t.Fatalf("errors differ:\n%v\n%v", errA, errB)
				}
				return
			}
			if d := cmp.Diff(a, b); d != "" {
				t.Errorf("output depends on where the inputs live (-here +elsewhere):\n%s", d)
			}
		})
	}
}

// TestGoldenPackages vets the generated golden packages and runs the tests
// each case keeps beside its output, which use the generated API.
func TestGoldenPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet and go test on the golden packages; skipped with -short")
	}
	var pkgs []string
	for _, dir := range goldenCases(t) {
		if _, err := os.Stat(filepath.Join(dir, "want_error.txt")); err == nil {
			continue
		}
		out := filepath.Join(dir, "out")
		tests, _ := filepath.Glob(filepath.Join(out, "*_test.go"))
		if len(tests) == 0 {
			t.Errorf("%s: no test uses the generated package; add one beside it", out)
		}
		pkgs = append(pkgs, "./testdata/golden/"+filepath.Base(dir)+"/out")
	}
	for _, args := range [][]string{{"vet"}, {"test", "-count=1"}} {
		cmd := exec.Command("go", append(args, pkgs...)...)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
