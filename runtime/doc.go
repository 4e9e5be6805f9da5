// Package runtime is the support package that structgen's generated code
// imports: compiled schemas, strict parsing with clear errors, and the small
// JSON helpers that keep generated types lossless.
//
// Applications rarely call it directly; they call the generated Parse
// functions, which return *ValidationError on failure.
package runtime

// IsVersion1 is referenced by generated code. A generated package that no
// longer compiles against this constant was made by an incompatible
// structgen; regenerate it with the structgen version that matches this
// runtime.
const IsVersion1 = true
