package build

import (
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"

	"github.com/structgen/structgen/gen/schema"

	"github.com/structgen/structgen/gen/internal/ojson"
)

// bundler copies schemas out of their documents into one self-contained
// document: every $ref is rewritten to point into the document's own
// $defs, which receives a copy of each referenced schema. The result is
// what a model is shown and what its output is validated against, so the
// copy must keep every keyword's meaning: all documents must share one
// draft.
type bundler struct {
	l     Documents
	g     *schema.Graph
	draft string            // meta-schema URI of every document involved
	defs  map[string]string // target location → key in $defs
	vals  *ojson.Object     // the $defs
	err   error
}

func newBundler(l Documents, g *schema.Graph, draft string) *bundler {
	return &bundler{l: l, g: g, draft: draft, defs: map[string]string{}, vals: ojson.NewObject()}
}

// defsKey is where old drafts keep definitions.
func (bd *bundler) defsKey() string {
	if legacy(bd.draft) {
		return "definitions"
	}
	return "$defs"
}

func (bd *bundler) fail(at, format string, args ...any) {
	if bd.err == nil {
		bd.err = loc.Errorf(bd.l.Position(at), format, args...)
	}
}

// raw returns the JSON value at at (URL#pointer), keys in order.
func (bd *bundler) raw(at string) any {
	u, frag, _ := strings.Cut(at, "#")
	if d := bd.l.DraftOf(u); d != bd.draft {
		bd.fail(at, "%s uses JSON Schema %s but the tool's other schemas use %s; structgen cannot merge schemas of different drafts into one", bd.l.DisplayURL(u), draftName(d), draftName(bd.draft))
		return nil
	}
	return jsonptr.Lookup(bd.l.Ordered(u), jsonptr.Tokens(frag))
}

// dropped from copies: identifiers and definitions that the rewritten
// references no longer need.
var droppedKeywords = map[string]bool{"$defs": true, "definitions": true, "$id": true, "$schema": true,
	"$anchor": true, "$dynamicAnchor": true, "$recursiveAnchor": true, "$comment": true, "$vocabulary": true}

// copySchema returns a copy of the schema at at with references rewritten.
func (bd *bundler) copySchema(at string) any {
	return bd.copyValue(bd.raw(at), at)
}

func (bd *bundler) copyValue(v any, at string) any {
	o, ok := v.(*ojson.Object)
	if !ok {
		return ojson.Clone(v) // a boolean schema
	}
	out := ojson.NewObject()
	for _, k := range o.Keys {
		val := o.Vals[k]
		child := at + "/" + jsonptr.Escape(k)
		switch {
		case k == "id" && bd.draft == drafts.All[0].URI:
			if _, isStr := val.(string); isStr {
				continue
			}
			out.Set(k, ojson.Clone(val))
		case droppedKeywords[k]:
		case k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef":
			if _, isStr := val.(string); !isStr {
				out.Set(k, ojson.Clone(val))
				continue
			}
			out.Set("$ref", "#/"+bd.defsKey()+"/"+jsonptr.Escape(bd.def(bd.target(at, k))))
		case schema.MapKeywords[k]:
			m, isObj := val.(*ojson.Object)
			if !isObj {
				out.Set(k, ojson.Clone(val))
				continue
			}
			cm := ojson.NewObject()
			for _, name := range m.Keys {
				if arr, isArr := m.Vals[name].([]any); isArr && k == "dependencies" {
					cm.Set(name, ojson.Clone(arr)) // property names, not a schema
					continue
				}
				cm.Set(name, bd.copyValue(m.Vals[name], child+"/"+jsonptr.Escape(name)))
			}
			out.Set(k, cm)
		case schema.ListKeywords[k]:
			if arr, isArr := val.([]any); isArr {
				ca := make([]any, len(arr))
				for i, e := range arr {
					ca[i] = bd.copyValue(e, child+"/"+strconv.Itoa(i))
				}
				out.Set(k, ca)
				continue
			}
			out.Set(k, bd.copyValue(val, child))
		case schema.SchemaKeywords[k]:
			out.Set(k, bd.copyValue(val, child))
		default:
			out.Set(k, ojson.Clone(val)) // values: enum, const, default, …
		}
	}
	return out
}

// target returns the location that the reference keyword kw of the schema
// at at resolves to.
func (bd *bundler) target(at, kw string) string {
	s, err := bd.g.Node(at)
	if err != nil {
		bd.fail(at, "%v", err)
		return at
	}
	switch {
	case kw == "$ref" && s.Ref != nil:
		return s.Ref.Loc
	case kw == "$recursiveRef" && s.RecursiveRef != nil:
		return s.RecursiveRef.Loc
	case kw == "$dynamicRef" && s.DynamicRef != nil && s.DynamicRef.Ref != nil:
		return s.DynamicRef.Ref.Loc
	}
	bd.fail(at, "cannot resolve %s here", kw)
	return at
}

