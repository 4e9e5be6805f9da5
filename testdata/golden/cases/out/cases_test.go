package cases_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime"
	"github.com/structgen/structgen/runtime/impl"
	cases "github.com/structgen/structgen/testdata/golden/cases/out"
)

// TestMain has every Parse also run the schema interpreter and fail
// where it and the generated decoders disagree.
func TestMain(m *testing.M) {
	impl.CheckDecoders = true
	os.Exit(m.Run())
}

// TestIfConsts: each if of the run applies its then where the node's
// type is one of its constants (JSON equality: 3.0 is 3), or where the
// node has no type or is not an object; its else where not.
func TestIfConsts(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
	}{
		{`{"nodes": [{"type": "disk", "size": 10}]}`, ""},
		{`{"nodes": [{"type": "net", "props": {"cidr": "10.0.0.0/8"}}, {"type": "vpn", "props": {"cidr": "x"}}]}`, ""},
		{`{"nodes": [{"type": "other"}, {"type": 4}]}`, ""},
		{`{"nodes": [{"type": "disk"}]}`, `/nodes/0: missing property 'size'`},
		{`{"nodes": [{"type": "disk", "size": 0}]}`, `/nodes/0/size: minimum: got 0, want 1`},
		{`{"nodes": [{"type": "disk", "size": 101}]}`, `/nodes/0/size: maximum: got 101, want 100`},
		{`{"nodes": [{"type": "vpn", "props": {}}]}`, `/nodes/0/props: missing property 'cidr'`},
		{`{"nodes": [{"type": "other", "props": {}}]}`, `/nodes/0: not: the value matches a schema it must not`},
		{`{"nodes": [{"type": 3.0}]}`, `/nodes/0: false schema`},
		{`{"nodes": [{"type": "net", "size": 0}]}`, `/nodes/0/type: value must be 'disk'`},
		{`{"nodes": [{"size": 5}]}`, `/nodes/0: missing property 'type'`},
		// The last if requires size: without it, its then does not apply.
		{`{"nodes": [{"type": "net", "size": 0}]}`, `/nodes/0/type: value must be 'disk'`},
		{`{"nodes": [{"type": "net"}]}`, ""},
		{`{"nodes": [{"type": "disk", "size": 0.0}]}`, `/nodes/0/size: minimum: got 0.0, want 1`},
		{`{"nodes": ["disk"]}`, `/nodes/0: false schema`}, // not an object: every if passes,
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestMembersForm: a then or else schema of properties only, applied to
// an object whose keys its validator reads, reads only its members (the
// step's args or note); a key written twice is still a problem.
func TestMembersForm(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
	}{
		{`{"steps": [{"kind": "copy", "args": {"from": "a", "to": "b"}}, {"kind": "sleep", "args": 5}, {"kind": "noop", "note": "abc"}]}`, ""},
		{`{"steps": [{"kind": "copy", "args": {"from": "a"}}]}`, `/steps/0/args: missing property 'to'`},
		{`{"steps": [{"kind": "noop"}, {"args": 0, "kind": "sleep"}]}`, `/steps/1/args: minimum: got 0, want 1`},
		{`{"steps": [{"kind": "noop", "note": "long"}]}`, `/steps/0/note: maxLength: got 4, want 3`},
		{`{"steps": [{"k\u0069nd": "copy", "\u0061rgs": {"from": "a"}}]}`, `/steps/0/args: missing property 'to'`},
		{`{"steps": ["copy"]}`, `/steps/0: got string, want object`},
		{`{"steps": [{"note": 1}]}`, `/steps/0: missing property 'kind'`},
		// A then of two properties reads both where they are, no others.
		{`{"steps": [{"note": "ab", "kind": "move", "x": [1, {"note": ""}], "args": {"to": "b"}}]}`, ""},
		{`{"steps": [{"kind": "move", "args": {"from": "a"}}]}`, `/steps/0/args: missing property 'to'`},
		{`{"steps": [{"kind": "move", "args": {"to": "b"}, "note": ""}]}`, `/steps/0/note: minLength: got 0, want 1`},
		{`{"steps": [{"kind": "move", "args": 1}]}`, `/steps/0/args: got number, want object`},
		{`{"steps": [{"kind": "move"}]}`, ""},
		{`{"steps": [{"k\u0069nd": "move", "\u006eote": ""}]}`, `/steps/0/note: minLength: got 0, want 1`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
	doc := `{"steps": [{"kind": "copy", "args": {"from": "a", "to": "b"}, "args": 1}]}`
	if _, err := cases.ParseBlueprint([]byte(doc)); !errors.Is(err, runtime.ErrDuplicateKey) {
		t.Errorf("%s: %v; want a duplicate key", doc, err)
	}
}

// TestTagged: a oneOf or anyOf whose branches a tag tells apart reads
// only the branch the tag names; where that fails, or the tag names
// none, the problem reads as for any oneOf: none matched, then each
// branch's problems.
func TestTagged(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"shapes": [{"kind": "circle", "r": 1}, {"kind": "square", "side": 2}, {"kind": "polygon", "sides": 5}]}`, ""},
		{`{"shapes": [{"kind": "poly", "sides": 2}]}`, `/shapes/0: oneOf: the value matches none of the 3 schemas`},
		{`{"shapes": [{"kind": "poly", "sides": 2}]}`, `/shapes/0/sides: (schema 2) minimum: got 2, want 3`},
		{`{"shapes": [{"kind": "poly", "sides": 2}]}`, `/shapes/0/kind: (schema 0) value must be 'circle'`},
		{`{"shapes": [{"kind": "hexagon"}]}`, `/shapes/0: oneOf: the value matches none of the 3 schemas`},
		{`{"shapes": [{"r": 1}]}`, `/shapes/0: (schema 0) missing property 'kind'`},
		{`{"shapes": [7]}`, `/shapes/0: oneOf: the value matches none of the 3 schemas`},
		{`{"either": {"t": "l", "n": 1}}`, ""},
		{`{"either": {"s": "x"}}`, ""},
		{`{"either": {"t": "r", "n": 1}}`, `/either: anyOf: the value matches none of the 2 schemas`},
		{`{"either": {"t": "l", "s": "x"}}`, `/either: (schema 0) missing property 'n'`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestExclusive: a oneOf whose branches cannot both pass stops at the
// first that does; one whose branches can still says when two match.
func TestExclusive(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"field": {"id": 1, "value": null}}`, ""},
		{`{"field": {"name": "Status", "value": "Done"}}`, ""},
		{`{"field": {"id": 1, "name": "Status", "value": 1}}`, `/field: oneOf: the value matches none of the 2 schemas`},
		{`{"field": {"id": "1", "value": 1}}`, `/field/id: (schema 0) got string, want integer`},
		{`{"field": {"value": 1}}`, `/field: (schema 1) missing property 'name'`},
		{`{"scalar": "ab"}`, ""},
		{`{"scalar": ["a"]}`, ""},
		{`{"scalar": "a"}`, "minLength"},
		{`{"loose": {"id": 1}}`, ""},
		{`{"loose": {"id": 1, "name": "x"}}`, `/loose: oneOf: the value matches schemas 0 and 1, want exactly one`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestUniqueText: uniqueItems of structured items (and of numbers, and
// of values of any kind) compares their JSON values: 1 equals 1.0, and
// members in any order are the same object.
func TestUniqueText(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"labels": [{"name": "a"}, {"name": "b"}, {"name": "a", "weight": 1}]}`, ""},
		{`{"labels": [{"name": "a", "weight": 1}, {"weight": 1.0, "name": "a"}]}`, `/labels: items at 0 and 1 are equal`},
		{`{"labels": [{"name": ""}]}`, `/labels/0/name: minLength: got 0, want 1`},
		{`{"weights": [1, 1.5, 2]}`, ""},
		{`{"weights": [1, 1.0]}`, `/weights: items at 0 and 1 are equal`},
		{`{"weights": [1, -1]}`, `/weights/1: minimum`},
		{`{"anything": [1, "1", [1], {"a": 1}, null]}`, ""},
		{`{"anything": [{"a": [1, 2]}, {"a": [1.0, 2e0]}]}`, `/anything: items at 0 and 1 are equal`},
		{`{"matrix": [[1, 2], [2, 1]]}`, ""},
		{`{"matrix": [[1, 2], [1, 2.0]]}`, `/matrix: items at 0 and 1 are equal`},
		{`{"matrix": [[1, 1]]}`, `/matrix/0: items at 0 and 1 are equal`},
	} {
		b, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if tc.says == "" && err == nil && tc.doc == `{"labels": [{"name": "a"}, {"name": "b"}, {"name": "a", "weight": 1}]}` &&
			(len(b.Labels) != 3 || b.Labels[2].Name != "a" || *b.Labels[2].Weight != 1) {
			t.Errorf("labels decoded as %+v", b.Labels)
		}
	}
}

// TestNullBranch: a union of kinds with a {"type": "null"} branch, or
// one branch whose type list allows null, reads null as no variant set
// (through the field's pointer or Nullable), and its other branches'
// keywords apply.
func TestNullBranch(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"holder": {"pick": null}, "choice": null}`, ""},
		{`{"holder": {"pick": 2}, "choice": "abc"}`, ""},
		{`{"holder": {"pick": {"name": "x"}}, "choice": [1, 2]}`, ""},
		{`{"holder": {"pick": 0}}`, "minimum"},
		{`{"holder": {"pick": {"name": ""}}}`, "minLength"},
		{`{"holder": {"pick": "x"}}`, "/holder/pick: oneOf: the value matches none of the 3 schemas"},
		{`{"choice": "abcd"}`, "maxLength"},
		{`{"choice": [1.5]}`, "integer"},
		{`{"choice": true}`, "/choice: (schema 2) got boolean, want null"},
		{`{"holder": {}}`, "missing property 'pick'"},
		{`{"optional": null}`, ""},
		{`{"optional": "ab"}`, ""},
		{`{"optional": 7}`, ""},
		{`{"optional": "abcd"}`, "/optional: (schema 0) maxLength: got 4, want 3"},
		{`{"optional": true}`, "/optional: (schema 0) got boolean, want null or string"},
		{`{"pick": null}`, "/pick: got null, want object"},
	} {
		b, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if tc.doc == `{"holder": {"pick": null}, "choice": null}` && err == nil && (b.Holder == nil || b.Holder.Pick != nil || !b.Choice.Present || !b.Choice.Null) {
			t.Errorf("null: holder %+v, choice %+v", b.Holder, b.Choice)
		}
		if tc.doc == `{"optional": null}` && err == nil && (!b.Optional.Present || !b.Optional.Null) {
			t.Errorf("null: optional %+v, want present and null", b.Optional)
		}
	}
	if c, err := cases.ParseBlueprintChoice([]byte(`null`)); err != nil || c.String != nil || c.Array != nil {
		t.Errorf("ParseBlueprintChoice(null) = %+v, %v", c, err)
	}
}

