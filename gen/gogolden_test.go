package gen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen/gotypes"
)

const goGoldenDir = "../testdata/golden/go"

// TestGoGolden maps each Go package under testdata/golden/go and compares
// the file structgen writes next to it, or the error, with the committed
// one. -update rewrites them.
func TestGoGolden(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(goGoldenDir, "*"))
	if len(dirs) == 0 {
		t.Fatal("no Go golden cases")
	}
	var pkgs []string
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Chdir(abs)
			files, _, err := GenerateGo(".")
			wantErr := filepath.Join(abs, "want_error.txt")
			if err != nil {
				compareGolden(t, wantErr, []byte(err.Error()+"\n"))
				return
			}
			if _, statErr := os.Stat(wantErr); statErr == nil {
				t.Fatal("want an error (want_error.txt), but generation succeeded")
			}
			compareGolden(t, filepath.Join(abs, gotypes.GeneratedFile), files[gotypes.GeneratedFile])
			again, _, err := GenerateGo(".")
			if err != nil || string(again[gotypes.GeneratedFile]) != string(files[gotypes.GeneratedFile]) {
				t.Errorf("second run differs: %v", err)
			}
		})
		if _, err := os.Stat(filepath.Join(dir, "want_error.txt")); err != nil {
			pkgs = append(pkgs, "./testdata/golden/go/"+filepath.Base(dir))
		}
	}
	if testing.Short() || *update {
		return
	}
	for _, args := range [][]string{{"vet"}, {"test", "-count=1"}} {
		cmd := exec.Command("go", append(args, pkgs...)...)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