// def returns the $defs key that holds a copy of the schema at target.
func (bd *bundler) def(target string) string {
	if key, ok := bd.defs[target]; ok {
		return key
	}
	base := defName(target)
	key := base
	for n := 2; bd.vals.Vals[key] != nil; n++ {
		key = base + strconv.Itoa(n)
	}
	bd.defs[target] = key
	bd.vals.Set(key, true) // placeholder while the copy recurses
	bd.vals.Set(key, bd.copySchema(target))
	return key
}

// defName is a readable $defs key for the schema at loc.
func defName(at string) string {
	u, frag, _ := strings.Cut(at, "#")
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	if ptr == "" || ptr == "/" {
		base := path.Base(u)
		return strings.TrimSuffix(base, path.Ext(base))
	}
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	name := strings.ReplaceAll(strings.ReplaceAll(toks[len(toks)-1], "~1", "/"), "~0", "~")
	if _, err := strconv.Atoi(name); err == nil && len(toks) > 1 {
		name = toks[len(toks)-2] + name
	}
	return name
}

func draftName(uri string) string {
	if d, ok := drafts.ByURI(uri); ok {
		return "draft " + d.Name
	}
	return uri
}

func legacy(uri string) bool {
	d, ok := drafts.ByURI(uri)
	return ok && d.Legacy()
}

// mergeKeywords are the top-level keywords of a tool's parameters or
// response schema that the augmented schema can combine.
var mergeKeywords = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"title": true, "description": true, "$schema": true, "$id": true, "$defs": true,
	"definitions": true, "$comment": true, "examples": true, "default": true, "deprecated": true,
}

// augment builds a tool's schema: its parameters' properties, then the
// response's, one required list, and closed when either part is.
func (bd *bundler) augment(params, response string) string {
	root := ojson.NewObject()
	if bd.draft != drafts.Default.URI {
		root.Set("$schema", bd.draft)
	}
	root.Set("type", "object")
	props := ojson.NewObject()
	var required []any
	closed := false
	parts := []string{params, response}
	for i, at := range parts {
		if at == "" {
			continue
		}
		o, _ := bd.copySchema(at).(*ojson.Object)
		if o == nil {
			continue
		}
		if i == 0 {
			if d, ok := o.Vals["description"]; ok {
				root.Set("description", d)
			}
		}
		if p, ok := o.Vals["properties"].(*ojson.Object); ok {
			for _, k := range p.Keys {
				props.Set(k, p.Vals[k])
			}
		}
		if r, ok := o.Vals["required"].([]any); ok {
			required = append(required, r...)
		}
		if ap, ok := o.Vals["additionalProperties"].(bool); ok && !ap {
			closed = true
		}
		if i == 0 {
			for _, k := range o.Keys {
				if !mergeKeywords[k] {
					root.Set(k, o.Vals[k]) // kept as they are; checkMergeable refuses them beside a response
				}
			}
			if response == "" {
				if ap, ok := o.Vals["additionalProperties"]; ok {
					root.Set("additionalProperties", ap)
				}
			}
		}
	}
	root.Set("properties", props)
	if len(required) > 0 {
		root.Set("required", required)
	}
	if closed {
		root.Set("additionalProperties", false)
	}
	if len(bd.vals.Keys) > 0 {
		root.Set(bd.defsKey(), bd.vals)
	}
	return string(ojson.Marshal(root)) + "\n"
}

// standalone returns the schema at at as a document of its own: a bare
// $ref is followed, and every referenced schema copied into $defs.
func (bd *bundler) standalone(at string) *ojson.Object {
	if s, err := bd.g.Node(at); err == nil {
		at = canon(s).Loc
	}
	v := bd.copySchema(at)
	root, ok := v.(*ojson.Object)
	if !ok {
		root = ojson.NewObject()
		if b, _ := v.(bool); !b {
			root.Set("not", ojson.NewObject())
		}
	}
	doc := ojson.NewObject()
	if bd.draft != drafts.Default.URI {
		doc.Set("$schema", bd.draft)
	}
	for _, k := range root.Keys {
		doc.Set(k, root.Vals[k])
	}
	if len(bd.vals.Keys) > 0 {
		doc.Set(bd.defsKey(), bd.vals)
	}
	return doc
}

// noParameters is the schema of a tool that takes no arguments.
func noParameters(draft string) string {
	root := ojson.NewObject()
	if draft != drafts.Default.URI {
		root.Set("$schema", draft)
	}
	root.Set("type", "object")
	root.Set("properties", ojson.NewObject())
	root.Set("additionalProperties", false)
	return string(ojson.Marshal(root)) + "\n"
}