// TestItemCounts: a oneOf whose array branches allow different numbers
// of items reads only the branches an array's count fits; where none
// passes (or none fits), the problem reads as for any oneOf.
func TestItemCounts(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"span": ["a", 1]}`, ""},
		{`{"span": ["a", "b", "c", "d"]}`, ""},
		{`{"span": [ ]}`, ""},
		{`{"span": "x"}`, ""},
		{`{"span": ["a"]}`, `/span: oneOf: the value matches none of the 4 schemas`},
		{`{"span": ["a"]}`, `/span: (schema 1) minItems: got 1, want 3`},
		{`{"span": ["a", "b"]}`, `/span/1: (schema 0) got string, want integer`},
		{`{"span": ["a", 1, "c"]}`, `/span/1: (schema 1) got number, want string`},
		{`{"span": ["a", [1, "]"], {"x": ","}]}`, `/span/1: (schema 1) got array, want string`},
		{`{"span": 1}`, `/span: oneOf: the value matches none of the 4 schemas`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestConstBranches: anyOf and oneOf branches of constants are decided
// by one lookup (JSON equality: 1.0 is 1); the other branches are read
// as ever, and a failure reads as for any anyOf or oneOf.
func TestConstBranches(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"wrap": "always", "mode": "a"}`, ""},
		{`{"wrap": "never", "mode": "c1"}`, ""},
		{`{"wrap": 1.0, "mode": 2.0}`, ""},
		{`{"wrap": "x", "mode": "\u0061"}`, ""},
		{`{"wrap": "longer"}`, ""},
		{`{"wrap": "no"}`, `/wrap: anyOf: the value matches none of the 4 schemas`},
		{`{"wrap": "no"}`, `/wrap: (schema 3) minLength: got 2, want 5`},
		{`{"wrap": 2}`, `/wrap: (schema 2) value must be one of 1, 'x'`},
		{`{"mode": "b"}`, `/mode: oneOf: the value matches schemas 0 and 1, want exactly one`},
		{`{"mode": "x"}`, `/mode: oneOf: the value matches none of the 4 schemas`},
		{`{"mode": ["a"]}`, `/mode: oneOf: the value matches none of the 4 schemas`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestTypedTag: a tag whose schema has a type beside its constants
// (the constants of another kind ruled out) still picks the branch.
func TestTypedTag(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"action": {"op": "add", "n": 1}}`, ""},
		{`{"action": {"op": "rm", "id": "x"}}`, ""},
		{`{"action": {"op": "add"}}`, `/action: anyOf: the value matches none of the 2 schemas`},
		{`{"action": {"op": "add"}}`, `/action: (schema 0) missing property 'n'`},
		{`{"action": {"op": "del", "id": 1}}`, `/action/id: (schema 1) got number, want string`},
		{`{"action": {"op": 5}}`, `/action/op: (schema 1) got number, want string`},
		{`{"action": {"op": "put"}}`, `/action: anyOf: the value matches none of the 2 schemas`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestTaggedBesideType: a union told apart by a tag, with a type beside
// its branches that allows objects, is decoded by its variants' decoders.
func TestTaggedBesideType(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"figure": {"kind": "rect", "w": 2, "extra": [1]}}`, ""},
		{`{"figure": {"kind": "circle", "r": 1}}`, ""},
		{`{"figure": {"kind": "rect", "w": 0}}`, `/figure/w: (schema 1) minimum: got 0, want 1`},
		{`{"figure": {"kind": "oval"}}`, `/figure: oneOf: the value matches none of the 2 schemas`},
		{`{"figure": "rect"}`, `/figure: got string, want object`},
	} {
		v, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if tc.says == "" && (v.Figure == nil || v.Figure.Circle == nil && v.Figure.BlueprintFigureOption1 == nil) {
			t.Errorf("%s: no variant set: %+v", tc.doc, v.Figure)
		}
	}
}

