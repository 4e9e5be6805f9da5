package benchdoc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/structgen/structgen/internal/benchdoc/catalog"
	"github.com/structgen/structgen/internal/benchmem"
	"github.com/structgen/structgen/runtime"
)

// The hand-written structs encoding/json decodes into: the shape a Go
// developer would write for the document, every member typed, no
// validation.
type handCatalog struct {
	Products   []handProduct     `json:"products"`
	Prices     []float64         `json:"prices"`
	Stock      []int64           `json:"stock,omitempty"`
	Labels     map[string]string `json:"labels"`
	Dimensions [][]float64       `json:"dimensions,omitempty"`
}

type handProduct struct {
	ID       string     `json:"id"`
	Sku      string     `json:"sku"`
	Contact  string     `json:"contact"`
	Updated  string     `json:"updated"`
	Page     string     `json:"page"`
	Host     *string    `json:"host,omitempty"`
	IP       *string    `json:"ip,omitempty"`
	Price    float64    `json:"price"`
	Quantity *int64     `json:"quantity,omitempty"`
	Note     *string    `json:"note,omitempty"`
	Tags     []string   `json:"tags"`
	Offer    *handOffer `json:"offer,omitempty"`
}

type handOffer struct {
	Kind    string  `json:"kind"`
	Percent *int64  `json:"percent,omitempty"`
	Code    *string `json:"code,omitempty"`
}

// makeCatalog returns a valid catalog of n products, with five prices,
// five stock counts, a label and four dimensions each.
func makeCatalog(n int) []byte {
	c := handCatalog{Labels: map[string]string{}}
	for i := range n {
		host, ip, q := fmt.Sprintf("shop%d.example.com", i), fmt.Sprintf("10.0.%d.%d", i%256, i*7%256), int64(i%500)
		note := fmt.Sprintf("Restocked on %d March.\nSays \"fragile\".", 1+i%28)
		p := handProduct{ID: fmt.Sprintf("123e4567-e89b-12d3-a456-%012d", i), Sku: fmt.Sprintf("ABC-%05d", i),
			Contact: fmt.Sprintf("sales%d@example.com", i), Updated: fmt.Sprintf("2026-11-%02dT%02d:%02d:00Z", 1+i%28, i%24, i%60),
			Page: fmt.Sprintf("https://example.com/products/%d?ref=catalog", i), Host: &host, IP: &ip,
			Price: float64(i%1000) + 0.25, Quantity: &q, Note: &note, Tags: []string{"new", "eco"}}
		if i%2 == 0 {
			pct := int64(1 + i%90)
			p.Offer = &handOffer{Kind: "discount", Percent: &pct}
		} else {
			code := fmt.Sprintf("SAVE%d", i)
			p.Offer = &handOffer{Kind: "coupon", Code: &code}
		}
		c.Products = append(c.Products, p)
		for j := range 5 {
			c.Prices = append(c.Prices, float64(i*100+j)/4)
			c.Stock = append(c.Stock, int64(i*j))
		}
		c.Labels[fmt.Sprintf("label-%d", i)] = fmt.Sprintf("shelf %d", i%40)
		c.Dimensions = append(c.Dimensions, []float64{12.5, float64(i % 90), 0.75, 1.2})
	}
	b, err := json.Marshal(c)
	if err != nil {
		panic(err)
	}
	return b
}

// alternate measures parse against unmarshal on the same document,
// alternately in one loop (each goes first in turn), and reports the
// ratios: x-json for time, allocs-x-json and bytes-x-json for
// allocations.
func alternate(b *testing.B, size int, parse, unmarshal func() error) {
	b.SetBytes(int64(size))
	must := func(f func() error) func() {
		return func() {
			if err := f(); err != nil {
				b.Fatal(err)
			}
		}
	}
	p, u := must(parse), must(unmarshal)
	var gen, std time.Duration
	for i := 0; b.Loop(); i++ {
		first, second, firstT, secondT := p, u, &gen, &std
		if i%2 == 1 {
			first, second, firstT, secondT = u, p, &std, &gen
		}
		start := time.Now()
		first()
		mid := time.Now()
		second()
		*firstT += mid.Sub(start)
		*secondT += time.Since(mid)
	}
	b.ReportMetric(float64(gen)/float64(std), "x-json")
	b.ReportMetric(testing.AllocsPerRun(5, p)/testing.AllocsPerRun(5, u), "allocs-x-json")
	b.ReportMetric(benchmem.BytesPerRun(5, p)/benchmem.BytesPerRun(5, u), "bytes-x-json")
}

// bySize runs alternate on documents of 1, 10 and 1,000 units (products,
// tasks) that doc makes, parsed by parse and unmarshalled into an H.
func bySize[H any](b *testing.B, unit string, doc func(n int) []byte, parse func([]byte) error) {
	for _, n := range []int{1, 10, 1000} {
		data := doc(n)
		b.Run(fmt.Sprintf("%d-%s-%dB", n, unit, len(data)), func(b *testing.B) {
			alternate(b, len(data), func() error { return parse(data) }, func() error {
				var h H
				return json.Unmarshal(data, &h)
			})
		})
	}
}

