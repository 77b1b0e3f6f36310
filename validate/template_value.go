package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// templateValueRule reports values copied from a server's docs that were meant
// to be replaced: "YOUR_API_KEY", "<your-token>", "xxxx".
var templateValueRule = &Rule{
	ID:       normalize.RuleTemplateValue,
	Title:    "a value is a template left in place (\"YOUR_API_KEY\", \"<your-token>\")",
	Severity: normalize.Info,
	Clients:  "every client: no client fills in a template",
	doc: `Install instructions show values to replace: ` + "`\"API_KEY\": \"YOUR_API_KEY\"`" + `,
` + "`\"Bearer <your-token>\"`" + `, ` + "`https://<your-instance>.example.com/mcp`" + `, ` + "`sk-xxxxxxxx`" + `. Left in
place, they reach the server as written: it starts, then every call fails
with an authentication error that does not say why.

Reported in ` + "`env`" + `, ` + "`headers`" + `, ` + "`args`" + `, ` + "`command`" + `, ` + "`cwd`" + ` and the URL: ` + "`<…>`" + ` around
letters, a word made with "your" (` + "`YOUR_API_KEY`" + `, ` + "`your-token`" + `, ` + "`yourKey`" + `), runs
of four or more ` + "`x`" + `, ` + "`REPLACE_ME`" + `, ` + "`CHANGEME`" + `, ` + "`…_HERE`" + `, and a path through
` + "`path/to`" + ` (` + "`/path/to/project`" + `, ` + "`C:\\path\\to\\server`" + `), which no machine has. A lone word "your" in
a sentence is not a template; placeholders (` + "`${YOUR_TOKEN}`" + `) are not either.

Replace the value, with the client's placeholder when it is a credential,
so that the secret stays out of the file.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad: "{ \"mcpServers\": { \"brave\": { \"command\": \"npx\", \"args\": [\"-y\", \"@brave/brave-search-mcp-server@2.0.0\"],\n" +
			"  \"env\": { \"BRAVE_API_KEY\": \"YOUR_API_KEY_HERE\" } } } }\n",
		Good: "{ \"mcpServers\": { \"brave\": { \"command\": \"npx\", \"args\": [\"-y\", \"@brave/brave-search-mcp-server@2.0.0\"],\n" +
			"  \"env\": { \"BRAVE_API_KEY\": \"${env:BRAVE_API_KEY}\" } } } }\n"},
	Check: checkTemplateValue,
}

// templateFields are the server fields whose strings are looked at, with
// env and headers under any client's key for them (secretKind).
var templateFields = []string{"args", "command", "cwd", "url", "serverUrl", "httpUrl"}

func checkTemplateValue(p *Pass) {
	for s := range p.valueServers() {
		if s.Node == nil {
			continue
		}
		doc := p.Document(s.Source.Path)
		code := -1 // whether the arguments are a script (sh -c, python -c), known once needed
		eachString(s.Node, func(v stringVisit) {
			if secretKind(v.field) == "" && !slices.Contains(templateFields, v.field) || !maybeTemplate(v.value.Str) {
				return
			}
			start, end, ok := templateSpan(v.value.Str)
			if !ok {
				return
			}
			if v.field == "args" || v.field == "command" {
				if code < 0 {
					e := execOf(s)
					code = b2i(isShell(e.command) || codeRunner(e))
				}
				if code == 1 {
					return
				}
			}
			what := fmt.Sprintf("%q", v.field)
			key := ""
			if m := secretKind(v.field); m != "" {
				what, key = fmt.Sprintf("%s %q", m, v.key), v.key
			}
			d := p.reportSub(doc, v.value, start, end, "%s holds the template value %q: it was meant to be replaced, and the server gets it as written",
				what, v.value.Str[start:end])
			d.Hint = "replace it with the real value"
			if strings.ContainsAny(v.value.Str[start:end], `/\`) {
				d.Hint = "replace it with the real path"
			} else if key != "" && secret.IsSecretKey(key) {
				hint, value := secretEdit(s.Source.Client, s.Name, v.field, key, "", nil)
				d.Hint = "replace it with the credential: " + hint
				if value != "" {
					suggest(d, fmt.Sprintf("write %q", value), replaceValue(doc, v.value, jsonQuote(value)))
				}
			}
		})
	}
}

// maybeTemplate is a cheap test that s may hold a template, before
// templateSpan looks for one: "<", "your", "xx", "replace", "change" or
// "here" in any case.
func maybeTemplate(s string) bool {
	if strings.IndexByte(s, '<') >= 0 {
		return true
	}
	for _, w := range []string{"your", "xxxx", "replace", "change", "here", "path"} {
		if containsFold(s, w) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds the lower-case ASCII word w in any
// case, without allocating.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for j < len(w) && (s[i+j] == w[j] || s[i+j]+'a'-'A' == w[j]) {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// templateSpan finds the first template in s: "<your-token>", a word made
// with "your", "xxxx", "REPLACE_ME", "API_KEY_HERE"; placeholders are
// not templates.
func templateSpan(s string) (start, end int, ok bool) {
	phs := resolve.Scan(s)
	inPlaceholder := func(a, b int) bool {
		for _, ph := range phs {
			if a < ph.End && b > ph.Start {
				return true
			}
		}
		return false
	}
	if a, b, ok := templatePath(s); ok && !inPlaceholder(a, b) {
		return a, b, true
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '<' || i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '=' {
			continue
		}
		j, letters := i+1, false
		for j < len(s) && (isLetter(s[j]) || '0' <= s[j] && s[j] <= '9' || strings.IndexByte("_-. ", s[j]) >= 0) {
			letters = letters || isLetter(s[j])
			j++
		}
		if j < len(s) && s[j] == '>' && letters && !inPlaceholder(i, j+1) {
			return i, j + 1, true
		}
	}
	for i := 0; i < len(s); {
		if !isTemplateRunChar(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isTemplateRunChar(s[j]) {
			j++
		}
		if templateRun(s[i:j]) && !inPlaceholder(i, j) {
			return i, j, true
		}
		i = j
	}
	return 0, 0, false
}

// templatePath finds a path from install instructions, one with the
// directories "path/to" ("/path/to/project", "--db=/absolute/path/to/x",
// "C:\path\to\server"), and returns the whole path; a URL is left alone.
func templatePath(s string) (start, end int, ok bool) {
	for i := 0; i+len("path/to/") <= len(s); i++ {
		sep := s[i+4]
		if !containsFold(s[i:i+4], "path") || sep != '/' && sep != '\\' || !strings.EqualFold(s[i+5:i+7], "to") || s[i+7] != sep ||
			i > 0 && s[i-1] != sep {
			continue
		}
		start, end = i, i+8
		for start > 0 && !strings.ContainsRune(" \t=,;'\"(:", rune(s[start-1])) {
			start--
		}
		if start >= 2 && s[start-1] == ':' && isLetter(s[start-2]) && (start == 2 || strings.ContainsRune(" \t=,;'\"(", rune(s[start-3]))) && (s[start] == '/' || s[start] == '\\') {
			start -= 2 // a drive: C:\path\to
		}
		for end < len(s) && !strings.ContainsRune(" \t,;'\"):", rune(s[end])) {
			end++
		}
		if start >= 3 && s[start-3:start] == "://" || strings.Contains(s[start:end], "://") {
			return 0, 0, false
		}
		return start, end, true
	}
	return 0, 0, false
}

func isTemplateRunChar(b byte) bool {
	return isLetter(b) || '0' <= b && b <= '9' || b == '_' || b == '-' || b == '.'
}

// templateRun reports a run of letters, digits, "_", "-" and "." that is a
// template.
func templateRun(r string) bool {
	words := secret.Words(r)
	for _, w := range words {
		if len(w) >= 4 && strings.Trim(w, "x") == "" {
			return true // xxxx, sk-xxxxxxxx
		}
	}
	if len(words) < 2 {
		return strings.EqualFold(r, "changeme") || strings.EqualFold(r, "replaceme")
	}
	joined := "_" + strings.Join(words, "_") + "_"
	for _, t := range []string{"_your_", "_replace_me_", "_change_me_", "_changeme_", "_replace_with_", "_goes_here_"} {
		if strings.Contains(joined, t) {
			return true
		}
	}
	if words[len(words)-1] == "here" {
		for _, w := range words[:len(words)-1] {
			if secret.IsSecretKey(w) || w == "id" || w == "url" || w == "name" {
				return true
			}
		}
	}
	return false
}
