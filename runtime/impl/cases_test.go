package impl

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-faster/jx"
	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/runtime/schema"
)

func TestMember(t *testing.T) {
	for _, tc := range []struct {
		raw, val  string
		found, ok bool
	}{
		{`{"type": "disk", "size": 1}`, `"disk"`, true, true},
		{`{"size": {"type": "x"}, "type": 3.0}`, `3.0`, true, true},
		{`{"t\u0079pe": [1]}`, `[1]`, true, true},
		{`{"size": 1}`, ``, false, true},
		{`{}`, ``, false, true},
		{`"type"`, ``, false, true},
		{`[{"type": 1}]`, ``, false, true},
		{`{"size": tru}`, ``, false, false},
	} {
		c := &Decoding{}
		val, found, ok := c.member([]byte(tc.raw), "type")
		if string(val) != tc.val || found != tc.found || ok != tc.ok {
			t.Errorf("member(%s) = %q, %v, %v; want %q, %v, %v", tc.raw, val, found, ok, tc.val, tc.found, tc.ok)
		}
	}
}

// record is a validator that notes its name when it runs and fails
// when fail is set.
func record(ran *[]string, name string, fail bool) Validator {
	return func(c *Decoding, t *Text) {
		*ran = append(*ran, name)
		if fail {
			c.Problemf("%s failed", name)
		}
		t.Skip()
	}
}

func TestIfConsts(t *testing.T) {
	const values = `[["disk"], ["net", "vpn"], [3], ["disk"]]`
	for _, tc := range []struct {
		raw  string
		want []string // the thens and elses that ran, in order
	}{
		{`{"type": "disk"}`, []string{"then0", "else1", "then3"}},
		{`{"type": "vpn"}`, []string{"else0", "then1", "else3"}},
		{`{"type": 3.0}`, []string{"else0", "else1", "then2", "else3"}},
		{`{"type": "other"}`, []string{"else0", "else1", "else3"}},
		{`{"size": 1}`, []string{"then0", "then1", "then2", "then3"}},
		{`"disk"`, []string{"then0", "then1", "then2", "then3"}},
	} {
		var ran []string
		var checks []Validator
		for i := range 4 {
			var els Validator
			if i != 2 {
				els = record(&ran, fmt.Sprintf("else%d", i), false)
			}
			// The ifs are never run: the member is read once.
			checks = append(checks, record(&ran, fmt.Sprintf("if%d", i), true), record(&ran, fmt.Sprintf("then%d", i), false), els)
		}
		got := check(func(c *Decoding) { c.IfConsts([]byte(tc.raw), "type", values, checks...) })
		if got != nil {
			t.Errorf("%s: problems %v", tc.raw, got)
		}
		if diff := cmp.Diff(tc.want, ran); diff != "" {
			t.Errorf("%s: ran (-want +got):\n%s", tc.raw, diff)
		}
	}
	// A then's problems are the value's.
	var ran []string
	got := check(func(c *Decoding) {
		c.IfConsts([]byte(`{"type": "net"}`), "type", `[["net"]]`, nil, record(&ran, "then", true), nil)
	})
	if diff := cmp.Diff([]string{"/x: then failed"}, got); diff != "" {
		t.Errorf("then's problems (-want +got):\n%s", diff)
	}
	// Where the member cannot be read, each if runs as IfThenElse would
	// (here it reads the members and finds the syntax error, which stops
	// reading).
	ran = nil
	readMembers := func(c *Decoding, t *Text) {
		ran = append(ran, "if")
		it, _ := t.Object()
		for !c.Failed() && it.Next() {
			t.Skip()
		}
		c.End(it.Err())
	}
	check(func(c *Decoding) {
		c.IfConsts([]byte(`{"size": tru}`), "type", `[["net"]]`, readMembers, record(&ran, "then", false), nil)
	})
	if diff := cmp.Diff([]string{"if"}, ran); diff != "" {
		t.Errorf("unreadable member (-want +got):\n%s", diff)
	}
	if got := check(func(c *Decoding) { c.IfConsts([]byte(`{}`), "type", `[["a"]]`) }); len(got) != 1 || !strings.Contains(got[0], "do not fit") {
		t.Errorf("constants that do not fit the checks: %v", got)
	}
}

