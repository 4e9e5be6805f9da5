package lenient

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	f, err := os.Open(os.Getenv("ZZIN"))
	if err != nil {
		t.Skip()
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		in := strings.ReplaceAll(line, `\n`, "\n")
		out, reps, err := ReadLenient([]byte(in))
		msgs := []string{}
		for _, r := range reps {
			msgs = append(msgs, r.Message)
		}
		t.Logf("\nIN : %s\nOUT: %s  err=%v\n     %s", line, out, err, strings.Join(msgs, " | "))
	}
}
