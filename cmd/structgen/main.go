// Command structgen generates typed Go bindings for LLM structured output
// from JSON Schema.
//
// Usage:
//
//	structgen -config structgen.yaml [-check] [-v] [-dump-ir]
//	structgen -package NAME -out DIR [-check] [-v] schema.json...
//	structgen -go DIR [-check]
//
// With -check it writes nothing and exits 1 with a unified diff when the
// files on disk differ from what it would generate.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/cost"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/names"
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tuneGC lets the heap grow to five times what is live before collecting,
// unless GOGC says otherwise: a run lives for well under a second and
// its garbage (syntax trees, formatted code) is most of what it
// allocates, so collection was a quarter of the CPU time. The soft limit
// brings collection back before a large schema's run takes memory a
// machine may not have.
func tuneGC() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(400)
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(1 << 30)
	}
}

// errStale reports that -check found differences.
var errStale = errors.New("generated files are out of date; run structgen to update them")

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("structgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", "", "YAML config `file`")
	pkgName := fs.String("package", "", "Go package `name` (without -config)")
	out := fs.String("out", "", "output `folder` (without -config)")
	check := fs.Bool("check", false, "write nothing; exit 1 with a diff when generated files are stale")
	verbose := fs.Bool("v", false, "print what was generated, how many schema nodes fell back to raw JSON, each derived name a clash qualified, each type the schema interpreter reads instead of a generated decoder (and why), and each tool's and output's schema size in bytes and tokens per dialect")
	dumpIR := fs.Bool("dump-ir", false, "print the intermediate representation as JSON and exit")
	goDir := fs.String("go", "", "map the Go types marked //structgen:schema in the package in `folder` and write structgen_gen.go there")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: structgen -config structgen.yaml [-check] [-v] [-dump-ir]")
		fmt.Fprintln(stderr, "       structgen -package NAME -out DIR [-check] [-v] schema.json...")
		fmt.Fprintln(stderr, "       structgen -go DIR [-check]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *goDir != "" {
		if *config != "" || *pkgName != "" || *out != "" || fs.NArg() > 0 {
			fmt.Fprintln(stderr, "structgen: -go takes no -config, -package, -out or schema files")
			return 2
		}
		files, pkg, err := gen.GenerateGo(*goDir)
		if err != nil {
			printError(stderr, err, *verbose)
			return 1
		}
		if *verbose {
			// The user's types get no typed decoder (they are not
			// redefined): generated validators check, encoding/json decodes.
			for _, t := range pkg.Go.Types {
				if t.Validate != nil {
					fmt.Fprintf(stderr, "structgen: %s is checked by generated validators and decoded by encoding/json\n", t.Name)
				} else {
					fmt.Fprintf(stderr, "structgen: %s is read by the schema interpreter: %s\n", t.Name, t.Interpreted)
				}
			}
		}
		// The folder is the user's package: only structgen_gen.go is ours.
		return finish(*goDir, files, false, *check, stdout, stderr)
	}
	var cfg *gen.Config
	var files map[string][]byte
	var pkg *gen.Package
	var err error
	if *config != "" {
		if *pkgName != "" || *out != "" || fs.NArg() > 0 {
			fmt.Fprintln(stderr, "structgen: -config takes no -package, -out or schema files; put them in the config")
			return 2
		}
		cfg, files, pkg, err = gen.GenerateFile(*config)
		var pe *os.PathError
		if errors.As(err, &pe) && pe.Path == *config {
			fmt.Fprintln(stderr, "structgen:", err)
			return 2 // the config file itself cannot be read
		}
	} else {
		if cfg, err = configFrom(*pkgName, *out, fs.Args()); err != nil {
			fmt.Fprintln(stderr, "structgen:", err)
			return 2
		}
		files, pkg, err = gen.Generate(cfg)
	}
	if err != nil {
		printError(stderr, err, *verbose)
		return 1
	}
	for _, n := range pkg.Notes {
		fmt.Fprintln(stderr, n)
	}
	if *dumpIR {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(pkg); err != nil {
			fmt.Fprintln(stderr, "structgen:", err)
			return 1
		}
		return 0
	}
	dir := filepath.FromSlash(cfg.Output)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cfg.Dir, dir)
	}
	if *verbose {
		share := 0.0
		if pkg.Nodes > 0 {
			share = 100 * float64(pkg.Fallbacks) / float64(pkg.Nodes)
		}
		fmt.Fprintf(stderr, "structgen: package %s in %s: %d types; %d of %d schema nodes fell back to raw JSON (%.1f%%)\n",
			pkg.Name, dir, len(pkg.Types), pkg.Fallbacks, pkg.Nodes, share)
		for _, r := range pkg.Renames {
			fmt.Fprintln(stderr, r)
		}
		// Which types the schema interpreter reads instead of a generated
		// decoder, and why.
		decoded, decodable := 0, 0
		for _, t := range pkg.Types {
			if t.Decode != nil {
				decoded++
			}
			if t.Decode != nil || t.Interpreted != "" {
				decodable++
			}
		}
		fmt.Fprintf(stderr, "structgen: %d of %d struct, enum, union and tuple types have generated validating decoders\n", decoded, decodable)
		for _, t := range pkg.Types {
			switch {
			case t.Interpreted != "" && t.Validate != nil:
				fmt.Fprintf(stderr, "structgen: %s is checked by generated validators and decoded by encoding/json: %s\n", t.Name, t.Interpreted)
			case t.Interpreted != "":
				fmt.Fprintf(stderr, "structgen: %s is read by the schema interpreter: %s\n", t.Name, t.Interpreted)
			}
			for _, f := range t.Fields {
				switch {
				case f.Check != nil && f.Check.Validate != nil:
					fmt.Fprintf(stderr, "structgen: %s.%s is checked by generated validators and decoded by encoding/json: %s\n", t.Name, f.Name, f.Check.Why)
				case f.Check != nil && f.Check.Interpret != nil:
					fmt.Fprintf(stderr, "structgen: %s.%s is checked by the schema interpreter: %s\n", t.Name, f.Name, f.Check.Why)
				}
			}
		}
		for _, v := range pkg.Validators {
			if v.Interpret != "" {
				fmt.Fprintf(stderr, "structgen: %s is checked by the schema interpreter inside a generated validator: %s\n", v.Interpret, v.Why)
			}
		}
		// What each tool and output schema costs per request.
		items, err := cost.Of(pkg.Package)
		if err != nil {
			fmt.Fprintln(stderr, "structgen:", err)
			return 1
		}
		for _, it := range items {
			fmt.Fprintln(stderr, "structgen:", it)
		}
	}
	return finish(dir, files, true, *check, stdout, stderr)
}

