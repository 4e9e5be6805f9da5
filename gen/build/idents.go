package build

import (
	"strconv"

	"github.com/structgen/structgen/gen/ir"
)

// The identifiers generated code declares, as functions of the names
// they belong to. The naming scope checks them before they are set on
// the IR; nothing else spells them.

// typeDecls returns the identifiers declared for t besides its name, as
// its current name makes them.
func typeDecls(t *ir.Type) (parse string, schemaVars []string, fields string) {
	if len(t.Schemas) > 0 {
		parse = "Parse" + t.Name
		for i := range t.Schemas {
			v := "schema" + t.Name
			if i > 0 {
				v += strconv.Itoa(i + 1)
			}
			schemaVars = append(schemaVars, v)
		}
	}
	switch {
	case t.Kind == ir.KindAction:
		fields = "responseFields" + t.Name
	case t.Kind == ir.KindStruct && t.Extra != nil:
		fields = "fields" + t.Name
	}
	return parse, schemaVars, fields
}

// declare sets the identifiers of t once its name is final.
func declare(t *ir.Type) {
	t.ParseFunc, t.SchemaVars, t.FieldsVar = typeDecls(t)
}

func toolIdents(goName string, hasResponse bool) ir.ToolIdents {
	id := ir.ToolIdents{
		Tool: goName + "Tool", Schema: "toolSchema" + goName, Parse: "Parse" + goName + "Action", ParsePartial: "Parse" + goName + "ActionPartial",
		OpenAI: "openAITool" + goName, Anthropic: "anthropicTool" + goName, Gemini: "geminiTool" + goName, MCP: "mcpTool" + goName,
		Fingerprint: "fingerprint" + goName,
	}
	if hasResponse {
		id.LastResponse = "Last" + goName + "Response"
	}
	return id
}

func outputIdents(name string) ir.OutputIdents {
	return ir.OutputIdents{Output: name + "Output", OpenAI: "openAIOutput" + name, Anthropic: "anthropicOutput" + name,
		Gemini: "geminiOutput" + name, Prompt: "promptOutput" + name, Partial: name + "Partial", ParsePartial: "Parse" + name + "Partial"}
}

// resourceConst names the constant of the i-th embedded document.
func resourceConst(i int) string { return "schemaDoc" + strconv.Itoa(i) }

// packageAPI are the identifiers a package with tools declares once.
var packageAPI = []string{"Action", "Tools", "toolNames", "actionKinds", "ParseToolCall", "MarshalAction", "UnmarshalAction"}

// schemaSet is the variable holding a package's embedded documents.
const schemaSet = "structgenSchemas"
