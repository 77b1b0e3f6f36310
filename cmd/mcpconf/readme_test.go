package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEExamples runs every ```console block of the README that starts
// with "$ mcpconf" and compares its output. A line "  ..." (any indent)
// stands for any number of lines, so examples can be shortened.
func TestREADMEExamples(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(b), "```console\n")[1:]
	if len(blocks) == 0 {
		t.Fatal("no console examples in README.md")
	}
	for _, blk := range blocks {
		body := blk[:strings.Index(blk, "```")]
		lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
		cmdline, ok := strings.CutPrefix(lines[0], "$ mcpconf ")
		if !ok {
			continue
		}
		t.Run(cmdline, func(t *testing.T) {
			io, out, errOut := testIO(nil)
			io.OutTTY = false
			io.Getwd = func() (string, error) { return filepath.Abs("../..") }
			Main(strings.Fields(cmdline), io)
			got := strings.Split(strings.TrimSuffix(out.String()+errOut.String(), "\n"), "\n")
			if !matchElided(lines[1:], got) {
				t.Errorf("README example is stale:\n$ mcpconf %s\n--- README\n%s\n--- real output\n%s", cmdline, strings.Join(lines[1:], "\n"), strings.Join(got, "\n"))
			}
		})
	}
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
