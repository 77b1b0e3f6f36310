// Package replay builds mcpconf's view of a staged client case, the one
// TestRealClients compares with what the real client listed and the one
// scripts/clientcheck's harness compares (through clientdiff): both build
// it here, so that they agree on what "agree" means.
package replay

import (
	"fmt"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/normalize"
)

// View is the view of the client named by key (an observed.json key:
// "claude-code", "codex", "gemini") of the staged case: every scope, the
// case's environment, profile and machine files (its system/ as --system)
// and nothing else of this machine. Like the CLI, mcpconf's own working
// directory (Options.Cwd, the process's) is not the client's start
// directory: a relative home variable or trust rule must be resolved at the
// root, where the client starts.
func View(st clientcase.Staged, c clientcase.Case, key string) (*normalize.Set, error) {
	id, ok := clientcase.ClientIDs[key]
	if !ok {
		return nil, fmt.Errorf("unknown client %q (want one of claude-code, codex, gemini, pisces, x-code)", key)
	}
	opts := discover.Options{Root: st.Cwd, Home: st.Home, Isolated: true, Getenv: st.Getenv, Profile: c.Profile, System: st.System}
	if err := opts.Prepare(); err != nil {
		return nil, err
	}
	return opts.View(normalize.ClientByID(id), discover.AllScopes), nil
}
