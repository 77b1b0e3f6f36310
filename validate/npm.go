package validate

// What npm does with the arguments of "npx ARGS…", as npm 11 parses them
// (npm 11.19.1: bin/npx-cli.js, then @npmcli/config's nopt parse of "npm
// exec …"). npx-cli.js scans the options first to find the package: an
// option it does not know takes the next argument as its value, and "--"
// goes before the first argument it takes for a positional. nopt then
// parses everything before "--": an option npm does not know is a switch,
// so the argument npx-cli skipped as its value is a positional, and the
// first positional is the package npm installs and runs:
//
//	$ npx --project-ref abcref @supabase/mcp-server-supabase
//	npm warn "abcref" is being parsed as a normal command line argument.
//	npm warn Unknown cli config "--project-ref". …
//	npm error request to https://registry.npmjs.org/abcref failed …

import (
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/resolve"
)

// npxCall is what npm makes of the arguments of npx.
type npxCall struct {
	// pkg is the index of the package npm installs: the first --package
	// value, else the first positional; -1 when there is none.
	pkg int
	// answered: -y, --yes, --no, --yes=false or --no-install came before
	// the package, so npm does not ask before installing.
	answered bool
	// unknown is the index of an option npm does not know that npx-cli
	// took for one with a value while npm took its "value" for the first
	// positional: npm runs that instead of intended, the argument npx-cli
	// took for the package (-1 when the two agree).
	unknown, intended int
}

type npmTok struct {
	s   string
	idx int // index of the argument it came from
}

