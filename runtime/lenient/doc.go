// Package lenient reads what models write: JSON with unquoted keys, other
// quotes, comments, missing commas, cut-off text, fences, reasoning and
// prose around it (ReadLenient, Extract), and, given a schema, the reading of a reply
// that fits it, with the coercions the schema allows (Align, RepairArgs).
// Replies still streaming are read into a Node (ReadPartial) whose values
// know whether the model finished them. Every change it makes is a
// problem.Repair with its JSON pointer and offset.
package lenient
