package normalize

import (
	"math"
	"strconv"
	"strings"
)

// Text is the text a client sets a variable to from the value v of an
// env object of f (EnvFile.Values); ok is false when it does not set
// it.
func (f EnvFile) Text(v *Value) (string, bool) {
	if v == nil {
		return "", false
	}
	switch v.Kind {
	case String:
		return v.Str, true
	case Number:
		return jsNumber(v.Num), true
	case Bool:
		return strconv.FormatBool(v.Bool), true
	}
	if f.Values != EnvAnyValue {
		return "", false
	}
	return jsString(v), true
}

// jsString is JavaScript's String(x) of a JSON value: an array's items
// joined by "," (null as ""), an object "[object Object]".
func jsString(v *Value) string {
	switch v.Kind {
	case String:
		return v.Str
	case Number:
		return jsNumber(v.Num)
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Null:
		return "null"
	case Array:
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
			if it.Kind != Null {
				parts[i] = jsString(it)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// jsNumber is JavaScript's Number.prototype.toString() of x: the
// shortest digits that read back as x, in plain notation from 1e-6 up to
// 1e21, in exponent notation ("1e+21", "1.5e-7") outside.
func jsNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0" // -0 too
	case x < 0:
		return "-" + jsNumber(-x)
	}
	// d.ddde±X: the digits, and n, the position of the decimal point
	e := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	p, _ := strconv.Atoi(exp)
	n, k := p+1, len(digits)
	switch {
	case k <= n && n <= 21:
		return digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + digits
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	m := digits[:1]
	if k > 1 {
		m += "." + digits[1:]
	}
	return m + "e" + sign + strconv.Itoa(abs(n-1))
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
