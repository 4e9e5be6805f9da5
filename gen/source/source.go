package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/internal/jsonpos"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
)

// doc is one loaded schema document.
type doc struct {
	url     string // the URL the compiler knows it by
	path    string // absolute file path
	display string // path shown in errors, relative to the working folder
	rel     string // path shown in generated comments, relative to the config
	data    []byte // the JSON text as embedded
	index   jsonpos.Index
	inline  string // the config pointer of an inline schema; "" for files
	stable  string // URL in the generated package
	strip   string // pointer prefix that the file does not have (see wrapList)
	value   any    // data decoded, on demand
	order   any    // data decoded with keys in order, on demand
	// goSource is the Go file a document's schema was derived from.
	goSource string
}

// Ordered returns the decoded document at URL u with object keys in
// document order, or nil.
func (l *Set) Ordered(u string) any {
	d := l.docs[u]
	if d == nil {
		return nil
	}
	if d.order == nil {
		d.order, _ = ojson.Parse(d.data)
	}
	return d.order
}

// DraftOf returns the meta-schema URI of document u: its $schema, else
// the config's draft. A meta-schema of its own (vocabularies, Iglu's) is
// followed to the draft its own $schema names, as the validator library
// follows it, so that the generated code reads the schema in the draft
// the library does; one not loaded, or a cycle, is returned as written.
func (l *Set) DraftOf(u string) string {
	seen := map[string]bool{}
	for {
		m, ok := l.Value(u).(map[string]any)
		if !ok {
			return l.DefaultDraft()
		}
		s, ok := m["$schema"].(string)
		if !ok {
			return l.DefaultDraft()
		}
		if d, ok := drafts.ByURI(s); ok {
			return d.URI
		}
		meta, _, _ := strings.Cut(s, "#")
		if seen[meta] || l.docs[meta] == nil {
			return s
		}
		seen[meta] = true
		u = meta
	}
}

// Value returns the decoded document at URL u, or nil.
func (l *Set) Value(u string) any {
	d := l.docs[u]
	if d == nil {
		return nil
	}
	if d.value == nil {
		d.value, _ = jsonschema.UnmarshalJSON(bytes.NewReader(d.data))
	}
	return d.value
}

// Set is every schema document a config needs, read from local files only
// (a URL is served from the folder a `urls` entry maps it to), each with
// an index of positions and the stable URL it has in the generated
// package. It implements jsonschema.URLLoader for the schema stage.
type Set struct {
	cfg        *config.Config
	roots      []string // absolute folders that file references may reach
	docs       map[string]*doc
	inlineURLs map[*config.Inline]string
	goTypes    map[string]GoType // go: reference → the document of its schema
	toolFiles  map[int][]string  // tool entry index → URLs of its definition files
	cwd        string
	common     string // the folder stable URLs are relative to, once assigned
	stableSet  bool
}

func newSet(cfg *config.Config) (*Set, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	l := &Set{cfg: cfg, docs: map[string]*doc{}, inlineURLs: map[*config.Inline]string{},
		goTypes: map[string]GoType{}, toolFiles: map[int][]string{}, cwd: cwd}
	add := func(dir string) {
		if abs, err := filepath.Abs(dir); err == nil {
			l.roots = append(l.roots, abs)
		}
	}
	add(cfg.Dir)
	for _, ref := range schemaRefs(cfg) {
		file, _, _ := strings.Cut(ref.ref, "#")
		add(filepath.Dir(cfg.Path(file)))
	}
	for _, m := range cfg.URLs {
		add(cfg.Path(m.Dir))
	}
	for _, t := range cfg.Tools {
		for _, ref := range []string{t.Parameters, t.Response} {
			if ref != "" && !strings.Contains(ref, "://") {
				file, _, _ := strings.Cut(ref, "#")
				add(filepath.Dir(cfg.Path(file)))
			}
		}
		for _, glob := range []string{t.MCP, t.Functions} {
			if glob == "" {
				continue
			}
			matches, _ := filepath.Glob(cfg.Path(glob))
			for _, m := range matches {
				add(filepath.Dir(m))
			}
		}
	}
	return l, nil
}

