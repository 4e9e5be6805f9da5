package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/structgen/structgen/gen"
	"github.com/structgen/structgen/gen/internal/corpustest"
	"github.com/structgen/structgen/gen/ir"
	"github.com/structgen/structgen/gen/schema"
	"github.com/structgen/structgen/gen/source"
	"github.com/structgen/structgen/runtime/impl"
)

// schemaStoreConfigs returns one config per SchemaStore schema of the
// corpus, as TestSchemaStore builds them.
func schemaStoreConfigs(b testing.TB) []*gen.Config {
	root := corpustest.NeedCorpus(b, "schemastore")
	dir := filepath.Join(root, "schemas")
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	var out []*gen.Config
	for i, e := range entries {
		out = append(out, &gen.Config{
			Dir: dir, Package: fmt.Sprintf("p%03d", i),
			Schemas: []gen.SchemaEntry{{Name: "Document", Ref: e.Name()}},
			URLs:    corpustest.SchemaStoreURLs(),
		})
	}
	return out
}

// BenchmarkGenerateSchemaStore generates every SchemaStore schema of the
// corpus. The baseline, measured in the same run, only loads and compiles
// the same schemas with the validator library, configured as the
// generator configures it (schema.NewCompiler: with Go's regexp, its
// default, the library stops halfway through 17 of the schemas, at a
// pattern Go does not read, and so did less than a compile); "x-compile"
// is the ratio.
func BenchmarkGenerateSchemaStore(b *testing.B) {
	cfgs := schemaStoreConfigs(b)
	compileOnly := func() {
		for _, cfg := range cfgs {
			set, _ := source.Load(cfg)
			schema.NewCompiler(set).Compile(source.FileURL(filepath.Join(mustAbs(b, cfg.Dir), cfg.Schemas[0].Ref)))
		}
	}
	var perSchema []float64 // ns, one per schema and round
	generate := func() {
		for _, cfg := range cfgs {
			perSchema = append(perSchema, corpustest.TimeIt(func() {
				gen.Generate(cfg) // failures are the skip list's; they cost time too
			}))
		}
	}
	var base, gen float64
	b.ResetTimer()
	for b.Loop() {
		base += corpustest.TimeIt(compileOnly)
		gen += corpustest.TimeIt(generate)
	}
	b.ReportMetric(gen/base, "x-compile")
	b.ReportMetric(gen/float64(b.N)/1e6, "ms/corpus")
	slices.Sort(perSchema)
	b.ReportMetric(quantile(perSchema, 0.5)/1e6, "p50-ms/schema")
	b.ReportMetric(quantile(perSchema, 0.95)/1e6, "p95-ms/schema")
}

// quantile returns the q-quantile of sorted (nearest rank).
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func mustAbs(b *testing.B, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		b.Fatal(err)
	}
	return abs
}

// addScratchPackage generates the SchemaStore schema (a name under
// root's schemas/) into h as package id, with its Document type, and
// returns the absolute path of instance (relative to root) and the
// package's IR; a missing instance skips the benchmark.
func addScratchPackage(b *testing.B, h *corpustest.Harness, root, schema, instance, id string) (string, *gen.Package) {
	inst, err := filepath.Abs(filepath.Join(root, instance))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(inst); err != nil {
		b.Skipf("instance missing: %v", err)
	}
	cfg := &gen.Config{Dir: filepath.Join(root, "schemas"), Package: id,
		Schemas: []gen.SchemaEntry{{Name: "Document", Ref: schema + ".json"}}, URLs: corpustest.SchemaStoreURLs()}
	files, pkg, err := gen.Generate(cfg)
	if err != nil {
		b.Fatal(err)
	}
	h.Add(id, "Document", files)
	return inst, pkg
}

// benchInstances are a few SchemaStore instances, small to large.
var benchInstances = []struct{ schema, instance string }{
	{"jscpd", "valid/jscpd/jscpd.json"},
	{"cloudify", "valid/cloudify/azure-local-blueprint.json"},
	{"crowdin", "valid/crowdin/joomla-cms.json"},
}

