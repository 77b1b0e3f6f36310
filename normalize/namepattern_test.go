package normalize

import "testing"

// TestNamePattern: a client's pattern decides names and characters, and
// the name it suggests is one the pattern takes.
func TestNamePattern(t *testing.T) {
	codex := clientByID(t, "codex")
	p := codex.NamePattern
	if p == nil || p.Pattern != `^[a-zA-Z0-9_:@/.-]+$` || p.AddOnly {
		t.Fatalf("codex's pattern: %+v", p)
	}
	for name, want := range map[string]bool{"github": true, "my_server-2": true, "my server": false, "docs.v2": true, "": false, "npm:@x/y": true, "a+b": false} {
		if got := p.Match(name); got != want {
			t.Errorf("Match(%q) = %v, want %v", name, got, want)
		}
	}
	if p.Allows('+') || !p.Allows('.') {
		t.Error("Allows: '+' allowed or '.' not")
	}
	for name, want := range map[string]string{"my server": "my-server", "docs+v2": "docs-v2", "Dépôt Zürich": "depot-zurich", "+++": "server"} {
		if got := p.Suggest(name); got != want || !p.Match(got) {
			t.Errorf("Suggest(%q) = %q, want %q, which the pattern takes", name, got, want)
		}
	}
	if got := p.Outside(codex, "my server"); got != `Codex refuses to start a server named "my server"` {
		t.Errorf("Outside: %q", got)
	}
	if claude := clientByID(t, "claude"); claude.NamePattern == nil || !claude.NamePattern.AddOnly {
		t.Errorf("claude's pattern: %+v", claude.NamePattern)
	}
}

func clientByID(t *testing.T, id string) *Client {
	t.Helper()
	for _, c := range Clients() {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no client %q", id)
	return nil
}
