// Command modproxy writes a module proxy on the file system (for
// GOPROXY=file://…) that serves modules of this repository, as committed
// at a revision, at one version: what a user's go get would fetch once
// the repository is tagged. CI builds a consumer module against it
// (.ci/consumer), so that a module outside the repository that requires
// the core and an adapter at a tagged version is known to build with no
// replace directive.
//
// Usage:
//
//	modproxy -out DIR -version vX.Y.Z [-rev HEAD] MODULE_DIR...
//
// Each MODULE_DIR is a directory of the repository with a go.mod. The
// modules' go.mod files are served as committed, replace directives
// included (the go command ignores those of a dependency).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	modzip "golang.org/x/mod/zip"
)

func main() {
	out := flag.String("out", "", "directory to write the proxy into")
	version := flag.String("version", "", "version to serve every module at")
	rev := flag.String("rev", "HEAD", "git revision to take the modules from")
	flag.Parse()
	if err := run(*out, *version, *rev, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(out, version, rev string, dirs []string) error {
	if out == "" || len(dirs) == 0 {
		return errors.New("usage: modproxy -out DIR -version vX.Y.Z [-rev HEAD] MODULE_DIR [MODULE_DIR ...]")
	}
	if !semver.IsValid(version) || semver.Canonical(version) != version {
		return fmt.Errorf("-version %q is not a semantic version (vX.Y.Z)", version)
	}
	root, err := gitRoot()
	if err != nil {
		return err
	}
	for _, dir := range dirs {
		if err := serve(out, version, rev, root, dir); err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
	}
	return nil
}

// serve writes one module's list, info, mod and zip files.
func serve(out, version, rev, root, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	sub, err := filepath.Rel(root, abs)
	if err != nil {
		return err
	}
	sub = filepath.ToSlash(sub)
	if sub == "." {
		sub = ""
	}
	gomod, err := gitShow(root, rev, strings.TrimPrefix(sub+"/go.mod", "/"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(gomod)
	if path == "" {
		return errors.New("go.mod names no module")
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	var zip bytes.Buffer
	if err := modzip.CreateFromVCS(&zip, module.Version{Path: path, Version: version}, root, rev, sub); err != nil {
		return err
	}
	info, _ := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
		version + ".zip":  zip.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%s@%s\n", path, version)
	return nil
}

func gitRoot() (string, error) {
	b, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("git rev-parse: %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

func gitShow(root, rev, file string) ([]byte, error) {
	cmd := exec.Command("git", "show", rev+":"+file)
	cmd.Dir = root
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git show %s:%s: %w", rev, file, err)
	}
	return b, nil
}
