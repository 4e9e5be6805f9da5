package source

import (
	"errors"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/gotypes"
	"github.com/structgen/structgen/gen/internal/jsonpos"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
)

// GoRefPrefix starts a schema reference to a Go type: go:DIR.Type, with
// DIR the package's folder relative to the config (./agent), or its import
// path (example.com/m/agent).
const GoRefPrefix = "go:"

// GoType is a Go type whose schema structgen derived: generated code uses
// the type as it is.
type GoType struct {
	URL     string // the document of its schema
	PkgPath string
	Name    string
}

// schemaRef is a file reference of the config, with where it is written.
type schemaRef struct {
	ref string
	pos loc.Pos
}

// schemaRefs lists the file references of `schemas` and `outputs`.
func schemaRefs(cfg *config.Config) []schemaRef {
	var out []schemaRef
	for _, e := range cfg.Schemas {
		if e.Ref != "" && !strings.HasPrefix(e.Ref, GoRefPrefix) {
			out = append(out, schemaRef{e.Ref, e.Pos})
		}
	}
	names := map[string]bool{}
	for _, e := range cfg.Schemas {
		names[e.Name] = true
	}
	for _, o := range cfg.Outputs {
		if o.Schema != "" && !names[o.Schema] && !strings.HasPrefix(o.Schema, GoRefPrefix) && !strings.Contains(o.Schema, "://") {
			out = append(out, schemaRef{o.Schema, o.Pos})
		}
	}
	return out
}

