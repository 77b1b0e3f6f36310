package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// testID marks the processes of this test run, so leak checks find them
// and only them.
var testID = strconv.Itoa(os.Getpid())

func stdioTarget(t *testing.T, behaviour string, extraEnv ...string) Target {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append([]string{serverEnv + "=" + behaviour, "PROBE_TEST_ID=" + testID, "PATH=" + os.Getenv("PATH")}, extraEnv...)
	return Target{Name: behaviour, Client: normalize.ClientByID("claude"), Transport: normalize.Stdio, Command: exe, Env: env, Timeout: 20 * time.Second}
}

func probe1(t *testing.T, target Target, opts Options) Result {
	t.Helper()
	t.Cleanup(func() { assertNoSurvivors(t) })
	return Run(context.Background(), []Target{target}, opts)[0]
}

func findDiag(r Result, rule normalize.RuleID) *normalize.Diagnostic {
	for i := range r.Diagnostics {
		if r.Diagnostics[i].Rule == rule {
			return &r.Diagnostics[i]
		}
	}
	return nil
}

func mustDiag(t *testing.T, r Result, rule normalize.RuleID) normalize.Diagnostic {
	t.Helper()
	d := findDiag(r, rule)
	if d == nil {
		t.Fatalf("no %q diagnostic in %s", rule, dump(r))
	}
	if d.Hint == "" {
		t.Errorf("%q diagnostic has no hint: %+v", rule, *d)
	}
	if strings.HasSuffix(d.Message, ".") || d.Message == "" || strings.ToLower(d.Message[:1]) != d.Message[:1] {
		t.Errorf("%q message breaks the style (lower case, no final period): %q", rule, d.Message)
	}
	return *d
}

func dump(r Result) string {
	b, _ := json.MarshalIndent(r, "", "  ")
	return string(b)
}

func toolNames(r Result) []string {
	var out []string
	for _, t := range r.Tools {
		out = append(out, t.Name)
	}
	return out
}

// assertNoSurvivors fails when a process started by this test run (it
// carries PROBE_TEST_ID in its environment) is still alive. Zombies are
// dead: whether the machine's init reaps orphans is not probe's business.
func assertNoSurvivors(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		return // not Linux
	}
	var alive []string
	// A SIGKILLed process is gone by the time kill(2) returns to the
	// sender only from the kernel's view of signals; its /proc entry may
	// linger a moment, so look again briefly before calling it a leak.
	for range 50 {
		alive = survivors()
		if len(alive) == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("processes outlived the probe: %s", strings.Join(alive, "; "))
}

