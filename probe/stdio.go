package probe

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcpconf/mcpconf/internal/proctree"
	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
)

func (p *prober) runStdio(ctx context.Context) {
	t := p.t
	p.result.Transport = string(normalize.Stdio)
	if t.Command == "" {
		p.fail(StatusInvalid, "no command", diag(normalize.RuleInvalidTarget, normalize.Error,
			fmt.Sprintf("server %q has no command", t.Name), `set "command" to the program that runs the server`))
		return
	}
	p.phase = PhaseConnect
	path, d := lookCommand(p.mask, t)
	if d != nil {
		p.fail(StatusFailed, spawnReason(t, d.Rule), *d)
		return
	}
	t0 := time.Now()
	pr, err := startProcess(path, t)
	if pr != nil {
		pr.stdout.mask = p.mask // what the server writes is masked before it is cut
	}
	p.result.Timings.Connect = time.Since(t0)
	if errors.Is(err, proctree.ErrInterrupted) {
		p.fail(StatusSkipped, "cancelled") // mcpconf is being interrupted: nothing starts any more
		return
	}
	if err != nil {
		d := startError(p.mask, t, err)
		p.fail(StatusFailed, spawnReason(t, d.Rule), d)
		return
	}
	// Whatever happens next, the process group goes at the end (registered
	// first, so it runs after the session is closed).
	p.later(func() { pr.stop(true) })

	t0 = time.Now()
	cs, err := p.handshake(ctx, &lineTransport{stdout: pr.stdout, stdin: pr.stdin})
	p.result.Timings.Handshake = time.Since(t0)
	if err != nil {
		p.failStdio(ctx, pr, err)
		return
	}
	p.later(func() { cs.Close() })
	p.recordSession(cs)
	p.list(ctx, cs)
	if p.result.Status == StatusFailed && pr.waitExit(remaining(ctx, 200*time.Millisecond)) {
		// It answered the handshake, then died: say so, with its words.
		pr.stop(false)
		msg := fmt.Sprintf("the server %s after the handshake", exitDescription(pr.cmd.ProcessState))
		if last := pr.stderr.lastLine(p.mask); last != "" {
			msg += fmt.Sprintf("; its last stderr line: %q", last)
		}
		p.add(p.withCause(diag(normalize.RuleProcessExited, normalize.Error, msg, handHint(p.mask, p.t, "to see the whole error"))))
	}
	p.stdioFacts(pr, p.result.Status == StatusOK)
}

// failStdio explains a failed handshake: the deadline, the process
// exiting, stdout closing, or non-protocol output.
func (p *prober) failStdio(ctx context.Context, pr *process, err error) {
	switch {
	case p.cancelled():
		p.fail(StatusSkipped, "cancelled")
	case p.expired(ctx):
		what := "the server started but did not answer the handshake"
		if !pr.stdout.sawOutput() {
			what += "; it wrote nothing on stdout"
		}
		p.fail(StatusTimeout, fmt.Sprintf("timed out after %s in %s", fmtDuration(p.timeout), p.phase),
			p.timeoutDiag(fmt.Sprintf("no answer to the handshake within %s: %s", fmtDuration(p.timeout), what), p.stdioHangHint()))
	default:
		// The handshake fails the moment stdout reaches EOF, which is a
		// hair before the exit is visible: give the process a moment.
		if pr.waitExit(remaining(ctx, time.Second)) {
			pr.stop(false)
			exit := exitDescription(pr.cmd.ProcessState)
			msg := fmt.Sprintf("the server %s before completing the handshake", exit)
			last := pr.stderr.lastLine(p.mask)
			if last != "" {
				msg += fmt.Sprintf("; its last stderr line: %q", last)
			}
			exited := diag(normalize.RuleProcessExited, normalize.Error, msg, handHint(p.mask, p.t, "to see the whole error"))
			// A program that printed on stdout and exited cleanly (or
			// said nothing on stderr) is not speaking MCP: what it
			// printed says more than its exit code.
			clean := pr.cmd.ProcessState != nil && pr.cmd.ProcessState.Success()
			if n, _ := pr.stdout.badLines(); n > 0 && (last == "" || clean) {
				how := exit
				if clean {
					how = "exited" // the code says nothing more
				}
				p.fail(StatusFailed, fmt.Sprintf("wrote %s on stdout and %s", pr.stdout.firstBadShort(), how),
					stdoutDiag(pr.stdout, normalize.Error, fmt.Sprintf(", then %s before the handshake", exit),
						"check that the command starts an MCP server on stdio: this one printed that and exited (some servers need an argument such as \"stdio\" to serve over stdio)"),
					exited)
				p.result.Stderr = pr.stderr.lines(p.mask, stderrTailLines)
				p.envFromStderr(pr)
				return
			}
			p.fail(StatusFailed, "process "+exit, exited)
		} else if pr.stdout.eof() {
			p.fail(StatusFailed, "stdout closed", diag(normalize.RuleStdoutClosed, normalize.Error,
				"the server closed stdout without answering the handshake but kept running",
				"a stdio server must keep stdout open and write its JSON-RPC messages there"))
		} else {
			p.fail(StatusFailed, "handshake failed", diag(normalize.RuleProtocolError, normalize.Error,
				"the handshake failed: "+p.mask.errText(err), "check that the command starts an MCP server speaking stdio"))
		}
	}
	p.stdioFacts(pr, false)
}

