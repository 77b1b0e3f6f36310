package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// unpinnedPackageRule reports package runners and container images without an
// exact version. It is an opinion, so it is off by default.
var unpinnedPackageRule = &Rule{
	ID:       normalize.RuleUnpinnedPackage,
	Title:    "a server runs a package or image without an exact version",
	Severity: normalize.Info,
	Clients:  "every client that starts stdio servers",
	Off:      true,
	doc: `` + "`npx pkg`" + `, ` + "`bunx pkg`" + `, ` + "`pnpm dlx pkg`" + `, ` + "`npm exec pkg`" + `, ` + "`uvx pkg`" + ` and ` + "`docker run image`" + ` fetch
whatever the registry serves today: the server can change under you between
two starts, and a compromised release reaches you the day it is published.

Pinned: ` + "`pkg@1.2.3`" + ` and ` + "`@scope/pkg@1.2.3`" + ` (npm, bun, pnpm), ` + "`pkg==1.2.3`" + ` or
` + "`pkg@1.2.3`" + ` (uvx, also through ` + "`--from`" + `), ` + "`image:tag`" + ` or ` + "`image@sha256:…`" + ` (docker,
podman). Not pinned: no version, a dist-tag such as ` + "`@latest`" + `, a range
(` + "`@^1`" + `, ` + "`>=1`" + `), an image without a tag or with ` + "`:latest`" + `. Git URLs, local paths and
values that are placeholders are left alone.

This is an opinion — many servers' own docs say ` + "`npx -y pkg`" + ` — so the rule is off
by default; enable it in ` + "`.mcpconf.toml`" + ` with ` + "`enable = [\"unpinned-package\"]`" + `.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"fetch\": { \"command\": \"uvx\", \"args\": [\"mcp-server-fetch\"] } } }\n",
		Good: "{ \"mcpServers\": { \"fetch\": { \"command\": \"uvx\", \"args\": [\"mcp-server-fetch==2025.4.7\"] } } }\n"},
	Check: checkUnpinnedPackage,
}

func checkUnpinnedPackage(p *Pass) {
	for s := range p.Servers() {
		e := execOf(s)
		if e.command == "" {
			continue
		}
		doc := p.Document(s.Source.Path)
		idx, kind := -1, ""
		switch prog := strings.TrimSuffix(strings.TrimSuffix(progName(e.command), ".cmd"), ".exe"); {
		case prog == "npx":
			// npm's own reading; a package npm takes by mistake is
			// npx-unknown-option's
			if call := npxParse(e.args); call.unknown < 0 {
				idx, kind = call.pkg, "npm"
			}
		case prog == "bunx":
			idx, kind = runnerPackage(e.args, 0), "npm"
		case prog == "pnpm" && len(e.args) > 0 && e.args[0] == "dlx":
			idx, kind = runnerPackage(e.args, 1), "npm"
		case prog == "npm" && len(e.args) > 0 && (e.args[0] == "exec" || e.args[0] == "x"):
			idx, kind = runnerPackage(e.args, 1), "npm"
		case prog == "bun" && len(e.args) > 0 && e.args[0] == "x":
			idx, kind = runnerPackage(e.args, 1), "npm"
		case prog == "uvx":
			idx, kind = uvxPackage(e.args, 0), "python"
		case prog == "uv" && len(e.args) > 1 && e.args[0] == "tool" && e.args[1] == "run":
			idx, kind = uvxPackage(e.args, 2), "python"
		case prog == "docker" || prog == "podman":
			run, _ := resolve.ParseDockerRun(e.command, e.args)
			idx, kind = run.Image, "image"
		}
		if idx < 0 || idx >= len(e.args) || e.argVals[idx] == nil {
			continue
		}
		spec := e.args[idx]
		if v, ok := strings.CutPrefix(spec, "-p="); ok {
			spec = v
		} else if v, ok := strings.CutPrefix(spec, "--package="); ok {
			spec = v
		} else if v, ok := strings.CutPrefix(spec, "--from="); ok {
			spec = v
		}
		if len(resolve.Scan(spec)) > 0 {
			continue
		}
		var msg, hint string
		switch kind {
		case "npm":
			msg, hint = npmPin(spec)
		case "python":
			msg, hint = pythonPin(spec)
		case "image":
			msg, hint = imagePin(spec)
		}
		if msg != "" {
			d := p.AtValue(doc, e.argVals[idx], "%s", msg)
			d.Hint = hint
		}
	}
}

// runnerPackage finds the package of npx, bunx, pnpm dlx or npm exec: the
// --package value, else the first positional argument.
func runnerPackage(args []string, from int) int {
	for i := from; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return i + 1
			}
			return -1
		case (a == "-p" || a == "--package") && i+1 < len(args):
			return i + 1
		case strings.HasPrefix(a, "--package="):
			return i
		case a == "-c" || a == "--call" || a == "--registry" || a == "--cache" || a == "--userconfig":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return i
		}
	}
	return -1
}

// uvxPackage finds the package of uvx: the --from value, else the first
// positional argument.
func uvxPackage(args []string, from int) int {
	for i := from; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--from" && i+1 < len(args):
			return i + 1
		case strings.HasPrefix(a, "--from="):
			return i
		case uvxValued[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return i
		}
	}
	return -1
}

// uvxValued are the uvx options that take a value.
var uvxValued = map[string]bool{"--with": true, "--with-editable": true, "--with-requirements": true, "--python": true, "-p": true,
	"--index": true, "--index-url": true, "--extra-index-url": true, "--default-index": true, "--find-links": true, "-f": true,
	"--directory": true, "--project": true, "--config-file": true, "--cache-dir": true, "--env-file": true, "--constraints": true,
	"-c": true, "--overrides": true, "--build-constraints": true, "--index-strategy": true, "--keyring-provider": true,
	"--resolution": true, "--prerelease": true, "--exclude-newer": true, "--link-mode": true, "--python-platform": true,
	"--refresh-package": true, "--reinstall-package": true, "--upgrade-package": true, "-P": true}

// npmPin checks an npm package spec.
func npmPin(spec string) (msg, hint string) {
	if nonRegistry(spec) || strings.HasPrefix(spec, "npm:") {
		return "", ""
	}
	name, version := spec, ""
	at := strings.LastIndexByte(spec, '@')
	if at > 0 {
		name, version = spec[:at], spec[at+1:]
	}
	if exactVersion(version, 3) {
		return "", ""
	}
	hint = fmt.Sprintf("pin an exact version: %q", name+"@<version>")
	if version == "" {
		return fmt.Sprintf("package %q has no exact version: every start may run a different release", name), hint
	}
	return fmt.Sprintf("package %q is not pinned to an exact version: every start may run a different release", spec), hint
}

// pythonPin checks a uvx requirement: pkg==1.2.3 or pkg@1.2.3.
func pythonPin(spec string) (msg, hint string) {
	if nonRegistry(spec) || strings.HasSuffix(spec, ".whl") || strings.HasSuffix(spec, ".tar.gz") {
		return "", ""
	}
	name := spec
	if i := strings.IndexAny(spec, "=<>!~@ ;"); i >= 0 {
		name = spec[:i]
	}
	name = strings.TrimSpace(name)
	if v, ok := strings.CutPrefix(spec[len(name):], "==="); ok && v != "" {
		return "", ""
	}
	if v, ok := strings.CutPrefix(spec[len(name):], "=="); ok && pythonExact(v) {
		return "", ""
	}
	if v, ok := strings.CutPrefix(spec[len(name):], "@"); ok && pythonExact(v) {
		return "", ""
	}
	base := name
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	hint = fmt.Sprintf("pin an exact version: %q", name+"==<version>")
	if name == spec {
		return fmt.Sprintf("package %q has no exact version: every start may run a different release", base), hint
	}
	return fmt.Sprintf("package %q is not pinned to an exact version: every start may run a different release", spec), hint
}

// imagePin checks a container image reference.
func imagePin(ref string) (msg, hint string) {
	if strings.Contains(ref, "@sha256:") || strings.Contains(ref, "@sha512:") {
		return "", ""
	}
	repo, tag := ref, ""
	last := ref[strings.LastIndexByte(ref, '/')+1:]
	if i := strings.LastIndexByte(last, ':'); i >= 0 {
		repo, tag = ref[:len(ref)-len(last)+i], last[i+1:]
	}
	hint = fmt.Sprintf("pin a tag or a digest: %q or %q", repo+":<version>", repo+"@sha256:<digest>")
	switch tag {
	case "":
		return fmt.Sprintf("image %q has no tag or digest: every start may run a different image", ref), hint
	case "latest":
		return fmt.Sprintf("image %q uses the tag \"latest\": every start may run a different image", ref), hint
	}
	return "", ""
}

// nonRegistry reports specs that are not registry packages: git and
// tarball URLs, paths, GitHub shorthands.
func nonRegistry(spec string) bool {
	if spec == "" || strings.Contains(spec, "://") || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") ||
		strings.HasPrefix(spec, "~") || strings.HasSuffix(spec, ".tgz") {
		return true
	}
	for _, p := range []string{"git+", "git:", "github:", "gitlab:", "bitbucket:", "file:", "link:", "workspace:"} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	// user/repo is a GitHub shorthand; @scope/pkg is a package.
	return !strings.HasPrefix(spec, "@") && strings.Contains(spec, "/")
}

// exactVersion reports a full version of at least min numeric parts:
// 1.2.3, v1.2.3, 1.2.3-beta.1+build, calendar versions like 2025.4.8. npm
// reads "1.2" as the range 1.2.x, so npm needs three parts.
func exactVersion(v string, min int) bool {
	v = strings.TrimPrefix(v, "v")
	core := v
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		core = core[:i]
	}
	parts := strings.Split(core, ".")
	if len(parts) < min {
		return false
	}
	for _, p := range parts {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
		}
	}
	return true
}

// pythonExact reports a PEP 440 version without wildcards: 1.2, 1.2.3rc1,
// 2025.4.7.post1.
func pythonExact(v string) bool {
	if v == "" || v[0] < '0' || v[0] > '9' {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c == '.' || c == '+' || c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
