package discover

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// geminiView builds Gemini CLI's view of a tree whose machine root is sys
// ("" for none), as explain --home H [--system S] does.
func geminiView(t *testing.T, root, home, sys string, env map[string]string) (*normalize.Set, *Options) {
	t.Helper()
	o := Options{Root: root, Home: home, Cwd: root, Isolated: true, System: sys, Getenv: func(k string) string { return env[k] }}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("gemini"), AllScopes), &o
}

// writeSystem writes files under a fresh directory standing for a
// machine's root.
func writeSystem(t *testing.T, files map[string]string) string {
	t.Helper()
	sys := t.TempDir()
	for p, content := range files {
		abs := filepath.Join(sys, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return sys
}

func sourceOf(t *testing.T, set *normalize.Set, suffix string) normalize.SourceFile {
	t.Helper()
	for _, s := range set.Sources {
		if strings.HasSuffix(s.Path, suffix) {
			return s
		}
	}
	t.Fatalf("no source %q in %+v", suffix, set.Sources)
	return normalize.SourceFile{}
}

// TestGeminiSystemPrecedence: Gemini CLI 0.61.0 merges system defaults <
// user < workspace < system settings (testdata/clients/gemini-system-precedence).
func TestGeminiSystemPrecedence(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json":       `{"mcpServers": {"all": {"command": "from-user"}, "ud": {"command": "from-user"}}}`,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
		".gemini/settings.json":         `{"mcpServers": {"all": {"command": "from-workspace"}}}`,
	})
	sys := writeSystem(t, map[string]string{
		"etc/gemini-cli/settings.json":        `{"mcpServers": {"all": {"command": "from-system"}}}`,
		"etc/gemini-cli/system-defaults.json": `{"mcpServers": {"all": {"command": "from-defaults"}, "ud": {"command": "from-defaults"}, "d": {"command": "d"}}}`,
	})
	set, _ := geminiView(t, root, home, sys, nil)
	var order []string
	for _, s := range set.Sources {
		order = append(order, string(s.Scope)+" "+filepath.Base(s.Path))
	}
	if want := []string{"system settings.json", "project settings.json", "user settings.json", "system system-defaults.json"}; !slices.Equal(order, want) {
		t.Errorf("sources, highest precedence first: %q, want %q", order, want)
	}
	all := server(t, set, "all")
	if all.Server.Command != "from-system" || all.Server.Source.Scope != normalize.System || len(all.Shadowed) != 3 {
		t.Errorf("all: %s from %s, %d shadowed", all.Server.Command, all.Server.Source.Path, len(all.Shadowed))
	}
	if ud := server(t, set, "ud"); ud.Server.Command != "from-user" || ud.Shadowed[0].Reason != "user scope wins over system scope" {
		t.Errorf("ud: %s; %+v", ud.Server.Command, ud.Shadowed)
	}
	if d := server(t, set, "d"); !d.Server.Enabled || d.Server.Source.Path != sys+"/etc/gemini-cli/system-defaults.json" {
		t.Errorf("d: %+v", d.Server.Source)
	}
}

