// Package names is the one home for Go identifiers: casing, initialisms,
// digits and non-ASCII letters, and the sets that detect clashes.
package names

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// initialisms are written all in capitals, as Go style asks.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "CSV": true,
	"DNS": true, "EOF": true, "GUID": true, "HTML": true, "HTTP": true,
	"HTTPS": true, "ID": true, "IP": true, "JSON": true, "JWT": true, "LHS": true,
	"MCP": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true,
	"SMTP": true, "SQL": true, "SSH": true, "SSL": true, "TCP": true, "TLS": true,
	"TTL": true, "UDP": true, "UI": true, "UID": true, "URI": true, "URL": true,
	"UTF8": true, "UUID": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true,
	"XSS": true, "YAML": true,
}

// Words splits s into words at separators, case changes and letter/digit
// boundaries ("fooBar-baz2" → foo Bar baz2; "HTTPServer" → HTTP Server).
func Words(s string) []string {
	var words []string
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, string(rs[start:end]))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsLower(prev) && unicode.IsUpper(r):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}

// Go returns an exported Go identifier for s: words capitalised,
// initialisms in capitals, and "X" before a leading digit or a letter that
// has no upper case. It returns "" when s has no letter or digit.
func Go(s string) string {
	var b strings.Builder
	for _, w := range Words(s) {
		if u := strings.ToUpper(w); initialisms[u] {
			b.WriteString(u)
			continue
		}
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	id := b.String()
	if id == "" {
		return ""
	}
	if r := []rune(id)[0]; !unicode.IsUpper(r) {
		id = "X" + id
	}
	return id
}

// Unique assigns distinct identifiers to keys whose preferred identifiers
// may clash, in an order that depends only on the keys: keys whose text is
// already a plain identifier win, then shorter, then lexically smaller;
// later ones get the smallest free numeric suffix starting at 2. Taken
// holds identifiers that are not available at all.
func Unique(keys []string, preferred func(string) string, taken map[string]bool) map[string]string {
	pref := make(map[string]string, len(keys))
	for _, k := range keys {
		pref[k] = preferred(k)
	}
	plain := func(k string) bool { return pref[k] != "" && strings.EqualFold(pref[k], k) }
	order := append([]string(nil), keys...)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if pa, pb := plain(a), plain(b); pa != pb {
			return pa
		}
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return a < b
	})
	used := map[string]bool{}
	for k := range taken {
		used[k] = true
	}
	out := make(map[string]string, len(keys))
	for _, k := range order {
		base := pref[k]
		if base == "" {
			base = "Field"
		}
		id := base
		for n := 2; used[id]; n++ {
			id = base + strconv.Itoa(n)
		}
		used[id] = true
		out[k] = id
	}
	return out
}
