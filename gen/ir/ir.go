// Package ir is the intermediate representation: plain data that says
// what one generated package holds, with every Go identifier decided. The
// build stage makes it; emitters read it and nothing else. It knows
// nothing about jennifer and holds no rendered code or dialect text;
// `structgen -dump-ir` prints it as JSON.
package ir

import (
	"fmt"
	"reflect"

	"github.com/structgen/structgen/gen/loc"
)

// Package is everything one generated package holds.
type Package struct {
	Name      string
	Sources   []string // input files, relative to the config
	Types     []*Type  // sorted by name
	Resources []Resource
	// SchemaSet is the variable that holds the resources.
	SchemaSet string `json:",omitempty"`
	// Draft is the meta-schema URI of documents without "$schema".
	Draft string
	// AnnotateFormats: Parse reads "format" as an annotation; by default
	// it asserts the formats package runtime/format knows.
	AnnotateFormats bool      `json:",omitempty"`
	Tools           []*Tool   // sorted by name
	Outputs         []*Output // sorted by name
	// Notes say what provider dialects could not express, and published
	// provider limits a schema exceeds: "file:line:col: note: …".
	Notes []string
	// Nodes counts the schema nodes mapped to Go types; Fallbacks those
	// that have a constraint no precise Go type could express, so they
	// became raw JSON.
	Nodes, Fallbacks int
	// Renames are the derived names that a clash changed, for -v.
	Renames []Rename `json:",omitempty"`
	// PromptTemplate is the text/template of the outputs' format block;
	// "" for the default.
	PromptTemplate string  `json:",omitempty"`
	PromptPos      loc.Pos `json:"-"`
	// Validators are the generated validators the decoders call, sorted
	// by name.
	Validators []*Validator `json:",omitempty"`
	// Partials are the streaming mirrors of the struct types outputs
	// reach, sorted by name.
	Partials []*Partial `json:",omitempty"`
	// Go is set for a package of Go types marked //structgen:schema
	// (structgen -go): the file written next to them.
	Go *GoPackage `json:",omitempty"`
}

// Rename records a derived name that a clash changed.
type Rename struct {
	From, To string
	// Source is the schema the type comes from; Other what took the name.
	Source, Other string
	Pos           loc.Pos `json:"-"`
}

func (r Rename) String() string {
	return fmt.Sprintf("%s: Go name %s of %s is taken by %s; named it %s", r.Pos, r.From, r.Source, r.Other, r.To)
}

// Resource is an embedded schema document.
type Resource struct {
	URL  string
	Text string `json:"-"`
	// Const is the constant that holds Text.
	Const string
}

// TypeKind says what a named type is.
type TypeKind string

// Kinds of named types.
const (
	KindStruct  TypeKind = "struct"
	KindEnum    TypeKind = "enum"
	KindUnion   TypeKind = "union"
	KindTuple   TypeKind = "tuple"   // a JSON array of positions of different types
	KindAction  TypeKind = "action"  // a tool's arguments and response, flat on the wire
	KindDefined TypeKind = "defined" // type T U
	KindAlias   TypeKind = "alias"   // type T = U
)

