package app

import (
	"strings"
	"time"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/resolve"
)

// ResolveEnvRequest is what the flags of a command that resolves values
// (explain --resolve, probe) say resolution may read.
type ResolveEnvRequest struct {
	// Options locate the project (a !command's directory, the files a
	// value may read) and the home.
	Options *discover.Options
	// Lookup reads a variable of the environment mcpconf runs in.
	Lookup func(string) (string, bool)
	// Inputs answer VS Code's ${input:ID}, each "ID=VALUE" (--input).
	Inputs []string
	// AllowExec runs pisces's !command values (--allow-exec), each for
	// at most ExecTimeout.
	AllowExec   bool
	ExecTimeout time.Duration
	// Sends says the values resolved go to servers (probe): a file
	// outside the project is then withheld unless AllowOutsideFiles.
	// explain --resolve reads any file: it shows where a value came from
	// and a fingerprint, never the value.
	Sends, AllowOutsideFiles bool
}

// ResolveEnv builds what resolution may read: the environment mcpconf
// runs in, the inputs given, and a runner for !commands only with
// AllowExec. An input not written ID=VALUE is a *UsageError.
func ResolveEnv(req ResolveEnvRequest) (resolve.Env, error) {
	dopts := req.Options
	env := resolve.Env{Lookup: req.Lookup, WorkspaceFolder: dopts.Root, UserHome: dopts.Home, ReadFile: FileReader(dopts.Root, req.Sends && !req.AllowOutsideFiles)}
	for _, in := range req.Inputs {
		id, v, ok := strings.Cut(in, "=")
		if !ok || id == "" {
			return env, usagef("--input %q: write --input ID=VALUE", in)
		}
		if env.Inputs == nil {
			env.Inputs = map[string]string{}
		}
		env.Inputs[id] = v
	}
	if req.AllowExec {
		env.Run = &resolve.Runner{Dir: dopts.Root, Timeout: req.ExecTimeout}
	}
	return env, nil
}
