package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	sgmcp "github.com/structgen/structgen/adapters/mcp"
	"github.com/structgen/structgen/internal/adaptertest"
)

// A generated tool served on an MCP server, and called from a client: the
// structured result comes back as the generated type, and a malformed call
// as an error result naming its problems.
func Example() {
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	err := sgmcp.AddTool(server, adaptertest.FinishTool, adaptertest.ParseFinishAction,
		func(_ context.Context, a adaptertest.FinishAction) (adaptertest.Forecast, error) {
			return a.Forecast, nil
		})
	if err != nil {
		panic(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		panic(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil)
	session, err := client.Connect(ctx, ct, nil)
	if err != nil {
		panic(err)
	}
	defer session.Close()

	forecast, err := sgmcp.CallTool(ctx, session, "finish",
		json.RawMessage(`{"message":"Done.","summary":"Sunny","high":21}`), adaptertest.ParseForecast)
	fmt.Printf("%+v %v\n", forecast, err)

	_, err = sgmcp.CallTool(ctx, session, "finish", json.RawMessage(`{"message":"Done.","high":"warm"}`), adaptertest.ParseForecast)
	fmt.Println(err)
	// Output:
	// {Summary:Sunny High:21} <nil>
	// mcp: tool finish failed: Your call of finish could not be used: its arguments do not match the tool's schema.
	// - (root): missing property 'summary'
	// - /high: got string, want integer
	//
	// Call finish again with corrected arguments.
}
