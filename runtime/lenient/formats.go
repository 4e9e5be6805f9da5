package lenient

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/structgen/structgen/runtime/format"
)

// Dates written in a form that names year, month and day unambiguously:
// year first with one-digit parts or other separators (2024-3-5,
// 2024/03/05), or a month's English name (March 5, 2024; 5 Mar 2024).
// 03/05/2024 is not: month or day first is a guess.
var (
	yearFirst = regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$`)
	monthDay  = regexp.MustCompile(`(?i)^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$`)
	dayMonth  = regexp.MustCompile(`(?i)^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?,? (\d{4})$`)
)

// A date-time written with a blank for the T, without seconds, or with
// an offset without its colon: 2024-03-05 10:00Z, 2024-03-05T10:00+0200.
// One without an offset is not: its zone would be a guess.
var looseDateTime = regexp.MustCompile(`(?i)^(\d{4}-\d{2}-\d{2})[t ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?\s*(z|[+-]\d{2}:?\d{2})$`)

// A link written as markdown ([text](url)) or in angle brackets.
var markdownLink = regexp.MustCompile(`^\[[^\]]*\]\((\S+)\)$`)

var monthNames = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

// formatted rewrites s, a string the schema members ms give a format
// that s does not meet, in that format, where s names the same value
// unambiguously: a date (format "date") written another way, a
// date-time with a blank for its T, no seconds or an offset without its
// colon, a URI as a markdown link or in angle brackets, an email address
// in angle brackets (after a name or not) or after mailto:. It returns
// the repair's message.
func formatted(s string, ms []*jsonschema.Schema) (string, string, bool) {
	name := ""
	for _, m := range ms {
		if m.Format != nil {
			name = m.Format.Name
			break
		}
	}
	if name == "" || format.Check(name, s) == nil {
		return "", "", false
	}
	t := strings.TrimSpace(s)
	fixed, what := rewritten(name, t)
	if fixed == "" || fixed == t || format.Check(name, fixed) != nil {
		return "", "", false // not a form read, or none that meets the format (2024-02-30)
	}
	return fixed, fmt.Sprintf("read %q as the %s %q", s, what, fixed), true
}

// rewritten returns t, a string that does not meet the format name,
// written in it where formatted reads t's form, and what the value is;
// "" for a form it does not read. formatted checks the result.
func rewritten(name, t string) (fixed, what string) {
	switch name {
	case "date":
		if y, m, d, ok := dateParts(t); ok {
			return fmt.Sprintf("%04d-%02d-%02d", y, m, d), "date"
		}
	case "date-time":
		if g := looseDateTime.FindStringSubmatch(t); g != nil {
			secs, zone := g[3], strings.ToUpper(g[4])
			if secs == "" {
				secs = ":00"
			}
			if len(zone) == 5 {
				zone = zone[:3] + ":" + zone[3:] // +0200
			}
			return g[1] + "T" + g[2] + secs + zone, "date-time"
		}
	case "uri":
		if g := markdownLink.FindStringSubmatch(t); g != nil {
			return g[1], "URI" // [Paris](https://…): the link's address
		}
		if strings.HasPrefix(t, "<") && strings.HasSuffix(t, ">") {
			return t[1 : len(t)-1], "URI"
		}
	case "email":
		inner := t
		if open := strings.IndexByte(inner, '<'); open >= 0 && strings.HasSuffix(inner, ">") && strings.Count(inner, "<") == 1 {
			inner = inner[open+1 : len(inner)-1] // Ada <ada@example.com>: the address of a mailbox
		}
		if len(inner) > 7 && strings.EqualFold(inner[:7], "mailto:") {
			inner = inner[7:]
		}
		return inner, "email address"
	}
	return "", ""
}

// dateParts reads t as a date named unambiguously.
func dateParts(t string) (y, m, d int, ok bool) {
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if g := yearFirst.FindStringSubmatch(t); g != nil {
		return num(g[1]), num(g[2]), num(g[3]), true
	}
	if g := monthDay.FindStringSubmatch(t); g != nil {
		if month, known := monthNames[strings.ToLower(g[1])]; known {
			return num(g[3]), month, num(g[2]), true
		}
	}
	if g := dayMonth.FindStringSubmatch(t); g != nil {
		if month, known := monthNames[strings.ToLower(g[2])]; known {
			return num(g[3]), month, num(g[1]), true
		}
	}
	return 0, 0, 0, false
}
