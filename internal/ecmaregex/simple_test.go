package ecmaregex

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

var simplePatterns = []struct {
	pattern string
	simple  bool
}{
	{`^TCK-[0-9]{4,}$`, true},
	{`^[a-z][a-z0-9_]*$`, true},
	{`^[A-Z]{2,3}-\d+$`, true},
	{`^v?\d+\.\d+\.\d+$`, true},
	{`^\d+\.?\d*$`, false}, // \d+ then an optional '.', then \d*: \d+ may meet \d
	{`^[^@\s]+@[^@\s]+$`, true},
	{`^https?://`, true},
	{`^.*$`, true},
	{`^$`, true},
	{`^abc`, true},
	{`abc$`, false},
	{`^(a|b)$`, true},
	{`^(?i)abc$`, true}, // each rune's fold orbit
	{`^[xX][mM][lL]$`, true},
	{`^(?i)k+$`, true}, // k, K and the Kelvin sign
	{`^a*a$`, false},
	{`^[a-c]*[c-e]$`, false},
	{`^ü+ß?$`, true},
	{`^\d{4}-(0[1-9]|1[0-2])-01$`, true},
	{`^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$`, true},
	{`^(?:#|(&#x23;))[0-9a-fA-F]{6}$`, true},
	{`^(a|b)c`, true},
	{`^(a|ab)c$`, false}, // both start with a: which one is not told by the first rune
	{`^x*(x|y)$`, false}, // x* may take the group's x
	{`^(a|b)*$`, true},   // a count of a group
	{`^(a+|b)$`, true},   // a count inside
	{`^(ab)*a$`, false},  // another round of the group may start where a does
	{`^(a+b)*a$`, false}, // the same, within the group
	{`^(a+|b)a$`, false}, // a+ ends a round; a may follow
	{`^[a-z0-9]+(-[a-z0-9]+)*$`, true},
	{`^[0-9]+(\.[0-9]+)?$`, true},
	{`^\d+(\.\d+){1,2}$`, true},
	{`^(windows|macos|linux|ios|illumos)$`, true}, // RE2 factors i(?:os|llumos)
	{`^googleapis(\.[a-zA-Z1-9]+)+`, true},
	{`^([a-z]+(-[0-9]+)?\.)*[A-Z]$`, true},
	{`^(a(b(c(d(e(f(g(h(i(j)))))))))+)$`, true},
	{`^(?:x|y)*?$`, false}, // lazy
	{`^(|a)b$`, false},     // an empty alternative
	{`^(?i:(ab|cd))$`, true},
}

func TestSimpleShapes(t *testing.T) {
	for _, tc := range simplePatterns {
		_, ok := compileSimple(tc.pattern)
		if ok != tc.simple {
			t.Errorf("%s: simple %v, want %v", tc.pattern, ok, tc.simple)
		}
	}
}

// TestSimpleMatchesLikeRE2: the simple matcher decides as regexp does.
func TestSimpleMatchesLikeRE2(t *testing.T) {
	inputs := []string{"", "TCK-1042", "TCK-104", "TCK-10420", "TCK-1042x", "tck-1042", "AB-1", "ABCD-1", "1.2.3", "v1.2.3", "v1.2.", "a@b", "a@@b", "@b",
		"http://x", "https://", "htt", "abc", "abcd", "xabc", "üü", "üüß", "ß", "a\nb", "\xff", "TCK-١٢٣٤", "a_1", "A_1",
		"2024-01-01", "2024-12-01", "2024-13-01", "2024-00-01", "2024-1-01", "23:59:59", "24:00:00", "09:5:00", "#a0b1c2", "&#x23;a0b1c2",
		"&#x2a0b1c2", "#a0b1c", "ac", "bcd", "cc", "a", "ab", "aba", "abab", "aab", "abba", "ba", "b", "bb",
		"a-1", "a-", "-a", "a--1", "abc-def-9", "1.5", "1.", "1.5.6", "1.5.6.7", ".5", "macos", "ios", "illumos", "il", "io",
		"googleapis", "googleapis.x", "googleapis.x.", "googleapis.x.y", "googleapis.", "a.b-1.C", "a-1.C", "a-.C", "C", "abcdefghij", "abcdefghi",
		"ABC", "aBc", "Ab", "CD", "xml", "XmL", "xm", "kK\u212a", "k\u212ax"}
	for _, tc := range simplePatterns {
		if m, ok := compileSimple(tc.pattern); ok {
			likeRE2(t, tc.pattern, m, inputs...)
		}
	}
}