// npxParse parses the arguments of npx.
func npxParse(args []string) npxCall {
	call := npxCall{pkg: -1, unknown: -1, intended: -1}
	// the usual lines, read without allocating: "npx pkg …", "npx -y pkg …"
	switch {
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		call.pkg = 0
		return call
	case len(args) > 1 && (args[0] == "-y" || args[0] == "--yes") && !strings.HasPrefix(args[1], "-"):
		call.pkg, call.answered = 1, true
		return call
	}
	toks := make([]npmTok, len(args))
	for i, a := range args {
		toks[i] = npmTok{a, i}
	}
	// npx-cli.js: rewrite its own options and find where "--" goes.
	cut, dash := -1, false
	for i := 0; i < len(toks); i++ {
		a := toks[i].s
		if a == "--" {
			cut, dash = i, true
			break
		}
		if !strings.HasPrefix(a, "-") {
			cut = i
			break
		}
		key, v, hasV := strings.Cut(strings.TrimLeft(a, "-"), "=")
		withV := func(opt string) string {
			if hasV {
				return opt + "=" + v
			}
			return opt
		}
		switch key {
		case "p":
			toks[i].s = withV("--package")
		case "shell":
			toks[i].s = withV("--script-shell")
		case "no-install":
			toks[i].s = "--yes=false"
		default:
			if sh, ok := npmShorthands[key]; ok && !npxRemoved[key] {
				exp := make([]npmTok, 0, len(sh)+1)
				for _, s := range sh {
					exp = append(exp, npmTok{s, toks[i].idx})
				}
				if hasV {
					exp = append(exp, npmTok{v, toks[i].idx})
				}
				toks = slices.Replace(toks, i, i+1, exp...)
				i--
				continue
			}
		}
		if npxRemoved[key] {
			toks = slices.Delete(toks, i, i+1)
			if !hasV && npxValued[key] && i < len(toks) {
				toks = slices.Delete(toks, i, i+1)
			}
			i--
			continue
		}
		if !hasV && !npxSwitches()[key] && (npxValued[key] || i+1 >= len(toks) || !strings.HasPrefix(toks[i+1].s, "-")) {
			i++ // npx-cli takes the next argument for the value
		}
	}
	if cut < 0 {
		cut = len(toks) // no positional: every argument is an option
	}
	before, rest := toks[:cut], toks[cut:]
	if dash {
		rest = toks[cut+1:]
	}
	// nopt: parse the options before "--"; what is left is positional.
	var remain []npmTok
	var packages []npmTok
	unknownAt := -1 // token index in before of the last unknown switch
	for i := 0; i < len(before); i++ {
		a := before[i].s
		if len(a) >= 2 && strings.Trim(a, "-") == "" {
			remain = append(remain, before[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			remain = append(remain, before[i])
			if unknownAt >= 0 && call.unknown < 0 && len(remain) == 1 && i == unknownAt+1 {
				call.unknown = before[unknownAt].idx
			}
			continue
		}
		hadEq := false
		if at := strings.IndexByte(a, '='); at >= 0 {
			hadEq = true
			before = slices.Insert(slices.Clone(before), i+1, npmTok{a[at+1:], before[i].idx})
			a = a[:at]
			before[i].s = a
		}
		if exp := npmResolveShort(a); exp != nil {
			toks := make([]npmTok, len(exp))
			for k, s := range exp {
				toks[k] = npmTok{s, before[i].idx}
			}
			before = slices.Replace(slices.Clone(before), i, i+1, toks...)
			if a != exp[0] {
				i--
				continue
			}
		}
		name := strings.TrimLeft(a, "-")
		hadNo := false
		for strings.HasPrefix(strings.ToLower(name), "no-") {
			hadNo = true
			name = name[3:]
		}
		if full := npmAbbrev(name); full != "" {
			name = full
		}
		kind := npmKindOf(name)
		la, hasLa := "", i+1 < len(before)
		if hasLa {
			la = before[i+1].s
		}
		if hadNo || kind == npmBool || kind == npmBoolOrString || kind == npmColor || kind == npmUnknown && !hadEq {
			if kind == npmUnknown {
				unknownAt = i
			}
			consumed := false
			switch {
			case hasLa && (la == "true" || la == "false"):
				consumed = true
			case hasLa && la == "null" && npmNullable[name]:
				consumed = true
			case hasLa && kind == npmColor && la == "always":
				consumed = true
			case hasLa && kind == npmBoolOrString && !(len(la) > 1 && la[0] == '-' && la[1] != '-'):
				consumed = true
			}
			if name == "yes" {
				call.answered = true
			}
			if consumed {
				i++
			}
			continue
		}
		if !hasLa || kind == npmValue && len(la) > 1 && la[0] == '-' && la[1] != '-' || len(la) >= 2 && strings.Trim(la, "-") == "" {
			continue // no value to take
		}
		if name == "package" {
			packages = append(packages, before[i+1])
		}
		i++
	}
	positional := append(slices.Clone(remain), rest...)
	switch {
	case len(packages) > 0:
		call.pkg = packages[0].idx
	case len(positional) > 0:
		call.pkg = positional[0].idx
	}
	// npm took the "value" of an option it does not know for the package;
	// the package meant is the first argument after it that no option
	// before it takes for a value.
	if call.unknown >= 0 {
		call.intended = npxIntended(args, call.unknown)
	}
	if call.intended < 0 {
		call.unknown = -1
	}
	return call
}

// npxIntended finds the package the user meant after the option at
// from, taking every option that is not a switch to have a value: -1
// when there is none.
func npxIntended(args []string, from int) int {
	for i := from; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				return i + 1
			}
			return -1
		}
		if !strings.HasPrefix(a, "-") {
			if i > from {
				return i
			}
			continue
		}
		key, _, hasV := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case hasV:
		case npxSwitches()[key] || npmKindOf(strings.TrimPrefix(key, "no-")) == npmBool:
			// a switch; "true", "false" or a placeholder after it was
			// meant as its value
			if i+1 < len(args) && (args[i+1] == "true" || args[i+1] == "false" || len(resolve.Scan(args[i+1])) > 0) {
				i++
			}
		case i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			i++
		}
	}
	return -1
}