// BenchmarkParseCorpus generates packages for a few SchemaStore schemas in
// a scratch module and benchmarks, there, the generated Parse against
// json.Unmarshal on the same instance into a type of the same fields with
// no methods of its own (its nested types keep theirs; for a root that is
// a union of kinds, the fields of the instance's variant: baselineShape).
// It reports the ratio per instance.
func BenchmarkParseCorpus(b *testing.B) {
	root := corpustest.NeedCorpus(b, "schemastore")
	h := corpustest.NewHarness(b)
	var bench strings.Builder
	bench.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\t\"testing\"\n")
	for i := range benchInstances {
		fmt.Fprintf(&bench, "\tb%d \"corpus/b%d\"\n", i, i)
	}
	bench.WriteString(")\n")
	for i, bi := range benchInstances {
		inst, pkg := addScratchPackage(b, h, root, bi.schema, bi.instance, fmt.Sprintf("b%d", i))
		data, err := os.ReadFile(inst)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(&bench, `
func BenchmarkParse%[1]d(b *testing.B) {
	data, _ := os.ReadFile(%[2]q)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := b%[1]d.ParseDocument(data); err != nil {
			b.Fatal(err)
		}
	}
}

type plain%[1]d b%[1]d.%[3]s

func BenchmarkUnmarshal%[1]d(b *testing.B) {
	data, _ := os.ReadFile(%[2]q)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v plain%[1]d
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
`, i, inst, baselineShape(pkg, "Document", data))
	}
	ns := runScratchBench(b, h, bench.String())
	for b.Loop() {
	}
	// After the loop: its first call resets user metrics.
	for i, bi := range benchInstances {
		p, u := ns[fmt.Sprintf("Parse%d", i)], ns[fmt.Sprintf("Unmarshal%d", i)]
		if u > 0 {
			b.ReportMetric(p/u, bi.schema+"-x-unmarshal")
		}
	}
}

// handWritten are SchemaStore instances whose document types keep most
// members as raw JSON that validators check (if/then schemas, a typeless
// array's items), each with the struct
// a Go developer would write for the instance: every member typed, so
// that encoding/json decodes what the generated Parse reads and checks
// (the method-free copy BenchmarkParseSchemaStoreSample measures against
// only skips those members).
var handWritten = []struct{ schema, instance, types string }{
	{"anywork-ac-1.1", "valid/anywork-ac-1.1/swagger-codegen.awc.json", `
type hand0 struct {
	Ctype          string ` + "`json:\"ctype\"`" + `
	Cversion       int64  ` + "`json:\"cversion\"`" + `
	SwaggerCodegen *struct {
		Schemas []struct {
			Name    string ` + "`json:\"name\"`" + `
			Disable *bool  ` + "`json:\"disable,omitempty\"`" + `
			Actions []struct {
				Type              string ` + "`json:\"type\"`" + `
				ID                *int64 ` + "`json:\"id,omitempty\"`" + `
				SourceURL         string ` + "`json:\"sourceUrl,omitempty\"`" + `
				DownloadID        *int64 ` + "`json:\"downloadId,omitempty\"`" + `
				NgVersion         string ` + "`json:\"ngVersion,omitempty\"`" + `
				GenerateID        *int64 ` + "`json:\"generateId,omitempty\"`" + `
				TypescriptVersion string ` + "`json:\"typescriptVersion,omitempty\"`" + `
				BuildID           *int64 ` + "`json:\"buildId,omitempty\"`" + `
				RegistryURL       string ` + "`json:\"registryUrl,omitempty\"`" + `
				Token             string ` + "`json:\"token,omitempty\"`" + `
				PublishID         *int64 ` + "`json:\"publishId,omitempty\"`" + `
				TargetPath        string ` + "`json:\"targetPath,omitempty\"`" + `
			} ` + "`json:\"actions\"`" + `
		} ` + "`json:\"schemas\"`" + `
	} ` + "`json:\"swagger-codegen,omitempty\"`" + `
}
`},
	{"utam-page-object", "valid/utam-page-object/valid-page-object.utam.json", `
type hand1Selector struct {
	CSS       string ` + "`json:\"css\"`" + `
	ReturnAll *bool  ` + "`json:\"returnAll,omitempty\"`" + `
}

type hand1Element struct {
	Name     string          ` + "`json:\"name\"`" + `
	Public   *bool           ` + "`json:\"public,omitempty\"`" + `
	Selector *hand1Selector  ` + "`json:\"selector,omitempty\"`" + `
	Type     json.RawMessage ` + "`json:\"type,omitempty\"`" + `
	Load     *bool           ` + "`json:\"load,omitempty\"`" + `
	Wait     *bool           ` + "`json:\"wait,omitempty\"`" + `
	Elements []hand1Element  ` + "`json:\"elements,omitempty\"`" + `
}

type hand1 struct {
	Elements []hand1Element ` + "`json:\"elements\"`" + `
	Metadata *struct {
		Status string ` + "`json:\"status\"`" + `
	} ` + "`json:\"metadata,omitempty\"`" + `
	Root     *bool          ` + "`json:\"root,omitempty\"`" + `
	Selector *hand1Selector ` + "`json:\"selector,omitempty\"`" + `
}
`},
	// run has no type, so the generated field is raw JSON its items'
	// validator checks; a Go developer would decode the items.
	{"devinit.schema-5.0", "valid/devinit.schema-5.0/sample.devinit.json", `
type hand2 struct {
	Schema   *string ` + "`json:\"$schema,omitempty\"`" + `
	Comments *string ` + "`json:\"comments,omitempty\"`" + `
	Run      []struct {
		Tool              string  ` + "`json:\"tool\"`" + `
		Input             *string ` + "`json:\"input,omitempty\"`" + `
		AdditionalOptions *string ` + "`json:\"additionalOptions,omitempty\"`" + `
		Comments          *string ` + "`json:\"comments,omitempty\"`" + `
	} ` + "`json:\"run\"`" + `
}
`},
}

