package err_pattern

//structgen:schema
type T struct {
	S string `json:"s" jsonschema:"pattern=^(?!x).*$"`
}