// Type is a named Go type.
type Type struct {
	Name       string
	Kind       TypeKind
	Doc        string
	Deprecated bool
	Source     string  // file#pointer, for the doc comment
	Pos        loc.Pos `json:"-"`
	// Schemas are the locations a value must match; empty when the type
	// has no Parse function of its own.
	Schemas []string

	Fields []*Field // struct; tuple: the positions V0, V1, …
	// Extra is the type of undeclared properties, or of a tuple's items
	// after its positions; nil when none are allowed.
	Extra *Ref

	Values []EnumValue // enum

	Variants      []*Variant // union
	Discriminator string     // union: property that picks an object variant (or Variant.Keys do)

	Underlying *Ref // defined, alias

	// Tool names the tool whose calls this type holds: an action type, or
	// the arguments of a tool without a response schema.
	Tool string
	// ToolSchema is the augmented schema's location, for strict parsing
	// of stored actions.
	ToolSchema string
	// ToolFingerprint is the constant that holds the tool schema's
	// fingerprint, which persisted actions carry.
	ToolFingerprint string `json:",omitempty"`
	// ResponseFields are the JSON names of an action's response fields.
	ResponseFields []string

	// Decode is what the type's generated validating decoder checks: of
	// an object (struct and action types), a union's variants, a tuple's
	// positions (Fields) and items; enum types have an empty one. Nil
	// when no typed decoder reads the type, and then Interpreted says why.
	Decode      *Decode `json:",omitempty"`
	Interpreted string  `json:",omitempty"`
	// Validate: a type the typed decoders do not read (Interpreted says
	// why) is checked by these generated validators, one per schema in
	// Schemas, then decoded with encoding/json; nil when a keyword of its
	// schemas does not compile either, and the interpreter reads it.
	Validate []*Validator `json:",omitempty"`
	// DecodedBy: an alias whose schema is no more than a reference to
	// the schema of the named type it stands for, or a struct that only
	// embeds such a type (a tool's arguments type whose parameters name a
	// shared type), is read by that type's generated decoder (its Decode,
	// promoted to the struct); "" otherwise.
	DecodedBy string `json:",omitempty"`

	// The package-level identifiers declared for the type besides its
	// name, decided with it by the naming scope.
	ParseFunc  string   `json:",omitempty"` // Parse<Name>; "" without Schemas
	SchemaVars []string `json:",omitempty"` // one per Schemas entry
	FieldsVar  string   `json:",omitempty"` // the field list of a struct with extras, or of an action's response
}

// Tool is a tool a model may call.
type Tool struct {
	Name, GoName, Description string
	// Args, Response and Action are Go type names; Response is "" when the
	// tool has no response schema, and then Action is Args.
	Args, Response, Action string
	// ResponsePkg is the import path of a response type from a Go
	// package; "" when it is generated here.
	ResponsePkg string
	// SchemaURL locates the augmented schema among the package's
	// resources.
	SchemaURL string
	Source    string
	Pos       loc.Pos `json:"-"`
	// Schema is the augmented schema, the canonical JSON text also
	// embedded at SchemaURL; emitters derive each provider's tool object
	// from it.
	Schema string `json:"-"`
	// ResponseSchema is the response's schema as a document of its own
	// (MCP's outputSchema); "" when the tool has no response.
	ResponseSchema string `json:"-"`
	// Fingerprint identifies Schema in persisted events: 12 hex digits of
	// its SHA-256.
	Fingerprint string
	Idents      ToolIdents
	// Partial says how the arguments of a call still streaming are read:
	// the streaming mirror of Action.
	Partial *PartialExpr `json:",omitempty"`
}

// ToolIdents are the package-level identifiers declared for a tool.
type ToolIdents struct {
	Tool, Schema, Parse string
	// ParsePartial reads a call's arguments while they stream.
	ParsePartial string
	LastResponse string `json:",omitempty"` // "" without a response
	// The constants holding each provider's tool object.
	OpenAI, Anthropic, Gemini, MCP string
	// The constant holding the schema's fingerprint.
	Fingerprint string
}

// Output is a final-answer contract.
type Output struct {
	Name, Type string
	// SchemaURL locates the canonical schema among the resources.
	SchemaURL string
	// RootSchema is the stable location of the schema the canonical one
	// is bundled from: where it is the only schema of Type, Type's Parse
	// reads the output's replies (runtime.Output.WithParse).
	RootSchema string `json:",omitempty"`
	// Plain: a plain string, no contract.
	Plain bool
	// Schema is the canonical schema, the JSON text also embedded at
	// SchemaURL; emitters derive the dialects and the prompt block from
	// it.
	Schema string `json:"-"`
	// Description is the schema's description, for the prompt block.
	Description string  `json:",omitempty"`
	Pos         loc.Pos `json:"-"`
	Idents      OutputIdents
	// Partial is how a streaming reply's value is read: a partial struct
	// (Kind PartialStruct), or a runtime.Field of another expression.
	Partial *PartialExpr
}

