package gen

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
)

// splitLoc splits a location (URL#pointer, the pointer possibly
// percent-encoded) into the document's URL and the pointer's unescaped
// reference tokens.
func splitLoc(loc string) (string, []string) {
	u, frag, _ := strings.Cut(loc, "#")
	return u, pointerTokens(frag)
}

func pointerTokens(frag string) []string {
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	if ptr == "" {
		return nil
	}
	var toks []string
	for _, t := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
	}
	return toks
}

// lookup follows reference tokens through a decoded JSON value, plain
// (maps) or ordered (ojson); nil when a token leads nowhere.
func lookup(v any, toks []string) any {
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			v = x[t]
		case *ojson.Object:
			v = x.Vals[t]
		case []any:
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n >= len(x) {
				return nil
			}
			v = x[n]
		default:
			return nil
		}
	}
	return v
}
