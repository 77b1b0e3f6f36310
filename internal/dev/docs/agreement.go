package docs

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Agreement is docs/agreement.json: what the last harness run of each
// client (scripts/clientcheck/harness.py) found, for docs/clients.md. The
// harness writes it, one client's entry at a time (harness.py write
// --client keeps the others); nobody edits it.
type Agreement struct {
	PendingCases int               `json:"pending_cases"`
	Clients      []AgreementClient `json:"clients"`
}

// AgreementClient is one client's last run: generated trees, how many of
// them mcpconf agreed on, the disagreements by kind, and the run's own
// seed, commit and date (clients run apart: a slow oracle does not hold
// the others back).
type AgreementClient struct {
	Client  string `json:"client"`
	Product string `json:"product"`
	Version string `json:"version"`
	Seed    int    `json:"seed"`
	Mcpconf string `json:"mcpconf"` // the commit the run checked
	// RanWith is the commit that ran the client when its observations
	// were judged again later with Mcpconf (harness.py recompare).
	RanWith    string `json:"ran_with,omitempty"`
	Started    string `json:"started"`
	RunSeconds int    `json:"run_seconds"`
	Trees      int    `json:"trees"`
	Agree      int    `json:"agree"`
	Disagree   int    `json:"disagree"`
	Errors     int    `json:"errors"`
	// ClientCrashes are trees on which the client's listing itself
	// crashed: no answer, left out of the rate.
	ClientCrashes int      `json:"client_crashes"`
	Rate          *float64 `json:"rate"` // agree / (agree + disagree); null when no tree ran
	// Coverage is how much of the client's loading path the run's trees
	// reached (scripts/clientcheck/loadpath.py); nil when not measured.
	Coverage *PathCoverage `json:"coverage,omitempty"`
	Groups   []struct {
		Aspect  string   `json:"aspect"`
		Mcpconf any      `json:"mcpconf"` // a status, a command, a URL, args
		Client  any      `json:"client"`
		Trees   int      `json:"trees"`
		Cases   []string `json:"cases"`
	} `json:"groups"`
	History []AgreementRun `json:"history,omitempty"` // earlier runs, newest first
}

// PathCoverage is what a harness run's trees reached of a client's loading
// path (normalize/loadpath/<client>.json): items reached, items on the
// path, the items not reached by name, and how it was measured.
type PathCoverage struct {
	Reached int      `json:"reached"`
	OnPath  int      `json:"on_path"`
	Unit    string   `json:"unit"` // "items" (loadpath.py), "branches" (V8 coverage)
	Method  string   `json:"method"`
	Missed  []string `json:"missed"`
}

// AgreementRun is an earlier run of one client, in short.
type AgreementRun struct {
	Seed    int     `json:"seed"`
	Mcpconf string  `json:"mcpconf"`
	RanWith string  `json:"ran_with,omitempty"`
	Version string  `json:"version,omitempty"`
	Rate    float64 `json:"rate"`
}

