// Package runtime is the support package that structgen's generated code
// imports:
//
//   - Decoding and ParseDecoded: what generated validating decoders share.
//     A generated Parse<Type> reads the JSON once with a jx.Decoder,
//     decodes into the generated types and checks the schema in the same
//     pass, collecting every problem with its JSON pointer. A value whose
//     schema combines others is checked by generated validators
//     (Validator, reading text with the cursor Text, which RawItems
//     also splits a raw tuple's text with; Validated,
//     ParseValidated, Check: applicators re-read the
//     value's text, their branches quietly, or through text forms
//     (TextValidator, ValidatedText); IfConsts, OneOfTagged and
//     AnyOfTagged read a property that keys many schemas once, the
//     TaggedBy forms one that the scan reading the value found
//     (Text.RawMember, RawTagged: in a uniqueItems array, items
//     whose tags pick different branches are not hashed, UniqueTagged),
//     OneOfExclusive stops at the first branch that passes, the Kinds
//     and Consts forms of AnyOf and OneOf skip the branches a value's
//     kind, item count or constants rule out, and members forms
//     (AppliedMember, AppliedMembers) read only what a then declares; unevaluated
//     keywords through Track and Evaluated) and then decoded by the typed decoders of its
//     parts, or as encoding/json would (a union told apart by a property
//     or by the properties an object has: Tag or Keyed pick the
//     variant, Variant reads it quietly, NoVariant words why none fits;
//     Keyed and HasMember pick it for UnmarshalJSON). Keywords beside an object's properties that only
//     test and require declared properties are checked on the decoded
//     fields, and the undeclared ones they check on the raw JSON kept
//     (RequiredIf, AnyOfPresence and OneOfPresence with
//     Presence branches, Found to know the object decoded cleanly);
//     what those do not compile goes to
//     the schema interpreter (Interpret, InterpretValue). CheckDecoders
//     compares each reading with the interpreter's;
//   - Schemas and Parse: the embedded schema documents, compiled once per
//     schema on first use, and strict parsing of data at rest with the
//     schema interpreter, for types without a generated decoder; both
//     paths fail with one *ValidationError that names the type, the raw
//     input and every problem's JSON pointer. Formats are asserted by
//     default (package runtime/format);
//   - Tool, ToolCall and ParseArgs: tools as each provider's API expects
//     them, and parsing of a model's tool-call arguments with schema-guided
//     repairs, each reported;
//   - Output and Complete: final-answer contracts and the repair loop that
//     sends validation problems back to a Model. Output.Parse reads a reply
//     the way models write it: ReadLenient's tolerant reader (unquoted keys,
//     other quotes, comments, missing commas, cut-off text, fences, prose),
//     then the reading that fits the schema, with the coercions it allows;
//     every change is a Repair with its JSON pointer and offset;
//   - Message, ToolResult, Reply and Usage: a conversation with tool calls
//     and their results; ToolErrorMessage answers a call that did not
//     parse, naming its problems; Request.Prepare (from OutputSpec.Send and
//     WithSystem) tells an SDK adapter (structgen/adapters/…) how to send
//     an output;
//   - MarshalEvent and SchemaChangedError: persisted actions carry their
//     schema's fingerprint, so a replay under a changed schema says so;
//   - ReadPartial, Node, Field and Stream: replies that are still arriving,
//     read into the generated <Name>Partial types as they grow;
//   - the small JSON helpers (Nullable, MarshalObject and ExtraKeys,
//     Encoding, tuples, unions) that keep generated types lossless:
//     absent, null and value apart, undeclared properties in the order
//     they came in.
//
// Applications mostly call the generated functions and values; Complete,
// Stream, ParseArgs and the Model interface are the parts they use
// directly.
package runtime
