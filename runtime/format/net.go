package format

import (
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// IPv4 checks a dotted quad: four decimal numbers 0–255 without leading
// zeros.
func IPv4(s string) error {
	if strings.Count(s, ".") != 3 {
		return invalid("want four numbers separated by dots")
	}
	for rest := s; rest != ""; {
		var p string
		p, rest, _ = strings.Cut(rest, ".")
		if p == "" || len(p) > 3 {
			return invalid("want numbers of one to three digits")
		}
		if len(p) > 1 && p[0] == '0' {
			return invalid("leading zero in %q", p)
		}
		n, ok := digits(p, 0, len(p))
		if !ok {
			return invalid("%q is not a decimal number", p)
		}
		if n > 255 {
			return invalid("%d is above 255", n)
		}
	}
	return nil
}

// IPv6 checks an RFC 4291 address in text: hex groups, at most one "::",
// an optional dotted quad at the end; no zone, prefix or brackets.
func IPv6(s string) error {
	if strings.ContainsAny(s, "%/[] \t\r\n") {
		return invalid("zones, prefixes, brackets and spaces are not part of an address")
	}
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() {
		return invalid("want hex groups separated by colons")
	}
	return nil
}

// labelSeparators are the full stops RFC 3490 reads as '.' in an
// internationalized domain name.
var labelSeparators = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".")

// Hostname checks an RFC 1123 host name of ASCII labels (letters, digits,
// inner hyphens; 63 octets a label, 253 in all, no empty label); a label
// with "--" in its third and fourth place must be a valid IDNA A-label.
func Hostname(s string) error {
	if s == "" || len(s) > 253 {
		return invalid("want 1 to 253 characters")
	}
	// One pass over the bytes: a label ends at each '.', and any other
	// byte outside LDH is left to ldhLabel to word.
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ldh[c] {
			continue
		}
		if c != '.' {
			end := strings.IndexByte(s[i:], '.')
			if end < 0 {
				end = len(s) - i
			}
			return ldhLabel(s[start : i+end])
		}
		if err := hostLabel(s[start:i]); err != nil {
			return err
		}
		start = i + 1
	}
	return hostLabel(s[start:])
}

// ldh holds the bytes of an LDH label: letters, digits and '-'.
var ldh = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
	}
	return t
}()

// hostLabel checks a label of LDH bytes (Hostname has seen them): its
// length and hyphens, and an A-label's Punycode.
func hostLabel(l string) error {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return ldhLabel(l)
	}
	if len(l) >= 4 && strings.EqualFold(l[:4], "xn--") {
		// Other labels with "--" there are LDH labels to RFC 1123.
		if _, err := aLabel(l); err != nil {
			return err
		}
	}
	return nil
}

// ldhLabel checks a label of letters, digits and hyphens.
func ldhLabel(l string) error {
	if l == "" {
		return invalid("empty label")
	}
	if len(l) > 63 {
		return invalid("label %q is longer than 63 octets", l)
	}
	if l[0] == '-' || l[len(l)-1] == '-' {
		return invalid("label %q starts or ends with '-'", l)
	}
	for i := range len(l) {
		c := l[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return invalid("label %q holds %q", l, c)
		}
	}
	return nil
}

// aLabel decodes and checks an A-label ("xn--…"), returning its U-label.
func aLabel(l string) (string, error) {
	if !strings.EqualFold(l[:4], "xn--") {
		return "", invalid("only \"xn--\" may have \"--\" in the third and fourth place (label %q)", l)
	}
	u, err := idna.Punycode.ToUnicode(strings.ToLower(l))
	if err != nil || u == strings.ToLower(l) {
		return "", invalid("label %q is not valid Punycode", l)
	}
	if back, err := idna.Punycode.ToASCII(u); err != nil || back != strings.ToLower(l) {
		return "", invalid("label %q is not Punycode in its one canonical form", l)
	}
	isASCII := true
	for i := range len(u) {
		if u[i] >= utf8.RuneSelf {
			isASCII = false
		}
	}
	if isASCII {
		return "", invalid("label %q decodes to ASCII only", l)
	}
	if err := uLabel(u); err != nil {
		return "", err
	}
	if err := domainRules(u); err != nil {
		return "", err
	}
	return u, nil
}

