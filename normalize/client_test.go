package normalize

import (
	"slices"
	"strings"
	"testing"
)

// TestClientDescriptors checks what every descriptor must hold, so a new
// client cannot be half-written.
func TestClientDescriptors(t *testing.T) {
	seen := map[string]string{}
	for _, c := range Clients() {
		for _, n := range c.Names() {
			if other, dup := seen[n]; dup {
				t.Errorf("name %q used by %s and %s", n, other, c.ID)
			}
			seen[n] = c.ID
		}
		if c.Product == "" || c.ServersKey == "" || c.decode == nil {
			t.Errorf("%s: product, servers key and decoder are required", c.ID)
		}
		if c.Views() && len(c.Files) == 0 && !c.ReadsProviders() {
			t.Errorf("%s: a client with a view reads files", c.ID)
		}
		if !c.Views() && ProviderOf(c) == nil {
			t.Errorf("%s: a provider-only entry needs a pisces row", c.ID)
		}
		if len(c.Facts) == 0 {
			t.Errorf("%s: no facts: say what mcpconf believes and where it was read", c.ID)
		}
		for _, f := range c.Facts {
			if f.Source == "" {
				t.Errorf("%s: fact %q has no source", c.ID, f.Text)
			}
		}
		for _, l := range c.Lists {
			if len(l.Path) == 0 && l.File == nil {
				t.Errorf("%s: a list in the server files needs a path", c.ID)
			}
		}
		if c.VarForm != "" && !strings.Contains(c.VarForm, "%s") {
			t.Errorf("%s: VarForm %q has no %%s", c.ID, c.VarForm)
		}
		if (c.VarForm == "") != (len(c.Placeholders) == 0) {
			t.Errorf("%s: VarForm and Placeholders must be set together", c.ID)
		}
		for _, k := range c.EndpointKeys {
			if !c.Knows(k) {
				t.Errorf("%s: endpoint key %q is not a field", c.ID, k)
			}
		}
		for _, k := range c.ToolFilters {
			if k != "" && !c.Knows(k) {
				t.Errorf("%s: tool filter %q is not a field", c.ID, k)
			}
		}
		for field, k := range c.FieldKeys {
			if !c.Knows(k) {
				t.Errorf("%s: the key %q of %s is not a field", c.ID, k, field)
			}
		}
		if c.CommandArray != (c.FieldKey("args") == "command") {
			t.Errorf("%s: a command array holds the args: FieldKeys must say so", c.ID)
		}
		if c.CoReader != "" && ClientByID(c.CoReader) == nil {
			t.Errorf("%s: unknown co-reader %q", c.ID, c.CoReader)
		}
	}
	for _, alias := range []string{"claude-code", "gemini-cli", "vs-code"} {
		if c := ClientByID(alias); c == nil || !c.Views() {
			t.Errorf("alias %q does not name a client", alias)
		}
	}
}

func TestProvidersOrder(t *testing.T) {
	var ids []string
	for _, p := range Providers() {
		ids = append(ids, p.Client.ID)
		for _, label := range p.Lists {
			if !slices.ContainsFunc(p.Client.Lists, func(l List) bool { return l.Label() == label }) {
				t.Errorf("provider %s: no list %q", p.Client.ID, label)
			}
		}
	}
	want := []string{"pisces", "claude", "codex", "gemini", "opencode", "cursor", "windsurf", "agent-code", "vscode", "mcp-json"}
	if !slices.Equal(ids, want) {
		t.Errorf("providers %v, want %v", ids, want)
	}
}

func TestFileDisplay(t *testing.T) {
	vscodeUser := vscode.Files[3]
	for goos, want := range map[string]string{
		"linux":   "~/.config/Code/User/mcp.json",
		"darwin":  "~/Library/Application Support/Code/User/mcp.json",
		"windows": `%APPDATA%\Code\User\mcp.json`,
	} {
		if got := vscodeUser.Display(goos); got != want {
			t.Errorf("%s: %q, want %q", goos, got, want)
		}
	}
	if got := agentCode.UserFile(); got != "~/.config/agent-code/config.toml" {
		t.Errorf("agent-code user file %q", got)
	}
}
