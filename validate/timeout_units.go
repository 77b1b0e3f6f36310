package validate

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// TimeoutUnits reports timeouts that are almost certainly in the wrong unit.
var TimeoutUnits = &Rule{
	ID:       "timeout-units",
	Title:    "a timeout is almost certainly in the wrong unit",
	Severity: normalize.Warning,
	Doc: "Clients disagree on the unit of a timeout:\n\n" +
		"| client | field | unit |\n" +
		"|---|---|---|\n" +
		"| pisces, `mcp.json` | `timeout` | milliseconds |\n" +
		"| Gemini CLI | `timeout` | milliseconds |\n" +
		"| opencode | `timeout` | milliseconds |\n" +
		"| Codex | `startup_timeout_ms` | milliseconds |\n" +
		"| Codex | `startup_timeout_sec`, `tool_timeout_sec` | seconds |\n\n" +
		"A millisecond field below 1000 (`\"timeout\": 30`, meant as 30 seconds) makes\n" +
		"the client give up after 30 ms, before any server can start. A seconds field\n" +
		"of 1000 or more (`startup_timeout_sec = 30000`, meant as 30 000 ms) waits\n" +
		"more than a quarter of an hour for a server that hangs.\n\n" +
		"Codex also reads `startup_timeout_sec` and ignores `startup_timeout_ms` when\n" +
		"both are set.",
	Example: Example{File: ".gemini/settings.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\", \"timeout\": 30 }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\", \"timeout\": 30000 }\n  }\n}\n"},
	Check: checkTimeoutUnits,
}

func checkTimeoutUnits(p *Pass) {
	for s, dl := range p.Servers() {
		if dl.TimeoutUnit == time.Millisecond && dl.Knows("timeout") {
			checkMillis(p, s, "timeout")
		}
		for _, f := range dl.MillisFields {
			checkMillis(p, s, f)
		}
		for _, f := range dl.SecondsFields {
			checkSeconds(p, s, f)
		}
		for loser, winner := range dl.TimeoutWins {
			win, lose := s.Node.Member(winner), s.Node.Member(loser)
			if win != nil && lose != nil && win.Value.Kind == normalize.Number {
				d := p.AtKey(s, lose, "server %q sets both %q and %q: %s uses %q (%s) and ignores %q",
					s.Name, winner, loser, dl.ReaderName(), winner, humanDuration(win.Value.Num, unitOf(dl, winner)), loser)
				d.Hint = "remove one of the two"
			}
		}
	}
}

// timeoutNumber returns a key's number, if it is a usable one.
func timeoutNumber(s *normalize.Server, key string) (*normalize.Value, bool) {
	v := s.Node.Get(key)
	if v == nil || v.Kind != normalize.Number || v.Num != v.Num {
		return nil, false
	}
	return v, true
}

func checkMillis(p *Pass, s *normalize.Server, key string) {
	v, ok := timeoutNumber(s, key)
	if !ok || v.Num <= 0 || v.Num >= 1000 {
		return
	}
	d := p.At(s, key, "server %q has %q: %s, which %s reads as %s", s.Name, key, v.Str, clientProduct(s), humanDuration(v.Num, time.Millisecond))
	d.Hint = fmt.Sprintf("%q is in milliseconds: for %s write %s", key, humanDuration(v.Num, time.Second), formatNumber(v.Num*1000))
}

func checkSeconds(p *Pass, s *normalize.Server, key string) {
	v, ok := timeoutNumber(s, key)
	if !ok || v.Num < 1000 {
		return
	}
	d := p.At(s, key, "server %q has %q: %s, which %s reads as %s", s.Name, key, v.Str, clientProduct(s), humanDuration(v.Num, time.Second))
	d.Hint = fmt.Sprintf("%q is in seconds: for %s write %s", key, humanDuration(v.Num, time.Millisecond), formatNumber(v.Num/1000))
}

// humanDuration renders n units for messages: "30 ms", "1.5 s", and Go's
// form without trailing zero parts above a minute: "8h20m", "16m40s".
func humanDuration(n float64, unit time.Duration) string {
	ms := n * float64(unit) / float64(time.Millisecond)
	switch {
	case ms < 1000:
		return formatNumber(ms) + " ms"
	case ms < 60000:
		return formatNumber(ms/1000) + " s"
	case math.IsInf(ms, 1):
		return "forever"
	case ms >= 1e10:
		return fmt.Sprintf("%.0f hours", ms/float64(time.Hour/time.Millisecond))
	}
	out := time.Duration(ms * float64(time.Millisecond)).Round(time.Millisecond).String()
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

func formatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// unitOf is the unit of one of a client's timeout fields.
func unitOf(dl *normalize.Client, field string) time.Duration {
	if slices.Contains(dl.MillisFields, field) {
		return time.Millisecond
	}
	return time.Second
}
