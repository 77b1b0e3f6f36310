//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// runWithin runs mcpconf and fails the test if it has not returned after
// limit: the reads a config drives are bounded, so no file may hold a run.
// A run that never returns is left behind (the test binary ends anyway).
func runWithin(t *testing.T, limit time.Duration, env map[string]string, args ...string) (code int, out, errOut string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		io, o, e := testIO(env)
		c := Main(args, io)
		done <- result{c, o.String(), e.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(limit):
		t.Fatalf("mcpconf %s has not returned after %s", strings.Join(args, " "), limit)
	}
	return
}

// placeholderAt is the line:column of the first s in the file at path.
func placeholderAt(t *testing.T, path, s string) (int, int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte(s))
	if i < 0 {
		t.Fatalf("%q not in %s", s, path)
	}
	line := bytes.Count(b[:i], []byte("\n")) + 1
	col := i - bytes.LastIndexByte(b[:i], '\n')
	return line, col
}

type resolveDiag struct {
	Rule, Severity, Message, Path, Hint string
	Line, Column                        int
}

// TestFileValueNeverHangs: an opencode {file:} naming a named pipe or
// /dev/zero is refused at once by explain --resolve and probe (before,
// the pipe blocked both past every timeout and /dev/zero was read until
// memory ran out), with a diagnostic at the placeholder saying why and
// what to do.
func TestFileValueNeverHangs(t *testing.T) {
	for _, c := range []struct{ name, target, reason string }{
		{"fifo", "./fifo", `"./fifo" is a named pipe, not a regular file`},
		{"dev-zero", "/dev/zero", `"/dev/zero" is a device, not a regular file`},
		{"proc", "/proc/self/environ", `"/proc/self/environ" is on the kernel's proc file system, not a regular file`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.target); c.target[0] == '/' && err != nil {
				t.Skipf("no %s here", c.target)
			}
			root := writeTree(t, map[string]string{
				"opencode.json": `{"mcp": {
  "s": {"type": "local", "command": ["mcpconf-test-no-such-command"], "environment": {"T_KEY": "x {file:` + c.target + `}"}}}}`,
			})
			if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o600); err != nil {
				t.Fatal(err)
			}
			line, col := placeholderAt(t, filepath.Join(root, "opencode.json"), "{file:")
			want := resolveDiag{Rule: "unresolved", Severity: "warning", Path: "opencode.json", Line: line, Column: col,
				Message: `server "s": env "T_KEY": {file:` + c.target + `} is not read: ` + c.reason, Hint: "point it at a regular file"}
			home := t.TempDir()

			_, out, errOut := runWithin(t, 4*time.Second, nil, "explain", "--resolve", "--client", "opencode", "--format", "json", "--root", root, "--home", home)
			var rep struct{ Unresolved []resolveDiag }
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("explain --resolve: %v\n%s%s", err, out, errOut)
			}
			if len(rep.Unresolved) != 1 || rep.Unresolved[0] != want {
				t.Errorf("explain --resolve:\n got %+v\nwant %+v", rep.Unresolved, want)
			}

			_, out, errOut = runWithin(t, 4*time.Second, nil, "probe", "--format", "json", "--root", root, "--home", home)
			var prep struct {
				Servers []struct {
					Status      string
					Diagnostics []resolveDiag
				}
			}
			if err := json.Unmarshal([]byte(out), &prep); err != nil {
				t.Fatalf("probe: %v\n%s%s", err, out, errOut)
			}
			found := false
			for _, s := range prep.Servers {
				for _, d := range s.Diagnostics {
					found = found || d == want
				}
			}
			if !found {
				t.Errorf("probe: no diagnostic %+v in\n%s", want, out)
			}
		})
	}
}