// OutputIdents are the package-level identifiers declared for an output.
type OutputIdents struct {
	Output string
	// The constants holding each provider's format and the prompt block.
	OpenAI, Anthropic, Gemini, Prompt string
	// Partial is the type of the output as read so far from a streaming
	// reply, ParsePartial the function that reads it.
	Partial, ParsePartial string
}

// Field is a struct field.
type Field struct {
	Name, JSON string
	Type       *Ref
	Doc        string
	Deprecated bool
	// Embedded fields are named by their type.
	Embedded bool `json:",omitempty"`
	// Omit is the encoding/json option for optional fields: "omitempty",
	// "omitzero" or ""; "optional" for a tuple position that may be
	// missing.
	Omit string
	// Check is what the generated decoder checks of the field's value;
	// set when its type has a Decode.
	Check *Check `json:",omitempty"`
}

// Decode is the object-level part of a struct type's generated
// validating decoder.
type Decode struct {
	// Required are the properties an object must have, in schema order.
	Required []string `json:",omitempty"`
	// Closed: undeclared properties are problems (additionalProperties:
	// false); otherwise they are kept in the extras map. For a tuple:
	// items after its positions are problems (items: false); otherwise
	// they are kept in Rest, checked by Extra.
	Closed bool `json:",omitempty"`
	// ArgsMap: an action whose arguments part is a map of raw JSON (a
	// tool whose parameters declare no property); every property the
	// response does not declare goes into it.
	ArgsMap                      bool `json:",omitempty"`
	MinProperties, MaxProperties *int `json:",omitempty"`
	// MinItems and MaxItems bound a tuple's count of items.
	MinItems, MaxItems *int `json:",omitempty"`
	// Variants are the checks of a union's variants, in Type.Variants'
	// order: the value's kind picks one, or with Tag the string value of
	// that property (Variant.Tags).
	Variants []*Check `json:",omitempty"`
	Tag      string   `json:",omitempty"`
	// Keyed: the variants are told apart by which properties the object
	// has (Variant.Keys), as a tag tells them apart.
	Keyed bool `json:",omitempty"`
	// Null: a union of kinds whose schema allows null; null leaves every
	// variant unset. For a struct or tuple type: its schema allows null,
	// which Parse reads as the zero value (as encoding/json does; a field
	// or item's own check says whether it may be null).
	Null bool `json:",omitempty"`
	// Words: a union told apart by Tag is checked by these validators (its
	// schema's) where the variant's decoder finds a problem, so that the
	// problems are worded as for any anyOf or oneOf; a union of kinds that
	// has them (a variant of overlapping branches) has them check a value
	// of a kind no variant holds.
	Words []*Validator `json:",omitempty"`
	// Enum: a union of the kinds of an enum's (or a const's) values, as
	// JSON texts: a value of a kind no variant holds is worded as outside
	// the enum, as its validator words it.
	Enum []string `json:",omitempty"`
	// Branches: a union of kinds from an anyOf's or oneOf's branches.
	// Where a variant's decoder finds a problem (or, without Words, the
	// value is of a kind no variant holds), the problems are worded as
	// the keyword's validator words them: that no branch matched first,
	// then each branch's problems.
	Branches *Branches `json:",omitempty"`
	// Extra checks each undeclared property's value when the schema gives
	// them one (additionalProperties: {…}); they go into the typed extras
	// map. For a tuple it checks each item after the positions.
	Extra *Check `json:",omitempty"`
	// Value: a defined slice or map type's value, decoded and checked as
	// a field of its underlying type would be (a root array or map that
	// no other type holds).
	Value *Check `json:",omitempty"`
	// Also: the keywords beside the object's properties that the checks
	// above do not cover (anyOf, oneOf, if/then/else, patternProperties,
	// …), checked by these generated validators on the object's text after
	// the decoder has read it (see Check.Also).
	Also []*Validator `json:",omitempty"`
	// Conds: if/then/else schemas beside the properties whose if tests
	// one declared property against constants and whose then and else
	// check declared properties only; the decoder checks them on the
	// fields it has decoded, without reading the object's text again.
	Conds []*Cond `json:",omitempty"`
	// ExtraPattern: the one pattern of patternProperties beside declared
	// properties none of whose names it matches; the decoder checks each
	// undeclared property whose name it matches, as it keeps it.
	ExtraPattern *ExtraPattern `json:",omitempty"`
	// Presence: anyOf and oneOf schemas beside the properties whose
	// branches only require properties or refuse a set of them (not:
	// {required: […]}); the decoder checks them, with Conds, on which
	// fields it has set.
	Presence []*Presence `json:",omitempty"`
}

