package impl

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/go-faster/jx"
)

// exactFloatAgrees fails where exactFloat reads text otherwise than
// strconv.ParseFloat (bit for bit: -0 stays -0), or int64Of otherwise
// than strconv.ParseInt where that reads it.
func exactFloatAgrees(t *testing.T, text string) {
	t.Helper()
	want, err := strconv.ParseFloat(text, 64)
	if got, ok := exactFloat([]byte(text)); ok && (err != nil || math.Float64bits(got) != math.Float64bits(want)) {
		t.Errorf("exactFloat(%s) = %v; ParseFloat says %v, %v", text, got, want, err)
	}
	if want, err := strconv.ParseInt(text, 10, 64); err == nil {
		if got, ok := int64Of([]byte(text)); !ok || got != want {
			t.Errorf("int64Of(%s) = %v, %v; want %v", text, got, ok, want)
		}
	}
}

func TestExactFloat(t *testing.T) {
	for _, text := range []string{"0", "-0", "-0.0", "1", "0.1", "0.3", "-400.5", "1.37", "123456789012345", "1234567890123456",
		"0.000000000000001", "0.0000000000000001", "999999999999999.9", "9007199254740993", "1e5", "2.5E-3", "-123.456",
		"9223372036854775807", "-9223372036854775808", "123456789012345678", "1.0"} {
		exactFloatAgrees(t, text)
	}
	for text, ok := range map[string]bool{"0.1": true, "-12.5": true, "1234567890123456": false, "1e5": false, "1.5E2": false} {
		if _, got := exactFloat([]byte(text)); got != ok {
			t.Errorf("exactFloat(%s) took the fast path: %v; want %v", text, got, ok)
		}
	}
}

// FuzzExactFloat: on any number JSON can write, the fast paths read what
// strconv reads.
func FuzzExactFloat(f *testing.F) {
	for _, s := range []string{"0", "-0.5", "123456789012345", "0.000123", "1e2", "9007199254740993"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !jsonNumber.MatchString(text) {
			return
		}
		exactFloatAgrees(t, text)
	})
}

// stringAgrees fails where String reads the JSON text doc otherwise than
// encoding/json reads it into a string: the same string, or an error
// where it has one.
func stringAgrees(t *testing.T, doc string) {
	t.Helper()
	var want string
	wantErr := json.Unmarshal([]byte(doc), &want)
	got, err := ParseDecoded("s", []byte(doc), func(d *jx.Decoder, c *Decoding) string { s, _ := c.String(d); return s })
	if (err != nil) != (wantErr != nil) || got != want {
		t.Errorf("String(%q) = %q, %v; encoding/json reads %q, %v", doc, got, err, want, wantErr)
	}
}

func TestStringEscapes(t *testing.T) {
	for _, doc := range []string{`"plain"`, `"a\nb"`, `"\"\\\/\b\f\n\r\t"`, `"\u00e9\u00E9"`, `"\ud83d\ude00"`, `"\ud83d"`,
		`"\ud83dx"`, `"\ud83d\u0041"`, `"\ude00\ud83d"`, `"\ud83d\ud83d\ude00"`, `"\u0000"`, "\"a\xffb\\n\"", "\"\xc3\\u00a9\"",
		`"\x"`, `"\u12"`, `"\u12g4"`, `"unterminated\"`, "\"tab\there\"", `"\`, `1`, `{"a": 1}`} {
		stringAgrees(t, doc)
	}
}

// FuzzString: on any text, String reads a string as encoding/json does
// (escapes, surrogate pairs, invalid UTF-8), or refuses what it refuses.
func FuzzString(f *testing.F) {
	for _, s := range []string{`"a\nb"`, `"\ud83d\ude00"`, `"\ud83d\u0041"`, "\"\xc3\\u00a9\"", `"\u00e9 and \"quotes\""`} {
		f.Add(s)
	}
	f.Fuzz(stringAgrees)
}
