// Package cost measures what each tool and output schema costs per
// request: its size in bytes and in tokens, in every provider's dialect.
// Tokens are counted with OpenAI's o200k_base encoding (the one its
// current models use), from vocabularies compiled into the binary
// (github.com/tiktoken-go/tokenizer), so that counting works offline.
// Other providers do not publish their tokenizers; for them the count is
// an estimate of the same order.
package cost

import (
	"fmt"

	"github.com/tiktoken-go/tokenizer"

	"github.com/structgen/structgen/gen/dialect"
	"github.com/structgen/structgen/gen/ir"
)

// Size is the cost of one text sent with every request.
type Size struct {
	Dialect string // "canonical", "OpenAI", "Anthropic", "Gemini", "MCP", "prompt"
	Bytes   int
	Tokens  int
}

// Item is a tool or an output and its sizes.
type Item struct {
	Kind, Name string // "tool" or "output"
	Sizes      []Size
}

func (it Item) String() string {
	s := fmt.Sprintf("%s %s:", it.Kind, it.Name)
	for i, sz := range it.Sizes {
		if i > 0 {
			s += ";"
		}
		s += fmt.Sprintf(" %s %d B, %d tokens", sz.Dialect, sz.Bytes, sz.Tokens)
	}
	return s
}

// tokens counts text's tokens in o200k_base.
func tokens(text string) (int, error) {
	enc, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return 0, err
	}
	return enc.Count(text)
}

// Of measures the tools and outputs of pkg.
func Of(pkg *ir.Package) ([]Item, error) {
	size := func(d, text string) (Size, error) {
		n, err := tokens(text)
		return Size{Dialect: d, Bytes: len(text), Tokens: n}, err
	}
	var out []Item
	for _, t := range pkg.Tools {
		v, err := dialect.Tool(t.Name, t.Description, t.Schema, t.ResponseSchema)
		if err != nil {
			return nil, err
		}
		it := Item{Kind: "tool", Name: t.Name}
		for _, d := range []struct{ name, text string }{
			{"canonical", t.Schema}, {"OpenAI", v.OpenAI}, {"Anthropic", v.Anthropic}, {"Gemini", v.Gemini}, {"MCP", v.MCP},
		} {
			sz, err := size(d.name, d.text)
			if err != nil {
				return nil, err
			}
			it.Sizes = append(it.Sizes, sz)
		}
		out = append(out, it)
	}
	for _, o := range pkg.Outputs {
		v, err := dialect.Output(o.Name, o.Schema)
		if err != nil {
			return nil, err
		}
		it := Item{Kind: "output", Name: o.Name}
		for _, d := range []struct{ name, text string }{
			{"canonical", o.Schema}, {"OpenAI", v.OpenAI}, {"Anthropic", v.Anthropic}, {"Gemini", v.Gemini},
		} {
			sz, err := size(d.name, d.text)
			if err != nil {
				return nil, err
			}
			it.Sizes = append(it.Sizes, sz)
		}
		out = append(out, it)
	}
	return out, nil
}