// stdioFacts adds what the process showed: non-protocol output on stdout
// (an error when the probe failed, a warning otherwise) and, when the
// probe was not ok, the end of stderr.
func (p *prober) stdioFacts(pr *process, ok bool) {
	if n, _ := pr.stdout.badLines(); n > 0 {
		sev, hint := normalize.Warning, "MCP stdio servers must write only JSON-RPC messages to stdout; send logs to stderr (some clients drop the connection on such a line)"
		if !ok {
			sev, hint = normalize.Error, "MCP stdio servers must write only JSON-RPC messages to stdout; send logs to stderr"
		}
		p.add(stdoutDiag(pr.stdout, sev, "", hint))
	}
	if !ok {
		p.result.Stderr = pr.stderr.lines(p.mask, stderrTailLines)
	}
	p.envFromStderr(pr)
}

// stdoutDiag is the stdout-not-protocol finding: the first line the
// server wrote on stdout that is not JSON-RPC, and how many there were;
// then is what happened next (", then exited …").
func stdoutDiag(f *lineFilter, sev normalize.Severity, then, hint string) normalize.Diagnostic {
	n, first := f.badLines()
	more := ""
	if n > 1 {
		more = fmt.Sprintf(" (%d such lines)", n)
	}
	return diag(normalize.RuleStdoutNotProtocol, sev, fmt.Sprintf("the server wrote non-protocol output on stdout%s: %s%s", then, first, more), hint)
}

// stdioHangHint suggests why a stdio server may not answer.
func (p *prober) stdioHangHint() string {
	base := filepath.Base(p.t.Command)
	if base == "npx" && !slices.ContainsFunc(p.t.Args, func(a string) bool { return a == "-y" || a == "--yes" }) {
		return `npx without "-y" waits for a confirmation to install the package, which nobody gives; add "-y" to the args`
	}
	if base == "docker" && !slices.ContainsFunc(p.t.Args, func(a string) bool {
		return a == "-i" || a == "--interactive" || strings.HasPrefix(a, "-i") && !strings.HasPrefix(a, "--")
	}) {
		return `docker run without "-i" gives the container no stdin; add "-i" to the args`
	}
	return ""
}

// commandLine is the target's command for a user to paste into a POSIX
// shell (shell.POSIX), its secrets masked before it is quoted: the values
// of secret flags (--password X), the run's secrets, what the scanner
// sees.
func commandLine(m masker, t *Target) string {
	return shell.POSIX(m.args(append([]string{t.Command}, t.Args...))...)
}

// envValue is the last value of key in env, as exec.Cmd uses it.
func envValue(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && envKeyEqual(k, key) {
			return v, true
		}
	}
	return "", false
}