func survivors() []string {
	marker := []byte("PROBE_TEST_ID=" + testID + "\x00")
	entries, _ := os.ReadDir("/proc")
	self := strconv.Itoa(os.Getpid())
	var out []string
	for _, e := range entries {
		pid := e.Name()
		if pid == self || pid[0] < '0' || pid[0] > '9' {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", pid, "environ"))
		if err != nil || !containsBytes(env, marker) {
			continue
		}
		if processState(pid) == "Z" || processState(pid) == "" {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
		out = append(out, pid+" "+strings.ReplaceAll(string(cmd), "\x00", " "))
	}
	return out
}

func containsBytes(b, sub []byte) bool { return strings.Contains(string(b), string(sub)) }

// processState is the state letter of /proc/PID/stat, "" when gone.
func processState(pid string) string {
	b, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
	if err != nil {
		return ""
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		return ""
	}
	return s[i+2 : i+3]
}

func TestStdioDiscoverEra(t *testing.T) {
	r := probe1(t, stdioTarget(t, "ok"), Options{Tools: true})
	if r.Status != StatusOK {
		t.Fatalf("status %q: %s", r.Status, dump(r))
	}
	if r.Era != EraDiscover || r.ProtocolVersion != "2026-07-28" {
		t.Errorf("era %q version %q, want the 2026-07-28 era", r.Era, r.ProtocolVersion)
	}
	if r.Transport != "stdio" || r.Server != (ServerInfo{"test-server", "1.2.3"}) {
		t.Errorf("transport %q server %+v", r.Transport, r.Server)
	}
	for _, c := range []string{"prompts", "resources", "tools"} {
		if !slices.Contains(r.Capabilities, c) {
			t.Errorf("capabilities %q lack %q", r.Capabilities, c)
		}
	}
	if got := toolNames(r); !slices.Equal(got, []string{"echo", "search"}) {
		t.Errorf("tools %q", got)
	}
	if r.Resources == nil || *r.Resources != 2 || r.Prompts == nil || *r.Prompts != 1 {
		t.Errorf("resources %v prompts %v, want 2 and 1", r.Resources, r.Prompts)
	}
	search := r.Tools[slices.IndexFunc(r.Tools, func(t Tool) bool { return t.Name == "search" })]
	if search.Description != "search the index" || !strings.Contains(string(search.InputSchema), `"query"`) {
		t.Errorf("search tool %+v", search)
	}
	tm := r.Timings
	if tm.Connect <= 0 || tm.Handshake <= 0 || tm.ListTools <= 0 || tm.Total < tm.Connect+tm.Handshake+tm.ListTools {
		t.Errorf("timings %+v", tm)
	}
	if len(r.Diagnostics) != 0 {
		t.Errorf("diagnostics on a healthy server: %+v", r.Diagnostics)
	}
}

func TestStdioLegacyEra(t *testing.T) {
	r := probe1(t, stdioTarget(t, "legacy"), Options{})
	if r.Status != StatusOK || r.Era != EraLegacy || r.ProtocolVersion != "2025-11-25" {
		t.Fatalf("status %q era %q version %q, want ok, legacy, 2025-11-25", r.Status, r.Era, r.ProtocolVersion)
	}
	if r.Tools[0].Description != "" {
		t.Errorf("description kept without Options.Tools: %q", r.Tools[0].Description)
	}
	if len(r.Tools[0].InputSchema) == 0 {
		t.Error("input schema dropped without Options.Tools; Check needs it")
	}
}

func TestStdioAllPages(t *testing.T) {
	r := probe1(t, stdioTarget(t, "many"), Options{})
	if r.Status != StatusOK {
		t.Fatalf("status %q: %+v", r.Status, r.Diagnostics)
	}
	names := toolNames(r)
	if len(names) != 2000 {
		t.Fatalf("%d tools, want 2000 (over 20 pages of 100)", len(names))
	}
	slices.Sort(names)
	for i, n := range names {
		if want := fmt.Sprintf("tool_%04d", i); n != want {
			t.Fatalf("tool %d is %q, want %q", i, n, want)
		}
	}
}

func TestStdioExactEnvCwdArgs(t *testing.T) {
	dir := t.TempDir()
	target := stdioTarget(t, "env", "FOO=bar")
	target.Args = []string{"alpha", "beta"}
	target.Cwd = dir
	r := probe1(t, target, Options{})
	if r.Status != StatusOK {
		t.Fatalf("status %q: %+v", r.Status, r.Diagnostics)
	}
	got := toolNames(r)
	slices.Sort(got)
	want := []string{"arg0_alpha", "arg1_beta", "env_FOO", "env_PATH", "env_PROBE_TEST_ID", "env_" + serverEnv}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the server saw %q, want exactly %q", got, want)
	}
	real, _ := filepath.EvalSymlinks(dir)
	if r.Server.Version != dir && r.Server.Version != real {
		t.Errorf("server ran in %q, want %q", r.Server.Version, dir)
	}
}

func TestCommandNotFound(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		name, command string
		rule          normalize.RuleID
		env           []string
		cwd           string
		want          []string // substrings of message + hint
	}{
		{"not on PATH", "mcpconf-no-such-command", "command-not-found", []string{"PATH=" + empty + ":/nonexistent"}, "",
			[]string{`"mcpconf-no-such-command"`, empty + ":/nonexistent", "install it"}},
		{"on the prober's PATH only", "sleep", "command-not-found", []string{"PATH=" + empty}, "",
			[]string{`command "sleep" not found on the server's PATH`, "which is not on that PATH"}},
		{"npx hint", "npx", "command-not-found", []string{"PATH=" + empty}, "",
			[]string{"Node.js"}},
		{"no PATH", "sleep", "command-not-found", []string{"HOME=/"}, "",
			[]string{"has no PATH"}},
		{"relative path", "./nope", "command-not-found", []string{"PATH=/usr/bin"}, empty,
			[]string{`"./nope" does not exist`}},
		{"cwd missing", "sleep", "cwd-not-found", []string{"PATH=/usr/bin:/bin"}, filepath.Join(empty, "gone"),
			[]string{"does not exist"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "npx hint" {
				// The prober's own PATH may have npx; the hint then names
				// where instead, which is tested above.
				t.Setenv("PATH", empty)
			}
			r := probe1(t, Target{Name: "x", Transport: normalize.Stdio, Command: tt.command, Env: tt.env, Cwd: tt.cwd}, Options{})
			d := mustDiag(t, r, tt.rule)
			if r.Status != StatusFailed {
				t.Errorf("status %q", r.Status)
			}
			text := d.Message + " / " + d.Hint
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q lacks %q", text, w)
				}
			}
		})
	}
}