// Load reads every document cfg needs: its schema files, inline schemas,
// the schemas of Go types it names, tool definition files, and every
// document they reference, in a fixed order; then it gives each its
// stable URL. It returns an error for every document that cannot be read,
// each at the reference that names it, and the set as far as it could be
// loaded.
func Load(cfg *config.Config) (*Set, []error) {
	l, err := newSet(cfg)
	if err != nil {
		return nil, []error{err}
	}
	var errs []error
	for _, e := range cfg.Schemas {
		if e.Inline != nil {
			if err := l.addInline(e.Inline); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for _, o := range cfg.Outputs {
		if o.Inline != nil {
			if err := l.addInline(o.Inline); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for _, t := range cfg.Tools {
		for _, in := range []*config.Inline{t.ParametersInline, t.ResponseInline} {
			if in != nil {
				if err := l.addInline(in); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	errs = append(errs, l.loadGoTypes()...)
	for _, r := range schemaRefs(cfg) {
		if err := l.loadFile(r.ref, r.pos); err != nil {
			errs = append(errs, err)
		}
	}
	for i, t := range cfg.Tools {
		if t.MCP != "" || t.Functions != "" {
			glob := t.MCP
			if glob == "" {
				glob = t.Functions
			}
			errs = append(errs, l.loadToolFiles(i, glob, t.Pos)...)
		}
		for _, r := range []schemaRef{{t.Parameters, t.ParametersPos}, {t.Response, t.ResponsePos}} {
			if r.ref == "" || strings.Contains(r.ref, "://") || isSchemaName(cfg, r.ref) {
				continue
			}
			if err := l.loadFile(r.ref, r.pos); err != nil {
				errs = append(errs, err)
			}
		}
	}
	errs = append(errs, l.preload()...)
	l.assignStable()
	return l, errs
}

func isSchemaName(cfg *config.Config, ref string) bool {
	for _, e := range cfg.Schemas {
		if e.Name == ref {
			return true
		}
	}
	return false
}

// loadFile reads the file a reference names.
func (l *Set) loadFile(ref string, pos loc.Pos) error {
	file, _, _ := strings.Cut(ref, "#")
	abs, err := filepath.Abs(l.cfg.Path(file))
	if err != nil {
		return loc.Errorf(pos, "%v", err)
	}
	if _, err := l.Load(FileURL(abs)); err != nil {
		var pe *loc.Error
		if errors.As(err, &pe) {
			return pe
		}
		return loc.Errorf(pos, "cannot load %s: %v", l.Display(abs), err)
	}
	return nil
}

// Loaded reports whether the document that a file reference names was
// read.
func (l *Set) Loaded(ref string) bool {
	file, _, _ := strings.Cut(ref, "#")
	abs, err := filepath.Abs(l.cfg.Path(file))
	return err == nil && l.docs[FileURL(abs)] != nil
}

// loadToolFiles reads the tool definition files that glob matches. A file
// that holds a list of definitions is read as {"tools": [...]}, the shape
// of an MCP tools/list result, since a schema document must be an object.
func (l *Set) loadToolFiles(entry int, glob string, pos loc.Pos) []error {
	files, err := filepath.Glob(l.cfg.Path(glob))
	if err != nil {
		return []error{loc.Errorf(pos, "bad pattern %q: %v", glob, err)}
	}
	if len(files) == 0 {
		return []error{loc.Errorf(pos, "%q matches no files", glob)}
	}
	sort.Strings(files)
	var errs []error
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			errs = append(errs, loc.Errorf(pos, "%v", err))
			continue
		}
		u := FileURL(abs)
		if _, err := l.Load(u); err != nil {
			var pe *loc.Error
			if errors.As(err, &pe) {
				errs = append(errs, pe)
			} else {
				errs = append(errs, loc.Errorf(pos, "cannot load %s: %v", l.Display(abs), err))
			}
			continue
		}
		if _, isList := l.Value(u).([]any); isList {
			l.wrapList(u, "tools")
		}
		l.toolFiles[entry] = append(l.toolFiles[entry], u)
	}
	return errs
}

// ToolFiles returns the URLs of the definition files that tool entry i of
// the config imports, in file name order.
func (l *Set) ToolFiles(i int) []string { return l.toolFiles[i] }

// ToolObjects returns the pointers of the tool definitions in document u:
// the list of a tools/list result (or of a file that held a bare list), or
// the document itself.
func (l *Set) ToolObjects(u string) ([]string, bool) {
	v, ok := l.Value(u).(map[string]any)
	if !ok {
		return nil, false
	}
	if list, ok := v["tools"].([]any); ok {
		var out []string
		for i := range list {
			out = append(out, "/tools/"+strconv.Itoa(i))
		}
		return out, true
	}
	return []string{""}, true
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

// loadGoTypes maps the Go types that `schemas` and `outputs` name to JSON
// Schema; each schema becomes a document of the set.
func (l *Set) loadGoTypes() []error {
	var errs []error
	type goRef struct {
		ref string
		pos loc.Pos
	}
	var refs []goRef
	for _, e := range l.cfg.Schemas {
		if strings.HasPrefix(e.Ref, GoRefPrefix) {
			refs = append(refs, goRef{e.Ref, e.Pos})
		}
	}
	for _, o := range l.cfg.Outputs {
		if strings.HasPrefix(o.Schema, GoRefPrefix) {
			refs = append(refs, goRef{o.Schema, o.Pos})
		}
	}
	for _, r := range refs {
		if _, done := l.goTypes[r.ref]; done {
			continue
		}
		dir, name, ok := splitGoRef(r.ref)
		if !ok {
			errs = append(errs, loc.Errorf(r.pos, "Go type reference %q: want go:DIR.Type, DIR the package's folder relative to the config or its import path (go:./agent.ProjectFacts)", r.ref))
			continue
		}
		var p *gotypes.Package
		var err error
		if strings.HasPrefix(dir, ".") || filepath.IsAbs(dir) {
			p, err = gotypes.LoadTypes(l.cfg.Path(dir), name)
		} else {
			p, err = gotypes.LoadImport(l.cfg.Path("."), dir, name) // an import path
		}
		if err != nil {
			errs = append(errs, loc.Errorf(r.pos, "%s: %v", r.ref, err))
			continue
		}
		t := p.Types[0]
		abs, _ := filepath.Abs(t.Pos.Filename)
		path := abs + "." + name + ".json" // not a file: names the document
		u := FileURL(path)
		l.docs[u] = &doc{url: u, path: path, display: l.Display(abs), rel: relTo(l.cfg.Dir, abs), data: ojson.Marshal(t.Schema),
			index: jsonpos.Index{"": {Line: t.Pos.Line, Col: t.Pos.Column}}, goSource: relTo(l.cfg.Dir, abs)}
		l.goTypes[r.ref] = GoType{URL: u, PkgPath: p.Path, Name: name}
	}
	return errs
}

// GoType returns the Go type a go: reference names, once loaded.
func (l *Set) GoType(ref string) (GoType, bool) {
	t, ok := l.goTypes[ref]
	return t, ok
}

// InlineURL returns the URL of the document that holds an inline schema.
func (l *Set) InlineURL(in *config.Inline) string { return l.inlineURLs[in] }

// Resolve returns the location a reference of the config names: a Go
// type's schema, a URL as it is, or a file with an optional pointer.
func (l *Set) Resolve(ref string) (string, error) {
	if t, ok := l.goTypes[ref]; ok {
		return t.URL + "#", nil
	}
	if strings.Contains(ref, "://") {
		return ref, nil
	}
	file, frag, _ := strings.Cut(ref, "#")
	abs, err := filepath.Abs(l.cfg.Path(file))
	if err != nil {
		return "", err
	}
	return FileURL(abs) + "#" + frag, nil
}

// Resource is a document as the generated package embeds it.
type Resource struct {
	URL, Text string
}

// Resources returns every document under its stable URL, sorted.
func (l *Set) Resources() []Resource {
	var out []Resource
	for _, d := range l.docs {
		out = append(out, Resource{URL: d.stable, Text: string(d.data)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
	return out
}

// Sources returns the input files, relative to the config, sorted.
func (l *Set) Sources() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range l.docs {
		var s string
		switch {
		case d.goSource != "":
			s = d.goSource
		case d.inline == "":
			s = relTo(l.cfg.Dir, d.path)
		case l.cfg.File != "":
			s = filepath.Base(l.cfg.File)
		}
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// Len returns how many documents the set holds.
func (l *Set) Len() int { return len(l.docs) }

// Config returns the config the set was loaded for.
func (l *Set) Config() *config.Config { return l.cfg }

func relTo(dir, path string) string {
	absDir, err1 := filepath.Abs(dir)
	rel, err2 := filepath.Rel(absDir, path)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// DefaultDraft returns the meta-schema URI of documents that name none:
// the config's draft, else 2020-12.
func (l *Set) DefaultDraft() string {
	if d, ok := drafts.ByName(l.cfg.Draft); ok {
		return d.URI
	}
	return drafts.Default.URI
}

// Raw returns the JSON value at a location, objects with their keys in
// document order (*ojson.Object); nil when there is none.
func (l *Set) Raw(at string) any {
	u, toks := jsonptr.SplitLoc(at)
	return jsonptr.Lookup(l.Ordered(u), toks)
}