// BenchmarkParseHandWritten generates the handWritten schemas in a
// scratch module and measures there, alternating in one loop, the
// generated Parse against json.Unmarshal into the hand-written struct;
// it reports the ratio per instance.
func BenchmarkParseHandWritten(b *testing.B) {
	root := corpustest.NeedCorpus(b, "schemastore")
	h := corpustest.NewHarness(b)
	var bench strings.Builder
	bench.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\tgoruntime \"runtime\"\n\t\"testing\"\n\t\"time\"\n")
	var bodies strings.Builder
	for i, hw := range handWritten {
		inst, _ := addScratchPackage(b, h, root, hw.schema, hw.instance, fmt.Sprintf("h%d", i))
		fmt.Fprintf(&bench, "\th%d \"corpus/h%d\"\n", i, i)
		bodies.WriteString(hw.types)
		fmt.Fprintf(&bodies, `
func BenchmarkHand%[1]d(b *testing.B) {
	data, _ := os.ReadFile(%[2]q)
	if _, err := h%[1]d.ParseDocument(data); err != nil {
		b.Fatal(err)
	}
	var v hand%[1]d
	if err := json.Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	var parse, hand time.Duration
	for b.Loop() {
		start := time.Now()
		h%[1]d.ParseDocument(data)
		mid := time.Now()
		var v hand%[1]d
		json.Unmarshal(data, &v)
		parse, hand = parse+mid.Sub(start), hand+time.Since(mid)
	}
	b.ReportMetric(float64(parse)/float64(hand), "x-hand")
	parseOnce := func() { h%[1]d.ParseDocument(data) }
	handOnce := func() {
		var v hand%[1]d
		json.Unmarshal(data, &v)
	}
	b.ReportMetric(testing.AllocsPerRun(5, parseOnce)/testing.AllocsPerRun(5, handOnce), "allocs-x-hand")
	b.ReportMetric(bytesPerRun(parseOnce)/bytesPerRun(handOnce), "bytes-x-hand")
}
`, i, inst)
	}
	bench.WriteString(")\n")
	bench.WriteString(bodies.String())
	bench.WriteString(`
// bytesPerRun is the bytes f allocates, on average over five calls.
func bytesPerRun(f func()) float64 {
	var before, after goruntime.MemStats
	f()
	goruntime.ReadMemStats(&before)
	for range 5 {
		f()
	}
	goruntime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / 5
}
`)
	out := runScratchOutput(b, h, bench.String())
	for b.Loop() {
	}
	for i, hw := range handWritten {
		for _, metric := range []string{"x-hand", "allocs-x-hand", "bytes-x-hand"} {
			m := regexp.MustCompile(fmt.Sprintf(`(?m)^BenchmarkHand%d\S*\s+\d+\s+[\d.]+ ns/op.*?\s([\d.]+) %s\b`, i, metric)).FindStringSubmatch(out)
			if m == nil {
				b.Fatalf("no %s for %s in:\n%s", metric, hw.schema, out)
			}
			r, _ := strconv.ParseFloat(m[1], 64)
			b.ReportMetric(r, hw.schema+"-"+metric)
		}
	}
}