func TestCommandNotExecutable(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "server")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := probe1(t, Target{Name: "x", Transport: normalize.Stdio, Command: "server", Env: []string{"PATH=" + dir}}, Options{})
	d := mustDiag(t, r, "command-not-executable")
	if !strings.Contains(d.Hint, "chmod +x") {
		t.Errorf("hint %q", d.Hint)
	}
	// No shebang: the kernel cannot run it.
	if err := os.WriteFile(script, []byte("not a program\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r = probe1(t, Target{Name: "x", Transport: normalize.Stdio, Command: script, Env: []string{}}, Options{})
	if d := findDiag(r, "command-not-executable"); d == nil && findDiag(r, "process-exited") == nil {
		t.Errorf("a file without a shebang: %s", dump(r))
	}
}

func TestProcessExitedMasksSecrets(t *testing.T) {
	target := stdioTarget(t, "exit")
	target.Secrets = []string{"sk-test-SECRETVALUE1234"}
	r := probe1(t, target, Options{})
	if r.Status != StatusFailed {
		t.Fatalf("status %q", r.Status)
	}
	d := mustDiag(t, r, "process-exited")
	if !strings.Contains(d.Message, "exited with code 3") || !strings.Contains(d.Message, `OPENAI_API_KEY is wrong: ***`) {
		t.Errorf("message %q", d.Message)
	}
	if !strings.Contains(d.Hint, "run it by hand") {
		t.Errorf("hint %q", d.Hint)
	}
	if !slices.Contains(r.Stderr, "starting") {
		t.Errorf("stderr tail %q", r.Stderr)
	}
	if strings.Contains(dump(r), "SECRETVALUE") {
		t.Errorf("a secret leaked: %s", dump(r))
	}
}

func TestProcessExitedAfterHandshake(t *testing.T) {
	r := probe1(t, stdioTarget(t, "dieonlist"), Options{})
	if r.Status != StatusFailed || r.Era == "" {
		t.Fatalf("status %q era %q", r.Status, r.Era)
	}
	d := mustDiag(t, r, "process-exited")
	if !strings.Contains(d.Message, "exited with code 2 after the handshake") || !strings.Contains(d.Message, "panic: index out of range") {
		t.Errorf("%+v", d)
	}
}

func TestNonProtocolStdout(t *testing.T) {
	r := probe1(t, stdioTarget(t, "junk"), Options{})
	if r.Status != StatusOK {
		t.Fatalf("a server that logs to stdout still works in tolerant clients; got %q: %+v", r.Status, r.Diagnostics)
	}
	d := mustDiag(t, r, "stdout-not-protocol")
	if d.Severity != normalize.Warning || !strings.Contains(d.Message, `"Starting server on stdio..."`) || !strings.Contains(d.Message, "(2 such lines)") {
		t.Errorf("%+v", d)
	}

	// a program that prints on stdout and exits, saying nothing on
	// stderr: what it printed is the headline, not its exit code
	r = probe1(t, stdioTarget(t, "junkexit"), Options{})
	d = mustDiag(t, r, "stdout-not-protocol")
	if r.Status != StatusFailed || d.Severity != normalize.Error || !strings.Contains(d.Message, `"\x1b[31mfatal\x1b[0m: no config"`) {
		t.Errorf("status %q, %+v", r.Status, d)
	}
	if r.Reason != `wrote "\x1b[31mfatal\x1b[0m: no config" on stdout and exited with code 1` || r.Diagnostics[0].Rule != "stdout-not-protocol" {
		t.Errorf("the output is the headline: %q, %s", r.Reason, dump(r))
	}
	mustDiag(t, r, "process-exited")

	// one that crashes saying why on stderr: the exit and stderr lead
	r = probe1(t, stdioTarget(t, "junkcrash"), Options{})
	if r.Reason != "process exited with code 1" || r.Diagnostics[0].Rule != "process-exited" || !strings.Contains(r.Diagnostics[0].Message, "cannot read config.yaml") {
		t.Errorf("the crash is the headline: %q, %s", r.Reason, dump(r))
	}
	mustDiag(t, r, "stdout-not-protocol")
}

func TestHandshakeTimeout(t *testing.T) {
	target := stdioTarget(t, "hang")
	target.Timeout = 500 * time.Millisecond
	start := time.Now()
	r := probe1(t, target, Options{})
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("a 500ms timeout took %s", took)
	}
	if r.Status != StatusTimeout || !strings.Contains(r.Reason, "handshake") {
		t.Fatalf("status %q reason %q", r.Status, r.Reason)
	}
	d := mustDiag(t, r, "timeout")
	if !strings.Contains(d.Message, "wrote nothing on stdout") || !strings.Contains(d.Hint, "500ms (the server's own timeout)") || !strings.Contains(d.Hint, "try 10s") {
		t.Errorf("%+v", d)
	}
	if !slices.Contains(r.Stderr, "waiting for the database at localhost:5432") {
		t.Errorf("stderr tail %q", r.Stderr)
	}
}

