// Package ecmaregex compiles JSON Schema patterns. JSON Schema patterns are
// ECMA-262 regular expressions; Go's regexp (RE2) runs in linear time but
// rejects lookarounds and backreferences, which real schemas use. Patterns
// RE2 accepts run on one of this package's matchers where they are of its
// shape (always, simple, found, positions: each one pass, no allocation),
// else on RE2; only patterns RE2 rejects go to regexp2, a backtracking
// engine with an ECMAScript mode, with a time limit per match.
package ecmaregex

import (
	"regexp"
	"time"

	"github.com/dlclark/regexp2"
	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// MatchTimeout bounds one backtracking match; a match that runs out of
// time counts as no match, so a hostile input fails validation instead of
// hanging the caller.
const MatchTimeout = 250 * time.Millisecond

// Compile is a jsonschema.RegexpEngine.
func Compile(pattern string) (jsonschema.Regexp, error) {
	if re, err := regexp.Compile(pattern); err == nil {
		if m, ok := compileAlways(pattern); ok {
			return m, nil
		}
		if m, ok := compileSimple(pattern); ok {
			return m, nil
		}
		if m, ok := compileFound(pattern); ok {
			return m, nil
		}
		if m, ok := compilePositions(pattern); ok {
			return m, nil
		}
		return re, nil
	}
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = MatchTimeout
	return backtracking{re}, nil
}

type backtracking struct{ re *regexp2.Regexp }

func (b backtracking) MatchString(s string) bool {
	ok, err := b.re.MatchString(s)
	return err == nil && ok
}

func (b backtracking) String() string { return b.re.String() }
