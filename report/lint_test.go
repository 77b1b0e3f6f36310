package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpconf/mcpconf/internal/golden"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/lint")

// newDoc builds a document the way discovery does, without parsing it:
// the renderers only need the path and the lines.
func newDoc(path, src string) *normalize.Document {
	return &normalize.Document{Path: path, Format: normalize.JSON, Src: []byte(src), Lines: normalize.NewLines([]byte(src))}
}

// span locates the nth occurrence (from 0) of sub in doc, with positions
// computed by normalize.Lines as real findings are.
func span(t testing.TB, doc *normalize.Document, sub string, nth int) (start, end normalize.Pos) {
	t.Helper()
	off := 0
	for i := 0; ; i++ {
		j := bytes.Index(doc.Src[off:], []byte(sub))
		if j < 0 {
			t.Fatalf("%q: occurrence %d of %q not found", doc.Path, nth, sub)
		}
		if i == nth {
			return doc.Lines.Pos(off + j), doc.Lines.Pos(off + j + len(sub))
		}
		off += j + len(sub)
	}
}

func docURL(id string) string {
	return "https://github.com/mcpconf/mcpconf/blob/main/docs/rules.md#" + id
}

func fixtureRules() []run.RuleInfo {
	rule := func(id normalize.RuleID, title string, sev normalize.Severity, help string) run.RuleInfo {
		return run.RuleInfo{ID: id, Title: title, Severity: sev, Help: help, DocURL: docURL(string(id))}
	}
	return []run.RuleInfo{
		rule("unreadable", "the file exists but cannot be read", normalize.Error, ""),
		rule("duplicate-key", "a key is written twice in the same object", normalize.Warning,
			"JSON readers keep the last of two equal keys without a word, so the first\ndefinition is dead text that looks live.\n\nDelete one of the two."),
		rule("transport-conflict", "a server has both a command and a url", normalize.Error, "Clients pick one of `command` and `url`, each its own way."),
		rule("missing-url", "a remote server has no url", normalize.Error, "A server of type `http` or `sse` needs a `url`."),
		rule("insecure-url", "a remote server is reached over plain http", normalize.Warning, "Use `https` for anything but loopback."),
		rule("hardcoded-secret", "a secret is written in the config", normalize.Error, "Move it to an environment variable."),
		rule("unpinned-package", "a package runs without a pinned version", normalize.Info, "Pin the version so every run starts the same code."),
		rule("server-name", "a server name clients reject or rewrite", normalize.Warning, "Use `[a-zA-Z0-9_.-]`."),
	}
}

// fixture covers, in five files: every severity, a hint, a related
// position, a finding without position, a tool error, a CRLF file, a tab
// before the column, a line longer than the snippet window and a "~/"
// path.
// shown is what the lint command hands the renderers: the run made Safe
// by a boundary.
// checked is what lint keeps of the documents for the text format: their
// secrets and lines.
func checked(docs ...*normalize.Document) map[string]*run.LintFile {
	out := map[string]*run.LintFile{}
	for _, d := range docs {
		out[d.Path] = view.CheckedFile(d, nil, true, nil)
	}
	return out
}

func shown(l *run.Lint) *view.Lint { return view.NewLint(secret.NewKeyed(nil), l) }

func fixture(t testing.TB) *view.Lint { return shown(fixtureRun(t)) }

