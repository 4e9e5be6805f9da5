package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/examples/ticket/ticket"
	"github.com/structgen/structgen/internal/benchmem"
	"github.com/structgen/structgen/runtime/schema"
)

// The hand-written structs encoding/json decodes into: the same shape as
// the generated types, no validation.
type handTicket struct {
	ID           string        `json:"id"`
	Title        string        `json:"title"`
	Status       string        `json:"status"`
	Priority     int64         `json:"priority"`
	Requester    handPerson    `json:"requester"`
	Assignee     *handPerson   `json:"assignee,omitempty"`
	Tags         []string      `json:"tags"`
	Messages     []handMessage `json:"messages"`
	Satisfaction *float64      `json:"satisfaction,omitempty"`
}

type handPerson struct {
	Name  string  `json:"name"`
	Email string  `json:"email"`
	Org   *string `json:"org,omitempty"`
}

type handMessage struct {
	Author      handPerson       `json:"author"`
	Body        string           `json:"body"`
	SentAt      string           `json:"sent_at"`
	Internal    *bool            `json:"internal,omitempty"`
	Attachments []handAttachment `json:"attachments,omitempty"`
}

type handAttachment struct {
	Name string  `json:"name"`
	Size int64   `json:"size"`
	Mime *string `json:"mime,omitempty"`
}

// makeTicket returns a valid ticket with n messages.
func makeTicket(n int) []byte {
	org := "Example Corp"
	sat := 0.8
	t := handTicket{ID: "TCK-20417", Title: "Invoices export with the wrong VAT rate", Status: "pending", Priority: 2,
		Requester: handPerson{Name: "Ada Lovelace", Email: "ada@example.com", Org: &org},
		Assignee:  &handPerson{Name: "Grace Hopper", Email: "grace@support.example.com"},
		Tags:      []string{"billing", "export", "vat"}, Satisfaction: &sat}
	for i := range n {
		internal := i%3 == 0
		m := handMessage{Author: t.Requester, Body: strings.Repeat(fmt.Sprintf("Message %d: the export of March shows 19%% instead of 7%%. ", i), 2),
			SentAt: fmt.Sprintf("2026-11-%02dT%02d:%02d:00Z", 1+i%28, i%24, i%60), Internal: &internal}
		if i%4 == 0 {
			mime := "text/csv"
			m.Attachments = []handAttachment{{Name: fmt.Sprintf("export-%d.csv", i), Size: int64(1000 + i), Mime: &mime}}
		}
		t.Messages = append(t.Messages, m)
	}
	b, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	return b
}

// interpreted is the schema interpreter's path to the same type: decode
// into a generic tree, validate it, decode again (what Parse did before
// generated decoders).
var interpreted = func() func([]byte) (ticket.Ticket, error) {
	text, err := os.ReadFile("schemas/ticket.json")
	if err != nil {
		panic(err)
	}
	s := schema.NewSchemas("", map[string]string{"structgen:///ticket.json": string(text)}).Schema("structgen:///ticket.json#")
	return func(data []byte) (ticket.Ticket, error) { return schema.Parse[ticket.Ticket]("Ticket", data, s) }
}()

// BenchmarkParseTicket reads tickets of about 0.3 KB, 3 KB and 300 KB
// three ways in the same run: ticket.ParseTicket (the generated decoder),
// encoding/json into the hand-written struct (no validation), and the
// schema interpreter. It reports each against encoding/json: x-json for
// the generated decoder's time, interp-x-json for the interpreter's, and
// allocs-x-json for the generated decoder's allocations.
func BenchmarkParseTicket(b *testing.B) {
	for _, size := range []struct {
		name     string
		messages int
	}{{"small", 0}, {"medium", 12}, {"large", 1400}} {
		data := makeTicket(size.messages)
		if size.messages == 0 {
			data = []byte(good)
		}
		if _, err := ticket.ParseTicket(data); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s-%dB", size.name, len(data)), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var gen, std, interp time.Duration
			parse := func() {
				start := time.Now()
				if _, err := ticket.ParseTicket(data); err != nil {
					b.Fatal(err)
				}
				gen += time.Since(start)
			}
			unmarshal := func() {
				start := time.Now()
				var h handTicket
				if err := json.Unmarshal(data, &h); err != nil {
					b.Fatal(err)
				}
				std += time.Since(start)
			}
			for i := 0; b.Loop(); i++ {
				// Each goes first in turn: what runs after the interpreter
				// finds colder caches.
				if i%2 == 0 {
					parse()
					unmarshal()
				} else {
					unmarshal()
					parse()
				}
				start := time.Now()
				if _, err := interpreted(data); err != nil {
					b.Fatal(err)
				}
				interp += time.Since(start)
			}
			b.ReportMetric(float64(gen)/float64(std), "x-json")
			b.ReportMetric(float64(interp)/float64(std), "interp-x-json")
			genAllocs := testing.AllocsPerRun(5, func() { ticket.ParseTicket(data) })
			stdAllocs := testing.AllocsPerRun(5, func() {
				var h handTicket
				json.Unmarshal(data, &h)
			})
			b.ReportMetric(genAllocs/stdAllocs, "allocs-x-json")
			b.ReportMetric(benchmem.BytesPerRun(5, func() { ticket.ParseTicket(data) })/benchmem.BytesPerRun(5, func() {
				var h handTicket
				json.Unmarshal(data, &h)
			}), "bytes-x-json")
		})
	}
}
