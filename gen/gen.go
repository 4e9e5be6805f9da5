// Package gen is structgen as a library. Generation is a pipeline of
// small stages, each in its own package, each taking one value and
// returning the next plus its problems; none rewrites what an earlier one
// made:
//
//	config  structgen.yaml → config.Config
//	source  the documents it names, read locally → source.Set
//	spec    what to generate: roots, tools, outputs → spec.Spec
//	schema  structgen's schema model, compiled on demand → schema.Node
//	build   spec and nodes → the IR, every identifier decided → ir.Package
//	emit    IR → Go files, dialects and prompt blocks rendered
//
// Generate chains them and returns files as bytes and errors with
// positions; only cmd/structgen touches the output folder.
// docs/ARCHITECTURE.md describes the stages and where to extend them.
package gen

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/structgen/structgen/gen/build"
	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/emit"
	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/gen/source"
	"github.com/structgen/structgen/gen/spec"
	"github.com/structgen/structgen/internal/testhook"
)

// Header starts every generated file.
const Header = emit.Header

// Generated file names.
const (
	TypesFile    = emit.TypesFile
	SchemasFile  = emit.SchemasFile
	DialectsFile = emit.DialectsFile
)

// Package is what a generation made: the IR, and the notes the emitter
// reported.
type Package struct {
	*ir.Package
	// Notes say which keywords a schema's draft ignores, what provider
	// dialects could not express, and published provider limits a schema
	// exceeds: "file:line:col: note: …".
	Notes []string
}

// Generate generates the package cfg describes and returns its files by
// name (relative to the output folder).
func Generate(cfg *Config) (map[string][]byte, *Package, error) {
	return generate(cfg, nil)
}

// GenerateFile reads the config file and generates its package. A config
// with mistakes is still built as far as it can be, so that the problems
// of every stage are reported in one run.
func GenerateFile(file string) (*Config, map[string][]byte, *Package, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg, errs := parseConfig(file, data)
	if cfg == nil {
		return nil, nil, nil, loc.Join(errs)
	}
	files, pkg, err := generate(cfg, errs)
	return cfg, files, pkg, err
}

// parseConfig is config.Parse, its panics turned into errors.
func parseConfig(file string, data []byte) (cfg *Config, errs []error) {
	stage, at := "config", func() string { return file }
	var err error
	defer func() {
		if err != nil {
			cfg, errs = nil, []error{err}
		}
	}()
	defer recoverStage(&stage, &at, &err)
	testhook.Fire(stage, "")
	return config.Parse(file, data)
}

// generate runs the stages after config; earlier holds the config's own
// problems, reported with the others.
func generate(cfg *Config, earlier []error) (files map[string][]byte, out *Package, err error) {
	// A panic in a stage is a bug of structgen's: it comes out as one
	// *loc.InternalError naming the stage and what it was processing.
	stage, at := "source", func() string {
		if cfg == nil {
			return ""
		}
		return cfg.File
	}
	defer recoverStage(&stage, &at, &err)
	errs := earlier
	testhook.Fire(stage, "")
	set, srcErrs := source.Load(cfg)
	if set == nil {
		return nil, nil, loc.Join(append(errs, srcErrs...))
	}
	errs = append(errs, srcErrs...)
	graph := schema.NewGraph(set)
	stage, at = "spec", graph.Visiting
	testhook.Fire(stage, "")
	sp, specErrs := spec.Build(cfg, set)
	errs = append(errs, specErrs...)
	stage = "build"
	testhook.Fire(stage, "")
	pkg, buildErrs := build.Package(sp, graph, set)
	if errs = append(errs, buildErrs...); len(errs) > 0 {
		return nil, nil, loc.Join(errs)
	}
	stage, at = "emit", func() string { return "" }
	testhook.Fire(stage, "")
	files, notes, err := emit.Files(pkg)
	if err != nil {
		return nil, nil, err
	}
	return files, &Package{Package: pkg, Notes: append(graph.Notes(), notes...)}, nil
}

// recoverStage turns a panic of the current stage into *err, an
// *loc.InternalError; it is deferred by the functions that chain stages.
func recoverStage(stage *string, at *func() string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	*err = &loc.InternalError{Stage: *stage, At: (*at)(), Value: r, Stack: debug.Stack()}
}

// GenerateGo maps the types marked //structgen:schema in the Go package in
// dir and returns the file to write next to them: each type's JSON Schema
// as a constant, a Parse function and the generated validators it calls.
// The user's types are never redefined. The IR says which types kept the
// schema interpreter (ir.GoType.Interpreted).
func GenerateGo(dir string) (files map[string][]byte, out *ir.Package, err error) {
	stage, at := "gotypes", func() string { return dir }
	defer recoverStage(&stage, &at, &err)
	testhook.Fire(stage, "")
	p, err := gotypes.Load(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(p.Types) == 0 {
		return nil, nil, fmt.Errorf("%s: no type is marked %s", dir, gotypes.Marker)
	}
	stage = "build"
	testhook.Fire(stage, "")
	pkg, errs := build.GoPackage(p)
	if len(errs) > 0 {
		return nil, nil, loc.Join(errs)
	}
	stage = "emit"
	testhook.Fire(stage, "")
	files, _, err = emit.Files(pkg)
	if err != nil {
		return nil, nil, err
	}
	return files, pkg, nil
}