// TestProbeEnvFileNeverHangs: an envFile naming a named pipe or a device
// is refused at once, the server not started, with what happened and what
// to do.
func TestProbeEnvFileNeverHangs(t *testing.T) {
	for _, c := range []struct{ name, target, why string }{
		{"fifo", "${workspaceFolder}/fifo", "it is a named pipe, not a regular file"},
		{"dev-zero", "/dev/zero", "it is a device, not a regular file"},
		{"proc", "/proc/self/environ", "it is on the kernel's proc file system, not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.target); c.target[0] == '/' && err != nil {
				t.Skipf("no %s here", c.target)
			}
			root := writeTree(t, map[string]string{
				".vscode/mcp.json": `{"servers": {"s": {"command": "mcpconf-test-no-such-command", "envFile": "` + c.target + `"}}}`,
			})
			if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runWithin(t, 4*time.Second, nil, "probe", "--format", "json", "--root", root, "--home", t.TempDir(), "--client", "vscode")
			var rep probeReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("exit %d: %v\n%s%s", code, err, out, errOut)
			}
			if len(rep.Servers) != 1 || rep.Servers[0].Status != "failed" || rep.Servers[0].Reason != "envFile not readable" {
				t.Fatalf("got %+v", rep.Servers)
			}
			path := strings.Replace(c.target, "${workspaceFolder}", root, 1)
			line, col := placeholderAt(t, filepath.Join(root, ".vscode", "mcp.json"), `"`+c.target)
			ok := false
			for _, d := range rep.Servers[0].Diagnostics {
				ok = ok || d.Rule == "env-file" && d.Message == fmt.Sprintf("VS Code cannot read envFile %q, so it does not start the server: %s", path, c.why) &&
					d.Hint == `point "envFile" at a regular .env file`
			}
			if !ok {
				t.Errorf("no env-file diagnostic saying %q: %+v", c.why, rep.Servers[0].Diagnostics)
			}
			// at the envFile value
			_, out, _ = run(t, nil, "probe", "--root", root, "--home", t.TempDir(), "--client", "vscode", "--no-color")
			if at := fmt.Sprintf(".vscode/mcp.json:%d:%d: ", line, col); !strings.Contains(out, at+"VS Code cannot read envFile") {
				t.Errorf("the diagnostic is not at %s:\n%s", at, out)
			}
		})
	}
}

// TestProbeWithholdsFilesOutsideProject: probe sends no file outside the
// project (a {file:} value, directly or through a link, an envFile)
// without --allow-outside-files: the server is skipped, the reason naming
// the file and the flag, and nothing is started or connected to. With the
// flag they are sent. explain --resolve reads them all the same, and
// shows only a fingerprint.
func TestProbeWithholdsFilesOutsideProject(t *testing.T) {
	const key = "ssh-private-key-Vb7Qx2Lm9Zp4"
	bin := testBin(t)
	outside := t.TempDir()
	idRSA := filepath.Join(outside, "id_rsa")
	os.WriteFile(idRSA, []byte(key+"\n"), 0o600)
	envFile := filepath.Join(outside, "outside.env")
	os.WriteFile(envFile, []byte("T_FROM_FILE="+key+"\n"), 0o600)
	realOutside, _ := filepath.EvalSymlinks(outside)

	var hits atomic.Int32
	var gotAuth atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		gotAuth.Store(r.Header.Get("Authorization"))
		http.Error(w, "no", http.StatusNotFound)
	}))
	defer srv.Close()

	log := filepath.Join(t.TempDir(), "starts")
	root := writeTree(t, map[string]string{
		"opencode.json": fmt.Sprintf(`{"mcp": {
  "direct": {"type": "local", "command": [%[1]q, "mcp-test-server", "--log=%[2]s"], "environment": {"T_KEY": "{file:%[3]s}"}},
  "linked": {"type": "local", "command": [%[1]q, "mcp-test-server", "--log=%[2]s"], "environment": {"T_KEY": "{file:./key}"}},
  "inside": {"type": "local", "command": [%[1]q, "mcp-test-server"], "environment": {"T_KEY": "{file:./token}"}},
  "remote": {"type": "remote", "url": %[4]q, "headers": {"Authorization": "Bearer {file:%[3]s}"}}}}`, bin, log, idRSA, srv.URL+"/mcp"),
		".vscode/mcp.json": fmt.Sprintf(`{"servers": {"envfile": {"command": %q, "args": ["mcp-test-server", "--log=%s"], "envFile": %q}}}`, bin, log, envFile),
		"key":              "symlink:" + idRSA,
		"token":            "in-project-token",
	})
	home := t.TempDir()
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "opencode,vscode", "--tools")
	if code != 1 {
		t.Errorf("exit %d, want 1 (servers skipped)", code)
	}
	want := map[string]string{
		"direct":  `a value reads "` + filepath.Join(realOutside, "id_rsa") + `", a file outside the project, which probe sends only with --allow-outside-files`,
		"linked":  `a value reads "` + filepath.Join(realOutside, "id_rsa") + `", a file outside the project, which probe sends only with --allow-outside-files`,
		"remote":  `a value reads "` + filepath.Join(realOutside, "id_rsa") + `", a file outside the project, which probe sends only with --allow-outside-files`,
		"envfile": `envFile is "` + filepath.Join(realOutside, "outside.env") + `", a file outside the project, which probe sends only with --allow-outside-files`,
	}
	for _, s := range rep.Servers {
		switch {
		case s.Name == "inside":
			if s.Status != "ok" || len(s.Tools) != 1 || s.Tools[0].Description != "len=16" {
				t.Errorf("inside: a file in the project is sent: %s %q %+v", s.Status, s.Reason, s.Tools)
			}
		case s.Status != "skipped" || s.Reason != want[s.Name]:
			t.Errorf("%s: %s %q\nwant skipped %q", s.Name, s.Status, s.Reason, want[s.Name])
		}
	}
	if len(rep.Servers) != 5 {
		t.Errorf("%d servers, want 5: %+v\n%s", len(rep.Servers), rep.Servers, errOut)
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("a server whose value needs a file outside the project was started")
	}
	if hits.Load() != 0 {
		t.Errorf("the remote server was sent %d requests (Authorization %q)", hits.Load(), gotAuth.Load())
	}
	for _, format := range []string{"text", "json"} {
		_, out, errOut := run(t, nil, "probe", "--root", root, "--home", home, "--client", "opencode,vscode", "--format", format)
		if strings.Contains(out+errOut, key) {
			t.Errorf("probe --format %s prints the file:\n%s%s", format, out, errOut)
		}
	}

	// explain --resolve reads them: the value is a fingerprint
	code, out, errOut := run(t, nil, "explain", "--resolve", "--root", root, "--home", home, "--client", "opencode", "--no-color")
	if code != 0 || strings.Contains(out, key) || strings.Contains(out, "not read") || strings.Count(out, `from file "`+idRSA+`"`) != 2 {
		t.Errorf("explain --resolve: exit %d\n%s%s", code, out, errOut)
	}

	// with the flag, the files are sent
	code, rep, errOut = probeJSON(t, nil, "--root", root, "--home", home, "--client", "opencode,vscode", "--tools", "--allow-outside-files")
	if code > 1 {
		t.Fatalf("probe --allow-outside-files: exit %d\n%s", code, errOut)
	}
	for _, s := range rep.Servers {
		tools := map[string]string{}
		for _, tl := range s.Tools {
			tools[tl.Name] = tl.Description
		}
		switch s.Name {
		case "remote":
			if s.Status == "skipped" {
				t.Errorf("remote: skipped with --allow-outside-files: %q", s.Reason)
			}
		case "envfile":
			if s.Status != "ok" || tools["env_t_from_file"] != fmt.Sprintf("len=%d", len(key)) {
				t.Errorf("envfile: %s %q %v", s.Status, s.Reason, tools)
			}
		default:
			if s.Status != "ok" || len(tools) != 1 {
				t.Errorf("%s: %s %q %v", s.Name, s.Status, s.Reason, tools)
			}
		}
	}
	if got, _ := gotAuth.Load().(string); hits.Load() == 0 || got != "Bearer "+key {
		t.Errorf("with --allow-outside-files the remote server got %d requests, Authorization %q", hits.Load(), got)
	}
}