func TestGrandchildKilled(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	target := stdioTarget(t, "grandchild", "PROBE_PID_FILE="+pidFile)
	target.Timeout = 500 * time.Millisecond
	r := probe1(t, target, Options{})
	if r.Status != StatusTimeout {
		t.Fatalf("status %q: %s", r.Status, dump(r))
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the server did not record its pids: %v", err)
	}
	var leader, child int
	if _, err := fmt.Sscanf(string(b), "%d %d", &leader, &child); err != nil {
		t.Fatal(err)
	}
	// Run has returned: the group was SIGKILLed and the leader reaped.
	// The grandchild may take a moment to leave /proc (or stay a zombie
	// if this machine's init does not reap), so wait for that, bounded.
	for _, pid := range []int{leader, child} {
		deadline := time.Now().Add(5 * time.Second)
		for {
			st := processState(strconv.Itoa(pid))
			if st == "" || st == "Z" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("process %d is still alive (state %s) after the probe", pid, st)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func TestStdoutClosed(t *testing.T) {
	r := probe1(t, stdioTarget(t, "closestdout"), Options{})
	mustDiag(t, r, "stdout-closed")
}

func TestRunOrderAndCallbacks(t *testing.T) {
	targets := []Target{stdioTarget(t, "ok"), stdioTarget(t, "exit"), stdioTarget(t, "legacy"),
		{Name: "ws", Transport: normalize.WS, URL: "ws://127.0.0.1:1"}, {Name: "broken"}}
	var (
		mu       sync.Mutex
		done     []string
		progress [][2]int
		lastLeft []Pending
		started  []bool // per call: some pending server has a start time
	)
	rs := Run(context.Background(), targets, Options{Parallel: 2,
		OnDone: func(r Result) { mu.Lock(); done = append(done, r.Name); mu.Unlock() },
		OnProgress: func(d, total int, pending []Pending) {
			mu.Lock()
			progress = append(progress, [2]int{d, total})
			lastLeft = pending
			started = append(started, slices.ContainsFunc(pending, func(p Pending) bool { return !p.Started.IsZero() }))
			mu.Unlock()
		},
	})
	defer assertNoSurvivors(t)
	for i, r := range rs {
		if r.Name != targets[i].Name {
			t.Errorf("result %d is %q, want %q", i, r.Name, targets[i].Name)
		}
	}
	want := []Status{StatusOK, StatusFailed, StatusOK, StatusSkipped, StatusInvalid}
	for i, r := range rs {
		if r.Status != want[i] {
			t.Errorf("%s: status %q, want %q", r.Name, r.Status, want[i])
		}
	}
	if len(done) != len(targets) {
		t.Errorf("OnDone called for %q", done)
	}
	// once at the start, then as each server starts and ends
	if len(progress) != 2*len(targets)+1 || progress[0] != [2]int{0, 5} || progress[len(progress)-1] != [2]int{5, 5} || len(lastLeft) != 0 {
		t.Errorf("progress %v, last pending %q", progress, lastLeft)
	}
	if len(started) < 2 || started[0] || !started[1] {
		t.Errorf("start times: none at the start, then the first server's: %v", started)
	}
}

func TestCancelledRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rs := Run(ctx, []Target{stdioTarget(t, "hang")}, Options{})
	defer assertNoSurvivors(t)
	if rs[0].Status != StatusSkipped || rs[0].Reason != "cancelled" || rs[0].Timings.Connect != 0 {
		t.Errorf("status %q reason %q timings %+v: nothing should start", rs[0].Status, rs[0].Reason, rs[0].Timings)
	}

	// Cancelled while the server is in the handshake: the probe stops
	// there and the whole group goes. The server writes its pid file once
	// it runs; the test cancels when the file is there.
	pidFile := filepath.Join(t.TempDir(), "pids")
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if b, err := os.ReadFile(pidFile); err == nil && len(b) > 0 {
				break
			}
		}
		cancel()
	}()
	start := time.Now()
	rs = Run(ctx, []Target{stdioTarget(t, "grandchild", "PROBE_PID_FILE="+pidFile)}, Options{})
	if rs[0].Status != StatusSkipped || rs[0].Reason != "cancelled" || rs[0].Timings.Handshake == 0 {
		t.Errorf("status %q reason %q timings %+v", rs[0].Status, rs[0].Reason, rs[0].Timings)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("cancelling took %s", took)
	}
}