func fixtureRun(t testing.TB) *run.Lint {
	mcp := newDoc(".mcp.json", "{\n"+
		"  \"mcpServers\": {\n"+
		"    \"db\": { \"command\": \"old-db\" },\n"+
		"    \"db\": { \"command\": \"npx\", \"args\": [\"-y\", \"db-server\"] },\n"+
		"\t\"api\": { \"url\": \"https://api.example.com/mcp\", \"command\": \"api\" }\n"+
		"  }\n"+
		"}\n")
	cursor := newDoc(".cursor/mcp.json", "{\r\n  \"mcpServers\": {\r\n    \"web\": { \"url\": \"http://10.0.0.5/mcp\" }\r\n  }\r\n}\r\n")
	var flags []string
	for i := range 16 {
		flags = append(flags, fmt.Sprintf("\"--flag-%02d\"", i))
	}
	vscode := newDoc(".vscode/mcp.json", `{ "servers": { "big": { "type": "stdio", "command": "node", "args": [`+
		strings.Join(flags, ", ")+`, "--token=ghp_0123456789abcdefghij", "--verbose"] } } }`+"\n")
	home := newDoc("~/.claude.json", "{\n  \"mcpServers\": {\n    \"notes\": { \"type\": \"sse\" }\n  }\n}\n")

	var ds []normalize.Diagnostic
	add := func(doc *normalize.Document, sub string, nth int, rule normalize.RuleID, sev normalize.Severity, msg, hint string) *normalize.Diagnostic {
		pos, end := span(t, doc, sub, nth)
		ds = append(ds, normalize.Diagnostic{Rule: rule, Severity: sev, Message: msg, Hint: hint, Path: doc.Path, Pos: pos, End: end})
		return &ds[len(ds)-1]
	}
	dup := add(mcp, `"db"`, 0, "duplicate-key", normalize.Warning, `key "db" is written twice in "/mcpServers"`, "")
	first, _ := span(t, mcp, `"db"`, 1)
	dup.Related = []normalize.Related{{Path: mcp.Path, Pos: first, Message: "the definition in effect"}}
	add(mcp, `"db-server"`, 0, "unpinned-package", normalize.Info, `package "db-server" has no version`, `pin it: "db-server@1.4.2"`)
	add(mcp, `"api"`, 0, "transport-conflict", normalize.Error, `server "api" has both "command" and "url"`,
		`keep "url" for a remote server or "command" for a local one`)
	add(cursor, `"http://10.0.0.5/mcp"`, 0, "insecure-url", normalize.Warning, `server "web" uses plain http to "10.0.0.5"`, "")
	add(vscode, `"--token=ghp_0123456789abcdefghij"`, 0, "hardcoded-secret", normalize.Error, `argument 17 of server "big" holds a token`,
		"pass it through an environment variable")
	add(home, `"sse"`, 0, "missing-url", normalize.Error, `server "notes" has type "sse" but no "url"`, "")
	ds = append(ds, normalize.Diagnostic{Rule: "unreadable", Severity: normalize.Error, Path: ".codex/config.toml", Message: "permission denied"})
	slices.SortFunc(ds, normalize.CompareDiagnostics)

	return &run.Lint{
		Findings: ds,
		Errors:   []run.ToolError{{Path: "missing/mcp.json", Message: "no such file or directory"}},
		Checked:  checked(mcp, cursor, vscode, home),
		Rules:    fixtureRules(),
		Files:    5,
		Version:  "0.1.0",
	}
}

// markers shows where colors go without escape codes.
func markers() Style {
	wrap := func(name string) func(string) string {
		return func(s string) string { return "<" + name + ">" + s + "</" + name + ">" }
	}
	return Style{Bold: wrap("bold"), Dim: wrap("dim"), Red: wrap("red"), Yellow: wrap("yellow"), Green: wrap("green"), Cyan: wrap("cyan")}
}

func TestLintGolden(t *testing.T) {
	renderers := []struct {
		file   string
		render func(*bytes.Buffer, *view.Lint) error
	}{
		{"text.golden", func(b *bytes.Buffer, l *view.Lint) error { return lintText(b, l, Style{}) }},
		{"text_color.golden", func(b *bytes.Buffer, l *view.Lint) error { return lintText(b, l, markers()) }},
		{"json.golden", func(b *bytes.Buffer, l *view.Lint) error { return lintJSON(b, l) }},
		{"sarif.golden", func(b *bytes.Buffer, l *view.Lint) error { return lintSARIF(b, l) }},
		{"github.golden", func(b *bytes.Buffer, l *view.Lint) error { return lintGitHub(b, l) }},
	}
	for _, r := range renderers {
		t.Run(r.file, func(t *testing.T) {
			var got, again bytes.Buffer
			if err := r.render(&got, fixture(t)); err != nil {
				t.Fatal(err)
			}
			if err := r.render(&again, fixture(t)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), again.Bytes()) {
				t.Fatal("two renderings of the same input differ")
			}
			lintGolden(t, r.file, got.Bytes())
		})
	}
}

func lintGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.File(t, filepath.Join("testdata", "lint", name), got, *update, "go test ./report -update")
}

func TestLintTextSummary(t *testing.T) {
	diag := func(s normalize.Severity) normalize.Diagnostic {
		return normalize.Diagnostic{Rule: "r", Severity: s, Message: "m"}
	}
	tests := []struct {
		findings []normalize.Diagnostic
		errors   int
		files    int
		want     string
	}{
		{nil, 0, 0, "no MCP config files found"},
		{nil, 1, 0, "no MCP config files found; 1 tool error"},
		{nil, 0, 1, "no problems found in 1 file"},
		{nil, 2, 3, "no problems found in 3 files; 2 tool errors"},
		{[]normalize.Diagnostic{diag(normalize.Error)}, 0, 1, "1 error in 1 file"},
		{[]normalize.Diagnostic{diag(normalize.Warning), diag(normalize.Warning)}, 1, 2, "2 warnings in 2 files; 1 tool error"},
		{[]normalize.Diagnostic{diag(normalize.Info)}, 0, 2, "1 info in 2 files"},
		{[]normalize.Diagnostic{diag(normalize.Error), diag(normalize.Error), diag(normalize.Error), diag(normalize.Warning), diag(normalize.Info), diag(normalize.Info)}, 0, 2,
			"3 errors, 1 warning, 2 infos in 2 files"},
	}
	for _, tt := range tests {
		l := shown(&run.Lint{Findings: tt.findings, Files: tt.files, Errors: make([]run.ToolError, tt.errors)})
		if got := lintSummary(l, Style{}); got != tt.want {
			t.Errorf("summary = %q, want %q", got, tt.want)
		}
	}
}

func TestLintTextEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := lintText(&b, shown(&run.Lint{Files: 3}), Style{}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "no problems found in 3 files\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// makeSnippet is layoutSnippet on a raw source line, made Safe as the
// view makes it.
func makeSnippet(line string, col, end int) snippet {
	return makeSnippetIn(line, col, end, maxSnippet)
}

// makeSnippetIn is makeSnippet in a window of window cells.
func makeSnippetIn(line string, col, end, window int) snippet {
	return layoutSnippet([]rune(secret.NewKeyed(nil).SourceLine(line, nil).String()), col, end, window)
}

func TestMakeSnippet(t *testing.T) {
	long := strings.Repeat("abcdefghij", 30)                                        // 300 code points
	wide := strings.Repeat("数据", 100)                                               // 200 code points, 400 cells
	tabs := strings.Repeat("\t ", 150)                                              // 300 code points
	marks := "ab" + strings.Repeat("c", 119) + "e\u0301" + strings.Repeat("x", 300) // a mark at index 122
	tests := []struct {
		name      string
		line      string
		col, end  int
		text, pad string
		carets    int
	}{
		{"span", `  "db": {}`, 3, 7, `  "db": {}`, "  ", 4},
		{"to the end of the line", `  "db": {}`, 3, 0, `  "db": {}`, "  ", 8},
		{"one caret", `  "db": {}`, 3, 4, `  "db": {}`, "  ", 1},
		{"tab before the column", "\t\"api\": 1", 2, 7, "\t\"api\": 1", "\t", 5},
		{"tabs mixed with spaces", " \t x", 4, 5, " \t x", " \t ", 1},
		{"end before start", "abc", 3, 1, "abc", "  ", 1},
		{"past the end of the line", "abc", 9, 12, "abc", "   ", 1},
		{"empty line", "", 1, 0, "", "", 1},
		{"column zero", "abc", 0, 0, "abc", "", 3},
		{"invalid utf-8 counts one column per byte", "\xff\xfe\"x\"", 3, 6, "\uFFFD\uFFFD\"x\"", "  ", 3},
		{"control characters are replaced", "\x1b[31m\"x\"", 6, 9, "\uFFFD[31m\"x\"", "     ", 3},
		{"bidi controls are replaced", "\u202e\"x\"", 2, 5, "\uFFFD\"x\"", " ", 3},
		{"wide characters take two cells", `"数据": 1`, 2, 4, `"数据": 1`, " ", 4},
		{"combining marks take none", "e\u0301\"x\"", 3, 6, "e\u0301\"x\"", " ", 3},
		{"long line, column near the start", long, 5, 8, long[:120] + "…", "    ", 3},
		{"long line, column in the middle", long, 150, 153, "…" + long[109:229] + "…", " " + strings.Repeat(" ", 40), 3},
		{"long line, column near the end", long, 299, 0, "…" + long[180:], " " + strings.Repeat(" ", 118), 2},
		{"long line, span past the window", long, 150, 290, "…" + long[109:229] + "…", " " + strings.Repeat(" ", 40), 80},
		// The window is counted in cells: 40 cells of wide characters are
		// 20 of them before the column, and 120 cells hold 60.
		{"long line of wide characters", wide, 101, 102, "…" + string([]rune(wide)[80:140]) + "…", " " + strings.Repeat(" ", 40), 2},
		{"wide line under 120 code points but over 120 cells", wide[:3*70], 2, 3, string([]rune(wide)[:60]) + "…", "  ", 2},
		{"long line with tabs keeps them in the pad", tabs, 150, 151, "…" + tabs[109:229] + "…", " " + strings.Repeat(" \t", 20), 1},
		{"combining mark at the left cut stays with its base", marks, 163, 164, "…" + string([]rune(marks)[121:242]) + "…", " " + strings.Repeat(" ", 40), 1},
		{"combining mark at the right cut stays with its base", marks, 43, 44, "…" + string([]rune(marks)[2:123]) + "…", " " + strings.Repeat(" ", 40), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sn := makeSnippet(tt.line, tt.col, tt.end)
			if sn.text != tt.text || sn.pad != tt.pad || sn.carets != tt.carets {
				t.Errorf("makeSnippet(%q, %d, %d) = %q, pad %q, %d carets; want %q, pad %q, %d carets",
					tt.line, tt.col, tt.end, sn.text, sn.pad, sn.carets, tt.text, tt.pad, tt.carets)
			}
		})
	}
}

