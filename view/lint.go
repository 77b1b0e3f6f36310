package view

import (
	"path/filepath"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
)

// CheckedFile keeps of doc what lint output needs: its secrets, learned
// as NewLint would learn them from the document (with those the
// hardcoded-secret findings among diags point at), and its lines when
// lines is true. secrets, when not nil, are the document's own, learned
// already (a file every root reads is learned once).
func CheckedFile(doc *normalize.Document, diags []normalize.Diagnostic, lines bool, secrets []string) *run.LintFile {
	if secrets == nil {
		secrets = DocumentSecrets(doc)
	}
	f := &run.LintFile{Secrets: secrets}
	if lines {
		f.Lines = doc.Lines
		return f // NewLint learns what the findings point at
	}
	var in []normalize.Diagnostic
	for _, d := range diags {
		if d.Path == doc.Path && d.Rule == normalize.RuleHardcodedSecret {
			in = append(in, d)
		}
	}
	if len(in) == 0 || doc.Lines == nil {
		return f
	}
	b := secret.NewKeyed(nil)
	b.Learn(secrets...)
	learnHidden(b, hiddenSpans(in), func(string) *normalize.Lines { return doc.Lines })
	f.Secrets = b.Learned()
	return f
}

// DocumentSecrets are the secrets NewLint learns of a document's content:
// what explain masks as written in it — env and header values, secret
// flags, URL credentials, values under secret-looking keys — or, in a
// file that does not parse, every token shape and credential of its
// text. nil when there is none.
func DocumentSecrets(doc *normalize.Document) []string {
	b := secret.NewKeyed(nil)
	if doc.Root != nil {
		learnNode(b, "", doc.Root)
	} else {
		b.LearnText(string(doc.Src))
	}
	return b.Learned()
}

// learnHidden learns the text at the columns hardcoded-secret findings
// point at, from the lines of their files.
func learnHidden(b *secret.Boundary, hide map[lineKey][]secret.ColSpan, lines func(path string) *normalize.Lines) {
	for k, cols := range hide {
		if l := lines(k.path); l != nil && k.line <= l.Count() {
			line := []rune(l.Line(k.line)) // once per line: a minified file is one
			for _, sp := range cols {
				if a, e := sp.Start-1, min(sp.End-1, len(line)); a >= 0 && a < e {
					b.Learn(string(line[a:e]))
				}
			}
		}
	}
}

// Lint is a lint run as output shows it.
type Lint struct {
	Findings []Finding // with their source lines and doc links
	Errors   []SafeToolError
	Rules    []Rule
	Files    int
	NoFiles  secret.Safe
	Notes    []secret.Safe
	Unread   int
	ToolName secret.Safe
	Version  secret.Safe
	// Repository is the directory RepoPath is relative to, absolute and
	// slash-separated (SARIF's %SRCROOT%); zero when unknown.
	Repository secret.Safe
	// Paths places every path the findings, their related places and the
	// tool errors name in the repository, once each.
	Paths []LintPath
	// Baseline says what lint's baseline did; nil without one.
	Baseline *LintBaseline
}

// LintPath is where a file named by the output lies for GitHub and SARIF.
type LintPath struct {
	Path secret.Safe // as findings name it: the display path
	// RepoPath is the path relative to the repository root,
	// slash-separated; zero for a file outside the repository.
	RepoPath secret.Safe
	// Abs is the absolute path, slash-separated, of a file outside the
	// repository and the home (SARIF names it by a file: URI); zero
	// otherwise, or when unknown.
	Abs secret.Safe
}

// SafeToolError is a run.ToolError as output shows it.
type SafeToolError struct {
	Path    secret.Safe
	Message secret.Safe
}

// Rule is a rule as output shows it.
type Rule struct {
	ID, Title, Help, DocURL secret.Safe
	Severity                Severity
}

// NewLint makes a lint run Safe. The secrets of the files read are
// learned first (what explain masks as written in them — env and header
// values, secret flags, URL credentials, values under secret-looking keys
// — or, in a file that does not parse, every token shape and credential
// of its text; and what the hardcoded-secret findings point at), so a
// snippet hides what explain hides, and a secret masked in one place is
// masked in every message too.
func NewLint(b *secret.Boundary, r *run.Lint) *Lint {
	for _, f := range r.Checked {
		b.Learn(f.Secrets...)
	}
	lines := func(path string) *normalize.Lines {
		if f := r.Checked[path]; f != nil {
			return f.Lines
		}
		return nil
	}
	hide := hiddenSpans(r.Findings)
	learnHidden(b, hide, lines)
	var out *Lint
	b.Settle(func() { out = newLint(b, r, hide, lines) })
	return out
}

