package view

import (
	"testing"

	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// TestLearnResolved: what came from outside the file is learned, so it is
// masked wherever it appears; a path from $HOME is not (it would hide
// every path), unless its key says it is a secret.
func TestLearnResolved(t *testing.T) {
	b := secret.NewKeyed(nil)
	piece := func(field, key, value string, kind resolve.OriginKind, name string) resolve.Field {
		return resolve.Field{Field: field, Key: key, Value: value, External: true,
			Pieces: []resolve.Piece{{Start: 0, End: len(value), Kind: kind, Name: name}}}
	}
	LearnResolved(b, resolve.Resolved{Fields: []resolve.Field{
		piece("cwd", "", "/home/someone", resolve.FromVariable, "HOME"),
		piece("env", "DATA", "plain-value-1234", resolve.FromVariable, "DATA"),
		piece("env", "KEY_FILE_PASSWORD", "/not/a/path/really", resolve.FromVariable, "KEY_FILE_PASSWORD"),
		piece("env", "T", "from-command-5678", resolve.FromCommand, "vault read x"),
	}})
	for s, want := range map[string]string{
		"in /home/someone/proj":         "in /home/someone/proj",
		"got plain-value-1234":          "got ***",
		"pw /not/a/path/really":         "pw ***",
		"out from-command-5678 printed": "out *** printed",
	} {
		if got := b.Text(s).String(); got != want {
			t.Errorf("Text(%q) = %q, want %q", s, got, want)
		}
	}
}