// matcher is what the matchers of this package and regexp share.
type matcher interface{ MatchString(string) bool }

// likeRE2 reports each input on which m, the matcher of pattern, decides
// other than regexp does.
func likeRE2(t *testing.T, pattern string, m matcher, inputs ...string) {
	t.Helper()
	re := regexp.MustCompile(pattern)
	for _, in := range inputs {
		if got, want := m.MatchString(in), re.MatchString(in); got != want {
			t.Errorf("%s on %q: %v, RE2 %v", pattern, in, got, want)
		}
	}
}

// fuzzLikeRE2 has the fuzzer check that on any pattern regexp accepts
// and compile takes, the matcher decides as regexp does.
func fuzzLikeRE2(f *testing.F, compile func(pattern string) (matcher, bool)) {
	f.Fuzz(func(t *testing.T, pattern, s string) {
		if _, err := regexp.Compile(pattern); err != nil {
			return
		}
		if m, ok := compile(pattern); ok {
			likeRE2(t, pattern, m, s)
		}
	})
}

// FuzzSimple: on any pattern the simple matcher takes, it decides as
// regexp does.
func FuzzSimple(f *testing.F) {
	for _, tc := range simplePatterns {
		f.Add(tc.pattern, "TCK-1042")
	}
	f.Add(`^[0-9]{2,4}x?$`, "123x")
	fuzzLikeRE2(f, func(p string) (matcher, bool) { return compileSimple(p) })
}

var alwaysPatterns = []struct {
	pattern string
	always  bool
}{
	{`.*`, true},
	{``, true},
	{`a*|b`, true},
	{`(x?)*`, true},
	{`(^)*`, true},
	{`a{0,3}`, true},
	{`(?:)`, true},
	{`^.*`, false},
	{`.*$`, false},
	{`^.*$`, false},
	{`.+`, false},
	{`\b`, false},
	{`a|b`, false},
	{`a*b`, false},
	{`(a*)+`, true},
	{`(a+)+`, false},
}

// TestAlways: only patterns that match every string are taken, and RE2
// agrees that they do.
func TestAlways(t *testing.T) {
	for _, tc := range alwaysPatterns {
		m, ok := compileAlways(tc.pattern)
		if ok != tc.always {
			t.Errorf("%q: always %v, want %v", tc.pattern, ok, tc.always)
		}
		if !ok {
			continue
		}
		re := regexp.MustCompile(tc.pattern)
		for _, in := range []string{"", "a", "\n", "b\nc", "\xff", "ü"} {
			if !m.MatchString(in) || !re.MatchString(in) {
				t.Errorf("%q on %q: always %v, RE2 %v", tc.pattern, in, m.MatchString(in), re.MatchString(in))
			}
		}
	}
	if m, err := Compile(`.*`); err != nil || m.String() != `.*` {
		t.Errorf("Compile(.*) = %v, %v", m, err)
	} else if _, ok := m.(always); !ok {
		t.Errorf("Compile(.*) is a %T, want always", m)
	}
}

// FuzzAlways: a pattern taken as matching every string does, for RE2.
func FuzzAlways(f *testing.F) {
	for _, tc := range alwaysPatterns {
		f.Add(tc.pattern, "ab\nc")
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		if _, ok := compileAlways(pattern); ok && !re.MatchString(s) {
			t.Fatalf("%q on %q: taken as matching every string; RE2 says no", pattern, s)
		}
	})
}

// BenchmarkSimple: the simple matcher against RE2 on the same pattern
// and input, as a ratio measured in the same run.
func BenchmarkSimple(b *testing.B) {
	m, _ := compileSimple(`^TCK-[0-9]{4,}$`)
	re := regexp.MustCompile(`^TCK-[0-9]{4,}$`)
	var simple, re2 time.Duration
	for b.Loop() {
		start := time.Now()
		for range 100 {
			m.MatchString("TCK-104217")
		}
		simple += time.Since(start)
		start = time.Now()
		for range 100 {
			re.MatchString("TCK-104217")
		}
		re2 += time.Since(start)
	}
	b.ReportMetric(float64(simple)/float64(re2), "x-re2")
}

