package report

import (
	"io"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// lintJSONVersion is the version of the lint JSON document. It changes
// only when a field is renamed or removed, never when one is added.
const lintJSONVersion = "1"

type jsonLint struct {
	Version  string          `json:"version"`
	Findings []jsonFinding   `json:"findings"`
	Errors   []jsonToolError `json:"errors"`
	Notes    []secret.Safe   `json:"notes"`
	Summary  jsonSummary     `json:"summary"`
	Baseline *jsonBaseline   `json:"baseline,omitempty"`
}

type jsonBaseline struct {
	Path    secret.Safe `json:"path"`
	Written bool        `json:"written"`
	Entries int         `json:"entries"`
	Matched int         `json:"matched"`
	Fixed   int         `json:"fixed"`
}

// jsonFinding is the explain diagnostic shape plus the related positions,
// which only lint prints.
type jsonFinding struct {
	JSONDiagnostic
	Related []jsonRelated `json:"related,omitempty"`
	Fix     *jsonFix      `json:"fix,omitempty"`
	// Suggest is the edit the hint describes, which lint does not make.
	Suggest *jsonFix `json:"suggest,omitempty"`
}

// jsonFix is a finding's fix: lint --fix applies the safe ones.
type jsonFix struct {
	Description secret.Safe `json:"description"`
	Safe        bool        `json:"safe"`
	Edits       []jsonEdit  `json:"edits"`
}

// jsonEdit replaces the text of path from line:column to end_line:
// end_column (the same place: an insertion) by text.
type jsonEdit struct {
	Path    secret.Safe `json:"path"`
	Line    int         `json:"line"`
	Column  int         `json:"column"`
	EndLine int         `json:"end_line"`
	EndCol  int         `json:"end_column"`
	Text    secret.Safe `json:"text"`
}

func fixJSON(f *view.Fix) *jsonFix {
	if f == nil {
		return nil
	}
	out := &jsonFix{Description: f.Description, Safe: f.Safe, Edits: []jsonEdit{}}
	for _, e := range f.Edits {
		out.Edits = append(out.Edits, jsonEdit{Path: e.Path, Line: e.Pos.Line, Column: e.Pos.Col, EndLine: e.End.Line, EndCol: e.End.Col, Text: e.Text})
	}
	return out
}

type jsonRelated struct {
	Path    secret.Safe `json:"path"`
	Line    int         `json:"line"`
	Column  int         `json:"column"`
	Message secret.Safe `json:"message"`
}

type jsonToolError struct {
	Path    secret.Safe `json:"path"`
	Message secret.Safe `json:"message"`
}

type jsonSummary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	Files    int `json:"files"`
	Unread   int `json:"unread"`
}

// lintJSON writes the findings as one JSON document. The field names are
// a stable interface: fields are added, never renamed or removed (a
// rename bumps "version").
//
//	version            "1"
//	findings[]         in output order (path, line, column, rule)
//	  rule             rule id, kebab-case
//	  severity         "error" | "warning" | "info"
//	  message          lower case, no final period
//	  path             display path: relative to the root, "~/…" under the home, else absolute
//	  line, column     1-based, columns in Unicode code points; 0 when there is no position
//	  end_line, end_column  end of the span, exclusive; omitted for a point
//	  pointer          JSON pointer of the value concerned; omitted when none
//	  hint             what to do; omitted when none
//	  doc_url          the rule's documentation
//	  related[]        other places that explain the finding: path, line, column, message;
//	                   omitted when none
//	errors[]           problems of the run, not findings: path ("" when none), message
//	notes[]            what the run says of itself: a file linted by the clients that read
//	                   its kind ("mcp.json is read by pisces only: …"), a file found but
//	                   read by none of the run's clients
//	summary            counts: errors, warnings, infos (findings by severity), files (checked),
//	                   unread (found, read by none of the run's clients)
//	baseline           with --baseline only: path (as given), written (--write-baseline wrote
//	                   it), entries (in the file), matched (findings it kept quiet, not in
//	                   findings[] nor the counts), fixed (entries of the files checked that
//	                   match no finding any more: --write-baseline drops them)
//
// Empty lists are written as [], never null.
func lintJSON(w io.Writer, l *view.Lint) error {
	c := lintCounts(l)
	out := jsonLint{
		Version:  lintJSONVersion,
		Findings: make([]jsonFinding, 0, len(l.Findings)),
		Errors:   make([]jsonToolError, 0, len(l.Errors)),
		Notes:    append(make([]secret.Safe, 0, len(l.Notes)), l.Notes...),
		Summary:  jsonSummary{Errors: c.errors, Warnings: c.warnings, Infos: c.infos, Files: l.Files, Unread: l.Unread},
	}
	if b := l.Baseline; b != nil {
		out.Baseline = &jsonBaseline{Path: b.Path, Written: b.Written, Entries: b.Entries, Matched: b.Matched, Fixed: b.Fixed}
	}
	diags := diagnosticJSON(l.Findings, true)
	for i, d := range l.Findings {
		out.Findings = append(out.Findings, jsonFinding{JSONDiagnostic: diags[i], Related: relatedJSON(d), Fix: fixJSON(d.Fix), Suggest: fixJSON(d.Suggest)})
	}
	for _, e := range l.Errors {
		out.Errors = append(out.Errors, jsonToolError(e))
	}
	return writeJSON(w, out)
}

func relatedJSON(d view.Finding) []jsonRelated {
	var out []jsonRelated
	for _, r := range d.Related {
		out = append(out, jsonRelated{Path: r.Path, Line: r.Pos.Line, Column: r.Pos.Col, Message: r.Message})
	}
	return out
}
