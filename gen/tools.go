package gen

import (
	"fmt"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/schema"

	"github.com/structgen/structgen/gen/names"
)

// toolSpec is one tool after imports are expanded.
type toolSpec struct {
	name, description string
	hasDescription    bool
	params            string // location of the parameters schema; "" for none
	paramsName        string // the `schemas` entry it names, if any
	response          string // location of the response schema; "" for none
	responseName      string
	kind              string
	pos               Pos // where the tool is defined
	source            string
	paramsPos         Pos
	responsePos       Pos
	kindPos           Pos
	imported          bool
}

// expandTools turns the config's tool entries into one spec per tool,
// reading MCP and OpenAI function definition files.
func (b *builder) expandTools(cfg *Config) []*toolSpec {
	var out []*toolSpec
	byName := map[string]*toolSpec{}
	var attach []ToolEntry
	add := func(t *toolSpec) {
		if other, ok := byName[t.name]; ok {
			b.errorf(t.pos, "tool %q is defined twice: here and at %s", t.name, other.pos)
			return
		}
		byName[t.name] = t
		out = append(out, t)
	}
	for _, e := range cfg.Tools {
		// An inline schema is a document of its own.
		if e.ParametersInline != nil {
			e.Parameters = b.l.inlineURLs[e.ParametersInline] + "#"
		}
		if e.ResponseInline != nil {
			e.Response = b.l.inlineURLs[e.ResponseInline] + "#"
		}
		switch {
		case e.MCP != "" || e.Functions != "":
			glob := e.MCP
			if glob == "" {
				glob = e.Functions
			}
			imported := b.importTools(cfg, e, glob, e.MCP != "")
			if e.Response != "" && len(imported) != 1 {
				b.errorf(e.ResponsePos, "response on an entry that imports %d tools: a response schema attaches to exactly one tool; add an entry {name: TOOL, response: %s} for the one it belongs to", len(imported), e.Response)
				continue
			}
			for _, t := range imported {
				if e.Response != "" {
					t.response, t.responsePos = e.Response, e.ResponsePos
				}
				if e.Kind != "" {
					if len(imported) != 1 {
						b.errorf(e.KindPos, "kind on an entry that imports %d tools: a kind names exactly one action type", len(imported))
						continue
					}
					t.kind, t.kindPos = e.Kind, e.KindPos
				}
				add(t)
			}
		default:
			if e.Parameters == "" && !e.HasDescription && (e.Response != "" || e.Kind != "") {
				attach = append(attach, e) // may name an imported tool
				continue
			}
			add(&toolSpec{name: e.Name, description: e.Description, hasDescription: e.HasDescription,
				params: e.Parameters, paramsPos: e.ParametersPos, response: e.Response, responsePos: e.ResponsePos,
				kind: e.Kind, kindPos: e.KindPos, pos: e.Pos, source: filepath.Base(cfg.File)})
		}
	}
	// {name, response, kind} adds to an imported tool of that name, or
	// defines a tool that takes no arguments.
	for _, e := range attach {
		if t, ok := byName[e.Name]; ok && t.imported {
			if e.Response != "" {
				if t.response != "" {
					b.errorf(e.ResponsePos, "tool %q already has a response schema (%s)", e.Name, t.responsePos)
				}
				t.response, t.responsePos = e.Response, e.ResponsePos
			}
			if e.Kind != "" {
				t.kind, t.kindPos = e.Kind, e.KindPos
			}
			continue
		}
		add(&toolSpec{name: e.Name, response: e.Response, responsePos: e.ResponsePos, kind: e.Kind, kindPos: e.KindPos, pos: e.Pos, source: filepath.Base(cfg.File)})
	}
	return out
}

