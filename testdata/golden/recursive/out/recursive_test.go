package recursive_test

import (
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	recursive "github.com/structgen/structgen/testdata/golden/recursive/out"
)

func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// Values that hold themselves read back at every depth, and a wrong
// value deep inside is reported at its pointer (an anyOf's problems
// name each branch's pointer: the deepest is the one asked for).
func TestRecursive(t *testing.T) {
	doc := `{"nested":[[],[[]]],"dict":{"a":{},"b":{"c":{}}},"chain":{"value":1,"next":{"value":2,"next":null}}}`
	tree, err := recursive.ParseTree([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := recursive.Tree{
		Nested: &recursive.Nested{{}, {{}}},
		Dict:   &recursive.Dict{"a": {}, "b": {"c": {}}},
		Chain:  &recursive.Chain{Value: 1, Next: runtime.Some(&recursive.Chain{Value: 2, Next: runtime.Null[*recursive.Chain]()})},
	}
	if diff := cmp.Diff(want, tree); diff != "" {
		t.Errorf("ParseTree (-want +got):\n%s", diff)
	}
	for _, tc := range []struct{ doc, ptr string }{
		{`{"nested":[[],[[1]]]}`, "/nested/1/0/0"},
		{`{"dict":{"a":{"b":[]}}}`, "/dict/a/b"},
		{`{"chain":{"value":1,"next":{"next":null}}}`, "/chain/next"},
		{`{"pair":["a",["b",["c",1]]]}`, "/pair/1/1/1"},
		// Node's allOf applies Node to the same value again: as the
		// validator library has it, that fails, so no value passes Node.
		{`{"node":{"name":"n"}}`, "/node"},
	} {
		_, err := recursive.ParseTree([]byte(tc.doc))
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) || !slices.ContainsFunc(ve.Problems, func(p runtime.Problem) bool { return p.Pointer == tc.ptr }) {
			t.Errorf("ParseTree(%s) = %v, want a validation error naming %s", tc.doc, err, tc.ptr)
		}
	}
}

// A streaming reply cut inside a chain reads as far as it goes, each
// link's mirror through a pointer.
func TestChainPartial(t *testing.T) {
	p, err := recursive.ParseAnswerPartial([]byte(`{"value": 1, "next": {"value": 2, "next": {"val`))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := p.Value.Get()
	next, ok := p.Next.Get()
	if v != 1 || !ok || next == nil {
		t.Fatalf("got %+v", p)
	}
	v2, _ := next.Value.Get()
	inner, ok := next.Next.Get()
	if v2 != 2 || !ok || inner == nil || next.Next.Done() {
		t.Fatalf("second link: got %+v", next)
	}
	if _, ok := inner.Value.Get(); ok {
		t.Errorf("the cut key reads as a value: %+v", inner)
	}
}

// Output Chain's type is the definition its root names: its partial is
// that type's mirror.
func TestRootNamedAsItsDefinition(t *testing.T) {
	var p recursive.ChainPartial
	p, err := recursive.ParseChainPartial([]byte(`{"value": 7, "next": null`))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := p.Value.Get(); !ok || v != 7 {
		t.Errorf("got %+v", p)
	}
	c, err := recursive.ChainOutput.Parse([]byte(`{"value": 7}`))
	if err != nil || c.Value != 7 {
		t.Errorf("ChainOutput.Parse = %+v, %v", c, err)
	}
}