// TestNotStarted: a server the caller does not start gets a result like
// any other, with the notes of its resolution (masked, as every text, when
// a view is made of it).
func TestNotStarted(t *testing.T) {
	r := NotStarted(Target{Name: "gh", Client: normalize.ClientByID("claude"), Transport: normalize.Stdio,
		Notes: []normalize.Diagnostic{{Rule: "undefined-variable", Message: "token is unset"}}}, StatusPendingApproval, "not approved in .mcp.json")
	if r.Status != StatusPendingApproval || r.Reason != "not approved in .mcp.json" || r.Diagnostics[0].Message != "token is unset" {
		t.Errorf("%+v", r)
	}
}

// TestIgnoredFieldCause: the fields a client ignores are named as the
// likely cause of a failure they can cause (a hang, an exit), first in
// its hint, and not of one they cannot (a command not found).
func TestIgnoredFieldCause(t *testing.T) {
	const cause = `the definition has "arguments", which Cursor does not read: it starts npx with no arguments; rename it "args"`
	target := stdioTarget(t, "hang")
	target.Command, target.Args = "npx", nil
	target.Env = append(target.Env, "PATH="+t.TempDir())
	target.Ignored = []string{cause}
	r := probe1(t, target, Options{})
	if d := mustDiag(t, r, "command-not-found"); strings.Contains(d.Hint, "likely cause") {
		t.Errorf("a command not found is not caused by a field: %q", d.Hint)
	}

	target = stdioTarget(t, "hang")
	target.Timeout = 300 * time.Millisecond
	target.Ignored = []string{cause}
	r = probe1(t, target, Options{})
	if d := mustDiag(t, r, "timeout"); !strings.HasPrefix(d.Hint, "likely cause: "+cause+"; the timeout in force is 300ms") {
		t.Errorf("timeout hint %q", d.Hint)
	}

	target = stdioTarget(t, "exit")
	target.Ignored = []string{cause}
	r = probe1(t, target, Options{})
	if d := mustDiag(t, r, "process-exited"); !strings.HasPrefix(d.Hint, "likely cause: "+cause+"; run it by hand") {
		t.Errorf("exit hint %q", d.Hint)
	}
}

