package build

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/gen/source"
	"github.com/structgen/structgen/internal/drafts"
)

// madeDocs are schema documents the generator made rather than read:
// structgen -go's types' schemas, and tools' augmented schemas. Each is
// standalone and known by the URL it has among the generated package's
// schemas, so locations in it are stable as they are. A compiled graph
// over them gives their generated validators.
type madeDocs struct {
	files []string
	text  map[string][]byte // by URL
	order map[string]any
	pos   map[string]loc.Pos // what the document was made from
	draft string             // of documents that name none
}

func newMadeDocs(draft string, files []string) *madeDocs {
	return &madeDocs{files: files, text: map[string][]byte{}, order: map[string]any{}, pos: map[string]loc.Pos{}, draft: draft}
}

// add holds document u, its text and the same decoded with keys in
// order; pos is what it was made from, for problems in it.
func (d *madeDocs) add(u string, text []byte, order any, pos loc.Pos) {
	d.text[u], d.order[u], d.pos[u] = text, order, pos
}

// Load reads document u for the validator library.
func (d *madeDocs) Load(u string) (any, error) {
	text, ok := d.text[u]
	if !ok {
		return nil, fmt.Errorf("%s is not a schema structgen made", u)
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(text))
}

func (d *madeDocs) Position(at string) loc.Pos {
	u, _, _ := strings.Cut(at, "#")
	return d.pos[u]
}

func (d *madeDocs) DraftOf(u string) string {
	if o, ok := d.order[u].(*ojson.Object); ok {
		if s, ok := o.Get("$schema"); ok {
			if uri, ok := s.(string); ok {
				if dr, ok := drafts.ByURI(uri); ok {
					return dr.URI
				}
				return uri
			}
		}
	}
	return d.draft
}

func (d *madeDocs) Raw(at string) any {
	u, toks := jsonptr.SplitLoc(at)
	return jsonptr.Lookup(d.order[u], toks)
}

func (d *madeDocs) Source(at string) string      { return at }
func (d *madeDocs) Stable(at string) string      { return at }
func (d *madeDocs) DefaultDraft() string         { return d.draft }
func (d *madeDocs) DisplayURL(u string) string   { return u }
func (d *madeDocs) Ordered(u string) any         { return d.order[u] }
func (d *madeDocs) Len() int                     { return len(d.text) }
func (d *madeDocs) Resources() []source.Resource { return nil }
func (d *madeDocs) Sources() []string            { return d.files }

func (d *madeDocs) CompileError(err error, fallback loc.Pos) error {
	return loc.Errorf(fallback, "%v", err)
}