// TestLinkedFilesOutsideNotPrinted: a config file that is a link to a file
// outside the project and the home directory, and does not parse, is not
// printed by lint or explain in any format (before, lint's snippet and the
// parse error showed its bytes); kernel files are not read at all.
func TestLinkedFilesOutsideNotPrinted(t *testing.T) {
	const marker = "SECRET-Wq4Zr8Nt1Kx6"
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret")
	os.WriteFile(secret, []byte(marker+":1000\n'"+marker+"' = {\n"), 0o600)
	realSecret, _ := filepath.EvalSymlinks(secret)
	files := map[string]string{
		".mcp.json":             "symlink:" + secret,
		".codex/config.toml":    "symlink:" + secret,
		".cursor/mcp.json":      "symlink:/etc/passwd",
		".vscode/mcp.json":      "symlink:/proc/self/environ",
		".mcpconf.toml":         "symlink:" + secret, // the linter's own config
		".gemini/settings.json": `{"mcpServers": {"ok": {"command": "npx", "args": ["-y", "x@1.0.0"]}}}`,
	}
	root := writeTree(t, files)
	home := t.TempDir()

	// what must not appear: the marker, any line of /etc/passwd, any
	// variable of this process's environment, and the first word of each
	// quoted as a parse error quotes it (`invalid value "root"`)
	forbidden := []string{marker}
	firstWord := func(b []byte) {
		n := 0
		for n < len(b) && (b[n] == '_' || b[n] >= 'a' && b[n] <= 'z' || b[n] >= 'A' && b[n] <= 'Z' || b[n] >= '0' && b[n] <= '9') {
			n++
		}
		if n > 0 {
			forbidden = append(forbidden, `value "`+string(b[:n])+`"`, `'`+string(b[:n])+`'`)
		}
	}
	if b, err := os.ReadFile("/etc/passwd"); err == nil {
		firstWord(b)
		for _, l := range strings.Split(string(b), "\n") {
			if len(l) >= 8 {
				forbidden = append(forbidden, l)
			}
		}
		if len(b) > 12 {
			forbidden = append(forbidden, string(b[:12]))
		}
	}
	if b, err := os.ReadFile("/proc/self/environ"); err == nil {
		firstWord(b)
		for _, kv := range strings.Split(string(b), "\x00") {
			if len(kv) >= 8 {
				forbidden = append(forbidden, kv)
			}
		}
	}

	var runs [][]string
	for _, f := range []string{"text", "json", "sarif", "github"} {
		runs = append(runs, []string{"lint", "--root", root, "--home", home, "--format", f})
		runs = append(runs, []string{"lint", "--root", root, "--home", home, "--format", f, filepath.Join(root, ".mcp.json")})
	}
	for _, f := range []string{"text", "json"} {
		for _, extra := range [][]string{nil, {"--all-sources"}, {"--client", "claude"}, {"--client", "codex"}, {"--client", "pisces"}, {"--resolve"}, {"ok"}} {
			runs = append(runs, append([]string{"explain", "--root", root, "--home", home, "--format", f}, extra...))
		}
	}
	for _, args := range runs {
		_, out, errOut := runWithin(t, 10*time.Second, nil, args...)
		for _, s := range forbidden {
			if strings.Contains(out+errOut, s) {
				t.Errorf("mcpconf %s prints %q from a file outside the project:\n%s%s", strings.Join(args, " "), s, out, errOut)
				break
			}
		}
	}

	// one finding per file, saying what happened
	_, rep, _ := lintJSON(t, nil, "--root", root, "--home", home)
	got := map[string][]string{}
	for _, f := range rep.Findings {
		got[f.Path] = append(got[f.Path], f.Message)
	}
	want := map[string]string{
		".mcp.json":          `".mcp.json" is a link to "` + realSecret + `", outside the project and the home directory, and does not parse as JSON; its content is not shown`,
		".codex/config.toml": `".codex/config.toml" is a link to "` + realSecret + `", outside the project and the home directory, and does not parse as TOML; its content is not shown`,
		".mcpconf.toml":      `".mcpconf.toml" is a link to "` + realSecret + `", outside the project, and does not parse as TOML; its content is not shown`,
	}
	if _, err := os.Stat("/proc/self/environ"); err == nil {
		want[".vscode/mcp.json"] = "cannot read file: it is on the kernel's proc file system, not a regular file"
	}
	for path, w := range want {
		if len(got[path]) != 1 || got[path][0] != w {
			t.Errorf("%s: findings %q\nwant %q", path, got[path], w)
		}
	}
}
