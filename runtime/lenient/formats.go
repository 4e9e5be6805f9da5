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
	t := strings.TrimSpace(s)
	switch name {
	case "date":
		if format.Date(s) == nil {
			return "", "", false
		}
		y, m, d, ok := dateParts(t)
		if !ok {
			return "", "", false
		}
		fixed := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
		if format.Date(fixed) != nil {
			return "", "", false // no such day: 2024-02-30
		}
		return fixed, fmt.Sprintf("read %q as the date %q", s, fixed), true
	case "date-time":
		if format.DateTime(s) == nil {
			return "", "", false
		}
		g := looseDateTime.FindStringSubmatch(t)
		if g == nil {
			return "", "", false
		}
		secs, zone := g[3], strings.ToUpper(g[4])
		if secs == "" {
			secs = ":00"
		}
		if len(zone) == 5 {
			zone = zone[:3] + ":" + zone[3:] // +0200
		}
		fixed := g[1] + "T" + g[2] + secs + zone
		if format.DateTime(fixed) != nil {
			return "", "", false
		}
		return fixed, fmt.Sprintf("read %q as the date-time %q", s, fixed), true
	case "uri":
		if format.URI(s) == nil {
			return "", "", false
		}
		inner := t
		if g := markdownLink.FindStringSubmatch(inner); g != nil {
			inner = g[1] // [Paris](https://…): the link's address
		} else if strings.HasPrefix(inner, "<") && strings.HasSuffix(inner, ">") {
			inner = inner[1 : len(inner)-1]
		}
		if inner == t || format.URI(inner) != nil {
			return "", "", false
		}
		return inner, fmt.Sprintf("read %q as the URI %q", s, inner), true
	case "email":
		if format.Email(s) == nil {
			return "", "", false
		}
		inner := t
		if open := strings.IndexByte(inner, '<'); open >= 0 && strings.HasSuffix(inner, ">") && strings.Count(inner, "<") == 1 {
			inner = inner[open+1 : len(inner)-1] // Ada <ada@example.com>: the address of a mailbox
		}
		if len(inner) > 7 && strings.EqualFold(inner[:7], "mailto:") {
			inner = inner[7:]
		}
		if inner == t || format.Email(inner) != nil {
			return "", "", false
		}
		return inner, fmt.Sprintf("read %q as the email address %q", s, inner), true
	}
	return "", "", false
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
