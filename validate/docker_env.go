package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// dockerEnvRule reports a variable set in the env of a server started with
// "docker run" that the command line does not pass into the container.
var dockerEnvRule = &Rule{
	ID:       normalize.RuleDockerEnv,
	Title:    "a variable in env that docker does not pass into the container",
	Severity: normalize.Warning,
	doc: `The ` + "`env`" + ` of a server definition is the environment of the process the
client starts. For ` + "`docker run`" + ` (or ` + "`podman run`" + `) that process is the docker
command, not the server: docker passes a variable into the container only
when the command line names it, ` + "`-e NAME`" + ` (the value from docker's
environment, so from ` + "`env`" + `) or ` + "`-e NAME=VALUE`" + `. A token written only in
` + "`env`" + ` never reaches the server, which then fails as if it had none.

Every vendor's docker example writes both, ` + "`\"args\": [\"run\", \"-i\", \"--rm\",\n\"-e\", \"GITHUB_PERSONAL_ACCESS_TOKEN\", \"ghcr.io/github/github-mcp-server\"]`" + ` and
the token in ` + "`env`" + `; copying the ` + "`env`" + ` block without the ` + "`-e`" + ` is the
mistake. Variables docker itself reads (` + "`DOCKER_HOST`" + `, ` + "`DOCKER_CONFIG`" + `,
` + "`DOCKER_CONTEXT`" + `, proxies, ` + "`PATH`" + `, …) are not reported, nor is anything when an
` + "`--env-file`" + ` is given (it may name the variable).

This is true in every client: it is docker's doing.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"docker\",\n" +
			"  \"args\": [\"run\", \"-i\", \"--rm\", \"ghcr.io/github/github-mcp-server\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${GITHUB_TOKEN}\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"docker\",\n" +
			"  \"args\": [\"run\", \"-i\", \"--rm\", \"-e\", \"GITHUB_PERSONAL_ACCESS_TOKEN\", \"ghcr.io/github/github-mcp-server\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${GITHUB_TOKEN}\" }\n" +
			"} } }\n"},
	Check: checkDockerEnv,
}

// dockerOwnVars are variables the docker and podman commands read
// themselves: setting one in env is meant for them.
var dockerOwnVars = []string{"PATH", "HOME", "USER", "TMPDIR", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME",
	"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR",
	"CONTAINER_HOST", "CONTAINER_CONNECTION", "REGISTRY_AUTH_FILE"}

func checkDockerEnv(p *Pass) {
	for s, c := range p.Servers() {
		if s.Node == nil || isRemote(s.Transport) {
			continue
		}
		envObj := s.Node.Get(c.FieldKey("env"))
		byName := s.Node.Get("env_vars") // Codex: names passed to the process
		if (envObj == nil || envObj.Kind != normalize.Object || len(envObj.Members) == 0) && byName == nil {
			continue
		}
		e := execOf(s)
		denv, ok := resolve.ParseDockerRun(e.command, e.args)
		if !ok || denv.EnvFile {
			continue
		}
		missing := func(name string) bool {
			if slices.Contains(denv.Set, name) || slices.ContainsFunc(denv.Forwarded, func(f resolve.Forwarded) bool { return f.Name == name }) {
				return false
			}
			up := strings.ToUpper(name)
			return !slices.Contains(dockerOwnVars, up) && !strings.HasPrefix(up, "DOCKER_") &&
				!strings.HasPrefix(up, "BUILDKIT_") && !strings.HasPrefix(up, "CONTAINERS_")
		}
		doc := p.Document(s.Source.Path)
		// the hint's edit: "-e", NAME inserted before the image
		pass := func(d *normalize.Diagnostic, name string) {
			if doc == nil || denv.Image < 0 || denv.Image >= len(e.argVals) {
				return
			}
			at := e.argVals[denv.Image].Range.Start
			suggest(d, fmt.Sprintf("insert \"-e\", %q before the image", name), replaceEdit(doc, at, at, jsonQuote("-e")+", "+jsonQuote(name)+", "))
		}
		const msg = "docker does not pass %s %q of server %q into the container: no %q names it"
		if envObj != nil && envObj.Kind == normalize.Object {
			for _, m := range envObj.Unique() {
				if missing(m.Key) {
					d := p.AtKey(s, m, msg, "env", m.Key, s.Name, "-e "+m.Key)
					d.Hint = `add "-e", "` + m.Key + `" to args before the image`
					pass(d, m.Key)
				}
			}
		}
		if byName != nil && byName.Kind == normalize.Array {
			for _, it := range byName.Items {
				if it.Kind == normalize.String && missing(it.Str) {
					d := p.AtValue(doc, it, msg, "env_vars name", it.Str, s.Name, "-e "+it.Str)
					d.Hint = `add "-e", "` + it.Str + `" to args before the image`
					pass(d, it.Str)
				}
			}
		}
	}
}
