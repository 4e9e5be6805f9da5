package ecmaregex

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestECMASemantics: \s, \S and . mean what ECMA-262 says whichever
// engine runs the pattern (a lookahead sends it to regexp2), and String
// is the pattern as written.
func TestECMASemantics(t *testing.T) {
	spaces := []string{" ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u1680", "\u2003", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"}
	notSpaces := []string{"a", "0", "_", "\u200b", "é", "\x00"}
	terminators := []string{"\n", "\r", "\u2028", "\u2029"}
	type tc struct {
		pattern string
		in      []string
		want    bool
	}
	var cases []tc
	for _, p := range []string{`^\s$`, `^[\s]$`, `^(?=\s)\s$`, `^[a\s]$`} {
		cases = append(cases, tc{p, spaces, true}, tc{p, notSpaces[1:3], false})
	}
	for _, p := range []string{`^\S$`, `^[^\s]$`, `^(?=\S)\S$`} {
		cases = append(cases, tc{p, spaces, false}, tc{p, notSpaces, true})
	}
	for _, p := range []string{`^.$`, `^(?=.).$`, `^x.*y$`} {
		in := terminators
		if p == `^x.*y$` {
			in = []string{"x\ry", "x\u2028y", "x\ny"}
		}
		cases = append(cases, tc{p, in, false})
	}
	cases = append(cases,
		tc{`^.$`, []string{"a", "é", " ", "\t", "😀"}, true},
		tc{`^[.]$`, []string{"."}, true}, // a dot in a class is a dot
		tc{`^[.]$`, []string{"a"}, false},
		tc{`^\\s$`, []string{`\s`}, true}, // an escaped backslash, then s
		tc{`^\.$`, []string{"."}, true},
		tc{`^\.$`, []string{"a"}, false},
		tc{`^[]a]$`, []string{"]", "a"}, true}, // Go's reading: ] first in a class is literal
		tc{`(?s)^.$`, []string{"\n"}, true},    // Go's s flag keeps its dot
		tc{`(?is)^.$`, []string{"\r"}, true},
		tc{`^[[:alpha:].]$`, []string{"a", "."}, true}, // a dot in a class after a POSIX class
		tc{`^[[:alpha:].]$`, []string{"\r", "a]"}, false},
		tc{`^\Q.\E$`, []string{"."}, true}, // quoted text stays quoted
		tc{`^\Q.\E$`, []string{"a"}, false},
	)
	for _, c := range cases {
		re, err := Compile(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if re.String() != c.pattern {
			t.Errorf("%q: String() = %q", c.pattern, re.String())
		}
		for _, in := range c.in {
			if got := re.MatchString(in); got != c.want {
				t.Errorf("%q on %q: %v, want %v (%T)", c.pattern, in, got, c.want, re)
			}
		}
	}
}

// FuzzTranslate: a pattern RE2 accepts is accepted translated, and on
// text without spaces or line terminators (where ECMA-262 and RE2 agree)
// the two match alike.
func FuzzTranslate(f *testing.F) {
	for _, p := range []string{`^\s+$`, `a.b`, `[\s\d]`, `[^.\s]`, `\\s`, `[]a]`, `[^]a]\S`, `(?s).`, `(?i)\S.`, `x{2}\.`, `[\S]`, `\pL.`, `[[:alpha:]].`, `[[:alpha:].]`, `\Q.\E.`, `\Q.\s`, `[[:x]`} {
		f.Add(p, "a.b 1_x")
	}
	f.Fuzz(func(t *testing.T, pattern, text string) {
		orig, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		translated, err := regexp.Compile(translate(pattern, goEscape))
		if err != nil {
			t.Fatalf("%q translated to %q: %v", pattern, translate(pattern, goEscape), err)
		}
		if strings.ContainsFunc(text, func(r rune) bool {
			return unicode.IsSpace(r) || r == 0xfeff || r == 0x2028 || r == 0x2029 || r == '\v' || r == 0x1680 || r == 0x180e
		}) {
			return
		}
		if a, b := orig.MatchString(text), translated.MatchString(text); a != b {
			t.Fatalf("%q on %q: %v, translated %q: %v", pattern, text, a, translate(pattern, goEscape), b)
		}
	})
}
