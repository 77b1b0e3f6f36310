package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// docFiles are the Markdown files whose examples are checked: the README
// and every page under docs/ (the guide, the security model, …), so that
// an example moved from one to another stays checked.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"../../README.md"}
	err := filepath.WalkDir("../../docs", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestREADMEExamples runs every ```console block of the README and of the
// pages under docs/ that starts with "$ mcpconf" and compares its output.
// A line "  ..." (any indent) stands for any number of lines, so examples
// can be shortened.
func TestREADMEExamples(t *testing.T) {
	n := 0
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(file), "../../")
		for _, blk := range strings.Split(string(b), "```console\n")[1:] {
			body := blk[:strings.Index(blk, "```")]
			lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
			cmdline, ok := strings.CutPrefix(lines[0], "$ mcpconf ")
			if !ok {
				continue
			}
			n++
			for _, abs := range machinePaths(t) {
				if strings.Contains(body, abs) {
					t.Errorf("%s: the example of mcpconf %s holds a path of this machine, %q: write it relative to the repository", name, cmdline, abs)
				}
			}
			t.Run(name+": "+cmdline, func(t *testing.T) {
				io, out, errOut := testIO(nil)
				io.OutTTY = false
				io.Getwd = func() (string, error) { return filepath.Abs("../..") }
				Main(strings.Fields(cmdline), io)
				got := strings.Split(strings.TrimSuffix(out.String()+errOut.String(), "\n"), "\n")
				if !matchElided(lines[1:], got) {
					t.Errorf("%s example is stale:\n$ mcpconf %s\n--- %s\n%s\n--- real output\n%s", name, cmdline, name, strings.Join(lines[1:], "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no console examples in README.md or docs/")
	}
}

// machinePaths are the absolute paths an example must not hold, since
// they are this machine's: the repository's and the home directory.
func machinePaths(t *testing.T) []string {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{repo}
	if home, err := os.UserHomeDir(); err == nil && len(home) > 1 {
		paths = append(paths, home+"/")
	}
	return paths
}

// matchElided matches want against got, where a want line that is "..."
// after trimming matches any run of got lines.
func matchElided(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for i := 0; i <= len(got); i++ {
			if matchElided(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(want[0], " ") == strings.TrimRight(got[0], " ") && matchElided(want[1:], got[1:])
}

// TestDocLinks: every relative link of the README and of the pages under
// docs/ leads to a file that exists and, with a #fragment into a Markdown
// page, to one of its headings, so that no link breaks when a section
// moves to another page.
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := map[string]map[string]bool{}
	headings := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		a := map[string]bool{}
		b, _ := os.ReadFile(file)
		for _, line := range outsideFences(string(b)) {
			if h, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && strings.HasPrefix(line, "#") {
				a[slug(h)] = true
			}
		}
		anchors[file] = a
		return a
	}
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range outsideFences(string(b)) {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, frag, _ := strings.Cut(target, "#")
				dest := file
				if path != "" {
					dest = filepath.Join(filepath.Dir(file), path)
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s: link %q leads nowhere: %v", file, target, err)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(dest, ".md") && !headings(dest)[frag] {
					t.Errorf("%s: link %q names no heading of %s", file, target, dest)
				}
			}
		}
	}
}

// outsideFences is the lines of a Markdown text outside its fenced code
// blocks.
func outsideFences(text string) []string {
	var lines []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			lines = append(lines, line)
		}
	}
	return lines
}

// slug is GitHub's anchor of a heading: lower case, spaces as hyphens,
// other punctuation left out.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