// Branches are the branches of the anyOf or oneOf a union of kinds is
// read from, for wording a failed variant.
type Branches struct {
	// OneOf tells oneOf from anyOf.
	OneOf bool `json:",omitempty"`
	// Want words the kinds each branch allows, in branch order, as a
	// problem says them ("string", "integer or null").
	Want []string
	// Of lists the branches each variant's value may match, in
	// Type.Variants' order; nil for a variant whose problems are worded
	// as the union's already (by its validator, or an object variant's
	// own union of the same schema).
	Of [][]int
}

// ExtraPattern checks the undeclared properties of an object whose
// names match Pattern with the pattern's schema's validator (Validate,
// one); with Closed (additionalProperties false), one whose name does not
// match is not allowed.
type ExtraPattern struct {
	Pattern  string
	Always   bool `json:",omitempty"` // the pattern matches every name
	Closed   bool `json:",omitempty"`
	Validate []*Validator
}

// Presence is an anyOf or oneOf of branches about which properties an
// object has.
type Presence struct {
	// Loc is the object schema's location; OneOf tells oneOf from anyOf.
	Loc   string
	OneOf bool `json:",omitempty"`
	// Branches require properties (Required) and may refuse a set of
	// them (Forbidden: not: {required: Forbidden}).
	Branches []PresenceBranch
}

// PresenceBranch is one branch of a Presence.
type PresenceBranch struct {
	Required, Forbidden []string `json:",omitempty"`
}

// Cond is an if/then/else of an object checked on its decoded fields.
type Cond struct {
	// Loc is the if's schema location (the object's, for a
	// dependentRequired).
	Loc string
	// Field is the JSON name of the declared property the if tests; the
	// if passes where the property is absent (unless Required) or one of
	// Values (JSON text of constants of its field's kind).
	Field    string
	Values   []string
	Required bool `json:",omitempty"`
	// Dependent: a dependentRequired (Required, any value, a Then of
	// Required only), whose missing properties are worded as such.
	Dependent bool `json:",omitempty"`
	// Then and Else check the object where the if passes and where it
	// does not; nil when absent.
	Then, Else *CondBranch `json:",omitempty"`
}

// CondBranch is a then or else schema of the object's properties only:
// declared ones, checked on their fields, and undeclared ones, which an
// object that keeps its extras as raw JSON holds by name.
type CondBranch struct {
	// Required names properties the object must have: declared, or
	// undeclared (then looked up among the extras).
	Required []string `json:",omitempty"`
	// Checks check the fields of properties present, by JSON name, in
	// schema order: the checks a decoder makes of a scalar's value, or
	// of a slice's or map's length.
	Checks []CondCheck `json:",omitempty"`
	// Extras check undeclared properties present, by JSON name, in
	// schema order: their kept text, with a validator.
	Extras []CondExtra `json:",omitempty"`
}

// CondExtra checks an undeclared property's kept JSON text.
type CondExtra struct {
	Field string
	// Validate holds the one validator of the property's schema (a list,
	// so that sharing validators updates it in place).
	Validate []*Validator
}

// CondCheck checks one decoded field.
type CondCheck struct {
	Field string
	Check *Check
}

