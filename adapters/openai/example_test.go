package openai_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	sgopenai "github.com/structgen/structgen/adapters/openai"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// A final answer through Chat Completions: the output's strict dialect is
// the response format, and the reply is parsed into the generated type. A
// local server stands in for the API.
func ExampleChat() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chatText(`{"summary":"Sunny","high":21}`, "stop"))
	}))
	defer srv.Close()
	client := oai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("test"))

	model := sgopenai.Chat{Client: &client, Model: "gpt-4.1"}
	req := runtime.Request{Messages: []runtime.Message{{Role: "user", Content: "Tomorrow's weather?"}}}
	forecast, err := runtime.Complete(context.Background(), model, req, adaptertest.ForecastOutput)
	fmt.Printf("%+v %v\n", forecast, err)
	// Output:
	// {Summary:Sunny High:21} <nil>
}
