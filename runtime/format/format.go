// Package format checks the string formats of JSON Schema: the ones
// structgen asserts by default (see Asserted) against the RFCs that define
// them. Generated code and the runtime's validator share these checks, so
// a format means the same wherever it is checked.
package format

import (
	"fmt"
	"slices"
)

// asserted are the formats Check knows, sorted.
var asserted = []string{
	"date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname",
	"ipv4", "ipv6", "iri", "iri-reference", "json-pointer", "regex", "relative-json-pointer",
	"time", "uri", "uri-reference", "uri-template", "uuid",
}

// check returns the check of the format name, nil for one it does not
// know. A switch, not a map: generated decoders look a format up for
// every string they check, and a map's hashing showed in profiles.
func check(name string) func(string) error {
	switch name {
	case "date-time":
		return DateTime
	case "date":
		return Date
	case "time":
		return Time
	case "duration":
		return Duration
	case "email":
		return Email
	case "idn-email":
		return IDNEmail
	case "hostname":
		return Hostname
	case "idn-hostname":
		return IDNHostname
	case "ipv4":
		return IPv4
	case "ipv6":
		return IPv6
	case "uri":
		return URI
	case "uri-reference":
		return URIReference
	case "iri":
		return IRI
	case "iri-reference":
		return IRIReference
	case "uri-template":
		return URITemplate
	case "uuid":
		return UUID
	case "json-pointer":
		return JSONPointer
	case "relative-json-pointer":
		return RelativeJSONPointer
	case "regex":
		return Regex
	}
	return nil
}

// Asserted lists the formats Check knows, sorted; any other format is an
// annotation.
func Asserted() []string { return slices.Clone(asserted) }

// Known reports whether Check asserts the format name.
func Known(name string) bool { return check(name) != nil }

// Check reports whether s is a valid value of the format name; nil for a
// format it does not know. The error says what is wrong.
func Check(name, s string) error {
	if c := check(name); c != nil {
		return c(s)
	}
	return nil
}

// invalid is the error of a value that breaks its format.
func invalid(why string, args ...any) error {
	return fmt.Errorf(why, args...)
}