// lookCommand finds the program the way the child's exec would: a name
// with a slash as a path (relative to the working directory), any other
// name on the PATH of the target's own environment, which is often not
// the prober's (GUI clients start servers with a minimal PATH).
func lookCommand(m masker, t *Target) (string, *normalize.Diagnostic) {
	name := t.Command
	if t.Cwd != "" {
		if fi, err := os.Stat(t.Cwd); err != nil || !fi.IsDir() {
			d := diag(normalize.RuleCwdNotFound, normalize.Error,
				fmt.Sprintf("the working directory %q of the server does not exist", t.Cwd),
				`fix "cwd" or create the directory`)
			return "", &d
		}
	}
	if strings.ContainsRune(name, '/') || strings.ContainsRune(name, filepath.Separator) {
		check := name
		if !filepath.IsAbs(name) && t.Cwd != "" {
			check = filepath.Join(t.Cwd, name)
		}
		switch err := executable(check); {
		case err == nil:
			return name, nil
		case errors.Is(err, os.ErrNotExist):
			d := diag(normalize.RuleCommandNotFound, normalize.Error, fmt.Sprintf("command %q does not exist", name),
				"fix the path; a relative path is taken from the server's working directory")
			return "", &d
		default:
			d := diag(normalize.RuleCommandNotExecutable, normalize.Error, fmt.Sprintf("command %q cannot be executed: %v", name, m.errText(err)),
				fmt.Sprintf("make it executable (%s)", shell.Command("chmod", "+x", shell.Path(name))))
			return "", &d
		}
	}
	pathList, ok := envValue(t.Env, "PATH")
	if !ok {
		d := diag(normalize.RuleCommandNotFound, normalize.Error,
			fmt.Sprintf("command %q not found: the server's environment has no PATH", name),
			"use an absolute path for the command or pass PATH to the server")
		return "", &d
	}
	var notExec string
	for _, dir := range filepath.SplitList(pathList) {
		if dir == "" {
			dir = "."
		}
		if !filepath.IsAbs(dir) && t.Cwd != "" {
			dir = filepath.Join(t.Cwd, dir)
		}
		for _, cand := range candidates(filepath.Join(dir, name)) {
			switch err := executable(cand); {
			case err == nil:
				return cand, nil
			case !errors.Is(err, os.ErrNotExist) && notExec == "":
				notExec = cand
			}
		}
	}
	if notExec != "" {
		d := diag(normalize.RuleCommandNotExecutable, normalize.Error,
			fmt.Sprintf("command %q found at %q, which is not executable", name, notExec),
			fmt.Sprintf("make it executable (%s)", shell.Command("chmod", "+x", shell.Path(notExec))))
		return "", &d
	}
	hint := installHint(name)
	if own, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(own); err == nil {
			own = abs
		}
		hint = fmt.Sprintf("it is at %q, which is not on that PATH: add %q to the PATH the client passes, or use the absolute path", own, filepath.Dir(own))
	}
	d := diag(normalize.RuleCommandNotFound, normalize.Error,
		fmt.Sprintf("command %q not found on the server's PATH %q", name, m.cut(pathList, 400)), hint)
	return "", &d
}

func installHint(name string) string {
	switch strings.TrimSuffix(strings.ToLower(name), ".exe") {
	case "npx", "npm", "node":
		return name + " comes with Node.js: install Node.js, or add the directory holding it to the PATH"
	case "uvx", "uv":
		return name + " comes with uv (https://docs.astral.sh/uv/): install it, or add its directory to the PATH"
	case "docker":
		return "install Docker, or add the directory holding docker to the PATH"
	case "python", "python3", "pip", "pipx":
		return "install Python, or add the directory holding " + name + " to the PATH"
	}
	return "install it, or use an absolute path for the command"
}

// spawnReason is the one-line reason of a server that could not start;
// the diagnostic says the rest.
func spawnReason(t *Target, rule normalize.RuleID) string {
	switch rule {
	case normalize.RuleCommandNotFound:
		return fmt.Sprintf("command %q not found", t.Command)
	case normalize.RuleCommandNotExecutable:
		return fmt.Sprintf("command %q cannot be executed", t.Command)
	case normalize.RuleCwdNotFound:
		return "working directory not found"
	}
	return fmt.Sprintf("cannot start %q", t.Command)
}

// startError explains an error of exec.Cmd.Start.
func startError(m masker, t *Target, err error) normalize.Diagnostic {
	var pe *os.PathError
	switch {
	case errors.As(err, &pe) && pe.Op == "chdir":
		return diag(normalize.RuleCwdNotFound, normalize.Error,
			fmt.Sprintf("cannot enter the working directory %q: %s", t.Cwd, m.errText(pe.Err)), `fix "cwd"`)
	case isExecFormat(err):
		return diag(normalize.RuleCommandNotExecutable, normalize.Error,
			fmt.Sprintf("command %q is not a program this system can run: %s", t.Command, m.errText(err)),
			"a script needs a first line such as #!/usr/bin/env node; a binary must be built for this system")
	case errors.Is(err, os.ErrPermission):
		return diag(normalize.RuleCommandNotExecutable, normalize.Error,
			fmt.Sprintf("command %q cannot be executed: %s", t.Command, m.errText(err)), "check its permissions")
	}
	return diag(normalize.RuleSpawnFailed, normalize.Error, fmt.Sprintf("cannot start %q: %s", t.Command, m.errText(err)),
		handHint(m, t, "to see why"))
}
