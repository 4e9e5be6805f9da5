package runtime

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/structgen/structgen/runtime/lenient"
	"github.com/structgen/structgen/runtime/schema"
)

// lenientDir holds the lenient-repair vectors of the shared corpus.
const lenientDir = "../../shared/corpus/lenient"

type vector struct {
	ID            string          `json:"id"`
	Input         string          `json:"input"`
	ExpectedValue json.RawMessage `json:"expected_value"`
	Options       map[string]any  `json:"options"`
	Kind          string          `json:"kind"`
	Schema        json.RawMessage `json:"schema"`
	Note          string          `json:"note"`
}

func readVectors(t *testing.T, name string) []vector {
	t.Helper()
	path := filepath.Join(lenientDir, name)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("corpus file %s is absent (want ../shared/corpus beside the repository): %v", path, err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// decodeNumbers decodes JSON with numbers as json.Number, compared by
// value through normalize.
func decodeByValue(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return normalize(v), err
}

// normalize makes numbers comparable by value (1e10 equals 10000000000.0).
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if r, ok := ratOf(string(x)); ok {
			return r.RatString()
		}
		return string(x)
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return v
}

// TestLenientVectors reads every open repair vector without a schema and
// reports the share read to the expected value. The vectors come from
// two repair libraries that disagree in places; where structgen's policy
// differs from a vector on purpose, the case is listed in
// lenientExceptions with the reason.
func TestLenientVectors(t *testing.T) {
	for _, file := range []string{"json_repair.jsonl", "jsonrepair.jsonl"} {
		vs := readVectors(t, file)
		pass, total := 0, 0
		for _, v := range vs {
			if len(v.Options) > 0 {
				continue // schema-guided or other options: not this reader alone
			}
			total++
			want, err := decodeByValue(v.ExpectedValue)
			if err != nil {
				t.Fatalf("%s: expected value: %v", v.ID, err)
			}
			got, repairs, err := lenient.ReadLenient([]byte(v.Input))
			var gotV any
			if err == nil {
				gotV, err = decodeByValue(got)
			}
			for _, r := range repairs {
				if r.Offset < 0 || r.Offset > len(v.Input) {
					t.Errorf("%s: repair %q at offset %d outside the input", v.ID, r.Message, r.Offset)
				}
			}
			if err == nil && reflect.DeepEqual(gotV, want) {
				pass++
				continue
			}
			if reason, ok := lenientExceptions[v.ID]; ok {
				t.Logf("%s: differs on purpose (%s)", v.ID, reason)
				continue
			}
			t.Logf("%s: %q\n  got  %s (err %v)\n  want %s", v.ID, v.Input, got, err, v.ExpectedValue)
		}
		rate := 100 * float64(pass) / float64(total)
		t.Logf("%s: %d/%d read to the expected value (%.1f%%)", file, pass, total, rate)
		if rate < minVectorRate {
			t.Errorf("%s: %.1f%% read to the expected value, below %v%%", file, rate, minVectorRate)
		}
	}
}

// minVectorRate is the share of each vector file the readers must get
// right (issue 10's bar); a change that costs cases fails here.
const minVectorRate = 95.0

// lenientExceptions are vectors whose expected value structgen does not
// produce on purpose; they still count as misses in the rate.
var lenientExceptions = map[string]string{
	"json_repair:12":  "json_repair drops empty documents among several; structgen keeps every document, as jsonrepair's vectors of comment-separated {} do",
	"json_repair:61":  "json_repair reads a key cut off in a list as a list; structgen reads a cut-off key as null, as jsonrepair's vectors do",
	"json_repair:99":  "json_repair drops a lone '-'; jsonrepair's vectors read it as -0 ([-, and {\"a\":-)",
	"json_repair:188": "json_repair keeps the backslash of an invalid escape; jsonrepair's vectors drop it (\"\\a\" is \"a\")",
	"json_repair:210": "json_repair strips a trailing \\n from a string that is valid JSON; structgen does not change valid strings",
	"json_repair:244": "json_repair reads \\\\\\\" as a quote; JSON reads it as a backslash and a quote, and structgen follows JSON where the text is valid",
}

func ratOf(s string) (*big.Rat, bool) { return new(big.Rat).SetString(s) }

// TestAlignedVectors reads the schema-aligned vectors (BAML's parser
// tests, converted to JSON Schema) through Output.Parse, or through
// ParsePartial for unfinished replies, and reports the share read to the
// expected value. Values compare as the corpus says: numbers by value, a
// null property the same as an absent one, undeclared properties
// ignored.
func TestAlignedVectors(t *testing.T) {
	vs := readVectors(t, "baml_aligned.jsonl")
	pass := 0
	for _, v := range vs {
		out := NewOutput[any](v.ID, schema.NewSchemas("", map[string]string{"urn:v": string(v.Schema)}).Schema("urn:v#"), Dialects{}, plainSchema(v.Schema))
		var got any
		var err error
		var repairs []Repair
		if v.Kind == "partial" {
			var doc json.RawMessage
			doc, err = out.readPartial([]byte(v.Input))
			if err == nil {
				got, err = decodeByValue(doc)
			}
		} else {
			got, repairs, err = out.ParseRepaired([]byte(v.Input))
			if err == nil {
				b, _ := json.Marshal(got)
				got, _ = decodeByValue(b)
			}
		}
		for _, r := range repairs {
			if r.Offset < 0 || r.Offset > len(v.Input) {
				t.Errorf("%s: repair %q at offset %d outside the input", v.ID, r.Message, r.Offset)
			}
		}
		ok := false
		switch v.Kind {
		case "fail":
			ok = err != nil
		default:
			want, derr := decodeByValue(v.ExpectedValue)
			if derr != nil {
				t.Fatal(derr)
			}
			if v.Kind == "partial" {
				// Not yet seen: absent here, null, [] or {} in the vectors.
				want = dropEmpty(want)
			}
			ok = err == nil && sameIgnoringNull(want, got)
		}
		if ok {
			pass++
			continue
		}
		t.Logf("%s (%s): %q\n  got  %v (err %v)\n  want %s  %s", v.ID, v.Kind, v.Input, got, err, v.ExpectedValue, v.Note)
	}
	rate := 100 * float64(pass) / float64(len(vs))
	t.Logf("baml_aligned.jsonl: %d/%d read to the expected value (%.1f%%)", pass, len(vs), rate)
	if rate < minVectorRate {
		t.Errorf("baml_aligned.jsonl: %.1f%% read to the expected value, below %v%%", rate, minVectorRate)
	}
}

// plainSchema reports whether a schema is a plain string, as the
// generator marks such outputs.
func plainSchema(s json.RawMessage) bool {
	var m map[string]any
	if json.Unmarshal(s, &m) != nil {
		return false
	}
	for k := range m {
		if k != "type" && k != "$schema" && k != "description" && k != "title" {
			return false
		}
	}
	return m["type"] == "string"
}

// sameIgnoringNull compares values with null properties the same as absent ones;
// properties that want does not have are ignored.
func sameIgnoringNull(want, got any) bool {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, wv := range w {
			gv, has := g[k]
			if !has {
				if wv != nil {
					return false
				}
				continue
			}
			if !sameIgnoringNull(wv, gv) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range w {
			if !sameIgnoringNull(w[i], g[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(want, got)
}

// dropEmpty drops the null, [] and {} members that stand for "not yet
// seen" in a partial vector.
func dropEmpty(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, m := range x {
			m = dropEmpty(m)
			switch y := m.(type) {
			case nil:
				delete(x, k)
				continue
			case []any:
				if len(y) == 0 {
					delete(x, k)
					continue
				}
			case map[string]any:
				if len(y) == 0 {
					delete(x, k)
					continue
				}
			}
			x[k] = m
		}
	case []any:
		for i := range x {
			x[i] = dropEmpty(x[i])
		}
	}
	return v
}
