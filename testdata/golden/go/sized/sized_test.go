package sized_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/sized"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// The ends of each range read back; one past either end is a validation
// error at the value's pointer, not encoding/json's type error.
func TestSizedRanges(t *testing.T) {
	off := int32(-2147483648)
	want := sized.Reading{Level: -128, Port: 65535, Offset: &off, Samples: []int16{-32768, 32767},
		Counts: map[string]uint8{"a": 255}, Percent: 100, Total: -9223372036854775808}
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sized.ParseReading(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
	}
	for _, tc := range []struct{ doc, at string }{
		{`{"level":128,"port":1,"percent":1,"total":0}`, "/level"},
		{`{"level":-129,"port":1,"percent":1,"total":0}`, "/level"},
		{`{"level":0,"port":65536,"percent":1,"total":0}`, "/port"},
		{`{"level":0,"port":-1,"percent":1,"total":0}`, "/port"},
		{`{"level":0,"port":1,"offset":2147483648,"percent":1,"total":0}`, "/offset"},
		{`{"level":0,"port":1,"samples":[1,40000],"percent":1,"total":0}`, "/samples/1"},
		{`{"level":0,"port":1,"counts":{"a":256},"percent":1,"total":0}`, "/counts/a"},
		{`{"level":0,"port":1,"percent":101,"total":0}`, "/percent"},
	} {
		v, err := sized.ParseReading([]byte(tc.doc))
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: want a *runtime.ValidationError, got %v (value %+v)", tc.doc, err, v)
			continue
		}
		if !strings.Contains(err.Error(), tc.at) {
			t.Errorf("%s: error does not name %s: %v", tc.doc, tc.at, err)
		}
	}
}
