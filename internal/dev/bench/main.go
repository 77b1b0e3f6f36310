// Command bench runs the benchmark set of testdata/bench/ceilings.txt: the
// figures docs/performance.md reports, each with a ceiling about ten times
// what it measured, so that a change that makes one an order of magnitude
// slower, or fatter, fails CI:
//
//	go run ./internal/dev/bench                  # the smoke .ci/run runs: each benchmark at its small -benchtime
//	go run ./internal/dev/bench -suggest         # the same, and ceilings ten times what it measured
//	go run ./internal/dev/bench compare OLD NEW  # both commits, -count 6 each, side by side with benchstat
//
// The smoke builds each package's test binary once (go test -c) and runs it
// once per benchmark with that benchmark's -benchtime, in the package's
// directory as go test would. A benchmark of the file that no longer
// exists, or reports nothing, fails too: a renamed benchmark must take its
// ceiling with it.
//
// compare checks out OLD and NEW in temporary git worktrees (removed
// after), runs the set there with go test -count N (each benchmark at its
// -benchtime), and prints benchstat's comparison; benchstat is installed
// (go install golang.org/x/perf/cmd/benchstat@latest) when it is missing.
// The set is this tree's file, so both commits run the same benchmarks; one
// a commit does not have is left out of its column.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "compare" {
		return compare(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("file", filepath.Join("testdata", "bench", "ceilings.txt"), "the benchmark set and its ceilings")
	suggest := fs.Bool("suggest", false, "also print ceilings ten times what this run measured")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: bench [-file FILE] [-suggest]\n       bench compare [-count N] [-file FILE] OLD NEW")
		return 2
	}
	set, err := readCeilings(*file)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	t0 := time.Now()
	results, err := smoke(set, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	failures := check(set, results, stdout)
	fmt.Fprintf(stdout, "%d benchmarks in %.1f s\n", len(set), time.Since(t0).Seconds())
	if *suggest {
		fmt.Fprintln(stdout, "\nceilings ten times these figures:")
		for _, c := range set {
			if r, ok := results[c.Name]; ok {
				fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\n", c.Pkg, c.Name, c.Benchtime,
					roundDuration(10*time.Duration(r.NsPerOp)), roundBytes(10*r.BytesPerOp, c.BytesPerOp < 0))
			}
		}
	}
	if len(failures) > 0 {
		for _, f := range failures {
			fmt.Fprintln(stderr, "bench:", f)
		}
		fmt.Fprintf(stderr, "bench: %d of %d benchmarks above their ceiling (%s): profile the change (docs/performance.md), or, for a cost taken on knowingly, raise the ceiling with the figure that justifies it\n", len(failures), len(set), *file)
		return 1
	}
	return 0
}

// Ceiling is one benchmark of the set: its package, its full name
// (sub-benchmarks after "/"), the -benchtime of the smoke, and the most
// it may cost per op; BytesPerOp is -1 when only its time is guarded.
type Ceiling struct {
	Pkg, Name, Benchtime string
	NsPerOp              float64
	BytesPerOp           float64
	Line                 int
}

// Result is what one benchmark reported.
type Result struct {
	NsPerOp, BytesPerOp float64
	HasBytes            bool
}

// readCeilings reads the set: one benchmark a line, "package name
// benchtime time bytes" separated by white space ("-" for no bytes
// ceiling), # comments.
func readCeilings(path string) ([]Ceiling, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseCeilings(path, data)
}

func parseCeilings(path string, data []byte) ([]Ceiling, error) {
	var set []Ceiling
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", path, i+1)
		if len(f) != 5 {
			return nil, fmt.Errorf("%s: %d fields, want 5: package, benchmark, benchtime, time per op, bytes per op (or -)", at, len(f))
		}
		c := Ceiling{Pkg: f[0], Name: f[1], Benchtime: f[2], Line: i + 1}
		if !strings.HasPrefix(c.Name, "Benchmark") {
			return nil, fmt.Errorf("%s: %q is not a benchmark's name", at, c.Name)
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("%s: %q is listed twice", at, c.Name)
		}
		seen[c.Name] = true
		if !regexp.MustCompile(`^[0-9]+(x|ns|us|ms|s)$`).MatchString(c.Benchtime) {
			return nil, fmt.Errorf("%s: benchtime %q, want a count (3x) or a duration (1s)", at, c.Benchtime)
		}
		d, err := time.ParseDuration(f[3])
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("%s: time per op %q, want a duration such as 50ms", at, f[3])
		}
		c.NsPerOp = float64(d.Nanoseconds())
		if c.BytesPerOp, err = parseBytes(f[4]); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		set = append(set, c)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("%s: no benchmark listed", path)
	}
	return set, nil
}

// parseBytes reads "-" (none), or a number of bytes with an optional
// suffix KB, MB or GB (powers of 1,000, as go test's B/op).
func parseBytes(s string) (float64, error) {
	if s == "-" {
		return -1, nil
	}
	mult := 1.0
	for suffix, m := range map[string]float64{"KB": 1e3, "MB": 1e6, "GB": 1e9} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = n, m
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bytes per op %q, want a size such as 20MB, or -", s)
	}
	return v * mult, nil
}

