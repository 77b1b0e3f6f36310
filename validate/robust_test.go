package validate

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestTOMLSpecialFloats: nan and inf have no JSON form and once crashed
// schema validation.
func TestTOMLSpecialFloats(t *testing.T) {
	for _, v := range []string{"nan", "+inf", "-inf", "inf"} {
		diags := lintFiles(t, map[string]string{".codex/config.toml": "[mcp_servers.a]\ncommand = \"a\"\nstartup_timeout_sec = " + v + "\n"}, nil)
		for _, d := range diags {
			if strings.Contains(d.Message, "internal error") {
				t.Errorf("%s: %v", v, d)
			}
		}
	}
}

// TestMinifiedFileIsLinear: 20,000 servers on one line must not take
// quadratic time to position.
func TestMinifiedFileIsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"mcpServers":{`)
	for i := range 20000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"srv-é` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)) + `":{"command":"npx","args":["-y","pkg@1.0.0"]}`)
	}
	b.WriteString(`}}`)
	start := time.Now()
	lintFiles(t, map[string]string{".mcp.json": b.String()}, &Config{Disable: []normalize.RuleID{"name-collision"}})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("linting one line of 20,000 servers took %v", d)
	}
}
