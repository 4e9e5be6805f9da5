package schema

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/structgen/structgen/internal/testhook"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
	"github.com/structgen/structgen/internal/ecmaregex"
)

// Documents are the loaded schema documents (source.Set): the library
// loads them through it, and nodes take their positions and drafts from
// it.
type Documents interface {
	jsonschema.URLLoader
	// Position returns where the value at a location is written.
	Position(at string) loc.Pos
	// DraftOf returns the meta-schema URI of the document at URL u.
	DraftOf(u string) string
	// DefaultDraft returns the meta-schema URI of documents that name none.
	DefaultDraft() string
	// Raw returns the JSON value at a location, objects with their keys
	// in document order (*ojson.Object). The library does not keep every
	// keyword (format, when it does not assert it); those are read here.
	Raw(at string) any
}

// Graph holds the nodes of every schema compiled so far, by location. The
// validator library compiles them: it resolves references, checks each
// schema against its meta-schema, and reads every draft's keywords.
type Graph struct {
	c     *jsonschema.Compiler
	docs  Documents
	nodes map[*jsonschema.Schema]*Node
	byLoc map[string]*Node
	// visiting is the location last asked for: what a stage was
	// processing, should it fail.
	visiting string
	// notes say which keywords a node's draft ignores.
	notes []error
}

// NewGraph returns an empty graph over docs.
func NewGraph(docs Documents) *Graph {
	return &Graph{c: NewCompiler(docs), docs: docs, nodes: map[*jsonschema.Schema]*Node{}, byLoc: map[string]*Node{}}
}

// NewCompiler returns the validator library's compiler as the graph
// configures it: the documents' default draft, ECMAScript regular
// expressions (JSON Schema's dialect, which Go's regexp, the library's
// default, does not fully read), docs as the only loader.
func NewCompiler(docs Documents) *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	if d, ok := drafts.ByURI(docs.DefaultDraft()); ok {
		c.DefaultDraft(d.Lib)
	}
	c.UseRegexpEngine(ecmaregex.Compile)
	c.UseLoader(docs)
	return c
}

func (g *Graph) pos(at string) loc.Pos { return g.docs.Position(at) }

// noteIgnored notes each keyword of the schema at at that its draft does
// not define, so ignores, where another draft would honour it: a draft-04
// schema's const reads as {} (valid data refused by a oneOf of consts),
// and the author should hear so when generating.
func (g *Graph) noteIgnored(at, draftURI string, keys []string) {
	d, ok := drafts.ByURI(draftURI)
	if !ok {
		return
	}
	for _, k := range keys {
		if o, ok := d.Honouring(k); ok {
			g.notes = append(g.notes, loc.Errorf(g.pos(at+"/"+jsonptr.Escape(k)),
				"note: %q is not a keyword of draft %s, so it is ignored; \"$schema\": %q would honour it", k, d.Name, o.URI))
		}
	}
}

// noteAlias notes a document whose "$schema" names the newest draft by
// its alias ("http://json-schema.org/schema#"): it reads as 2020-12 today
// and as another draft once there is one, so the author should name the
// draft the schema was written for.
func (g *Graph) noteAlias(at string, raw *ojson.Object) {
	uri, ok := raw.Vals["$schema"].(string)
	if !ok || !strings.HasSuffix(at, "#") || !drafts.Alias(uri) {
		return
	}
	d, _ := drafts.ByURI(uri)
	g.notes = append(g.notes, loc.Errorf(g.pos(at+"/$schema"),
		"note: %q names whichever draft is newest, so it is read as draft %s today and as another draft later; \"$schema\": %q names this one", uri, d.Name, d.URI))
}

// Notes returns what the graph noted of the schemas it built
// ("file:line:col: note: …"), in order of position.
func (g *Graph) Notes() []string {
	notes := slices.Clone(g.notes)
	loc.Sort(notes)
	var out []string
	for _, n := range notes {
		out = append(out, n.Error())
	}
	return slices.Compact(out)
}

// Visiting returns the location the graph was last asked for and where it
// is written: what a stage was processing, should it fail. "" when none.
func (g *Graph) Visiting() string {
	if g == nil || g.visiting == "" {
		return ""
	}
	_, ptr, _ := strings.Cut(g.visiting, "#")
	return fmt.Sprintf("%s (#%s)", g.pos(g.visiting), ptr)
}

// draft returns the meta-schema URI of the draft the library compiled s
// in: the draft of its resource (an embedded one's own $schema, a
// meta-schema of its own followed to its draft), which the generated
// code must read it in too.
func (g *Graph) draft(s *jsonschema.Schema) string {
	if d, ok := drafts.ByVersion(s.DraftVersion); ok {
		return d.URI
	}
	u, _, _ := strings.Cut(s.Location, "#")
	return g.docs.DraftOf(u)
}

// Node returns the node at location l (URL#pointer), compiling it and
// everything it reaches on first use.
func (g *Graph) Node(l string) (*Node, error) {
	g.visiting = l
	testhook.Fire("schema", l)
	if n, ok := g.byLoc[l]; ok {
		return n, nil
	}
	s, err := g.c.Compile(l)
	if err != nil {
		return nil, err
	}
	n := g.from(s)
	g.byLoc[l] = n
	return n, nil
}