// runScratchBench writes bench as the scratch module's benchmarks, runs
// them and returns each one's ns/op by name (without "Benchmark").
func runScratchBench(b *testing.B, h *corpustest.Harness, bench string) map[string]float64 {
	out := runScratchOutput(b, h, bench)
	ns := map[string]float64{}
	for _, m := range regexp.MustCompile(`(?m)^Benchmark(\w+?)-?\d*\s+\d+\s+([\d.]+) ns/op(?:\s+(\d+) B/op\s+(\d+) allocs/op)?`).FindAllStringSubmatch(out, -1) {
		ns[m[1]], _ = strconv.ParseFloat(m[2], 64)
		if m[4] != "" {
			ns[m[1]+" bytes"], _ = strconv.ParseFloat(m[3], 64)
			ns[m[1]+" allocs"], _ = strconv.ParseFloat(m[4], 64)
		}
	}
	return ns
}

// runScratchOutput writes bench as the scratch module's benchmarks, runs
// them and returns what go test printed (also logged).
func runScratchOutput(b *testing.B, h *corpustest.Harness, bench string) string {
	h.WriteMain()
	if err := os.WriteFile(filepath.Join(h.Dir, "bench_test.go"), []byte(bench), 0o644); err != nil {
		b.Fatal(err)
	}
	benchtime := "1s"
	if f := flagValue("test.benchtime"); f != "" {
		benchtime = f
	}
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", ".", "-benchmem", "-benchtime", benchtime)
	cmd.Dir = h.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("go test -bench: %v\n%s", err, out)
	}
	b.Logf("scratch module results:\n%s", out)
	return string(out)
}

func flagValue(name string) string {
	for _, a := range os.Args {
		if v, ok := strings.CutPrefix(a, "-"+name+"="); ok {
			return v
		}
	}
	return ""
}

// baselineShape names the type whose method-free copy json.Unmarshal
// reads data into, for Parse<root> to be measured against: the root
// type, or where the root is a union of kinds, the named type of the
// variant of data's kind. A copy of the union itself would be a struct
// of one pointer per variant, into which encoding/json reads nothing
// (data's members match none of its fields): a baseline that only skips.
func baselineShape(pkg *gen.Package, root string, data []byte) string {
	var t *ir.Type
	for _, x := range pkg.Types {
		if x.Name == root {
			t = x
		}
	}
	if t == nil || t.Kind != ir.KindUnion {
		return root
	}
	if t.Discriminator != "" || t.Keyed() {
		return selectedShape(t, root, data)
	}
	kind := ""
	switch b := bytes.TrimLeft(data, " \t\r\n"); {
	case len(b) == 0:
	case b[0] == '{':
		kind = "object"
	case b[0] == '[':
		kind = "array"
	}
	for _, v := range t.Variants {
		r := v.Type
		if r.Kind == ir.RefPointer {
			r = r.Elem
		}
		if v.JSON == kind && r.Kind == ir.RefNamed && r.Pkg == "" {
			return r.Name
		}
	}
	return root
}

// selectedShape is baselineShape for a union whose object variants a
// tag or keys tell apart: the named type of the variant data selects,
// as the union's UnmarshalJSON picks it.
func selectedShape(t *ir.Type, root string, data []byte) string {
	pick := -1
	if t.Keyed() {
		var keys [][]string
		def := -1
		for i, v := range t.Variants {
			keys = append(keys, v.Keys)
			if len(v.Keys) == 0 {
				def = i
			}
		}
		pick, _ = impl.Keyed(data, keys, def)
	} else {
		var obj map[string]json.RawMessage
		_ = json.Unmarshal(data, &obj)
		var tag string
		raw, has := obj[t.Discriminator]
		_ = json.Unmarshal(raw, &tag)
		for i, v := range t.Variants {
			if !has && len(v.Tags) == 0 || has && slices.Contains(v.Tags, tag) {
				pick = i
			}
		}
	}
	if pick < 0 {
		return root
	}
	r := t.Variants[pick].Type
	if r.Kind == ir.RefPointer {
		r = r.Elem
	}
	if r.Kind == ir.RefNamed && r.Pkg == "" {
		return r.Name
	}
	return root
}

