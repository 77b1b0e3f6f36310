package app

import (
	"fmt"
	"runtime/debug"
	"testing"
)

// TestVersionFrom: what --version prints for each kind of build.
func TestVersionFrom(t *testing.T) {
	bi := func(v string, settings ...string) *debug.BuildInfo {
		b := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mcpconf/mcpconf", Version: v}}
		for i := 0; i+1 < len(settings); i += 2 {
			b.Settings = append(b.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return b
	}
	const rev = "abc1234def5678901234567890abcdef12345678"
	for _, c := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{bi("v0.3.1"), true, "v0.3.1"}, // go install …@v0.3.1
		// a checkout built before Go 1.24, or where Go stamps no version
		{bi("(devel)", "vcs.revision", rev, "vcs.modified", "true"), true, "devel (abc1234, dirty)"},
		{bi("(devel)", "vcs.revision", rev, "vcs.modified", "false"), true, "devel (abc1234)"},
		// a checkout built by Go ≥ 1.24: the pseudo-version it derives, and
		// the commit and dirty state spelled out
		{bi("v0.3.2-0.20260801120000-abc1234def56+dirty", "vcs.revision", rev, "vcs.modified", "true"), true, "v0.3.2-0.20260801120000-abc1234def56 (abc1234, dirty)"},
		{bi("v0.0.0-20260801120000-abc1234def56", "vcs.revision", rev, "vcs.modified", "false"), true, "v0.0.0-20260801120000-abc1234def56 (abc1234)"},
		// a checkout at a tag
		{bi("v0.3.1", "vcs.revision", rev, "vcs.modified", "false"), true, "v0.3.1 (abc1234)"},
		{bi("v0.3.1+dirty", "vcs.revision", rev, "vcs.modified", "true"), true, "v0.3.1 (abc1234, dirty)"},
		// go install …@abc1234: a pseudo-version and no VCS information
		{bi("v0.0.0-20260801120000-abc1234def56"), true, "v0.0.0-20260801120000-abc1234def56 (abc1234)"},
		{bi("v1.2.4-rc.1.0.20260801120000-abc1234def56"), true, "v1.2.4-rc.1.0.20260801120000-abc1234def56 (abc1234)"},
		// -buildvcs=false, or no git where it was built
		{bi("(devel)"), true, "devel (built without version control information)"},
		{nil, false, "devel (built without version information)"},
	} {
		v, detail := versionFrom(c.bi, c.ok)
		got := v
		if detail != "" {
			got += " (" + detail + ")"
		}
		if got != c.want {
			build := "no build information"
			if c.bi != nil {
				build = fmt.Sprintf("%q %v", c.bi.Main.Version, c.bi.Settings)
			}
			t.Errorf("%s: %q, want %q", build, got, c.want)
		}
	}
}

// TestVersionString: reports (SARIF, JSON) carry the version as Go
// stamped it, without the --version details.
func TestVersionString(t *testing.T) {
	for _, c := range []struct{ v, want string }{
		{"v0.3.1", "v0.3.1"},
		{"v0.3.2-0.20260801120000-abc1234def56+dirty", "v0.3.2-0.20260801120000-abc1234def56+dirty"},
		{"(devel)", "devel"},
	} {
		if got := reportVersion(&debug.BuildInfo{Main: debug.Module{Version: c.v}}, true); got != c.want {
			t.Errorf("%q: %q, want %q", c.v, got, c.want)
		}
	}
}
