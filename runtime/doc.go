// Package runtime is what an application uses with the code structgen
// generates.
//
// An application runs structgen (go generate) over its schemas and gets a
// package of typed values: a Tool for each tool, an Output for each final
// answer, Parse functions for each type. With those it
//
//   - asks a model for a typed answer with Complete, which sends the
//     request through a Model (one of the adapters in
//     structgen/adapters/…, or its own), reads the reply with the
//     Output's Parse (the generated Parse of its type for what needs no
//     repair and for the reading the tolerant reader chooses: WithParse)
//     and, while the reply does not fit the schema, sends the problems
//     back and asks again (WithRepair, MinimalRepair);
//   - shows an answer while it streams with CompleteStream (Complete with
//     typed partials, through a StreamingModel), Stream (partials from any
//     chunks) and Items (an array's items as each is finished), the
//     generated <Name>Partial types holding Fields;
//   - follows tool calls as they stream with StreamCalls, reading each
//     call's typed arguments with a CallReader, a call cut off reported as
//     a CutCallError;
//   - reads tool calls with the generated ParseToolCall or ParseArgs and
//     answers them with ToolResultMessage and ToolErrorMessage;
//   - handles the errors: a *ValidationError names the type, the raw
//     input and every problem's JSON pointer, and unwraps to ErrEmptyReply,
//     ErrNoJSON (ErrUnclosedReasoning where the reply ends inside its
//     reasoning block), ErrInvalidJSON or ErrTruncated where one of those
//     is the cause; a provider's refusal unwraps to ErrRefused; a persisted event
//     written under another schema is a *SchemaChangedError.
//
// Nullable keeps absent, null and a value apart in generated fields.
//
// The packages beside this one each have one job: problem holds the
// errors and repairs every package reports; schema the embedded schemas
// and the schema interpreter; lenient the tolerant reader that reads what
// models write; adapter the turn-building that provider adapters share;
// format the string formats. Generated code also imports impl, which
// applications never need.
package runtime
