package err_oneof

// Pet is an animal.
//
//structgen:oneof species Cat Dog Rock
type Pet interface{ Sound() string }

// Cat meows.
type Cat struct {
	Species string `json:"species"`
}

// Sound of a cat.
func (Cat) Sound() string { return "meow" }

// Dog has no species field.
type Dog struct{ Name string }

// Sound of a dog.
func (Dog) Sound() string { return "woof" }

// Rock makes no sound.
type Rock struct{ Species string }

//structgen:schema
type Home struct {
	Pets []Pet `json:"pets"`
}
