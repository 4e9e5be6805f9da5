package err_conflict

type A struct {
	Name string `json:"name"`
}

type B struct {
	Name string `json:"name"`
}

//structgen:schema
type T struct {
	A
	B
}