// IDNHostname checks an internationalized host name (RFC 5890–5893):
// labels separated by '.' or the ideographic full stops, each an LDH
// label, an A-label or a U-label whose code points IDNA2008 allows in
// their context, with the Bidi rule over the name; 63 octets a label and
// 253 in all in ASCII form.
func IDNHostname(s string) error {
	if s == "" {
		return invalid("empty")
	}
	labels := strings.Split(labelSeparators.Replace(s), ".")
	ulabels := make([]string, len(labels))
	total := len(labels) - 1
	for i, l := range labels {
		if l == "" {
			return invalid("empty label")
		}
		ascii := true
		for j := range len(l) {
			if l[j] >= utf8.RuneSelf {
				ascii = false
			}
		}
		switch {
		case ascii && len(l) >= 4 && l[2:4] == "--":
			if err := ldhLabel(l); err != nil {
				return err
			}
			u, err := aLabel(l)
			if err != nil {
				return err
			}
			ulabels[i] = u
			total += len(l)
		case ascii:
			if err := ldhLabel(l); err != nil {
				return err
			}
			ulabels[i] = l
			total += len(l)
		default:
			if err := uLabel(l); err != nil {
				return err
			}
			a, err := idna.Punycode.ToASCII(l)
			if err != nil {
				return invalid("label %q: %v", l, err)
			}
			if len(a) > 63 {
				return invalid("label %q is longer than 63 octets as an A-label", l)
			}
			ulabels[i] = l
			total += len(a)
		}
	}
	if total > 253 {
		return invalid("longer than 253 octets in ASCII form")
	}
	return domainRules(strings.Join(ulabels, "."))
}

// registration checks code points, joiners and the Bidi rule as IDNA2008
// registration does; RFC 5892's exceptions and CONTEXTO rules are
// checked by uLabel, as the library leaves them out.
var registration = idna.New(idna.ValidateForRegistration(), idna.StrictDomainName(false), idna.VerifyDNSLength(false))

func domainRules(name string) error {
	// The PVALID exceptions the library's tables do not allow are
	// replaced by a letter of the same direction before it checks.
	checked := strings.Map(func(r rune) rune {
		switch r {
		case 'ß', 'ς', '\u0f0b', '\u3007':
			return 'a'
		case '\u06fd', '\u06fe':
			return '\u0628'
		}
		return r
	}, name)
	if _, err := registration.ToASCII(checked); err != nil {
		return invalid("%s", strings.TrimPrefix(err.Error(), "idna: "))
	}
	return nil
}

// uLabel checks what RFC 5891–5892 ask of a U-label that the library
// does not: NFC, no leading combining mark, hyphens, the exceptions that
// are DISALLOWED, and the CONTEXTO rules.
func uLabel(l string) error {
	if !norm.NFC.IsNormalString(l) {
		return invalid("label %q is not in NFC", l)
	}
	first, _ := utf8.DecodeRuneInString(l)
	if unicode.In(first, unicode.Mn, unicode.Mc, unicode.Me) {
		return invalid("label %q starts with a combining mark", l)
	}
	if strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
		return invalid("label %q starts or ends with '-'", l)
	}
	if len(l) >= 4 && l[2:4] == "--" {
		return invalid("label %q has \"--\" in the third and fourth place", l)
	}
	rs := []rune(l)
	arabicIndic, extended := false, false
	for i, r := range rs {
		switch r {
		case '\u0640', '\u07fa', '\u302e', '\u302f', '\u3031', '\u3032', '\u3033', '\u3034', '\u3035', '\u303b':
			return invalid("%U is not allowed", r)
		case '\u00b7': // MIDDLE DOT: between two 'l's
			if i == 0 || i == len(rs)-1 || rs[i-1] != 'l' || rs[i+1] != 'l' {
				return invalid("a middle dot must stand between two 'l's")
			}
		case '\u0375': // GREEK LOWER NUMERAL SIGN: before Greek
			if i == len(rs)-1 || !unicode.Is(unicode.Greek, rs[i+1]) {
				return invalid("the Greek keraia must precede a Greek letter")
			}
		case '\u05f3', '\u05f4': // GERESH, GERSHAYIM: after Hebrew
			if i == 0 || !unicode.Is(unicode.Hebrew, rs[i-1]) {
				return invalid("%U must follow a Hebrew letter", r)
			}
		case '\u30fb': // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han
			ok := false
			for _, o := range rs {
				if o != '\u30fb' && unicode.In(o, unicode.Hiragana, unicode.Katakana, unicode.Han) {
					ok = true
				}
			}
			if !ok {
				return invalid("a katakana middle dot needs Hiragana, Katakana or Han in its label")
			}
		}
		if !idnaLetterDigit(r) {
			return invalid("%U is not a letter, digit or mark IDNA2008 allows", r)
		}
		if r >= '\u0660' && r <= '\u0669' {
			arabicIndic = true
		}
		if r >= '\u06f0' && r <= '\u06f9' {
			extended = true
		}
	}
	if arabicIndic && extended {
		return invalid("Arabic-Indic digits mixed with extended Arabic-Indic digits")
	}
	return nil
}

