package release

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// allPlatforms is every platform a release ships, as npm names them: one
// npm package @mcpconf/OS-CPU and one archive each.
var allPlatforms = []string{"linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"}

// TestReleasePlatforms: scripts/release/lib.sh, which both release scripts
// read, lists every platform, and the launcher depends on the package of
// each and finds it.
func TestReleasePlatforms(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	r := run(t, repoRoot, nil, "bash", "-c", `. scripts/release/lib.sh && echo $release_platforms`)
	if got := strings.Fields(r.stdout); r.code != 0 || !slices.Equal(got, allPlatforms) {
		t.Fatalf("scripts/release/lib.sh: release_platforms = %q (exit %d, %s), want %q", got, r.code, r.stderr, allPlatforms)
	}
	data, err := os.ReadFile(filepath.Join(repoRoot, "npm", "mcpconf", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	launcher, err := os.ReadFile(filepath.Join(repoRoot, "npm", "mcpconf", "bin", "mcpconf.js"))
	if err != nil {
		t.Fatal(err)
	}
	var deps []string
	for _, p := range allPlatforms {
		name := "@mcpconf/" + p
		deps = append(deps, name)
		if _, ok := pkg.OptionalDependencies[name]; !ok {
			t.Errorf("npm/mcpconf/package.json: no optional dependency on %q", name)
		}
		os, cpu, _ := strings.Cut(p, "-")
		if !strings.Contains(string(launcher), `"`+os+" "+cpu+`": "`+name+`"`) {
			t.Errorf("npm/mcpconf/bin/mcpconf.js: %q is not the package for %q", name, os+" "+cpu)
		}
	}
	for dep := range pkg.OptionalDependencies {
		if !slices.Contains(deps, dep) {
			t.Errorf("npm/mcpconf/package.json: optional dependency %q is no platform scripts/release/lib.sh builds", dep)
		}
	}
}

// archiveName is the archive scripts/release/archives writes for an npm
// platform name.
func archiveName(platform, version string) string {
	os, cpu, _ := strings.Cut(platform, "-")
	goos := map[string]string{"linux": "linux", "darwin": "darwin", "win32": "windows"}[os]
	goarch := map[string]string{"x64": "amd64", "arm64": "arm64"}[cpu]
	name := "mcpconf_" + version + "_" + goos + "_" + goarch
	if goos == "windows" {
		return name + ".zip"
	}
	return name + ".tar.gz"
}

// TestReleaseArchives runs scripts/release/archives for this machine's
// platform (every platform with MCPCONF_TEST_PLATFORMS=all, which cross-
// compiles four more binaries): each archive holds the binary, README.md
// and LICENSE if there is one; checksums.txt is each archive's sha256 as
// sha256sum -c reads it; this platform's binary says the release version.
func TestReleaseArchives(t *testing.T) {
	needTools(t, "bash", "go", "tar", "gzip")
	host := npmPlatform(t)
	platforms := []string{host}
	if os.Getenv("MCPCONF_TEST_PLATFORMS") == "all" {
		platforms = allPlatforms
	}
	dir := t.TempDir()
	cmd := exec.Command(filepath.Join(repoRoot, "scripts", "release", "archives"), dir)
	cmd.Env = append(os.Environ(), "MCPCONF_PLATFORMS="+strings.Join(platforms, " "), "MCPCONF_VERSION="+testVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/release/archives: %v\n%s", err, out)
	}

	want := []string{"checksums.txt"}
	for _, p := range platforms {
		want = append(want, archiveName(p, testVersion))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("scripts/release/archives wrote %q, want %q", got, want)
	}

	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = os.Stat(filepath.Join(repoRoot, "LICENSE"))
	hasLicense := err == nil
	for _, p := range platforms {
		name := archiveName(p, testVersion)
		exe := "mcpconf"
		if strings.HasPrefix(p, "win32-") {
			exe = "mcpconf.exe"
		}
		wantFiles := []string{"README.md", exe}
		if hasLicense {
			wantFiles = append(wantFiles, "LICENSE")
		}
		slices.Sort(wantFiles)
		files := archiveFiles(t, filepath.Join(dir, name))
		var names []string
		for n := range files {
			names = append(names, n)
		}
		slices.Sort(names)
		if !slices.Equal(names, wantFiles) {
			t.Errorf("%s holds %q, want %q", name, names, wantFiles)
			continue
		}
		if string(files["README.md"].data) != string(readme) {
			t.Errorf("%s: README.md is not the repository's", name)
		}
		if !strings.HasSuffix(name, ".zip") && files[exe].mode&0o111 == 0 {
			t.Errorf("%s: %s is not executable (mode %v)", name, exe, files[exe].mode)
		}
		if p == host {
			bin := filepath.Join(t.TempDir(), exe)
			if err := os.WriteFile(bin, files[exe].data, 0o755); err != nil {
				t.Fatal(err)
			}
			r := run(t, dir, nil, bin, "--version")
			if r.code != 0 || r.stdout != "mcpconf "+testVersion+"\n" {
				t.Errorf("%s: mcpconf --version: exit %d, %q (%s), want %q", name, r.code, r.stdout, r.stderr, "mcpconf "+testVersion+"\n")
			}
		}
	}

	// checksums.txt: one line per archive, "SHA256  NAME", as sha256sum writes it.
	f, err := os.Open(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var summed []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 {
			t.Errorf("checksums.txt: line %q is not \"SHA256  NAME\"", sc.Text())
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("checksums.txt names %q: %v", name, err)
			continue
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
			t.Errorf("checksums.txt: %s has sha256 %x, the file says %s", name, h, sum)
		}
		summed = append(summed, name)
	}
	if want := want[1:]; !slices.Equal(summed, want) {
		t.Errorf("checksums.txt sums %q, want %q", summed, want)
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		if r := run(t, dir, nil, "sha256sum", "-c", "checksums.txt"); r.code != 0 {
			t.Errorf("sha256sum -c checksums.txt: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	}
}

type archived struct {
	data []byte
	mode os.FileMode
}

// archiveFiles reads every file of a .tar.gz or .zip.
func archiveFiles(t *testing.T, path string) map[string]archived {
	t.Helper()
	files := map[string]archived{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			files[f.Name] = archived{data, f.Mode()}
		}
		return files
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	gz, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = archived{data, h.FileInfo().Mode()}
	}
	return files
}