// Check is what a generated decoder checks of one value, compiled from
// its schema; it parallels the Go type expression the value is decoded
// into (Items for a slice's element).
type Check struct {
	// Interpret: the value's schema has keywords the decoders do not
	// compile; the decoder reads the value's JSON and has the schema
	// interpreter check it against these locations, then decodes it with
	// encoding/json. The other fields are unset.
	Interpret []string `json:",omitempty"`
	// Validate: the value's schema has keywords the type-directed checks
	// below do not cover (allOf, anyOf, oneOf, not, if/then/else,
	// patternProperties, …), or it is a union's variant several branches
	// allow; the decoder reads the value's JSON, checks it with these
	// generated validators (one per schema that applies, or the union's),
	// then decodes it with encoding/json. The other fields are unset.
	Validate []*Validator `json:",omitempty"`
	// Why says what Interpret or Validate is for (for structgen -v).
	Why string `json:",omitempty"`
	// Also: the schema's keywords that the type-directed checks below do
	// not cover but that apply to the value on their own (anyOf, oneOf,
	// not, if/then/else, dependencies, patternProperties beside no
	// additionalProperties, $ref beside keywords, …), split off into
	// schemas of their own: the decoder keeps the value's text, decodes
	// and checks it as below, then checks the text with these generated
	// validators. The value passes its schema exactly when it passes both.
	Also []*Validator `json:",omitempty"`
	// NullAlso: the value may be null and is a struct or tuple whose
	// schema has keywords beside its typed checks (its Decode.Also):
	// these validators check null, which the type's decoder never reads.
	NullAlso []*Validator `json:",omitempty"`
	// Null: the schema allows null.
	Null bool `json:",omitempty"`
	// Strings: lengths in code points, an ECMA-262 pattern, an asserted
	// format.
	MinLength, MaxLength *int    `json:",omitempty"`
	Pattern              *string `json:",omitempty"`
	Format               string  `json:",omitempty"`
	// Numbers: exact bounds and multipleOf as rational text ("" when
	// absent); a float's multipleOf is checked on the number's text.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf string `json:",omitempty"`
	// Enum lists the allowed values as JSON text (enum or const); nil
	// when any value of the kind is allowed.
	Enum []string `json:",omitempty"`
	// EnumOnly: only the enum makes the value an integer (no type
	// keyword says so), so a number that is not one is worded as a value
	// outside the enum, as the validators word it.
	EnumOnly bool `json:",omitempty"`
	// Arrays; for a map (an object of one value schema), MinItems and
	// MaxItems bound its members, Items checks each value and Required
	// names the keys it must have.
	MinItems, MaxItems *int `json:",omitempty"`
	Unique             bool `json:",omitempty"`
	// UniqueText: the items are structured (or of any kind), so Unique
	// compares their JSON text (JSON equality), not their Go values.
	UniqueText bool     `json:",omitempty"`
	Items      *Check   `json:",omitempty"`
	Required   []string `json:",omitempty"`
	// KeyPattern: every key of the map matches this ECMA-262 pattern
	// (patternProperties of one pattern beside additionalProperties
	// false); a member whose key does not is not allowed.
	KeyPattern *string `json:",omitempty"`
}

