package normalize

import (
	"cmp"
	"fmt"
	"strings"
)

// Severity orders findings: Info < Warning < Error.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info", "note":
		return Info, nil
	}
	return Info, fmt.Errorf("unknown severity %q: use error, warning or info", s)
}

// MarshalText makes severities read as words in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// Diagnostic is one finding about a config file. Message is lower case,
// quotes values with %q and has no final period.
type Diagnostic struct {
	Rule     RuleID
	Severity Severity
	Message  string
	Path     string // display path of the file; "" when not about a file
	Pos      Pos    // zero when the problem has no position (a missing file)
	End      Pos
	Pointer  string // JSON pointer of the value concerned, when there is one
	Hint     string // what to do about it, when the message does not say
	// Related points at other places that explain this finding, for example
	// the first of two duplicate keys or the definition that won.
	Related []Related
	// Fix, when the rule knows one, fixes the finding (lint --fix).
	Fix *Fix
	// Suggest is the config edit the hint describes, as data, when the
	// hint is one lint does not make itself (it needs the user after it:
	// a variable to set, a credential to rotate); its Description is the
	// edit in words, which the hint prints. validate's TestHintEdits
	// applies it and lints again.
	Suggest *Fix
	// Clients are the products of the clients the finding concerns, set
	// when more than one client reads its file (validate.nameReaders);
	// nil otherwise.
	Clients []string
	// ForGuests says the finding concerns only guests of the run (clients
	// none of whose own files is here, Workspace.Guests), which made it
	// info (validate.asGuests).
	ForGuests bool
}

// Related is a secondary location of a diagnostic.
type Related struct {
	Path    string
	Pos     Pos
	Message string
}

func (d Diagnostic) String() string {
	loc := d.Path
	if d.Pos.IsValid() {
		loc = fmt.Sprintf("%s:%d:%d", d.Path, d.Pos.Line, d.Pos.Col)
	}
	if loc == "" {
		return fmt.Sprintf("%s [%s]", d.Message, d.Rule)
	}
	return fmt.Sprintf("%s: %s [%s]", loc, d.Message, d.Rule)
}

// CompareDiagnostics orders findings by path, line, column, rule, message,
// which is the order every output format prints them in.
func CompareDiagnostics(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Path, b.Path),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// At builds a diagnostic at the start of a range in doc.
func At(doc *Document, r Range, ptr string, rule RuleID, sev Severity, format string, args ...any) Diagnostic {
	d := Diagnostic{Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...), Pos: r.Start, End: r.End, Pointer: ptr}
	if doc != nil {
		d.Path = doc.Path
	}
	return d
}

// KeepFuller drops, from diagnostics sorted by CompareDiagnostics, each one
// whose place and rule the next shares and whose message the next's
// begins: the fuller message is kept (a client's view says what the
// problem means for it; a lint -r job that sees more of a file's readers
// names them).
func KeepFuller(diags []Diagnostic) []Diagnostic {
	out := diags[:0]
	for _, d := range diags {
		if n := len(out); n > 0 {
			if a := out[n-1]; a.Path == d.Path && a.Pos == d.Pos && a.Rule == d.Rule && strings.HasPrefix(d.Message, a.Message) {
				out[n-1] = d
				continue
			}
		}
		out = append(out, d)
	}
	return out
}