// BenchmarkParseSchemaStoreSample measures the general case: for every
// fourth of the SchemaStore schemas with a valid instance of 0.3 KB to
// 500 KB (by the size of the first, in order of size), the generated
// Parse against json.Unmarshal into a method-free copy of the document
// type (of the variant of the instance's kind where that type is a union
// of kinds: see baselineShape), as BenchmarkParseCorpus does. It reports the ratio's median, 90th
// percentile and maximum, and the share of instances above 0.6x; the log
// lists each.
func BenchmarkParseSchemaStoreSample(b *testing.B) {
	root := corpustest.NeedCorpus(b, "schemastore")
	type sample struct {
		schema, instance string
		size             int64
	}
	var all []sample
	dirs, err := os.ReadDir(filepath.Join(root, "valid"))
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(root, "schemas", d.Name()+".json")); err != nil {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(root, "valid", d.Name(), "*.json"))
		if len(files) == 0 {
			continue
		}
		fi, err := os.Stat(files[0])
		if err != nil || fi.Size() < 300 || fi.Size() > 500<<10 {
			continue
		}
		abs, err := filepath.Abs(files[0])
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, sample{d.Name(), abs, fi.Size()})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].size < all[j].size })
	var picked []sample
	for i := 3; i < len(all); i += 4 {
		picked = append(picked, all[i])
	}
	h := corpustest.NewHarness(b)
	var bench strings.Builder
	bench.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\t\"testing\"\n")
	var bodies strings.Builder
	var made []sample
	for _, s := range picked {
		i := len(made)
		cfg := &gen.Config{Dir: filepath.Join(root, "schemas"), Package: fmt.Sprintf("s%d", i),
			Schemas: []gen.SchemaEntry{{Name: "Document", Ref: s.schema + ".json"}},
			URLs:    corpustest.SchemaStoreURLs()}
		files, pkg, err := gen.Generate(cfg)
		if err != nil {
			continue // a schema of the skip list: TestSchemaStore says why
		}
		data, err := os.ReadFile(s.instance)
		if err != nil {
			b.Fatal(err)
		}
		shape := baselineShape(pkg, "Document", data)
		h.Add(cfg.Package, "Document", files)
		if shape != "Document" {
			s.schema += " (" + shape + ")"
		}
		made = append(made, s)
		fmt.Fprintf(&bench, "\ts%d \"corpus/s%d\"\n", i, i)
		fmt.Fprintf(&bodies, `
func BenchmarkParse%[1]d(b *testing.B) {
	data, _ := os.ReadFile(%[2]q)
	if _, err := s%[1]d.ParseDocument(data); err != nil {
		b.Skip(err) // a listed exception of TestSchemaStore
	}
	for b.Loop() {
		s%[1]d.ParseDocument(data)
	}
}

type plain%[1]d s%[1]d.%[3]s

func BenchmarkUnmarshal%[1]d(b *testing.B) {
	data, _ := os.ReadFile(%[2]q)
	for b.Loop() {
		var v plain%[1]d
		json.Unmarshal(data, &v)
	}
}
`, i, s.instance, shape)
	}
	bench.WriteString(")\n")
	bench.WriteString(bodies.String())
	ns := runScratchBench(b, h, bench.String())
	for b.Loop() {
	}
	var ratios []float64
	var table strings.Builder
	maxAllocs, maxBytes := 0.0, 0.0
	for i, s := range made {
		p, u := ns[fmt.Sprintf("Parse%d", i)], ns[fmt.Sprintf("Unmarshal%d", i)]
		if p == 0 || u == 0 {
			continue
		}
		ratios = append(ratios, p/u)
		allocs := ns[fmt.Sprintf("Parse%d allocs", i)] / max(ns[fmt.Sprintf("Unmarshal%d allocs", i)], 1)
		bytes := ns[fmt.Sprintf("Parse%d bytes", i)] / max(ns[fmt.Sprintf("Unmarshal%d bytes", i)], 1)
		maxAllocs, maxBytes = max(maxAllocs, allocs), max(maxBytes, bytes)
		fmt.Fprintf(&table, "%8d B  %-45s %.2fx  allocations %.2fx, bytes %.2fx\n", s.size, s.schema, p/u, allocs, bytes)
	}
	if len(ratios) == 0 {
		b.Fatal("no instance measured")
	}
	b.Logf("Parse / json.Unmarshal per instance:\n%s", table.String())
	sort.Float64s(ratios)
	over := 0
	for _, r := range ratios {
		if r > 0.6 {
			over++
		}
	}
	b.ReportMetric(ratios[len(ratios)/2], "p50-x-unmarshal")
	b.ReportMetric(ratios[len(ratios)*9/10], "p90-x-unmarshal")
	b.ReportMetric(ratios[len(ratios)-1], "max-x-unmarshal")
	b.ReportMetric(float64(over)/float64(len(ratios)), "share-over-0.6x")
	b.ReportMetric(maxAllocs, "max-allocs-x-unmarshal")
	b.ReportMetric(maxBytes, "max-bytes-x-unmarshal")
}

