package err_bad_value

//structgen:schema
type T struct {
	S string `json:"s" jsonschema:"maxLength=-1"`
	U []int  `json:"u" jsonschema:"uniqueItems=maybe"`
}