// pattern is the -bench expression that selects exactly name: each level
// of it anchored.
func pattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// smoke builds each package's test binary once and runs every benchmark
// of the set with it; progress goes to log.
func smoke(set []Ceiling, log io.Writer) (map[string]Result, error) {
	tmp, err := os.MkdirTemp("", "mcpconf-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bins := map[string]string{}
	results := map[string]Result{}
	for _, c := range set {
		bin, ok := bins[c.Pkg]
		if !ok {
			bin = filepath.Join(tmp, fmt.Sprintf("pkg%d.test", len(bins)))
			if out, err := exec.Command("go", "test", "-c", "-o", bin, c.Pkg).CombinedOutput(); err != nil {
				return nil, fmt.Errorf("go test -c %s: %v\n%s", c.Pkg, err, out)
			}
			bins[c.Pkg] = bin
		}
		fmt.Fprintf(log, "%s %s -benchtime %s\n", c.Pkg, c.Name, c.Benchtime)
		cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", pattern(c.Name), "-test.benchtime", c.Benchtime, "-test.benchmem")
		cmd.Dir = c.Pkg
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("%s %s: %v\n%s", c.Pkg, c.Name, err, out.Bytes())
		}
		for name, r := range parseResults(out.Bytes()) {
			results[name] = r
		}
	}
	return results, nil
}

var procSuffix = regexp.MustCompile(`-[0-9]+$`)

// parseResults reads go test -bench output: each result line's name
// (without the -GOMAXPROCS suffix), ns/op and B/op.
func parseResults(out []byte) map[string]Result {
	results := map[string]Result{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue // not a result line (a log line that starts so)
		}
		var r Result
		found := false
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				break
			}
			switch f[i+1] {
			case "ns/op":
				r.NsPerOp, found = v, true
			case "B/op":
				r.BytesPerOp, r.HasBytes = v, true
			}
		}
		if found {
			results[procSuffix.ReplaceAllString(f[0], "")] = r
		}
	}
	return results
}

// check compares results with the set's ceilings, prints a table to w,
// and returns what failed.
func check(set []Ceiling, results map[string]Result, w io.Writer) []string {
	var failures []string
	fmt.Fprintf(w, "%-52s %12s %12s %6s %12s %12s %6s\n", "benchmark", "time/op", "ceiling", "", "bytes/op", "ceiling", "")
	for _, c := range set {
		r, ok := results[c.Name]
		if !ok {
			fmt.Fprintf(w, "%-52s %12s\n", c.Name, "missing")
			failures = append(failures, fmt.Sprintf("%s (%s): no result: the benchmark is gone or was renamed; update testdata/bench/ceilings.txt line %d", c.Name, c.Pkg, c.Line))
			continue
		}
		bytesCol, bytesCeil, bytesRatio := "", "", ""
		if c.BytesPerOp >= 0 {
			bytesCol, bytesCeil = roundBytes(r.BytesPerOp, !r.HasBytes), roundBytes(c.BytesPerOp, false)
			bytesRatio = fmt.Sprintf("%5.0f%%", 100*r.BytesPerOp/c.BytesPerOp)
		}
		fmt.Fprintf(w, "%-52s %12s %12s %5.0f%% %12s %12s %6s\n", c.Name, roundDuration(time.Duration(r.NsPerOp)),
			roundDuration(time.Duration(c.NsPerOp)), 100*r.NsPerOp/c.NsPerOp, bytesCol, bytesCeil, bytesRatio)
		if r.NsPerOp > c.NsPerOp {
			failures = append(failures, fmt.Sprintf("%s (%s): %s per op, above its ceiling of %s", c.Name, c.Pkg,
				roundDuration(time.Duration(r.NsPerOp)), roundDuration(time.Duration(c.NsPerOp))))
		}
		if c.BytesPerOp >= 0 && !r.HasBytes {
			failures = append(failures, fmt.Sprintf("%s (%s): no B/op reported (run with -benchmem)", c.Name, c.Pkg))
		} else if c.BytesPerOp >= 0 && r.BytesPerOp > c.BytesPerOp {
			failures = append(failures, fmt.Sprintf("%s (%s): %s allocated per op, above its ceiling of %s", c.Name, c.Pkg,
				roundBytes(r.BytesPerOp, false), roundBytes(c.BytesPerOp, false)))
		}
	}
	return failures
}

// roundDuration prints d with three significant digits.
func roundDuration(d time.Duration) string {
	for _, unit := range []time.Duration{time.Second, time.Millisecond, time.Microsecond} {
		if d >= unit {
			return strconv.FormatFloat(float64(d)/float64(unit), 'g', 3, 64) + map[time.Duration]string{time.Second: "s", time.Millisecond: "ms", time.Microsecond: "us"}[unit]
		}
	}
	return fmt.Sprintf("%dns", d.Nanoseconds())
}

