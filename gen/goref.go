package gen

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/internal/jsonpos"
	"github.com/structgen/structgen/gen/internal/ojson"
)

// GoRefPrefix starts a schema reference to a Go type: go:DIR.Type, with
// DIR the package's folder relative to the config (./agent), or its import
// path (example.com/m/agent).
const GoRefPrefix = "go:"

// external is a Go type that a generated package uses instead of
// generating one.
type external struct {
	pkgPath, name string
}

// splitGoRef splits go:./agent.ProjectFacts into ./agent and ProjectFacts.
func splitGoRef(ref string) (dir, name string, ok bool) {
	rest, ok := strings.CutPrefix(ref, GoRefPrefix)
	if !ok {
		return "", "", false
	}
	i := strings.LastIndexByte(rest, '.')
	if i <= 0 || i < strings.LastIndexByte(rest, '/') {
		return "", "", false
	}
	return rest[:i], rest[i+1:], true
}

// goSchemas maps the `go:` references among the schema entries: each Go
// type's schema becomes a document of the loader, the entry refers to it,
// and the type is recorded as external, so that generated code uses it.
func (b *builder) goSchemas(cfg *Config) (*Config, []error) {
	var errs []error
	var out *Config
	for i, e := range cfg.Schemas {
		if !strings.HasPrefix(e.Ref, GoRefPrefix) {
			continue
		}
		dir, name, ok := splitGoRef(e.Ref)
		if !ok {
			errs = append(errs, errAt(e.Pos, "Go type reference %q: want go:DIR.Type, DIR the package's folder relative to the config or its import path (go:./agent.ProjectFacts)", e.Ref))
			continue
		}
		var p *gotypes.Package
		var err error
		if strings.HasPrefix(dir, ".") || filepath.IsAbs(dir) {
			p, err = gotypes.LoadTypes(cfg.Path(dir), name)
		} else {
			p, err = gotypes.LoadImport(cfg.Path("."), dir, name) // an import path
		}
		if err != nil {
			errs = append(errs, errAt(e.Pos, "%s: %v", e.Ref, err))
			continue
		}
		t := p.Types[0]
		abs, _ := filepath.Abs(t.Pos.Filename)
		path := abs + "." + name + ".json" // not a file: names the document
		u := fileURL(path)
		data := ojson.Marshal(t.Schema)
		d := &doc{url: u, path: path, display: b.l.display(abs), rel: relTo(cfg.Dir, abs), data: data,
			index: jsonpos.Index{"": {Line: t.Pos.Line, Col: t.Pos.Column}}, goSource: relTo(cfg.Dir, abs)}
		b.l.docs[u] = d
		b.external[u+"#"] = external{pkgPath: p.Path, name: name}
		if out == nil {
			c := *cfg
			c.Schemas = append([]SchemaEntry(nil), cfg.Schemas...)
			out = &c
		}
		out.Schemas[i].Ref = filepath.ToSlash(path)
	}
	if out == nil {
		out = cfg
	}
	return out, errs
}

func (e external) String() string { return fmt.Sprintf("%s.%s", e.pkgPath, e.name) }
