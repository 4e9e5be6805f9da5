package impl

import (
	"bytes"
	"hash/maphash"
	"math/big"
	"unicode/utf8"

	"github.com/go-faster/jx"
	"github.com/structgen/structgen/runtime/schema"
)

// Hashes of JSON values that equal values share (equal as canonicalText
// has it: keys in any order, numbers by value, strings decoded): unequal
// hashes rule a pair out without the canonical texts, which cost an
// allocation per member.

var hashSeed = maphash.MakeSeed()

// jsonHash returns the hash of the value raw holds; false where the
// value has an object with a key written twice or more than 16 members
// (whose last value counts, which this hash does not tell), or is not
// JSON.
func jsonHash(raw []byte) (uint64, bool) {
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(raw)
	h, ok := hashValue(d)
	return h, ok && atEnd(d)
}

func hashValue(d *jx.Decoder) (uint64, bool) {
	switch d.Next() {
	case jx.String:
		b, err := d.StrBytes()
		return hashString(b, 's'), err == nil
	case jx.Number:
		n, err := d.Num()
		if err != nil {
			return 0, false
		}
		return hashNumber(n), true
	case jx.Bool:
		v, err := d.Bool()
		if v {
			return mix('t'), err == nil
		}
		return mix('f'), err == nil
	case jx.Null:
		return mix('0'), d.Null() == nil
	case jx.Array:
		h, ok := mix('['), true
		err := d.Arr(func(d *jx.Decoder) error {
			e, eok := hashValue(d)
			ok = ok && eok
			h = mix(h*31 + e)
			return nil
		})
		return h, ok && err == nil
	case jx.Object:
		var keys [16]uint64
		n, sum, ok := 0, uint64(0), true
		err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			k := hashString(key, 'k')
			if n == len(keys) {
				ok = false
			} else {
				for _, seen := range keys[:n] {
					if seen == k {
						ok = false // written twice (or a collision): let canonical texts decide
					}
				}
				keys[n] = k
				n++
			}
			v, vok := hashValue(d)
			ok = ok && vok
			sum += mix(k ^ v*0x9e3779b97f4a7c15) // a sum: the order of members does not count
			return nil
		})
		return mix(sum ^ '{'), ok && err == nil
	}
	return 0, false
}

// hashNumber hashes a number's value, given its text.
func hashNumber(n []byte) uint64 {
	if i, ok := smallInt(n); ok {
		return mix(uint64(i) ^ 'n'<<56)
	}
	if r, ok := new(big.Rat).SetString(string(n)); ok {
		if r.IsInt() && r.Num().IsInt64() {
			return mix(uint64(r.Num().Int64()) ^ 'n'<<56)
		}
		return hashString([]byte(r.RatString()), 'n')
	}
	return hashString(n, 'n')
}

// textHash is jsonHash for text jx has read once already (RawView's,
// so valid JSON), as uniqueItems' items are: it finds the ends of
// strings and values by bytes (see scanMember), without tokens, and
// asks jx only to decode a string with escapes. The hashes are
// jsonHash's.
func textHash(raw []byte) (uint64, bool) {
	h, end, ok := scanHash(raw, 0)
	if !ok || skipSpace(raw, end) != len(raw) {
		return jsonHash(raw)
	}
	return h, true
}

// scanHash hashes the value at raw[i:] as hashValue does and returns
// where it ends; false where it cannot (then jsonHash decides).
func scanHash(raw []byte, i int) (h uint64, end int, ok bool) {
	return scanHashMember(raw, i, "", nil)
}

