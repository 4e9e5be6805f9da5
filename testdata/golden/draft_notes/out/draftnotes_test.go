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
