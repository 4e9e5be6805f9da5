package err_unknown_key

//structgen:schema
type T struct {
	N int `json:"n" jsonschema:"minimun=0"`
}