// TestAppliedTwice: an anyOf of the one schema an allOf applies already
// is read once, and decides as before.
func TestAppliedTwice(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"twice": [{"id": 1, "value": null}, {"name": "n", "value": [1]}]}`, ""},
		{`{"twice": [{"id": "x", "value": 1}]}`, `/twice/0: oneOf: the value matches none of the 2 schemas`},
		{`{"twice": [3]}`, `/twice/0: got number, want object`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
	// runs has no type: a validator checks it, calling the one schema
	// its items apply (the oneOf repeats the allOf) once.
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{`{"runs": [{"name": "a"}, {"name": "b", "weight": 1}]}`, nil},
		{`{"runs": "any value but an array"}`, nil},
		{`{"runs": [{"name": ""}]}`, []string{"/runs/0/name: minLength: got 0, want 1"}},
		{`{"runs": [{"weight": "x"}]}`, []string{"/runs/0: missing property 'name'", "/runs/0/weight: got string, want number"}},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		var got []string
		var ve *runtime.ValidationError
		if errors.As(err, &ve) {
			for _, p := range ve.Problems {
				got = append(got, p.String())
			}
		} else if err != nil {
			t.Errorf("%s: %v", tc.doc, err)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tc.doc, d)
		}
	}
}

func check(t *testing.T, doc string, err error, says string) {
	t.Helper()
	if errors.Is(err, impl.ErrDecoderDisagrees) {
		t.Errorf("%s: %v", doc, err)
		return
	}
	if says == "" {
		if err != nil {
			t.Errorf("%s: %v; want it accepted", doc, err)
		}
		return
	}
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(err.Error(), says) {
		t.Errorf("%s: %v; want a problem saying %q", doc, err, says)
	}
}

// FuzzBlueprintDecoderAgrees: the decoders and the interpreter read any
// input alike.
func FuzzBlueprintDecoderAgrees(f *testing.F) {
	f.Add([]byte(`{"nodes": [{"type": "disk", "size": 10}, {"type": "net", "props": {"cidr": "x"}}, {"type": 3}, {"size": 0}]}`))
	f.Add([]byte(`{"shapes": [{"kind": "circle", "r": 1}, {"kind": "square", "side": 0}, {"kind": "poly", "sides": 5}, {}]}`))
	f.Add([]byte(`{"either": {"t": "l", "n": 1, "s": "x"}, "nodes": [{"type": "vpn", "props": 1}]}`))
	f.Add([]byte(`{"field": {"id": 1, "value": [1]}, "scalar": "ab", "loose": {"id": 1, "name": "x"}}`))
	f.Add([]byte(`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "add", "n": 1}, {"op": "rm", "op": "add", "n": 1}, {"n": 1, "op": "add"}]}}}`))
	f.Add([]byte(`{"steps": [{"kind": "copy", "args": {"from": "a"}}, {"kind": "sleep", "args": 0, "args": 2}, {"kind": "x", "note": "abcd"}, 1]}`))
	f.Add([]byte(`{"span": ["a", 1]}`))
	f.Add([]byte(`{"wrap": "never", "mode": "b"}`))
	f.Add([]byte(`{"wrap": 1.0, "mode": "c"}`))
	f.Add([]byte(`{"action": {"op": "rm", "n": 1}}`))
	f.Add([]byte(`{"figure": {"kind": "rect", "w": 1.0}}`))
	f.Add([]byte(`{"twice": [{"id": 1, "value": 2}, {"name": 1}]}`))
	f.Add([]byte(`{"span": ["a", "b", "c"]}`))
	f.Add([]byte(`{"labels": [{"name": "a"}, {"name": "a", "weight": 1.0}], "weights": [1, 2], "anything": [{}, []], "matrix": [[1], [1, 2]]}`))
	f.Add([]byte(`{"holder": {"pick": null}, "choice": [1]}`))
	f.Add([]byte(`{"ext": {"x-a": "abcd", "y": 1, "id": "2"}, "extOpen": {"x-\u0062": 5}, "extBoth": {"x-id": 1}}`))
	f.Add([]byte(`{"reach": {"kind": "k", "phone": "p", "fax": "f", "email": "e", "x-id": null}}`))
	f.Add([]byte(`{"plan": {"fixed": 1, "meta": {"a": 1}, "kind": "b", "level": 2.0}}`))
	f.Add([]byte(`{"plan": {"fixed": true, "mode": "strict", "name": "A", "tags": [], "level": 9, "meta": {"a": "", "b": ""}, "note": "x"}}`))
	f.Add([]byte(`{"tally": {"a": -1, "b": 1.0, "": null}, "lines": {"a\nb": 1, "c": "x"}}`))
	f.Add([]byte(`{"index": {"a": {"n": 1}, "B": 1}, "codes": {"x-a": "abcd", "x-b": null, "z": 1}, "lists": {"12": [{"type": "disk"}], "123": []}}`))
	f.Add([]byte(`{"route": {"insert": "a", "at": 0}, "release": {"v": "2", "a": 1}, "access": {"token": "ab"}, "conn": {"host": "h"}}`))
	f.Add([]byte(`{"headers": {"only": ["a"]}, "pick": {"a": 1}}`))
	f.Add([]byte(`{"headers": "none", "pick": {"b": 1, "a": 2}}`))
	f.Add([]byte(`{"headers": "safe", "twins": "x", "context": {"selective": ["a"]}}`))
	f.Add([]byte(`{"rule": ["a", "b"], "narrowed": "ab"}`))
	f.Add([]byte(`{"route": {"note": "", "remove": "x"}, "release": {"b": "x", "v": null}, "access": {"user": 1, "token": "a"}}`))
	f.Add([]byte(`{"point": [1, {"a": "b"}, "x"], "pair": ["a", null], "marks": ["a", 10]}`))
	f.Add([]byte(`{"point": [-1, null, "abcd", 1, 2], "pair": ["a", 1, 2], "marks": [1]}`))
	f.Add([]byte(`{"attr": [1, "a"], "amount": 4}`))
	f.Add([]byte(`{"attr": 1.5, "amount": 2.0}`))
	f.Add([]byte(`{"bounds": [1, 2]}`))
	f.Add([]byte(`{"price": 0.07}`))
	f.Add([]byte(`{"bounds": {"signal": 1}}`))
	f.Add([]byte(`{"maybe": null, "never": null}`))
	f.Add([]byte(`{"maybe": {}, "never": {"name": "x"}, "choice": "abcd", "pair": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := cases.ParseBlueprint(data); errors.Is(err, impl.ErrDecoderDisagrees) {
			t.Fatal(err)
		}
	})
}

