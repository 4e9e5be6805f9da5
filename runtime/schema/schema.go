package schema

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/internal/drafts"
	"github.com/structgen/structgen/internal/ecmaregex"
	"github.com/structgen/structgen/runtime/format"
	"github.com/structgen/structgen/runtime/problem"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Schemas is the set of schema documents a generated package embeds, keyed
// by the URL each was loaded from. Schemas are compiled on first use, once;
// nothing is cached per input.
type Schemas struct {
	draft     string
	resources map[string]string
	annotate  bool // "format" is an annotation, not asserted

	shapes ShapeCache

	mu       sync.Mutex
	handles  map[string]*Schema // by location
	compiler *jsonschema.Compiler
	err      error
}

// NewSchemas returns a set holding the given documents (URL → JSON text);
// draft is the meta-schema URI of documents that name none. The documents
// are not parsed until a schema of the set is first used.
func NewSchemas(draft string, resources map[string]string) *Schemas {
	return &Schemas{draft: draft, resources: resources}
}

// AnnotateFormats makes "format" an annotation in the set's schemas and
// returns the set: generated code calls it when the config says
// formats: annotate. By default the formats package format knows are
// asserted, as providers' strict modes assert them. Call it before the
// set's first use.
func (s *Schemas) AnnotateFormats() *Schemas {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.annotate = true
	return s
}

// Schema returns the schema at loc (URL#pointer), compiled on first use;
// the same loc gives the same *Schema, so it is compiled once.
func (s *Schemas) Schema(loc string) *Schema {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sc, ok := s.handles[loc]; ok {
		return sc
	}
	if s.handles == nil {
		s.handles = map[string]*Schema{}
	}
	sc := &Schema{set: s, loc: loc}
	s.handles[loc] = sc
	return sc
}

// Resources returns the embedded documents, keyed by URL.
func (s *Schemas) Resources() map[string]string { return s.resources }

func (s *Schemas) compile(loc string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.compiler == nil && s.err == nil {
		s.compiler, s.err = newCompiler(s.draft, s.resources, !s.annotate)
	}
	if s.err != nil {
		return nil, s.err
	}
	return s.compiler.Compile(loc)
}

// libraryFormats are the formats the validator library knows. Those
// package format does not assert stay annotations; the others are
// checked by package format, so a format means the same in the runtime's
// validator and in generated code.
var libraryFormats = []string{
	"json-pointer", "relative-json-pointer", "uuid", "duration", "period",
	"ipv4", "ipv6", "hostname", "email", "date", "time", "date-time", "uri",
	"iri", "uri-reference", "iri-reference", "uri-template", "semver", "regex",
}

func newCompiler(draft string, resources map[string]string, assert bool) (*jsonschema.Compiler, error) {
	c := jsonschema.NewCompiler()
	d := jsonschema.Draft2020
	if draft != "" {
		dr, ok := drafts.ByURI(draft)
		if !ok {
			return nil, fmt.Errorf("unknown JSON Schema draft %q", draft)
		}
		d = dr.Lib
	}
	c.DefaultDraft(d)
	c.UseRegexpEngine(ecmaregex.Compile)
	for _, f := range libraryFormats {
		if !assert || !format.Known(f) {
			c.RegisterFormat(&jsonschema.Format{Name: f, Validate: func(any) error { return nil }})
		}
	}
	if assert {
		c.AssertFormat()
		for _, f := range format.Asserted() {
			c.RegisterFormat(&jsonschema.Format{Name: f, Validate: func(v any) error {
				if s, ok := v.(string); ok {
					return format.Check(f, s)
				}
				return nil
			}})
		}
	}
	urls := make([]string, 0, len(resources))
	for u := range resources {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	for _, u := range urls {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(resources[u]))
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", u, err)
		}
		if err := c.AddResource(u, doc); err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", u, err)
		}
	}
	c.UseLoader(embeddedOnly{})
	return c, nil
}

// embeddedOnly refuses every URL that is not embedded: generated code never
// reaches the network or the file system.
type embeddedOnly struct{}

func (embeddedOnly) Load(url string) (any, error) {
	return nil, fmt.Errorf("schema %s is not embedded in the generated package", url)
}

// Schema is one compiled schema of a Schemas set.
type Schema struct {
	set *Schemas
	loc string

	once     sync.Once
	compiled *jsonschema.Schema
	err      error
}

// Location is the schema's URL#pointer.
func (s *Schema) Location() string { return s.loc }

// Compiled returns the schema compiled by the validator library, compiling
// it on first use.
func (s *Schema) Compiled() (*jsonschema.Schema, error) {
	s.once.Do(func() {
		s.compiled, s.err = s.set.compile(s.loc)
		if s.err != nil {
			s.err = fmt.Errorf("compile schema %s: %w", s.loc, s.err)
		}
	})
	return s.compiled, s.err
}

// Validate checks an already decoded JSON value (as produced by
// DecodeValue) against the schema and returns every problem found.
func (s *Schema) Validate(v any) ([]problem.Problem, error) {
	sch, err := s.Compiled()
	if err != nil {
		return nil, err
	}
	err = sch.Validate(v)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	return Problems(ve), nil
}

var printer = message.NewPrinter(language.English)

// Problems flattens the validator's tree of causes into its leaves.
func Problems(ve *jsonschema.ValidationError) []problem.Problem {
	var out []problem.Problem
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, problem.Problem{
				Pointer: Pointer(e.InstanceLocation),
				Message: e.ErrorKind.LocalizedString(printer),
			})
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	return slices.Compact(out)
}

// Pointer joins reference tokens into a JSON pointer, escaping "~" and "/".
func Pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// Document returns the text of the document that holds the schema.
func (s *Schema) Document() string {
	u, _, _ := strings.Cut(s.loc, "#")
	return s.set.resources[u]
}

// Shapes returns the cache of schema shapes that belongs to the schema's
// set.
func (s *Schema) Shapes() *ShapeCache { return &s.set.shapes }
