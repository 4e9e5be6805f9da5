package err_validator_name

//structgen:schema
type T struct {
	Name string `json:"name" jsonschema:"minLength=1"`
}

// structgenValidate0Text is a name structgen generates: a validator's
// text form.
func structgenValidate0Text() {}

func structgenValidate0() {}