// TestSnippetCaretLinesUp lays out every column of long lines mixing
// ASCII, tabs, wide characters and combining marks, and checks that the
// caret lands under the character of the column: the pad is the text
// before it, each code point replaced by a tab or by its width in spaces.
func TestSnippetCaretLinesUp(t *testing.T) {
	lines := []string{
		strings.Repeat(`{"a":"x",`, 100),
		strings.Repeat("数据\tab e\u0301 ", 60),
		strings.Repeat("😀x", 150),
		"short\tline 数据",
	}
	for _, window := range []int{maxSnippet, 60, minSnippet} {
		for _, line := range lines {
			runes := []rune(line)
			for col := 1; col <= len(runes)+1; col++ {
				sn := makeSnippetIn(line, col, col+1, window)
				text := []rune(sn.text)
				var before strings.Builder
				i := 0
				for ; i < len(text) && before.Len() < len(sn.pad); i++ {
					if text[i] == '\t' {
						before.WriteByte('\t')
					} else {
						before.WriteString(strings.Repeat(" ", cellWidth(text[i])))
					}
				}
				// Zero-width marks before the column add nothing to the pad.
				for i < len(text) && text[i] != '…' && cellWidth(text[i]) == 0 && (col > len(runes) || text[i] != runes[col-1]) {
					i++
				}
				if before.String() != sn.pad {
					t.Fatalf("line %.20q col %d: pad %q does not match the text before the caret %q", line, col, sn.pad, string(text[:i]))
				}
				switch {
				case col <= len(runes) && (i >= len(text) || text[i] != runes[col-1]):
					t.Fatalf("line %.20q col %d: caret under %q, want %q (text %q)", line, col, string(text[i:min(i+1, len(text))]), runes[col-1], sn.text)
				case col > len(runes) && i != len(text):
					t.Fatalf("line %.20q col %d (past the end): caret at %d of %d", line, col, i, len(text))
				}
				if w := textCells(sn.text); w > window+2+maxMarks {
					t.Fatalf("line %.20q col %d: snippet %d cells wide in a window of %d", line, col, w, window)
				}
			}
		}
	}
}

func textCells(s string) int {
	n := 0
	for _, r := range s {
		n += cells(r)
	}
	return n
}

// TestLintTextLongLines renders findings on a minified line: near the
// start, in the middle, at the end, on wide characters, and on both sides
// of secrets that the window cuts in half. The secrets must not show,
// not even in part.
func TestLintTextLongLines(t *testing.T) {
	token := "Bearer 7d1f0c9a2b3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f6" // generic shape, fake
	ghp := "ghp_" + "Zq8Wm3Rt6Yu1Io4Pa7Sd0Fg2Hj5Kl9Xc" + "Vb3N"        // fake, 36 after the prefix
	password := "pw-" + strings.Repeat("Qx7rT2", 10)                   // no token shape: masked by its key
	var b strings.Builder
	b.WriteString(`{"mcpServers":{`)
	for i := range 40 {
		fmt.Fprintf(&b, `"s%02d":{"command":"npx","args":["pkg-%02d"]},`, i, i)
	}
	b.WriteString(`"auth":{"type":"http","url":"https://a.example.com/mcp","headers":{"Authorization":"` + token + `"}},`)
	b.WriteString(`"gh":{"command":"gh-mcp","env":{"GH":"` + ghp + `"}},`)
	b.WriteString(`"db":{"command":"db-mcp","env":{"DB_PASSWORD":"` + password + `"}},`)
	b.WriteString(`"数据服务":{"command":"数据","args":["--名字","数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据数据"]},`)
	b.WriteString("\"tab\":{\"command\":\"x\",\t\"args\":[\"\t-y\"]},")
	b.WriteString(`"last":{"command":"z"}}}` + "\n")
	doc := newDoc(".mcp.json", b.String())

	var ds []normalize.Diagnostic
	add := func(sub string, rule normalize.RuleID, msg string) {
		pos, end := span(t, doc, sub, 0)
		ds = append(ds, normalize.Diagnostic{Rule: rule, Severity: normalize.Warning, Message: msg, Path: doc.Path, Pos: pos, End: end})
	}
	add(`"mcpServers"`, "start", "near the start")
	add(`"s20"`, "middle", "in the middle")
	add(`"headers"`, "right-cut", "the window cuts the bearer token at its right edge")
	add(`"`+token+`"`, "hardcoded-secret", "the bearer token, hidden by this finding's span")
	add(`"gh"`, "left-cut", "the window cuts the bearer token at its left edge")
	add(`"`+ghp+`"`, "token-shape", "a known token shape, hidden without a finding of its own")
	add(`"db-mcp"`, "key-cut", "the window cuts the password at its right edge")
	add(`"数据服务"`, "wide", "wide characters; the window cuts the password at its left edge, its key outside")
	add(`"--名字"`, "wide", "wide characters after wide characters")
	add("\"\t-y\"", "tab", "a tab before the column")
	add(`"last"`, "end", "near the end of the line")
	slices.SortFunc(ds, normalize.CompareDiagnostics)
	l := shown(&run.Lint{Findings: ds, Checked: checked(doc), Files: 1})

	var got bytes.Buffer
	if err := lintText(&got, l, Style{}); err != nil {
		t.Fatal(err)
	}
	out := got.String()
	for _, secret := range []string{token[7:], ghp, password} {
		for _, part := range []string{secret[:6], secret[len(secret)-6:], secret[len(secret)/2-3 : len(secret)/2+3]} {
			if strings.Contains(out, part) {
				t.Errorf("output shows %q of a secret:\n%s", part, out)
			}
		}
	}
	lintGolden(t, "text_long.golden", got.Bytes())
}

