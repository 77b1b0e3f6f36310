package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/width"
)

var colorCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// cells is how many terminal cells a line without color codes takes.
func cells(s string) int {
	n := 0
	for _, r := range s {
		switch k := width.LookupRune(r).Kind(); {
		case r == utf8.RuneError:
			n++
		case k == width.EastAsianWide || k == width.EastAsianFullwidth:
			n += 2
		case r < ' ' && r != '\t':
		default:
			n++
		}
	}
	return n
}

// terminalRuns are the text commands run on each fixture tree to check
// how they lay out on a terminal.
func terminalRuns(t *testing.T, name string) [][]string {
	runs := [][]string{{"explain"}, {"explain", "--client", "pisces"}, {"lint", "--scope", "all"}, {"explain", "--resolve"}}
	for _, n := range fixtureList(t, name, "names") {
		runs = append(runs, []string{"explain", n}, []string{"explain", n, "--client", "pisces"})
	}
	for _, c := range fixtureList(t, name, "clients") {
		runs = append(runs, []string{"explain", "--client", c})
	}
	return runs
}

// TestColorDoesNotMoveText: with --color always, every command prints
// what --color never prints once the color codes are taken out, on a pipe
// and on a terminal 80 cells wide: tables measure what is seen, not the
// codes, and wrapping does not depend on color.
func TestColorDoesNotMoveText(t *testing.T) {
	colored := 0
	eachFixture(t, func(t *testing.T, name, root, home string) {
		for _, args := range terminalRuns(t, name) {
			for _, w := range []int{0, 80} {
				outs := map[string]string{}
				for _, mode := range []string{"always", "never"} {
					io, out, _ := testIO(nil)
					io.OutTTY, io.Width, io.FingerprintKey = w > 0, w, []byte("k")
					Main(append(append([]string{}, args...), "--root", root, "--home", home, "--color", mode), io)
					outs[mode] = out.String()
				}
				if strings.Contains(outs["always"], "\x1b[") {
					colored++
				}
				if got := colorCode.ReplaceAllString(outs["always"], ""); got != outs["never"] {
					t.Errorf("%v at width %d: --color always, codes removed, differs from --color never:\n--- always\n%s\n--- never\n%s", args, w, got, outs["never"])
				}
			}
		}
	})
	if colored == 0 {
		t.Fatal("--color always printed no color: the test checks nothing")
	}
}

// TestFitsTheTerminal: on a terminal 80 cells wide no line of explain or
// lint is wider, where the same run on a pipe has lines far wider; on a
// pipe the output is the golden one, untouched.
func TestFitsTheTerminal(t *testing.T) {
	wider := 0
	eachFixture(t, func(t *testing.T, name, root, home string) {
		for _, args := range terminalRuns(t, name) {
			argv := append(append([]string{}, args...), "--root", root, "--home", home)
			io, out, _ := testIO(nil)
			Main(argv, io)
			for _, l := range strings.Split(out.String(), "\n") {
				if cells(l) > 80 {
					wider++
					break
				}
			}
			io, out, _ = testIO(nil)
			io.OutTTY, io.Width = true, 80
			Main(argv, io)
			for i, l := range strings.Split(colorCode.ReplaceAllString(out.String(), ""), "\n") {
				if n := cells(l); n > 80 {
					t.Errorf("%v: line %d is %d cells wide on an 80-cell terminal:\n%s\n--- output\n%s", args, i+1, n, l, out)
					break
				}
			}
		}
	})
	if wider == 0 {
		t.Fatal("no run printed a line wider than 80 cells on a pipe: the test checks nothing")
	}
}