// importTools reads the tool definitions in the files that glob matches:
// MCP Tool objects or tools/list results (mcp), or OpenAI function
// definitions, alone or in a list (functions).
func (b *builder) importTools(cfg *Config, e ToolEntry, glob string, mcp bool) []*toolSpec {
	files, err := filepath.Glob(cfg.Path(glob))
	if err != nil {
		b.errorf(e.Pos, "bad pattern %q: %v", glob, err)
		return nil
	}
	if len(files) == 0 {
		b.errorf(e.Pos, "%q matches no files", glob)
		return nil
	}
	sort.Strings(files)
	var out []*toolSpec
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			b.errorf(e.Pos, "%v", err)
			continue
		}
		u := fileURL(abs)
		if _, err := b.l.Load(u); err != nil {
			if pe, ok := err.(*PosError); ok {
				b.errs = append(b.errs, pe)
			} else {
				b.errorf(e.Pos, "cannot load %s: %v", b.l.display(abs), err)
			}
			continue
		}
		var objs []string // pointers of tool objects in the file
		if _, isList := b.l.value(u).([]any); isList {
			// A schema document must be an object: read the list as
			// {"tools": [...]}, positions mapped back to the file.
			b.l.wrapList(u, "tools")
			for i := range b.l.value(u).(map[string]any)["tools"].([]any) {
				objs = append(objs, "/tools/"+strconv.Itoa(i))
			}
		}
		switch v := b.l.value(u).(type) {
		case map[string]any:
			if len(objs) > 0 {
				break
			}
			if list, ok := v["tools"].([]any); ok {
				for i := range list {
					objs = append(objs, "/tools/"+strconv.Itoa(i))
				}
			} else {
				objs = append(objs, "")
			}
		default:
			b.errorf(Pos{File: b.l.display(abs), Line: 1, Col: 1}, "want a tool definition object or a list of them")
			continue
		}
		for _, ptr := range objs {
			if t := b.importTool(u, ptr, mcp); t != nil {
				out = append(out, t)
			}
		}
	}
	return out
}

func (b *builder) importTool(u, ptr string, mcp bool) *toolSpec {
	obj, _ := b.pointerValue(u, ptr).(map[string]any)
	pos := b.l.position(u + "#" + ptr)
	if obj == nil {
		b.errorf(pos, "want a tool definition object")
		return nil
	}
	paramsKey := "inputSchema"
	if !mcp {
		if fn, ok := obj["function"].(map[string]any); ok {
			obj, ptr = fn, ptr+"/function"
		}
		paramsKey = "parameters"
	}
	name, _ := obj["name"].(string)
	if name == "" {
		b.errorf(pos, "tool definition without a \"name\"")
		return nil
	}
	t := &toolSpec{name: name, pos: pos, imported: true, source: b.l.source(u + "#" + ptr)}
	if d, ok := obj["description"].(string); ok {
		t.description, t.hasDescription = d, true
	}
	if _, ok := obj[paramsKey]; ok {
		t.params = u + "#" + ptr + "/" + paramsKey
		t.paramsPos = b.l.position(t.params)
	} else if mcp {
		b.errorf(pos, "MCP tool %q has no inputSchema", name)
		return nil
	}
	return t
}

// pointerValue returns the value at ptr in document u.
func (b *builder) pointerValue(u, ptr string) any {
	return jsonptr.Lookup(b.l.value(u), jsonptr.Tokens(ptr))
}

// tool is a tool being built.
type tool struct {
	spec           *toolSpec
	goName         string
	params         *schema.Node // nil: no arguments
	response       *schema.Node
	responseFields []string
}

