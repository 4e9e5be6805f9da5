package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// TestServe writes the proxy files of the core and one adapter: the zip
// is a valid module zip holding the module's own files and none of a
// nested module's.
func TestServe(t *testing.T) {
	if testing.Short() {
		t.Skip("archives the repository with git")
	}
	out := t.TempDir()
	if err := run(out, "v0.9.9", "HEAD", []string{"../../..", "../../../adapters/openai"}); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"github.com/structgen/structgen":                 "runtime/doc.go",
		"github.com/structgen/structgen/adapters/openai": "chat.go",
	} {
		at := filepath.Join(out, filepath.FromSlash(path), "@v")
		list, err := os.ReadFile(filepath.Join(at, "list"))
		if err != nil || string(list) != "v0.9.9\n" {
			t.Fatalf("%s list: %q, %v", path, list, err)
		}
		zip := filepath.Join(at, "v0.9.9.zip")
		files, err := modzip.CheckZip(module.Version{Path: path, Version: "v0.9.9"}, zip)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var has bool
		for _, f := range files.Valid {
			f = strings.TrimPrefix(f, path+"@v0.9.9/")
			has = has || f == want
			if strings.HasPrefix(f, "adapters/") || strings.HasPrefix(f, "examples/agent/") {
				t.Errorf("%s: the zip holds %s, a nested module's file", path, f)
			}
		}
		if !has {
			t.Errorf("%s: the zip lacks %s", path, want)
		}
		if mod, err := os.ReadFile(filepath.Join(at, "v0.9.9.mod")); err != nil || !strings.Contains(string(mod), "module "+path+"\n") {
			t.Errorf("%s mod: %s %v", path, mod, err)
		}
	}
	if err := run(out, "v1", "HEAD", []string{"../../.."}); err == nil {
		t.Error("a version that is not vX.Y.Z was taken")
	}
}
