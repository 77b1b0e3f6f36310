package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// repoTree is a repository with a config at its top and one in a package:
// Claude Code, started in the package, reads both.
func repoTree(t *testing.T, gitFile bool) (repo, pkg string) {
	t.Helper()
	repo = writeTree(t, map[string]string{
		".mcp.json":              `{"mcpServers": {"top": {"args": []}}}`,
		"packages/api/.mcp.json": `{"mcpServers": {"api": {"args": []}}}`,
	})
	if gitFile { // a worktree or a submodule: .git is a file
		os.WriteFile(filepath.Join(repo, ".git"), []byte("gitdir: /elsewhere/.git/worktrees/x\n"), 0o644)
	} else {
		os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	}
	return repo, filepath.Join(repo, "packages", "api")
}

// runIn runs mcpconf in the directory cwd.
func runIn(t *testing.T, cwd string, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	io, out, errOut := testIO(env)
	io.Getwd = func() (string, error) { return cwd, nil }
	code := Main(args, io)
	return code, out.String(), errOut.String()
}

var githubFile = regexp.MustCompile(`^::\w+ (?:file=([^,]*),)?.*title=missing-command::(.*)$`)

// githubFiles is the file= of each missing-command annotation, "-" for
// one without, and the messages of those.
func githubFiles(t *testing.T, out string) (files []string, msgs []string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		m := githubFile.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if m[1] == "" {
			files = append(files, "-")
			msgs = append(msgs, m[2])
		} else {
			files = append(files, m[1])
		}
	}
	slices.Sort(files)
	return files, msgs
}

// TestLintGitHubRepositoryPaths: annotations name files relative to the
// repository root, whatever --root and the working directory, so GitHub
// puts each on its file: the package's file is not the root's .mcp.json,
// and a finding in the parent file is annotated too.
func TestLintGitHubRepositoryPaths(t *testing.T) {
	for _, gitFile := range []bool{false, true} {
		repo, pkg := repoTree(t, gitFile)
		home := t.TempDir()
		both := []string{".mcp.json", "packages/api/.mcp.json"}
		for _, c := range []struct {
			name string
			cwd  string
			args []string
			want []string
		}{
			{"--root", repo, []string{"--root", "packages/api"}, both},
			{"in the package", pkg, nil, both},
			{"--root from elsewhere", home, []string{"--root", pkg}, both},
			{"file from the top", repo, []string{"packages/api/.mcp.json"}, both[1:]},
			{"file in the package", pkg, []string{".mcp.json"}, both[1:]},
			{"-r from the top", repo, []string{"-r", "."}, both},
			{"-r in the package", pkg, []string{"-r", "."}, both},
		} {
			args := append([]string{"lint", "--client", "claude", "--format", "github", "--home", home}, c.args...)
			code, out, errOut := runIn(t, c.cwd, nil, args...)
			if code != 1 {
				t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
			}
			if got, _ := githubFiles(t, out); !slices.Equal(got, c.want) {
				t.Errorf(".git file %v, %s: file= %q, want %q\n%s", gitFile, c.name, got, c.want, out)
			}
		}
	}
}

