package adaptertest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/structgen/structgen/runtime"
)

// StreamedSummary is the forecast summary the streaming tests send: two-
// and three-byte UTF-8 sequences, an escaped quote and a backslash, which
// the server's pieces cut apart.
const StreamedSummary = `Ensoleillé, "doux" \ 晴れ`

// StreamedForecast is the forecast the streaming tests send, as the
// model writes it.
var StreamedForecast = `{"summary": ` + Quote(StreamedSummary) + `, "high": 21}`

// CheckStreamedForecast runs a completion of ForecastOutput through m's
// stream and checks the partials grow and never go back, the result is
// StreamedForecast's and usage is reported.
func CheckStreamedForecast(t *testing.T, m runtime.StreamingModel, req runtime.Request, usage runtime.Usage) {
	t.Helper()
	var got runtime.Usage
	s := runtime.CompleteStream(context.Background(), m, req, ForecastOutput, ParseForecastPartial, runtime.WithUsage(&got))
	var summaries []string
	highDone := false
	for u := range s.Updates() {
		if u.Retry != nil || u.Attempt != 1 {
			t.Fatalf("unexpected retry: %v", u.Retry)
		}
		sum, _ := u.Partial.Summary.Get()
		if n := len(summaries); n > 0 && len(sum) < len(summaries[n-1]) {
			t.Errorf("the summary shrank: %q after %q", sum, summaries[n-1])
		}
		summaries = append(summaries, sum)
		if h, ok := u.Partial.High.Get(); ok && h != 21 {
			t.Errorf("high %d before it was finished", h)
		}
		highDone = highDone || u.Partial.High.Done()
	}
	v, err := s.Result()
	if err != nil || v.Summary != StreamedSummary || v.High != 21 {
		t.Fatalf("result %+v, %v", v, err)
	}
	if len(summaries) < 3 {
		t.Errorf("want the summary to grow over several partials, got %q", summaries)
	}
	if got != usage {
		t.Errorf("usage %+v, want %+v", got, usage)
	}
}

// InterleavedArgs are the arguments of the two parallel calls the
// streaming tests interleave, with the IDs call_1 and call_2.
var InterleavedArgs = [2]string{`{"station": 7}`, `{"station": 9007199254740993}`}

// CheckInterleavedCalls reads two parallel lookup calls, whose pieces
// the provider interleaved, from deltas: each call's updates keep to its
// own arguments, each finishes once, and both parse. model returns a
// model whose next reply is that stream; it is called twice.
func CheckInterleavedCalls(t *testing.T, model func() runtime.StreamingModel, req runtime.Request) {
	t.Helper()
	m := model()
	finished := map[string]LookupArgs{}
	lookups := runtime.NewCallReader(ParseLookupActionPartial)
	stations := map[string]int64{"call_1": 7, "call_2": 9007199254740993}
	for u, err := range runtime.StreamCalls(m.GenerateStream(context.Background(), req)) {
		if err != nil {
			t.Fatal(err)
		}
		want := InterleavedArgs[0]
		if u.Call.ID == "call_2" {
			want = InterleavedArgs[1]
		}
		if got := string(u.Call.Arguments); len(got) > len(want) || want[:len(got)] != got {
			t.Fatalf("call %s: arguments %q are not a prefix of %q", u.Call.ID, got, want)
		}
		// The typed partial of each call: its station appears only once
		// finished, and is that call's.
		p, _, err := lookups.Read(u)
		if err != nil {
			t.Fatalf("call %s: %v", u.Call.ID, err)
		}
		if st, ok := p.Station.Get(); ok && st != stations[u.Call.ID] {
			t.Fatalf("call %s: partial station %d", u.Call.ID, st)
		}
		if _, ok := p.Station.Get(); u.Finished && (!ok || !p.Station.Done()) {
			t.Fatalf("call %s finished without its station done in the partial", u.Call.ID)
		}
		if !u.Finished {
			continue
		}
		if _, dup := finished[u.Call.ID]; dup {
			t.Fatalf("call %s finished twice", u.Call.ID)
		}
		a, err := ParseToolCall(u.Call.Name, u.Call.Arguments)
		if err != nil {
			t.Fatalf("call %s: %v", u.Call.ID, err)
		}
		finished[u.Call.ID] = a.(LookupArgs)
	}
	if finished["call_1"].Station != 7 || finished["call_2"].Station != 9007199254740993 || len(finished) != 2 {
		t.Errorf("finished calls: %+v", finished)
	}
	// Generate reads the same stream whole.
	reply, err := runtime.Collect(model().GenerateStream(context.Background(), req))
	if err != nil || len(reply.ToolCalls) != 2 || string(reply.ToolCalls[1].Arguments) != InterleavedArgs[1] {
		t.Errorf("collected: %+v, %v", reply, err)
	}
}

