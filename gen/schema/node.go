// Package schema is structgen's own model of JSON Schema: a node per
// schema location, with its position, the kinds of value it allows and
// every validation keyword typed, the same for every draft. It is built
// once from the validator library's compiled graph (which resolves
// references and checks schemas against their meta-schemas); later stages
// read nodes, never the library's types or the raw JSON.
package schema

import (
	"encoding/json"
	"math/big"
	"strings"

	"github.com/structgen/structgen/gen/loc"
	"github.com/structgen/structgen/internal/drafts"
)

// Node is one schema.
type Node struct {
	// Loc is the location the schema is loaded from: URL#pointer.
	Loc string
	// Pos is where it is written.
	Pos loc.Pos
	// Draft is the meta-schema URI of its document.
	Draft string

	// Bool is set for the boolean schemas true and false.
	Bool *bool
	// Keywords are the keys written in the schema object, in document
	// order, known to JSON Schema or not.
	Keywords []string

	// Annotations.
	Title, Description, Comment     string
	Deprecated, ReadOnly, WriteOnly bool
	Default                         *Value
	Examples                        []any

	// References and identifiers.
	ID, Anchor, DynamicAnchor string
	RecursiveAnchor           bool
	Ref, RecursiveRef         *Node
	DynamicRef                *DynamicRef

	// Applicators.
	AllOf, AnyOf, OneOf []*Node
	Not, If, Then, Else *Node

	// Any kind of value.
	Types  []string // JSON type names; nil when "type" is absent
	Enum   *Values
	Const  *Value
	Format string // "" when absent

	// Numbers; exact.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf *big.Rat

	// Strings; lengths in code points.
	MinLength, MaxLength *int
	Pattern              *string
	ContentEncoding      string
	ContentMediaType     string
	ContentSchema        *Node

	// Arrays. PrefixItems are the schemas of the first items (prefixItems
	// in 2020-12, an items list before); Items is the schema of every item
	// after them (items in 2020-12; items or additionalItems before).
	PrefixItems          []*Node
	Items                *Node
	MinItems, MaxItems   *int
	UniqueItems          bool
	Contains             *Node
	MinContains          *int
	MaxContains          *int
	UnevaluatedItems     *Node
	MinProperties        *int
	MaxProperties        *int
	Properties           map[string]*Node
	PatternProperties    []PatternProperty // sorted by pattern
	AdditionalProperties *Node
	PropertyNames        *Node
	Required             []string
	// DependentRequired and DependentSchemas hold draft 4–7 "dependencies"
	// too, split by the kind of value.
	DependentRequired     map[string][]string
	DependentSchemas      map[string]*Node
	UnevaluatedProperties *Node

	// Kinds are the kinds of value the node's own type, enum, const or
	// boolean allow, before applicators.
	Kinds Kinds
}

// Value is a JSON value from a schema: numbers are json.Number.
type Value struct{ V any }

// Values is an enum's list.
type Values struct{ List []any }

// DynamicRef is a $dynamicRef: the schema it resolves to statically and
// its anchor, which may resolve elsewhere at run time.
type DynamicRef struct {
	Ref    *Node
	Anchor string
}

// PatternProperty is one entry of patternProperties.
type PatternProperty struct {
	Pattern string
	Node    *Node
}

// IsTrue reports whether n is the schema true.
func (n *Node) IsTrue() bool { return n != nil && n.Bool != nil && *n.Bool }

// IsFalse reports whether n is the schema false.
func (n *Node) IsFalse() bool { return n != nil && n.Bool != nil && !*n.Bool }

// RefAlone reports whether n's $ref hides the keywords beside it: in
// drafts 4 to 7 a schema with $ref is that reference and nothing else
// (the keywords stay in Keywords, but no field of n holds them).
func (n *Node) RefAlone() bool {
	if n == nil || n.Ref == nil {
		return false
	}
	d, ok := drafts.ByURI(n.Draft)
	return ok && d.Legacy()
}

// Kinds is a set of JSON value kinds; integers and other numbers apart.
type Kinds uint8

// The kinds of JSON value.
const (
	Null Kinds = 1 << iota
	Bool
	Int
	Frac // numbers that are not integers
	Str
	Arr
	Obj

	Num     = Int | Frac
	All     = Null | Bool | Num | Str | Arr | Obj
	NonNull = All &^ Null
)

// KindOf returns the kind of a decoded JSON value (numbers as
// json.Number).
func KindOf(v any) Kinds {
	switch v := v.(type) {
	case nil:
		return Null
	case bool:
		return Bool
	case json.Number:
		if isInteger(string(v)) {
			return Int
		}
		return Frac
	case float64, int, int64:
		return Num
	case string:
		return Str
	case []any:
		return Arr
	case map[string]any:
		return Obj
	}
	return All
}

func isInteger(s string) bool {
	if !strings.ContainsAny(s, ".eE") {
		return true
	}
	r, ok := new(big.Rat).SetString(s)
	return ok && r.IsInt()
}

// Init computes what a node derives from its keywords (Kinds); nodes the
// graph builds have it, hand-built ones call it.
func (n *Node) Init() { n.Kinds = ownKinds(n) }

// ownKinds computes n.Kinds.
func ownKinds(n *Node) Kinds {
	if n.Bool != nil {
		if *n.Bool {
			return All
		}
		return 0
	}
	k := All
	if n.Types != nil {
		var t Kinds
		for _, name := range n.Types {
			switch name {
			case "null":
				t |= Null
			case "boolean":
				t |= Bool
			case "integer":
				t |= Int
			case "number":
				t |= Num
			case "string":
				t |= Str
			case "array":
				t |= Arr
			case "object":
				t |= Obj
			}
		}
		k &= t
	}
	if n.Const != nil {
		k &= KindOf(n.Const.V)
	}
	if n.Enum != nil {
		var t Kinds
		for _, v := range n.Enum.List {
			t |= KindOf(v)
		}
		k &= t
	}
	return k
}

// Expand returns the nodes and every node they require too, through
// $ref, $recursiveRef, $dynamicRef and allOf, each once, in a stable
// order.
func Expand(nodes ...*Node) []*Node {
	var out []*Node
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		out = append(out, n)
		walk(n.Ref)
		walk(n.RecursiveRef)
		if n.DynamicRef != nil {
			walk(n.DynamicRef.Ref)
		}
		for _, a := range n.AllOf {
			walk(a)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return out
}
