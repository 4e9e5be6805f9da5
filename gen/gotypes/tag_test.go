package gotypes

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitTag(t *testing.T) {
	for in, want := range map[string][]string{
		"minimum=0,maximum=1":         {"minimum=0", "maximum=1"},
		"pattern=^a,b$,maxLength=3":   {"pattern=^a,b$", "maxLength=3"},
		"enum=a|b,uniqueItems":        {"enum=a|b", "uniqueItems"},
		"description=one, two, three": {"description=one, two, three"},
		"title=x, format=date":        {"title=x", " format=date"},
		"":                            {""},
	} {
		if d := cmp.Diff(want, splitTag(in)); d != "" {
			t.Errorf("splitTag(%q) (-want +got):\n%s", in, d)
		}
	}
}

func TestTagLookup(t *testing.T) {
	tag := reflectStructTag(`json:"name,omitempty" jsonschema:"minLength=1,pattern=^[a-z\"]+$"`)
	if v, ok := tag.lookup("jsonschema"); !ok || v != `minLength=1,pattern=^[a-z"]+$` {
		t.Errorf("lookup = %q %v", v, ok)
	}
	if _, ok := tag.lookup("yaml"); ok {
		t.Error("found a key that is not there")
	}
}

// FuzzTag: struct tags, which users write, never make the parsers panic.
func FuzzTag(f *testing.F) {
	f.Add(`json:"a,omitempty" jsonschema:"minimum=0,pattern=^x$"`)
	f.Add(`jsonschema:"enum=a|b|c,const=3"`)
	f.Fuzz(func(t *testing.T, tag string) {
		rt, _ := parseTag(tag)
		parts := splitTag(rt.schema)
		if strings.Join(parts, ",") != rt.schema {
			t.Fatalf("splitTag lost text: %q -> %q", rt.schema, parts)
		}
	})
}
