package drafts

import "strings"

// keywords lists the keywords each draft defines, by the draft's Name.
var keywords = func() map[string]map[string]bool {
	set := func(base map[string]bool, add, drop string) map[string]bool {
		out := map[string]bool{}
		for k := range base {
			out[k] = true
		}
		for _, k := range strings.Fields(add) {
			out[k] = true
		}
		for _, k := range strings.Fields(drop) {
			delete(out, k)
		}
		return out
	}
	d4 := set(nil, `$schema id $ref title description default multipleOf maximum exclusiveMaximum
		minimum exclusiveMinimum maxLength minLength pattern additionalItems items maxItems minItems
		uniqueItems maxProperties minProperties required additionalProperties definitions properties
		patternProperties dependencies enum type format allOf anyOf oneOf not`, "")
	d6 := set(d4, "$id const contains propertyNames examples", "id")
	d7 := set(d6, "if then else $comment readOnly writeOnly contentMediaType contentEncoding", "")
	d2019 := set(d7, `$anchor $recursiveRef $recursiveAnchor $defs $vocabulary dependentRequired
		dependentSchemas unevaluatedProperties unevaluatedItems minContains maxContains deprecated
		contentSchema`, "dependencies definitions")
	d2020 := set(d2019, "prefixItems $dynamicRef $dynamicAnchor", "$recursiveRef $recursiveAnchor additionalItems")
	return map[string]map[string]bool{"4": d4, "6": d6, "7": d7, "2019-09": d2019, "2020-12": d2020}
}()

// annotations are keywords that only annotate or hold subschemas for
// references: a draft that lacks one loses nothing by ignoring it.
var annotations = map[string]bool{
	"title": true, "description": true, "default": true, "examples": true, "$comment": true,
	"readOnly": true, "writeOnly": true, "deprecated": true, "contentMediaType": true,
	"contentEncoding": true, "contentSchema": true, "definitions": true, "$defs": true,
	"$vocabulary": true, "format": true,
}

// Has reports whether keyword is one of d's.
func (d Draft) Has(keyword string) bool { return keywords[d.Name][keyword] }

// Honouring returns, for a keyword that d does not define and so ignores,
// the draft that would honour it: the oldest newer draft that defines it,
// else the newest older one. It reports false for keywords of d, for
// words no draft defines (x-…, example: annotations of the author's) and
// for keywords that only annotate, whose absence changes no verdict.
func (d Draft) Honouring(keyword string) (Draft, bool) {
	if d.Has(keyword) || annotations[keyword] {
		return Draft{}, false
	}
	at := -1
	for i, o := range All {
		if o.Name == d.Name {
			at = i
		}
	}
	for _, o := range All[at+1:] {
		if o.Has(keyword) {
			return o, true
		}
	}
	for i := at - 1; i >= 0; i-- {
		if All[i].Has(keyword) {
			return All[i], true
		}
	}
	return Draft{}, false
}