// TestKeyedMap: an object whose members' names one pattern governs
// (patternProperties beside additionalProperties false) is a map of the
// pattern's type; a name the pattern does not match is not allowed. A
// pattern that matches every name (".*") leaves no name to check; one
// that does not ("^.*$" misses names with a line break) beside no
// additionalProperties keeps the map raw.
func TestKeyedMap(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"index": {"a": {"n": 1}, "bc": {"n": 0}}, "codes": {"x-a": "abc", "x-b": null}, "lists": {"1": [{"type": "disk", "size": 1}]}}`, ""},
		{`{"index": {}}`, `/index: minProperties: got 0, want 1`},
		{`{"index": {"A": {"n": 1}}}`, `/index: additional properties 'A' not allowed`},
		{`{"index": {"a": {"n": -1}}}`, `/index/a/n: minimum: got -1, want 0`},
		{`{"index": {"a": {}}}`, `/index/a: missing property 'n'`},
		{`{"index": {"a": {"n": 1}, "a": {"n": 2}}}`, `/index: property 'a' is written twice`},
		{`{"codes": {"x-b": "a"}}`, `/codes: missing property 'x-a'`},
		{`{"codes": {"x-a": "abcd"}}`, `/codes/x-a: maxLength: got 4, want 3`},
		{`{"codes": {"x-a": 1}}`, `/codes/x-a: got number, want`},
		{`{"codes": {"x-a": "a", "y": "b"}}`, `/codes: additional properties 'y' not allowed`},
		{`{"lists": {"100": []}}`, `/lists`},
		{`{"lists": {"a": []}}`, `/lists: additional properties 'a' not allowed`},
		{`{"tally": {"": 0, "a\nb": 2}, "lines": {"a\nb": "any", "c": 1}}`, ""},
		{`{"tally": {"a": -1}}`, `/tally/a: minimum: got -1, want 0`},
		{`{"tally": {"a": "1"}}`, `/tally/a: got string, want integer`},
		{`{"lines": {"c": "1"}}`, `/lines/c: got string, want integer`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
	v, err := cases.ParseBlueprint([]byte(`{"index": {"a": {"n": 7}}, "codes": {"x-a": null}}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Index["a"].N != 7 || v.Codes["x-a"] != nil || v.Tally != nil {
		t.Errorf("got %+v, %+v", v.Index, v.Codes)
	}
}

