package probe

import (
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/internal/shell"
)

// handHint is the hint to run the server by hand, "to see the whole
// error" or another purpose: with the client's environment when the
// target says how it is built (HandEnv), so that the server fails there
// as it does in the client.
func handHint(m masker, t *Target, purpose string) string {
	if t.HandEnv != nil && t.HandEnv.Client != "" {
		return HandRunAs(t.HandEnv.Client) + " " + purpose + ": " + handCommand(m, t)
	}
	return "run it by hand " + purpose + ": " + handCommand(m, t)
}

// HandRunAs begins the hints that say to run a server by hand as client
// (a product name) starts it: a caller that gives one probe's result to
// several clients' entries (the same server, started the same way)
// replaces it with each entry's own.
func HandRunAs(client string) string {
	return "run it by hand as " + client + " starts it"
}

// handCommand is the command a user pastes into a POSIX shell to start
// the server as the client does: in its directory, with its environment
// (Target.HandEnv) and its command line, secrets masked, then quoted
// (shell.Quote). A value the user's shell holds is written "$NAME", never
// its value. It is POSIX whatever the machine (env -i, cd &&), and ends
// with shell.Note for what a terminal cannot show.
func handCommand(m masker, t *Target) string {
	line := commandLine(m, t)
	h := t.HandEnv
	if h == nil {
		return shell.Note(line)
	}
	var words []string
	switch {
	case h.Clear:
		words = append(words, "env", "-i")
	case len(h.Unset) > 0 || len(h.Set) > 0:
		words = append(words, "env")
		for _, n := range h.Unset {
			words = append(words, "-u", shell.Quote(n))
		}
	}
	for _, v := range h.Set {
		words = append(words, shell.Quote(v.Name+"=")+shellValue(m, v.Parts))
	}
	if len(words) > 0 {
		line = strings.Join(words, " ") + " " + line
	}
	if h.Dir != "" {
		line = "cd " + shell.Quote(shell.Path(h.Dir)) + " && " + line
	}
	return shell.Note(line)
}

// shellValue writes a value for a shell: its literal parts masked (what
// the run's boundary and the scanner call a secret becomes "***") and
// quoted (shell.Quote: single quotes, where neither "$" nor bash's "!"
// acts), the variables of the user's shell as "$NAME" beside them.
func shellValue(m masker, parts []ShellPart) string {
	var b, lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			b.WriteString(shell.Quote(m.mask(lit.String())))
			lit.Reset()
		}
	}
	for _, p := range parts {
		switch {
		case p.Var && shellName(p.Text):
			flush()
			b.WriteString(`"$` + p.Text + `"`)
		case p.Var:
			lit.WriteString(maskedPart) // a variable the shell cannot name
		default:
			lit.WriteString(p.Text)
		}
	}
	if lit.Len() > 0 || b.Len() == 0 {
		b.WriteString(shell.Quote(m.mask(lit.String())))
	}
	return b.String()
}

// maskedPart stands for a value that cannot be written: secret.Masked.
const maskedPart = "***"

// shellName reports whether a shell can expand the variable name.
func shellName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// envFromStderr marks the variables not passed that the server's stderr
// names (Why NamedOnStderr) and puts them first: a server that exits on
// a missing token usually says which.
func (p *prober) envFromStderr(pr *process) {
	vars := p.result.EnvNotPassed
	if len(vars) == 0 {
		return
	}
	text := pr.stderr.text()
	if text == "" {
		return
	}
	lines := strings.Split(text, "\n")
	var named, rest []EnvVar
	for _, v := range vars {
		if slices.ContainsFunc(lines, func(l string) bool { return namesVariable(l, v.Name) }) {
			v.Why = NamedOnStderr
			named = append(named, v)
		} else {
			rest = append(rest, v)
		}
	}
	p.result.EnvNotPassed = append(named, rest...)
}

// namesVariable reports whether a line of stderr names the variable: the
// name as a word of its own, and either a name no log word has (with an
// underscore) or a line about the environment ("DEBUG: starting" names
// no variable).
func namesVariable(line, name string) bool {
	if len(name) < 3 {
		return false
	}
	found := false
	for at := 0; !found; {
		i := strings.Index(line[at:], name)
		if i < 0 {
			return false
		}
		i += at
		end := i + len(name)
		found = (i == 0 || !isNameByte(line[i-1])) && (end == len(line) || !isNameByte(line[end]))
		at = i + 1
	}
	if strings.Contains(name, "_") {
		return true
	}
	low := strings.ToLower(line)
	for _, w := range []string{"env", "variable", "not set", "missing", "required", "undefined"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