// idnaLetterDigit reports whether IDNA2008 (RFC 5892) may allow r: the
// LetterDigits categories, the hyphen, the joiners (CONTEXTJ, checked
// with the Bidi rule) and the exceptions that are PVALID or CONTEXTO. The
// library's UTS 46 tables let punctuation and symbols through.
func idnaLetterDigit(r rune) bool {
	switch r {
	case '-', '\u200c', '\u200d', 'ß', 'ς', '\u06fd', '\u06fe', '\u0f0b', '\u3007',
		'\u00b7', '\u0375', '\u05f3', '\u05f4', '\u30fb':
		return true
	}
	return unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lo, unicode.Lm, unicode.Mn, unicode.Mc, unicode.Nd)
}

// Email checks an RFC 5321 mailbox: a dot-atom or quoted local part, '@',
// and a host name or an address literal ([IPv4] or [IPv6:…]).
func Email(s string) error { return mailbox(s, false) }

// IDNEmail checks an RFC 6531 mailbox: Email with UTF-8 in the local part
// and an internationalized host name.
func IDNEmail(s string) error { return mailbox(s, true) }

func mailbox(s string, intl bool) error {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return invalid("no '@'")
	}
	local, domain := s[:at], s[at+1:]
	if err := localPart(local, intl); err != nil {
		return err
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		lit := domain[1 : len(domain)-1]
		if strings.HasPrefix(lit, "IPv6:") {
			if IPv6(lit[5:]) != nil {
				return invalid("bad IPv6 address literal %s", domain)
			}
			return nil
		}
		if IPv4(lit) != nil {
			return invalid("bad address literal %s", domain)
		}
		return nil
	}
	var err error
	if intl {
		// Mail software normalizes the domain (RFC 6531): a label not
		// in NFC is read as its NFC form.
		err = IDNHostname(norm.NFC.String(domain))
	} else {
		err = Hostname(domain)
	}
	if err != nil {
		return invalid("domain %q: %v", domain, err)
	}
	return nil
}

func localPart(l string, intl bool) error {
	if l == "" {
		return invalid("empty local part")
	}
	if l[0] == '"' {
		if len(l) < 2 || l[len(l)-1] != '"' {
			return invalid("unclosed quoted local part")
		}
		for i := 1; i < len(l)-1; i++ {
			c := l[i]
			switch {
			case c == '\\':
				i++
				if i >= len(l)-1 || l[i] < 32 || l[i] > 126 {
					return invalid("bad escape in the local part")
				}
			case c == '"' || c < 32 || c == 127:
				return invalid("%q in a quoted local part", c)
			case c >= utf8.RuneSelf && !intl:
				return invalid("non-ASCII in the local part")
			}
		}
		return nil
	}
	// A dot-atom: atoms of atext joined by single dots, read in one pass.
	atom := 0 // bytes of the atom so far
	for i := 0; i < len(l); i++ {
		switch c := l[i]; {
		case atext[c]:
			atom++
		case c == '.':
			if atom == 0 {
				return invalid("empty atom in the local part (dots at the ends or in a row)")
			}
			atom = 0
		case c >= utf8.RuneSelf:
			if !intl {
				return invalid("non-ASCII in the local part")
			}
			atom++
		default:
			return invalid("%q in the local part", rune(c))
		}
	}
	if atom == 0 {
		return invalid("empty atom in the local part (dots at the ends or in a row)")
	}
	return nil
}

// atext holds the ASCII bytes of an atom (RFC 5322).
var atext = func() (t [256]bool) {
	for c := range 128 {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", rune(c))
	}
	return t
}()