// TestGeminiSystemFileSkipped: a system file under a directory others can
// write, or writable itself, is skipped with Gemini CLI's reason and fix
// (testdata/clients/gemini-system-writable, gemini-system-file-writable).
func TestGeminiSystemFileSkipped(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json":       `{"mcpServers": {"u": {"command": "false"}}}`,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
	})
	sys := writeSystem(t, map[string]string{
		"etc/gemini-cli/settings.json":        `{"mcpServers": {"s": {"command": "s"}},}`, // broken, but never parsed
		"etc/gemini-cli/system-defaults.json": `{"mcpServers": {"d": {"command": "d"}}}`,
	})
	dir := filepath.Join(sys, "etc", "gemini-cli")
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	set, _ := geminiView(t, root, home, sys, nil)
	for _, name := range []string{"settings.json", "system-defaults.json"} {
		s := sourceOf(t, set, "/etc/gemini-cli/"+name)
		want := `Gemini CLI skips it: the directory "` + dir + `" above it is writable by group or others (mode 0777)`
		if s.Status != normalize.Ignored || !s.Skipped || s.Note != want || s.Hint != "run: sudo chmod g-w,o-w "+dir {
			t.Errorf("%s: %+v\nwant note %q", name, s, want)
		}
	}
	if len(set.Entries) != 1 || !set.Entries[0].Server.Enabled {
		t.Errorf("only the user's server, started, and no refusal: %+v", set.Entries)
	}
	for _, d := range set.Diagnostics {
		if strings.Contains(d.Path, "etc/gemini-cli") {
			t.Errorf("a skipped file is not read: %+v", d)
		}
	}

	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defaults := filepath.Join(dir, "system-defaults.json")
	if err := os.Chmod(defaults, 0o666); err != nil {
		t.Fatal(err)
	}
	set, _ = geminiView(t, root, home, sys, nil)
	if s := sourceOf(t, set, "system-defaults.json"); !s.Skipped || s.Note != "Gemini CLI skips it: the file is writable by group or others (mode 0666)" {
		t.Errorf("a writable file: %+v", s)
	}
	if e := set.Entries[0]; e.Server.Off == nil || e.Server.Off.Status != normalize.StatusRefused {
		t.Errorf("the system settings are read now, and do not parse: %+v", e.Server)
	}

	if os.Geteuid() == 0 {
		if err := os.Chmod(defaults, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Lchown(defaults, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		set, _ = geminiView(t, root, home, sys, nil)
		if s := sourceOf(t, set, "system-defaults.json"); !s.Skipped || !strings.Contains(s.Note, "the file is owned by uid 4242, not by root") {
			t.Errorf("a file root does not own: %+v", s)
		}
	}
}

// TestGeminiSystemNotRead: with --home alone the machine's files are not
// read, and the run says so; a variable that names them under --home is
// read (testdata/clients/gemini-system-env-tmp); with --system a variable
// names a path on that machine (gemini-system-env).
func TestGeminiSystemNotRead(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json": `{"mcpServers": {"u": {"command": "false"}}}`,
		"~/sys/settings.json":     `{"mcpServers": {"s": {"command": "s"}}}`,
	})
	set, o := geminiView(t, root, home, "", nil)
	if len(set.Sources) != 2 { // user, workspace
		t.Errorf("sources: %+v", set.Sources)
	}
	want := "Gemini CLI's machine-wide files (/etc/gemini-cli/settings.json, /etc/gemini-cli/system-defaults.json) are not read: --home isolates the run from this machine; pass --system DIR to read them under DIR (--system / for this machine's)"
	if runtimeGOOS == "linux" && !slices.Contains(o.Notes(), want) {
		t.Errorf("notes: %q", o.Notes())
	}

	set, o = geminiView(t, root, home, "", map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(home, "sys", "settings.json")})
	s := sourceOf(t, set, "~/sys/settings.json")
	if s.Scope != normalize.System || !s.Skipped && os.Geteuid() == 0 && !strings.Contains(s.Note, "writable") {
		t.Errorf("named by the variable: %+v", s)
	}
	sourceOf(t, set, "~/sys/system-defaults.json") // beside it
	if len(o.Notes()) != 0 {
		t.Errorf("both files are named: %q", o.Notes())
	}

	sys := writeSystem(t, map[string]string{"etc/alt/s.json": `{"mcpServers": {"alt": {"command": "alt"}}}`})
	set, _ = geminiView(t, root, home, sys, map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/etc/alt/s.json"})
	if s := sourceOf(t, set, "/etc/alt/s.json"); s.Status != normalize.Found || s.Abs != filepath.Join(sys, "etc", "alt", "s.json") {
		t.Errorf("a path on the --system machine: %+v", s)
	}
	sourceOf(t, set, "/etc/alt/system-defaults.json")
}

