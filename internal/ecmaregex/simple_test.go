package ecmaregex

import (
	"regexp"
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
	{`^(?i)abc$`, false},
	{`^a*a$`, false},
	{`^[a-c]*[c-e]$`, false},
	{`^ü+ß?$`, true},
	{`^\d{4}-(0[1-9]|1[0-2])-01$`, true},
	{`^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$`, true},
	{`^(?:#|(&#x23;))[0-9a-fA-F]{6}$`, true},
	{`^(a|b)c`, true},
	{`^(a|ab)c$`, false}, // both start with a: which one is not told by the first rune
	{`^x*(x|y)$`, false}, // x* may take the group's x
	{`^(a|b)*$`, false},  // a count of a group
	{`^(a+|b)$`, false},  // a count inside
	{`^(|a)b$`, false},   // an empty alternative
	{`^(?i:(ab|cd))$`, false},
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
		"&#x2a0b1c2", "#a0b1c", "ac", "bcd", "cc", "a"}
	for _, tc := range simplePatterns {
		m, ok := compileSimple(tc.pattern)
		if !ok {
			continue
		}
		re := regexp.MustCompile(tc.pattern)
		for _, in := range inputs {
			if got, want := m.MatchString(in), re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, RE2 %v", tc.pattern, in, got, want)
			}
		}
	}
}

// FuzzSimple: on any pattern the simple matcher takes, it decides as
// regexp does.
func FuzzSimple(f *testing.F) {
	for _, tc := range simplePatterns {
		f.Add(tc.pattern, "TCK-1042")
	}
	f.Add(`^[0-9]{2,4}x?$`, "123x")
	f.Fuzz(func(t *testing.T, pattern, s string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		m, ok := compileSimple(pattern)
		if !ok {
			return
		}
		if got, want := m.MatchString(s), re.MatchString(s); got != want {
			t.Fatalf("%q on %q: %v, RE2 %v", pattern, s, got, want)
		}
	})
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
