package format

// Dates and times of RFC 3339 §5.6, and durations of its Appendix A.

// digits reads n ASCII digits at s[i:] as a number.
func digits(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for _, c := range []byte(s[i : i+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// Date checks a full-date: YYYY-MM-DD, a day that the month has.
func Date(s string) error {
	if len(s) != 10 {
		return invalid("want YYYY-MM-DD")
	}
	return fullDate(s)
}

func fullDate(s string) error {
	y, ok1 := digits(s, 0, 4)
	m, ok2 := digits(s, 5, 2)
	d, ok3 := digits(s, 8, 2)
	if !ok1 || !ok2 || !ok3 || s[4] != '-' || s[7] != '-' {
		return invalid("want YYYY-MM-DD")
	}
	if m < 1 || m > 12 {
		return invalid("month %02d", m)
	}
	if d < 1 || d > daysIn(y, m) {
		return invalid("day %02d of month %02d", d, m)
	}
	return nil
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// Time checks a full-time: hh:mm:ss, an optional fraction and a time
// offset (Z or ±hh:mm); second 60 only where the time in UTC is 23:59.
func Time(s string) error { return fullTime(s) }

func fullTime(s string) error {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return invalid("want hh:mm:ss and an offset")
	}
	h, ok1 := digits(s, 0, 2)
	m, ok2 := digits(s, 3, 2)
	sec, ok3 := digits(s, 6, 2)
	if !ok1 || !ok2 || !ok3 {
		return invalid("want hh:mm:ss and an offset")
	}
	if h > 23 || m > 59 || sec > 60 {
		return invalid("time %s out of range", s[:8])
	}
	i := 8
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return invalid("a fraction of a second needs digits")
		}
	}
	if i >= len(s) {
		return invalid("the time offset (Z or ±hh:mm) is missing")
	}
	offset := 0 // minutes east of UTC
	switch s[i] {
	case 'Z', 'z':
		i++
	case '+', '-':
		oh, ok1 := digits(s, i+1, 2)
		om, ok2 := digits(s, i+4, 2)
		if !ok1 || !ok2 || i+3 >= len(s) || s[i+3] != ':' {
			return invalid("want a time offset of ±hh:mm")
		}
		if oh > 23 || om > 59 {
			return invalid("time offset %s out of range", s[i:i+6])
		}
		offset = oh*60 + om
		if s[i] == '-' {
			offset = -offset
		}
		i += 6
	default:
		return invalid("the time offset (Z or ±hh:mm) is missing")
	}
	if i != len(s) {
		return invalid("unexpected %q after the time", s[i:])
	}
	if sec == 60 {
		utc := ((h*60+m-offset)%1440 + 1440) % 1440
		if utc != 23*60+59 {
			return invalid("a leap second is only at 23:59:60 UTC")
		}
	}
	return nil
}

// DateTime checks a date-time: a full-date, T, and a full-time (T and Z in
// either case).
func DateTime(s string) error {
	if len(s) < 11 || s[10] != 'T' && s[10] != 't' {
		return invalid("want YYYY-MM-DDThh:mm:ss and an offset")
	}
	if err := fullDate(s[:10]); err != nil {
		return err
	}
	return fullTime(s[11:])
}

// Duration checks an ISO 8601 duration as RFC 3339's grammar writes it:
// P, then weeks alone, or date parts (Y, M, D: each with the ones after
// it, none skipped) and T with time parts (H, M, S, likewise); whole
// numbers only.
func Duration(s string) error {
	if len(s) < 2 || s[0] != 'P' {
		return invalid("want P and at least one part")
	}
	type part struct {
		unit byte
		time bool
	}
	var parts []part
	inTime := false
	for i := 1; i < len(s); {
		if s[i] == 'T' {
			if inTime {
				return invalid("T twice")
			}
			inTime = true
			i++
			if i == len(s) {
				return invalid("T without a time part")
			}
			continue
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || i == len(s) {
			return invalid("want digits, then a unit")
		}
		parts = append(parts, part{s[i], inTime})
		i++
	}
	if len(parts) == 0 {
		return invalid("no part")
	}
	if parts[0].unit == 'W' && !parts[0].time {
		if len(parts) > 1 || inTime {
			return invalid("weeks cannot be combined with other parts")
		}
		return nil
	}
	order := func(units string, ps []part) error {
		if len(ps) == 0 {
			return nil
		}
		at := -1
		for k, p := range ps {
			j := -1
			for n := range units {
				if units[n] == p.unit {
					j = n
				}
			}
			if j < 0 {
				return invalid("unit %c out of place", p.unit)
			}
			if k > 0 && j != at+1 {
				return invalid("parts out of order or one skipped")
			}
			at = j
		}
		return nil
	}
	var date, tm []part
	for _, p := range parts {
		if p.time {
			tm = append(tm, p)
		} else {
			date = append(date, p)
		}
	}
	if err := order("YMD", date); err != nil {
		return err
	}
	return order("HMS", tm)
}
