package draftnotes_test

import (
	"testing"

	draftnotes "github.com/structgen/structgen/testdata/golden/draft_notes/out"
)

// The keywords the drafts ignore are ignored: a draft-04 oneOf of consts
// is a oneOf of {} (so it refuses every value: both branches match), and
// draft 7 requires nothing of dependentRequired.
func TestIgnoredKeywords(t *testing.T) {
	if _, err := draftnotes.ParseOld([]byte(`{"kind":"a"}`)); err == nil {
		t.Error("draft 4 honoured const")
	}
	if _, err := draftnotes.ParseOld([]byte(`{"tags":[1],"n":2}`)); err != nil {
		t.Errorf("draft 4 honoured contains: %v", err)
	}
	if _, err := draftnotes.ParseSeven([]byte(`{"a":"x","c":1}`)); err != nil {
		t.Errorf("draft 7 honoured dependentRequired or unevaluatedProperties: %v", err)
	}
}

// A $schema spelled another way the library reads is the same draft: the
// generated code gives it that draft's meaning, as the interpreter does.
func TestDraftSpellings(t *testing.T) {
	if _, err := draftnotes.ParseHTTPSSeven([]byte(`{"a":"x"}`)); err != nil {
		t.Errorf("https draft 7 honoured dependentRequired: %v", err)
	}
	// The alias reads as 2020-12: prefixItems checks the first item,
	// items the rest.
	if _, err := draftnotes.ParseAlias([]byte(`["x", 1, 2]`)); err != nil {
		t.Errorf("the alias did not read as 2020-12: %v", err)
	}
	if _, err := draftnotes.ParseAlias([]byte(`[1]`)); err == nil {
		t.Error("the alias ignored prefixItems")
	}
	// In 2020-12 the items contains matches count as evaluated.
	if _, err := draftnotes.ParseHTTP2020([]byte(`[1]`)); err != nil {
		t.Errorf("http 2020-12 did not let contains evaluate: %v", err)
	}
	if _, err := draftnotes.ParseHTTP2020([]byte(`[1, 2]`)); err == nil {
		t.Error("http 2020-12 let an unevaluated item through")
	}
	// A meta-schema of its own is read as the draft it names.
	if _, err := draftnotes.ParseCustomMeta([]byte(`[1]`)); err != nil {
		t.Errorf("a 2020-12 meta-schema of its own did not let contains evaluate: %v", err)
	}
	// An embedded resource is read in the draft of its own $schema: in
	// 2019-09 contains evaluates nothing, draft 7 has no
	// dependentRequired.
	if _, err := draftnotes.ParseEmbedded([]byte(`{"xs":[1]}`)); err == nil {
		t.Error("an embedded 2019-09 resource let contains evaluate")
	}
	if _, err := draftnotes.ParseEmbedded([]byte(`{"k":{"a":"x"}}`)); err != nil {
		t.Errorf("an embedded draft-07 resource honoured dependentRequired: %v", err)
	}
	// A draft-04 resource is named by id, and has no const.
	if _, err := draftnotes.ParseEmbedded([]byte(`{"old":{"kind":"y"}}`)); err != nil {
		t.Errorf("an embedded draft-04 resource honoured const: %v", err)
	}
}