// TestGeminiRefusesBadSettings: settings Gemini CLI cannot parse stop it
// before any server starts: every server is refused, with Gemini's message,
// the position and exit code 52; the syntax finding says so too
// (testdata/clients/gemini-bad-user, gemini-bad-workspace-untrusted).
func TestGeminiRefusesBadSettings(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json": "{\n  \"mcpServers\": {\"u\": {\"command\": \"false\"},}\n}\n",
		".gemini/settings.json":   `{"mcpServers": {"w": {"command": "false"}}}`,
	})
	set, _ := geminiView(t, root, home, "", nil)
	if len(set.Entries) != 1 {
		t.Fatalf("entries: %+v", set.Entries)
	}
	g := set.Entries[0].Server.Off
	want := `Gemini CLI stops before starting any server: ~/.gemini/settings.json:2:44 cannot be used (trailing comma is not allowed in this file (comments are): Gemini CLI cannot parse it); it says "Please fix the configuration file(s) and try again" and exits with code 52`
	if g == nil || g.Status != normalize.StatusRefused || g.Kind != normalize.ByConfig || g.Path != "~/.gemini/settings.json" ||
		g.Pos.Line != 2 || g.Pos.Col != 44 || g.Reason != want || !strings.HasPrefix(g.Hint, "fix ~/.gemini/settings.json:2:44 (mcpconf lint shows the problem); then trust the project: ") {
		t.Errorf("gate: %+v\nwant reason %q", g, want)
	}
	var syntax []string
	for _, d := range set.Diagnostics {
		if d.Rule == normalize.RuleSyntax {
			syntax = append(syntax, d.Message)
		}
	}
	if len(syntax) != 1 || !strings.HasSuffix(syntax[0], `; Gemini CLI then starts no server at all, from this file or any other (it stops: "Please fix the configuration file(s) and try again", exit code 52)`) {
		t.Errorf("syntax findings: %q", syntax)
	}

	// an array: not a settings object
	root, home = tree(t, map[string]string{"~/.gemini/settings.json": "[]", ".gemini/settings.json": `{"mcpServers": {"w": {"command": "false"}}}`})
	set, _ = geminiView(t, root, home, "", nil)
	if g := set.Entries[0].Server.Off; g == nil || g.Status != normalize.StatusRefused || !strings.Contains(g.Reason, "~/.gemini/settings.json:1:1 cannot be used (the file must hold an object at the top level, got array)") {
		t.Errorf("array: %+v", g)
	}
}

