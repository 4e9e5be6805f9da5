// Package jsonptr handles JSON pointers (RFC 6901) and the
// URL#pointer locations that schemas are known by.
package jsonptr

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
)

// Escape escapes one reference token.
func Escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// Join makes a pointer of reference tokens.
func Join(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(Escape(t))
	}
	return b.String()
}

// Tokens splits a pointer, possibly percent-encoded as a URL fragment,
// into its unescaped reference tokens.
func Tokens(frag string) []string {
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

// SplitLoc splits a location (URL#pointer) into the document's URL and
// the pointer's reference tokens.
func SplitLoc(loc string) (string, []string) {
	u, frag, _ := strings.Cut(loc, "#")
	return u, Tokens(frag)
}

// Lookup follows reference tokens through a decoded JSON value, plain
// (maps) or ordered (ojson); nil when a token leads nowhere.
func Lookup(v any, toks []string) any {
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
