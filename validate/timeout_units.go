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

// timeoutUnitsRule reports timeouts that are almost certainly in the wrong unit.
var timeoutUnitsRule = &Rule{
	ID:       normalize.RuleTimeoutUnits,
	Title:    "a timeout is almost certainly in the wrong unit",
	Severity: normalize.Warning,
	doc: "Clients disagree on the unit of a timeout, and on what it times:\n\n" +
		"| client | field | unit | times |\n" +
		"|---|---|---|---|\n" +
		"| pisces, `mcp.json` | `timeout` | milliseconds | start and requests |\n" +
		"| Gemini CLI | `timeout` | milliseconds | requests |\n" +
		"| opencode | `timeout` | milliseconds | listing the tools |\n" +
		"| Claude Code | `timeout` | milliseconds (1000 or more) | one tool call |\n" +
		"| Codex | `startup_timeout_ms` | milliseconds | start |\n" +
		"| Codex | `startup_timeout_sec` | seconds | start |\n" +
		"| Codex | `tool_timeout_sec` | seconds | one tool call |\n" +
		"| Roo Code | `timeout` | seconds (1 to 3600) | one tool call |\n" +
		"| Zed | `timeout` | seconds | start |\n\n" +
		"A millisecond field below 1000 (`\"timeout\": 30`, meant as 30 seconds) makes\n" +
		"the client give up after 30 ms, before any server can start; Claude Code\n" +
		"ignores a `timeout` below 1000 and uses its default. A seconds field is judged\n" +
		"by what it times: a server that takes 1000 seconds or more to start\n" +
		"(`startup_timeout_sec = 30000`, meant as 30 000 ms) is one that hangs, but a\n" +
		"tool call of tens of minutes is normal for agent tools, so a tool-call\n" +
		"timeout is reported only from 6 hours (21600 seconds) up.\n\n" +
		"Codex also reads `startup_timeout_sec` and ignores `startup_timeout_ms` when\n" +
		"both are set.",
	Fix:       "rewrites the number in the field's unit, as if it had been written in the other one (30 in a milliseconds field becomes 30000)",
	FixUnsafe: true,
	Example: Example{File: ".gemini/settings.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\", \"timeout\": 30 }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"context7\": { \"type\": \"http\", \"url\": \"https://mcp.context7.com/mcp\", \"timeout\": 30000 }\n  }\n}\n"},
	Check: checkTimeoutUnits,
}

// longestToolCall is the tool-call timeout above which a value in seconds
// was almost certainly meant in milliseconds: agent tools run for tens of
// minutes, none for more than 6 hours.
const longestToolCall = 6 * time.Hour

// longestStart is the same for a server's start.
const longestStart = 1000 * time.Second

func checkTimeoutUnits(p *Pass) {
	for s, c := range p.Servers() {
		if c.TimeoutUnit == time.Millisecond && c.Knows("timeout") {
			checkMillis(p, s, c, "timeout")
		}
		for _, f := range c.MillisFields {
			checkMillis(p, s, c, f)
		}
		for _, f := range c.SecondsFields {
			checkSeconds(p, s, c, f)
		}
		for loser, winner := range c.TimeoutWins {
			win, lose := s.Node.Member(winner), s.Node.Member(loser)
			if win != nil && lose != nil && win.Value.Kind == normalize.Number {
				d := p.AtKey(s, lose, "server %q sets both %q and %q: %s uses %q (%s) and ignores %q",
					s.Name, winner, loser, c.ReaderName(), winner, humanDuration(win.Value.Num, unitOf(c, winner)), loser)
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

func checkMillis(p *Pass, s *normalize.Server, c *normalize.Client, key string) {
	v, ok := timeoutNumber(s, key)
	if !ok || v.Num <= 0 || v.Num >= 1000 {
		return
	}
	var d *normalize.Diagnostic
	if key == "timeout" && c.TimeoutFloor > 0 && v.Num*float64(time.Millisecond) < float64(c.TimeoutFloor) {
		d = p.At(s, key, "server %q has %q: %s, which %s ignores: it takes a %q of %s or more, in milliseconds, and uses its default below",
			s.Name, key, v.Str, clientProduct(s), key, humanDuration(float64(c.TimeoutFloor/time.Millisecond), time.Millisecond))
	} else {
		d = p.At(s, key, "server %q has %q: %s, which %s reads as %s", s.Name, key, v.Str, clientProduct(s), humanDuration(v.Num, time.Millisecond))
	}
	d.Hint = fmt.Sprintf("%q is in milliseconds: for %s write %s", key, humanDuration(v.Num, time.Second), formatNumber(v.Num*1000))
	setFix(d, false, fmt.Sprintf("write %s, %s in milliseconds", formatNumber(v.Num*1000), humanDuration(v.Num, time.Second)),
		replaceValue(p.Document(s.Source.Path), v, formatNumber(v.Num*1000)))
}

// checkSeconds judges a field in seconds by what it times: a start of 1000
// seconds or more, a tool call of more than 6 hours.
func checkSeconds(p *Pass, s *normalize.Server, c *normalize.Client, key string) {
	v, ok := timeoutNumber(s, key)
	if !ok {
		return
	}
	tool := slices.Contains(c.ToolTimeoutFields, key)
	limit, what := longestStart, ""
	if tool {
		limit, what = longestToolCall, " for one tool call"
	}
	if v.Num*float64(time.Second) < float64(limit) {
		return
	}
	d := p.At(s, key, "server %q has %q: %s, which %s reads as %s%s", s.Name, key, v.Str, clientProduct(s), humanDuration(v.Num, time.Second), what)
	d.Hint = fmt.Sprintf("%q is in seconds: for %s write %s", key, humanDuration(v.Num, time.Millisecond), formatNumber(v.Num/1000))
	setFix(d, false, fmt.Sprintf("write %s, %s in seconds", formatNumber(v.Num/1000), humanDuration(v.Num, time.Millisecond)),
		replaceValue(p.Document(s.Source.Path), v, formatNumber(v.Num/1000)))
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
func unitOf(c *normalize.Client, field string) time.Duration {
	if slices.Contains(c.MillisFields, field) {
		return time.Millisecond
	}
	return time.Second
}
