package err_marshaler

// Money writes itself as "12.50 EUR".
type Money struct{ Cents int }

// MarshalJSON writes the amount as a string.
func (m Money) MarshalJSON() ([]byte, error) { return []byte(`"0.00 EUR"`), nil }

//structgen:schema
type Invoice struct {
	Total Money `json:"total"`
}

// Code reads itself from "A-1".
type Code struct{ N int }

// UnmarshalJSON reads the string form.
func (c *Code) UnmarshalJSON([]byte) error { return nil }

//structgen:schema
type Ticket struct {
	Code Code `json:"code"`
}
