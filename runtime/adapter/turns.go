package adapter

import "github.com/structgen/structgen/runtime"

// Conversation is a conversation in the shape of APIs that take the system
// prompt apart and alternate the user's and the model's turns, where tool
// results travel in the user's turn (Anthropic's Messages, Gemini's
// contents, MCP sampling).
type Conversation struct {
	// System holds the text of the system and developer messages, in
	// order.
	System []string
	// Turns alternate between the user and the model.
	Turns []Turn
}

// Turn is one turn of a Conversation.
type Turn struct {
	// Assistant is true for the model's turn, false for the user's.
	Assistant bool
	// Parts are the turn's contents in order. A model's turn holds its
	// text, when it has some or makes no call, then its tool calls. A
	// user's turn holds the results of the calls of the turn before (one
	// turn's results together), then the user's text; user messages that
	// follow one another join one turn.
	Parts []Part
}

// Part is one piece of a turn: text, a tool call, or a tool result.
type Part struct {
	// Text is a text part's text, or a tool result's as text
	// (runtime.Message.ResultText).
	Text string
	// Call is the tool call of a model's turn; its Arguments are a JSON
	// object (ObjectArgs).
	Call *runtime.ToolCall
	// Result is the tool result of a user's turn.
	Result *runtime.ToolResult
}

// Turns puts msgs in the shape of a Conversation, checking each message
// (CheckMessage).
func Turns(provider string, msgs []runtime.Message) (Conversation, error) {
	var c Conversation
	userOpen := false // the last turn is the user's and more may join it
	addUser := func(p Part) {
		if userOpen {
			t := &c.Turns[len(c.Turns)-1]
			t.Parts = append(t.Parts, p)
			return
		}
		c.Turns = append(c.Turns, Turn{Parts: []Part{p}})
		userOpen = true
	}
	for i, m := range msgs {
		if err := CheckMessage(provider, i, m); err != nil {
			return Conversation{}, err
		}
		switch m.Role {
		case "system", "developer":
			c.System = append(c.System, m.Content)
		case "user":
			addUser(Part{Text: m.Content})
		case "assistant":
			t := Turn{Assistant: true}
			if m.Content != "" || len(m.ToolCalls) == 0 {
				t.Parts = append(t.Parts, Part{Text: m.Content})
			}
			for _, call := range m.ToolCalls {
				call.Arguments = ObjectArgs(call.Arguments)
				t.Parts = append(t.Parts, Part{Call: &call})
			}
			c.Turns = append(c.Turns, t)
			userOpen = false
		case "tool":
			addUser(Part{Text: m.ResultText(), Result: m.ToolResult})
		}
	}
	return c, nil
}