// mcpBenchCalls are calls of GitHub's MCP tools as a model writes them.
var mcpBenchCalls = []struct{ tool, goName, args string }{
	{"get_tag", "GetTag", `{"owner":"structgen","repo":"structgen","tag":"v0.3.0"}`},
	{"list_issues", "ListIssues", `{"owner":"golang","repo":"go","state":"OPEN","labels":["NeedsFix","compiler/runtime"],"orderBy":"UPDATED_AT","direction":"DESC","perPage":50,"since":"2026-11-01T00:00:00Z"}`},
	{"issue_write", "IssueWrite", `{"method":"create","owner":"structgen","repo":"structgen","title":"Parse rejects 1.0 for an integer field","body":"Steps to reproduce:\n1. Generate from a schema with {\"type\":\"integer\"}.\n2. Parse {\"n\": 1.0}.\n\nExpected: accepted, as JSON Schema counts 1.0 as an integer.","labels":["bug","runtime"],"assignees":["octocat"],"milestone":3}`},
	{"projects_write", "ProjectsWrite", `{"method":"update_project_item","owner":"structgen","project_number":4,"item_id":1207,"updated_field":{"id":101,"value":"In progress"}}`},
}

// BenchmarkMCPToolCalls generates GitHub's MCP tools into a package in a
// scratch module and benchmarks there, per call, Parse<Tool>Action (the
// generated decoder for a call as the schema wants it) against
// json.Unmarshal into a struct of the same fields with no methods (what a
// hand-written struct would be: the arguments type's own UnmarshalJSON
// keeps undeclared properties, which costs a second decode) and against
// runtime.ParseArgs (repairs, then the schema interpreter), reporting
// both time ratios and the allocation ratio.
func BenchmarkMCPToolCalls(b *testing.B) {
	corpus, err := filepath.Abs(corpustest.NeedCorpus(b, "mcp-github"))
	if err != nil {
		b.Fatal(err)
	}
	cfg := &gen.Config{Dir: b.TempDir(), Package: "gh", Tools: []gen.ToolEntry{{MCP: filepath.Join(corpus, "*.json")}}}
	files, _, err := gen.Generate(cfg)
	if err != nil {
		b.Fatal(err)
	}
	h := corpustest.NewHarness(b)
	h.Add("gh", "", files)
	h.Main = "package main\n\nimport _ \"corpus/gh\"\n\nfunc main() {}\n"
	var bench strings.Builder
	bench.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"testing\"\n\n\t\"corpus/gh\"\n\t\"github.com/structgen/structgen/runtime\"\n)\n")
	for i, c := range mcpBenchCalls {
		fmt.Fprintf(&bench, `
var args%[1]d = []byte(%[2]q)

type plain%[1]d gh.%[3]sArgs

func BenchmarkParse%[1]d(b *testing.B) {
	for b.Loop() {
		if _, err := gh.Parse%[3]sAction(args%[1]d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshal%[1]d(b *testing.B) {
	for b.Loop() {
		var v plain%[1]d
		if err := json.Unmarshal(args%[1]d, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInterpret%[1]d(b *testing.B) {
	for b.Loop() {
		if _, _, err := runtime.ParseArgs[gh.%[3]sArgs](gh.%[3]sTool, "%[3]sArgs", args%[1]d); err != nil {
			b.Fatal(err)
		}
	}
}
`, i, c.args, c.goName)
	}
	ns := runScratchBench(b, h, bench.String())
	for b.Loop() {
	}
	for i, c := range mcpBenchCalls {
		p, u, in := ns[fmt.Sprintf("Parse%d", i)], ns[fmt.Sprintf("Unmarshal%d", i)], ns[fmt.Sprintf("Interpret%d", i)]
		if u > 0 {
			b.ReportMetric(p/u, c.tool+"-x-unmarshal")
			b.ReportMetric(in/u, c.tool+"-interp-x-unmarshal")
		}
		if ua := ns[fmt.Sprintf("Unmarshal%d allocs", i)]; ua > 0 {
			b.ReportMetric(ns[fmt.Sprintf("Parse%d allocs", i)]/ua, c.tool+"-allocs-x-unmarshal")
		}
		if ub := ns[fmt.Sprintf("Unmarshal%d bytes", i)]; ub > 0 {
			b.ReportMetric(ns[fmt.Sprintf("Parse%d bytes", i)]/ub, c.tool+"-bytes-x-unmarshal")
		}
	}
}