// from returns the node of a compiled schema, building the nodes it
// reaches; cycles are fine.
func (g *Graph) from(s *jsonschema.Schema) *Node {
	if s == nil {
		return nil
	}
	if n, ok := g.nodes[s]; ok {
		return n
	}
	n := &Node{Loc: s.Location, Pos: g.pos(s.Location), Draft: g.draft(s)}
	g.nodes[s] = n
	if _, ok := g.byLoc[s.Location]; !ok {
		g.byLoc[s.Location] = n
	}
	n.Bool = s.Bool
	if raw, ok := g.docs.Raw(s.Location).(*ojson.Object); ok {
		n.Keywords = raw.Keys
		n.Format, _ = raw.Vals["format"].(string)
		g.noteIgnored(s.Location, n.Draft, raw.Keys)
		g.noteAlias(s.Location, raw)
	}
	n.Title, n.Description, n.Comment = s.Title, s.Description, s.Comment
	n.Deprecated, n.ReadOnly, n.WriteOnly = s.Deprecated, s.ReadOnly, s.WriteOnly
	if s.Default != nil {
		n.Default = &Value{*s.Default}
	}
	n.Examples = s.Examples
	n.ID, n.Anchor, n.DynamicAnchor, n.RecursiveAnchor = s.ID, s.Anchor, s.DynamicAnchor, s.RecursiveAnchor
	n.Ref = g.from(s.Ref)
	n.RecursiveRef = g.from(s.RecursiveRef)
	if s.DynamicRef != nil {
		n.DynamicRef = &DynamicRef{Ref: g.from(s.DynamicRef.Ref), Anchor: s.DynamicRef.Anchor}
	}
	n.AllOf, n.AnyOf, n.OneOf = g.list(s.AllOf), g.list(s.AnyOf), g.list(s.OneOf)
	n.Not, n.If, n.Then, n.Else = g.from(s.Not), g.from(s.If), g.from(s.Then), g.from(s.Else)
	if s.Types != nil && !s.Types.IsEmpty() {
		n.Types = s.Types.ToStrings()
	}
	if s.Enum != nil {
		n.Enum = &Values{s.Enum.Values}
	}
	if s.Const != nil {
		n.Const = &Value{*s.Const}
	}
	n.Minimum, n.Maximum, n.ExclusiveMinimum, n.ExclusiveMaximum, n.MultipleOf =
		s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf
	n.MinLength, n.MaxLength = s.MinLength, s.MaxLength
	if s.Pattern != nil {
		p := s.Pattern.String()
		n.Pattern = &p
	}
	if s.ContentEncoding != nil {
		n.ContentEncoding = s.ContentEncoding.Name
	}
	if s.ContentMediaType != nil {
		n.ContentMediaType = s.ContentMediaType.Name
	}
	n.ContentSchema = g.from(s.ContentSchema)

	// Arrays: one shape for every draft.
	switch it := s.Items.(type) {
	case *jsonschema.Schema:
		n.Items = g.from(it)
	case []*jsonschema.Schema:
		n.PrefixItems = g.list(it)
		n.Items = g.boolOrSchema(s.AdditionalItems, s.Location+"/additionalItems")
	}
	if len(s.PrefixItems) > 0 {
		n.PrefixItems = g.list(s.PrefixItems)
	}
	if s.Items2020 != nil {
		n.Items = g.from(s.Items2020)
	}
	n.MinItems, n.MaxItems, n.UniqueItems = s.MinItems, s.MaxItems, s.UniqueItems
	n.Contains, n.MinContains, n.MaxContains = g.from(s.Contains), s.MinContains, s.MaxContains
	n.UnevaluatedItems = g.from(s.UnevaluatedItems)

	// Objects.
	n.MinProperties, n.MaxProperties = s.MinProperties, s.MaxProperties
	if len(s.Properties) > 0 {
		n.Properties = map[string]*Node{}
		for name, p := range s.Properties {
			n.Properties[name] = g.from(p)
		}
	}
	for re, p := range s.PatternProperties {
		n.PatternProperties = append(n.PatternProperties, PatternProperty{Pattern: re.String(), Node: g.from(p)})
	}
	sort.Slice(n.PatternProperties, func(i, j int) bool { return n.PatternProperties[i].Pattern < n.PatternProperties[j].Pattern })
	n.AdditionalProperties = g.boolOrSchema(s.AdditionalProperties, s.Location+"/additionalProperties")
	n.PropertyNames = g.from(s.PropertyNames)
	n.Required = s.Required
	for name, req := range s.DependentRequired {
		if n.DependentRequired == nil {
			n.DependentRequired = map[string][]string{}
		}
		n.DependentRequired[name] = req
	}
	for name, d := range s.DependentSchemas {
		if n.DependentSchemas == nil {
			n.DependentSchemas = map[string]*Node{}
		}
		n.DependentSchemas[name] = g.from(d)
	}
	for name, d := range s.Dependencies {
		switch d := d.(type) {
		case []string:
			if n.DependentRequired == nil {
				n.DependentRequired = map[string][]string{}
			}
			n.DependentRequired[name] = d
		case *jsonschema.Schema:
			if n.DependentSchemas == nil {
				n.DependentSchemas = map[string]*Node{}
			}
			n.DependentSchemas[name] = g.from(d)
		}
	}
	n.UnevaluatedProperties = g.from(s.UnevaluatedProperties)
	n.Kinds = ownKinds(n)
	if n.Keywords == nil && n.Bool == nil {
		// A document the library holds (a meta-schema) is not one of
		// docs: its keywords are those the fields hold.
		n.Keywords = keywordsOf(n, s)
	}
	return n
}

