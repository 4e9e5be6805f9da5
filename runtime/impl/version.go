package impl

// The handshake between generated code and this package. Code generated
// for version N asks Runtime for the method GeneratedCodeVersionN_…; this
// package has one such method for each version from MinVersion to
// Version. Where generated code and runtime disagree, the build fails at
// that line, and the compiler's message names both versions: the
// runtime's in Runtime's type, the code's in the missing method.
const (
	// Version is the newest generated-code version this package serves:
	// the one the structgen of this module generates. Version 3 added
	// Decoding.Field; version 4 StringPtr and its kin, Strings, RawMap, Unseen, Declared and
	// Undeclared.
	Version = 4
	// MinVersion is the oldest generated-code version it still serves.
	MinVersion = 2
)

// RuntimeVersion4 is the type of Runtime, named with Version so that a
// compile error about it says which runtime is in the build.
type RuntimeVersion4 struct{}

// Runtime is what generated code checks its version against.
var Runtime RuntimeVersion4

// GeneratedCodeVersion2_RegenerateWith_go_generate is what code generated
// for version 2 asks of Runtime. Its name is the compile error's advice
// where it is missing: run go generate with the structgen that matches the
// runtime in the build.
func (RuntimeVersion4) GeneratedCodeVersion2_RegenerateWith_go_generate() {}

// GeneratedCodeVersion3_RegenerateWith_go_generate is what code generated
// for version 3 asks of Runtime.
func (RuntimeVersion4) GeneratedCodeVersion3_RegenerateWith_go_generate() {}

// GeneratedCodeVersion4_RegenerateWith_go_generate is what code generated
// for version 4 asks of Runtime.
func (RuntimeVersion4) GeneratedCodeVersion4_RegenerateWith_go_generate() {}