// TestIfConstsRequired: an if that requires the member fails an object
// without it (its else runs), and passes what is not an object.
func TestIfConstsRequired(t *testing.T) {
	const values = `[["disk"], ["disk"]]`
	for _, tc := range []struct {
		raw  string
		want []string
	}{
		{`{"type": "disk"}`, []string{"then0", "then1"}},
		{`{"type": "net"}`, []string{"else0", "else1"}},
		{`{"size": 1}`, []string{"then0", "else1"}},
		{`{}`, []string{"then0", "else1"}},
		{`"disk"`, []string{"then0", "then1"}},
		{`[]`, []string{"then0", "then1"}},
	} {
		var ran []string
		var checks []Validator
		for i := range 2 {
			checks = append(checks, record(&ran, fmt.Sprintf("if%d", i), true), record(&ran, fmt.Sprintf("then%d", i), false), record(&ran, fmt.Sprintf("else%d", i), false))
		}
		if got := check(func(c *Decoding) { c.IfConstsRequired([]byte(tc.raw), "type", values, "01", checks...) }); got != nil {
			t.Errorf("%s: problems %v", tc.raw, got)
		}
		if diff := cmp.Diff(tc.want, ran); diff != "" {
			t.Errorf("%s: ran (-want +got):\n%s", tc.raw, diff)
		}
	}
	if got := check(func(c *Decoding) { c.IfConstsRequired([]byte(`{}`), "type", `[["a"]]`, "11", nil, nil, nil) }); len(got) != 1 || !strings.Contains(got[0], "do not fit") {
		t.Errorf("required flags that do not fit the schemas: %v", got)
	}
}

func TestTaggedBranches(t *testing.T) {
	const values = `[["circle"], ["square", "box"]]`
	for _, tc := range []struct {
		raw      string
		fail     [2]bool
		ran      []string
		problems []string
	}{
		// The tag picks the branch; the other is not read.
		{`{"kind": "box"}`, [2]bool{true, false}, []string{"b1"}, nil},
		{`{"kind": "circle"}`, [2]bool{false, true}, []string{"b0"}, nil},
		// The picked branch fails: OneOf reads every branch and words it.
		{`{"kind": "circle"}`, [2]bool{true, true}, []string{"b0", "b0", "b1", "b0", "b1"},
			[]string{"/x: oneOf: the value matches none of the 2 schemas", "/x: (schema 0) b0 failed", "/x: (schema 1) b1 failed"}},
		// No tag, or one no branch has: as OneOf.
		{`{"r": 1}`, [2]bool{false, true}, []string{"b0", "b1"}, nil},
		{`{"kind": "hexagon"}`, [2]bool{true, false}, []string{"b0", "b1"}, nil},
		{`[1]`, [2]bool{false, false}, []string{"b0", "b1"}, []string{"/x: oneOf: the value matches schemas 0 and 1, want exactly one"}},
	} {
		var ran []string
		b0, b1 := record(&ran, "b0", tc.fail[0]), record(&ran, "b1", tc.fail[1])
		got := check(func(c *Decoding) { c.OneOfTagged([]byte(tc.raw), "kind", values, b0, b1) })
		if diff := cmp.Diff(tc.problems, got); diff != "" {
			t.Errorf("OneOfTagged %s: problems (-want +got):\n%s", tc.raw, diff)
		}
		if diff := cmp.Diff(tc.ran, ran); diff != "" {
			t.Errorf("OneOfTagged %s: ran (-want +got):\n%s", tc.raw, diff)
		}
	}
	var ran []string
	got := check(func(c *Decoding) {
		c.AnyOfTagged([]byte(`{"kind": "square"}`), "kind", values, record(&ran, "b0", false), record(&ran, "b1", false))
	})
	if got != nil || !cmp.Equal(ran, []string{"b1"}) {
		t.Errorf("AnyOfTagged: problems %v, ran %v; want only b1 run", got, ran)
	}
	ran = nil
	got = check(func(c *Decoding) {
		c.AnyOfTagged([]byte(`{"kind": "square"}`), "kind", values, record(&ran, "b0", true), record(&ran, "b1", true))
	})
	if len(got) != 3 || got[0] != "/x: anyOf: the value matches none of the 2 schemas" {
		t.Errorf("AnyOfTagged with its branch failing: %v", got)
	}
}

