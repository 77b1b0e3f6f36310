package normalize

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Agreement is docs/agreement.json: what the last run of the clientcheck
// harness (scripts/clientcheck/harness.py) found, for docs/clients.md.
// The harness writes it; nobody edits it.
type Agreement struct {
	Seed         int               `json:"seed"`
	Mcpconf      string            `json:"mcpconf"` // the commit the run checked
	Started      string            `json:"started"`
	RunSeconds   int               `json:"run_seconds"`
	PendingCases int               `json:"pending_cases"`
	Clients      []AgreementClient `json:"clients"`
}

// AgreementClient is one client's tally: generated trees, how many of
// them mcpconf agreed on, and the disagreements by kind.
type AgreementClient struct {
	Client   string   `json:"client"`
	Product  string   `json:"product"`
	Version  string   `json:"version"`
	Trees    int      `json:"trees"`
	Agree    int      `json:"agree"`
	Disagree int      `json:"disagree"`
	Errors   int      `json:"errors"`
	Rate     *float64 `json:"rate"` // agree / (agree + disagree); null when no tree ran
	Groups   []struct {
		Aspect  string   `json:"aspect"`
		Mcpconf any      `json:"mcpconf"` // a status, a command, a URL, args
		Client  any      `json:"client"`
		Trees   int      `json:"trees"`
		Cases   []string `json:"cases"`
	} `json:"groups"`
}

// AgreementMarkdown renders docs/agreement.json (data; nil when there is
// none) as the section of docs/clients.md that says how often mcpconf
// agreed with each real client.
func AgreementMarkdown(data []byte) (string, error) {
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
	date, _, _ := strings.Cut(a.Started, "T")
	fmt.Fprintf(&b, "The clientcheck harness (`scripts/clientcheck/harness.sh`; see `scripts/clientcheck/README.md`) generates trees from a grammar of the inputs above, runs each real client on them and compares mcpconf's view of the same tree as `go test` does (`clientcase.Compare`: which servers exist, their status, command, args and URL). Last run: seed %d, mcpconf `%s`, %s, %d s of client runs.\n\n",
		a.Seed, a.Mcpconf, date, a.RunSeconds)
	b.WriteString("| client | version | trees | agree | disagree | errors | agreement |\n|---|---|---|---|---|---|---|\n")
	for _, c := range a.Clients {
		rate := "—"
		if c.Rate != nil {
			rate = fmt.Sprintf("%.1f%%", 100**c.Rate)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %s |\n", c.Product, c.Version, c.Trees, c.Agree, c.Disagree, c.Errors, rate)
	}
	b.WriteString("\nAgreement counts the trees that ran (errors are client runs that timed out or failed). Disagreements by kind, with the minimized trees in `testdata/clients-pending/` (`go test` replays a case once it moves to `testdata/clients/`):\n\n")
	any := false
	for _, c := range a.Clients {
		for _, g := range c.Groups {
			any = true
			cases := "not minimized"
			if len(g.Cases) > 0 {
				cases = "`" + strings.Join(g.Cases, "`, `") + "`"
			}
			fmt.Fprintf(&b, "- %s: `%s` — mcpconf says `%s`, the client says `%s`: %d trees (%s)\n", c.Product, g.Aspect, compact(g.Mcpconf), compact(g.Client), g.Trees, cases)
		}
	}
	if !any {
		b.WriteString("- none\n")
	}
	return b.String(), nil
}

// compact is a value as one line of JSON.
func compact(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
