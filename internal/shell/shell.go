// Package shell quotes the commands mcpconf suggests (in hints, notes and
// errors) so that a user can paste them: every argument is one word to
// the shell, whatever it holds — spaces, quotes, ";", "$(…)", backquotes,
// globs, "!", line breaks, non-ASCII — and an operand starting with "-"
// comes after "--" (Args) or "./" (Path).
//
// Which shell. A hint is read, and pasted, on the machine mcpconf runs
// on, so Command quotes for that machine's shell (runtime.GOOS):
// PowerShell on Windows, a POSIX shell (sh, bash, zsh, dash, ksh)
// elsewhere. The client whose files are read may run elsewhere (--home
// and --system can name another machine's files), but the command is
// mcpconf's own or a tool run here. Probe's "run it by hand" line is
// POSIX whatever the machine (env -i, cd &&): it uses Quote and POSIX.
//
// What a terminal cannot show. Output crosses the secret boundary, which
// replaces control characters, line breaks, bidirectional controls and
// invalid UTF-8 by U+FFFD and tabs by spaces (secret.Boundary.Text). A
// command holding such a character cannot be printed as it must be
// pasted: Command prints it with U+FFFD in its place and says so (Note,
// Unshown), rather than print a command that names something else
// without a word.
//
// Masking. A hint is masked after it is formatted, by the boundary's
// Text, which keeps the quotes, backslashes and spaces inside a masked
// secret: a secret becomes *** and the command keeps its words. *** in
// an unquoted word is a glob: an argument may change, nothing else runs.
//
// Not covered: Windows PowerShell 5.1 (not PowerShell 7.3 and later)
// drops an empty argument and mangles a double quote inside one when it
// starts a native program such as mcpconf.exe.
package shell

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/secret"
)

// Windows reports whether Command quotes for PowerShell: mcpconf runs on
// Windows.
var Windows = runtime.GOOS == "windows"

// Command is args quoted for the shell of the machine mcpconf runs on
// (see the package doc) and joined by spaces: POSIX or PowerShell, then
// Note for what a terminal cannot show.
func Command(args ...string) string {
	if Windows {
		return Note(PowerShell(args...))
	}
	return Note(POSIX(args...))
}

// Words is args quoted for the shell of the machine mcpconf runs on, as
// arguments to a command (no program among them: "--profile work" in
// "start codex with --profile work"), joined by spaces, then Note.
func Words(args ...string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		if Windows {
			parts[i] = QuotePowerShell(a)
		} else {
			parts[i] = Quote(a)
		}
	}
	return Note(strings.Join(parts, " "))
}

// Option is an option and its value as words: --name value, or
// --name=value when the value starts with "-", which a program would
// otherwise read as an option of its own.
func Option(name, value string) []string {
	if strings.HasPrefix(value, "-") {
		return []string{name + "=" + value}
	}
	return []string{name, value}
}

// POSIX is args quoted for a POSIX shell (Quote) and joined by spaces,
// the first quoted also when a shell would read it as a variable
// assignment (A=b) or a reserved word (if, !): it is the program run.
func POSIX(args ...string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		q := Quote(a)
		if i == 0 && q == a && (strings.Contains(a, "=") || reserved()[a]) {
			q = "'" + a + "'"
		}
		parts[i] = q
	}
	return strings.Join(parts, " ")
}

// PowerShell is args quoted for PowerShell (QuotePowerShell) and joined
// by spaces, behind the call operator & when the program must be quoted
// (PowerShell reads a quoted first word as a string, not a command).
func PowerShell(args ...string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = QuotePowerShell(a)
	}
	line := strings.Join(parts, " ")
	if len(args) > 0 && parts[0] != args[0] {
		line = "& " + line
	}
	return line
}

// reserved are the words a POSIX shell (or bash, zsh, ksh) reads as
// syntax at the start of a command.
var reserved = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true, "done": true,
		"case": true, "esac": true, "while": true, "until": true, "for": true, "in": true, "function": true, "select": true,
		"time": true, "coproc": true, "repeat": true, "foreach": true, "end": true, "nocorrect": true, "noglob": true}
})

// Quote is s as one word of a POSIX shell: bare when it holds only
// characters no shell treats specially (letters, digits and -_./:@%+,=,
// not starting with "="), else in single quotes, where nothing is special
// but the quote itself: it closes the quotes, is written escaped (a
// backslash before it) and opens them again. The empty string is two
// single quotes. A NUL cannot be in an argument at all.
func Quote(s string) string {
	if s != "" && s[0] != '=' && strings.IndexFunc(s, func(r rune) bool { return !posixSafe(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func posixSafe(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@%+,=", r)
}

// QuotePowerShell is s as one argument in PowerShell: bare when it holds
// only letters, digits and -_./:\ (an argument starting with "-" only as
// a plain flag, --name, so that "--", "--%" and -a.b, which PowerShell
// reads as syntax or splits, are quoted), else in single quotes, where
// nothing is special but the single quotes, each doubled: the ASCII one
// and the typographic ones PowerShell reads as the same (U+2018 to
// U+201B).
func QuotePowerShell(s string) string {
	if psBare(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for _, r := range s {
		if psQuote(r) {
			b.WriteRune(r)
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
	return b.String()
}

func psBare(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		name := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "-")
		if name == "" || !isAlnum(rune(name[0])) {
			return false
		}
		return strings.IndexFunc(name, func(r rune) bool { return !isAlnum(r) && r != '-' }) < 0
	}
	return strings.IndexFunc(s, func(r rune) bool { return !isAlnum(r) && !strings.ContainsRune("-_./:\\", r) }) < 0
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// psQuote reports the characters PowerShell reads as a single quote.
func psQuote(r rune) bool { return r == '\'' || r >= '\u2018' && r <= '\u201b' }

// Args are the words of a command taking one operand and options:
// words, operand, options — or, when the operand starts with "-", words,
// options, "--", operand, so that the program does not read it as an
// option (cobra, chmod and most tools stop reading options at "--").
// Command(Args([]string{"mcpconf", "probe"}, name, "--tools")...).
func Args(words []string, operand string, options ...string) []string {
	out := slices.Clone(words)
	if strings.HasPrefix(operand, "-") {
		return append(append(append(out, options...), "--"), operand)
	}
	return append(append(out, operand), options...)
}

// Path is a path as an operand: a relative one starting with "-" gets
// "./" in front (a program reads it as a file whether or not it takes
// "--", and wherever "--" must go).
func Path(p string) string {
	if strings.HasPrefix(p, "-") {
		return "./" + p
	}
	return p
}

// Unshown follows a command holding a character a terminal cannot show:
// the output boundary replaces it by U+FFFD (a tab by a space), so the
// command as printed is not the one to paste.
const Unshown = " (not as shown: � stands for a character a terminal cannot show; type it in its place)"

// Note is a command line as it will be printed: itself when a terminal
// shows it as it is (Shown), else with each character the terminal cannot
// show replaced by U+FFFD (a tab too, which the output boundary would
// make a space) and Unshown after it. Command ends with it; so must a
// line built otherwise (with Quote or POSIX) before it is printed.
func Note(line string) string {
	if Shown(line) {
		return line
	}
	return strings.Map(func(r rune) rune {
		if secret.Unprintable(r) {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(line, string(utf8.RuneError))) + Unshown
}

// Shown reports whether s prints on one line of a terminal as it is: no
// character the output boundary replaces (secret.Printable).
func Shown(s string) bool { return secret.Printable(s) }
