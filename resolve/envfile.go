package resolve

import (
	"strings"

	"github.com/mcpconf/mcpconf/internal/safefile"
)

// maxEnvFile bounds what ReadEnvFile reads: a .env file is small, and a
// path pointing at something else must not stall a probe.
const maxEnvFile = 1 << 20

// ReadEnvFile reads the variables of a definition's envFile ("K=V", in file
// order, a later line overriding an earlier one), as VS Code's parseEnvFile
// reads them. The file is read through safefile: a regular file of at most
// 1 MiB, within its deadline; allow, when not nil, may refuse it by its
// real path before a byte is read (see safefile.Limits.Allow). Errors are
// *safefile.Error.
func ReadEnvFile(path string, allow func(path, real string) error) ([]string, error) {
	f, err := safefile.Read(path, safefile.Limits{Max: maxEnvFile, Allow: allow})
	if err != nil {
		return nil, err
	}
	return parseEnvFile(string(f.Data)), nil
}

// parseEnvFile parses the text of a .env file the way VS Code does
// (src/vs/base/common/envfile.ts): one variable per line; blank lines and
// lines starting with "#" skipped; an "export " prefix dropped; the key
// ends at the first "=" or ":" outside quotes; a "#" outside quotes starts
// a comment; one pair of matching quotes (", ' or `) around the value is
// removed, and inside double quotes \n and \r are newline and return. No
// variable is expanded. Lines without a separator, or whose key cannot
// name an environment variable, are skipped.
func parseEnvFile(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var out []string
	index := map[string]int{}
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "export "); ok {
			line = strings.TrimSpace(rest)
		}
		sep := indexOutsideQuotes(line, func(c byte) bool { return c == '=' || c == ':' })
		if sep < 0 {
			continue
		}
		key := strings.TrimSpace(line[:sep])
		// A quoted key may hold "=", which no environment variable's name
		// can (nor NUL).
		if key == "" || strings.ContainsAny(key, "=\x00") {
			continue
		}
		value := strings.TrimSpace(line[sep+1:])
		if i := indexOutsideQuotes(value, func(c byte) bool { return c == '#' }); i >= 0 {
			value = strings.TrimSpace(value[:i])
		}
		if n := len(value); n >= 2 && strings.ContainsRune("\"'`", rune(value[0])) && value[n-1] == value[0] {
			q := value[0]
			value = value[1 : n-1]
			if q == '"' {
				value = strings.ReplaceAll(value, `\n`, "\n")
				value = strings.ReplaceAll(value, `\r`, "\r")
			}
		}
		if i, ok := index[key]; ok {
			out[i] = key + "=" + value
			continue
		}
		index[key] = len(out)
		out = append(out, key+"="+value)
	}
	return out
}

// indexOutsideQuotes is the index of the first byte matching pred outside
// a quoted stretch; a quote preceded by a backslash does not end one.
func indexOutsideQuotes(s string, pred func(byte) bool) int {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote && s[i-1] != '\\' {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case pred(c):
			return i
		}
	}
	return -1
}
