package format

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// refHostname and refDotAtom are Hostname and the dot-atom local part as
// first written, label by label with strings.Cut: the reference the
// one-pass versions must agree with, message for message.
func refHostname(s string) error {
	if s == "" || len(s) > 253 {
		return invalid("want 1 to 253 characters")
	}
	for rest, more := s, true; more; {
		var l string
		l, rest, more = strings.Cut(rest, ".")
		if err := ldhLabel(l); err != nil {
			return err
		}
		if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
			if _, err := aLabel(l); err != nil {
				return err
			}
		}
	}
	return nil
}

func refDotAtom(l string, intl bool) error {
	for rest, more := l, true; more; {
		var atom string
		atom, rest, more = strings.Cut(rest, ".")
		if atom == "" {
			return invalid("empty atom in the local part (dots at the ends or in a row)")
		}
		for _, r := range atom {
			if r >= utf8.RuneSelf {
				if !intl {
					return invalid("non-ASCII in the local part")
				}
				continue
			}
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r)) {
				return invalid("%q in the local part", r)
			}
		}
	}
	return nil
}

func sameError(a, b error) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

func hostAndLocalAgree(t *testing.T, s string) {
	t.Helper()
	if got, want := Hostname(s), refHostname(s); !sameError(got, want) {
		t.Errorf("Hostname(%q) = %v; the reference says %v", s, got, want)
	}
	if s == "" || s[0] == '"' {
		return // the quoted local part has a reading of its own
	}
	for _, intl := range []bool{false, true} {
		if got, want := localPart(s, intl), refDotAtom(s, intl); !sameError(got, want) {
			t.Errorf("localPart(%q, %v) = %v; the reference says %v", s, intl, got, want)
		}
	}
}

func TestHostnameAndLocalPart(t *testing.T) {
	for _, s := range []string{"example.com", "a", "a.", ".a", "a..b", "-a.b", "a-.b", "a_b.c", "xn--ihqwcrb4cv8a8dqg056pqjye.com",
		"xn--a.com", strings.Repeat("a", 64) + ".com", strings.Repeat("a.", 127) + "a", "a.b-c.d", "ex ample.com", "é.com",
		"user.name", "user..name", "user.", "a+b=c", "a(b)", "ü.x", "a\xffb"} {
		hostAndLocalAgree(t, s)
	}
}

// FuzzHostnameAndLocalPart: on any text, the one-pass readings word what
// the reference words.
func FuzzHostnameAndLocalPart(f *testing.F) {
	for _, s := range []string{"example.com", "a..b", "-a.b", "xn--ihqwcrb4cv8a8dqg056pqjye", "user.name+tag", "a(b)", "é.x"} {
		f.Add(s)
	}
	f.Fuzz(hostAndLocalAgree)
}
