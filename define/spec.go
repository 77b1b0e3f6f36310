package define

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Spec is a server as mcpconf add's arguments give it, following claude
// mcp add: NAME, a URL or a command with its arguments, -e KEY=VALUE,
// -H "Key: Value", --transport.
type Spec struct {
	Name, URL, Transport string
	Command              []string
	Env, Headers         []string
}

// Server is the definition the arguments describe; an error says which
// argument is wrong and how to write it.
func (sp Spec) Server() (Server, error) {
	s := Server{Name: sp.Name}
	for _, e := range sp.Env {
		k, v, ok := strings.Cut(e, "=")
		if !ok || k == "" {
			return s, fmt.Errorf("-e %q: write -e KEY=VALUE", e)
		}
		s.Env = append(s.Env, KV{Key: k, Value: v})
	}
	for _, h := range sp.Headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return s, fmt.Errorf("-H %q: write -H \"Key: Value\"", h)
		}
		s.Headers = append(s.Headers, KV{Key: strings.TrimSpace(k), Value: strings.TrimSpace(v)})
	}
	switch {
	case sp.URL != "" && len(sp.Command) > 0:
		return s, fmt.Errorf("give a URL or a command after --, not both")
	case sp.URL != "":
		s.Transport, s.URL = normalize.HTTP, sp.URL
		if sp.Transport == "sse" {
			s.Transport = normalize.SSE
		} else if sp.Transport != "" && sp.Transport != "http" {
			return s, fmt.Errorf("unknown --transport %q: use http or sse", sp.Transport)
		}
		if len(s.Env) > 0 {
			return s, fmt.Errorf("-e is for a stdio server: a remote server takes headers (-H)")
		}
	case len(sp.Command) > 0:
		s.Transport, s.Command, s.Args = normalize.Stdio, sp.Command[0], sp.Command[1:]
		if len(s.Headers) > 0 || sp.Transport != "" {
			return s, fmt.Errorf("-H and --transport are for a remote server (a URL)")
		}
	default:
		return s, fmt.Errorf("give the server's URL, or its command after --")
	}
	return s, nil
}

// RemoteURL reports whether s is what add takes for a remote server's
// URL: absolute, with a host, its scheme http or https (any case) or one
// of schemes (a client's own, such as VS Code's unix and pipe). Anything
// else after NAME is a command written without "--".
func RemoteURL(s string, schemes []string) bool {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() {
		return false
	}
	switch scheme := strings.ToLower(u.Scheme); {
	case scheme == "http" || scheme == "https":
		return u.Host != ""
	default:
		return slices.Contains(schemes, scheme)
	}
}
