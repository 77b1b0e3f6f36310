package resolve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/mcpconf/mcpconf/internal/proctree"
)

// DefaultExecTimeout bounds a pisces !command, as pisces itself does.
const DefaultExecTimeout = 10 * time.Second

// MaxExecOutput caps what a command may print; more is an error, not a
// value.
const MaxExecOutput = 1 << 20

// Runner runs pisces !command values ("!op read op://vault/token"): only in
// probe and explain --resolve, and only when the user passed --allow-exec.
// Each distinct command runs at most once per Runner, in Dir, through
// /bin/sh -c, with stdin closed and its output capped. When it ends or
// runs out of time, whatever it started goes with it: its process group
// and, on Linux, every process under it and the daemons it detached
// (internal/proctree; those go once no other command or server that
// could have started them is running).
type Runner struct {
	Dir     string
	Timeout time.Duration // 0: DefaultExecTimeout
	// Env is the command's environment ("K=V"); nil means the process's.
	Env []string

	mu   sync.Mutex
	runs map[string]*run
}

type run struct {
	once sync.Once
	res  CommandResult
}

// CommandResult is what one command gave: its trimmed output, or why it
// gave none (Err, with the tail of its stderr). Err is not masked: it
// crosses the run's secret boundary on its way to output, like every
// other text.
type CommandResult struct {
	Output string
	Err    string
}

// Runs is how many distinct commands ran, for tests.
func (r *Runner) Runs() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.runs)
}

// Run runs a command line once and returns its trimmed stdout.
func (r *Runner) Run(line string) CommandResult {
	r.mu.Lock()
	if r.runs == nil {
		r.runs = map[string]*run{}
	}
	x := r.runs[line]
	if x == nil {
		x = &run{}
		r.runs[line] = x
	}
	r.mu.Unlock()
	x.once.Do(func() { x.res = r.exec(line) })
	return x.res
}

func (r *Runner) exec(line string) CommandResult {
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultExecTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.Command("/bin/sh", "-c", line)
	cmd.Dir = r.Dir
	cmd.Env = r.Env
	cmd.Stdin = nil // /dev/null: a command that reads stdin gets EOF, never a prompt
	stdout := &capped{max: MaxExecOutput}
	var stderr tail
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	// A process the kill cannot reach (a set-user-ID one) may keep the
	// pipes open: the output is not waited for longer than this.
	cmd.WaitDelay = 500 * time.Millisecond
	tree, err := proctree.Start(cmd)
	if errors.Is(err, proctree.ErrInterrupted) {
		return CommandResult{Err: fmt.Sprintf("command %q was not run: interrupted", line)}
	}
	if err != nil {
		return CommandResult{Err: fmt.Sprintf("command %q cannot start: %v", line, err)}
	}
	timedOut := false
	select {
	case <-tree.Exited():
	case <-ctx.Done():
		timedOut = true
	}
	// Whether it ended or not, what it started goes with it: children
	// left in its group with our pipes open, daemons it detached.
	err = tree.Close()
	if errors.Is(err, exec.ErrWaitDelay) {
		err = nil // it succeeded; a process it left kept the pipes open
	}
	switch {
	case tree.Interrupted():
		return CommandResult{Err: fmt.Sprintf("command %q was stopped: interrupted%s", line, stderr.say())}
	case timedOut:
		return CommandResult{Err: fmt.Sprintf("command %q did not finish within %s and was stopped%s", line, timeout, stderr.say())}
	case stdout.over:
		return CommandResult{Err: fmt.Sprintf("command %q printed more than %d bytes; its output is not used", line, MaxExecOutput)}
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return CommandResult{Err: fmt.Sprintf("command %q failed (exit status %d)%s", line, ee.ExitCode(), stderr.say())}
		}
		return CommandResult{Err: fmt.Sprintf("command %q failed: %v%s", line, err, stderr.say())}
	}
	out := strings.TrimSpace(stdout.String())
	if out == "" {
		return CommandResult{Err: fmt.Sprintf("command %q printed nothing%s", line, stderr.say())}
	}
	return CommandResult{Output: out}
}

// capped keeps at most max bytes and notes that more came. The buffer is
// a field, not embedded: io.Copy would use an embedded Buffer's ReadFrom
// and skip the cap.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); len(p) > room {
		c.over = true
		if room > 0 {
			c.buf.Write(p[:room])
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}

func (c *capped) String() string { return c.buf.String() }

// tail keeps the last bytes a command wrote to stderr.
type tail struct {
	b   []byte
	cut bool // bytes were dropped before b
}

const tailSize = 2048

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > tailSize {
		t.b = t.b[len(t.b)-tailSize:]
		t.cut = true
	}
	return len(p), nil
}

// say is the stderr tail for a message, its last lines. When the tail
// was cut, its first line is dropped: it starts in the middle, maybe in
// the middle of a secret, whose end no scanner would know for one.
func (t *tail) say() string {
	s := string(t.b)
	if t.cut {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		} else {
			s = ""
		}
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return ": " + strings.Join(lines, " | ")
}
