package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/names"
	"github.com/structgen/structgen/gen/spec"
	"github.com/structgen/structgen/internal/drafts"

	"github.com/structgen/structgen/gen/schema"
)

// fingerprintField is the event property that holds a schema's
// fingerprint (runtime.FingerprintField); tools may not declare it.
const fingerprintField = "schemaFingerprint"

// tool is a tool being built.
type tool struct {
	def            *spec.Tool
	goName         string
	params         *schema.Node // nil: no arguments
	response       *schema.Node
	responseFields []string
}

// resolveTools compiles each tool's schemas and names its types, before
// any type is built, so that every name is known.
func (b *builder) resolveTools(tools []spec.Tool, roots map[string]*schema.Node) []*tool {
	var out []*tool
	goNames := map[string]*spec.Tool{}
	for i := range tools {
		s := &tools[i]
		// A tool's Go name is the user's choice: two that meet are an
		// error, never a rename.
		t := &tool{def: s, goName: names.Go(s.Name)}
		if t.goName == "" {
			b.errorf(s.Pos, "tool name %q has no letter or digit to make a Go name of", s.Name)
			continue
		}
		if other, ok := goNames[t.goName]; ok {
			b.errorf(s.Pos, "tools %q and %q (%s) both make Go name %s; rename one of them", s.Name, other.Name, other.Pos, t.goName)
			continue
		}
		goNames[t.goName] = s
		resolve := func(l, root string, pos loc.Pos) (*schema.Node, bool) {
			switch {
			case root != "":
				n := roots[root]
				return n, n != nil
			case l == "":
				return nil, true
			}
			n, err := b.g.Node(l)
			if err != nil {
				b.errs = append(b.errs, b.l.CompileError(err, pos))
				return nil, false
			}
			return n, true
		}
		var ok1, ok2 bool
		t.params, ok1 = resolve(s.Params, s.ParamsRoot, s.ParamsPos)
		t.response, ok2 = resolve(s.Response, s.ResponseRoot, s.ResponsePos)
		if !ok1 || !ok2 {
			continue
		}
		if t.params != nil && s.ParamsRoot == "" {
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
func (b *builder) checkTool(t *tool, reserved map[string]config.Reserved) {
	s := t.def
	var params *schema.Node
	if t.params != nil {
		params = canon(t.params)
		for _, name := range slices.Sorted(maps.Keys(objectProps(params))) {
			switch name {
			case "kind":
				p := objectProps(params)[name]
				b.errorf(p.Pos, "tool %q has a parameter named \"kind\", which persisted actions use for their type; rename the parameter", s.Name)
			case fingerprintField:
				p := objectProps(params)[name]
				b.errorf(p.Pos, "tool %q has a parameter named %q, which persisted actions use for their schema's fingerprint; rename the parameter", s.Name, name)
			}
		}
	}
	if t.response == nil {
		return
	}
	r := canon(t.response)
	where := b.l.Source(r.Loc)
	if r.Bool != nil || len(r.Properties) == 0 || r.Types != nil && !slicesContains(r.Types, "object") {
		b.errorf(s.ResponsePos, "response schema %s of tool %q is not an object with named properties; a response is merged into the tool's arguments, so it must be one", where, s.Name)
		return
	}
	for _, part := range []struct {
		what string
		n    *schema.Node
	}{{"response", r}, {"parameters", params}} {
		if part.n == nil {
			continue
		}
		keys := append([]string(nil), part.n.Keywords...)
		sort.Strings(keys)
		for _, k := range keys {
			pos := b.l.Position(part.n.Loc + "/" + jsonptr.Escape(k))
			switch {
			case k == "additionalProperties":
				if part.n.AdditionalProperties.IsFalse() {
					continue
				}
				b.errorf(pos, "%s schema of tool %q allows dynamic fields at its top level (additionalProperties); a response schema must name every field it adds", part.what, s.Name)
			case k == "patternProperties":
				b.errorf(pos, "%s schema of tool %q has patternProperties at its top level: dynamic fields cannot be merged with the tool's %s", part.what, s.Name, other(part.what))
			case !mergeKeywords[k]:
				b.errorf(pos, "%s schema of tool %q has %q at its top level, which cannot be merged with the tool's %s; move it into a property's schema", part.what, s.Name, k, other(part.what))
			}
		}
	}
	props := objectProps(r)
	for _, m := range expand(r) {
		for i, req := range m.Required {
			if _, ok := props[req]; !ok {
				b.errorf(b.l.Position(m.Loc+"/required/"+strconv.Itoa(i)), "response schema of tool %q requires %q, which it does not declare", s.Name, req)
			}
		}
	}
	var paramProps map[string]*schema.Node
	if params != nil {
		paramProps = objectProps(params)
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		pos := props[name].Pos
		if name == "kind" {
			b.errorf(pos, "response field \"kind\" of tool %q is reserved: persisted actions use it for their type", s.Name)
		} else if name == fingerprintField {
			b.errorf(pos, "response field %q of tool %q is reserved: persisted actions use it for their schema's fingerprint", name, s.Name)
		} else if r, ok := reserved[name]; ok {
			b.errorf(pos, "response field %q of tool %q is reserved (%s)", name, s.Name, r.Pos)
		}
		if p, ok := paramProps[name]; ok {
			b.errorf(pos, "response field %q of tool %q collides with the tool's own parameter %q (%s)", name, s.Name, name, p.Pos)
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
	s := t.def
	argsName := t.goName + "Args"
	argsLoc := locOf(t.params)
	tl := &ir.Tool{Name: s.Name, GoName: t.goName, Args: argsName, Source: s.Source, Pos: s.Pos,
		SchemaURL: "urn:structgen:tool:" + url.PathEscape(s.Name)}
	draft := drafts.Default.URI
	if t.params != nil {
		draft = b.l.DraftOf(strings.SplitN(argsLoc, "#", 2)[0])
	} else if t.response != nil {
		draft = b.l.DraftOf(strings.SplitN(t.response.Loc, "#", 2)[0])
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
	if s.HasDescription {
		tl.Description = s.Description
	} else if t.params != nil {
		tl.Description = strings.TrimSpace(canon(t.params).Description)
	}

	// The arguments type.
	argsKey := "tool:" + s.Name + ":args"
	var argsType *ir.Type
	if t.params == nil {
		argsType = &ir.Type{Name: argsName, Kind: ir.KindStruct, Source: s.Source, Pos: s.Pos}
		if t.response == nil {
			// Its schema is noParameters': an object with no property.
			b.noParams[argsType] = true
		}
	} else {
		r, null := b.typeOf([]*schema.Node{t.params}, kAll, "")
		switch {
		case r.Kind == ir.RefNamed && r.Name == argsName && b.refs[r] != nil:
			argsType = b.refs[r]
		case r.Kind == ir.RefNamed:
			// A type of its own that embeds the shared one keeps its JSON
			// methods and can carry the action methods.
			argsType = &ir.Type{Name: argsName, Kind: ir.KindStruct, Source: b.l.Source(argsLoc), Pos: s.Pos,
				Fields: []*ir.Field{{Name: r.Name, Type: r, Embedded: true}}}
			// Its schema is the parameters': where that is the shared
			// type's, the shared type's decoder reads it (sameSchema).
			b.valueSites[argsType] = []*schema.Node{t.params}
		default:
			if null && !r.Nilable() {
				r = &ir.Ref{Kind: ir.RefPointer, Elem: r}
			}
			argsType = &ir.Type{Name: argsName, Kind: ir.KindDefined, Underlying: r, Source: b.l.Source(argsLoc), Pos: s.Pos}
			b.valueSites[argsType] = []*schema.Node{t.params}
		}
	}
	if argsType == nil {
		b.errorf(s.Pos, "internal: no arguments type for tool %q", s.Name)
		return
	}
	if ot, exists := b.chosen[argsName]; !exists {
		b.register(argsType, &naming{key: argsKey, chosen: true, ladder: []string{argsName}})
	} else if ot != argsType {
		b.errorf(s.Pos, "Go type name %s of tool %q's arguments is taken by %s (%s)", argsName, s.Name, ot.Source, ot.Pos)
		return
	}
	if len(argsType.Schemas) == 0 {
		argsType.Schemas = []string{b.l.Stable(locOf(t.params))}
		if t.params == nil {
			argsType.Schemas = []string{tl.SchemaURL + "#"}
		}
	}

	action := argsType
	if t.response != nil {
		r, _ := b.typeOf([]*schema.Node{t.response}, kAll, "")
		if r.Kind != ir.RefNamed {
			b.errorf(s.ResponsePos, "response schema of tool %q does not map to a struct", s.Name)
			return
		}
		tl.Response, tl.ResponsePkg = r.Name, r.Pkg
		b.toolResponses[tl] = r
		name := t.goName + "Action"
		if s.Kind != "" {
			name = s.Kind
		}
		action = &ir.Type{Name: name, Kind: ir.KindAction, Source: s.Source, Pos: s.Pos,
			Fields: []*ir.Field{
				{Name: argsName, Type: b.refTo(argsType), Embedded: true},
				{Name: r.Name, Type: r, Embedded: true},
			},
			ResponseFields: t.responseFields,
			Doc:            fmt.Sprintf("%s is a call of tool %q: the tool's own arguments and its structured response, flat on the wire.", name, s.Name),
		}
		key := "tool:" + s.Name + ":action"
		if ot, ok := b.chosen[name]; ok {
			if ot.Tool != "" {
				b.errorf(s.Pos, "action type %s of tool %q is also the action type of tool %q (%s); set `kind` to tell them apart", name, s.Name, ot.Tool, ot.Pos)
			} else {
				b.errorf(s.Pos, "action type %s of tool %q is taken by %s (%s); set `kind` to name it", name, s.Name, ot.Source, ot.Pos)
			}
			return
		}
		b.register(action, &naming{key: key, chosen: true, ladder: []string{name}})
	} else if s.Kind != "" {
		b.errorf(s.KindPos, "kind names the action type of a tool with a response schema; tool %q has none, so its action type is %s", s.Name, argsName)
	}
	if action.Tool != "" {
		b.errorf(s.Pos, "tools %q and %q share the arguments type %s; give one of them a response schema or its own parameters", action.Tool, s.Name, action.Name)
		return
	}
	action.Tool = s.Name
	action.ToolSchema = tl.SchemaURL + "#"
	tl.Action = action.Name
	tl.Schema = text
	if t.response != nil {
		bd := newBundler(b.l, b.g, b.l.DraftOf(strings.SplitN(t.response.Loc, "#", 2)[0]))
		root := bd.standalone(t.response.Loc)
		if bd.err != nil {
			b.errs = append(b.errs, bd.err)
			return
		}
		tl.ResponseSchema = string(ojson.Marshal(root)) + "\n"
	}
	sum := sha256.Sum256([]byte(text))
	tl.Fingerprint = hex.EncodeToString(sum[:6])
	tl.Idents = toolIdents(tl.GoName, tl.Response != "")
	action.ToolFingerprint = tl.Idents.Fingerprint
	b.pkg.Tools = append(b.pkg.Tools, tl)
	b.pkg.Resources = append(b.pkg.Resources, ir.Resource{URL: tl.SchemaURL, Text: text})
}

func canonOrNil(s *schema.Node) *schema.Node {
	if s == nil {
		return nil
	}
	return canon(s)
}
