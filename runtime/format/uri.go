package format

import (
	"strings"
	"unicode/utf8"
)

// URIs (RFC 3986), IRIs (RFC 3987) and URI templates (RFC 6570).

// URI checks an absolute URI: a scheme, ':', and the rest as RFC 3986's
// grammar has it, in ASCII.
func URI(s string) error { return uri(s, false, false) }

// URIReference checks a URI or a relative reference.
func URIReference(s string) error { return uri(s, true, false) }

// IRI checks an absolute IRI: a URI that may also hold the non-ASCII
// characters RFC 3987 allows.
func IRI(s string) error { return uri(s, false, true) }

// IRIReference checks an IRI or a relative reference.
func IRIReference(s string) error { return uri(s, true, true) }

func uri(s string, relative, intl bool) error {
	rest := s
	scheme := ""
	if i := schemeEnd(s); i > 0 && s[i] == ':' {
		scheme, rest = s[:i], s[i+1:]
		if err := checkScheme(scheme); err != nil {
			return err
		}
	} else if !relative {
		return invalid("no scheme")
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		if err := chars("fragment", rest[i+1:], &queryChars, intl, false); err != nil {
			return err
		}
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		if err := chars("query", rest[i+1:], &queryChars, intl, true); err != nil {
			return err
		}
		rest = rest[:i]
	}
	path := rest
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		path = ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, path = auth[:i], auth[i:]
		}
		if err := authority(auth, intl); err != nil {
			return err
		}
	} else if scheme == "" {
		// A relative path's first segment may not hold a colon, which
		// would read as a scheme.
		first := path
		if i := strings.IndexByte(first, '/'); i >= 0 {
			first = first[:i]
		}
		if strings.Contains(first, ":") {
			return invalid("a colon in the first segment of a relative path")
		}
	}
	return chars("path", path, &pathChars, intl, false)
}

// schemeEnd is the index of the first of ":/?#" in s (-1 where none
// is): strings.IndexAny without building its set on every call.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':', '/', '?', '#':
			return i
		}
	}
	return -1
}

const (
	unreserved = "-._~"
	subDelims  = "!$&'()*+,;="
	pchar      = unreserved + subDelims + ":@"
)

// A charSet holds the ASCII bytes a part of a URI may hold as they are:
// letters, digits and the part's punctuation.
type charSet [256]bool

func charsOf(punct string) (set charSet) {
	for c := range 128 {
		set[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(punct, byte(c)) >= 0
	}
	return set
}

var (
	queryChars = charsOf(pchar + "/?") // a query's and a fragment's
	pathChars  = charsOf(pchar + "/")
	userChars  = charsOf(unreserved + subDelims + ":") // also an IPvFuture's
	hostChars  = charsOf(unreserved + subDelims)       // a registered name's
)

func checkScheme(s string) error {
	for i := range len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			continue
		}
		return invalid("scheme %q: want a letter, then letters, digits, '+', '-' or '.'", s)
	}
	return nil
}

// chars checks that s holds only letters, digits, percent-encodings and
// the given characters; with intl, also the characters RFC 3987 allows
// (ucschar, and iprivate in a query).
func chars(part, s string, allowed *charSet, intl, query bool) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case allowed[c]:
			i++
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return invalid("bad percent-encoding in the %s", part)
			}
			i += 3
		case c >= utf8.RuneSelf && intl:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !ucschar(r) && !(query && iprivate(r)) {
				return invalid("%U is not allowed in the %s", r, part)
			}
			i += n
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return invalid("%q is not allowed in the %s", r, part)
		}
	}
	return nil
}

func ucschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD && !(r >= 0xE0000 && r < 0xE1000)
	}
	return false
}

func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// authority checks [userinfo "@"] host [":" port].
func authority(a string, intl bool) error {
	if i := strings.IndexByte(a, '@'); i >= 0 {
		if err := chars("user information", a[:i], &userChars, intl, false); err != nil {
			return err
		}
		a = a[i+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 {
			return invalid("unclosed '[' in the host")
		}
		host, port = a[:end+1], a[end+1:]
		if port != "" {
			if port[0] != ':' {
				return invalid("unexpected %q after the host", port)
			}
			port = port[1:]
		}
		if err := ipLiteral(host[1 : len(host)-1]); err != nil {
			return err
		}
	} else {
		if i := strings.LastIndexByte(a, ':'); i >= 0 {
			host, port = a[:i], a[i+1:]
		}
		if err := chars("host", host, &hostChars, intl, false); err != nil {
			return err
		}
	}
	for i := range len(port) {
		if port[i] < '0' || port[i] > '9' {
			return invalid("port %q is not a number", port)
		}
	}
	return nil
}

// ipLiteral checks what stands in brackets: an IPv6 address or IPvFuture.
func ipLiteral(s string) error {
	if len(s) > 0 && (s[0] == 'v' || s[0] == 'V') {
		dot := strings.IndexByte(s, '.')
		if dot < 2 || dot == len(s)-1 {
			return invalid("bad IPvFuture host [%s]", s)
		}
		for i := 1; i < dot; i++ {
			if !isHex(s[i]) {
				return invalid("bad IPvFuture host [%s]", s)
			}
		}
		return chars("host", s[dot+1:], &userChars, false, false)
	}
	if IPv6(s) != nil {
		return invalid("bad IPv6 host [%s]", s)
	}
	return nil
}

// URITemplate checks an RFC 6570 template: literals and expressions in
// braces, each an optional operator and a list of variables with an
// optional prefix length (1–9999) or '*'.
func URITemplate(s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return invalid("unclosed '{'")
			}
			if err := expression(s[i+1 : i+end]); err != nil {
				return err
			}
			i += end + 1
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return invalid("bad percent-encoding")
			}
			i += 3
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !ucschar(r) && !iprivate(r) {
				return invalid("%U is not allowed", r)
			}
			i += n
		case c <= ' ' || c == 127 || strings.IndexByte("\"<>\\^`{|}", c) >= 0:
			return invalid("%q is not allowed in a literal", c)
		default:
			i++
		}
	}
	return nil
}

func expression(e string) error {
	if e != "" && strings.IndexByte("+#./;?&=,!@|", e[0]) >= 0 {
		e = e[1:]
	}
	if e == "" {
		return invalid("empty expression")
	}
	for _, spec := range strings.Split(e, ",") {
		name := spec
		if strings.HasSuffix(spec, "*") {
			name = spec[:len(spec)-1]
		} else if i := strings.IndexByte(spec, ':'); i >= 0 {
			name = spec[:i]
			n := spec[i+1:]
			if n == "" || len(n) > 4 || n[0] < '1' || n[0] > '9' {
				return invalid("prefix length %q: want 1 to 9999", n)
			}
			if _, ok := digits(n, 0, len(n)); !ok {
				return invalid("prefix length %q: want 1 to 9999", n)
			}
		}
		if err := varname(name); err != nil {
			return err
		}
	}
	return nil
}

func varname(n string) error {
	if n == "" {
		return invalid("empty variable name")
	}
	for i, seg := range strings.Split(n, ".") {
		if seg == "" {
			return invalid("variable name %q: empty part between dots", n)
		}
		_ = i
		for j := 0; j < len(seg); {
			c := seg[j]
			switch {
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_':
				j++
			case c == '%' && j+2 < len(seg)+0 && isHex(seg[j+1]) && isHex(seg[j+2]):
				j += 3
			default:
				return invalid("variable name %q holds %q", n, c)
			}
		}
	}
	return nil
}
