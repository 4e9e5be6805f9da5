// Command ticket parses a support ticket with the generated validating
// decoder (one pass over the JSON, no schema interpreter) and shows the
// problems a broken ticket gives. Its benchmarks compare that with
// encoding/json into a hand-written struct of the same shape and with the
// schema interpreter (go test -bench . ./examples/ticket).
package main

//go:generate go run github.com/structgen/structgen/cmd/structgen -config structgen.yaml

import (
	"fmt"
	"os"

	"github.com/structgen/structgen/examples/ticket/ticket"
)

const good = `{
  "id": "TCK-1042", "title": "Export fails", "status": "open", "priority": 2,
  "requester": {"name": "Ada", "email": "ada@example.com"},
  "tags": ["export", "csv"],
  "messages": [{"author": {"name": "Ada", "email": "ada@example.com"},
                "body": "The CSV export stops at 10 000 rows.", "sent_at": "2026-11-30T09:12:00Z"}]
}`

const broken = `{
  "id": "1042", "title": "", "status": "waiting", "priority": 9,
  "requester": {"name": "Ada", "email": "ada.example.com"},
  "tags": ["csv", "csv"],
  "messages": [], "note": "extra"
}`

func main() {
	t, err := ticket.ParseTicket([]byte(good))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%s %q (%s, priority %d): %d message(s) from %s\n", t.ID, t.Title, t.Status, t.Priority, len(t.Messages), t.Requester.Email)
	_, err = ticket.ParseTicket([]byte(broken))
	fmt.Println(err)
}