// npmResolveShort expands short options as nopt does: "-y" is "--yes",
// "-gy" is "--global --yes", "--reg" is "--registry"; nil when a is not
// one.
func npmResolveShort(a string) []string {
	arg := strings.TrimLeft(a, "-")
	if arg == "" || npmKindOf(arg) != npmUnknown {
		return nil
	}
	if sh, ok := npmShorthands[arg]; ok {
		return sh
	}
	var out []string
	for i := 0; i < len(arg); i++ {
		sh, ok := npmShorthands[arg[i:i+1]]
		if !ok {
			out = nil
			break
		}
		out = append(out, sh...)
	}
	if out != nil {
		return out
	}
	if npmAbbrev(arg) != "" {
		return nil
	}
	var match string
	for k := range npmShorthands {
		if strings.HasPrefix(k, arg) {
			if match != "" {
				return nil
			}
			match = k
		}
	}
	if match != "" {
		return npmShorthands[match]
	}
	return nil
}

// npmAbbrev is the option name abbreviates: itself when it is one, else
// the only option it is a prefix of, else "".
func npmAbbrev(name string) string {
	if name == "" {
		return ""
	}
	if npmKindOf(name) != npmUnknown {
		return name
	}
	match := ""
	for _, list := range [][]string{npmBoolOptions, npmValueOptions, {"browser", "color"}} {
		for _, k := range list {
			if strings.HasPrefix(k, name) {
				if match != "" {
					return ""
				}
				match = k
			}
		}
	}
	return match
}

type npmKind int

const (
	npmUnknown npmKind = iota
	npmBool
	npmValue
	npmBoolOrString // browser: a switch, or the next argument as its value
	npmColor        // a switch, or "always"
)

// npmKinds is built on first use: no work at start-up.
var npmKinds = sync.OnceValue(func() map[string]npmKind {
	m := map[string]npmKind{"browser": npmBoolOrString, "color": npmColor}
	for _, k := range npmBoolOptions {
		m[k] = npmBool
	}
	for _, k := range npmValueOptions {
		m[k] = npmValue
	}
	return m
})

func npmKindOf(name string) npmKind { return npmKinds()[name] }

// npmNullable are the switches that also take "null".
var npmNullable = map[string]bool{"yes": true, "optional": true, "production": true, "workspaces": true, "expect-results": true}

// npx-cli.js's own lists: removed options, options that take no value
// (every npm switch, and these) and options that take one.
var (
	npxRemoved = map[string]bool{"always-spawn": true, "ignore-existing": true, "shell-auto-fallback": true, "npm": true, "node-arg": true, "n": true}
	npxValued  = map[string]bool{"npm": true, "node-arg": true, "n": true, "package": true, "p": true, "cache": true, "userconfig": true,
		"call": true, "c": true, "shell": true}
	npxSwitches = sync.OnceValue(func() map[string]bool {
		m := map[string]bool{"always-spawn": true, "ignore-existing": true, "shell-auto-fallback": true,
			"no-install": true, "quiet": true, "q": true, "version": true, "v": true, "help": true, "h": true,
			"browser": true, "color": true}
		for _, k := range npmBoolOptions {
			m[k] = true
		}
		return m
	})
)

// npmBoolOptions are npm 11 options that take no value (type Boolean,
// or Boolean or null): a following "true", "false" or "null" is their value.
var npmBoolOptions = []string{
	"all", "allow-same-version", "allow-scripts-pending", "allow-scripts-pin", "audit", "bin-links",
	"bypass-2fa", "commit-hooks", "dangerously-allow-all-scripts", "description", "dev",
	"diff-ignore-all-space", "diff-name-only", "diff-no-prefix", "diff-text", "dry-run", "engine-strict",
	"expect-results", "force", "foreground-scripts", "format-package-lock", "fund", "git-tag-version", "global",
	"global-style", "if-present", "ignore-scripts", "include-attestations", "include-staged",
	"include-workspace-root", "init-private", "install-links", "json", "legacy-bundling", "legacy-peer-deps",
	"link", "long", "offline", "omit-lockfile-registry-resolved", "optional", "package-lock",
	"package-lock-only", "packages-all", "parseable", "prefer-dedupe", "prefer-offline", "prefer-online",
	"production", "progress", "provenance", "read-only", "rebuild-bundle", "save", "save-bundle", "save-dev",
	"save-exact", "save-optional", "save-peer", "save-prod", "shrinkwrap", "sign-git-commit", "sign-git-tag",
	"strict-allow-scripts", "strict-peer-deps", "strict-ssl", "timing", "unicode", "update-notifier", "usage",
	"version", "versions", "workspaces", "workspaces-update", "yes",
}

