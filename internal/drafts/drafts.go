// Package drafts is the one table of the JSON Schema drafts structgen
// reads: the names a config uses, their meta-schema URIs, and the
// validator library's draft values. The generator and the runtime share
// it.
package drafts

import (
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
)

// Draft is one JSON Schema draft.
type Draft struct {
	// Name is how a config names it: "4", "6", "7", "2019-09", "2020-12".
	Name string
	// URI is its meta-schema URI, as "$schema" names it.
	URI string
	// Lib is the validator library's value for it.
	Lib *jsonschema.Draft
	// Version is how the library's compiled schemas name it
	// (jsonschema.Schema.DraftVersion): 4, 6, 7, 2019, 2020.
	Version int
}

// All lists the drafts, oldest first.
var All = []Draft{
	{"4", "http://json-schema.org/draft-04/schema#", jsonschema.Draft4, 4},
	{"6", "http://json-schema.org/draft-06/schema#", jsonschema.Draft6, 6},
	{"7", "http://json-schema.org/draft-07/schema#", jsonschema.Draft7, 7},
	{"2019-09", "https://json-schema.org/draft/2019-09/schema", jsonschema.Draft2019, 2019},
	{"2020-12", "https://json-schema.org/draft/2020-12/schema", jsonschema.Draft2020, 2020},
}

// Default is the draft of documents that name none, unless configured.
var Default = All[len(All)-1]

// Names lists the config names, for error messages.
const Names = "4, 6, 7, 2019-09 or 2020-12"

// ByName returns the draft a config names.
func ByName(name string) (Draft, bool) {
	for _, d := range All {
		if d.Name == name {
			return d, true
		}
	}
	return Draft{}, false
}

// ByVersion returns the draft of a schema the library compiled, by its
// DraftVersion.
func ByVersion(v int) (Draft, bool) {
	for _, d := range All {
		if d.Version == v {
			return d, true
		}
	}
	return Draft{}, false
}

// ByURI returns the draft whose meta-schema URI is uri, spelled as the
// validator library reads it: http or https, with or without an empty
// fragment. The library reads "http://json-schema.org/schema", the
// newest draft's alias, as 2020-12, and so does ByURI (see Alias); a
// spelling it took for another draft would give the generated
// validators another draft's meaning than the library's.
func ByURI(uri string) (Draft, bool) {
	u, ok := schemeless(uri)
	if !ok {
		return Draft{}, false
	}
	if u == alias {
		return All[len(All)-1], true
	}
	for _, d := range All {
		if du, _ := schemeless(d.URI); du == u {
			return d, true
		}
	}
	return Draft{}, false
}

// alias is the meta-schema URI that names no draft but the newest.
const alias = "json-schema.org/schema"

// Alias reports whether uri names the newest draft by its alias rather
// than by its own URI: what it means changes with each new draft.
func Alias(uri string) bool {
	u, ok := schemeless(uri)
	return ok && u == alias
}

// schemeless is uri without its http or https scheme and an empty
// fragment; false for any other scheme.
func schemeless(uri string) (string, bool) {
	u := strings.TrimSuffix(uri, "#")
	if rest, ok := strings.CutPrefix(u, "https://"); ok {
		return rest, true
	}
	return strings.CutPrefix(u, "http://")
}

// Legacy reports whether d keeps definitions under "definitions" (drafts
// 4 to 7) rather than "$defs".
func (d Draft) Legacy() bool {
	return d.Name == "4" || d.Name == "6" || d.Name == "7"
}
