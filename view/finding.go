package view

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// Severity orders findings: Info < Warning < Error. It is normalize's, a
// number that holds no text, named here so renderers need not import the
// package of raw results.
type Severity = normalize.Severity

// The severities.
const (
	Info    = normalize.Info
	Warning = normalize.Warning
	Error   = normalize.Error
)

func severity(s normalize.Severity) Severity { return s }

// Pos is a 1-based line and column (in code points); zero when unknown.
type Pos struct{ Line, Col int }

// IsValid reports a known position.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

func pos(p normalize.Pos) Pos { return Pos{p.Line, p.Col} }

// Finding is a diagnostic as output shows it.
type Finding struct {
	Rule     secret.Safe
	Severity Severity
	Message  secret.Safe
	Path     secret.Safe // display path; zero when the finding concerns no file
	Pos, End Pos
	Pointer  secret.Safe // JSON pointer of the value concerned
	Hint     secret.Safe
	Related  []Related
	DocURL   secret.Safe
	// Source is the line at Pos as a snippet shows it, masked whole
	// before any window is cut from it; HasSource says whether there is
	// one (lint's text output only).
	Source    secret.Safe
	HasSource bool
	// Fix is how to fix the finding, when its rule knows (lint --fix).
	Fix *Fix
	// Suggest is the edit the hint describes, when it is one lint does not
	// make itself (normalize.Diagnostic.Suggest); never Safe.
	Suggest *Fix
	// Clients are the clients the finding concerns, when several read its
	// file (normalize.Diagnostic.Clients).
	Clients []secret.Safe
}

// Fix is a finding's fix as output shows it.
type Fix struct {
	Description secret.Safe
	Safe        bool
	Edits       []Edit
}

// Edit replaces a range of a file (End == Pos inserts) by Text.
type Edit struct {
	Path     secret.Safe
	Pos, End Pos
	Text     secret.Safe
}

// Related is another place that explains a finding.
type Related struct {
	Path    secret.Safe // the finding's own path when the place is in the same file
	Pos     Pos
	Message secret.Safe
}

// finding makes one diagnostic Safe: its rule id is mcpconf's own
// (Boundary.Own); its message, hint, fix description and its related
// places' messages are mcpconf's words quoting values (Boundary.Message);
// the path, the pointer and the fix's text are values.
func finding(b *secret.Boundary, d normalize.Diagnostic) Finding {
	f := Finding{Rule: b.Own(string(d.Rule)), Severity: severity(d.Severity), Message: b.Message(d.Message), Path: b.Path(d.Path),
		Pos: pos(d.Pos), Pointer: b.Text(d.Pointer), Hint: b.Message(d.Hint)}
	if d.End.IsValid() && d.End != d.Pos {
		f.End = pos(d.End)
	}
	for _, r := range d.Related {
		path := r.Path
		if path == "" {
			path = d.Path
		}
		f.Related = append(f.Related, Related{Path: b.Path(path), Pos: pos(r.Pos), Message: b.Message(r.Message)})
	}
	f.Fix = viewFix(b, d.Fix)
	f.Suggest = viewFix(b, d.Suggest)
	for _, c := range d.Clients {
		f.Clients = append(f.Clients, b.Own(c))
	}
	return f
}

// viewFix makes a fix or a suggested edit Safe.
func viewFix(b *secret.Boundary, x *normalize.Fix) *Fix {
	if x == nil {
		return nil
	}
	f := &Fix{Description: b.Message(x.Description), Safe: x.Safe}
	for _, e := range x.Edits {
		f.Edits = append(f.Edits, Edit{Path: b.Path(e.Path), Pos: pos(e.Start), End: pos(e.End), Text: b.Lines(e.Text)})
	}
	return f
}

// findings makes diagnostics Safe, in their order.
func findings(b *secret.Boundary, diags []normalize.Diagnostic) []Finding {
	out := make([]Finding, 0, len(diags))
	for _, d := range diags {
		out = append(out, finding(b, d))
	}
	return out
}

// FindingHash identifies a finding across runs, whatever line it moved to
// and however its message is worded: a hash of its rule, path (as the
// caller names the file: SARIF relative to the repository, a baseline as
// displayed) and the JSON pointer of the value concerned — which names
// the server and the field — or, for a finding with no pointer (a file
// that does not parse), its message. An element of an array (an argument)
// is identified by its field, not its index (StablePointer): mcpconf's own
// fixes insert elements ("-y" before a package), and a finding must stay
// the same finding; two findings of one rule in one field are told apart
// by their count (lint's baseline matches a number of each, SARIF numbers
// them in order). The value itself is not hashed: a hash of a short
// secret written to a file others read can be brute-forced, and a keyed
// one (secret.Boundary.Fingerprint) differs from run to run. It is the
// first 16 bytes of a SHA-256, in hex; SARIF's partial fingerprint and
// lint's baseline share it.
func FindingHash(f Finding, path string) string {
	if !f.Pointer.IsZero() {
		return PointerHash(f.Rule.String(), path, f.Pointer.String())
	}
	return hashOf(f.Rule.String(), path, f.Message.String())
}

// PointerHash is FindingHash of a finding of rule at pointer in the file
// path.
func PointerHash(rule, path, pointer string) string {
	return hashOf(rule, path, StablePointer(pointer))
}

// IndexHash is the hash lint's baseline version 1 recorded for a finding
// at pointer: of the pointer as it is, array index included. Reading an
// old baseline checks an entry against it before taking it for the
// finding's PointerHash.
func IndexHash(rule, path, pointer string) string {
	return hashOf(rule, path, pointer)
}

func hashOf(rule, path, what string) string {
	sum := sha256.Sum256([]byte(rule + "\x00" + path + "\x00" + what))
	return hex.EncodeToString(sum[:16])
}

// each makes each of ss Safe with safe (a Boundary's Message, Own, URL,
// …); nil for nil.
func each(ss []string, safe func(string) secret.Safe) []secret.Safe {
	if ss == nil {
		return nil
	}
	out := make([]secret.Safe, len(ss))
	for i, s := range ss {
		out[i] = safe(s)
	}
	return out
}

// StablePointer is a finding's pointer without the index of an array
// element in a server's field: "/mcpServers/gh/args/1" is
// "/mcpServers/gh/args/*". Only a last segment at depth four or more is
// an element of a field (container, server, field, index, in every
// client's shape and below a table of projects); "/mcpServers/2", a
// server named "2", is left whole. Every other pointer is unchanged, so
// its hash is the one earlier versions recorded.
func StablePointer(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 || strings.Count(p, "/") < 4 || !isIndex(p[i+1:]) {
		return p
	}
	return p[:i+1] + "*"
}

func isIndex(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