// TestMatchesEvery: only patterns that match every string say so; an
// anchor or a required character means a name to check.
func TestMatchesEvery(t *testing.T) {
	for pattern, want := range map[string]bool{
		".*": true, "": true, "a*|b": true, "(x?)": true,
		"^.*$": false, "^": false, ".+": false, "x": false, "(": false, `\b`: false,
	} {
		if got := MatchesEvery(pattern); got != want {
			t.Errorf("MatchesEvery(%q) = %v, want %v", pattern, got, want)
		}
	}
}

var foundPatterns = []struct {
	pattern string
	found   bool
}{
	{`[a-zA-Z]+`, true},
	{`[a-zA-Z_][a-zA-Z_0-9]*`, true},
	{`20[0-9]{2}`, true},
	{`default`, true},
	{`\.json$`, true},
	{`.*\.md$`, true},
	{`^.*\.[xX][mM][lL]$`, true},
	{`^.+\.(?:png)$`, true},
	{`^.+#\d$`, true},
	{`(?s)^.*x$`, true},
	{`x+y?z*`, true},
	{`a*b*$`, false}, // matches where the string ends: RE2's
	{`ü{2}`, true},
	{`^abc`, false},  // compileSimple's
	{`a|b`, true},    // RE2 reads [ab]
	{`ab|cd`, false}, // alternatives
	{`(ab)+`, false}, // a group
	{`a.*b`, false},  // a count between
	{`^.*`, false},
	{`^.*(a|b)$`, true},
	{`^.*(ab|cd)$`, false},
	{`(?i)k`, true},
	{`^.*a*$`, false},
	{`\bword\b`, false},
	{`.{65}`, false},
	{`https?://`, true}, // tried where an h is
	{`x[0-9]+(-[a-f]+)?y$`, true},
	{`a(ba)*c`, false}, // a try may take the next a
	{`x[0-9]*x`, false},
}

// TestFoundShapes: the shapes compileFound takes, and that it decides
// as RE2 does on them.
func TestFoundShapes(t *testing.T) {
	inputs := []string{"", "a", "_", "9", "a9", "_x1", "2024", "x2024y", "202", "default", "the default one", "defaul",
		"a.json", ".json", "a.json.x", "a.jsonx", "x.md", "a\nb.md", "a.XmL", "\n.xml", ".xml", "p.png", ".png",
		"x#1", "#1", "x#12", "a\nx", "xyz", "yz", "b", "ab", "üü", "ü", "a\xff", "\xf0\x9f\x98", "\xff.json",
		"see https://x", "http:/", "hhttp://", "httpss://", "x1y", "xx1-ay", "x1-y", "x1-ay", "x1-ayz", "xy", "x1x1y"}
	for _, tc := range foundPatterns {
		m, ok := compileFound(tc.pattern)
		if ok != tc.found {
			t.Errorf("%s: found %v, want %v", tc.pattern, ok, tc.found)
		}
		if ok {
			likeRE2(t, tc.pattern, m, inputs...)
		}
	}
	if m, err := Compile(`[a-z]+`); err != nil {
		t.Fatal(err)
	} else if _, ok := m.(*found); !ok {
		t.Errorf("Compile([a-z]+) is a %T, want *found", m)
	}
}

// FuzzFound: on any pattern the found matcher takes, it decides as
// regexp does.
func FuzzFound(f *testing.F) {
	for _, tc := range foundPatterns {
		f.Add(tc.pattern, "x2024.json")
	}
	fuzzLikeRE2(f, func(p string) (matcher, bool) { return compileFound(p) })
}

