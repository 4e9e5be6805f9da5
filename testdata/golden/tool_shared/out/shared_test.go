package shared_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/impl"
	shared "github.com/structgen/structgen/testdata/golden/tool_shared/out"
)

// Calls of tools whose parameters name a shared type are read as the
// tool schema's interpreter reads them (impl.CheckDecoders compares the
// two on every call here), values and problems alike.
func TestSharedParameters(t *testing.T) {
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	age := int64(41)
	for _, tc := range []struct {
		tool, args string
		want       shared.Action
		problem    string // in the error; "" for none
	}{
		{tool: "extract", args: `{"people":[{"name":"Ada","age":41}]}`,
			want: shared.ExtractArgs{Extract: shared.Extract{People: []shared.Person{{Name: "Ada", Age: &age}}}}},
		{tool: "extract", args: `{"people":[{"name":""}]}`, problem: "/people/0/name"},
		{tool: "extract", args: `{"people":[{"name":"Ada","born":1815}]}`, problem: "/people/0"},
		{tool: "extract", args: `{"note":"none"}`, problem: "people"},
		{tool: "lookup", args: `{"q":"go","limit":5}`,
			want: shared.LookupArgs{Query: shared.Query{Q: "go", Limit: ptr(int64(5))}}},
		{tool: "lookup", args: `{"q":"go","limit":51}`, problem: "/limit"},
		{tool: "lookup", args: `{}`, problem: "q"},
		// The reference has keywords beside it: its own type and decoder.
		{tool: "extract_noted", args: `{"people":[],"note":"none"}`,
			want: shared.ExtractNotedArgs{People: []shared.Person{}, Note: "none"}},
		{tool: "extract_noted", args: `{"people":[]}`, problem: "note"},
	} {
		got, err := shared.ParseToolCall(tc.tool, []byte(tc.args))
		if errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatalf("%s %s: %v", tc.tool, tc.args, err)
		}
		if tc.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tc.problem) {
				t.Errorf("%s %s: got error %v, want one naming %s", tc.tool, tc.args, err, tc.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", tc.tool, tc.args, err)
			continue
		}
		if d := cmp.Diff(tc.want, got, cmp.FilterPath(func(p cmp.Path) bool {
			return strings.HasPrefix(p.Last().String(), ".AdditionalProperties")
		}, cmp.Ignore())); d != "" {
			t.Errorf("%s %s (-want +got):\n%s", tc.tool, tc.args, d)
		}
	}
}

// TestSharedParametersDecoded: a valid call of a tool whose parameters
// name a shared type costs what Parse of that type costs, since the same
// generated decoder reads it (the interpreter allocates several times as
// much).
func TestSharedParametersDecoded(t *testing.T) {
	args := []byte(`{"people":[{"name":"Ada","age":41},{"name":"Grace"}],"note":"two"}`)
	call := testing.AllocsPerRun(100, func() {
		if _, err := shared.ParseExtractAction(args); err != nil {
			t.Fatal(err)
		}
	})
	typ := testing.AllocsPerRun(100, func() {
		if _, err := shared.ParseExtract(args); err != nil {
			t.Fatal(err)
		}
	})
	if call != typ {
		t.Errorf("ParseExtractAction allocates %v times, ParseExtract %v: not the same decoder", call, typ)
	}
}

// FuzzSharedParameters mutates calls and checks that the generated
// decoders read each as the tool schema's interpreter does.
func FuzzSharedParameters(f *testing.F) {
	f.Add("extract", []byte(`{"people":[{"name":"Ada","age":41}],"note":"x"}`))
	f.Add("lookup", []byte(`{"q":"go","limit":5}`))
	f.Add("extract_noted", []byte(`{"people":[],"note":"none"}`))
	impl.CheckDecoders = true
	defer func() { impl.CheckDecoders = false }()
	f.Fuzz(func(t *testing.T, name string, args []byte) {
		if _, err := shared.ParseToolCall(name, args); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}

func ptr[T any](v T) *T { return &v }
