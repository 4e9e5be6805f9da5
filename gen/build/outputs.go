package build

import (
	"net/url"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/spec"
)

// buildOutput makes the canonical schema of one output: the schema of its
// root as a document of its own. The emitter derives each provider's
// dialect and the prompt block from it.
func (b *builder) buildOutput(o spec.Output, at string) {
	draft := b.l.DraftOf(strings.SplitN(at, "#", 2)[0])
	bd := newBundler(b.l, b.g, draft)
	root := bd.standalone(at)
	if bd.err != nil {
		b.errs = append(b.errs, bd.err)
		return
	}
	canonical := string(ojson.Marshal(root)) + "\n"
	description, _ := root.Vals["description"].(string)
	out := &ir.Output{Name: o.Name, Type: o.Root, SchemaURL: "urn:structgen:output:" + url.PathEscape(o.Name), RootSchema: b.l.Stable(at),
		Plain: plainString(root), Schema: canonical, Description: description, Pos: o.Pos, Idents: outputIdents(o.Name)}
	b.pkg.Outputs = append(b.pkg.Outputs, out)
	b.pkg.Resources = append(b.pkg.Resources, ir.Resource{URL: out.SchemaURL, Text: canonical})
}

// plainString reports whether a schema is a plain string: no contract.
func plainString(root *ojson.Object) bool {
	for _, k := range root.Keys {
		switch k {
		case "type":
			if root.Vals[k] != "string" {
				return false
			}
		case "title", "description", "$schema", "$comment":
		default:
			return false
		}
	}
	return root.Vals["type"] == "string"
}