// Validator is a generated function that checks a JSON value against
// one schema, every keyword of it, without decoding it into a Go type:
// what the typed decoders call where a schema combines others. Sub-schemas
// are validators too; recursion through $ref is a call.
type Validator struct {
	// Name is the function's name; Loc the schema's stable location.
	Name, Loc string
	// False: the schema false, which no value passes.
	False bool `json:",omitempty"`
	// Cycle (with False): a schema applied again to the value it is
	// being applied to, through a cycle of references, which the
	// interpreter refuses (a reference cycle), and so does the validator.
	Cycle bool `json:",omitempty"`
	// Interpret: the schema is left to the interpreter (a cycle of
	// references unrolled into too many validators, unevaluated keywords
	// over such a schema); the schema
	// interpreter checks the value against this location, Why says why.
	// The other fields are unset.
	Interpret, Why string `json:",omitempty"`
	// Types are the JSON types allowed ("integer" apart from "number");
	// nil when any is.
	Types []string `json:",omitempty"`
	// Enum lists the allowed values as JSON text (enum, or const as one
	// value with Const set); nil when absent.
	Enum  []string `json:",omitempty"`
	Const bool     `json:",omitempty"`
	// Numbers: exact bounds as rational text; "" when absent.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf string `json:",omitempty"`
	// Strings.
	MinLength, MaxLength *int    `json:",omitempty"`
	Pattern              *string `json:",omitempty"`
	Format               string  `json:",omitempty"`
	// Arrays: PrefixItems check the first items, Items the rest.
	PrefixItems              []*Validator `json:",omitempty"`
	Items                    *Validator   `json:",omitempty"`
	MinItems, MaxItems       *int         `json:",omitempty"`
	Unique                   bool         `json:",omitempty"`
	Contains                 *Validator   `json:",omitempty"`
	MinContains, MaxContains *int         `json:",omitempty"`
	// Objects; Properties and DependentRequired/Schemas sorted by name.
	Properties           []NamedValidator `json:",omitempty"`
	PatternProperties    []NamedValidator `json:",omitempty"` // Name is the pattern
	AdditionalProperties *Validator       `json:",omitempty"`
	PropertyNames        *Validator       `json:",omitempty"`
	Required             []string         `json:",omitempty"`
	MinProperties        *int             `json:",omitempty"`
	MaxProperties        *int             `json:",omitempty"`
	DependentRequired    []Dependent      `json:",omitempty"`
	DependentSchemas     []NamedValidator `json:",omitempty"`
	// Applicators: schemas the same value must (or must not) pass. Ref
	// is a $ref beside other keywords.
	Ref                 *Validator   `json:",omitempty"`
	AllOf, AnyOf, OneOf []*Validator `json:",omitempty"`
	Not, If, Then, Else *Validator   `json:",omitempty"`
	// UnevaluatedProperties and UnevaluatedItems check what neither this
	// schema nor the ones it applies to the same value evaluated.
	UnevaluatedProperties, UnevaluatedItems *Validator `json:",omitempty"`
	// Annotate: the validator records the members and items it
	// evaluates, for a schema's unevaluated keywords (it is that schema,
	// or one it applies to the same value). ContainsEvaluates: contains
	// counts as evaluating the items it matches (draft 2020-12).
	Annotate          bool `json:",omitempty"`
	ContainsEvaluates bool `json:",omitempty"`
}

// NamedValidator is a validator under a name: a property's, a pattern's
// or a dependency's.
type NamedValidator struct {
	Name string
	V    *Validator
}

// Dependent is one entry of dependentRequired: when Name is present, so
// must Required be.
type Dependent struct {
	Name     string
	Required []string
}

// EnumValue is a constant of an enum type.
type EnumValue struct {
	Name, Value string
}

// Variant is one member of a union.
type Variant struct {
	Name string
	// JSON is the kind of JSON value it holds: boolean, integer, number,
	// string, array or object.
	JSON string
	Type *Ref
	// Tags are the discriminator values that select this variant.
	Tags []string
	// Keys are the properties whose presence selects this variant (it
	// requires them, every other variant refuses them). In a union told
	// apart by Discriminator or by Keys, the one object variant with
	// neither Tags nor Keys is selected when no other's tag or key is
	// there.
	Keys []string `json:",omitempty"`
}

// RefKind says what a type expression is.
type RefKind string

// Kinds of type expressions.
const (
	RefAny      RefKind = "any" // json.RawMessage
	RefBool     RefKind = "bool"
	RefInt      RefKind = "int64"
	RefFloat    RefKind = "float64"
	RefString   RefKind = "string"
	RefNamed    RefKind = "named"
	RefSlice    RefKind = "slice"
	RefMap      RefKind = "map"
	RefPointer  RefKind = "pointer"
	RefNullable RefKind = "nullable" // runtime.Nullable[Elem]
)

// Ref is a Go type expression.
type Ref struct {
	Kind RefKind
	Name string `json:",omitempty"` // RefNamed
	// Pkg is the import path of a named type from another package (a Go
	// type the schema was derived from); "" for the generated package.
	Pkg  string `json:",omitempty"`
	Elem *Ref   `json:",omitempty"`
}

// Held is the type of the value r holds: past the pointer that tells
// it absent (or null), r itself otherwise.
func (r *Ref) Held() *Ref {
	if r.Kind == RefPointer {
		return r.Elem
	}
	return r
}

