package schema

import "bytes"

// maxIntegerDigits bounds the integers NormalizeIntegers writes out; larger
// ones fit no Go integer type and are left for the decoder to reject.
const maxIntegerDigits = 40

// NormalizeIntegers rewrites every JSON number that has an integer value
// but is written with a fraction or exponent (1.0, 2e3) as plain digits, so
// that it decodes into a Go integer: JSON Schema counts such numbers as
// integers, encoding/json does not. Other bytes are kept as they are. It
// runs in one linear pass and returns data itself when nothing changes.
func NormalizeIntegers(data []byte) []byte {
	var out []byte // nil until the first rewrite
	last := 0      // data[last:] has not been copied to out yet
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			e := StringEnd(data, i)
			if e < 0 {
				break // an unterminated string: nothing after it is a number
			}
			i = e - 1
			continue
		}
		if c != '-' && (c < '0' || c > '9') {
			continue
		}
		j := i + 1
		plain := true // digits only: nothing to rewrite
		for j < len(data) && isNumberByte(data[j]) {
			plain = plain && data[j] >= '0' && data[j] <= '9'
			j++
		}
		if plain {
			i = j - 1
			continue
		}
		if digits, ok := IntegerText(data[i:j]); ok {
			out = append(out, data[last:i]...)
			out = append(out, digits...)
			last = j
		}
		i = j - 1
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'
}

// IntegerText returns the plain-digit form of num when num is a JSON number
// with a fraction or exponent whose value is an integer.
func IntegerText(num []byte) ([]byte, bool) {
	neg := false
	if len(num) > 0 && num[0] == '-' {
		neg, num = true, num[1:]
	}
	var mant []byte // significant digits, integer part then fraction
	exp := 0
	i := 0
	for i < len(num) && num[i] >= '0' && num[i] <= '9' {
		mant = append(mant, num[i])
		i++
	}
	if i == 0 {
		return nil, false
	}
	rewrite := false
	if i < len(num) && num[i] == '.' {
		rewrite = true
		i++
		start := i
		for i < len(num) && num[i] >= '0' && num[i] <= '9' {
			mant = append(mant, num[i])
			i++
		}
		if i == start {
			return nil, false
		}
		exp -= i - start
	}
	if i < len(num) && (num[i] == 'e' || num[i] == 'E') {
		rewrite = true
		i++
		esign := 1
		if i < len(num) && (num[i] == '+' || num[i] == '-') {
			if num[i] == '-' {
				esign = -1
			}
			i++
		}
		start, e := i, 0
		for i < len(num) && num[i] >= '0' && num[i] <= '9' {
			if e > 1e6 {
				return nil, false
			}
			e = e*10 + int(num[i]-'0')
			i++
		}
		if i == start {
			return nil, false
		}
		exp += esign * e
	}
	if !rewrite || i != len(num) {
		return nil, false
	}
	// Drop trailing zeros of the mantissa into the exponent, leading zeros.
	for len(mant) > 1 && mant[len(mant)-1] == '0' {
		mant = mant[:len(mant)-1]
		exp++
	}
	for len(mant) > 1 && mant[0] == '0' {
		mant = mant[1:]
	}
	if len(mant) == 1 && mant[0] == '0' {
		return []byte("0"), true
	}
	if exp < 0 || len(mant)+exp > maxIntegerDigits {
		return nil, false
	}
	out := make([]byte, 0, len(mant)+exp+1)
	if neg {
		out = append(out, '-')
	}
	out = append(out, mant...)
	for range exp {
		out = append(out, '0')
	}
	return out, true
}

// StringEnd returns the index just past the string that starts at
// raw[i], or -1. Most strings are short (keys, tags): their first bytes
// are looked at one by one, which ends them sooner than a call would.
// Past those, it looks for quotes (bytes.IndexByte, not a loop over
// every byte: long strings are most of a document's text) and takes the
// first that an even run of backslashes precedes.
func StringEnd(raw []byte, i int) int {
	from := i + 1
	for n := min(len(raw), from+16); from < n; from++ {
		if b := raw[from]; b == '"' {
			return from + 1
		} else if b == '\\' {
			break
		}
	}
	for {
		k := bytes.IndexByte(raw[from:], '"')
		if k < 0 {
			return -1
		}
		q := from + k
		n := 0
		for p := q - 1; p > i && raw[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		from = q + 1
	}
}
