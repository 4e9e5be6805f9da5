package main

import (
	"embed"
	"fmt"
	"io"
	"net/http"
	"sync"
)

//go:embed testdata/replay/*.json
var recorded embed.FS

// replay is a stand-in for the provider: it answers the n-th chat
// completion request with the n-th recorded response and keeps the
// requests, so that the run works offline and its test can see what the
// SDK sent.
type replay struct {
	mu       sync.Mutex
	requests [][]byte
}

func (r *replay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.requests = append(r.requests, body)
	n := len(r.requests)
	r.mu.Unlock()
	data, err := recorded.ReadFile(fmt.Sprintf("testdata/replay/%d.json", n))
	if err != nil || req.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"nothing recorded for this request"}}`, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}
