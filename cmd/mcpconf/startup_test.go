package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestNoWorkInInit keeps start-up cheap: no package of this module may do
// real work when the program starts (tables, regexps and schemas are built
// on first use). It re-runs this test binary with the runtime's init trace.
func TestNoWorkInInit(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	re := regexp.MustCompile(`init (github\.com/mcpconf/mcpconf/\S+) @\S+ ms, \S+ ms clock, (\d+) bytes`)
	found := re.FindAllStringSubmatch(string(out), -1)
	if len(found) < 5 {
		t.Fatalf("init trace lists %d of our packages; GODEBUG=inittrace output changed?\n%s", len(found), out)
	}
	for _, m := range found {
		if bytes, _ := strconv.Atoi(m[2]); bytes > 64<<10 {
			t.Errorf("package %s allocates %d bytes at start-up: build it on first use (sync.OnceValue)", m[1], bytes)
		}
	}
}