func TestOneOfExclusive(t *testing.T) {
	for _, tc := range []struct {
		fail     [3]bool
		ran      []string
		problems []string
	}{
		// The first branch that passes settles it; the rest are not read.
		{[3]bool{true, false, false}, []string{"b0", "b1"}, nil},
		{[3]bool{false, true, true}, []string{"b0"}, nil},
		// None passes: worded as OneOf.
		{[3]bool{true, true, true}, []string{"b0", "b1", "b2", "b0", "b1", "b2"},
			[]string{"/x: oneOf: the value matches none of the 3 schemas", "/x: (schema 0) b0 failed", "/x: (schema 1) b1 failed", "/x: (schema 2) b2 failed"}},
	} {
		var ran []string
		got := check(func(c *Decoding) {
			c.OneOfExclusive([]byte(`{}`), record(&ran, "b0", tc.fail[0]), record(&ran, "b1", tc.fail[1]), record(&ran, "b2", tc.fail[2]))
		})
		if diff := cmp.Diff(tc.problems, got); diff != "" {
			t.Errorf("%v: problems (-want +got):\n%s", tc.fail, diff)
		}
		if diff := cmp.Diff(tc.ran, ran); diff != "" {
			t.Errorf("%v: ran (-want +got):\n%s", tc.fail, diff)
		}
	}
}

// TestKindsAgree checks AnyOfKinds and OneOfKinds against AnyOf and
// OneOf: reading only the branches that allow the value's kind changes
// neither the verdict nor the problems.
func TestKindsAgree(t *testing.T) {
	wantNull := func(c *Decoding, t *Text) {
		if t.Next() != jx.Null {
			t.WrongType("null")
			return
		}
		t.Skip()
	}
	branches := []Validator{wantString, wantShort, wantNumber, wantNull}
	const kinds = "string|string|integer|null"
	values := []string{`"ab"`, `"abcd"`, `1`, `1.5`, `null`, `true`, `{"a":1}`, `[1,`, ` "x"`}
	for _, v := range values {
		raw := []byte(v)
		for n := 1; n <= len(branches); n++ {
			bs := branches[:n]
			ks := strings.Join(strings.Split(kinds, "|")[:n], "|")
			if got, want := check(func(c *Decoding) { c.AnyOfKinds(raw, ks, bs...) }), check(func(c *Decoding) { c.AnyOf(raw, bs...) }); !cmp.Equal(got, want) {
				t.Errorf("AnyOfKinds(%s, %q) = %q; AnyOf says %q", v, ks, got, want)
			}
			if got, want := check(func(c *Decoding) { c.OneOfKinds(raw, ks, false, bs...) }), check(func(c *Decoding) { c.OneOf(raw, bs...) }); !cmp.Equal(got, want) {
				t.Errorf("OneOfKinds(%s, %q) = %q; OneOf says %q", v, ks, got, want)
			}
		}
	}
	// Exclusive: the first branch that passes settles it.
	if got := check(func(c *Decoding) { c.OneOfKinds([]byte(`"ab"`), "string|null", true, wantString, wantNull) }); got != nil {
		t.Errorf("OneOfKinds exclusive: %q; want no problem", got)
	}
	// A kind no branch allows is a problem without reading any branch.
	if got := check(func(c *Decoding) { c.AnyOfKinds([]byte(`{}`), "string|-", wantString, wantNull) }); len(got) == 0 {
		t.Error("AnyOfKinds passed an object no branch allows")
	}
}

// FuzzScanMember checks the byte scan of member against jx on valid
// JSON (what every caller holds: text jx has read once): where the scan
// answers, jx answers the same.
func FuzzScanMember(f *testing.F) {
	for _, s := range []string{`{"type": "disk", "size": 1}`, `{"size": {"type": "x"}, "type": 3.0}`, `{"a": "\"}", "type": [1, {"b": "]"}]}`,
		`{"t\u0079pe": [1]}`, ` { "x" : null , "type" : true } `, `[{"type": 1}]`, `{}`, `{"type": -1e5}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		val, found, ok := scanMember(raw, "type")
		if !ok || !json.Valid(raw) {
			return
		}
		c := &Decoding{}
		d := c.decoder(raw)
		defer c.release(d)
		if d.Next() != jx.Object {
			t.Fatalf("scanMember(%s) answered for a value that is not an object", raw)
		}
		var want []byte
		wantFound := false
		d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			if wantFound || string(key) != "type" {
				return d.Skip()
			}
			v, err := d.Raw()
			want, wantFound = v, true
			return err
		})
		if found != wantFound || string(val) != string(want) {
			t.Errorf("scanMember(%s) = %q, %v; jx finds %q, %v", raw, val, found, want, wantFound)
		}
	})
}

// FuzzAppliedMembers: on valid JSON, the members AppliedMembers scans
// are the ones jx reads, keys unescaped alike, values' text the same.
func FuzzAppliedMembers(f *testing.F) {
	for _, s := range []string{`{"type": "disk", "size": 1}`, `{"a": "\"}", "type": [1, {"b": "]"}]}`,
		`{"t\u0079pe": [1], "\n\\": {}}`, ` { "x" : null , "type" : true } `, `[{"type": 1}]`, `{}`, `{"type": -1e5, "type": 0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		var got, want []string
		c := &Decoding{}
		c.Apply(raw, func(c *Decoding, t *Text) {
			m := c.AppliedMembers()
			for m.Next() {
				got = append(got, fmt.Sprintf("%q=%s", m.Key(), m.Value()))
			}
			d := jx.DecodeBytes(raw)
			if d.Next() != jx.Object {
				return
			}
			d.ObjBytes(func(d *jx.Decoder, key []byte) error {
				v, err := d.Raw()
				want = append(want, fmt.Sprintf("%q=%s", key, v))
				return err
			})
		})
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: members (-jx +AppliedMembers):\n%s", raw, d)
		}
	})
}