// scanHashMember is scanHash that, where m is not nil and the value is an
// object, finds its member name too (the first, as scanMember does).
func scanHashMember(raw []byte, i int, name string, m *Member) (h uint64, end int, ok bool) {
	i = skipSpace(raw, i)
	if i >= len(raw) {
		return 0, i, false
	}
	switch raw[i] {
	case '"':
		return stringHash(raw, i, 's')
	case '[':
		h := mix('[')
		if i = skipSpace(raw, i+1); i < len(raw) && raw[i] == ']' {
			return h, i + 1, true
		}
		for {
			e, next, ok := scanHash(raw, i)
			if !ok {
				return 0, next, false
			}
			h = mix(h*31 + e)
			switch i = skipSpace(raw, next); {
			case i < len(raw) && raw[i] == ',':
				i++
			case i < len(raw) && raw[i] == ']':
				return h, i + 1, true
			default:
				return 0, i, false
			}
		}
	case '{':
		var keys [16]uint64
		n, sum := 0, uint64(0)
		if i = skipSpace(raw, i+1); i < len(raw) && raw[i] == '}' {
			return mix(sum ^ '{'), i + 1, true
		}
		for {
			e0 := i
			k, e, ok := stringHash(raw, i, 'k')
			if !ok || n == len(keys) {
				return 0, i, false
			}
			for _, seen := range keys[:n] {
				if seen == k {
					return 0, i, false // as hashValue: canonical texts decide
				}
			}
			keys[n] = k
			n++
			if i = skipSpace(raw, e); i >= len(raw) || raw[i] != ':' {
				return 0, i, false
			}
			v, next, ok := scanHash(raw, i+1)
			if !ok {
				return 0, next, false
			}
			if m != nil && !m.Found && keyIs(raw[e0:e], name) {
				m.Value, m.Found = raw[skipSpace(raw, i+1):next], true
			}
			sum += mix(k ^ v*0x9e3779b97f4a7c15)
			switch i = skipSpace(raw, next); {
			case i < len(raw) && raw[i] == ',':
				i = skipSpace(raw, i+1)
			case i < len(raw) && raw[i] == '}':
				return mix(sum ^ '{'), i + 1, true
			default:
				return 0, i, false
			}
		}
	}
	e := valueEnd(raw, i)
	if e < 0 {
		return 0, i, false
	}
	switch lit := raw[i:e]; string(lit) {
	case "true":
		return mix('t'), e, true
	case "false":
		return mix('f'), e, true
	case "null":
		return mix('0'), e, true
	default:
		return hashNumber(lit), e, true
	}
}

// stringHash hashes the string at raw[i:] with tag as hashString does
// (its bytes where it has no escapes, else as jx decodes it) and
// returns where it ends.
func stringHash(raw []byte, i int, tag byte) (h uint64, end int, ok bool) {
	if i >= len(raw) || raw[i] != '"' {
		return 0, i, false
	}
	// Most strings are short ASCII without escapes: one loop ends them and
	// tells that their bytes are their value, valid UTF-8.
	for j, n := i+1, min(len(raw), i+1+plainRun); j < n; j++ {
		if b := raw[j]; !plainASCII[b] {
			if b == '"' {
				return maphash.Bytes(hashSeed, raw[i+1:j]) ^ uint64(tag)<<56, j + 1, true
			}
			break
		}
	}
	e := schema.StringEnd(raw, i)
	if e < 0 {
		return 0, i, false
	}
	if s := raw[i+1 : e-1]; bytes.IndexByte(s, '\\') < 0 {
		return hashString(s, tag), e, true
	}
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(raw[i:e])
	s, err := d.StrBytes()
	if err != nil {
		return 0, i, false
	}
	return hashString(s, tag), e, true
}

// keyIs reports whether quoted, a key's JSON text, names name.
func keyIs(quoted []byte, name string) bool {
	inner := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner) == name
	}
	key, err := jx.DecodeBytes(quoted).Str()
	return err == nil && key == name
}

// plainRun is how many bytes of a string stringHash looks at one by one
// before it leaves the rest to stringEnd and utf8.Valid, which are
// faster on long strings.
const plainRun = 32

// plainASCII marks the bytes a string may hold as they are: ASCII, not
// a quote, a backslash or a control character.
var plainASCII = func() (t [256]bool) {
	for b := 0x20; b < 0x80; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// hashString hashes a string's value (invalid UTF-8 read as U+FFFD, as
// canonicalText reads it), tagged with its role.
func hashString(b []byte, tag byte) uint64 {
	if !utf8.Valid(b) {
		b = []byte(validUTF8(string(b)))
	}
	return maphash.Bytes(hashSeed, b) ^ uint64(tag)<<56
}

// mix is splitmix64's finalizer.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
