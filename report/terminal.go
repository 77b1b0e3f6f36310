package report

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// What a terminal shows of a text, and how text is laid out to fit one.
// Widths count cells as seen: a color code takes none, a wide character
// (CJK, most emoji) two, a combining mark none. text/tabwriter counts
// bytes, so a colored cell pushed its row out of line; every table and
// every wrapped line here is measured with visibleWidth instead.

// cellWidth is how many terminal cells r takes: 2 for East Asian wide
// characters (CJK, most emoji), 0 for combining marks, else 1.
func cellWidth(r rune) int {
	if r >= ' ' && r < 0x7f {
		return 1 // printable ASCII, most of every config
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// escapeLen is the length of the escape sequence at s[i:], 0 when there
// is none. Only mcpconf's own color codes (CSI sequences) reach a
// renderer: values were neutralized by the boundary, so an ESC in a view
// was never in a config.
func escapeLen(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\x1b' || s[i+1] != '[' {
		return 0
	}
	for j := i + 2; j < len(s); j++ {
		if c := s[j]; c >= 0x40 && c <= 0x7e {
			return j + 1 - i
		}
	}
	return 0
}

// pieces calls fn with each piece of s in order: a color code (esc true,
// no cells) or a code point and its cells, until fn returns false.
func pieces(s string, fn func(piece string, cells int, esc bool) bool) {
	for j := 0; j < len(s); {
		if k := escapeLen(s, j); k > 0 {
			if !fn(s[j:j+k], 0, true) {
				return
			}
			j += k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		if !fn(s[j:j+size], cellWidth(r), false) {
			return
		}
		j += size
	}
}

// visibleWidth is how many cells s takes on a terminal.
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if k := escapeLen(s, i); k > 0 {
			i += k
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c < 0x7f || c == '\t' {
				n++ // a tab at least one cell, as snippets count it
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += cellWidth(r)
		i += size
	}
	return n
}

// sgr is the state the color codes of a text leave a terminal in: which
// attributes are on. fatih/color closes each attribute with its own
// reset (22 for bold and faint, 0 for a color), so the state is tracked
// per attribute, and a line cut in the middle of a colored span can be
// closed and the next one reopened.
type sgr struct {
	bold, faint bool
	fg          string // the parameters that set the foreground, "" for none
}

func (s *sgr) apply(seq string) {
	if !strings.HasSuffix(seq, "m") {
		return
	}
	params := strings.Split(seq[2:len(seq)-1], ";")
	for i := 0; i < len(params); i++ {
		n, err := strconv.Atoi(params[i])
		if params[i] == "" {
			n, err = 0, nil
		}
		if err != nil {
			continue
		}
		switch {
		case n == 0:
			*s = sgr{}
		case n == 1:
			s.bold = true
		case n == 2:
			s.faint = true
		case n == 22:
			s.bold, s.faint = false, false
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			s.fg = params[i]
		case n == 38 && i+2 < len(params) && params[i+1] == "5":
			s.fg = strings.Join(params[i:i+3], ";")
			i += 2
		case n == 38 && i+4 < len(params) && params[i+1] == "2":
			s.fg = strings.Join(params[i:i+5], ";")
			i += 4
		case n == 39:
			s.fg = ""
		}
	}
}

func (s sgr) on() bool { return s.bold || s.faint || s.fg != "" }

// open is the sequence that puts a terminal in state s.
func (s sgr) open() string {
	var p []string
	if s.bold {
		p = append(p, "1")
	}
	if s.faint {
		p = append(p, "2")
	}
	if s.fg != "" {
		p = append(p, s.fg)
	}
	if len(p) == 0 {
		return ""
	}
	return "\x1b[" + strings.Join(p, ";") + "m"
}

// closeLines makes each line stand alone: a line that ends inside a
// colored span closes it, and the next line opens it again. A table pads
// a cell's line and prints the next column after it; without this, the
// next column would take the color of a wrapped one.
func closeLines(lines []string) []string {
	var st sgr
	for i, l := range lines {
		start := st
		for j := 0; j < len(l); {
			if k := escapeLen(l, j); k > 0 {
				st.apply(l[j : j+k])
				j += k
				continue
			}
			j++
		}
		if start.on() {
			l = start.open() + l
		}
		if st.on() {
			l += "\x1b[0m"
		}
		lines[i] = l
	}
	return lines
}

// wrap breaks s into lines of at most w cells: at spaces, a word longer
// than a line broken where the line is full. The first line keeps the
// spaces s starts with; every other line starts with indent (which counts
// toward w). Color codes stay where they were, each line closed and
// reopened by closeLines. A w of 0 or less, or a text that fits, is one
// line.
func wrap(s string, w int, indent string) []string {
	if w <= 0 || visibleWidth(s) <= w {
		return []string{s}
	}
	iw := visibleWidth(indent)
	if iw >= w/2 {
		indent, iw = "", 0
	}
	var lines []string
	var line strings.Builder
	rest := strings.TrimLeft(s, " ")
	lw := len(s) - len(rest)
	line.WriteString(s[:lw])
	fresh := true // nothing on the line but its indent
	newLine := func() {
		lines = append(lines, strings.TrimRight(line.String(), " "))
		line.Reset()
		line.WriteString(indent)
		lw, fresh = iw, true
	}
	for _, word := range strings.Split(rest, " ") {
		ww := visibleWidth(word)
		switch {
		case !fresh && lw+1+ww <= w:
			line.WriteByte(' ')
			line.WriteString(word)
			lw += 1 + ww
			continue
		case fresh && word == "":
			continue // the spaces a break fell on
		case fresh && lw+ww <= w:
			line.WriteString(word)
			lw += ww
			fresh = false
			continue
		case !fresh && ww <= w-iw:
			newLine()
			line.WriteString(word)
			lw += ww
			fresh = false
			continue
		case !fresh:
			line.WriteByte(' ')
			lw++
		}
		if strings.Contains(word, "://") {
			// a URL longer than a line stays whole, on a line of its own,
			// and runs past the width: a URL cut in two cannot be clicked
			// or pasted
			if !fresh {
				newLine()
			}
			line.WriteString(word)
			lw += ww
			fresh = false
			continue
		}
		// a word longer than a line: it fills this one and goes on
		pieces(word, func(p string, cw int, esc bool) bool {
			if !esc && lw+cw > w && !fresh {
				newLine()
			}
			line.WriteString(p)
			lw += cw
			fresh = fresh && esc
			return true
		})
	}
	lines = append(lines, line.String())
	return closeLines(lines)
}

// table lays out rows of cells in columns, two cells apart, each column as
// wide as its widest cell as seen on a terminal. Given a width, a table
// wider than it narrows its widest columns first and wraps their cells,
// each cell within its column, down to a floor it keeps (a header's width,
// a short word's); a table that cannot fit even then runs past the width
// rather than break its words to nothing.
type table struct {
	indent string
	head   bool // the first row names the columns: no column gets narrower than its name
	rows   [][]string
}

const tableGap = 2

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// minColumn is as narrow as a column gets to fit a width.
const minColumn = 12

func (t *table) widths() []int {
	var ws []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(ws) {
				ws = append(ws, 0)
			}
			ws[i] = max(ws[i], visibleWidth(c))
		}
	}
	return ws
}

// fit narrows the columns of natural widths nat to fit avail cells:
// every column wider than a cap is cut to it, the cap as high as fits; no
// column goes under its floor.
func fit(nat []int, avail int, floor func(int) int) []int {
	sum := func(c int) int {
		n := 0
		for i, w := range nat {
			n += min(w, max(c, floor(i)))
		}
		return n
	}
	total := 0
	hi := 0
	for _, w := range nat {
		total += w
		hi = max(hi, w)
	}
	if total <= avail {
		return nat
	}
	lo := 0 // sum(lo) may not fit; find the highest cap that does
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if sum(mid) <= avail {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	out := make([]int, len(nat))
	for i, w := range nat {
		out[i] = min(w, max(lo, floor(i)))
	}
	return out
}

// write prints the table, fitted to width cells (0: no limit). The last
// column is not padded, so no line ends in blanks.
func (t *table) write(w io.Writer, width int) {
	ws := t.widths()
	if len(ws) == 0 {
		return
	}
	if width > 0 {
		avail := width - visibleWidth(t.indent) - tableGap*(len(ws)-1)
		ws = fit(ws, avail, func(i int) int {
			if t.head && i < len(t.rows[0]) {
				return max(minColumn, visibleWidth(t.rows[0][i]))
			}
			return minColumn
		})
	}
	var b bytes.Buffer
	for _, r := range t.rows {
		cells := make([][]string, len(r))
		height := 1
		for i, c := range r {
			cells[i] = []string{c}
			if width > 0 && visibleWidth(c) > ws[i] {
				cells[i] = wrap(c, ws[i], "")
			}
			height = max(height, len(cells[i]))
		}
		for k := 0; k < height; k++ {
			b.WriteString(t.indent)
			pad := 0
			for i := range cells {
				text := ""
				if k < len(cells[i]) && visibleWidth(cells[i][k]) > 0 {
					text = cells[i][k] // not a cell of color codes around nothing
				}
				more := laterText(cells, i+1, k)
				if text != "" || more {
					b.WriteString(strings.Repeat(" ", pad))
					b.WriteString(text)
				}
				if !more {
					break
				}
				// a URL wrap keeps whole may run past its column: the next
				// cell then follows it after the gap
				pad = max(ws[i]-visibleWidth(text), 0) + tableGap
			}
			b.WriteByte('\n')
		}
	}
	w.Write(b.Bytes())
}

// laterText says whether a cell from column i on has a line k to print.
func laterText(cells [][]string, i, k int) bool {
	for ; i < len(cells); i++ {
		if k < len(cells[i]) && visibleWidth(cells[i][k]) > 0 {
			return true
		}
	}
	return false
}

// writeColumns prints a table too wide for width as several, one under
// the other, each with the first fixed columns (the names) and as many of
// the others as fit, in order, a blank line between them. A matrix of
// clients keeps every cell whole this way, where narrowing would break
// each path in two.
func (t *table) writeColumns(w io.Writer, width, fixed int) {
	ws := t.widths()
	if width <= 0 || len(ws) <= fixed {
		t.write(w, width)
		return
	}
	used := visibleWidth(t.indent)
	for _, c := range ws[:fixed] {
		used += c + tableGap
	}
	var groups [][2]int // [from, to) of the columns after the fixed ones
	from, line := fixed, used
	for i := fixed; i < len(ws); i++ {
		if i > from && line+ws[i] > width {
			groups = append(groups, [2]int{from, i})
			from, line = i, used
		}
		line += ws[i] + tableGap
	}
	groups = append(groups, [2]int{from, len(ws)})
	if len(groups) == 1 {
		t.write(w, width)
		return
	}
	for g, span := range groups {
		if g > 0 {
			io.WriteString(w, "\n")
		}
		part := &table{indent: t.indent, head: t.head}
		for _, r := range t.rows {
			cells := append([]string(nil), r[:min(fixed, len(r))]...)
			if span[0] < len(r) {
				cells = append(cells, r[span[0]:min(span[1], len(r))]...)
			}
			part.add(cells...)
		}
		part.write(w, width)
	}
}

// hangingIndent is how much deeper than its line a wrapped line's
// continuation starts: under the text, clear of the line's own indent.
const hangingIndent = "    "

// lineWriter passes its lines through, wrapping each one wider than width
// under a hanging indent (its own indent and four more cells). Tables and
// snippets are laid out to fit before they get here, so what it wraps is
// prose: reasons, hints, notes, messages.
type lineWriter struct {
	w     io.Writer
	width int
	buf   []byte
	err   error
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		l.line(string(l.buf[:i]))
		l.buf = l.buf[i+1:]
	}
	return len(p), l.err
}

func (l *lineWriter) line(s string) {
	if l.err != nil {
		return
	}
	lead := len(s) - len(strings.TrimLeft(s, " "))
	var out string
	if visibleWidth(s) <= l.width {
		out = s + "\n"
	} else {
		out = strings.Join(wrap(s, l.width, s[:lead]+hangingIndent), "\n") + "\n"
	}
	_, l.err = io.WriteString(l.w, out)
}

// Close writes what is left of an unfinished last line.
func (l *lineWriter) Close() error {
	if len(l.buf) > 0 {
		rest := string(l.buf)
		l.buf = nil
		if l.err == nil {
			_, l.err = io.WriteString(l.w, strings.Join(wrap(rest, l.width, hangingIndent), "\n"))
		}
	}
	return l.err
}

// fitted is w for a renderer of text: on a terminal (a Style with a
// width) long lines wrap; elsewhere w itself. The renderer closes it.
func (s Style) fitted(w io.Writer) io.WriteCloser {
	if s.Width <= 0 {
		return nopCloser{w}
	}
	return &lineWriter{w: w, width: s.Width}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// closeInto closes c, keeping the first error in *err.
func closeInto(c io.Closer, err *error) {
	if e := c.Close(); *err == nil {
		*err = e
	}
}

// cutTo cuts s to at most w cells, ending in … when it cut (w <= 0: s).
// Color codes are kept and the line closed, so a cut never leaves a
// terminal colored.
func cutTo(s string, w int) string {
	if w <= 0 || visibleWidth(s) <= w {
		return s
	}
	var b strings.Builder
	n := 0
	pieces(s, func(p string, cw int, esc bool) bool {
		if n+cw > w-1 {
			return false
		}
		b.WriteString(p)
		n += cw
		return true
	})
	b.WriteString("…")
	return closeLines([]string{b.String()})[0]
}