// CutArgs are the arguments a cut call of the streaming tests got before
// the token limit.
const CutArgs = `{"station": 12`

// CheckCutCall reads a stream whose lookup call was cut after args: it is
// never finished, and its error unwraps to ErrTruncated and keeps the
// bytes received.
func CheckCutCall(t *testing.T, m runtime.StreamingModel, req runtime.Request, args string) {
	t.Helper()
	var cut *runtime.CutCallError
	for u, err := range runtime.StreamCalls(m.GenerateStream(context.Background(), req)) {
		if u.Finished {
			t.Fatalf("a cut call was reported finished: %s", u.Call.Arguments)
		}
		if err != nil && !errors.As(err, &cut) {
			t.Fatalf("want a cut call, got %v", err)
		}
	}
	if cut == nil || !errors.Is(cut, runtime.ErrTruncated) || string(cut.Call.Arguments) != args || cut.Call.Name != "lookup" {
		t.Fatalf("want lookup cut after %s, got %+v", args, cut)
	}
}

// StreamLog runs a completion of ForecastOutput through m's stream and
// returns what it showed: each partial summary, then the result. Two
// runs over the same exchange give the same log.
func StreamLog(t testing.TB, m runtime.StreamingModel, req runtime.Request) string {
	t.Helper()
	s := runtime.CompleteStream(context.Background(), m, req, ForecastOutput, ParseForecastPartial)
	var log []byte
	for u := range s.Updates() {
		sum, _ := u.Partial.Summary.Get()
		log = append(log, sum...)
		log = append(log, '|')
	}
	v, err := s.Result()
	if err != nil {
		t.Fatal(err)
	}
	return string(log) + v.Summary
}

// CheckStopCloses checks that leaving the loop over m's stream, and
// cancelling its context, closes the SDK's stream: srv, which streams
// with a delay between pieces, sees both requests end before their
// replies did. m's next two replies must be streamed ones.
func CheckStopCloses(t *testing.T, m runtime.StreamingModel, srv *Server, req runtime.Request) {
	t.Helper()
	srv.Delay = 2 * time.Millisecond
	for range m.GenerateStream(context.Background(), req) {
		break
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last error
	for d, err := range m.GenerateStream(ctx, req) {
		if err != nil {
			last = err
			break
		}
		if d.Text != "" || d.Call != nil {
			cancel()
		}
	}
	if !errors.Is(last, context.Canceled) {
		t.Errorf("cancelled stream: want context.Canceled, got %v", last)
	}
	deadline := time.Now().Add(5 * time.Second)
	for srv.Aborted() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := srv.Aborted(); n != 2 {
		t.Errorf("the server saw %d of 2 streams closed early", n)
	}
}

// RecordReplayStream streams a completion of ForecastOutput through the
// model that model builds over the given *http.Client, once recording
// through a cassette and once replaying it, and checks that both show
// the same partials, several of them, ending in StreamedSummary.
func RecordReplayStream(t *testing.T, model func(*http.Client) runtime.StreamingModel) {
	t.Helper()
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow?"}}}
	log := RecordReplay(t, func(hc *http.Client) string { return StreamLog(t, model(hc), req) })
	if !strings.HasSuffix(log, "|"+StreamedSummary) || strings.Count(log, "|") < 3 {
		t.Errorf("log %q", log)
	}
}
