// Package ecmaregex compiles JSON Schema patterns. JSON Schema patterns are
// ECMA-262 regular expressions; Go's regexp (RE2) runs in linear time but
// rejects lookarounds and backreferences, which real schemas use. Patterns
// RE2 accepts run on one of this package's matchers where they are of its
// shape (always, simple, found, positions: each one pass, no allocation),
// else on RE2; only patterns RE2 rejects go to regexp2, a backtracking
// engine with an ECMAScript mode, with a time limit per match.
package ecmaregex

import (
	"fmt"
	"regexp"
	"time"

	"github.com/dlclark/regexp2"
	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// MatchTimeout bounds one backtracking match; a match that runs out of
// time counts as no match, so a hostile input fails validation instead of
// hanging the caller.
const MatchTimeout = 250 * time.Millisecond

// Compile is a jsonschema.RegexpEngine. Each engine runs the pattern as
// translate writes it for that engine, so \s, \S and . mean what
// ECMA-262 says; String returns the pattern as written.
func Compile(pattern string) (jsonschema.Regexp, error) {
	goPattern := translate(pattern, goEscape)
	if re, err := regexp.Compile(goPattern); err == nil {
		if _, ok := compileAlways(goPattern); ok {
			return always(pattern), nil
		}
		if m, ok := compileSimple(goPattern); ok {
			m.source = pattern
			return m, nil
		}
		if m, ok := compileFound(goPattern); ok {
			m.source = pattern
			return m, nil
		}
		if m, ok := compilePositions(goPattern, pattern); ok {
			return m, nil
		}
		return re2{re, pattern}, nil
	}
	re, err := regexp2.Compile(translate(pattern, dotnetEscape), regexp2.ECMAScript)
	if err != nil {
		// The error names the pattern as written.
		if _, err := regexp2.Compile(pattern, regexp2.ECMAScript); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("pattern %q: %w", pattern, err)
	}
	re.MatchTimeout = MatchTimeout
	return backtracking{re, pattern}, nil
}

// re2 is a pattern Go's regexp runs, with the pattern as written.
type re2 struct {
	re     *regexp.Regexp
	source string
}

func (r re2) MatchString(s string) bool { return r.re.MatchString(s) }
func (r re2) String() string            { return r.source }

type backtracking struct {
	re     *regexp2.Regexp
	source string
}

func (b backtracking) MatchString(s string) bool {
	ok, err := b.re.MatchString(s)
	return err == nil && ok
}

func (b backtracking) String() string { return b.source }
