// Package templates holds structgen's prompt text as text/template files,
// embedded so that generated code and the runtime need no files at run
// time.
//
// OutputFormat renders the "Output format" block that asks a model
// without native structured output for one JSON document; its data has
// Schema (the JSON Schema, indented) and Description. Repair renders the
// message that sends validation problems back to the model; its data has
// TypeName, Tool, Problems and Repaired (strings), and the booleans
// NoJSON, Empty, Truncated and Reasoning (the reply ended inside its
// reasoning block).
package templates

import (
	"embed"
	"text/template"
)

//go:embed *.tmpl
var files embed.FS

// OutputFormat is the default output-format block.
var OutputFormat = template.Must(template.ParseFS(files, "output_format.tmpl"))

// Repair is the default repair message.
var Repair = template.Must(template.ParseFS(files, "repair.tmpl"))
