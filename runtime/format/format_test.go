package format

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// suiteDir holds the JSON-Schema-Test-Suite of the shared corpus.
const suiteDir = "../../../shared/corpus/jsonschema-suite"

// TestSuiteFormats runs every optional/format test of the
// JSON-Schema-Test-Suite whose schema is {"format": F} on Check: a string
// must be valid exactly when the suite says so. (Other kinds of value
// are valid whatever the format; the generated validators' tests cover
// them.)
func TestSuiteFormats(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(suiteDir, "*", "optional", "format", "*.json"))
	if len(files) == 0 {
		t.Skipf("the JSON-Schema-Test-Suite is absent (want %s)", suiteDir)
	}
	pass, total := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string
			Schema      map[string]any
			Tests       []struct {
				Description string
				Data        any
				Valid       bool
			}
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(suiteDir, file)
		for _, g := range groups {
			name, _ := g.Schema["format"].(string)
			if len(g.Schema) > 2 || !Known(name) {
				continue
			}
			for _, tc := range g.Tests {
				s, ok := tc.Data.(string)
				if !ok {
					continue
				}
				total++
				err := Check(name, s)
				if (err == nil) == tc.Valid {
					pass++
					continue
				}
				t.Errorf("%s: %s: %q: got %v, want valid=%v", filepath.ToSlash(rel), tc.Description, s, err, tc.Valid)
			}
		}
	}
	t.Logf("%d/%d format tests pass", pass, total)
}

func TestUnknownFormat(t *testing.T) {
	if Known("semver") || Check("semver", "not a version") != nil {
		t.Error("an unknown format must be an annotation")
	}
	if err := Check("date", "2024-02-30"); err == nil || !strings.Contains(err.Error(), "day 30") {
		t.Errorf("Check(date, 2024-02-30) = %v, want an error naming the day", err)
	}
}

// TestAsserted: the formats the issue names are asserted, each with a
// check of its own, listed sorted.
func TestAsserted(t *testing.T) {
	want := []string{"date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname", "ipv4", "ipv6", "iri",
		"iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri", "uri-reference", "uri-template", "uuid"}
	if got := Asserted(); !slices.Equal(got, want) {
		t.Errorf("Asserted() = %q, want %q", got, want)
	}
	seen := map[uintptr]string{}
	for _, name := range want {
		c := check(name)
		if c == nil {
			t.Errorf("%s: no check", name)
			continue
		}
		p := reflect.ValueOf(c).Pointer()
		if other, ok := seen[p]; ok {
			t.Errorf("%s and %s share one check", name, other)
		}
		seen[p] = name
	}
}

// FuzzCheck: every check reads any text without panicking.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"2024-02-29T23:59:60Z", "P1Y2M3DT4H5M6S", "a@b.c", "xn--ihqwcrb4cv8a8dqg056pqjye", "::ffff:1.2.3.4", "http://[v1.x]:80/?q#f", "{+a,b:3}", "0/a~1", "(?<n>x)\\1", "実例.テスト"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range Asserted() {
			_ = Check(name, s)
		}
	})
}