// resolveTools compiles each tool's schemas and names its types, before
// any type is built, so that every name is known.
func (b *builder) resolveTools(cfg *Config, specs []*toolSpec, compile func(ref string, pos Pos) *schema.Node, roots map[string]*schema.Node) []*tool {
	var out []*tool
	goNames := map[string]*toolSpec{}
	for _, s := range specs {
		t := &tool{spec: s, goName: names.Go(s.name)}
		if t.goName == "" {
			b.errorf(s.pos, "tool name %q has no letter or digit to make a Go name of", s.name)
			continue
		}
		if other, ok := goNames[t.goName]; ok {
			b.errorf(s.pos, "tools %q and %q (%s) both make Go name %s; rename one of them", s.name, other.name, other.pos, t.goName)
			continue
		}
		goNames[t.goName] = s
		resolve := func(ref string, pos Pos) (*schema.Node, string) {
			if ref == "" {
				return nil, ""
			}
			if s, ok := roots[ref]; ok {
				return s, ref // a name from `schemas`
			}
			if strings.Contains(ref, "://") {
				sch, err := b.g.Node(ref)
				if err != nil {
					b.errs = append(b.errs, b.l.compileError(err, pos))
					return nil, ""
				}
				return sch, ""
			}
			return compile(ref, pos), ""
		}
		t.params, s.paramsName = resolve(s.params, s.paramsPos)
		t.response, s.responseName = resolve(s.response, s.responsePos)
		if s.params != "" && t.params == nil || s.response != "" && t.response == nil {
			continue
		}
		if t.params != nil && s.paramsName == "" {
			if _, named := b.rootNames[t.params.Loc]; !named {
				b.rootNames[t.params.Loc] = t.goName + "Args"
				if t.response == nil {
					// The arguments type is the action type: its fields may
					// not take the names of the Action methods.
					b.actionLocs[t.params.Loc] = true
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// rawObject returns the JSON object at loc.
func (b *builder) rawObject(loc string) map[string]any {
	u, toks := jsonptr.SplitLoc(loc)
	o, _ := jsonptr.Lookup(b.l.value(u), toks).(map[string]any)
	return o
}

// objectProps returns the properties a schema declares at its top level,
// through $ref and allOf, with where each is declared.
func objectProps(s *schema.Node) map[string]*schema.Node {
	out := map[string]*schema.Node{}
	for _, m := range expand(s) {
		for name, p := range m.Properties {
			if _, ok := out[name]; !ok {
				out[name] = p
			}
		}
	}
	return out
}

// checkTool reports what keeps a tool's schemas from merging into one.
func (b *builder) checkTool(t *tool, reserved map[string]Reserved) {
	s := t.spec
	var params *schema.Node
	if t.params != nil {
		params = canon(t.params)
		for _, name := range sortedKeys(objectProps(params)) {
			if name == "kind" {
				p := objectProps(params)[name]
				b.errorf(b.l.position(p.Loc), "tool %q has a parameter named \"kind\", which persisted actions use for their type; rename the parameter", s.name)
			}
		}
	}
	if t.response == nil {
		return
	}
	r := canon(t.response)
	raw := b.rawObject(r.Loc)
	where := b.l.source(r.Loc)
	if raw == nil || len(r.Properties) == 0 || r.Types != nil && !slicesContains(r.Types, "object") {
		b.errorf(s.responsePos, "response schema %s of tool %q is not an object with named properties; a response is merged into the tool's arguments, so it must be one", where, s.name)
		return
	}
	for _, part := range []struct {
		what string
		loc  string
		raw  map[string]any
	}{{"response", r.Loc, raw}, {"parameters", locOf(params), b.rawObject(locOf(params))}} {
		for _, k := range sortedKeys(part.raw) {
			pos := b.l.position(part.loc + "/" + jsonptr.Escape(k))
			switch {
			case k == "additionalProperties":
				if v, ok := part.raw[k].(bool); ok && !v {
					continue
				}
				b.errorf(pos, "%s schema of tool %q allows dynamic fields at its top level (additionalProperties); a response schema must name every field it adds", part.what, s.name)
			case k == "patternProperties":
				b.errorf(pos, "%s schema of tool %q has patternProperties at its top level: dynamic fields cannot be merged with the tool's %s", part.what, s.name, other(part.what))
			case !mergeKeywords[k]:
				b.errorf(pos, "%s schema of tool %q has %q at its top level, which cannot be merged with the tool's %s; move it into a property's schema", part.what, s.name, k, other(part.what))
			}
		}
	}
	props := objectProps(r)
	for _, m := range expand(r) {
		for i, req := range m.Required {
			if _, ok := props[req]; !ok {
				b.errorf(b.l.position(m.Loc+"/required/"+strconv.Itoa(i)), "response schema of tool %q requires %q, which it does not declare", s.name, req)
			}
		}
	}
	var paramProps map[string]*schema.Node
	if params != nil {
		paramProps = objectProps(params)
	}
	for _, name := range sortedKeys(props) {
		pos := b.l.position(props[name].Loc)
		if name == "kind" {
			b.errorf(pos, "response field \"kind\" of tool %q is reserved: persisted actions use it for their type", s.name)
		} else if r, ok := reserved[name]; ok {
			b.errorf(pos, "response field %q of tool %q is reserved (%s)", name, s.name, r.Pos)
		}
		if p, ok := paramProps[name]; ok {
			b.errorf(pos, "response field %q of tool %q collides with the tool's own parameter %q (%s)", name, s.name, name, b.l.position(p.Loc))
		}
		t.responseFields = append(t.responseFields, name)
	}
}

func other(part string) string {
	if part == "response" {
		return "parameters"
	}
	return "response"
}

func locOf(s *schema.Node) string {
	if s == nil {
		return ""
	}
	return s.Loc
}

func slicesContains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// buildTool maps a checked tool to types and its augmented schema.
func (b *builder) buildTool(t *tool) {
	s := t.spec
	argsName := t.goName + "Args"
	argsLoc := locOf(t.params)
	ir := &Tool{Name: s.name, GoName: t.goName, Args: argsName, Source: s.source, Pos: s.pos,
		SchemaURL: "urn:structgen:tool:" + url.PathEscape(s.name)}
	draft := drafts["2020-12"]
	if t.params != nil {
		draft = b.l.draftOf(strings.SplitN(argsLoc, "#", 2)[0])
	} else if t.response != nil {
		draft = b.l.draftOf(strings.SplitN(t.response.Loc, "#", 2)[0])
	}
	var text string
	if t.params == nil && t.response == nil {
		text = noParameters(draft)
	} else {
		bd := newBundler(b.l, b.g, draft)
		text = bd.augment(locOf(canonOrNil(t.params)), locOf(canonOrNil(t.response)))
		if bd.err != nil {
			b.errs = append(b.errs, bd.err)
			return
		}
	}
	if s.hasDescription {
		ir.Description = s.description
	} else if t.params != nil {
		ir.Description = strings.TrimSpace(canon(t.params).Description)
	}

	// The arguments type.
	argsKey := "tool:" + s.name + ":args"
	var argsType *Type
	if t.params == nil {
		argsType = &Type{Name: argsName, Kind: KindStruct, Source: s.source, Pos: s.pos}
	} else {
		r, null := b.typeOf([]*schema.Node{t.params}, kAll, "")
		switch {
		case r.Kind == RefNamed && r.Name == argsName && b.refs[r] != nil:
			argsType = b.refs[r]
		case r.Kind == RefNamed:
			// A type of its own that embeds the shared one keeps its JSON
			// methods and can carry the action methods.
			argsType = &Type{Name: argsName, Kind: KindStruct, Source: b.l.source(argsLoc), Pos: s.pos,
				Fields: []*Field{{Name: r.Name, Type: r, Embedded: true}}}
		default:
			if null && !r.nilable() {
				r = &Ref{Kind: RefPointer, Elem: r}
			}
			argsType = &Type{Name: argsName, Kind: KindDefined, Underlying: r, Source: b.l.source(argsLoc), Pos: s.pos}
		}
	}
	if argsType == nil {
		b.errorf(s.pos, "internal: no arguments type for tool %q", s.name)
		return
	}
	if ot, exists := b.chosen[argsName]; !exists {
		b.register(argsType, &naming{key: argsKey, chosen: true, ladder: []string{argsName}})
	} else if ot != argsType {
		b.errorf(s.pos, "Go type name %s of tool %q's arguments is taken by %s (%s)", argsName, s.name, ot.Source, ot.Pos)
		return
	}
	if len(argsType.Schemas) == 0 {
		argsType.Schemas = []string{locOf(t.params)}
		if t.params == nil {
			argsType.Schemas = []string{ir.SchemaURL + "#"}
		}
	}

	action := argsType
	if t.response != nil {
		r, _ := b.typeOf([]*schema.Node{t.response}, kAll, "")
		if r.Kind != RefNamed {
			b.errorf(s.responsePos, "response schema of tool %q does not map to a struct", s.name)
			return
		}
		ir.Response, ir.ResponsePkg = r.Name, r.Pkg
		b.toolResponses[ir] = r
		name := t.goName + "Action"
		if s.kind != "" {
			name = s.kind
		}
		action = &Type{Name: name, Kind: KindAction, Source: s.source, Pos: s.pos,
			Fields: []*Field{
				{Name: argsName, Type: b.refTo(argsType), Embedded: true},
				{Name: r.Name, Type: r, Embedded: true},
			},
			ResponseFields: t.responseFields,
			Doc:            fmt.Sprintf("%s is a call of tool %q: the tool's own arguments and its structured response, flat on the wire.", name, s.name),
		}
		key := "tool:" + s.name + ":action"
		if ot, ok := b.chosen[name]; ok {
			if ot.Tool != "" {
				b.errorf(s.pos, "action type %s of tool %q is also the action type of tool %q (%s); set `kind` to tell them apart", name, s.name, ot.Tool, ot.Pos)
			} else {
				b.errorf(s.pos, "action type %s of tool %q is taken by %s (%s); set `kind` to name it", name, s.name, ot.Source, ot.Pos)
			}
			return
		}
		b.register(action, &naming{key: key, chosen: true, ladder: []string{name}})
	} else if s.kind != "" {
		b.errorf(s.kindPos, "kind names the action type of a tool with a response schema; tool %q has none, so its action type is %s", s.name, argsName)
	}
	if action.Tool != "" {
		b.errorf(s.pos, "tools %q and %q share the arguments type %s; give one of them a response schema or its own parameters", action.Tool, s.name, action.Name)
		return
	}
	action.Tool = s.name
	action.ToolSchema = ir.SchemaURL + "#"
	ir.Action = action.Name
	b.toolDialects(ir, text)
	b.pkg.Tools = append(b.pkg.Tools, ir)
	b.pkg.Resources = append(b.pkg.Resources, Resource{URL: ir.SchemaURL, Text: text})
}

func canonOrNil(s *schema.Node) *schema.Node {
	if s == nil {
		return nil
	}
	return canon(s)
}
