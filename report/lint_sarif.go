package report

import (
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	toolInfoURI  = "https://github.com/mcpconf/mcpconf"

	// Paths in the repository are relative to %SRCROOT%, the base GitHub
	// code scanning and most viewers resolve to the checked-out
	// repository, and which originalUriBaseIds resolves to the
	// repository's directory (view.Lint.Repository). Paths under the home
	// are relative to HOME, which no viewer resolves: the results still
	// upload, with the file shown as is. Other files are file: URIs.
	srcRootBase = "%SRCROOT%"
	homeBase    = "HOME"

	// fingerprintKey names mcpconf's partial fingerprint. The "/v1" is
	// bumped if the hashed fields ever change, so old alerts are not
	// matched against new hashes by accident.
	fingerprintKey = "mcpconfFindingHash/v2"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	Invocations        []sarifInvocation                `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds"`
	Results            []sarifResult                    `json:"results"`
	ColumnKind         string                           `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

// sarifRule is a SARIF reportingDescriptor.
type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifText          `json:"shortDescription"`
	FullDescription      sarifText          `json:"fullDescription"`
	Help                 *sarifText         `json:"help,omitempty"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
}

// sarifText serves as both a SARIF message and a multiformatMessageString:
// they share text and markdown.
type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifResult struct {
	RuleID string `json:"ruleId"`
	// RuleIndex is a pointer because 0 is a valid index; it is omitted
	// for a rule missing from Lint.Rules rather than pointing elsewhere.
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations,omitempty"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

// sarifFix is a fix as SARIF carries it: a description and, per file,
// the regions replaced and their new text.
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI         string     `json:"uri,omitempty"`
	URIBaseID   string     `json:"uriBaseId,omitempty"`
	Description *sarifText `json:"description,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// lintSARIF writes the findings as a SARIF 2.1.0 log with one run, for
// GitHub code scanning and other SARIF viewers. tool.driver.rules
// describes the rules that fired, in the catalogue's order (a viewer needs
// the descriptor of each result's rule, not the catalogue: mcpconf rules
// prints that); tool errors become notifications of the invocation, which
// is marked unsuccessful.
func lintSARIF(w io.Writer, l *view.Lint) error {
	rules, index := sarifRules(l.Rules, l.Findings)
	ps := placesOf(l)
	srcRoot := sarifArtifactLocation{Description: &sarifText{Text: "the repository mcpconf checked: GITHUB_WORKSPACE, else the git root, else the project root"}}
	if !l.Repository.IsZero() {
		srcRoot.URI = fileURI(l.Repository.String() + "/")
	}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name: l.ToolName.String(), Version: l.Version.String(), InformationURI: toolInfoURI, Rules: rules,
		}},
		Invocations: []sarifInvocation{sarifInvocationOf(l.Errors, l.Notes, ps)},
		OriginalURIBaseIDs: map[string]sarifArtifactLocation{
			srcRootBase: srcRoot,
			homeBase:    {Description: &sarifText{Text: "the home directory of the user who ran mcpconf"}},
		},
		Results:    make([]sarifResult, 0, len(l.Findings)),
		ColumnKind: "unicodeCodePoints", // normalize.Pos counts code points
	}
	seen := map[string]int{}
	for _, d := range l.Findings {
		r := sarifResultOf(d, ps)
		if i, ok := index[d.Rule.String()]; ok {
			r.RuleIndex = &i
		}
		fp := findingHash(d, ps)
		seen[fp]++
		r.PartialFingerprints = map[string]string{fingerprintKey: fp + ":" + strconv.Itoa(seen[fp])}
		run.Results = append(run.Results, r)
	}
	return writeJSON(w, sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// sarifRules has one descriptor per rule id some finding has, in the
// order of rules, and the index of each id in it; a repeated id keeps its
// first entry so ruleIndex stays unambiguous. A finding whose rule is not
// in rules gets no descriptor (and its result no ruleIndex).
func sarifRules(rules []view.Rule, findings []view.Finding) ([]sarifRule, map[string]int) {
	fired := make(map[string]bool, len(findings))
	for _, d := range findings {
		fired[d.Rule.String()] = true
	}
	out := make([]sarifRule, 0, len(fired))
	index := make(map[string]int, len(fired))
	for _, r := range rules {
		if _, dup := index[r.ID.String()]; dup || !fired[r.ID.String()] {
			continue
		}
		index[r.ID.String()] = len(out)
		out = append(out, sarifRuleOf(r))
	}
	return out, index
}

func sarifRuleOf(r view.Rule) sarifRule {
	sr := sarifRule{
		ID: r.ID.String(), Name: camelCase(r.ID.String()),
		ShortDescription:     sarifText{Text: r.Title.String()},
		FullDescription:      sarifText{Text: r.Title.String()},
		HelpURI:              r.DocURL.String(),
		DefaultConfiguration: sarifConfiguration{Level: sarifLevel(r.Severity)},
	}
	if !r.Help.IsZero() {
		sr.FullDescription = sarifText{Text: firstParagraph(r.Help.String())}
		sr.Help = &sarifText{Text: r.Help.String(), Markdown: r.Help.String()}
	}
	return sr
}

func sarifInvocationOf(errs []view.SafeToolError, notes []secret.Safe, ps places) sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(errs) == 0}
	for _, e := range errs {
		n := sarifNotification{Level: "error", Message: sarifText{Text: e.Message.String()}}
		if !e.Path.IsZero() {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifactLocation(ps.of(e.Path))}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, n := range notes {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "note", Message: sarifText{Text: n.String()}})
	}
	return inv
}

func sarifResultOf(d view.Finding, ps places) sarifResult {
	r := sarifResult{RuleID: d.Rule.String(), Level: sarifLevel(d.Severity), Message: sarifText{Text: withHint(d)}}
	if !d.Path.IsZero() {
		r.Locations = []sarifLocation{{PhysicalLocation: physicalLocation(ps.of(d.Path), d.Pos, d.End)}}
	}
	for _, rel := range d.Related {
		if rel.Path.IsZero() {
			continue // a location needs an artifact
		}
		r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
			PhysicalLocation: physicalLocation(ps.of(rel.Path), rel.Pos, view.Pos{}),
			Message:          &sarifText{Text: rel.Message.String()},
		})
	}
	if f := d.Fix; f != nil {
		fix := sarifFix{Description: sarifText{Text: f.Description.String()}}
		for _, e := range f.Edits {
			rep := sarifReplacement{DeletedRegion: sarifRegion{StartLine: e.Pos.Line, StartColumn: e.Pos.Col, EndLine: e.End.Line, EndColumn: e.End.Col},
				InsertedContent: sarifText{Text: e.Text.String()}}
			if n := len(fix.ArtifactChanges); n > 0 && fix.ArtifactChanges[n-1].ArtifactLocation == artifactLocation(ps.of(e.Path)) {
				fix.ArtifactChanges[n-1].Replacements = append(fix.ArtifactChanges[n-1].Replacements, rep)
				continue
			}
			fix.ArtifactChanges = append(fix.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifactLocation(ps.of(e.Path)), Replacements: []sarifReplacement{rep}})
		}
		r.Fixes = []sarifFix{fix}
	}
	return r
}

func physicalLocation(p view.LintPath, pos, end view.Pos) sarifPhysicalLocation {
	return sarifPhysicalLocation{ArtifactLocation: artifactLocation(p), Region: region(pos, end)}
}

// artifactLocation turns where a file lies into a URI SARIF accepts:
// relative to %SRCROOT% for a file of the repository, relative to HOME
// for "~/…", a file: URI for other files. Separators become forward
// slashes and unsafe characters are percent-encoded.
func artifactLocation(lp view.LintPath) sarifArtifactLocation {
	path := lp.Path.String()
	p := filepath.ToSlash(path)
	switch {
	case !lp.RepoPath.IsZero():
		return sarifArtifactLocation{URI: relativeURI(lp.RepoPath.String()), URIBaseID: srcRootBase}
	case isHomePath(path):
		return sarifArtifactLocation{URI: relativeURI(strings.TrimPrefix(strings.TrimPrefix(p, "~"), "/")), URIBaseID: homeBase}
	case !lp.Abs.IsZero():
		return sarifArtifactLocation{URI: fileURI(lp.Abs.String())}
	case filepath.IsAbs(path) || strings.HasPrefix(p, "/"):
		return sarifArtifactLocation{URI: fileURI(p)}
	}
	return sarifArtifactLocation{URI: relativeURI(p), URIBaseID: srcRootBase}
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x becomes file:///C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// relativeURI escapes a relative path; url.URL also guards a first
// segment with a colon ("a:b" would read as a scheme) with "./".
func relativeURI(p string) string {
	return (&url.URL{Path: p}).String()
}

// region is nil without a position; the end is kept only when it lies
// after the start (SARIF's endColumn is exclusive, like normalize's End).
func region(pos, end view.Pos) *sarifRegion {
	if !pos.IsValid() {
		return nil
	}
	r := &sarifRegion{StartLine: pos.Line}
	if pos.Col < 1 {
		return r
	}
	r.StartColumn = pos.Col
	if end.IsValid() && end.Col >= 1 && (end.Line > pos.Line || end.Line == pos.Line && end.Col > pos.Col) {
		r.EndLine, r.EndColumn = end.Line, end.Col
	}
	return r
}

func sarifLevel(s view.Severity) string {
	switch s {
	case view.Error:
		return "error"
	case view.Warning:
		return "warning"
	}
	return "note"
}

// findingHash identifies a finding by rule, file (its path in the
// repository, the same wherever lint ran) and what it is about, but
// not by line, so that moving code or rewording a message does not turn an
// alert into a new one (view.FindingHash, which lint's baseline shares).
// Equal hashes in one run are told apart by the occurrence number the
// caller appends.
func findingHash(d view.Finding, ps places) string {
	return view.FindingHash(d, filepath.ToSlash(ps.repoPath(d.Path).String()))
}

// camelCase turns a rule id into a SARIF rule name: "missing-command"
// becomes "MissingCommand".
func camelCase(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' || r == '.' || r == ' ' }) {
		r, size := utf8.DecodeRuneInString(part)
		b.WriteRune(unicode.ToUpper(r))
		b.WriteString(part[size:])
	}
	return b.String()
}

// firstParagraph is the first paragraph of Markdown text on one line,
// for descriptions viewers show in lists.
func firstParagraph(md string) string {
	para, _, _ := strings.Cut(strings.TrimSpace(md), "\n\n")
	return strings.Join(strings.Fields(para), " ")
}