// TestGeminiRefusesBadTrustFile: a trustedFolders.json Gemini CLI cannot
// use stops it, unless a variable decides trust first
// (testdata/clients/gemini-bad-trust-level, gemini-bad-trust-file-env).
func TestGeminiRefusesBadTrustFile(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json":       `{"mcpServers": {"u": {"command": "false"}}}`,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUSTED"}`,
	})
	set, _ := geminiView(t, root, home, "", nil)
	g := set.Entries[0].Server.Off
	want := `Gemini CLI stops before starting any server: ~/.gemini/trustedFolders.json:1:` // then the column of "TRUSTED"
	if g == nil || g.Status != normalize.StatusRefused || !strings.HasPrefix(g.Reason, want) ||
		!strings.Contains(g.Reason, `invalid trust level "TRUSTED" for path "`+root+`": use TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST (it exits with code 52)`) {
		t.Errorf("gate: %+v", g)
	}
	set, _ = geminiView(t, root, home, "", map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"})
	if s := set.Entries[0].Server; !s.Enabled {
		t.Errorf("trusted by the variable, the file is not read: %+v", s.Off)
	}
}

// TestGeminiExtensions: servers an extension brings are of extension scope,
// carry its name, have its variables replaced, and lose to the settings;
// an extension disabled in this folder does not start them; two extensions
// of one name stop Gemini CLI (testdata/clients/gemini-extension*).
func TestGeminiExtensions(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/settings.json":       `{"mcpServers": {"clash": {"command": "from-settings"}}}`,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
		"~/.gemini/extensions/t-dir/gemini-extension.json": `{"name": "tools", "version": "1", "mcpServers": {
			"ext": {"command": "node", "args": ["${extensionPath}${/}s.js", "${workspacePath}", "${HOME}"]},
			"clash": {"command": "from-extension"}}}`,
		"~/.gemini/extensions/off/gemini-extension.json": `{"name": "off", "version": "1", "mcpServers": {"off-srv": {"command": "false"}}}`,
		"~/.gemini/extensions/extension-enablement.json": `{"off": {"overrides": ["!@ROOT@/*"]}}`,
	})
	set, _ := geminiView(t, root, home, "", nil)
	ext := server(t, set, "ext").Server
	dir := filepath.Join(home, ".gemini", "extensions", "t-dir")
	if ext.Source.Scope != normalize.ExtensionScope || ext.Source.Extension != "tools" || !ext.Enabled ||
		!slices.Equal(ext.Args, []string{dir + string(filepath.Separator) + "s.js", root, "${HOME}"}) {
		t.Errorf("ext: %+v %q", ext.Source, ext.Args)
	}
	clash := server(t, set, "clash")
	if clash.Server.Command != "from-settings" || len(clash.Shadowed) != 1 || clash.Shadowed[0].Reason != "user scope wins over extension scope" ||
		clash.Shadowed[0].Server.Source.Extension != "tools" {
		t.Errorf("clash: %+v", clash)
	}
	off := server(t, set, "off-srv").Server
	if off.Enabled || off.Off.Status != normalize.StatusDisabled || off.Off.Path != "~/.gemini/extensions/extension-enablement.json" ||
		off.Off.Reason != `the extension "off" is disabled in this folder: the rule "!`+root+`/*" at ~/.gemini/extensions/extension-enablement.json:1:24` ||
		off.Off.Hint != "run gemini extensions enable off in this folder" {
		t.Errorf("off-srv: %+v", off.Off)
	}
	if s := sourceOf(t, set, "t-dir/gemini-extension.json"); s.Extension != "tools" || s.Servers != 2 {
		t.Errorf("source: %+v", s)
	}

	// a manifest Gemini CLI skips, and one too many of a name
	root, home = tree(t, map[string]string{
		"~/.gemini/settings.json":                      `{"mcpServers": {"u": {"command": "false"}}}`,
		"~/.gemini/trustedFolders.json":                `{"@ROOT@": "TRUST_FOLDER"}`,
		"~/.gemini/extensions/a/gemini-extension.json": `{"name": "same", "version": "1", "mcpServers": {"a": {"command": "false"}}}`,
		"~/.gemini/extensions/b/gemini-extension.json": `{"name": "same", "version": "1", "mcpServers": {"b": {"command": "false"}}}`,
		"~/.gemini/extensions/c/gemini-extension.json": `{"name": "c", "mcpServers": {"c": {"command": "false"}}}`,
	})
	set, _ = geminiView(t, root, home, "", nil)
	if s := sourceOf(t, set, "/c/gemini-extension.json"); s.Status != normalize.Ignored || s.Note != `Gemini CLI skips this extension: "version" is missing` {
		t.Errorf("c: %+v", s)
	}
	for _, e := range set.Entries {
		if g := e.Server.Off; g == nil || g.Status != normalize.StatusRefused ||
			g.Reason != `Gemini CLI stops before starting any server: two installed extensions are named "same" (~/.gemini/extensions/a/gemini-extension.json and ~/.gemini/extensions/b/gemini-extension.json; it says "Extension with name same already was loaded.")` {
			t.Errorf("%s: %+v", e.Server.Name, g)
		}
	}
}

// TestGeminiExtensionEnableQuoted: the command that turns a disabled
// extension on passes its name after "--" when it starts with "-" (Gemini
// CLI's names are letters, digits and dashes), so that gemini does not
// read it as an option.
func TestGeminiExtensionEnableQuoted(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.gemini/trustedFolders.json":                  `{"@ROOT@": "TRUST_FOLDER"}`,
		"~/.gemini/extensions/off/gemini-extension.json": `{"name": "-rf", "version": "1", "mcpServers": {"off-srv": {"command": "false"}}}`,
		"~/.gemini/extensions/extension-enablement.json": `{"-rf": {"overrides": ["!@ROOT@/*"]}}`,
	})
	set, _ := geminiView(t, root, home, "", nil)
	if off := server(t, set, "off-srv").Server; off.Enabled || off.Off.Hint != "run gemini extensions enable -- -rf in this folder" {
		t.Errorf("off-srv: %+v", off.Off)
	}
}
