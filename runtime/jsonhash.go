package runtime

import (
	"hash/maphash"
	"math/big"
	"unicode/utf8"

	"github.com/go-faster/jx"
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
		if i, ok := smallInt([]byte(n)); ok {
			return mix(uint64(i) ^ 'n'<<56), true
		}
		if r, ok := new(big.Rat).SetString(string(n)); ok {
			if r.IsInt() && r.Num().IsInt64() {
				return mix(uint64(r.Num().Int64()) ^ 'n'<<56), true
			}
			return hashString([]byte(r.RatString()), 'n'), true
		}
		return hashString(n, 'n'), true
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
