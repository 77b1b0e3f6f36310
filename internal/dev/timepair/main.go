// Command timepair times two commands as whole processes, side by side:
// it runs them in turn (A, B, A, B, …) so that the load of a shared
// machine weighs on both alike, and prints for each the median wall time,
// the spread (min–max), the median CPU time and the largest max RSS, then
// the ratio of the medians B/A:
//
//	go run ./internal/dev/timepair -n 30 -- mcpconf --version -- mcpconf lint --root testdata/fixtures/demo
//
// Each command is given as its arguments, the two separated by "--"; no
// shell runs them (write `sh -c '…'` for one). Its output is discarded;
// a command that exits non-zero is reported but still timed, since lint
// exits 1 when it finds something. -warm runs each once first, untimed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// sample is one run of a command.
type sample struct {
	wall, cpu time.Duration
	rssKB     int64
	code      int
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("timepair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 20, "runs of each command")
	warm := fs.Int("warm", 1, "untimed runs of each command first")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cmds, err := split(fs.Args())
	if err != nil || *n < 1 {
		fmt.Fprintln(stderr, "usage: timepair [-n N] [-warm N] -- CMD A… -- CMD B…")
		return 2
	}
	for range *warm {
		for _, c := range cmds {
			if _, err := once(c); err != nil {
				fmt.Fprintf(stderr, "timepair: %q: %v\n", c[0], err)
				return 1
			}
		}
	}
	samples := make([][]sample, len(cmds))
	for range *n {
		for i, c := range cmds {
			s, err := once(c)
			if err != nil {
				fmt.Fprintf(stderr, "timepair: %q: %v\n", c[0], err)
				return 1
			}
			samples[i] = append(samples[i], s)
		}
	}
	var medians []time.Duration
	for i, c := range cmds {
		st := summarize(samples[i])
		medians = append(medians, st.wall)
		fmt.Fprintf(stdout, "%c: %v\n   wall %s (min %s, max %s)  cpu %s  max RSS %.1f MB", 'A'+i, c,
			ms(st.wall), ms(st.min), ms(st.max), ms(st.cpu), float64(st.rssKB)/1024)
		if st.failed > 0 {
			fmt.Fprintf(stdout, "  (%d of %d runs exited non-zero)", st.failed, len(samples[i]))
		}
		fmt.Fprintln(stdout)
	}
	if len(medians) == 2 {
		fmt.Fprintf(stdout, "B/A %.2f× (medians of %d interleaved runs)\n", float64(medians[1])/float64(medians[0]), *n)
	}
	return 0
}

// split cuts args at each "--" into one or two commands.
func split(args []string) ([][]string, error) {
	var cmds [][]string
	for _, a := range args {
		if a == "--" {
			cmds = append(cmds, nil)
			continue
		}
		if len(cmds) == 0 {
			cmds = append(cmds, nil)
		}
		cmds[len(cmds)-1] = append(cmds[len(cmds)-1], a)
	}
	cmds = slices.DeleteFunc(cmds, func(c []string) bool { return len(c) == 0 })
	if len(cmds) < 1 || len(cmds) > 2 {
		return nil, errors.New("one or two commands")
	}
	return cmds, nil
}

// once runs c with its output discarded and returns what it cost.
func once(c []string) (sample, error) {
	cmd := exec.Command(c[0], c[1:]...)
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return sample{}, err
	}
	s := sample{wall: wall, code: cmd.ProcessState.ExitCode()}
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	s.rssKB = maxRSS(cmd.ProcessState)
	return s, nil
}

type stats struct {
	wall, min, max, cpu time.Duration
	rssKB               int64
	failed              int
}

func summarize(ss []sample) stats {
	var st stats
	walls := make([]time.Duration, len(ss))
	cpus := make([]time.Duration, len(ss))
	for i, s := range ss {
		walls[i], cpus[i] = s.wall, s.cpu
		st.rssKB = max(st.rssKB, s.rssKB)
		if s.code != 0 {
			st.failed++
		}
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	st.wall, st.cpu = median(walls), median(cpus)
	st.min, st.max = walls[0], walls[len(walls)-1]
	return st
}

func median(d []time.Duration) time.Duration {
	if len(d)%2 == 1 {
		return d[len(d)/2]
	}
	return (d[len(d)/2-1] + d[len(d)/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