// TestEnumOfOtherKinds: enum values of another kind than the type's
// match no value of it ("1" is no string, "yes" no boolean).
func TestEnumOfOtherKinds(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"word": "a", "flag": true, "count": 3}`, ""},
		{`{"word": ""}`, `/word: value must be one of 'a', 1`},
		{`{"flag": false}`, `/flag: value must be one of 'yes', true`},
		{`{"count": 2}`, `/count: value must be one of '2', 3`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestFieldConds: an if/then/else on declared properties is checked on
// the decoded fields: the then where the if's property is absent (unless
// the if requires it) or one of its constants (JSON equality: 2.0 is 2;
// "3" is no integer), the else otherwise; a dependentRequired where its
// property is present. An if on a property that may be null is a
// validator's, beside them.
func TestFieldConds(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"plan": {"fixed": false}}`, ""},
		{`{"plan": {"fixed": true, "mode": "strict", "name": "ab", "tags": ["x"]}}`, ""},
		{`{"plan": {"fixed": false, "mode": "loose", "level": 3, "tags": []}}`, ""},
		{`{"plan": {"fixed": false, "mode": "strict"}}`, `/plan: missing property 'name'`},
		{`{"plan": {"fixed": false, "mode": "strict", "name": "a1"}}`, `/plan/name: 'a1' does not match pattern`},
		{`{"plan": {"fixed": false, "mode": "strict", "name": "a"}}`, `/plan/name: minLength: got 1, want 2`},
		{`{"plan": {"fixed": false, "mode": "strict", "name": "ab", "tags": []}}`, `/plan/tags: minItems: got 0, want 1`},
		{`{"plan": {"fixed": false, "mode": "loose", "level": 4}}`, `/plan/level: maximum: got 4, want 3`},
		{`{"plan": {"fixed": false, "level": 4}}`, `/plan/level: maximum: got 4, want 3`},
		{`{"plan": {"fixed": true, "tags": ["a", "b", "c"]}}`, `/plan/tags: maxItems: got 3, want 2`},
		{`{"plan": {"fixed": true, "meta": {"a": "1", "b": "2"}}}`, `/plan/meta: maxProperties: got 2, want 1`},
		{`{"plan": {"fixed": true, "mode": "other"}}`, `/plan/mode: value must be one of 'strict', 'loose'`},
		{`{"plan": {"fixed": false, "mode": "other"}}`, ""},
		{`{"plan": {"fixed": true, "kind": "c"}}`, `/plan/kind: value must be one of 'a', 'b', 1`},
		{`{"plan": {"fixed": true, "kind": "a"}}`, ""},
		{`{"plan": {"fixed": false, "name": "abcdef"}}`, `/plan/name: maxLength: got 6, want 5`},
		{`{"plan": {"fixed": false, "level": 2.0, "name": "abcdef"}}`, `/plan/name: maxLength: got 6, want 5`},
		{`{"plan": {"fixed": false, "level": 3, "name": "abcdef"}}`, ""},
		{`{"plan": {"fixed": false, "note": "x"}}`, `/plan: missing property 'name'`},
		{`{"plan": {"fixed": false, "note": null}}`, ""},
		{`{"plan": {"fixed": false, "kind": "b"}}`, `/plan: missing property 'level'`},
		{`{"plan": {"fixed": false, "kind": "b", "level": 1}}`, ""},
		{`{"plan": {"fixed": false, "kind": "a"}}`, ""},
		{`{"plan": {"fixed": false, "meta": {}}}`, `/plan: properties 'name' required, if 'meta' exists`},
		{`{"plan": {"fixed": false, "meta": {}, "name": "x"}}`, ""},
		// The object's own problem first: its conditions are checked
		// once it decodes.
		{`{"plan": {"fixed": "no", "mode": "strict"}}`, `/plan/fixed: got string, want boolean`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestPresence: anyOf and oneOf branches that only require properties or
// refuse a set of them are checked on which fields the decoder set, or
// which extras it kept, and worded as for any anyOf or oneOf.
func TestPresence(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"reach": {"kind": "k", "email": "e"}}`, ""},
		{`{"reach": {"kind": "k", "phone": "p", "x-id": 1}}`, ""},
		{`{"reach": {"kind": "k", "phone": "p"}}`, `/reach: anyOf: the value matches none of the 3 schemas`},
		{`{"reach": {"kind": "k", "phone": "p"}}`, `/reach: (schema 0) missing property 'x-id'`},
		{`{"reach": {"kind": "k", "phone": "p", "fax": "f"}}`, `/reach: oneOf: the value matches none of the 2 schemas`},
		{`{"reach": {"kind": "k", "phone": "p", "fax": "f"}}`, `/reach: (schema 1) not: the value matches a schema it must not`},
		{`{"reach": {"kind": "k", "email": "e", "phone": "p"}}`, `/reach: oneOf: the value matches schemas 0 and 1, want exactly one`},
		{`{"reach": {"kind": "k"}}`, `/reach: (schema 0) missing property 'email'`},
		{`{"reach": {"email": "e"}}`, `/reach: missing property 'kind'`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestExtraPattern: beside declared properties none of whose names it
// matches, a pattern checks each undeclared property as the decoder keeps
// it (with additionalProperties false, one it does not match is not
// allowed); where it matches a declared name too, a validator checks the
// object beside the decoder.
func TestExtraPattern(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"ext": {"id": 1, "x-a": "abc"}, "extOpen": {"y": [1], "x-b": "ab"}, "extBoth": {"x-id": "ab", "z": 1}}`, ""},
		{`{"ext": {"x-a": "abcd"}}`, `/ext/x-a: maxLength: got 4, want 3`},
		{`{"ext": {"x-a": 1}}`, `/ext/x-a: got number, want string`},
		{`{"ext": {"y": 1}}`, `/ext: additional properties 'y' not allowed`},
		{`{"ext": {"x-a": "a", "x-a": "b"}}`, `/ext: property 'x-a' is written twice`},
		{`{"extOpen": {"x-b": "abcd"}}`, `/extOpen/x-b: maxLength: got 4, want 3`},
		{`{"extBoth": {"x-id": "abc"}}`, `/extBoth/x-id: maxLength: got 3, want 2`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
	v, err := cases.ParseBlueprint([]byte(`{"ext": {"x-a": "abc", "id": 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(v.Ext.AdditionalProperties["x-a"]) != `"abc"` {
		t.Errorf("extras: %v", v.Ext.AdditionalProperties)
	}
}

// TestKeyedUnion: object branches told apart by which properties the
// object has (each requires keys every other refuses; one may have
// none), or by a tag whose absence picks the branch that refuses it, are
// a union whose decoder reads only the variant those name, and whose
// UnmarshalJSON picks the same variant.
func TestKeyedUnion(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
		variant   string // the variant Parse and json.Unmarshal set
	}{
		{`{"route": {"insert": "a", "at": 1}}`, "", "insert"},
		{`{"route": {"remove": "a"}}`, "", "remove"},
		{`{"route": {"note": "n"}}`, "", "other"},
		{`{"route": {}}`, "", "other"},
		{`{"route": {"at": 1}}`, `/route: oneOf: the value matches none of the 3 schemas`, ""},
		{`{"route": {"insert": "a", "remove": "b"}}`, `/route: oneOf: the value matches none of the 3 schemas`, ""},
		{`{"route": {"insert": "a", "at": -1}}`, `/route/at: (schema 0) minimum: got -1, want 0`, ""},
		{`{"route": {"remove": ""}}`, `/route/remove: (schema 1) minLength`, ""},
		{`{"route": {"note": 1}}`, `/route/note: (schema 2) got number, want string`, ""},
		{`{"route": {"insert": "a", "insert": "b"}}`, `property 'insert' is written twice`, ""},
		{`{"route": []}`, `/route: oneOf: the value matches none of the 3 schemas`, ""},
		{`{"release": {"v": "2", "a": 1}}`, "", "tagged"},
		{`{"release": {"b": "x", "c": [1]}}`, "", "untagged"},
		{`{"release": {"v": "3"}}`, `/release: oneOf: the value matches none of the 2 schemas`, ""},
		{`{"release": {"v": 2}}`, `/release/v: (schema 1) false schema`, ""},
		{`{"release": {"v": "2", "b": "x"}}`, `/release: (schema 0) additional properties 'b' not allowed`, ""},
		{`{"release": {"b": 1}}`, `/release/b: (schema 1) got number, want string`, ""},
		{`{"access": {"token": "ab", "x": 1}}`, "", "token"},
		{`{"access": {"user": "u", "pass": "p"}}`, "", "user"},
		{`{"access": {"token": "ab", "user": "u"}}`, `/access: anyOf: the value matches none of the 2 schemas`, ""},
		{`{"access": {"token": "a"}}`, `/access/token: (schema 0) minLength`, ""},
		{`{"access": {"pass": "p"}}`, `/access: anyOf: the value matches none of the 2 schemas`, ""},
		{`{"pick": {"a": 1}}`, "", "a"},
		{`{"pick": {"b": "x"}}`, "", "b"},
		{`{"pick": {"a": "x"}}`, `/pick/a: (schema 0) got string, want integer`, ""},
		{`{"pick": {"a": 1, "b": "x"}}`, `/pick: oneOf: the value matches none of the 2 schemas`, ""},
		{`{"pick": "a"}`, `/pick: got string, want object`, ""},
		{`{"headers": "none"}`, "", ""},
		{`{"headers": {"only": ["a"]}}`, "", "only"},
		{`{"headers": {"except": ["a"]}}`, "", "except"},
		{`{"headers": {"except": []}}`, `/headers/except: (schema 4) minItems`, ""},
		{`{"headers": {"only": [], "except": ["a"]}}`, `/headers: oneOf: the value matches none of the 5 schemas`, ""},
		{`{"headers": "all"}`, "", ""},
		{`{"headers": "traced"}`, "", ""},
		{`{"headers": "some"}`, `/headers: (schemas 0, 1, 2) value must be one of 'none', 'all', 'safe', 'traced'`, ""}, // the value's kind picks the branch
		{`{"headers": {"only": ["a"]}, "twins": "y"}`, "", "only"},
		{`{"rule": null, "narrowed": "ab"}`, "", ""},
		{`{"rule": "never"}`, "", ""},
		{`{"rule": ["a", "b"]}`, "", ""},
		{`{"rule": "sometimes"}`, `/rule: (schema 1) value must be one of 'always', 'never'`, ""},
		{`{"rule": []}`, `/rule: (schema 2) minItems`, ""},
		{`{"rule": 1}`, `/rule: oneOf: the value matches none of the 3 schemas`, ""},
		{`{"narrowed": 1}`, `/narrowed: got number, want string`, ""},
		{`{"narrowed": "a"}`, `/narrowed: oneOf: the value matches none of the 2 schemas`, ""},
		{`{"context": true, "twins": 1}`, "", ""},
		{`{"context": "deprecated"}`, "", ""},
		{`{"context": {"selective": ["a", "b"]}}`, "", ""},
		{`{"context": {"selective": ["a", "a"]}}`, `/context/selective: (schema 1) items at 0 and 1 are equal`, ""},
		{`{"context": {"other": 1}}`, `/context: (schema 1) additional properties 'other' not allowed`, ""},
		{`{"context": "some"}`, `/context: (schema 1) value must be one of 'all', 'deprecated'`, ""},
		{`{"context": 1}`, `/context: (schema 1) got number, want string or object`, ""},
		{`{"twins": "x"}`, `/twins: oneOf: the value matches schemas 0 and 1, want exactly one`, ""},
		{`{"conn": {"name": "a", "host": "h"}}`, "", "host"},
		{`{"conn": {"socket": "s"}}`, "", "socket"},
		{`{"conn": {"host": "h", "socket": "s"}}`, `/conn: oneOf: the value matches none of the 2 schemas`, ""},
	} {
		doc, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if tc.says != "" {
			continue
		}
		var plain cases.Blueprint
		if err := json.Unmarshal([]byte(tc.doc), &plain); err != nil {
			t.Errorf("%s: json.Unmarshal: %v", tc.doc, err)
			continue
		}
		for _, b := range []cases.Blueprint{doc, plain} {
			if got := keyedVariant(b); got != tc.variant {
				t.Errorf("%s: variant %q, want %q", tc.doc, got, tc.variant)
			}
			out, err := json.Marshal(b)
			if err != nil {
				t.Fatal(err)
			}
			var want, got any
			_ = json.Unmarshal([]byte(tc.doc), &want)
			_ = json.Unmarshal(out, &got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: re-encoded (-want +got):\n%s", tc.doc, diff)
			}
		}
	}
}

// keyedVariant names the variant set in b's route, release, access,
// pick, headers (its object) or conn; "" when none is, "several" when more than one is.
func keyedVariant(b cases.Blueprint) string {
	var set []string
	add := func(ok bool, name string) {
		if ok {
			set = append(set, name)
		}
	}
	if r := b.Route; r != nil {
		add(r.BlueprintRouteOption0 != nil, "insert")
		add(r.BlueprintRouteOption1 != nil, "remove")
		add(r.BlueprintRouteOption2 != nil, "other")
	}
	if r := b.Release; r != nil {
		add(r.BlueprintReleaseOption0 != nil, "tagged")
		add(r.BlueprintReleaseOption1 != nil, "untagged")
	}
	if a := b.Access; a != nil {
		add(a.BlueprintAccessOption0 != nil, "token")
		add(a.BlueprintAccessOption1 != nil, "user")
	}
	if p := b.Pick; p != nil {
		add(p.BlueprintPickOption0Object != nil, "a")
		add(p.BlueprintPickOption1Object != nil, "b")
	}
	if h := b.Headers; h != nil && h.Object != nil {
		add(h.Object.ForwardOption3 != nil, "only")
		add(h.Object.ForwardOption4 != nil, "except")
	}
	if c := b.Conn; c != nil {
		add(c.BlueprintConnHostVariant != nil, "host")
		add(c.BlueprintConnSocketVariant != nil, "socket")
	}
	switch len(set) {
	case 0:
		return ""
	case 1:
		return set[0]
	}
	return "several"
}

// TestTuple: a tuple's decoder reads each position with its checks and
// the items after them with the rest's; an optional position is nil (or
// not Present) when the array ends before it, and items: false refuses
// any more. Keywords beside the positions (contains, uniqueItems, which
// compares items of different positions) are checked beside.
func TestTuple(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
		want      cases.Blueprint
	}{
		{doc: `{"point": [3]}`, want: cases.Blueprint{Point: &cases.BlueprintPoint{V0: 3}}},
		{doc: `{"point": [3, {"a": "b"}, "x", "yz"]}`, want: cases.Blueprint{Point: &cases.BlueprintPoint{V0: 3, V1: &map[string]string{"a": "b"}, Rest: []string{"x", "yz"}}}},
		{doc: `{"point": []}`, says: `/point: minItems: got 0, want 1`},
		{doc: `{"point": [-1]}`, says: `/point/0: minimum: got -1, want 0`},
		{doc: `{"point": [1, {"a": 1}]}`, says: `/point/1/a: got number, want string`},
		{doc: `{"point": [1, {}, "abcd"]}`, says: `/point/2: maxLength: got 4, want 3`},
		{doc: `{"point": [1, {}, "a", "b", "c"]}`, says: `/point: maxItems: got 5, want 4`},
		{doc: `{"point": [1, null]}`, says: `/point/1: got null, want object`},
		{doc: `{"point": {"0": 1}}`, says: `/point: got object, want array`},
		{doc: `{"pair": "a"}`, want: cases.Blueprint{Pair: &cases.BlueprintPair{String: ptr("a")}}},
		{doc: `{"pair": ["a"]}`, want: cases.Blueprint{Pair: &cases.BlueprintPair{Array: &cases.BlueprintPairOption1{V0: "a"}}}},
		{doc: `{"pair": ["a", null]}`, want: cases.Blueprint{Pair: &cases.BlueprintPair{Array: &cases.BlueprintPairOption1{V0: "a", V1: runtime.Nullable[int64]{Present: true, Null: true}}}}},
		{doc: `{"pair": ["a", 2]}`, want: cases.Blueprint{Pair: &cases.BlueprintPair{Array: &cases.BlueprintPairOption1{V0: "a", V1: runtime.Nullable[int64]{Present: true, Value: 2}}}}},
		{doc: `{"pair": ["a", 2, 3]}`, says: `/pair/2: (schema 1) false schema`},
		{doc: `{"pair": [1]}`, says: `/pair/0: (schema 1) got number, want string`},
		{doc: `{"pair": 1}`, says: `/pair: oneOf: the value matches none of the 2 schemas`},
		{doc: `{"marks": ["a", 1, 12]}`, want: cases.Blueprint{Marks: &cases.BlueprintMarks{V0: ptr("a"), Rest: []int64{1, 12}}}},
		{doc: `{"marks": ["a", 1]}`, says: `/marks: contains`},
		{doc: `{"marks": ["a", "b"]}`, says: `/marks/1: got string, want integer`},
		{doc: `{"marks": ["a", 12, 12.0]}`, says: `/marks: items at 1 and 2 are equal`},
		{doc: `{"marks": ["a", 1, "a"]}`, says: `/marks/2: got string, want integer`},
	} {
		got, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if err != nil || tc.says != "" {
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: decoded (-want +got):\n%s", tc.doc, diff)
		}
		out, err := json.Marshal(got)
		if err != nil {
			t.Fatalf("%s: %v", tc.doc, err)
		}
		back, err := cases.ParseBlueprint(out)
		if err != nil || !cmp.Equal(back, got) {
			t.Errorf("%s: re-encoded as %s, which reads back as %+v, %v", tc.doc, out, back, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestOverlappingBranches: where several branches allow a variant's
// kind, the union's validator decides (anyOf: any passes; oneOf: exactly
// one) and the value is decoded as the variant; the other kinds are read
// typed, and a kind no branch allows is worded as for any anyOf or oneOf.
func TestOverlappingBranches(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
		want      cases.Blueprint
	}{
		{doc: `{"attr": 1}`, want: cases.Blueprint{Attr: &cases.BlueprintAttr{Number: ptr(1.0)}}},
		{doc: `{"attr": 1.5}`, want: cases.Blueprint{Attr: &cases.BlueprintAttr{Number: ptr(1.5)}}},
		{doc: `{"attr": true}`, want: cases.Blueprint{Attr: &cases.BlueprintAttr{Bool: ptr(true)}}},
		{doc: `{"attr": [1, 2]}`, want: cases.Blueprint{Attr: &cases.BlueprintAttr{Array: []json.RawMessage{json.RawMessage("1"), json.RawMessage("2")}}}},
		{doc: `{"attr": ["a"]}`, want: cases.Blueprint{Attr: &cases.BlueprintAttr{Array: []json.RawMessage{json.RawMessage(`"a"`)}}}},
		{doc: `{"attr": [1, "a"]}`, says: `/attr: anyOf: the value matches none of the 5 schemas`},
		{doc: `{"attr": {}}`, says: `/attr: anyOf: the value matches none of the 5 schemas`},
		{doc: `{"amount": 2}`, want: cases.Blueprint{Amount: &cases.BlueprintAmount{Number: ptr(2.0)}}},
		{doc: `{"amount": 7.5}`, want: cases.Blueprint{Amount: &cases.BlueprintAmount{Number: ptr(7.5)}}},
		{doc: `{"amount": "x"}`, want: cases.Blueprint{Amount: &cases.BlueprintAmount{String: ptr("x")}}},
		{doc: `{"amount": 4}`, says: `/amount: oneOf: the value matches schemas 0 and 1, want exactly one`},
		{doc: `{"amount": 2.5}`, says: `/amount: oneOf: the value matches none of the 3 schemas`},
		{doc: `{"amount": null}`, says: `/amount: oneOf: the value matches none of the 3 schemas`},
	} {
		got, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if err != nil || tc.says != "" {
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: decoded (-want +got):\n%s", tc.doc, diff)
		}
	}
}

// TestKeywordsBesideBranches: keywords beside a union's branches that
// are of one kind (minItems and maxItems of arrays, maxLength of
// strings) have the union's validator check those variants; the others
// are read typed.
func TestKeywordsBesideBranches(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
		want      cases.Blueprint
	}{
		{doc: `{"bounds": [1, 2.5]}`, want: cases.Blueprint{Bounds: &cases.BlueprintBounds{Array: []float64{1, 2.5}}}},
		{doc: `{"bounds": "abcd"}`, want: cases.Blueprint{Bounds: &cases.BlueprintBounds{String: ptr("abcd")}}},
		{doc: `{"bounds": {"signal": "s"}}`, want: cases.Blueprint{Bounds: &cases.BlueprintBounds{Object: &cases.BlueprintBoundsOption2{Signal: "s"}}}},
		{doc: `{"bounds": [1]}`, says: `/bounds: minItems: got 1, want 2`},
		{doc: `{"bounds": [1, "a"]}`, says: `/bounds/1: (schema 0) got string, want number`},
		{doc: `{"bounds": "abcde"}`, says: `/bounds: maxLength: got 5, want 4`},
		{doc: `{"bounds": {}}`, says: `/bounds: (schema 2) missing property 'signal'`},
		{doc: `{"bounds": true}`, says: `/bounds: oneOf: the value matches none of the 3 schemas`},
	} {
		got, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
		if err != nil || tc.says != "" {
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: decoded (-want +got):\n%s", tc.doc, diff)
		}
	}
}

// TestNumberMultipleOf: a number's multipleOf is checked exactly, on its
// text (0.07 is a multiple of 0.01, though not in float64 arithmetic).
func TestNumberMultipleOf(t *testing.T) {
	for _, tc := range []struct {
		doc, says string // says is "" for a valid document
	}{
		{`{"price": 0.07}`, ""},
		{`{"price": 19.99}`, ""},
		{`{"price": 1e2}`, ""},
		{`{"price": 0}`, ""},
		{`{"price": 0.015}`, `/price: multipleOf: 0.015 is not a multiple of 0.01`},
		{`{"price": -0.01}`, `/price: minimum: got -0.01, want 0`},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestNullAtTheTop: a struct type whose schema allows null (the object
// view of a union of kinds with a null branch) parses null as its zero
// value, as the schema and encoding/json have it; one whose schema does
// not refuses it.
func TestNullAtTheTop(t *testing.T) {
	v, err := cases.ParseBlueprintPickOption0Object([]byte(" null "))
	if err != nil || !cmp.Equal(v, cases.BlueprintPickOption0Object{}) {
		t.Errorf("ParseBlueprintPickOption0Object(null) = %+v, %v; want the zero value", v, err)
	}
	_, err = cases.ParseBlueprint([]byte("null"))
	check(t, "null", err, "got null, want object")
	// Keywords beside the properties check null too: the anyOf's null
	// branch and the if's then pass it, a not refuses it.
	m, err := cases.ParseBlueprintMaybe([]byte("null"))
	if err != nil || !cmp.Equal(m, cases.BlueprintMaybe{}) {
		t.Errorf("ParseBlueprintMaybe(null) = %+v, %v; want the zero value", m, err)
	}
	_, err = cases.ParseBlueprintMaybe([]byte("{}"))
	check(t, "{}", err, "anyOf: the value matches none of the 2 schemas")
	_, err = cases.ParseBlueprintNever([]byte("null"))
	check(t, "null", err, "(root): not: the value matches a schema it must not")
	// A type that allows null says so when it refuses another kind.
	_, err = cases.ParseBlueprintPickOption0Object([]byte("5"))
	check(t, "5", err, "(root): got number, want object or null")
	_, err = cases.ParseBlueprint([]byte("5"))
	check(t, "5", err, "(root): got number, want object")
	for _, tc := range []struct{ doc, says string }{
		{`{"maybe": null, "never": {}}`, ""},
		{`{"maybe": {"name": "x"}}`, ""},
		{`{"maybe": {}}`, "/maybe: anyOf: the value matches none of the 2 schemas"},
		{`{"never": null}`, "/never: not: the value matches a schema it must not"},
		// Read from its text, checked beside its properties: null is
		// still named.
		{`{"maybe": [1]}`, "/maybe: got array, want object or null"},
		{`{"never": "x"}`, "/never: got string, want object or null"},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
}

// TestUnionProblems: a union of kinds read typed words a value it
// refuses as its anyOf's or oneOf's validator would: that no branch
// matched first, then each branch's problems, in branch order.
func TestUnionProblems(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{`{"choice": "abcd"}`, []string{
			"/choice: anyOf: the value matches none of the 3 schemas",
			"/choice: (schema 0) maxLength: got 4, want 3",
			"/choice: (schema 1) got string, want array",
			"/choice: (schema 2) got string, want null",
		}},
		{`{"holder": {"pick": {"name": ""}}}`, []string{
			"/holder/pick: oneOf: the value matches none of the 3 schemas",
			"/holder/pick: (schema 0) got object, want null",
			"/holder/pick: (schema 1) got object, want integer",
			"/holder/pick/name: (schema 2) minLength: got 0, want 1",
		}},
		{`{"choice": {}}`, []string{
			"/choice: anyOf: the value matches none of the 3 schemas",
			"/choice: (schema 0) got object, want string",
			"/choice: (schema 1) got object, want array",
			"/choice: (schema 2) got object, want null",
		}},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		var ve *runtime.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: %v; want a *runtime.ValidationError", tc.doc, err)
			continue
		}
		var got []string
		for _, p := range ve.Problems {
			got = append(got, p.Pointer+": "+p.Message)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tc.doc, diff)
		}
	}
}

// TestCondExtras: an if/then/else on a declared property whose branches
// require and check undeclared properties checks them on the raw JSON
// the object keeps, wherever in the object the tested property stands,
// and the object still encodes what it read.
func TestCondExtras(t *testing.T) {
	for _, tc := range []struct {
		doc, says string
	}{
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": ["a", "b"]}}}`, ""},
		{`{"config": {"codegen": {"schemas": ["a"]}, "x-level": 3, "ctype": "codegen"}}`, ""},
		{`{"config": {"ctype": "other"}}`, ""},
		{`{"config": {"ctype": "other", "x-level": 9}}`, ""},
		{`{"config": {"ctype": "codegen"}}`, `/config: missing property 'codegen'`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": ["a", "a"]}}}`, `/config/codegen/schemas: items at 0 and 1 are equal`},
		{`{"config": {"codegen": {"schemas": [1]}, "ctype": "codegen"}}`, `/config/codegen/schemas/0: got number, want string`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "more": 1}}}`, `/config/codegen: additional properties 'more' not allowed`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": []}, "x-level": 4}}`, `/config/x-level: maximum: got 4, want 3`},
		{`{"config": {"ctype": "other", "codegen": {}}}`, `/config/codegen: false schema`},
		// uniqueItems of one tagged union: items whose tags pick other
		// branches differ, so only items of one branch are compared.
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "add", "n": 1}, {"op": "rm"}, {"n": 1, "op": "add", "x": 0}]}}}`, ""},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "add", "n": 1}, {"op": "rm"}, {"n": 1.0, "op": "add"}]}}}`, `/config/codegen/steps: items at 0 and 2 are equal`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "del"}, {"op": "rm"}, {"op": "rm"}]}}}`, `/config/codegen/steps: items at 1 and 2 are equal`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "rm"}, {"op": 5}, {"op": 5.0}]}}}`, `/config/codegen/steps/1/op: (schema 1) got number, want string`},
		{`{"config": {"ctype": "codegen", "codegen": {"schemas": [], "steps": [{"op": "rm"}, {"op": "add"}]}}}`, `/config/codegen/steps/1: (schema 0) missing property 'n'`},
		{`{"actions": [{"op": "add", "n": 1}, {"op": "rm"}, {"op": "add", "n": 1}]}`, `/actions: items at 0 and 2 are equal`},
		{`{"actions": [{"op": "add", "n": 1}, {"op": "rm"}, {"op": "add", "n": 2}]}`, ""},
	} {
		_, err := cases.ParseBlueprint([]byte(tc.doc))
		check(t, tc.doc, err, tc.says)
	}
	doc := `{"config":{"codegen":{"schemas":["a"]},"ctype":"codegen","x-level":1}}`
	v, err := cases.ParseBlueprint([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"config":{"ctype":"codegen","codegen":{"schemas":["a"]},"x-level":1}}`
	if string(out) != want {
		t.Errorf("encoded %s, want %s", out, want)
	}
}
