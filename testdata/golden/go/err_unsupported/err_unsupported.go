package err_unsupported

//structgen:schema
type T struct {
	C    chan int           `json:"c"`
	F    func()             `json:"f"`
	Z    complex128         `json:"z"`
	M    map[float64]string `json:"m"`
	OK   string             `json:"ok"`
	S    string             `json:"s,string"`
	Next *T                 `json:"next,omitempty"` // each fault is reported once
}
