package contact

import (
	"errors"
	"strings"
	"testing"

	"github.com/structgen/structgen/runtime"
)

func TestFormatsAsserted(t *testing.T) {
	if _, err := ParseContact([]byte(`{"email": "ada@example.com", "since": "2024-02-29"}`)); err != nil {
		t.Fatal(err)
	}
	_, err := ParseContact([]byte(`{"email": "not an address", "since": "2023-02-29"}`))
	var ve *runtime.ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 2 {
		t.Fatalf("want two format problems, got %v", err)
	}
	if ve.Problems[0].Pointer != "/email" || !strings.Contains(ve.Problems[0].Message, "no '@'") ||
		ve.Problems[1].Pointer != "/since" || !strings.Contains(ve.Problems[1].Message, "day 29 of month 02") {
		t.Errorf("problems: %v", ve.Problems)
	}
}
