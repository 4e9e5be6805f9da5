// Package format checks the string formats of JSON Schema: the ones
// structgen asserts by default (see Asserted) against the RFCs that define
// them. Generated code and the runtime's validator share these checks, so
// a format means the same wherever it is checked.
package format

import (
	"fmt"
	"sort"
)

// checks maps each asserted format to its check.
var checks = map[string]func(string) error{
	"date-time":             DateTime,
	"date":                  Date,
	"time":                  Time,
	"duration":              Duration,
	"email":                 Email,
	"idn-email":             IDNEmail,
	"hostname":              Hostname,
	"idn-hostname":          IDNHostname,
	"ipv4":                  IPv4,
	"ipv6":                  IPv6,
	"uri":                   URI,
	"uri-reference":         URIReference,
	"iri":                   IRI,
	"iri-reference":         IRIReference,
	"uri-template":          URITemplate,
	"uuid":                  UUID,
	"json-pointer":          JSONPointer,
	"relative-json-pointer": RelativeJSONPointer,
	"regex":                 Regex,
}

// Asserted lists the formats Check knows, sorted; any other format is an
// annotation.
func Asserted() []string {
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Known reports whether Check asserts the format name.
func Known(name string) bool { return checks[name] != nil }

// Check reports whether s is a valid value of the format name; nil for a
// format it does not know. The error says what is wrong.
func Check(name, s string) error {
	if c := checks[name]; c != nil {
		return c(s)
	}
	return nil
}

// invalid is the error of a value that breaks its format.
func invalid(why string, args ...any) error {
	return fmt.Errorf(why, args...)
}