// FuzzLintText feeds arbitrary sources and positions, valid or not, to
// the text renderer: it must never panic and always print one caret line
// per snippet.
func FuzzLintText(f *testing.F) {
	f.Add("{\r\n\t\"a\": 1\r\n}", 2, 2, 2, 5)
	f.Add("\xff\xfe", 1, 9, 1, 1)
	f.Add(strings.Repeat("x", 500), 1, 400, 3, 0)
	f.Add("", 0, 0, -1, -1)
	f.Fuzz(func(t *testing.T, src string, line, col, endLine, endCol int) {
		doc := newDoc("f.json", src)
		d := normalize.Diagnostic{Rule: "r", Message: "m", Path: doc.Path,
			Pos: normalize.Pos{Line: line, Col: col}, End: normalize.Pos{Line: endLine, Col: endCol}}
		l := shown(&run.Lint{Findings: []normalize.Diagnostic{d}, Checked: checked(doc), Files: 1})
		var b bytes.Buffer
		if err := lintText(&b, l, Style{}); err != nil {
			t.Fatal(err)
		}
		if d.Pos.IsValid() && line <= doc.Lines.Count() && !strings.Contains(b.String(), "^") {
			t.Errorf("no caret in:\n%s", b.String())
		}
	})
}

func TestLintJSONFields(t *testing.T) {
	var b bytes.Buffer
	if err := lintJSON(&b, fixture(t)); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Version  string           `json:"version"`
		Findings []map[string]any `json:"findings"`
		Errors   []map[string]any `json:"errors"`
		Summary  map[string]int   `json:"summary"`
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Version != "1" || len(out.Findings) != 7 || len(out.Errors) != 1 {
		t.Fatalf("version %q, %d findings, %d errors", out.Version, len(out.Findings), len(out.Errors))
	}
	for _, f := range out.Findings {
		if want := docURL(f["rule"].(string)); f["doc_url"] != want {
			t.Errorf("%v: doc_url = %v, want %s", f["rule"], f["doc_url"], want)
		}
	}
	want := map[string]int{"errors": 4, "warnings": 2, "infos": 1, "files": 5}
	for k, v := range want {
		if out.Summary[k] != v {
			t.Errorf("summary.%s = %d, want %d", k, out.Summary[k], v)
		}
	}
}

func TestLintJSONEmptyListsAreArrays(t *testing.T) {
	var b bytes.Buffer
	if err := lintJSON(&b, shown(&run.Lint{})); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, `"findings": []`) || !strings.Contains(s, `"errors": []`) {
		t.Errorf("empty lists not written as []:\n%s", s)
	}
}

// sarifSchema compiles the official SARIF 2.1.0 schema from testdata,
// with format assertions on so "uri" and "uri-reference" are checked too.
func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func TestLintSARIFSchema(t *testing.T) {
	sch := compileSARIFSchema(t)
	odd := shown(&run.Lint{
		Findings: []normalize.Diagnostic{
			{Rule: "not-registered", Severity: normalize.Info, Message: "no path, no rule entry"},
			{Rule: "r", Severity: normalize.Warning, Message: "odd path", Path: "dir with space/a:b#c?.json", Pos: normalize.Pos{Line: 1, Col: 1}},
			{Rule: "r", Severity: normalize.Warning, Message: "absolute", Path: "/etc/mcp.json", Pos: normalize.Pos{Line: 2, Col: 3}, End: normalize.Pos{Line: 4, Col: 1}},
			{Rule: "r", Severity: normalize.Error, Message: "home", Path: "~/.config/Code/User/mcp.json", Pos: normalize.Pos{Line: 1}},
		},
		Errors: []run.ToolError{{Message: "bad .mcpconf.toml"}},
		Rules:  []run.RuleInfo{{ID: "r", Title: "t"}, {ID: "r", Title: "duplicate id"}},
	})
	inRepo := fixtureRun(t)
	inRepo.Repository, inRepo.Base, inRepo.Home = filepath.FromSlash("/work/my repo"), filepath.FromSlash("/work/my repo/pkg"), filepath.FromSlash("/home/u")
	for name, l := range map[string]*view.Lint{"fixture": fixture(t), "empty": shown(&run.Lint{}), "odd": odd, "repository": shown(inRepo)} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := lintSARIF(&b, l); err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(&b)
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				t.Errorf("SARIF output does not match the schema: %v", err)
			}
		})
	}
}

