package stdtypes_test

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	"github.com/structgen/structgen/testdata/golden/go/stdtypes"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// What encoding/json writes reads back; the base64 of an address's bytes
// and a number written as a string of letters are refused.
func TestStdTypes(t *testing.T) {
	want := stdtypes.Host{Load: "0.75", Addr: net.ParseIP("192.0.2.1").To4(), Peers: map[string]net.IP{"b": net.ParseIP("2001:db8::1")}}
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := stdtypes.ParseHost(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip of %s (-want +got):\n%s", data, diff)
	}
	for _, doc := range []string{
		`{"load":"high","addr":"192.0.2.1"}`,
		`{"load":1,"addr":{"ip":"192.0.2.1"}}`,
	} {
		if v, err := stdtypes.ParseHost([]byte(doc)); err == nil {
			t.Errorf("%s: no error, got %+v", doc, v)
		}
	}
}

// Text the schema takes but the Go type refuses is a validation error at
// the value's pointer, with encoding/json's reason.
func TestStdTypesRefusedText(t *testing.T) {
	for _, tc := range []struct{ doc, at, why string }{
		{`{"load":1,"addr":"192.0.2.300"}`, "/addr", "invalid IP address"},
		{`{"load":1,"addr":"192.0.2.1","peers":{"a":"192.0.2.2","b":"nope"}}`, "/peers/b", "invalid IP address"},
	} {
		v, err := stdtypes.ParseHost([]byte(tc.doc))
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 {
			t.Errorf("%s: want one problem, got %v (value %+v)", tc.doc, err, v)
			continue
		}
		if p := ve.Problems[0]; p.Pointer != tc.at || !strings.Contains(p.Message, tc.why) {
			t.Errorf("%s: want %q at %s, got %+v", tc.doc, tc.why, tc.at, p)
		}
	}
}