func (l *Set) Display(abs string) string {
	if rel, err := filepath.Rel(l.cwd, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

func FileURL(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// Load implements jsonschema.URLLoader.
func (l *Set) Load(u string) (any, error) {
	if d := l.docs[u]; d != nil {
		return l.Value(u), nil // preloaded
	}
	path, err := l.localPath(u)
	if err != nil {
		return nil, err
	}
	return l.read(u, path)
}

func (l *Set) localPath(u string) (string, error) {
	if strings.HasPrefix(u, "file://") {
		pu, err := url.Parse(u)
		if err != nil {
			return "", err
		}
		path := filepath.FromSlash(pu.Path)
		if !l.inRoots(path) {
			return "", fmt.Errorf("outside the folders that hold the config and its schema files; move it there, or map a URL prefix to its folder with a `urls` entry")
		}
		return path, nil
	}
	for _, m := range l.cfg.URLs {
		if rest, ok := strings.CutPrefix(u, m.Prefix); ok {
			dir, _ := filepath.Abs(l.cfg.Path(m.Dir))
			path := filepath.Join(dir, filepath.FromSlash(rest))
			if !within(dir, path) {
				return "", fmt.Errorf("leaves the folder %s that `urls` maps %s to", l.Display(dir), m.Prefix)
			}
			if _, err := os.Stat(path); err != nil && filepath.Ext(path) == "" {
				// Schema servers such as SchemaStore's answer NAME for NAME.json.
				if _, err := os.Stat(path + ".json"); err == nil {
					return path + ".json", nil
				}
			}
			return path, nil
		}
	}
	return "", fmt.Errorf("structgen never uses the network; add a `urls` entry that maps its prefix to a local folder")
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func (l *Set) inRoots(path string) bool {
	for _, r := range l.roots {
		if within(r, path) {
			return true
		}
	}
	return false
}

func (l *Set) read(u, path string) (any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	d := &doc{url: u, path: path, display: l.Display(path), rel: relTo(l.cfg.Dir, path), data: data}
	if d.index, err = jsonpos.New(data); err != nil {
		var se *jsonpos.SyntaxError
		if errors.As(err, &se) {
			return nil, &loc.Error{Pos: loc.Pos{File: d.display, Line: se.Pos.Line, Col: se.Pos.Col}, Msg: "invalid JSON: " + se.Msg}
		}
		return nil, &loc.Error{Pos: loc.Pos{File: d.display}, Msg: "invalid JSON: " + err.Error()}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		pos := loc.Pos{File: d.display}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// A literal the index reads as a token (NaN, tru): the
			// decoder's offset is just past the byte it refused.
			p := jsonpos.Offset(data, int(max(se.Offset-1, 0)))
			pos.Line, pos.Col = p.Line, p.Col
		}
		return nil, &loc.Error{Pos: pos, Msg: "invalid JSON: " + err.Error()}
	}
	d.value = v // kept: preload walks it, the library compiles it
	l.docs[u] = d
	l.assign(d)
	return v, nil
}

// addInline registers each inline schema of the config as a document of
// its own, so that "#" in it means the inline schema itself. Its URL
// names a file beside the config (structgen.yaml.schemas.Name.json), so
// that relative references resolve against the config's folder.
func (l *Set) addInline(in *config.Inline) error {
	file := l.cfg.File
	if file == "" {
		file = filepath.Join(l.cfg.Dir, "structgen.yaml")
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	flat := strings.ReplaceAll(strings.TrimPrefix(in.Pointer, "/"), "/", ".")
	path := abs + "." + flat + ".json"
	u := FileURL(path)
	d := &doc{url: u, path: path, display: l.Display(abs), rel: filepath.Base(abs), data: in.JSON,
		inline: in.Pointer, index: in.Index}
	l.docs[u] = d
	l.inlineURLs[in] = u
	return nil
}

// Position returns where the value at (URL#pointer) is written.
func (l *Set) Position(at string) loc.Pos {
	u, frag, _ := strings.Cut(at, "#")
	d := l.docs[u]
	if d == nil {
		return loc.Pos{File: u}
	}
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	if d.strip != "" {
		ptr = strings.TrimPrefix(ptr, d.strip)
	}
	p := d.index.Lookup(ptr)
	return loc.Pos{File: d.display, Line: p.Line, Col: p.Col}
}

// wrapList makes document u, a JSON array of tool definitions, the object
// {key: array}, since a schema document must be an object; positions
// still point into the file. It is done when the file is read, before
// any other stage sees it.
func (l *Set) wrapList(u, key string) {
	d := l.docs[u]
	if d == nil || d.strip != "" {
		return
	}
	k, _ := json.Marshal(key)
	d.data = append(append(append([]byte("{"), k...), ':'), append(d.data, '}')...)
	d.value, d.order = nil, nil
	d.strip = "/" + jsonptr.Escape(key)
}

// Source renders a location as a file path with a fragment, for comments.
func (l *Set) Source(at string) string {
	u, frag, _ := strings.Cut(at, "#")
	if d := l.docs[u]; d != nil {
		if d.inline != "" {
			return d.rel + "#" + d.inline + frag
		}
		if d.strip != "" {
			frag = strings.TrimPrefix(frag, d.strip)
		}
		if frag == "" {
			return d.rel
		}
		return d.rel + "#" + frag
	}
	return at
}

// assignStable gives every document a URL for the generated package: the
// path relative to the folder that holds all local documents, so that the
// output does not depend on where the inputs live; mapped URLs keep theirs.
// A document loaded later gets its URL when it is read.
func (l *Set) assignStable() {
	var dirs []string
	for _, d := range l.docs {
		if strings.HasPrefix(d.url, "file://") {
			dirs = append(dirs, filepath.Dir(d.path))
		}
	}
	l.common = commonDir(dirs)
	l.stableSet = true
	for _, d := range l.docs {
		l.assign(d)
	}
}

func (l *Set) assign(d *doc) {
	if !l.stableSet {
		return
	}
	if !strings.HasPrefix(d.url, "file://") {
		d.stable = d.url
		return
	}
	rel, err := filepath.Rel(l.common, d.path)
	if err != nil {
		rel = filepath.Base(d.path)
	}
	d.stable = "structgen:///" + filepath.ToSlash(rel)
}

func commonDir(dirs []string) string {
	if len(dirs) == 0 {
		return ""
	}
	sort.Strings(dirs)
	c := dirs[0]
	for _, d := range dirs[1:] {
		for !within(c, d) {
			parent := filepath.Dir(c)
			if parent == c {
				break
			}
			c = parent
		}
	}
	return c
}

// Stable maps a location to the generated package's URL.
func (l *Set) Stable(at string) string {
	u, frag, _ := strings.Cut(at, "#")
	if d := l.docs[u]; d != nil {
		return d.stable + "#" + frag
	}
	return at
}

// CompileError turns the validator library's errors into positioned ones.
func (l *Set) CompileError(err error, fallback loc.Pos) error {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			return l.metaSchemaError(sve.URL, ve)
		}
	}
	var dup *jsonschema.DuplicateIDError
	if errors.As(err, &dup) {
		u, _, _ := strings.Cut(dup.URL, "#")
		idKey := "$id"
		if raw, ok := l.Raw(u + "#" + dup.Ptr1).(*ojson.Object); ok {
			if _, isID := raw.Vals["id"]; isID {
				idKey = "id"
			}
		}
		first, second := l.Position(u+"#"+dup.Ptr2+"/"+idKey), l.Position(u+"#"+dup.Ptr1+"/"+idKey)
		if second.Less(first) {
			first, second = second, first
		}
		return &loc.Error{Pos: first, Msg: fmt.Sprintf("%q %s is written here and again at %s; an %s is an identifier that $ref resolves against, not documentation (put that in \"description\"): remove one, or give each schema an %s of its own",
			idKey, dup.ID, second, idKey, idKey)}
	}
	var le *jsonschema.LoadURLError
	if errors.As(err, &le) {
		var pe *loc.Error
		if errors.As(le.Err, &pe) {
			return pe // an error inside the document: its own position says most
		}
		if pos, ok := l.metaSchemaSite(le.URL); ok {
			return &loc.Error{Pos: pos, Msg: unknownMetaSchema(le.URL)}
		}
		return &loc.Error{Pos: l.refSite(le.URL, false, fallback), Msg: fmt.Sprintf("cannot load %s: %v", l.DisplayURL(le.URL), le.Err)}
	}
	var pnf *jsonschema.JSONPointerNotFoundError
	if errors.As(err, &pnf) {
		return &loc.Error{Pos: l.refSite(pnf.URL, true, fallback), Msg: fmt.Sprintf("reference %s: the document has no such JSON pointer", l.clean(pnf.URL))}
	}
	var anf *jsonschema.AnchorNotFoundError
	if errors.As(err, &anf) {
		return &loc.Error{Pos: l.refSite(anf.Reference, true, fallback), Msg: fmt.Sprintf("reference %s: the document has no such anchor", l.clean(anf.Reference))}
	}
	// Most of the library's errors carry the URL#pointer of the culprit.
	if v := reflect.ValueOf(err); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		if f := v.Elem().FieldByName("URL"); f.IsValid() && f.Kind() == reflect.String {
			return &loc.Error{Pos: l.Position(f.String()), Msg: l.clean(err.Error())}
		}
	}
	return &loc.Error{Pos: fallback, Msg: l.clean(err.Error())}
}

// metaSchemaError words the meta-schema's verdict on the document at u:
// for each value it refuses, the keyword, the pointer of the schema that
// holds it and the shapes the meta-schema would take there.
func (l *Set) metaSchemaError(u string, ve *jsonschema.ValidationError) error {
	u, _, _ = strings.Cut(u, "#")
	type site struct {
		ptr     []string
		reasons []string
	}
	var sites []*site
	byPtr := map[string]*site{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			key := jsonptr.Join(e.InstanceLocation)
			st := byPtr[key]
			if st == nil {
				st = &site{ptr: e.InstanceLocation}
				byPtr[key] = st
				sites = append(sites, st)
			}
			if r := e.ErrorKind.LocalizedString(printer); !slices.Contains(st.reasons, r) {
				st.reasons = append(st.reasons, r)
			}
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	var errs []error
	for _, st := range sites {
		if slices.ContainsFunc(sites, func(o *site) bool {
			return len(o.ptr) > len(st.ptr) && slices.Equal(o.ptr[:len(st.ptr)], st.ptr)
		}) {
			// A value inside this one is refused: that says more (the
			// "int" of a type ["int", "null"] rather than the list).
			continue
		}
		keyword, schemaPtr := keywordOf(st.ptr)
		what := "the schema"
		if keyword != "" {
			what = fmt.Sprintf("keyword %q of the schema at #%s", keyword, schemaPtr)
		}
		sort.Strings(st.reasons)
		hint := ""
		if keyword == "type" {
			if name, ok := l.Raw(u + "#" + jsonptr.Join(st.ptr)).(string); ok {
				hint = typeHint(name)
			}
		}
		errs = append(errs, &loc.Error{Pos: l.Position(u + "#" + jsonptr.Join(st.ptr)),
			Msg: fmt.Sprintf("%s does not fit the meta-schema: %s", what, strings.Join(st.reasons, "; or ")) + hint + " (schema does not match its meta-schema)"})
	}
	return loc.Join(errs)
}

// typeHint names the JSON Schema type for a type name of a programming
// language (Python's dict, Java's String), as function-calling schemas
// written by hand often have; "" for other names.
func typeHint(name string) string {
	want := map[string]string{
		"dict": "object", "map": "object", "obj": "object", "hash": "object", "record": "object",
		"float": "number", "double": "number", "decimal": "number", "real": "number",
		"int": "integer", "long": "integer", "int32": "integer", "int64": "integer",
		"str": "string", "text": "string", "char": "string",
		"bool": "boolean",
		"list": "array", "tuple": "array", "set": "array", "slice": "array",
		"none": "null", "nil": "null",
	}[strings.ToLower(name)]
	switch {
	case strings.EqualFold(name, "any"):
		return fmt.Sprintf(": %q is no JSON Schema type; leave \"type\" out for any value", name)
	case want != "":
		return fmt.Sprintf(": %q is no JSON Schema type; write %q", name, want)
	}
	for _, t := range []string{"array", "boolean", "integer", "null", "number", "object", "string"} {
		if strings.EqualFold(name, t) {
			return fmt.Sprintf(": type names are lower case; write %q", t)
		}
	}
	return ""
}

// keywordOf returns the keyword a pointer into a schema document ends in
// (or passes through, for an item of a keyword's value) and the pointer of
// the schema that holds it: "" when the pointer names a schema itself.
func keywordOf(ptr []string) (keyword, schemaPtr string) {
	// Keywords whose value is a map of names to schemas, or a list of
	// schemas: the token after them is a name or an index.
	maps := map[string]bool{"properties": true, "patternProperties": true, "definitions": true, "$defs": true, "dependentSchemas": true, "dependencies": true}
	lists := map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
	// Keywords whose value is one schema.
	singles := map[string]bool{"items": true, "additionalItems": true, "additionalProperties": true, "not": true,
		"if": true, "then": true, "else": true, "contains": true, "propertyNames": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true}
	schemaAt := 0
	for i := 0; i < len(ptr); i++ {
		k := ptr[i]
		switch {
		case singles[k] && i == schemaAt && i+1 < len(ptr) && !(lists[k] && isIndex(ptr[i+1])):
			schemaAt = i + 1
			keyword = ""
			continue
		case maps[k] && i+1 < len(ptr):
			i++
			schemaAt = i + 1
			keyword = ""
			continue
		case lists[k] && i+1 < len(ptr) && isIndex(ptr[i+1]):
			i++
			schemaAt = i + 1
			keyword = ""
			continue
		case i == schemaAt:
			keyword = k
		}
	}
	return keyword, jsonptr.Join(ptr[:min(schemaAt, len(ptr))])
}

func isIndex(tok string) bool {
	_, err := strconv.Atoi(tok)
	return err == nil
}

// clean replaces the file URLs of loaded documents in msg with the paths
// a user knows them by.
func (l *Set) clean(msg string) string {
	var urls []string
	for u := range l.docs {
		if strings.HasPrefix(u, "file://") {
			urls = append(urls, u)
		}
	}
	sort.Slice(urls, func(i, j int) bool { return len(urls[i]) > len(urls[j]) })
	for _, u := range urls {
		msg = strings.ReplaceAll(msg, u, l.docs[u].display)
	}
	return msg
}

func (l *Set) DisplayURL(u string) string {
	if strings.HasPrefix(u, "file://") {
		if pu, err := url.Parse(u); err == nil {
			return l.Display(filepath.FromSlash(pu.Path))
		}
	}
	return u
}

// refSite finds the $ref that names target, for errors about loading it;
// with fragment, the fragment must match too.
func (l *Set) refSite(target string, fragment bool, fallback loc.Pos) loc.Pos {
	var urls []string
	for u := range l.docs {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	for _, u := range urls {
		d := l.docs[u]
		bases := l.bases(u)
		ptrs := make([]string, 0, len(d.index))
		for p := range d.index {
			if strings.HasSuffix(p, "/$ref") {
				ptrs = append(ptrs, p)
			}
		}
		sort.Strings(ptrs)
		for _, p := range ptrs {
			ref := refValue(d.data, d.index[p])
			ru, err := url.Parse(ref)
			if err != nil {
				continue
			}
			for _, base := range bases {
				abs := base.ResolveReference(ru)
				if !fragment {
					abs.Fragment = ""
				}
				if abs.String() == target || fragment && abs.String() == strings.TrimSuffix(target, "#") {
					return l.Position(u + "#" + p)
				}
			}
		}
	}
	return fallback
}

// metaSchemaSite returns where a "$schema" names target, a meta-schema
// the library could not load.
func (l *Set) metaSchemaSite(target string) (loc.Pos, bool) {
	target = strings.TrimSuffix(target, "#")
	for _, u := range slices.Sorted(maps.Keys(l.docs)) {
		d := l.docs[u]
		for _, p := range slices.Sorted(maps.Keys(d.index)) {
			if p == "/$schema" || strings.HasSuffix(p, "/$schema") {
				if v, _, _ := strings.Cut(refValue(d.data, d.index[p]), "#"); v == target {
					return l.Position(u + "#" + p), true
				}
			}
		}
	}
	return loc.Pos{}, false
}

// unknownMetaSchema words the error for a "$schema" that names no draft
// structgen knows: draft 3 and older, or a meta-schema of its own (an
// Iglu self-describing schema's, say), which is loaded like any document.
func unknownMetaSchema(u string) string {
	u = strings.TrimSuffix(u, "#")
	for _, old := range []string{"draft-03", "draft-02", "draft-01", "draft-00"} {
		if strings.Contains(u, "json-schema.org/"+old+"/") {
			return fmt.Sprintf("$schema %s: %s is not supported; structgen reads drafts %s: rewrite the schema for draft 4 (required as a list of names beside properties, no extends, type any or disallow) and set $schema to http://json-schema.org/draft-04/schema#", u, strings.Replace(old, "-0", " ", 1), drafts.Names)
		}
	}
	return fmt.Sprintf("$schema %s is no draft structgen knows (%s), and structgen never uses the network: add a `urls` entry that maps its prefix to a folder holding that meta-schema, or set $schema to a draft's", u, drafts.Names)
}

// bases returns the URLs that relative references in document u may
// resolve against: its own, and its root $id (or draft-4 id).
func (l *Set) bases(u string) []*url.URL {
	var out []*url.URL
	base, err := url.Parse(u)
	if err != nil {
		return nil
	}
	out = append(out, base)
	if root, ok := l.Value(u).(map[string]any); ok {
		for _, k := range []string{"$id", "id"} {
			if id, ok := root[k].(string); ok {
				if iu, err := url.Parse(id); err == nil {
					out = append(out, base.ResolveReference(iu))
				}
			}
		}
	}
	return out
}

// refValue reads the JSON string that starts at p.
func refValue(data []byte, p jsonpos.Pos) string {
	lines := bytes.SplitN(data, []byte("\n"), p.Line+1)
	if p.Line-1 >= len(lines) {
		return ""
	}
	line := lines[p.Line-1]
	if p.Col-1 >= len(line) {
		return ""
	}
	s := line[p.Col-1:]
	end := bytes.IndexByte(s[1:], '"')
	if len(s) == 0 || s[0] != '"' || end < 0 {
		return ""
	}
	return string(s[1 : end+1])
}

var printer = message.NewPrinter(language.English)

// refTarget is a $ref found in a document: where it is and which document
// it names.
type refTarget struct {
	ptr, target string
}

// refs lists the $refs of document u that name another document, in
// pointer order, resolving each against the $id in force where it stands,
// and the resources that u embeds (its $id values).
func (l *Set) refs(u string) (out []refTarget, ids []string) {
	base, err := url.Parse(u)
	if err != nil {
		return nil, nil
	}
	root := l.Value(u)
	draft4 := l.cfg.Draft == "4" // a document's draft when it names none
	var walk func(v any, base *url.URL, ptr, key string, draft4 bool)
	walk = func(v any, base *url.URL, ptr, key string, draft4 bool) {
		switch v := v.(type) {
		case map[string]any:
			if key == "enum" || key == "const" || key == "default" || key == "examples" {
				return // values, not schemas
			}
			if s, ok := v["$schema"].(string); ok {
				// The document's draft, or an embedded resource's: draft
				// 4 names a resource with id, as the library reads it.
				if d, ok := drafts.ByURI(s); ok {
					draft4 = d.Name == "4"
				}
			}
			id, _ := v["$id"].(string)
			if id == "" && draft4 {
				id, _ = v["id"].(string)
			}
			if id != "" {
				if iu, err := url.Parse(id); err == nil {
					base = base.ResolveReference(iu)
					r := *base
					r.Fragment = ""
					ids = append(ids, r.String())
				}
			}
			if ref, ok := v["$ref"].(string); ok {
				if ru, err := url.Parse(ref); err == nil {
					t := base.ResolveReference(ru)
					t.Fragment = ""
					if s := t.String(); s != u && !isMetaSchema(s) {
						out = append(out, refTarget{ptr: ptr + "/$ref", target: s})
					}
				}
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k], base, ptr+"/"+jsonptr.Escape(k), k, draft4)
			}
		case []any:
			if key == "enum" || key == "examples" {
				return
			}
			for i, e := range v {
				walk(e, base, fmt.Sprintf("%s/%d", ptr, i), "", draft4)
			}
		}
	}
	walk(root, base, "", "", draft4)
	return out, ids
}

func isMetaSchema(u string) bool {
	return strings.HasPrefix(u, "http://json-schema.org/") || strings.HasPrefix(u, "https://json-schema.org/")
}

// preload loads, in a fixed order, every document that the loaded ones
// reference, so that the compiler's own order (it walks maps) decides
// nothing, and returns an error for every reference that cannot be
// loaded, each at its $ref.
func (l *Set) preload() []error {
	var queue []string
	for u := range l.docs {
		queue = append(queue, u)
	}
	sort.Strings(queue)
	seen := map[string]bool{}
	for _, u := range queue {
		seen[u] = true
	}
	type failure struct {
		target string
		err    error
	}
	var failures []failure
	embedded := map[string]bool{} // resources that a loaded document holds
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		refs, ids := l.refs(u)
		for _, id := range ids {
			embedded[id] = true
		}
		for _, r := range refs {
			if seen[r.target] || embedded[r.target] {
				continue
			}
			seen[r.target] = true
			if _, err := l.Load(r.target); err != nil {
				var pe *loc.Error
				if !errors.As(err, &pe) {
					pe = &loc.Error{Pos: l.Position(u + "#" + r.ptr), Msg: fmt.Sprintf("cannot load %s: %v", l.DisplayURL(r.target), err)}
				}
				failures = append(failures, failure{r.target, pe})
				continue
			}
			queue = append(queue, r.target)
		}
	}
	var errs []error
	for _, f := range failures {
		if !embedded[f.target] { // a document loaded later may hold it
			errs = append(errs, f.err)
		}
	}
	return errs
}