// The schema test is worth something only if the schema rejects what
// SARIF forbids.
func TestSARIFSchemaRejects(t *testing.T) {
	sch := compileSARIFSchema(t)
	for name, doc := range map[string]string{
		"unknown level":    `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"level":"fatal","message":{"text":"m"}}]}]}`,
		"line 0":           `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`,
		"relative helpUri": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"r","helpUri":"docs/r.md"}]}}}]}`,
		"no tool":          `{"version":"2.1.0","runs":[{"results":[]}]}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(inst) == nil {
			t.Errorf("%s: the schema accepts an invalid log", name)
		}
	}
}

// sarifOutput is the part of the SARIF log the tests below look at.
type sarifOutput struct {
	Runs []sarifOutputRun `json:"runs"`
}

type sarifOutputRun struct {
	Tool struct {
		Driver struct {
			Rules []struct {
				ID   string `json:"id"`
				Name string `json:"name"`
			} `json:"rules"`
		} `json:"driver"`
	} `json:"tool"`
	Invocations []struct {
		ExecutionSuccessful bool `json:"executionSuccessful"`
	} `json:"invocations"`
	Results []struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           *int              `json:"ruleIndex"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Locations           []sarifOutputLoc  `json:"locations"`
		RelatedLocations    []sarifOutputLoc  `json:"relatedLocations"`
	} `json:"results"`
}

type sarifOutputLoc struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId"`
		} `json:"artifactLocation"`
	} `json:"physicalLocation"`
}

func renderSARIF(t *testing.T, l *view.Lint) sarifOutput {
	t.Helper()
	var b bytes.Buffer
	if err := lintSARIF(&b, l); err != nil {
		t.Fatal(err)
	}
	var out sarifOutput
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(out.Runs))
	}
	return out
}

func TestLintSARIFRules(t *testing.T) {
	lr := fixtureRun(t)
	l := shown(lr)
	run := renderSARIF(t, l).Runs[0]
	rules := run.Tool.Driver.Rules
	// Only the rules that fired are listed, in the catalogue's order:
	// server-name is in the catalogue and does not fire.
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.ID)
	}
	want := []string{"unreadable", "duplicate-key", "transport-conflict", "missing-url", "insecure-url", "hardcoded-secret", "unpinned-package"}
	if !slices.Equal(ids, want) {
		t.Fatalf("driver rules %q, want the rules that fired %q", ids, want)
	}
	sarifRuleIndexes(t, run)
	if rules[1].Name != "DuplicateKey" {
		t.Errorf("name of %s = %q, want DuplicateKey", rules[1].ID, rules[1].Name)
	}
	if run.Invocations[0].ExecutionSuccessful {
		t.Error("executionSuccessful is true despite a tool error")
	}
	lr.Errors = nil
	if !renderSARIF(t, shown(lr)).Runs[0].Invocations[0].ExecutionSuccessful {
		t.Error("executionSuccessful is false without tool errors")
	}

	// A rule listed twice gets one descriptor, and the indexes of the
	// rules after it still point at the right one.
	lr.Rules = append(lr.Rules[4:5:5], lr.Rules...) // capacity 1: append copies
	run = renderSARIF(t, shown(lr)).Runs[0]
	if got := len(run.Tool.Driver.Rules); got != len(want) {
		t.Fatalf("%d rules with one repeated id in the catalogue, want %d", got, len(want))
	}
	sarifRuleIndexes(t, run)

	// A finding of a rule the catalogue does not have gets no ruleIndex
	// and no descriptor; a run without findings lists no rule.
	lr.Findings = append(lr.Findings, normalize.Diagnostic{Rule: "not-in-catalogue", Severity: normalize.Info, Path: "a.json", Message: "m"})
	run = renderSARIF(t, shown(lr)).Runs[0]
	if got := len(run.Tool.Driver.Rules); got != len(want) {
		t.Errorf("%d rules with a finding outside the catalogue, want %d", got, len(want))
	}
	sarifRuleIndexes(t, run)
	lr.Findings = nil
	if got := renderSARIF(t, shown(lr)).Runs[0].Tool.Driver.Rules; len(got) != 0 {
		t.Errorf("a run without findings lists %d rules, want none", len(got))
	}
}