// TestItemCountBranches: a branch whose kinds bound an array's items is
// not read for an array of another count; what cannot be counted reads
// every branch.
func TestItemCountBranches(t *testing.T) {
	const kinds = "array[2-2]|array[3-],string|array[0-0]|*"
	for _, tc := range []struct {
		raw  string
		want []string
	}{
		{`["a", 1]`, []string{"b0", "b3"}},
		{`["a", 1, [2, 3], {"x": "]"}]`, []string{"b1", "b3"}},
		{`[]`, []string{"b2", "b3"}},
		{` [ 1 ] `, []string{"b3"}},
		{`"s"`, []string{"b1", "b3"}},
		{`[1,]`, []string{"b0", "b1", "b2", "b3"}}, // not counted: each branch reports the text
	} {
		var ran []string
		var bs []Validator
		for i := range 4 {
			bs = append(bs, record(&ran, fmt.Sprintf("b%d", i), true))
		}
		check(func(c *Decoding) { c.OneOfKinds([]byte(tc.raw), kinds, false, bs...) })
		// The quiet reading of each branch that fits, then the wording
		// of every branch's problems.
		if got := ran[:len(tc.want)]; !cmp.Equal(tc.want, got) {
			t.Errorf("%s: branches read %v, want %v first", tc.raw, ran, tc.want)
		}
		ran = nil
		check(func(c *Decoding) { c.AnyOfKinds([]byte(tc.raw), kinds, bs...) })
		if got := ran[:len(tc.want)]; !cmp.Equal(tc.want, got) {
			t.Errorf("%s: anyOf read %v, want %v first", tc.raw, ran, tc.want)
		}
	}
}

