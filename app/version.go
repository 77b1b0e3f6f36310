package app

import (
	"runtime/debug"
	"slices"
	"strings"
)

// Version is mcpconf's version for reports (SARIF, JSON): the version it
// was built as (stamped, as -ldflags set it; "" when not), or "devel".
func Version(stamped string) string {
	if stamped != "" {
		return stamped
	}
	bi, ok := debug.ReadBuildInfo()
	return reportVersion(bi, ok)
}

// reportVersion is the version as Go stamped it: a release, a
// pseudo-version (with "+dirty" for a checkout that had changes), or
// "devel".
func reportVersion(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "devel"
	}
	return bi.Main.Version
}

// VersionLine is what --version prints after "mcpconf": the version, then
// the commit it was built from and "dirty" when the checkout had changes,
// whenever they are known: "v0.3.1" (go install …@v0.3.1),
// "v0.0.0-20260801120000-abc1234def56 (abc1234, dirty)" (a checkout),
// "devel (built without version control information)" (-buildvcs=false).
func VersionLine(stamped string) string {
	if stamped != "" {
		return stamped
	}
	bi, ok := debug.ReadBuildInfo()
	v, detail := versionFrom(bi, ok)
	if detail != "" {
		return v + " (" + detail + ")"
	}
	return v
}

// versionFrom reads the build info: go install module@version stamps the
// module's version, go install module@commit a pseudo-version naming the
// commit; go build and go install in a checkout stamp the VCS revision and
// whether the checkout had changes (and, since Go 1.24, a version derived
// from them, "+dirty" when it had). v is the version without "+dirty";
// detail is the commit and "dirty" when known, or why nothing is.
func versionFrom(bi *debug.BuildInfo, ok bool) (v, detail string) {
	if !ok || bi == nil {
		return "devel", "built without version information"
	}
	v = reportVersion(bi, ok)
	v, build, _ := strings.Cut(v, "+")
	dirty := slices.Contains(strings.Split(build, "."), "dirty")
	var rev string
	vcs := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev, vcs = s.Value, true
		case "vcs.modified":
			dirty = dirty || s.Value == "true"
		}
	}
	if rev == "" {
		rev = pseudoRevision(v)
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	switch {
	case rev != "" && dirty:
		return v, rev + ", dirty"
	case rev != "":
		return v, rev
	case dirty:
		return v, "dirty"
	case v == "devel" && !vcs:
		return v, "built without version control information"
	}
	return v, ""
}

// pseudoRevision is the commit a pseudo-version names
// (v0.0.0-20260801120000-abc1234def56, v0.3.2-0.20260801120000-…,
// v1.2.4-rc.1.0.20260801120000-…), or "" for any other version.
func pseudoRevision(v string) string {
	i := strings.LastIndexByte(v, '-')
	if i < 0 {
		return ""
	}
	rev, rest := v[i+1:], v[:i]
	j := strings.LastIndexAny(rest, "-.")
	if len(rev) != 12 || strings.Trim(rev, "0123456789abcdef") != "" || j < 0 ||
		len(rest)-j-1 != 14 || strings.Trim(rest[j+1:], "0123456789") != "" {
		return ""
	}
	return rev
}