// sarifRuleIndexes checks SARIF 2.1.0's tie between results and rules
// (§3.27.6, §3.52.3): the ruleIndex of each result points into
// tool.driver.rules at the descriptor of its ruleId, it is absent only for
// a rule without a descriptor, and every descriptor is used by a result.
func sarifRuleIndexes(t *testing.T, run sarifOutputRun) {
	t.Helper()
	rules := run.Tool.Driver.Rules
	described := map[string]bool{}
	for _, r := range rules {
		if described[r.ID] {
			t.Errorf("rule %q is described twice", r.ID)
		}
		described[r.ID] = true
	}
	used := map[string]bool{}
	for _, r := range run.Results {
		switch {
		case r.RuleIndex == nil:
			if described[r.RuleID] {
				t.Errorf("result %s has no ruleIndex though its rule is described", r.RuleID)
			}
		case *r.RuleIndex < 0 || *r.RuleIndex >= len(rules):
			t.Errorf("result %s: ruleIndex %d is outside the %d rules", r.RuleID, *r.RuleIndex, len(rules))
		case rules[*r.RuleIndex].ID != r.RuleID:
			t.Errorf("result %s: ruleIndex %d points at %s", r.RuleID, *r.RuleIndex, rules[*r.RuleIndex].ID)
		default:
			used[r.RuleID] = true
		}
	}
	for id := range described {
		if !used[id] {
			t.Errorf("rule %q is described but no result has it", id)
		}
	}
}

// Moving a finding to another line must not make it a new alert, and two
// equal findings must still get distinct fingerprints.
func TestLintSARIFFingerprints(t *testing.T) {
	d := normalize.Diagnostic{Rule: "r", Severity: normalize.Error, Message: "m", Path: "a.json", Pos: normalize.Pos{Line: 3, Col: 1}}
	moved := d
	moved.Pos.Line = 30
	other := d
	other.Message = "n"
	fps := func(ds ...normalize.Diagnostic) []string {
		var out []string
		for _, r := range renderSARIF(t, shown(&run.Lint{Findings: ds})).Runs[0].Results {
			out = append(out, r.PartialFingerprints[fingerprintKey])
		}
		return out
	}
	a, b := fps(d), fps(moved)
	if a[0] == "" || a[0] != b[0] {
		t.Errorf("fingerprint changed when the line moved: %q, %q", a[0], b[0])
	}
	twice := fps(d, moved, other)
	if twice[0] == twice[1] || twice[0] == twice[2] || twice[1] == twice[2] {
		t.Errorf("fingerprints are not distinct: %q", twice)
	}
	// A finding about a value keeps its fingerprint when its message is
	// reworded, and differs from the same rule on another value.
	onValue := d
	onValue.Pointer = "/mcpServers/a/url"
	reworded := onValue
	reworded.Message = "better wording"
	elsewhere := onValue
	elsewhere.Pointer = "/mcpServers/b/url"
	if x, y, z := fps(onValue)[0], fps(reworded)[0], fps(elsewhere)[0]; x != y || x == z {
		t.Errorf("pointer fingerprints: %q %q %q", x, y, z)
	}
}