// Nilable reports whether the zero value of r can stand for JSON null.
func (r *Ref) Nilable() bool {
	switch r.Kind {
	case RefAny, RefSlice, RefMap, RefPointer:
		return true
	}
	return false
}

// GoPackage is what structgen -go writes into a package of Go types.
type GoPackage struct {
	// Types are the marked types, each with its JSON Schema.
	Types []GoType
	// OneOfs are interfaces whose variants a property tells apart.
	OneOfs []OneOf
	// Decoders are structs with such interface fields.
	Decoders []Decoder
}

// GoType is a Go type marked //structgen:schema.
type GoType struct {
	Name string
	// Schema is its JSON Schema, as JSON text.
	Schema string `json:"-"`
	// URL is the schema's URL among the package's embedded schemas.
	URL string
	// The identifiers declared for it: the schema constant, the schema
	// handle and the Parse function.
	SchemaConst, SchemaVar, ParseFunc string
	// Validate are the generated validators of its schema, which its
	// Parse function checks with before encoding/json decodes; nil when
	// the schema does not compile (Interpreted says why): Parse then
	// has the interpreter check it.
	Validate    []*Validator `json:",omitempty"`
	Interpreted string       `json:",omitempty"`
}

// OneOf is an interface marked //structgen:oneof: Unmarshal<Name> reads
// it by the value of Property.
type OneOf struct {
	Name, Property string
	Variants       []OneOfVariant
}

// OneOfVariant is one implementation of a OneOf.
type OneOfVariant struct {
	Tag, Type string
	// Pointer: the pointer type implements the interface.
	Pointer bool
}

// Decoder is a struct whose fields hold OneOf interfaces, decoded by a
// generated UnmarshalJSON.
type Decoder struct {
	Type   string
	Fields []DecoderField
}

// DecoderField is one interface field of a Decoder.
type DecoderField struct {
	Name, JSON, OneOf string
	// Slice: a slice of the interface.
	Slice bool
}

// Partial is the streaming mirror of a struct type: every field a
// runtime.Field, so that it is absent until the reply writes it; nested
// struct types mirrored too.
type Partial struct {
	// Name is the type's name, Read the function that reads it from a
	// lenient.Node.
	Name, Read string
	// Of is the struct type it mirrors.
	Of     string
	Fields []*PartialField
	// Unmirrored are embedded Go types of other packages whose fields the
	// mirror does not read (qualified names).
	Unmirrored []string `json:",omitempty"`
}

// PartialField is one field of a Partial.
type PartialField struct {
	Name, JSON string
	Expr       *PartialExpr
}

// PartialKind says how a partial value is read.
type PartialKind string

// Kinds of partial values.
const (
	PartialString PartialKind = "string"
	PartialInt    PartialKind = "int"
	PartialFloat  PartialKind = "float"
	PartialBool   PartialKind = "bool"
	PartialEnum   PartialKind = "enum"   // Named: the enum type
	PartialRaw    PartialKind = "raw"    // the JSON read so far
	PartialSlice  PartialKind = "slice"  // Elem
	PartialMap    PartialKind = "map"    // Elem
	PartialStruct PartialKind = "struct" // Named: the Partial type, Read its reader
	// PartialPointer is a field's mirror held through a pointer (Elem, a
	// PartialStruct): one that would otherwise hold itself.
	PartialPointer PartialKind = "pointer"
)

// PartialExpr is the type of a partial value and how it is read.
type PartialExpr struct {
	Kind  PartialKind
	Named string       `json:",omitempty"`
	Read  string       `json:",omitempty"`
	Elem  *PartialExpr `json:",omitempty"`
}

// Keyed reports whether a union's object variants are told apart by
// which properties the object has (Variant.Keys).
func (t *Type) Keyed() bool {
	for _, v := range t.Variants {
		if len(v.Keys) > 0 {
			return true
		}
	}
	return false
}

// Only reports whether v checks nothing but what clear clears on a copy
// of it (its name and location aside): clear doing nothing asks whether
// v passes every value.
func (v *Validator) Only(clear func(*Validator)) bool {
	w := *v
	w.Name, w.Loc = "", ""
	clear(&w)
	return reflect.DeepEqual(w, Validator{})
}