// finish writes files into dir, or with check compares them. With prune,
// generated files in dir that files does not hold are stale.
func finish(dir string, files map[string][]byte, prune, check bool, stdout, stderr io.Writer) int {
	if check {
		diff, err := checkDir(dir, files, prune)
		if err != nil {
			fmt.Fprintln(stderr, "structgen:", err)
			return 1
		}
		if diff != "" {
			fmt.Fprint(stdout, diff)
			fmt.Fprintln(stderr, "structgen:", errStale)
			return 1
		}
		return 0
	}
	if err := writeDir(dir, files, prune); err != nil {
		fmt.Fprintln(stderr, "structgen:", err)
		return 1
	}
	return 0
}

func configFrom(pkgName, out string, files []string) (*gen.Config, error) {
	if pkgName == "" || out == "" || len(files) == 0 {
		return nil, errors.New("want -config FILE, or -package NAME -out DIR and schema files (see -h)")
	}
	cfg := &gen.Config{Dir: ".", Package: pkgName, Output: out}
	seen := map[string]string{}
	for _, f := range files {
		base := filepath.Base(f)
		name := names.Go(strings.TrimSuffix(base, filepath.Ext(base)))
		if name == "" {
			return nil, fmt.Errorf("%s: cannot derive a Go type name from the file name; use a config", f)
		}
		if other, ok := seen[name]; ok {
			return nil, fmt.Errorf("%s and %s both map to Go type %s; use a config to name them", other, f, name)
		}
		seen[name] = f
		cfg.Schemas = append(cfg.Schemas, gen.SchemaEntry{Name: name, Ref: filepath.ToSlash(f), Pos: gen.Pos{File: f}})
	}
	sort.Slice(cfg.Schemas, func(i, j int) bool { return cfg.Schemas[i].Name < cfg.Schemas[j].Name })
	return cfg, nil
}

// generatedFiles lists the .go files in dir that structgen wrote.
func generatedFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if bytes.HasPrefix(data, []byte("// "+gen.Header+"\n")) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

func sortedNames(files map[string][]byte) []string {
	var ns []string
	for n := range files {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

func checkDir(dir string, files map[string][]byte, prune bool) (string, error) {
	var b strings.Builder
	for _, name := range sortedNames(files) {
		path := filepath.Join(dir, name)
		old, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		b.WriteString(unifiedDiff(filepath.ToSlash(path), string(old), string(files[name])))
	}
	if !prune {
		return b.String(), nil
	}
	stale, err := generatedFiles(dir)
	if err != nil {
		return "", err
	}
	for _, name := range stale {
		if _, ok := files[name]; !ok {
			path := filepath.Join(dir, name)
			old, err := os.ReadFile(path)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "stale generated file, no longer produced: %s\n", filepath.ToSlash(path))
			b.WriteString(unifiedDiff(filepath.ToSlash(path), string(old), ""))
		}
	}
	return b.String(), nil
}

func writeDir(dir string, files map[string][]byte, prune bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var stale []string
	if prune {
		var err error
		if stale, err = generatedFiles(dir); err != nil {
			return err
		}
	}
	for _, name := range stale {
		if _, ok := files[name]; !ok {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
	}
	for _, name := range sortedNames(files) {
		path := filepath.Join(dir, name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// printError prints what generation failed with: its problems, one a
// line; for a bug of structgen's (a stage that panicked), one line that
// asks for a report, and with -v its stack.
func printError(w io.Writer, err error, verbose bool) {
	fmt.Fprintln(w, err)
	var ie *loc.InternalError
	if verbose && errors.As(err, &ie) && len(ie.Stack) > 0 {
		fmt.Fprintf(w, "%s\n", ie.Stack)
	}
}