func TestCamelCase(t *testing.T) {
	for id, want := range map[string]string{"missing-command": "MissingCommand", "syntax": "Syntax", "npx-without-yes": "NpxWithoutYes", "": ""} {
		if got := camelCase(id); got != want {
			t.Errorf("camelCase(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestArtifactLocation(t *testing.T) {
	tests := []struct{ path, uri, base string }{
		{".mcp.json", ".mcp.json", srcRootBase},
		{".vscode/mcp.json", ".vscode/mcp.json", srcRootBase},
		{"my dir/mcp.json", "my%20dir/mcp.json", srcRootBase},
		{"a:b.json", "./a:b.json", srcRootBase},
		{"~/.claude.json", ".claude.json", homeBase},
		{"/etc/mcp/config.json", "file:///etc/mcp/config.json", ""},
	}
	for _, tt := range tests {
		got := artifactLocation(view.LintPath{Path: secret.New().Text(tt.path)})
		if got.URI != tt.uri || got.URIBaseID != tt.base {
			t.Errorf("artifactLocation(%q) = %q in %q, want %q in %q", tt.path, got.URI, got.URIBaseID, tt.uri, tt.base)
		}
	}
}

// TestRepositoryPaths: with a repository, GitHub and SARIF name a file by
// its path in it, whatever the display path is relative to (here a
// package of the repository); a file above the repository is outside it.
func TestRepositoryPaths(t *testing.T) {
	pkg := newDoc("app.json", "{}\n")
	above := newDoc("/work/.mcp.json", "{}\n")
	user := newDoc("~/.claude.json", "{}\n")
	at := normalize.Pos{Line: 1, Col: 1}
	run := &run.Lint{
		Findings: []normalize.Diagnostic{
			{Rule: "r", Severity: normalize.Error, Message: "in the package", Path: pkg.Path, Pos: at,
				Related: []normalize.Related{{Path: "../../.mcp.json", Pos: at, Message: "the other one"}}},
			{Rule: "r", Severity: normalize.Error, Message: "above", Path: above.Path, Pos: at},
			{Rule: "r", Severity: normalize.Error, Message: "home", Path: user.Path, Pos: at},
		},
		Checked:    checked(pkg, above, user),
		Repository: filepath.FromSlash("/work/repo"), Base: filepath.FromSlash("/work/repo/packages/api"), Home: filepath.FromSlash("/home/u"),
	}
	var gh bytes.Buffer
	if err := lintGitHub(&gh, shown(run)); err != nil {
		t.Fatal(err)
	}
	want := "::error file=packages/api/app.json,line=1,col=1,title=r::in the package%0A.mcp.json:1:1: note: the other one\n" +
		"::error title=r::/work/.mcp.json:1:1: above\n" +
		"::error title=r::~/.claude.json:1:1: home\n"
	if runtime.GOOS != "windows" && gh.String() != want {
		t.Errorf("github:\n%s\nwant:\n%s", &gh, want)
	}
	out := renderSARIF(t, shown(run))
	var got []string
	for _, r := range out.Runs[0].Results {
		a := r.Locations[0].PhysicalLocation.ArtifactLocation
		got = append(got, a.URIBaseID+"|"+a.URI)
		for _, rel := range r.RelatedLocations {
			a := rel.PhysicalLocation.ArtifactLocation
			got = append(got, "related "+a.URIBaseID+"|"+a.URI)
		}
	}
	wantURIs := []string{"%SRCROOT%|packages/api/app.json", "related %SRCROOT%|.mcp.json", "|file:///work/.mcp.json", "HOME|.claude.json"}
	if runtime.GOOS != "windows" && !slices.Equal(got, wantURIs) {
		t.Errorf("sarif locations %q, want %q", got, wantURIs)
	}
}

// A workflow command line: ::level props::message, where properties and
// the message may hold only the escapes GitHub decodes.
var githubLine = regexp.MustCompile(`^::(error|warning|notice) ` +
	`[a-zA-Z]+=(?:[^%,:\r\n]|%25|%0D|%0A|%3A|%2C)*(?:,[a-zA-Z]+=(?:[^%,:\r\n]|%25|%0D|%0A|%3A|%2C)*)*` +
	`::(?:[^%\r\n]|%25|%0D|%0A)*$`)

func TestLintGitHubWellFormed(t *testing.T) {
	lr := fixtureRun(t)
	lr.Findings = append(lr.Findings,
		normalize.Diagnostic{Rule: "r", Severity: normalize.Warning, Path: "odd,dir:x/100%.json", Pos: normalize.Pos{Line: 1, Col: 2},
			Message: "50% of \"a,b::c\"\r\nsecond line", Hint: "fix, then: retry"},
		normalize.Diagnostic{Rule: "r", Severity: normalize.Info, Message: "no file at all"},
		normalize.Diagnostic{Rule: "r", Severity: normalize.Error, Path: "/abs/mcp.json", Pos: normalize.Pos{Line: 4, Col: 1}, Message: "absolute"},
	)
	l := shown(lr)
	var b bytes.Buffer
	if err := lintGitHub(&b, l); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if want := len(l.Findings) + len(l.Errors); len(lines) != want {
		t.Fatalf("%d lines, want %d", len(lines), want)
	}
	for _, line := range lines {
		if !githubLine.MatchString(line) {
			t.Errorf("malformed workflow command: %q", line)
		}
		if strings.Contains(line, "file=~") || strings.Contains(line, "file=/") {
			t.Errorf("file outside the repository annotated: %q", line)
		}
	}
	// the line break of the message never reaches the output: the
	// boundary neutralized it; the hint's own line is the renderer's
	odd := lines[len(lines)-3]
	if want := "::warning file=odd%2Cdir%3Ax/100%25.json,line=1,col=2,title=r::50%25 of \"a,b::c\"\uFFFD\uFFFDsecond line%0Ahint: fix, then: retry"; odd != want {
		t.Errorf("escaping:\n got %s\nwant %s", odd, want)
	}
}
