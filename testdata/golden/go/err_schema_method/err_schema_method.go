package err_schema_method

import "fmt"

//structgen:schema
type T struct{ N int }

// JSONSchema is computed, so structgen cannot read it.
func (T) JSONSchema() string { return fmt.Sprintf(`{"type":%q}`, "string") }
