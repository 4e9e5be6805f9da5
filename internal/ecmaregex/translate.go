package ecmaregex

import (
	"fmt"
	"regexp"
	"strings"
)

// ECMA-262 and the engines that run a pattern read some of its text
// differently; translate writes those parts out so that the engine reads
// them as ECMA-262 does:
//
//   - \s is ECMA-262's WhiteSpace and LineTerminator: besides Go's
//     [\t\n\f\r ], \v, no-break space, the Unicode space separators, the
//     line and paragraph separators and the byte order mark; \S is the
//     rest. (regexp2's ECMAScript mode reads them as .NET's ASCII set.)
//   - . matches no line terminator: \r, U+2028 and U+2029 as well as \n.
//
// \S inside a class ([\S\d]) cannot be written as a class item without
// class subtraction and keeps the engine's reading. A pattern that sets
// Go's s flag, (?s), keeps its dot.
var ecmaSpaces = []rune{
	'\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680,
	0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
	0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
}

// dotAllFlag finds Go's s flag set in a pattern: (?s), (?is:…), (?ms-i).
// ECMA-262 has no such syntax; a pattern that writes it means Go's dot.
var dotAllFlag = regexp.MustCompile(`\(\?[a-zA-Z]*s[a-zA-Z-]*[):]`)

// lineTerminators are the runes ECMA-262's . does not match.
var lineTerminators = []rune{'\n', '\r', 0x2028, 0x2029}

// escapes writes runes as class items in an engine's syntax: Go's
// \x{…} or .NET's \u….
type escapes func(r rune) string

func goEscape(r rune) string     { return fmt.Sprintf(`\x{%x}`, r) }
func dotnetEscape(r rune) string { return fmt.Sprintf(`\u%04x`, r) }

func items(rs []rune, esc escapes) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(esc(r))
	}
	return b.String()
}

// translate returns pattern with \s, \S and . written out for an engine
// whose class items esc writes. It follows Go's reading of classes (a ]
// right after [ or [^ is a literal; a POSIX class [:alpha:] inside one
// does not end it) and of \Q…\E, which quotes its text.
func translate(pattern string, esc escapes) string {
	if !strings.ContainsAny(pattern, `\.`) {
		return pattern
	}
	space := items(ecmaSpaces, esc)
	dot := "[^" + items(lineTerminators, esc) + "]"
	if dotAllFlag.MatchString(pattern) {
		dot = "."
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern) && pattern[i+1] == 'Q':
			// Go's \Q…\E quotes its text: copied as written.
			end := strings.Index(pattern[i:], `\E`)
			if end < 0 {
				end = len(pattern) - i
			} else {
				end += 2
			}
			b.WriteString(pattern[i : i+end])
			i += end - 1
		case c == '\\' && i+1 < len(pattern):
			i++
			switch n := pattern[i]; {
			case n == 's' && inClass:
				b.WriteString(space)
			case n == 's':
				b.WriteString("[" + space + "]")
			case n == 'S' && !inClass:
				b.WriteString("[^" + space + "]")
			default:
				b.WriteByte(c)
				b.WriteByte(n)
			}
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				i++
				b.WriteByte('^')
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++
				b.WriteByte(']')
			}
		case c == '[' && inClass && i+1 < len(pattern) && pattern[i+1] == ':':
			// A POSIX class inside a class, [[:alpha:].]: its ] does not
			// end the class.
			if end := strings.Index(pattern[i:], ":]"); end >= 0 {
				b.WriteString(pattern[i : i+end+2])
				i += end + 1
			} else {
				b.WriteByte(c)
			}
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		case c == '.' && !inClass:
			b.WriteString(dot)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