// keywordsOf lists the keywords n's fields hold, read from s, in a fixed
// order: for a schema whose document's text is not at hand.
func keywordsOf(n *Node, s *jsonschema.Schema) []string {
	var out []string
	add := func(set bool, k string) {
		if set {
			out = append(out, k)
		}
	}
	add(n.ID != "", "$id")
	add(n.Anchor != "", "$anchor")
	add(n.DynamicAnchor != "", "$dynamicAnchor")
	add(n.RecursiveAnchor, "$recursiveAnchor")
	add(n.Ref != nil, "$ref")
	add(n.RecursiveRef != nil, "$recursiveRef")
	add(n.DynamicRef != nil, "$dynamicRef")
	add(n.Title != "", "title")
	add(n.Description != "", "description")
	add(n.Comment != "", "$comment")
	add(n.Default != nil, "default")
	add(n.Examples != nil, "examples")
	add(n.Deprecated, "deprecated")
	add(n.ReadOnly, "readOnly")
	add(n.WriteOnly, "writeOnly")
	add(len(n.AllOf) > 0, "allOf")
	add(len(n.AnyOf) > 0, "anyOf")
	add(len(n.OneOf) > 0, "oneOf")
	add(n.Not != nil, "not")
	add(n.If != nil, "if")
	add(n.Then != nil, "then")
	add(n.Else != nil, "else")
	add(n.Types != nil, "type")
	add(n.Enum != nil, "enum")
	add(n.Const != nil, "const")
	add(n.Format != "", "format")
	add(n.Minimum != nil, "minimum")
	add(n.Maximum != nil, "maximum")
	add(n.ExclusiveMinimum != nil, "exclusiveMinimum")
	add(n.ExclusiveMaximum != nil, "exclusiveMaximum")
	add(n.MultipleOf != nil, "multipleOf")
	add(n.MinLength != nil, "minLength")
	add(n.MaxLength != nil, "maxLength")
	add(n.Pattern != nil, "pattern")
	add(n.ContentEncoding != "", "contentEncoding")
	add(n.ContentMediaType != "", "contentMediaType")
	add(n.ContentSchema != nil, "contentSchema")
	add(len(s.PrefixItems) > 0, "prefixItems")
	add(s.Items != nil || s.Items2020 != nil, "items")
	add(s.AdditionalItems != nil, "additionalItems")
	add(n.MinItems != nil, "minItems")
	add(n.MaxItems != nil, "maxItems")
	add(n.UniqueItems, "uniqueItems")
	add(n.Contains != nil, "contains")
	add(n.MinContains != nil, "minContains")
	add(n.MaxContains != nil, "maxContains")
	add(n.UnevaluatedItems != nil, "unevaluatedItems")
	add(n.MinProperties != nil, "minProperties")
	add(n.MaxProperties != nil, "maxProperties")
	add(n.Properties != nil, "properties")
	add(n.PatternProperties != nil, "patternProperties")
	add(n.AdditionalProperties != nil, "additionalProperties")
	add(n.PropertyNames != nil, "propertyNames")
	add(n.Required != nil, "required")
	add(len(s.Dependencies) > 0, "dependencies")
	add(len(s.DependentRequired) > 0, "dependentRequired")
	add(len(s.DependentSchemas) > 0, "dependentSchemas")
	add(n.UnevaluatedProperties != nil, "unevaluatedProperties")
	return out
}

// Add puts hand-built nodes, and every node they reach, into the graph
// under their locations, computing what each derives (Init). Tests of
// later stages build schemas this way, without files.
func (g *Graph) Add(nodes ...*Node) {
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		n.Init()
		if _, ok := g.byLoc[n.Loc]; !ok {
			g.byLoc[n.Loc] = n
		}
		for _, c := range n.children() {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
}

func (g *Graph) list(ss []*jsonschema.Schema) []*Node {
	if ss == nil {
		return nil
	}
	out := make([]*Node, len(ss))
	for i, s := range ss {
		out[i] = g.from(s)
	}
	return out
}

// boolOrSchema maps a keyword the library keeps as bool or schema
// (additionalProperties, additionalItems) to a node; true and false become
// boolean nodes at l.
func (g *Graph) boolOrSchema(v any, l string) *Node {
	switch v := v.(type) {
	case *jsonschema.Schema:
		return g.from(v)
	case bool:
		n := &Node{Loc: l, Pos: g.pos(l), Bool: &v}
		n.Kinds = ownKinds(n)
		return n
	}
	return nil
}