// TestLintGitHubHomeAboveRepository: on a GitHub runner the repository
// lies in the home (/home/runner/work/r/r): the files of the repository
// above --root are annotated all the same, and text shows them relative to
// --root ("../../.mcp.json"), as every file of the project. A user file of
// the home outside the repository is not annotated.
func TestLintGitHubHomeAboveRepository(t *testing.T) {
	repo, pkg := repoTree(t, false)
	home := filepath.Dir(repo)
	os.MkdirAll(filepath.Join(home, ".cursor"), 0o755)
	os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"user": {"args": []}}}`), 0o644)
	code, out, errOut := runIn(t, pkg, map[string]string{"GITHUB_WORKSPACE": repo}, "lint", "--client", "claude,cursor", "--format", "github", "--scope", "all", "--home", home)
	got, msgs := githubFiles(t, out)
	if code != 1 || !slices.Equal(got, []string{"-", ".mcp.json", "packages/api/.mcp.json"}) || len(msgs) != 1 || !strings.HasPrefix(msgs[0], "~/.cursor/mcp.json:1:") {
		t.Errorf("exit %d, file= %q, messages %q\n%s%s", code, got, msgs, out, errOut)
	}
	_, text, _ := runIn(t, pkg, nil, "lint", "--home", home)
	if !strings.HasPrefix(text, "../../.mcp.json:1:") {
		t.Errorf("the text output does not show the parent file relative to --root:\n%s", text)
	}
}

// TestLintGitHubWorkspace: GITHUB_WORKSPACE, when set, is the repository
// root; a file outside it is annotated without file=, its path leading
// the message.
func TestLintGitHubWorkspace(t *testing.T) {
	repo, pkg := repoTree(t, false)
	home := t.TempDir()
	os.RemoveAll(filepath.Join(repo, ".git")) // the workspace alone says it

	code, out, errOut := runIn(t, pkg, map[string]string{"GITHUB_WORKSPACE": repo}, "lint", "--client", "claude", "--format", "github", "--home", home)
	if got, _ := githubFiles(t, out); code != 1 || !slices.Equal(got, []string{".mcp.json", "packages/api/.mcp.json"}) {
		t.Errorf("GITHUB_WORKSPACE=repo: exit %d, file= %q\n%s%s", code, got, out, errOut)
	}
	code, out, errOut = runIn(t, pkg, map[string]string{"GITHUB_WORKSPACE": pkg}, "lint", "--client", "claude", "--format", "github", "--home", home)
	got, msgs := githubFiles(t, out)
	if code != 1 || !slices.Equal(got, []string{"-", ".mcp.json"}) || len(msgs) != 1 || !strings.HasPrefix(msgs[0], filepath.Join(repo, ".mcp.json")+":1:") {
		t.Errorf("GITHUB_WORKSPACE=package: exit %d, file= %q, messages %q\n%s%s", code, got, msgs, out, errOut)
	}
}

type sarifDoc struct {
	Runs []struct {
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

func sarifOf(t *testing.T, out string) sarifDoc {
	t.Helper()
	var doc sarifDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Runs) != 1 {
		t.Fatalf("not SARIF (%v):\n%s", err, out)
	}
	return doc
}

// sarifURIs lists each missing-command result as base|uri.
func sarifURIs(doc sarifDoc) (uris, fingerprints []string) {
	for _, r := range doc.Runs[0].Results {
		if r.RuleID != "missing-command" || len(r.Locations) == 0 {
			continue
		}
		a := r.Locations[0].PhysicalLocation.ArtifactLocation
		uris = append(uris, a.URIBaseID+"|"+a.URI)
		for _, fp := range r.PartialFingerprints {
			fingerprints = append(fingerprints, fp)
		}
	}
	slices.Sort(uris)
	slices.Sort(fingerprints)
	return uris, fingerprints
}

// TestLintSARIFRepositoryPaths: SARIF locations are relative to the
// repository root, which originalUriBaseIds resolves; a file outside the
// repository is named by its file: URI. Fingerprints do not depend on
// where lint ran.
func TestLintSARIFRepositoryPaths(t *testing.T) {
	repo, pkg := repoTree(t, false)
	home := t.TempDir()
	want := []string{"%SRCROOT%|.mcp.json", "%SRCROOT%|packages/api/.mcp.json"}
	var prints [][]string
	for _, c := range []struct {
		cwd  string
		args []string
	}{{repo, []string{"--root", "packages/api"}}, {pkg, nil}} {
		code, out, errOut := runIn(t, c.cwd, nil, append([]string{"lint", "--client", "claude", "--format", "sarif", "--home", home}, c.args...)...)
		doc := sarifOf(t, out)
		uris, fps := sarifURIs(doc)
		if code != 1 || !slices.Equal(uris, want) {
			t.Errorf("in %s %q: exit %d, locations %q, want %q\n%s", c.cwd, c.args, code, uris, want, errOut)
		}
		if base := doc.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; base != "file://"+filepath.ToSlash(repo)+"/" {
			t.Errorf("%%SRCROOT%% is %q, want the repository %q", base, repo)
		}
		prints = append(prints, fps)
	}
	if !slices.Equal(prints[0], prints[1]) {
		t.Errorf("fingerprints depend on where lint ran: %q, %q", prints[0], prints[1])
	}

	code, out, _ := runIn(t, pkg, map[string]string{"GITHUB_WORKSPACE": pkg}, "lint", "--client", "claude", "--format", "sarif", "--home", home)
	uris, _ := sarifURIs(sarifOf(t, out))
	if code != 1 || !slices.Equal(uris, []string{"%SRCROOT%|.mcp.json", "|file://" + filepath.ToSlash(filepath.Join(repo, ".mcp.json"))}) {
		t.Errorf("outside the workspace: exit %d, locations %q", code, uris)
	}
}

// TestLintTextPathsUnchanged: text and JSON keep the display paths:
// relative to --root (or where lint runs, for PATH arguments), a file of
// the repository above it too ("../../.mcp.json").
func TestLintTextPathsUnchanged(t *testing.T) {
	_, pkg := repoTree(t, false)
	code, rep, errOut := func() (int, lintReport, string) {
		code, out, errOut := runIn(t, pkg, nil, "lint", "--client", "claude", "--format", "json", "--home", t.TempDir())
		var rep lintReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v:\n%s", err, out)
		}
		return code, rep, errOut
	}()
	var paths []string
	for _, f := range rep.Findings {
		paths = append(paths, f.Path)
	}
	slices.Sort(paths)
	parent := "../../.mcp.json"
	if code != 1 || !slices.Equal(paths, []string{"../../.mcp.json", ".mcp.json"}) {
		t.Errorf("JSON paths %q (exit %d: %s)", paths, code, errOut)
	}
	_, out, _ := runIn(t, pkg, nil, "lint", "--home", t.TempDir())
	if !strings.HasPrefix(out, parent+":1:") || strings.Contains(out, "packages/api") {
		t.Errorf("text paths:\n%s", out)
	}
}