// newLint builds the view of NewLint, the run's secrets learned.
func newLint(b *secret.Boundary, r *run.Lint, hide map[lineKey][]secret.ColSpan, lines func(string) *normalize.Lines) *Lint {
	out := &Lint{Files: r.Files, NoFiles: b.Message(r.NoFiles), Unread: r.Unread, ToolName: b.Own(r.ToolName), Version: b.Own(r.Version)}
	for _, n := range r.Notes {
		out.Notes = append(out.Notes, b.Message(n))
	}
	if out.ToolName.IsZero() {
		out.ToolName = secret.Lit("mcpconf")
	}
	docURL := map[normalize.RuleID]string{}
	for _, rule := range r.Rules {
		if _, dup := docURL[rule.ID]; !dup {
			docURL[rule.ID] = rule.DocURL
		}
		out.Rules = append(out.Rules, Rule{ID: b.Own(string(rule.ID)), Title: b.Own(rule.Title), Help: b.OwnLines(rule.Help),
			DocURL: b.Own(rule.DocURL), Severity: severity(rule.Severity)})
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, SafeToolError{Path: b.Path(e.Path), Message: b.Text(e.Message)})
	}
	out.Repository, out.Paths = repoPaths(b, r)
	out.Baseline = lintBaseline(b, r.Baseline)
	shown := map[lineKey]secret.Safe{}
	out.Findings = make([]Finding, 0, len(r.Findings))
	for _, d := range r.Findings {
		f := finding(b, d)
		f.DocURL = b.Own(docURL[d.Rule])
		if src := lines(d.Path); src != nil && d.Pos.IsValid() && d.Pos.Line <= src.Count() {
			k := lineKey{d.Path, d.Pos.Line}
			line, ok := shown[k]
			if !ok {
				line = b.SourceLine(src.Line(d.Pos.Line), hide[k])
				shown[k] = line
			}
			f.Source, f.HasSource = line, true
		}
		out.Findings = append(out.Findings, f)
	}
	return out
}

type lineKey struct {
	path string
	line int
}

// hiddenSpans collects where hardcoded-secret findings point: those exact
// columns are hidden in every snippet of that line, whatever else the
// scanner sees there.
func hiddenSpans(diags []normalize.Diagnostic) map[lineKey][]secret.ColSpan {
	out := map[lineKey][]secret.ColSpan{}
	for _, d := range diags {
		if d.Rule != normalize.RuleHardcodedSecret || !d.Pos.IsValid() {
			continue
		}
		end := d.End.Col
		if d.End.Line != d.Pos.Line || end <= d.Pos.Col {
			end = 1 << 30 // to the end of the line
		}
		k := lineKey{d.Path, d.Pos.Line}
		out[k] = append(out[k], secret.ColSpan{Start: d.Pos.Col, End: end})
	}
	return out
}

// repoPaths places each path the run names in the repository. With a
// repository, a path is made absolute (a project file's from Base, "~/…"
// from Home) and taken relative to it. Without one, the display paths are
// what they were: a path below Base is relative to it, which is then
// %SRCROOT%.
func repoPaths(b *secret.Boundary, r *run.Lint) (secret.Safe, []LintPath) {
	var names []string
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			names = append(names, p)
		}
	}
	for _, d := range r.Findings {
		add(d.Path)
		for _, rel := range d.Related {
			add(rel.Path)
		}
	}
	for _, e := range r.Errors {
		add(e.Path)
	}
	repo := r.Repository
	if repo == "" {
		repo = r.Base
	}
	var base secret.Safe
	if repo != "" {
		base = b.Path(filepath.ToSlash(repo))
	}
	out := make([]LintPath, 0, len(names))
	for _, p := range names {
		lp := LintPath{Path: b.Path(p)}
		home := p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)
		abs := ""
		switch {
		case home && r.Home != "":
			abs = filepath.Join(r.Home, filepath.FromSlash(strings.TrimLeft(p[1:], `/\`)))
		case home:
		case filepath.IsAbs(p) || strings.HasPrefix(p, "/"):
			abs = p
		case r.Base != "":
			abs = filepath.Join(r.Base, filepath.FromSlash(p))
		}
		var rel string
		if r.Repository == "" {
			// no repository: as the display path is
			if !home && !filepath.IsAbs(p) && !strings.HasPrefix(p, "/") && filepath.IsLocal(filepath.FromSlash(p)) {
				rel = filepath.ToSlash(p)
			}
		} else if abs != "" {
			if x, err := filepath.Rel(r.Repository, abs); err == nil && filepath.IsLocal(x) {
				rel = filepath.ToSlash(x)
			}
		}
		switch {
		case rel != "":
			lp.RepoPath = b.Path(rel)
		case !home && abs != "":
			lp.Abs = b.Path(filepath.ToSlash(abs))
		}
		out = append(out, lp)
	}
	return base, out
}

// Diff is lint --diff's unified diffs, line by line.
type Diff struct{ Lines []secret.Safe }

// NewDiff makes the unified diffs of lint --diff Safe, line by line: a
// diff shows lines of the files, which pass the boundary like every
// other text (the secrets the run learned masked). Learn the run first
// (NewLint).
func NewDiff(b *secret.Boundary, diffs []string) *Diff {
	out := &Diff{}
	for _, d := range diffs {
		for _, line := range strings.SplitAfter(d, "\n") {
			if line != "" {
				out.Lines = append(out.Lines, b.Text(strings.TrimSuffix(line, "\n")))
			}
		}
	}
	return out
}