var positionsPatterns = []struct {
	pattern   string
	positions bool
}{
	{`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`, true},
	{`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`, true},
	{`http[s]?:\/\/.*\/swagger\.json`, true},
	{`^\d+\.?\d*$`, true},
	{`^(a|ab)c$`, true},
	{`^x*(x|y)$`, true},
	{`^(ab)*a$`, true},
	{`^$|^[A-Z][a-z0-9A-Z]*$`, true}, // ^ and $ within an alternation: a matcher each
	{`^alpha|beta|rc|stable$`, true},
	{`^(\d+\.\d+\.\d+)|(UNVERSIONED)$`, true},
	{`^\*$|^$|^[a-z][a-z0-9A-Z]*$`, true},
	{`^a|(b$)`, false}, // $ inside a group
	{`ab|cd|ef|gh|ij|kl|mn|^op`, true},
	{`ab|cd|ef|gh|ij|kl|mn|op|^qr`, false}, // more than 8 alternatives with anchors
	{`(\d{1,3}\.){3}\d{1,3}`, true},
	{`^(?i)abc$`, true},
	{`^.+\.(png|jpg|gif|webp)$`, true},
	{`^[a-z]{65}$`, false}, // more than 64 positions
	{`^[a-z]{64}$`, true},
	{`\bword\b`, false},
	{`(?m)^a$`, false},
	{`^`, true},
	{`a*$`, true},
	{`^(|a)b$`, true},
	{`^(?:x|y)*?$`, true},
}

func TestPositionsShapes(t *testing.T) {
	for _, tc := range positionsPatterns {
		_, ok := compilePositions(tc.pattern, tc.pattern)
		if ok != tc.positions {
			t.Errorf("%s: positions %v, want %v", tc.pattern, ok, tc.positions)
		}
	}
}

// TestPositionsMatchesLikeRE2: the positions matcher decides as regexp
// does, on the simple matcher's patterns too.
func TestPositionsMatchesLikeRE2(t *testing.T) {
	inputs := []string{"", "a", "ab", "abc", "ac", "abac", "a-b", "a-", "-a", "a.b", "a..b", "my-service.example.com", "x", "xy", "xxy", "xyx",
		"aba", "ababa", "abab", "1", "1.", "1.5", ".5", "1.2.3.4", "1.2.3", "255.255.255.2555", "ABC", "aBc", "x.png", ".png", "x.jpeg",
		"http://a/swagger.json", "https://a/b/swagger.json", "https:/a/swagger.json", "see http://x/swagger.json here", "http://x\n/swagger.json",
		"b", "xb", "word", "a word", "Abc", "abc$", "alpha1", "xalpha", "betas", "xrcx", "stable", "stablex", "1.2.3x", "x1.2.3", "UNVERSIONED", "xUNVERSIONED", "UNVERSIONEDx", "*", "**", "a*", "op", "xop", "opx", "qr", "ab", "ba", "xmnx", "ü", "\xff", "a\nb", "aaaaaaaa", strings.Repeat("a", 64), strings.Repeat("a", 65)}
	for _, tc := range positionsPatterns {
		if m, ok := compilePositions(tc.pattern, tc.pattern); ok {
			likeRE2(t, tc.pattern, m, inputs...)
		}
	}
	for _, tc := range simplePatterns {
		if m, ok := compilePositions(tc.pattern, tc.pattern); ok {
			likeRE2(t, tc.pattern, m, inputs...)
		}
	}
}

// FuzzPositions: on any pattern the positions matcher takes, it
// decides as regexp does.
func FuzzPositions(f *testing.F) {
	for _, tc := range positionsPatterns {
		f.Add(tc.pattern, "a-b.c")
	}
	f.Add(`^(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9a-z.]+)?$`, "1.20-rc.1")
	fuzzLikeRE2(f, func(p string) (matcher, bool) { return compilePositions(p, p) })
}

// BenchmarkPositions runs the positions matcher and regexp on patterns
// of its shape and reports its time as a ratio of regexp's, both
// measured in the same run.
func BenchmarkPositions(b *testing.B) {
	cases := []struct{ pattern, s string }{
		{`http[s]?:\/\/.*\/swagger\.json`, "https://api.example.com/service/v2/swagger.json"},
		{`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`, "my-service.example-domain.com"},
		{`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9a-zA-Z.-]+)?$`, "1.22.3-beta.1"},
	}
	var mine, re2 float64
	for b.Loop() {
		for _, tc := range cases {
			m, ok := compilePositions(tc.pattern, tc.pattern)
			if !ok {
				b.Fatalf("%s: not a positions pattern", tc.pattern)
			}
			re := regexp.MustCompile(tc.pattern)
			start := time.Now()
			for range 100 {
				m.MatchString(tc.s)
			}
			mine += float64(time.Since(start))
			start = time.Now()
			for range 100 {
				re.MatchString(tc.s)
			}
			re2 += float64(time.Since(start))
		}
	}
	b.ReportMetric(mine/re2, "x-regexp")
}
