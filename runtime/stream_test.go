package runtime

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// readBrief reads a partial brief as the JSON read so far.
func readBrief(text []byte) (string, error) {
	n, _, err := briefOutput.ReadPartial(text)
	if err != nil {
		return "", err
	}
	return string(n.JSON()), nil
}

func TestStreamDeltas(t *testing.T) {
	deltas := slices.Values([]string{`Sure: {"ti`, `tle": "La`, `unch", "level": "lo`, `w", "points": ["a"`, `]}`})
	var got []string
	for p, err := range Stream(Deltas(deltas), readBrief) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	// The last delta closes the value without changing it: no partial.
	want := []string{`{}`, `{"title":"La"}`, `{"title":"Launch"}`, `{"level":"low","points":["a"],"title":"Launch"}`}
	if !slices.Equal(got, want) {
		t.Errorf("partials:\n got %q\nwant %q", got, want)
	}
}

// oneByte reads one byte at a time, the worst a stream can do.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:1]) }

func TestStreamChunksStopOnProblem(t *testing.T) {
	reply := `{"title": "", "level": "low", "points": ["a"]}`
	var last string
	var stopped error
	for p, err := range Stream(Chunks(oneByte{strings.NewReader(reply)}), readBrief, StopOnProblem(briefOutput.CheckFinished)) {
		if err != nil {
			stopped = err
			break
		}
		last = p
	}
	var ve *ValidationError
	if !errors.As(stopped, &ve) || len(ve.Problems) == 0 || ve.Problems[0].Pointer != "/title" {
		t.Fatalf("want a stop at /title, got %v", stopped)
	}
	// It stopped right after the empty title closed, before the rest.
	if strings.Contains(last, "level") {
		t.Errorf("read on past the problem: %s", last)
	}
}

func TestCheckFinishedWaits(t *testing.T) {
	// A string still being written, a number the text may extend and an
	// enum value not finished are not checked yet.
	for _, text := range []string{`{"title": "`, `{"title": "T", "level": "mi`, `{"title": "T", "points": ["a"`} {
		if err := briefOutput.CheckFinished([]byte(text)); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
	if err := briefOutput.CheckFinished([]byte(`{"title": "T", "level": "mid", `)); err == nil {
		t.Error("a finished enum value that breaks the schema is a problem")
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestStreamReadError(t *testing.T) {
	for _, err := range Stream(Chunks(failingReader{}), readBrief) {
		if err == nil || err.Error() != "connection reset" {
			t.Errorf("want the read error, got %v", err)
		}
	}
}

// A string still streaming is not cut at a comma or colon: its end quote
// has not arrived yet.
func TestPartialStringNotCut(t *testing.T) {
	n, _, err := briefOutput.ReadPartial([]byte(`{"title": "a, b: c`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(n.JSON()); got != `{"title":"a, b: c"}` {
		t.Errorf("got %s", got)
	}
	if n.Field("title").Done() {
		t.Error("an open string is not done")
	}
}

// TestDoneWaitsForWhatFollows: a value the text ends in, white space
// after it included, is not done, since what comes next decides how
// much of the text is the value's; once that arrives, the value done is
// the value of the whole reply.
func TestDoneWaitsForWhatFollows(t *testing.T) {
	tests := []struct {
		prefix, whole, field, want string
	}{
		// A quote followed by a space: the next character decides whether
		// it ended the string.
		{`{title"00000" `, `{title"00000" A"}`, "title", `00000" A`},
		{`{"title": "x" `, `{"title": "x" }`, "title", `x`},
		// A bare word followed by a space may go on.
		{`{"title": New `, `{"title": New York}`, "title", `New York`},
		// A quote that ends a line: the next line, once whole, decides.
		{"{\"title\": \"the word \"foo\"\nnext li", "{\"title\": \"the word \"foo\"\nnext line\"}", "title", "the word \"foo\"\nnext line"},
	}
	for _, tt := range tests {
		n, _, err := briefOutput.ReadPartial([]byte(tt.prefix))
		if err != nil {
			t.Fatal(err)
		}
		if n.Field(tt.field).Done() {
			t.Errorf("%s: %s done before what follows it arrived", tt.prefix, tt.field)
		}
		n, _, err = briefOutput.ReadPartial([]byte(tt.whole))
		if err != nil {
			t.Fatal(err)
		}
		f := n.Field(tt.field)
		if got, _ := f.Value().(string); got != tt.want || !f.Done() {
			t.Errorf("%s: %s = %q (done %v), want %q done", tt.whole, tt.field, got, f.Done(), tt.want)
		}
	}
}

// TestStreamWorkIsLinear: a long reply in small deltas is not re-read
// after every delta; the bytes read stay a small multiple of the reply,
// and the reply as it ends is read.
func TestStreamWorkIsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"title": "Launch", "level": "low", "points": [`)
	for i := range 4000 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"point"`)
	}
	b.WriteString(`]}`)
	reply := b.String()
	var deltas []string
	for i := 0; i < len(reply); i += 7 {
		deltas = append(deltas, reply[i:min(i+7, len(reply))])
	}
	read, reads := 0, 0
	counting := func(text []byte) (string, error) {
		read += len(text)
		reads++
		return readBrief(text)
	}
	var last string
	for p, err := range Stream(Deltas(slices.Values(deltas)), counting) {
		if err != nil {
			t.Fatal(err)
		}
		last = p
	}
	if limit := 17*len(reply) + streamShort*streamShort/7; read > limit {
		t.Errorf("read %d bytes in %d reads for a reply of %d in %d deltas; want at most %d", read, reads, len(reply), len(deltas), limit)
	}
	want, _ := readBrief([]byte(reply))
	if last != want {
		t.Errorf("last partial is not the whole reply read: %.80s…", last)
	}
	if reads >= len(deltas)/2 {
		t.Errorf("%d reads for %d deltas: read after nearly every delta", reads, len(deltas))
	}
}
