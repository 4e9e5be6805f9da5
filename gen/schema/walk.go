package schema

import (
	"maps"
	"slices"
)

// children returns the subschemas of n, in a fixed order.
func (n *Node) children() []*Node {
	out := []*Node{n.Ref, n.RecursiveRef, n.Not, n.If, n.Then, n.Else, n.ContentSchema, n.Items,
		n.Contains, n.UnevaluatedItems, n.AdditionalProperties, n.PropertyNames, n.UnevaluatedProperties}
	if n.DynamicRef != nil {
		out = append(out, n.DynamicRef.Ref)
	}
	out = append(out, n.AllOf...)
	out = append(out, n.AnyOf...)
	out = append(out, n.OneOf...)
	out = append(out, n.PrefixItems...)
	for _, k := range slices.Sorted(maps.Keys(n.Properties)) {
		out = append(out, n.Properties[k])
	}
	for _, p := range n.PatternProperties {
		out = append(out, p.Node)
	}
	for _, k := range slices.Sorted(maps.Keys(n.DependentSchemas)) {
		out = append(out, n.DependentSchemas[k])
	}
	return out
}
