package release

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// testVersion is the one version the test gives scripts/release/npm: it
// must come out in every package.json and in --version.
const testVersion = "0.0.0-test.1"

var repoRoot = func() string {
	wd, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	return filepath.Join(wd, "..", "..", "..")
}()

// TestMain removes the tarballs the tests shared.
func TestMain(m *testing.M) {
	code := m.Run()
	if packDir != "" {
		os.RemoveAll(packDir)
	}
	os.Exit(code)
}

// npmPlatform is this machine's platform as the packages name it.
func npmPlatform(t *testing.T) string {
	os := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[runtime.GOOS]
	cpu := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	if os == "" || cpu == "" {
		t.Skipf("no npm package for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	return os + "-" + cpu
}

func needTools(t *testing.T, tools ...string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and installs npm packages; skipped with -short")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
}

var (
	packOnce sync.Once
	packDir  string
	packErr  error
)

// tarballs runs scripts/release/npm once for this platform and returns
// the directory of its tarballs.
func tarballs(t *testing.T) string {
	t.Helper()
	platform := npmPlatform(t)
	packOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcpconf-npm-")
		if err != nil {
			packErr = err
			return
		}
		packDir = dir
		cmd := exec.Command(filepath.Join(repoRoot, "scripts", "release", "npm"), dir)
		cmd.Env = append(npmEnv(dir), "MCPCONF_PLATFORMS="+platform, "MCPCONF_VERSION="+testVersion)
		if out, err := cmd.CombinedOutput(); err != nil {
			packErr = errors.New("scripts/release/npm: " + err.Error() + "\n" + string(out))
		}
	})
	if packErr != nil {
		t.Fatal(packErr)
	}
	return packDir
}

// npmEnv keeps npm's cache and config inside dir, away from the user's.
func npmEnv(dir string) []string {
	return append(os.Environ(),
		"npm_config_cache="+filepath.Join(dir, ".npm-cache"),
		"npm_config_userconfig="+filepath.Join(dir, ".npmrc"),
		"npm_config_update_notifier=false",
	)
}

// goBinary builds mcpconf as go build does, stamped with testVersion.
func goBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mcpconf")
	cmd := exec.Command("go", "build", "-ldflags", "-X main.version="+testVersion, "-o", bin, "./cmd/mcpconf")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type result struct {
	stdout, stderr string
	code           int
}

func run(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %q: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// TestNpmPackages installs the launcher and this platform's package from
// the tarballs scripts/release/npm wrote, offline, and runs npx mcpconf:
// its version, output and exit code are the Go binary's.
func TestNpmPackages(t *testing.T) {
	needTools(t, "node", "npm", "npx", "go", "tar")
	dir := tarballs(t)
	platform := npmPlatform(t)

	// Every package.json carries the one version.
	for _, tgz := range []string{"mcpconf-" + testVersion + ".tgz", "mcpconf-" + platform + "-" + testVersion + ".tgz"} {
		r := run(t, dir, nil, "tar", "-xzOf", filepath.Join(dir, tgz), "package/package.json")
		if r.code != 0 {
			t.Fatalf("%s has no package/package.json: %s", tgz, r.stderr)
		}
		if !strings.Contains(r.stdout, `"version": "`+testVersion+`"`) {
			t.Errorf("%s: package.json lacks version %q:\n%s", tgz, testVersion, r.stdout)
		}
		if strings.HasPrefix(tgz, "mcpconf-"+testVersion) {
			for _, p := range []string{"linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"} {
				if !strings.Contains(r.stdout, `"@mcpconf/`+p+`": "`+testVersion+`"`) {
					t.Errorf("launcher: no optional dependency on @mcpconf/%s@%s:\n%s", p, testVersion, r.stdout)
				}
			}
		} else if !strings.Contains(r.stdout, `"os": [`) || !strings.Contains(r.stdout, `"cpu": [`) {
			t.Errorf("%s: no os/cpu fields:\n%s", tgz, r.stdout)
		}
	}

	prefix := t.TempDir()
	if err := os.WriteFile(filepath.Join(prefix, "package.json"), []byte(`{"private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := npmEnv(prefix)
	tgzs, _ := filepath.Glob(filepath.Join(dir, "*.tgz"))
	install := run(t, prefix, env, "npm", append([]string{"install", "--offline", "--no-audit", "--no-fund"}, tgzs...)...)
	if install.code != 0 {
		t.Fatalf("npm install --offline: exit %d\n%s%s", install.code, install.stdout, install.stderr)
	}

	gobin := goBinary(t)
	fixture := filepath.Join(repoRoot, "testdata", "fixtures", "lint-planted")
	home := t.TempDir()
	cases := [][]string{
		{"--version"},
		{"lint", "--root", fixture, "--home", home, "--format", "json", "--no-color"},
		{"lint", "--root", fixture, "--home", home, "--format", "github"},
		{"lint", "--root", fixture, "--home", home, "--format", "nope"},
	}
	wantCodes := []int{0, 1, 1, 2}
	for i, args := range cases {
		want := run(t, prefix, env, gobin, args...)
		got := run(t, prefix, env, "npx", append([]string{"--no-install", "mcpconf"}, args...)...)
		if want.code != wantCodes[i] {
			t.Errorf("go build %q: exit %d, the test expects %d", args, want.code, wantCodes[i])
		}
		if got != want {
			t.Errorf("npx mcpconf %q:\n got exit %d, stdout:\n%s\nstderr:\n%s\nwant (go build) exit %d, stdout:\n%s\nstderr:\n%s",
				args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	if r := run(t, prefix, env, "npx", "--no-install", "mcpconf", "--version"); r.stdout != "mcpconf "+testVersion+"\n" {
		t.Errorf("npx mcpconf --version = %q, want %q", r.stdout, "mcpconf "+testVersion+"\n")
	}

	// No platform package (npm install --omit=optional): the launcher says so.
	if err := os.RemoveAll(filepath.Join(prefix, "node_modules", "@mcpconf")); err != nil {
		t.Fatal(err)
	}
	r := run(t, prefix, env, "npx", "--no-install", "mcpconf", "--version")
	if r.code != 3 || !strings.Contains(r.stderr, `the package "@mcpconf/`+platform+`" that holds mcpconf`) {
		t.Errorf("without the platform package: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestLauncherSignal: a signal to the launcher reaches mcpconf, and the
// launcher ends as mcpconf ends (mcpconf lsp, waiting on its input, is
// interrupted either way).
func TestLauncherSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals on Windows")
	}
	needTools(t, "node", "go")
	gobin := goBinary(t)
	launcher := filepath.Join(repoRoot, "npm", "mcpconf", "bin", "mcpconf.js")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		want := interrupted(t, exec.Command(gobin, "lsp"), sig)
		cmd := exec.Command("node", launcher, "lsp")
		cmd.Env = append(os.Environ(), "MCPCONF_BINARY="+gobin)
		got := interrupted(t, cmd, sig)
		t.Logf("%v: %s", sig, got)
		if got != want {
			t.Errorf("%v: through the launcher %q, the binary alone %q", sig, got, want)
		}
	}
}

// interrupted starts cmd with an open stdin, sends it sig once it runs,
// and says how it ended.
func interrupted(t *testing.T, cmd *exec.Cmd, sig syscall.Signal) string {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond) // node starts mcpconf
	_ = cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		return "did not end within 10 s of " + sig.String()
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return "signal " + ws.Signal().String()
	}
	return "exit " + strconv.Itoa(ws.ExitStatus())
}
