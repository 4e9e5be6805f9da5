package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns a unified diff from old to new of the file at path,
// or "" when they are equal. Lines outside the changed middle are matched
// by common prefix and suffix; the middle by LCS when it is small enough,
// else shown whole. Good enough to show what -check found.
func unifiedDiff(path, old, new string) string {
	if old == new {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := middle(a[pre:len(a)-suf], b[pre:len(b)-suf])
	const ctx = 3
	start := max(pre-ctx, 0)
	endA := min(len(a)-suf+ctx, len(a))
	endB := min(len(b)-suf+ctx, len(b))
	var s strings.Builder
	fmt.Fprintf(&s, "--- %s (on disk)\n+++ %s (generated)\n", path, path)
	fmt.Fprintf(&s, "@@ -%d,%d +%d,%d @@\n", start+1, endA-start, start+1, endB-start)
	for _, l := range a[start:pre] {
		s.WriteString(" " + l + "\n")
	}
	for _, op := range ops {
		s.WriteString(op + "\n")
	}
	for _, l := range a[len(a)-suf : endA] {
		s.WriteString(" " + l + "\n")
	}
	return s.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// middle diffs two line slices by longest common subsequence.
func middle(a, b []string) []string {
	var out []string
	if len(a)*len(b) > 4_000_000 {
		for _, l := range a {
			out = append(out, "-"+l)
		}
		for _, l := range b {
			out = append(out, "+"+l)
		}
		return out
	}
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, " "+a[i])
			i, j = i+1, j+1
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, "+"+b[j])
			j++
		default:
			out = append(out, "-"+a[i])
			i++
		}
	}
	return out
}