// TestCapabilitiesAsTheClient: probe declares what the client declares, so
// a server that lists a tool only to clients with roots (server-everything's
// get-roots-list) lists it to the probe of Claude Code and not to that of a
// client without roots; roots/list is answered with the project, and an
// elicitation is declined without asking anyone.
func TestCapabilitiesAsTheClient(t *testing.T) {
	dir := t.TempDir()
	tools := func(r Result) map[string]string {
		m := map[string]string{}
		for _, tl := range r.Tools {
			m[tl.Name] = tl.Description
		}
		return m
	}
	claude := stdioTarget(t, "client-aware")
	claude.Capabilities = normalize.Capabilities{Roots: true, Elicitation: true}
	claude.Roots = []string{dir}
	r := probe1(t, claude, Options{Tools: true})
	got := tools(r)
	if r.Status != StatusOK || got["get-roots-list"] != "file://"+filepath.ToSlash(dir) {
		t.Errorf("as Claude Code: %s %s, tools %v; want get-roots-list answered with %s", r.Status, r.Reason, got, dir)
	}
	if _, ok := got["elicited-decline"]; !ok {
		t.Errorf("the elicitation was not declined: tools %v", got)
	}
	if !slices.ContainsFunc(r.Diagnostics, func(d normalize.Diagnostic) bool { return d.Rule == "server-asked" }) {
		t.Errorf("no note that the server asked for input: %+v", r.Diagnostics)
	}
	if _, ok := got["roots-list-changed-true"]; !ok {
		t.Errorf("as Claude Code: roots declared without listChanged: tools %v", got)
	}
	// pisces declares roots with listChanged false (oh-my-pi 18.2.3)
	pisces := stdioTarget(t, "client-aware")
	pisces.Capabilities = normalize.ClientByID("pisces").Capabilities
	pisces.Roots = []string{dir}
	r = probe1(t, pisces, Options{Tools: true})
	got = tools(r)
	if _, ok := got["roots-list-changed-false"]; !ok || got["get-roots-list"] != "file://"+filepath.ToSlash(dir) {
		t.Errorf("as pisces: %s %s, tools %v; want roots declared with listChanged false and answered with %s", r.Status, r.Reason, got, dir)
	}
	bare := stdioTarget(t, "client-aware")
	r = probe1(t, bare, Options{Tools: true})
	got = tools(r)
	if _, ok := got["get-roots-list"]; ok || r.Status != StatusOK || len(got) != 2 {
		t.Errorf("as a client that declares nothing: %s, tools %v; want search and echo only", r.Status, got)
	}
}
