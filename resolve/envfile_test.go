package resolve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseEnvFile(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"plain", "A=1\nB=two words\n", []string{"A=1", "B=two words"}},
		{"blank lines and comments", "\n# comment\n  # indented comment\nA=1\n\n", []string{"A=1"}},
		{"export prefix", "export A=1\nexport  B=2", []string{"A=1", "B=2"}},
		{"colon separator", "A: 1\nB:2", []string{"A=1", "B=2"}},
		{"first separator wins", "URL=http://h:80/x?a=b", []string{"URL=http://h:80/x?a=b"}},
		{"spaces around", "  A =  spaced  ", []string{"A=spaced"}},
		{"trailing comment", "A=1 # one\nB=x#y", []string{"A=1", "B=x"}},
		{"hash in quotes", `A="x # y"`, []string{"A=x # y"}},
		{"double quotes escapes", `A="l1\nl2\rend\t"`, []string{"A=l1\nl2\rend\\t"}},
		{"single quotes literal", `A='l1\n'`, []string{`A=l1\n`}},
		{"backquotes", "A=`v`", []string{"A=v"}},
		{"unbalanced quote kept", `A="open`, []string{`A="open`}},
		{"separator in quoted key", `"K:V"=x`, []string{`"K:V"=x`}},
		{"a key with = names no variable", "\"K=V\"=x\nA=1", []string{"A=1"}},
		{"no separator skipped", "JUSTTEXT\nA=1", []string{"A=1"}},
		{"empty key skipped", "=1\nA=", []string{"A="}},
		{"later wins, first place kept", "A=1\nB=2\nA=3", []string{"A=3", "B=2"}},
		{"CRLF and CR", "A=1\r\nB=2\rC=3", []string{"A=1", "B=2", "C=3"}},
		{"no expansion", "A=${HOME}/x $B", []string{"A=${HOME}/x $B"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := parseEnvFile(tc.text); !slices.Equal(got, tc.want) {
				t.Errorf("parseEnvFile(%q)\n got %q\nwant %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestReadEnvFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".env")
	if err := os.WriteFile(path, []byte("A=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadEnvFile(path, nil); err != nil || !slices.Equal(got, []string{"A=1"}) {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := ReadEnvFile(filepath.Join(dir, "missing"), nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadEnvFile(dir, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: %v", err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("A=1\n", maxEnvFile/4+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadEnvFile(big, nil); err == nil || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Errorf("a large file: %v", err)
	}
}

func FuzzParseEnvFile(f *testing.F) {
	f.Add("export A='x # y' # c\nB: \"l1\\nl2\"\r\n=bad\nC=`q`")
	f.Add("A=\"unterminated\nB='\\'x'\n# only a comment")
	f.Fuzz(func(t *testing.T, text string) {
		vars := parseEnvFile(text)
		seen := map[string]bool{}
		for _, kv := range vars {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" || k != strings.TrimSpace(k) {
				t.Fatalf("bad variable %q", kv)
			}
			if seen[k] {
				t.Fatalf("key %q twice", k)
			}
			seen[k] = true
			if v != strings.TrimSpace(v) && !strings.ContainsAny(text, "\"'`") {
				t.Fatalf("value %q of %q not trimmed without quotes", v, k)
			}
		}
		if len(vars) > 0 && !strings.ContainsAny(text, "=:") {
			t.Fatalf("variables %q from text without a separator", vars)
		}
		// A plain variable written back alone parses to itself.
		for _, kv := range vars {
			k, v, _ := strings.Cut(kv, "=")
			if strings.Trim(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" ||
				strings.ContainsAny(v, "\"'`#\r\n") || v != strings.TrimSpace(v) || strings.HasPrefix(k, "export") {
				continue
			}
			if got := parseEnvFile(kv); !slices.Equal(got, []string{kv}) {
				t.Fatalf("parseEnvFile(%q) = %q", kv, got)
			}
		}
	})
}
