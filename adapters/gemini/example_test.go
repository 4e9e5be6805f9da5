package gemini_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"google.golang.org/genai"

	sggemini "github.com/structgen/structgen/adapters/gemini"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// A final answer through GenerateContent with the output's
// responseJsonSchema. The client is made with NewClient, whose transport
// sends the schema's bytes as generated. A local server stands in for the
// API.
func ExampleModel() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, candidate("STOP", text(`{"summary":"Sunny","high":21}`)))
	}))
	defer srv.Close()
	client, err := sggemini.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL + "/"},
	})
	if err != nil {
		panic(err)
	}

	model := sggemini.Models{Client: client, Model: "gemini-2.5-flash"}
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow's weather?"}}}
	forecast, err := runtime.Complete(context.Background(), model, req, adaptertest.ForecastOutput)
	fmt.Printf("%+v %v\n", forecast, err)
	// Output:
	// {Summary:Sunny High:21} <nil>
}