// FuzzCountItems: countItems counts what jx reads as the array's items,
// or gives up (-1); it never counts wrong.
func FuzzCountItems(f *testing.F) {
	for _, s := range []string{`[]`, `[1, "a,]", [2, [3]], {"x": [4, 5]}]`, ` [ null ] `, `[1,]`, `{"a": 1}`, `["\"", "\\"]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		n := countItems(raw)
		if n < 0 || !json.Valid(raw) {
			return
		}
		want := 0
		d := jx.DecodeBytes(raw)
		if err := d.Arr(func(d *jx.Decoder) error { want++; return d.Skip() }); err != nil {
			t.Fatalf("countItems(%s) = %d for what jx reads as no array: %v", raw, n, err)
		}
		if n != want {
			t.Errorf("countItems(%s) = %d, jx reads %d items", raw, n, want)
		}
	})
}

// TestConstBranches: branches of constants are decided by one lookup,
// never read; the others are read in order as by AnyOfKinds/OneOfKinds.
func TestConstBranches(t *testing.T) {
	const values = `[["a", 1], null, ["b", 1.0], null]`
	for _, tc := range []struct {
		raw          string
		any, one     []string // branches read quietly, first
		anyOK, oneOK bool
	}{
		{`"a"`, nil, []string{"b1", "b3"}, true, true},
		{`1.00`, nil, []string{"b1"}, true, false}, // in two: oneOf fails at the second
		{`"b"`, []string{"b1"}, []string{"b1", "b3"}, true, true},
		{`"z"`, []string{"b1", "b3"}, []string{"b1", "b3"}, false, false},
	} {
		for _, one := range []bool{false, true} {
			var ran []string
			var bs []Validator
			for i := range 4 {
				bs = append(bs, record(&ran, fmt.Sprintf("b%d", i), true))
			}
			got := check(func(c *Decoding) {
				if one {
					c.OneOfConsts([]byte(tc.raw), "", values, false, bs...)
				} else {
					c.AnyOfConsts([]byte(tc.raw), "", values, bs...)
				}
			})
			want, ok := tc.any, tc.anyOK
			if one {
				want, ok = tc.one, tc.oneOK
			}
			if (got == nil) != ok {
				t.Errorf("%s (oneOf %v): problems %v, want passing %v", tc.raw, one, got, ok)
			}
			if len(ran) < len(want) || !cmp.Equal(want, ran[:len(want)]) || len(want) == 0 && ok && len(ran) > 0 {
				t.Errorf("%s (oneOf %v): read %v, want %v first", tc.raw, one, ran, want)
			}
		}
	}
}

// TestLoadKinds: a kinds string is read into a word per branch: the
// kinds each allows (integer counts as number) and its arrays' counts.
func TestLoadKinds(t *testing.T) {
	bit := func(ts ...jx.Type) uint8 {
		var m uint8
		for _, t := range ts {
			m |= 1 << t
		}
		return m
	}
	all := bit(jx.Null, jx.Bool, jx.Number, jx.String, jx.Array, jx.Object)
	got := loadKinds("string,null|-|*|integer|array[2-]|object,array[0-3]|")
	want := []kindWord{
		{bit(jx.String, jx.Null), 0, -1},
		{0, 0, -1},
		{all, 0, -1},
		{bit(jx.Number), 0, -1},
		{bit(jx.Array), 2, -1},
		{bit(jx.Object, jx.Array), 0, 3},
		{all, 0, -1},
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(kindWord{})); d != "" {
		t.Errorf("words (-want +got):\n%s", d)
	}
}

// stringEndLoop is stringEnd written as a loop over every byte: the
// reference FuzzStringEnd holds the quote search to.
func stringEndLoop(raw []byte, i int) int {
	for j := i + 1; j < len(raw); j++ {
		switch raw[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// TestStringEnd: a quote ends the string unless an odd run of
// backslashes escapes it.
func TestStringEnd(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
	}{
		{`"" x`, 2},
		{`"ab"`, 4},
		{`"a\"b"`, 6},
		{`"a\\"b"`, 5},
		{`"a\\\"b"`, 8},
		{`"\\\\"`, 6},
		{`"abc`, -1},
		{`"a\"`, -1},
	} {
		if got := schema.StringEnd([]byte(tc.raw), 0); got != tc.want {
			t.Errorf("stringEnd(%s) = %d, want %d", tc.raw, got, tc.want)
		}
	}
}

// FuzzStringEnd: the quote search ends a string where the loop over
// every byte does.
func FuzzStringEnd(f *testing.F) {
	for _, s := range []string{`"a\"b" "c"`, `"\\\\\"" x`, `"é\u00e9"`, `"`, `"\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw := []byte(`"` + s)
		if got, want := schema.StringEnd(raw, 0), stringEndLoop(raw, 0); got != want {
			t.Errorf("stringEnd(%q) = %d, want %d", raw, got, want)
		}
	})
}

// BenchmarkValueEnd: finding where a value ends by bytes (scanMember's
// cursor) against jx skipping it, on an indented document of nested
// objects and arrays; reported as a ratio measured in the same run.
func BenchmarkValueEnd(b *testing.B) {
	var doc strings.Builder
	doc.WriteString("{\n")
	for i := range 40 {
		fmt.Fprintf(&doc, "  %q: {\n    \"name\": \"element %d\",\n    \"selector\": {\"css\": \"div > .item:nth-child(%d)\"},\n    \"list\": [1, 2, {\"x\": [true, null]}]\n  },\n", fmt.Sprint("k", i), i, i)
	}
	doc.WriteString("  \"type\": \"page\"\n}")
	raw := []byte(doc.String())
	d := jx.GetDecoder()
	var scan, skip time.Duration
	for b.Loop() {
		start := time.Now()
		for range 10 {
			if valueEnd(raw, 0) != len(raw) {
				b.Fatal("valueEnd missed the end")
			}
		}
		scan += time.Since(start)
		start = time.Now()
		for range 10 {
			d.ResetBytes(raw)
			if err := d.Skip(); err != nil {
				b.Fatal(err)
			}
		}
		skip += time.Since(start)
	}
	b.ReportMetric(float64(scan)/float64(skip), "x-jx-skip")
}
