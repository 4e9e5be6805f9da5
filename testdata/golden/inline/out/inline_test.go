package inline_test

import (
	"errors"
	"testing"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/testdata/golden/inline/out"
)

func TestInlineSchemas(t *testing.T) {
	c, err := inline.ParseChecklist([]byte(`["write tests","ship"]`))
	if err != nil || len(c) != 2 {
		t.Fatalf("ParseChecklist: %v %v", c, err)
	}
	_, err = inline.ParseChecklist([]byte(`["a","b","c","d","e","f"]`))
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) || ve.TypeName != "Checklist" {
		t.Errorf("maxItems: %v", err)
	}
	v, err := inline.ParseVerdict([]byte(`{"ok":true,"reasons":["fine"],"score":0.9}`))
	if err != nil || !v.Ok || v.Reasons[0] != "fine" || *v.Score != 0.9 {
		t.Fatalf("ParseVerdict: %+v %v", v, err)
	}
	if _, err := inline.ParseVerdict([]byte(`{"ok":true,"reasons":["fine"],"score":2}`)); err == nil {
		t.Error("maximum not enforced")
	}
}
