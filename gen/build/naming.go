package build

import (
	pathpkg "path"
	"strconv"
	"strings"

	"github.com/structgen/structgen/gen/internal/jsonptr"
	"github.com/structgen/structgen/gen/schema"

	"github.com/structgen/structgen/gen/names"
)

// nameOf derives the Go name of the schema at loc from the config, a
// `names` override, a $defs/definitions key, the file name, or the path.
func (b *builder) nameOf(loc string) string {
	if n, ok := b.overrides[loc]; ok {
		return n
	}
	if n, ok := b.rootNames[loc]; ok {
		return n
	}
	u, toks := jsonptr.SplitLoc(loc)
	path := schemaSteps(toks)
	// The deepest schema on the path that has a name of its own is the base.
	for i := len(path); i >= 0; i-- {
		end := 0
		if i > 0 {
			end = path[i-1].end
		}
		prefix := u + "#" + jsonptr.Join(toks[:end])
		var base string
		switch {
		case b.overrides[prefix] != "":
			base = b.overrides[prefix]
		case b.rootNames[prefix] != "":
			base = b.rootNames[prefix]
		case i > 0 && (path[i-1].keyword == "$defs" || path[i-1].keyword == "definitions"):
			base = names.Go(path[i-1].arg)
			if base == "" {
				base = "Def"
			}
		case i == 0:
			file := pathpkg.Base(u)
			base = names.Go(strings.TrimSuffix(file, pathpkg.Ext(file)))
			if base == "" {
				base = "Schema"
			}
		default:
			continue
		}
		return base + b.suffix(u, toks, path[i:])
	}
	return "Schema"
}

// Keywords whose value maps names, or lists schemas, to subschemas.
var (
	namedKeywords = map[string]bool{"properties": true, "patternProperties": true, "$defs": true,
		"definitions": true, "dependentSchemas": true, "dependencies": true}
	listKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// step is one keyword on the way from a document's root to a subschema:
// the keyword, its name or index argument if it takes one, and where the
// subschema it leads to ends in the token list.
type step struct {
	keyword, arg string
	start, end   int
}

func schemaSteps(toks []string) []step {
	var out []step
	for i := 0; i < len(toks); {
		st := step{keyword: toks[i], start: i}
		i++
		_, numeric := strconv.Atoi(tokAt(toks, i))
		if namedKeywords[st.keyword] || listKeywords[st.keyword] ||
			(st.keyword == "items" || st.keyword == "additionalItems") && numeric == nil && i < len(toks) {
			st.arg = tokAt(toks, i)
			i++
		}
		st.end = min(i, len(toks))
		out = append(out, st)
	}
	return out
}

func tokAt(toks []string, i int) string {
	if i < len(toks) {
		return toks[i]
	}
	return ""
}

// suffix names the steps from a named schema of document u down.
func (b *builder) suffix(u string, toks []string, steps []step) string {
	var sb strings.Builder
	for _, st := range steps {
		switch st.keyword {
		case "properties":
			// The same name as the property's struct field, clashes resolved.
			sb.WriteString(b.fieldName(u, toks[:st.start+1], st.arg))
		case "dependentSchemas", "dependencies":
			sb.WriteString(names.Go(st.arg) + "Dependency")
		case "items", "prefixItems", "additionalItems":
			sb.WriteString("Item" + st.arg)
		case "additionalProperties", "patternProperties":
			sb.WriteString("Value")
		case "anyOf", "oneOf":
			sb.WriteString("Option" + st.arg)
		case "allOf":
			sb.WriteString("Part" + st.arg)
		case "$defs", "definitions":
			sb.WriteString(names.Go(st.arg))
		default:
			sb.WriteString(names.Go(st.keyword))
		}
	}
	return sb.String()
}

// fieldName returns the Go field name of property prop of the properties
// object at u#/toks, as object() assigns it.
func (b *builder) fieldName(u string, toks []string, prop string) string {
	key := u + "#" + jsonptr.Join(toks)
	ids, ok := b.fields[key]
	if !ok {
		ids = b.fieldNamesAt(u, toks)
		b.fields[key] = ids
	}
	if id := ids[prop]; id != "" {
		return id
	}
	if n := names.Go(prop); n != "" {
		return n
	}
	return "Property"
}

// fieldNamesAt returns the field names of the properties object at
// u#/toks (…/properties), read from the schema that holds it.
func (b *builder) fieldNamesAt(u string, toks []string) map[string]string {
	var props map[string]*schema.Node
	if len(toks) > 0 {
		if owner, err := b.g.Node(u + "#" + jsonptr.Join(toks[:len(toks)-1])); err == nil {
			props = owner.Properties
		}
	}
	var keys []string
	for k := range props {
		if validTagName(k) {
			keys = append(keys, k)
		}
	}
	return fieldNames(keys)
}

// fieldNames assigns struct field names to JSON property names.
func fieldNames(keys []string) map[string]string {
	return names.Unique(keys, names.Go, map[string]bool{
		"AdditionalProperties": true, "AdditionalPropertiesOrder": true, "MarshalJSON": true, "UnmarshalJSON": true,
	})
}