// BenchmarkParseCatalog reads catalogs of 1, 10 and 1,000 products (about
// 0.5 KB, 4.4 KB and 470 KB) with catalog.ParseCatalog and with
// encoding/json into the hand-written structs.
func BenchmarkParseCatalog(b *testing.B) {
	bySize[handCatalog](b, "products", makeCatalog, func(data []byte) error {
		_, err := catalog.ParseCatalog(data)
		return err
	})
}

// BenchmarkParsePlan reads plans of 1, 10 and 1,000 tasks (about 0.4 KB,
// 3 KB and 300 KB) with catalog.ParsePlan and with encoding/json into
// the hand-written structs.
func BenchmarkParsePlan(b *testing.B) {
	bySize[handPlan](b, "tasks", makePlan, func(data []byte) error {
		_, err := catalog.ParsePlan(data)
		return err
	})
}

// The plan as a Go developer would write it for the Pydantic schema:
// pointers for the optional (nullable) fields.
type handPerson struct {
	Name  string  `json:"name"`
	Email *string `json:"email"`
	Age   *int64  `json:"age"`
}

type handTask struct {
	Title    string      `json:"title"`
	Status   string      `json:"status"`
	Owner    *handPerson `json:"owner"`
	Estimate *float64    `json:"estimate"`
	Due      *string     `json:"due"`
	Tags     []string    `json:"tags"`
	Subtasks []handTask  `json:"subtasks"`
}

type handPlan struct {
	Project string     `json:"project"`
	Tasks   []handTask `json:"tasks"`
	Notes   *string    `json:"notes"`
}

// makePlan returns a valid plan of n tasks, each with one subtask, every
// other one with an owner, as a model writes it (nulls spelled out).
func makePlan(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project": "Launch", "notes": null, "tasks": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		owner := "null"
		if i%2 == 0 {
			owner = fmt.Sprintf(`{"name": "Ada %d", "email": "ada%d@example.com", "age": %d}`, i, i, 30+i%20)
		}
		fmt.Fprintf(&b, `{"title": "Write the launch post, part %d", "status": "doing", "owner": %s, "estimate": %d.5, "due": "2026-12-%02d", "tags": ["blog", "launch"], `+
			`"subtasks": [{"title": "Draft %d", "status": "todo", "owner": null, "estimate": null, "due": null, "tags": [], "subtasks": []}]}`, i, owner, i%8, 1+i%28, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// sameJSON fails where v does not encode to the JSON value data holds.
func sameJSON(t *testing.T, data []byte, v any) {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("round trip changed the value (-in +out):\n%s", d)
	}
}

// TestCatalogRoundTrip: the benchmark's documents parse, and encode back
// to the same JSON value; a broken one is refused with each problem.
func TestCatalogRoundTrip(t *testing.T) {
	data := makeCatalog(3)
	c, err := catalog.ParseCatalog(data)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, data, c)
	bad := []byte(`{"products": [{"id": "x", "sku": "abc", "contact": "no at", "updated": "2026-13-01T00:00:00Z",
		"page": "not a uri", "price": 0.001, "tags": ["new", "new"], "offer": {"kind": "coupon", "code": "AB"}}],
		"prices": [2e9], "labels": {}}`)
	_, err = catalog.ParseCatalog(bad)
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("ParseCatalog(bad) = %v; want a *runtime.ValidationError", err)
	}
	var pointers []string
	for _, p := range ve.Problems {
		pointers = append(pointers, p.Pointer)
	}
	wantPointers := []string{"/prices/0", "/products/0/contact", "/products/0/id", "/products/0/offer", "/products/0/offer",
		"/products/0/offer", "/products/0/offer/code", "/products/0/offer/kind", "/products/0/page", "/products/0/price",
		"/products/0/sku", "/products/0/tags", "/products/0/updated"}
	if d := cmp.Diff(wantPointers, pointers); d != "" {
		t.Errorf("problems of the broken catalog (-want +got):\n%s\n%v", d, err)
	}
}

// TestPlanRoundTrip: the plans parse and encode back to the same JSON
// value, nulls kept.
func TestPlanRoundTrip(t *testing.T) {
	data := makePlan(3)
	p, err := catalog.ParsePlan(data)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Tasks[1].Owner.Null || p.Tasks[0].Owner.Value.Name != "Ada 0" || len(p.Tasks[2].Subtasks) != 1 {
		t.Errorf("plan read: %+v", p)
	}
	sameJSON(t, data, p)
	if _, err := catalog.ParsePlan([]byte(`{"project": "x", "tasks": [{"title": "t", "status": "later", "due": "tomorrow"}]}`)); err == nil {
		t.Error("a task with an unknown status and a due that is no date passed")
	}
}