// npmValueOptions are npm 11 options that take the next argument as their
// value.
var npmValueOptions = []string{
	"_auth", "access", "allow-directory", "allow-file", "allow-git", "allow-remote", "allow-scripts", "also",
	"audit-level", "auth-type", "before", "ca", "cache", "cache-max", "cache-min", "cafile", "call", "cert",
	"cidr", "cpu", "depth", "diff", "diff-dst-prefix", "diff-src-prefix", "diff-unified", "editor",
	"expect-result-count", "expires", "fetch-retries", "fetch-retry-factor", "fetch-retry-maxtimeout",
	"fetch-retry-mintimeout", "fetch-timeout", "git", "globalconfig", "heading", "https-proxy", "include",
	"init-author-email", "init-author-name", "init-author-url", "init-license", "init-module", "init-type",
	"init-version", "init.author.email", "init.author.name", "init.author.url", "init.license", "init.module",
	"init.version", "install-strategy", "key", "libc", "local-address", "location", "lockfile-version",
	"loglevel", "logs-dir", "logs-max", "maxsockets", "message", "min-release-age", "min-release-age-exclude",
	"name", "node-gyp", "node-options", "noproxy", "omit", "only", "orgs", "orgs-permission", "os", "otp",
	"pack-destination", "package", "packages", "packages-and-scopes-permission", "password", "prefix", "preid",
	"provenance-file", "proxy", "registry", "replace-registry-host", "save-prefix", "sbom-format", "sbom-type",
	"scope", "scopes", "script-shell", "searchexclude", "searchlimit", "searchopts", "searchstaleness", "shell",
	"tag", "tag-version-prefix", "token-description", "umask", "user-agent", "userconfig", "viewer", "which",
	"workspace",
}

// npmShorthands are npm 11 short options and aliases, as npm expands them.
var npmShorthands = map[string][]string{
	"?":         {"--usage"},
	"B":         {"--save-bundle"},
	"C":         {"--prefix"},
	"D":         {"--save-dev"},
	"E":         {"--save-exact"},
	"H":         {"--usage"},
	"L":         {"--location"},
	"O":         {"--save-optional"},
	"P":         {"--save-prod"},
	"S":         {"--save"},
	"a":         {"--all"},
	"c":         {"--call"},
	"d":         {"--loglevel", "info"},
	"dd":        {"--loglevel", "verbose"},
	"ddd":       {"--loglevel", "silly"},
	"desc":      {"--description"},
	"enjoy-by":  {"--before"},
	"f":         {"--force"},
	"g":         {"--global"},
	"h":         {"--usage"},
	"help":      {"--usage"},
	"iwr":       {"--include-workspace-root"},
	"l":         {"--long"},
	"local":     {"--no-global"},
	"m":         {"--message"},
	"n":         {"--no-yes"},
	"no":        {"--no-yes"},
	"p":         {"--parseable"},
	"porcelain": {"--parseable"},
	"q":         {"--loglevel", "warn"},
	"quiet":     {"--loglevel", "warn"},
	"readonly":  {"--read-only"},
	"reg":       {"--registry"},
	"s":         {"--loglevel", "silent"},
	"silent":    {"--loglevel", "silent"},
	"v":         {"--version"},
	"verbose":   {"--loglevel", "verbose"},
	"w":         {"--workspace"},
	"ws":        {"--workspaces"},
	"y":         {"--yes"},
}