// agreementMarkdown renders docs/agreement.json (data; nil when there is
// none) as the section of docs/clients.md that says how often mcpconf
// agreed with each real client.
func agreementMarkdown(data []byte) (string, error) {
	var b strings.Builder
	b.WriteString("## Agreement with the real clients\n\n")
	if data == nil {
		b.WriteString("No run of the harness is recorded (`scripts/clientcheck/harness.sh` writes `docs/agreement.json`).\n")
		return b.String(), nil
	}
	var a Agreement
	if err := json.Unmarshal(data, &a); err != nil {
		return "", fmt.Errorf("docs/agreement.json: %v (scripts/clientcheck/harness.py write rewrites it)", err)
	}
	b.WriteString("The clientcheck harness (`scripts/clientcheck/harness.sh`; see `scripts/clientcheck/README.md`) generates trees from a grammar of each client's inputs, runs the real client on them and compares mcpconf's view of the same tree as `go test` does (`clientcase.Compare`: which servers exist, their status, the extension, command, args and URL). Each client's last run, with its own seed and the mcpconf commit it checked:\n\n")
	b.WriteString("| client | version | seed | mcpconf | date | trees | agree | disagree | errors | client crashes | agreement | coverage of its loading path |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range a.Clients {
		rate := "—"
		if c.Rate != nil {
			rate = fmt.Sprintf("%.1f%%", 100**c.Rate)
		}
		cov := coverageCell(c.Product) // what cases and the grammar reach, when no run measured it
		if c.Coverage != nil {
			cov = fmt.Sprintf("%d / %d %s", c.Coverage.Reached, c.Coverage.OnPath, c.Coverage.Unit)
		}
		date, _, _ := strings.Cut(c.Started, "T")
		fmt.Fprintf(&b, "| %s | %s | %d | `%s` | %s | %d | %d | %d | %d | %d | %s | %s |\n", c.Product, c.Version, c.Seed, c.Mcpconf, date, c.Trees, c.Agree, c.Disagree, c.Errors, c.ClientCrashes, rate, cov)
	}
	for _, c := range a.Clients {
		if c.RanWith != "" && c.RanWith != c.Mcpconf {
			fmt.Fprintf(&b, "\n%s ran with `%s`; its answers were judged again with `%s` (%d s of client runs).\n", c.Product, c.RanWith, c.Mcpconf, c.RunSeconds)
		}
	}
	for _, c := range a.Clients {
		if c.Coverage == nil {
			continue
		}
		missed := "none"
		if len(c.Coverage.Missed) > 0 {
			missed = strings.Join(c.Coverage.Missed, "; ")
		}
		fmt.Fprintf(&b, "\n%s's loading path: %s. Not reached by the run's trees: %s.\n", c.Product, c.Coverage.Method, missed)
	}
	for _, c := range a.Clients {
		if len(c.History) == 0 {
			continue
		}
		var runs []string
		for _, h := range c.History {
			with := ""
			if h.RanWith != "" && h.RanWith != h.Mcpconf {
				with = fmt.Sprintf(", the client run with `%s`", h.RanWith)
			}
			version := ""
			if h.Version != "" && h.Version != c.Version {
				version = " " + h.Version
			}
			runs = append(runs, fmt.Sprintf("seed %d, mcpconf `%s`%s%s: %.1f%%", h.Seed, h.Mcpconf, with, version, 100*h.Rate))
		}
		fmt.Fprintf(&b, "\nEarlier runs of %s: %s.\n", c.Product, strings.Join(runs, "; "))
	}
	b.WriteString("\nAgreement counts the trees that ran (errors are client runs that timed out or failed; a client crash is a tree on which the client's own listing crashed, so it gave no answer). Disagreements by kind, with the minimized trees in `testdata/clients-pending/` (`go test` replays a case once it moves to `testdata/clients/`):\n\n")
	any := false
	for _, c := range a.Clients {
		for _, g := range c.Groups {
			any = true
			cases := "not minimized"
			if len(g.Cases) > 0 {
				cases = "`" + strings.Join(g.Cases, "`, `") + "`"
			}
			trees := "trees"
			if g.Trees == 1 {
				trees = "tree"
			}
			fmt.Fprintf(&b, "- %s: `%s` — mcpconf says `%s`, the client says `%s`: %d %s (%s)\n", c.Product, g.Aspect, compact(g.Mcpconf), compact(g.Client), g.Trees, trees, cases)
		}
	}
	if !any {
		b.WriteString("- none\n")
	}
	return b.String(), nil
}

// compact is a value as one line of normalize.JSON.
func compact(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// coverageCell is a client's coverage figure (normalize.Docs.Coverage), "—" when it
// has none.
func coverageCell(product string) string {
	for _, c := range normalize.Clients() {
		if c.Product == product && len(c.Coverage) > 0 {
			mr, m, kr, k := c.CoverageCount()
			return fmt.Sprintf("messages %d / %d, settings %d / %d ([list](#%s))", mr, m, kr, k, c.ID)
		}
	}
	return "—"
}
