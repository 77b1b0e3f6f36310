package app

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/validate"
)

// TestSelectClients: every command chooses its clients one way — the
// clients asked for, else "clients" in .mcpconf.toml, else those whose
// files are found in the scope, then, without a choice asked for, the
// readers of a file found that none of those reads (when there were none,
// or the file is named).
func TestSelectClients(t *testing.T) {
	const servers = `{"mcpServers": {}}`
	bare := map[string]string{"mcp.json": servers}                               // pisces reads it, as another client's file
	mixed := map[string]string{"mcp.json": servers, ".cursor/mcp.json": servers} // Cursor's own beside it
	// (clients are in table order: pisces, claude, codex, …, cursor, …, vscode)
	user := map[string]string{"~/.cursor/mcp.json": servers, ".vscode/mcp.json": servers} // Cursor's in the home, VS Code's in the project
	cfg := &validate.Config{Clients: []string{"codex", "cursor"}}
	cases := []struct {
		name    string
		files   map[string]string
		req     ClientRequest
		named   []string // relative to the root, into req.Named
		want    []string
		exp     bool
		readers []string // ClientChoice.Readers
		unread  []string
		how     string // in ClientChoice.How
		err     string
	}{
		{name: "asked for: table order, once each", files: mixed, req: ClientRequest{Names: []string{"vscode", "cursor", "cursor"}},
			want: []string{"cursor", "vscode"}, exp: true, how: "chosen with --client"},
		{name: "an alias", files: mixed, req: ClientRequest{Names: []string{"claude-code"}}, want: []string{"claude"}, exp: true},
		{name: "asked for beat the config", files: mixed, req: ClientRequest{Names: []string{"vscode"}, Config: cfg}, want: []string{"vscode"}, exp: true},
		{name: "the config's", files: mixed, req: ClientRequest{Config: cfg}, want: []string{"codex", "cursor"}, exp: true, how: `from "clients" in .mcpconf.toml`},
		{name: "a config without clients chooses none", files: mixed, req: ClientRequest{Config: &validate.Config{}}, want: []string{"cursor"},
			how: "every client whose files were found here"},
		{name: "found", files: mixed, req: ClientRequest{}, want: []string{"cursor"}, how: "every client whose files were found here"},
		{name: "nothing found", files: map[string]string{"README": "x"}, req: ClientRequest{Unread: true}, want: nil},
		{name: "only another client's file: its readers", files: bare, req: ClientRequest{}, want: []string{"pisces"},
			readers: []string{"mcp.json"}, how: "mcp.json read by pisces only: shown as pisces reads it; choose with --client"},
		{name: "beside a client's own file: unread", files: mixed, req: ClientRequest{Unread: true}, want: []string{"cursor"},
			unread: []string{"mcp.json"}},
		{name: "beside a client's own file, named: its readers too", files: mixed, req: ClientRequest{Unread: true}, named: []string{"mcp.json"},
			want: []string{"pisces", "cursor"}, readers: []string{"mcp.json"}},
		{name: "named, the others not looked at for unread", files: mixed, req: ClientRequest{Unread: true}, named: []string{".cursor/mcp.json"},
			want: []string{"cursor"}},
		{name: "asked for: no reader stands in", files: bare, req: ClientRequest{Names: []string{"cursor"}, Unread: true}, named: []string{"mcp.json"},
			want: []string{"cursor"}, exp: true, unread: []string{"mcp.json"}},
		{name: "the config's: no reader stands in", files: bare, req: ClientRequest{Config: cfg, Unread: true},
			want: []string{"codex", "cursor"}, exp: true, unread: []string{"mcp.json"}},
		{name: "an ignored file is not looked at", files: bare, req: ClientRequest{Unread: true, Ignored: func(d string) bool { return d == "mcp.json" }},
			want: nil},
		{name: "scope project: the home's file is not found", files: user, req: ClientRequest{Scope: discover.ProjectScopes}, want: []string{"vscode"}},
		{name: "scope user: the project's file is not found", files: user, req: ClientRequest{Scope: discover.UserScopes}, want: []string{"cursor"}},
		{name: "scope all", files: user, req: ClientRequest{Scope: discover.AllScopes}, want: []string{"cursor", "vscode"}},
		{name: "an unknown client", files: mixed, req: ClientRequest{Names: []string{"cursr"}}, err: `unknown client "cursr"; did you mean "cursor"?`},
		{name: "an unknown client of a flag", files: mixed, req: ClientRequest{Names: []string{"cursr"}, Flag: "--from"}, err: `--from: unknown client "cursr"; did you mean "cursor"?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, home := testtree.Write(t, c.files)
			o := prepared(t, root, home)
			req := c.req
			if req.Scope == "" {
				req.Scope = discover.AllScopes
			}
			for _, n := range c.named {
				req.Named = append(req.Named, filepath.Join(root, n))
			}
			ch, err := SelectClients(o, req)
			if c.err != "" {
				var ue *UsageError
				if !errors.As(err, &ue) || err.Error() != c.err {
					t.Fatalf("error %v, want the usage error %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ids := func(cs []*normalize.Client) []string {
				var out []string
				for _, c := range cs {
					out = append(out, c.ID)
				}
				return out
			}
			displays := func(fs []discover.FoundFile) []string {
				var out []string
				for _, f := range fs {
					out = append(out, f.Display)
				}
				return out
			}
			if got := ids(ch.Clients); !slices.Equal(got, c.want) {
				t.Errorf("clients %q, want %q", got, c.want)
			}
			if ch.Explicit != c.exp {
				t.Errorf("explicit %v, want %v", ch.Explicit, c.exp)
			}
			if got := displays(ch.Readers); !slices.Equal(got, c.readers) {
				t.Errorf("taken in for %q, want %q", got, c.readers)
			}
			if got := displays(ch.Unread); !slices.Equal(got, c.unread) {
				t.Errorf("unread %q, want %q", got, c.unread)
			}
			if !strings.Contains(ch.How.String(), c.how) {
				t.Errorf("how %q, want %q in it", ch.How, c.how)
			}
		})
	}
}

// TestScopeVocabulary: one --scope vocabulary; each command takes the
// words that apply to it, the values each took before among them, and a
// word of the other side is refused saying why.
func TestScopeVocabulary(t *testing.T) {
	reads := map[string]discover.ScopeFilter{"project": discover.ProjectScopes, "user": discover.UserScopes, "all": discover.AllScopes}
	writes := map[string]normalize.Scope{"project": normalize.Project, "user": normalize.User, "local": normalize.Local}
	for _, s := range Scopes {
		r, rerr := ReadScope(s.Word)
		if want, ok := reads[s.Word]; ok != (rerr == nil) || r != want {
			t.Errorf("ReadScope(%q) = %q, %v", s.Word, r, rerr)
		}
		w, werr := WriteScope(s.Word)
		if want, ok := writes[s.Word]; ok != (werr == nil) || w != want {
			t.Errorf("WriteScope(%q) = %q, %v", s.Word, w, werr)
		}
	}
	for word := range reads {
		if _, err := ReadScope(word); err != nil {
			t.Errorf("lint --scope %s: %v", word, err)
		}
	}
	var ws []normalize.Scope
	for word, s := range writes {
		if _, err := WriteScope(word); err != nil {
			t.Errorf("--scope %s of a write: %v", word, err)
		}
		ws = append(ws, s)
	}
	if len(ws) != len(WriteScopes) || slices.ContainsFunc(ws, func(s normalize.Scope) bool { return !slices.Contains(WriteScopes, s) }) {
		t.Errorf("WriteScopes %q are not the words a write takes", WriteScopes)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(ReadScope("managed")), `unknown scope "managed": use project, user or all`},
		{second(WriteScope("managed")), `unknown scope "managed": use project, user or local`},
		{second(ReadScope("local")), `--scope local names the file a write goes to; lint reads its entries with the files around them: use project, user or all`},
		{second(WriteScope("all")), `--scope all is what lint reads, every scope; a write goes to one file: use project, user or local`},
	} {
		var ue *UsageError
		if !errors.As(c.err, &ue) || c.err.Error() != c.want {
			t.Errorf("error %v, want the usage error %q", c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }
