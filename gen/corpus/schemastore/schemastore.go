package schemastore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/internal/corpustest"

	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/names"
)

// Run generates a package for every SchemaStore schema of the corpus in
// shard (of shards: the schemas in name order, dealt out in turn),
// compiles them together, and parses every instance: valid ones must be
// accepted and re-encode to the same JSON value, invalid ones must be
// rejected. testdata is the folder of the reviewed lists. The shards are
// test binaries of their own, each within go test's time limit.
func Run(t *testing.T, testdata string, shard, shards int) {
	if testing.Short() {
		t.Skip("corpus test; skipped with -short")
	}
	root := corpustest.NeedCorpus(t, "schemastore")
	schemaDir := filepath.Join(root, "schemas")
	skip := corpustest.ReadSkipList(t, filepath.Join(testdata, "schemastore_skip.txt"))
	exceptions := corpustest.ReadSkipList(t, filepath.Join(testdata, "schemastore_instances.txt"))
	overrides := corpustest.ReadSkipList(t, filepath.Join(testdata, "schemastore_names.txt"))
	var opts map[string]struct {
		SkipTest bool `json:"skiptest"`
	}
	if data, err := os.ReadFile(filepath.Join(root, "validation-options.json")); err == nil {
		if err := json.Unmarshal(data, &opts); err != nil {
			t.Fatal(err)
		}
	}
	var refs map[string]map[string][]string
	if data, err := os.ReadFile(filepath.Join(root, "external-refs.json")); err == nil {
		if err := json.Unmarshal(data, &refs); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(schemaDir)
	if err != nil {
		t.Fatal(err)
	}
	h := corpustest.NewHarness(t)
	start := time.Now()
	genFailed := map[string]string{}
	ids := map[string]string{} // schema name → package id
	nodes, fallbacks := 0, 0
	decodable, decoded, rootsDecoded := 0, 0, 0
	fields, interpretedFields, validatedFields, validatedTypes := 0, 0, 0, 0
	unions, unionsDecoded, unionsValidated, unionReasons := 0, 0, 0, map[string]int{}
	tuples, tuplesDecoded, tuplesValidated, tupleReasons := 0, 0, 0, map[string]int{}
	variants, variantsValidated := 0, 0 // of decoded unions of kinds
	reasons := map[string]int{}         // first word of why a type is interpreted
	fieldReasons := map[string]int{}
	validators, interpretedValidators := 0, 0
	validatorReasons := map[string]int{}
	inShard := map[string]bool{}
	for i, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		if i%shards != shard {
			continue
		}
		inShard[name] = true
		id := fmt.Sprintf("p%03d", i)
		typ := names.Go(name) + "Document"
		cfg := &gen.Config{
			Dir:     schemaDir,
			Package: id,
			Schemas: []gen.SchemaEntry{{Name: typ, Ref: e.Name()}},
			URLs:    corpustest.SchemaStoreURLs(),
		}
		if o, ok := overrides[name]; ok {
			ref, goName, _ := strings.Cut(o, " = ")
			cfg.Names = append(cfg.Names, gen.NameOverride{Ref: ref, Name: goName})
		}
		files, pkg, err := gen.Generate(cfg)
		if err != nil {
			genFailed[name] = err.Error()
			continue
		}
		for _, v := range pkg.Validators {
			validators++
			if v.Interpret != "" {
				interpretedValidators++
				validatorReasons[lastCause(v.Why)]++
			}
		}
		nodes += pkg.Nodes
		fallbacks += pkg.Fallbacks
		for _, gt := range pkg.Types {
			if gt.Kind == ir.KindStruct || gt.Kind == ir.KindEnum {
				decodable++
				switch {
				case gt.Decode != nil:
					decoded++
				case gt.Validate != nil:
					validatedTypes++
				default:
					reasons[lastCause(gt.Interpreted)]++
				}
			}
			if gt.Kind == ir.KindUnion {
				unions++
				switch {
				case gt.Decode != nil:
					unionsDecoded++
					for _, c := range gt.Decode.Variants {
						variants++
						if c.Validate != nil {
							variantsValidated++
						}
					}
				case gt.Validate != nil:
					unionsValidated++
					unionReasons[lastCause(gt.Interpreted)]++
				}
			}
			if gt.Kind == ir.KindTuple {
				tuples++
				switch {
				case gt.Decode != nil:
					tuplesDecoded++
				case gt.Validate != nil:
					tuplesValidated++
					tupleReasons[lastCause(gt.Interpreted)]++
				}
			}
			if gt.Name == typ && gt.Decode != nil {
				rootsDecoded++
			}
			if gt.Decode != nil {
				for _, f := range gt.Fields {
					fields++
					switch {
					case f.Check != nil && f.Check.Validate != nil:
						validatedFields++
					case f.Check != nil && f.Check.Interpret != nil:
						interpretedFields++
						fieldReasons[lastCause(f.Check.Why)]++
					}
				}
			}
		}
		h.Add(id, typ, files)
		ids[name] = id
	}
	t.Logf("generated in %v", time.Since(start).Round(time.Second))
	start = time.Now()
	bin := h.Build()
	t.Logf("built in %v", time.Since(start).Round(time.Second))
	for name, id := range ids {
		if msg, bad := h.Bad[id]; bad {
			genFailed[name] = "does not compile: " + msg
			delete(ids, name)
		}
	}
	start = time.Now()
	if out := h.Vet(); out != "" {
		t.Errorf("go vet on the generated packages: %s", out)
	}
	t.Logf("vetted in %v", time.Since(start).Round(time.Second))
	for _, name := range slices.Sorted(maps.Keys(genFailed)) {
		t.Logf("failed: %s: %s", name, corpustest.FirstLine(genFailed[name]))
		if _, ok := skip[name]; !ok {
			t.Errorf("%s: generation failed and is not in testdata/schemastore_skip.txt: %s", name, corpustest.FirstLine(genFailed[name]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(skip)) {
		if !inShard[name] {
			continue
		}
		if _, failed := genFailed[name]; !failed {
			t.Errorf("%s: in testdata/schemastore_skip.txt but generates and compiles; remove it from the list", name)
		}
		if !needsOutside(name, refs, skip) {
			t.Errorf("%s: in testdata/schemastore_skip.txt, but external-refs.json says it needs nothing outside this corpus", name)
		}
	}

	type inst struct {
		schema, path string
		valid        bool
	}
	var insts []inst
	var probes []corpustest.Probe
	for _, kind := range []string{"valid", "invalid"} {
		for _, name := range slices.Sorted(maps.Keys(ids)) {
			files, _ := filepath.Glob(filepath.Join(root, kind, name, "*.json"))
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				insts = append(insts, inst{name, f, kind == "valid"})
				probes = append(probes, corpustest.Probe{Pkg: ids[name], Data: string(data)})
			}
		}
	}
	// Mutations of the valid instances: each corpustest.Probe's decoder and the
	// interpreter must agree (h.Run fails on a disagreement); the verdict
	// itself is not known.
	seeded := len(probes)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, in := range insts {
		if !in.valid {
			continue
		}
		data, _ := os.ReadFile(in.path)
		for range mutationsPerInstance {
			if m, ok := mutate(data, rng); ok {
				probes = append(probes, corpustest.Probe{Pkg: ids[in.schema], Data: string(m)})
			}
		}
	}
	start = time.Now()
	res := h.Run(bin, probes)
	t.Logf("%d documents read in %v", len(probes), time.Since(start).Round(time.Second))
	mutAccepted := 0
	for _, o := range res[seeded:] {
		if o.OK {
			mutAccepted++
		}
	}
	t.Logf("mutated valid instances: %d, each read alike by the decoders and the interpreter; %d accepted, %d rejected",
		len(probes)-seeded, mutAccepted, len(probes)-seeded-mutAccepted)
	res = res[:seeded]
	var valid, accepted, lossless, invalid, rejected, informational, excepted int
	usedExceptions := map[string]bool{}
	for i, in := range insts {
		o := res[i]
		if opts[in.schema].SkipTest {
			informational++
			continue
		}
		rel, _ := filepath.Rel(root, in.path)
		if pattern := matchException(exceptions, filepath.ToSlash(rel)); pattern != "" {
			usedExceptions[pattern] = true
			excepted++
			if o.OK == in.valid {
				t.Errorf("%s: listed in testdata/schemastore_instances.txt but now gives the expected result; remove it", rel)
			}
			continue
		}
		if in.valid {
			valid++
			if o.OK {
				accepted++
			} else {
				t.Logf("valid instance rejected: %s: %s", in.path, corpustest.FirstLine(o.Err))
			}
			if o.Lossless {
				lossless++
			} else if o.OK {
				t.Logf("valid instance not lossless: %s: %s", in.path, o.Diff)
			}
		} else {
			invalid++
			if !o.OK {
				rejected++
			} else {
				t.Logf("invalid instance accepted: %s", in.path)
			}
		}
	}
	for _, p := range slices.Sorted(maps.Keys(exceptions)) {
		if parts := strings.Split(p, "/"); len(parts) < 2 || !inShard[parts[1]] {
			continue // another shard's
		}
		if !usedExceptions[p] {
			t.Errorf("%s: in testdata/schemastore_instances.txt but matches no instance", p)
		}
	}
	share := 0.0
	if nodes > 0 {
		share = 100 * float64(fallbacks) / float64(nodes)
	}
	t.Logf("shard %d of %d", shard+1, shards)
	t.Logf("schemas: %d generated and compiled, %d failed (all in the reviewed skip list: %d)", len(ids), len(genFailed), len(skip))
	t.Logf("valid instances: %d/%d accepted, %d lossless; invalid instances: %d/%d rejected; not counted: %d of skiptest schemas, %d listed exceptions",
		accepted, valid, lossless, rejected, invalid, informational, excepted)
	t.Logf("schema nodes that fell back to raw JSON: %d of %d (%.2f%%)", fallbacks, nodes, share)
	t.Logf("struct and enum types read by generated decoders: %d of %d (%.1f%%; %d of %d document roots); checked by generated validators and decoded by encoding/json: %d (%.1f%%); the other %d (%.1f%%) fall back to the schema interpreter, by first cause: %v",
		decoded, decodable, corpustest.Pct(decoded, decodable), rootsDecoded, len(ids), validatedTypes, corpustest.Pct(validatedTypes, decodable),
		decodable-decoded-validatedTypes, corpustest.Pct(decodable-decoded-validatedTypes, decodable), reasons)
	t.Logf("union types read by generated decoders: %d of %d (%.1f%%; of their variants, %d of %d checked by the union's validator: overlapping branches, keywords beside them); checked by generated validators and decoded by their UnmarshalJSON: %d, by first cause: %v; by the interpreter: %d",
		unionsDecoded, unions, corpustest.Pct(unionsDecoded, unions), variantsValidated, variants, unionsValidated, unionReasons, unions-unionsDecoded-unionsValidated)
	t.Logf("tuple types read by generated decoders: %d of %d; checked by generated validators and decoded by their UnmarshalJSON: %d, by first cause: %v; by the interpreter: %d",
		tuplesDecoded, tuples, tuplesValidated, tupleReasons, tuples-tuplesDecoded-tuplesValidated)
	t.Logf("fields of decoded types checked by generated validators: %d of %d (%.1f%%); by the interpreter: %d (%.1f%%), by cause: %v",
		validatedFields, fields, corpustest.Pct(validatedFields, fields), interpretedFields, corpustest.Pct(interpretedFields, fields), fieldReasons)
	t.Logf("generated validators: %d; of them, %d hand their one schema to the interpreter, by cause: %v", validators, interpretedValidators, validatorReasons)
	if corpustest.Pct(lossless, valid) < 99 {
		t.Errorf("valid instances accepted and lossless: %.2f%%, want >= 99%%", corpustest.Pct(lossless, valid))
	}
	if corpustest.Pct(rejected, invalid) < 99 {
		t.Errorf("invalid instances rejected: %.2f%%, want >= 99%%", corpustest.Pct(rejected, invalid))
	}
}

// matchException returns the pattern of exceptions that rel matches.
func matchException(exceptions map[string]string, rel string) string {
	for p := range exceptions {
		if ok, _ := filepath.Match(p, rel); ok {
			return p
		}
	}
	return ""
}

// needsOutside reports whether schema name needs a schema that the corpus
// does not hold, itself or through a schema it references here.
func needsOutside(name string, refs map[string]map[string][]string, skip map[string]string) bool {
	r := refs[name]
	if len(r["other_half_or_skipped"])+len(r["missing"])+len(r["external"]) > 0 {
		return true
	}
	for _, here := range r["here"] {
		if _, skipped := skip[here]; skipped && here != name {
			return true
		}
	}
	return false
}

// mutationsPerInstance is how many mutations of each valid instance the
// differential test reads.
const mutationsPerInstance = 6

// mutate changes one value of a JSON document at random: a value of
// another kind, a member dropped or added, an item repeated, a number
// made fractional or negative, a string emptied or lengthened. false when
// data is no JSON document.
func mutate(data []byte, rng *rand.Rand) ([]byte, bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var doc any
	if d.Decode(&doc) != nil {
		return nil, false
	}
	// Count the values, pick one, change it.
	var count func(v any) int
	count = func(v any) int {
		n := 1
		switch x := v.(type) {
		case []any:
			for _, it := range x {
				n += count(it)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				n += count(x[k])
			}
		}
		return n
	}
	target := rng.IntN(count(doc))
	change := func(v any) any {
		switch rng.IntN(4) {
		case 0:
			return []any{json.Number("1"), "x", nil, true, map[string]any{}, []any{}, json.Number("-2.5")}[rng.IntN(7)]
		}
		switch x := v.(type) {
		case map[string]any:
			keys := slices.Sorted(maps.Keys(x))
			if len(keys) > 0 && rng.IntN(2) == 0 {
				delete(x, keys[rng.IntN(len(keys))])
			} else {
				x["structgenMutation"] = json.Number("1")
			}
			return x
		case []any:
			if len(x) > 0 {
				return append(x, x[0])
			}
			return append(x, "x")
		case json.Number:
			if rng.IntN(2) == 0 {
				return json.Number(string(x) + ".5")
			}
			return json.Number("-" + strings.TrimPrefix(string(x), "-"))
		case string:
			if rng.IntN(2) == 0 {
				return ""
			}
			return x + strings.Repeat("y", 300)
		}
		return v
	}
	var walk func(v any) any
	walk = func(v any) any {
		if target == 0 {
			target--
			return change(v)
		}
		target--
		switch x := v.(type) {
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				x[k] = walk(x[k])
			}
		}
		return v
	}
	out, err := json.Marshal(walk(doc))
	return out, err == nil
}

// lastCause is the cause after the last "; " of a reason (why a
// validator did not compile either), its first word.
func lastCause(reason string) string {
	if i := strings.LastIndex(reason, "; "); i >= 0 {
		reason = reason[i+2:]
	}
	return firstWord(reason)
}

// firstWord is the keyword a fallback reason starts with, for counting.
func firstWord(reason string) string {
	w, _, _ := strings.Cut(reason, " at ")
	if i := strings.Index(w, ": "); i >= 0 {
		w = w[i+2:]
	}
	return w
}
