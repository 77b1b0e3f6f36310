// Command clientdiff prints, as JSON, where mcpconf's view of client cases
// disagrees with what the real clients listed: the comparison of
// TestRealClients (clientcase.Compare), for scripts/clientcheck's harness.
//
//	go run ./internal/clientcase/clientdiff DIR...
//
// Each DIR is a case directory (case.json, project/, home/ and, when the
// clients were run on it, observed.json). For each client of the case
// (observed.json's, else case.json's "clients", else all three) it prints
// mcpconf's view and, with observed.json, the disagreements:
//
//	[{"case": DIR, "clients": {"codex": {"view": [...], "disagreements": [...]}}}]
//
// A case that cannot be read gets "error" instead of "clients"; the exit
// status is 0 unless the output cannot be written.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
)

type clientResult struct {
	View []clientcase.ViewServer `json:"view"`
	// Disagreements is null when there is no observation to compare with.
	Disagreements []clientcase.Disagreement `json:"disagreements"`
	Observed      bool                      `json:"observed"`
	Error         string                    `json:"error,omitempty"`
}

type caseResult struct {
	Case    string                  `json:"case"`
	Clients map[string]clientResult `json:"clients,omitempty"`
	Error   string                  `json:"error,omitempty"`
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: clientdiff CASE_DIR...")
		os.Exit(2)
	}
	out := []caseResult{}
	for _, dir := range os.Args[1:] {
		out = append(out, diff(dir))
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "clientdiff:", err)
		os.Exit(1)
	}
}

func diff(dir string) caseResult {
	res := caseResult{Case: dir}
	c, obs, err := clientcase.LoadDir(dir)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	keys := c.Clients
	if obs != nil {
		keys = keys[:0:0]
		for k := range obs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	} else if len(keys) == 0 {
		keys = []string{"claude-code", "codex", "gemini"}
	}
	res.Clients = map[string]clientResult{}
	for _, key := range keys {
		res.Clients[key] = diffClient(dir, c, obs, key)
	}
	return res
}

func diffClient(dir string, c clientcase.Case, obs map[string]clientcase.Observed, key string) clientResult {
	var r clientResult
	base, err := os.MkdirTemp("", "clientdiff-")
	if err != nil {
		r.Error = err.Error()
		return r
	}
	defer os.RemoveAll(base)
	st, err := clientcase.StageIn(base, dir, c)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	set, err := replay.View(st, c, key)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.View = clientcase.ViewOf(set)
	if o, ok := obs[key]; ok {
		r.Observed = true
		r.Disagreements = clientcase.Compare(c, o, set, st.Paths())
		if r.Disagreements == nil {
			r.Disagreements = []clientcase.Disagreement{}
		}
	}
	return r
}
