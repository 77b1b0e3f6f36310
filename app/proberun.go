package app

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// LockRequest is what probe does with the tool lock (ProbeRequest.Lock):
// write it (--write-lock), or check the servers against it (--check-lock).
type LockRequest struct {
	Check bool
	// Path is the lock file as given (--lock); "" is LockFile at the
	// root (LockPath).
	Path string
	// Descriptions keeps each tool's description in a lock written
	// (--lock-descriptions).
	Descriptions bool
	// GitHubWorkspace is GITHUB_WORKSPACE, for the paths of a check's
	// GitHub and SARIF output.
	GitHubWorkspace string
}

// ProbeCallbacks are how a command follows a probe run (ProbeRun), each
// given what it shows already through the plan's boundary; a nil one is
// not called.
type ProbeCallbacks struct {
	// Skipped gets the result of each server not started, known at once,
	// in plan order, before any server starts.
	Skipped func(view.ProbeResult)
	// Done gets the results of a server as it finishes: one for each
	// entry of the plan it stands for. Servers finish concurrently: Done
	// may be called from several goroutines at once.
	Done func([]view.ProbeResult)
	// Progress gets, as servers start and finish, what builds the
	// progress line at a time; nil when no server is pending.
	Progress func(line func(now time.Time) secret.Safe)
	// Finished is called when every server is done, before Results or
	// Checked: a live output stops there.
	Finished func()
	// Results gets every result, in plan order, once the servers are
	// done; with a lock to write, before it is written. It is not called
	// when the lock is checked.
	Results func([]view.ProbeResult) error
	// Checked gets the check of the lock (CheckLock), as a lint run.
	Checked func(*view.Lint) error
}

// ProbeOutcome is how a probe run ended, besides what its callbacks were
// given.
type ProbeOutcome struct {
	// Failed is the run's verdict: a server probed is not ok or a tool
	// has an error (ProbeFailed); with a lock checked, the check has an
	// error; with a lock written, the lock does not record a server.
	Failed bool
	// Wrote is the lock written; nil unless one was.
	Wrote *LockWritten
}

// LockWritten is what a probe run wrote in the lock.
type LockWritten struct {
	// Display is the lock's path as the user gave or sees it.
	Display        secret.Safe
	Servers, Tools int
	// Missing are the servers the lock does not record, each with why,
	// sorted.
	Missing []secret.Safe
}

// ProbeRun probes the plan (Probe) as PlanProbe's request says, telling
// cb what it learns as it goes, then writes the lock or checks the
// servers against it (req.Lock: LockOf, LockPath, then WriteLock or
// CheckLock).
func ProbeRun(ctx context.Context, plan *ProbePlan, cb ProbeCallbacks) (*ProbeOutcome, error) {
	req, b := plan.req, plan.b
	popts := probe.Options{Parallel: req.Parallel, Tools: req.Tools, ClientName: "mcpconf", ClientVersion: req.Version, Boundary: b}
	if cb.Progress != nil {
		popts.OnProgress = func(done, total int, pending []probe.Pending) {
			if len(pending) == 0 {
				cb.Progress(nil)
				return
			}
			cb.Progress(func(now time.Time) secret.Safe { return view.ProbeProgress(b, done, total, pending, now) })
		}
	}
	if cb.Skipped != nil {
		for _, p := range plan.Servers {
			if p.Result != nil {
				cb.Skipped(view.NewProbeResult(b, *p.Result))
			}
		}
	}
	var onDone func([]probe.Result)
	if cb.Done != nil {
		onDone = func(rs []probe.Result) {
			shown := make([]view.ProbeResult, len(rs))
			for i, r := range rs {
				shown[i] = view.NewProbeResult(b, r)
			}
			cb.Done(shown)
		}
	}
	results := Probe(ctx, plan, popts, onDone)
	if cb.Finished != nil {
		cb.Finished()
	}
	shown := func() error {
		if cb.Results == nil {
			return nil
		}
		return cb.Results(view.ProbeResults(b, results))
	}
	if req.Lock == nil {
		if err := shown(); err != nil {
			return nil, err
		}
		return &ProbeOutcome{Failed: ProbeFailed(results)}, nil
	}
	lr := req.Lock
	// the live side keeps descriptions for a check: a lock that has them
	// shows where they changed
	locked := LockOf(plan, results, b, lr.Descriptions || lr.Check)
	path, display := LockPath(req.Options, lr.Path)
	if lr.Check {
		run, err := CheckLock(LockCheckRequest{Options: req.Options, Path: path, Display: display, Locked: locked, Plan: plan, Results: results,
			Version: req.Version, GitHubWorkspace: lr.GitHubWorkspace})
		if err != nil {
			return nil, err
		}
		if cb.Checked != nil {
			if err := cb.Checked(view.NewLint(b, run)); err != nil {
				return nil, err
			}
		}
		return &ProbeOutcome{Failed: Failing(run.Findings, normalize.Error)}, nil
	}
	if err := shown(); err != nil {
		return nil, err
	}
	missing, err := WriteLock(ctx, req.Options, path, locked)
	if err != nil {
		return nil, err
	}
	wrote := &LockWritten{Display: b.Text(display), Servers: len(locked.Lock.Servers)}
	for _, s := range locked.Lock.Servers {
		wrote.Tools += len(s.Tools)
	}
	for _, why := range slices.Sorted(maps.Values(missing)) {
		wrote.Missing = append(wrote.Missing, b.Text(why))
	}
	return &ProbeOutcome{Failed: len(missing) > 0 || ProbeFailed(results), Wrote: wrote}, nil
}