// roundBytes prints n bytes with three significant digits, as the
// ceilings file writes them; none prints "-".
func roundBytes(n float64, none bool) string {
	if none {
		return "-"
	}
	for _, u := range []struct {
		suffix string
		size   float64
	}{{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}} {
		if n >= u.size {
			return strconv.FormatFloat(n/u.size, 'g', 3, 64) + u.suffix
		}
	}
	return strconv.FormatFloat(n, 'f', 0, 64)
}

// compare runs the set on two commits and prints benchstat's comparison.
func compare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	count := fs.Int("count", 6, "runs of each benchmark on each commit")
	file := fs.String("file", filepath.Join("testdata", "bench", "ceilings.txt"), "the benchmark set")
	filter := fs.String("run", "", "only the benchmarks whose name matches this expression")
	if err := fs.Parse(args); err != nil || fs.NArg() != 2 || *count < 1 {
		fmt.Fprintln(stderr, "usage: bench compare [-count N] [-run REGEXP] [-file FILE] OLD NEW")
		return 2
	}
	set, err := readCeilings(*file)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fmt.Fprintln(stderr, "bench: -run:", err)
			return 2
		}
		var kept []Ceiling
		for _, c := range set {
			if re.MatchString(c.Name) {
				kept = append(kept, c)
			}
		}
		set = kept
	}
	benchstat, err := findBenchstat(stderr)
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "mcpconf-compare-")
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	var files []string
	for i, rev := range fs.Args() {
		commit, err := output("git", "rev-parse", "--verify", rev+"^{commit}")
		if err != nil {
			fmt.Fprintf(stderr, "bench: %q is not a commit: %v\n", rev, err)
			return 1
		}
		commit = strings.TrimSpace(commit)
		label := fmt.Sprintf("%s-%s", []string{"old", "new"}[i], commit[:12])
		path := filepath.Join(tmp, label+".txt")
		if err := runCommit(commit, set, *count, filepath.Join(tmp, label), path, stderr); err != nil {
			fmt.Fprintln(stderr, "bench:", err)
			return 1
		}
		files = append(files, path)
	}
	cmd := exec.Command(benchstat, files...)
	cmd.Dir = tmp // columns named by the files' names
	for i := range files {
		cmd.Args[1+i] = filepath.Base(files[i])
	}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(stderr, "bench: benchstat:", err)
		return 1
	}
	return 0
}

// runCommit checks out commit in a temporary worktree at dir, runs the
// set there and writes go test's output to out; the worktree is removed.
func runCommit(commit string, set []Ceiling, count int, dir, out string, log io.Writer) error {
	if b, err := exec.Command("git", "worktree", "add", "--detach", dir, commit).CombinedOutput(); err != nil {
		return fmt.Errorf("git worktree add %s: %v\n%s", commit, err, b)
	}
	defer func() {
		if b, err := exec.Command("git", "worktree", "remove", "--force", dir).CombinedOutput(); err != nil {
			fmt.Fprintf(log, "bench: git worktree remove %s: %v\n%s", dir, err, b)
		}
	}()
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, c := range set {
		fmt.Fprintf(log, "%s: %s %s -benchtime %s -count %d\n", commit[:12], c.Pkg, c.Name, c.Benchtime, count)
		cmd := exec.Command("go", "test", c.Pkg, "-run", "^$", "-bench", pattern(c.Name), "-benchtime", c.Benchtime,
			"-count", strconv.Itoa(count), "-benchmem")
		cmd.Dir = dir
		var b bytes.Buffer
		cmd.Stdout, cmd.Stderr = &b, &b
		if err := cmd.Run(); err != nil {
			// a package the commit does not have, or a benchmark that
			// fails there: said, and left out of its column
			fmt.Fprintf(log, "%s: %s %s: %v\n%s", commit[:12], c.Pkg, c.Name, err, lastLines(b.Bytes(), 5))
			continue
		}
		if _, err := f.Write(b.Bytes()); err != nil {
			return err
		}
	}
	return f.Close()
}

func lastLines(b []byte, n int) []byte {
	lines := bytes.SplitAfter(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return append(bytes.Join(lines, nil), '\n')
}

// findBenchstat finds benchstat on PATH or in GOPATH/bin, or installs it.
func findBenchstat(log io.Writer) (string, error) {
	if p, err := exec.LookPath("benchstat"); err == nil {
		return p, nil
	}
	gopath, err := output("go", "env", "GOPATH")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(strings.TrimSpace(strings.Split(gopath, string(os.PathListSeparator))[0]), "bin", "benchstat")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fmt.Fprintln(log, "installing benchstat: go install golang.org/x/perf/cmd/benchstat@latest")
	if b, err := exec.Command("go", "install", "golang.org/x/perf/cmd/benchstat@latest").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install benchstat: %v\n%s", err, b)
	}
	if _, err := os.Stat(bin); err != nil {
		return "", errors.New("benchstat installed but not found at " + bin)
	}
	return bin, nil
}

func output(name string, args ...string) (string, error) {
	b, err := exec.Command(name, args...).Output()
	return string(b), err
}
