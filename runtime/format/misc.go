package format

import (
	"strings"

	"github.com/structgen/structgen/internal/ecmaregex"
)

// UUID checks the 8-4-4-4-12 hexadecimal form of RFC 9562, any version.
func UUID(s string) error {
	if len(s) != 36 {
		return invalid("want 36 characters, 8-4-4-4-12 hex digits")
	}
	for i := range len(s) {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return invalid("want '-' at position %d", i+1)
			}
			continue
		}
		if !isHex(c) {
			return invalid("%q is not a hex digit", c)
		}
	}
	return nil
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// JSONPointer checks an RFC 6901 pointer: empty, or tokens each after a
// '/', with '~' only in ~0 and ~1.
func JSONPointer(s string) error {
	if s != "" && s[0] != '/' {
		return invalid("want '/' first")
	}
	return tildes(s)
}

func tildes(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return invalid("'~' must be followed by 0 or 1")
		}
	}
	return nil
}

// RelativeJSONPointer checks a relative pointer: a non-negative integer
// (no leading zero), then '#' or a JSON pointer.
func RelativeJSONPointer(s string) error {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	switch {
	case i == 0:
		return invalid("want a non-negative integer first")
	case i > 1 && s[0] == '0':
		return invalid("leading zero")
	}
	rest := s[i:]
	if rest == "#" {
		return nil
	}
	if rest != "" && rest[0] != '/' {
		return invalid("want '#' or a JSON pointer after the integer")
	}
	return tildes(rest)
}

// Regex checks that s is a regular expression in ECMA-262's dialect,
// the one JSON Schema's patterns use.
func Regex(s string) error {
	if err := ecmaSyntax(s); err != nil {
		return err
	}
	if _, err := ecmaregex.Compile(s); err != nil {
		return invalid("%s", strings.TrimPrefix(err.Error(), "regexp2: "))
	}
	return nil
}

// ecmaSyntax rejects what Go's and .NET's syntaxes accept but ECMA-262's
// (in the Unicode mode JSON Schema asks for) does not: escapes of letters
// it gives no meaning, and group forms other than (?: (?= (?! (?<= (?<!
// (?<name> and modifier groups such as (?i:…).
func ecmaSyntax(s string) error {
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
			if i == len(s) {
				return invalid("a '\\' at the end")
			}
			e := s[i]
			switch {
			case e >= '0' && e <= '9', strings.IndexByte("dDwWsSbBnrtfvcxukpP", e) >= 0:
			case e >= 'a' && e <= 'z' || e >= 'A' && e <= 'Z':
				return invalid("\\%c is not an escape in ECMA-262", e)
			case strings.IndexByte("^$\\.*+?()[]{}|/", e) >= 0, inClass && e == '-':
			default:
				return invalid("\\%c is not an escape in ECMA-262's Unicode mode", e)
			}
		case c == '[' && !inClass:
			inClass = true
		case c == ']' && inClass:
			inClass = false
		case c == '(' && !inClass && i+1 < len(s) && s[i+1] == '?':
			rest := s[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
				strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"), strings.HasPrefix(rest, "<"):
			default:
				j := 0
				for j < len(rest) && strings.IndexByte("ims-", rest[j]) >= 0 {
					j++
				}
				if j == 0 || j == len(rest) || rest[j] != ':' {
					return invalid("(?%s is not a group in ECMA-262", rest[:min(j+1, len(rest))])
				}
			}
		}
	}
	return nil
}
