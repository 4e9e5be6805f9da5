package anthropic_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	sganthropic "github.com/structgen/structgen/adapters/anthropic"
	"github.com/structgen/structgen/internal/adaptertest"
	"github.com/structgen/structgen/runtime"
)

// A final answer through the Messages API, the output forced as a tool:
// the reply's tool_use input is parsed into the generated type. A local
// server stands in for the API.
func ExampleMessages() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, message("tool_use", toolUse("toolu_1", "Forecast", `{"summary":"Sunny","high":21}`)))
	}))
	defer srv.Close()
	client := ant.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"))

	model := sganthropic.Messages{Client: &client, Model: "claude-sonnet-4-5"}
	req := runtime.Request{
		Messages: []runtime.Message{{Role: "user", Content: "Tomorrow's weather?"}},
		Output:   adaptertest.ForecastOutput.Spec(runtime.OutputTool),
	}
	forecast, err := runtime.Complete(context.Background(), model, req, adaptertest.ForecastOutput)
	fmt.Printf("%+v %v\n", forecast, err)
	// Output:
	// {Summary:Sunny High:21} <nil>
}
