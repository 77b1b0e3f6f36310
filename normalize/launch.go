package normalize

// The descriptor's Launch section (Client.Launch): how a client starts a
// stdio server and connects to a remote one, and what it can do.

import "time"

// Launch is how a client starts a server and names its tools.
type Launch struct {
	// ChildEnv is the environment a stdio server it starts gets.
	ChildEnv ChildEnv
	// StartupTimeout is how long the client waits for a server to start
	// and list its tools when the definition does not say; 0 when unknown.
	StartupTimeout time.Duration
	// NoShell: stdio servers start without a shell (checked in the
	// client's code or with the client itself), so "~" and "$HOME" in
	// "command" reach the system as written unless the client expands
	// them: "~" when ExpandsTilde, "$HOME" and "${HOME}" when Placeholders
	// hold Bare or Dollar. False where it is not known.
	NoShell bool
	// ExpandsTilde: a leading "~" is expanded in command, args and cwd
	// (VS Code).
	ExpandsTilde bool
	// UnsafeEnv are env keys (compared without case) that make the
	// client refuse to start a stdio server whose "env" holds one: its
	// listing shows the server failed (x-code's runtime code-loading
	// hooks: NODE_OPTIONS, LD_PRELOAD, …).
	UnsafeEnv []string
	// FailsListed: the client's own listing shows as failed, rather than
	// as configured, a server it cannot start for what its definition
	// says (an UnsafeEnv key; a variable that Unset says fails, not set
	// in the client's environment): the view marks it invalid, and the
	// name stays its (x-code's /mcp list).
	FailsListed bool
	// NoSSE: the client has no HTTP+SSE transport: a url is reached with
	// streamable HTTP even when it names an SSE endpoint (Codex).
	NoSSE bool
	// ToolNames is how the client names the tools of its servers; nil when
	// mcpconf does not know it.
	ToolNames *Scheme
}

// Capabilities are what a client declares in its MCP initialize request.
// Servers answer to them: server-everything lists get-roots-list only to a
// client that declares roots, so probe declares what the client declares,
// answers roots/list with the project, and declines elicitation without
// asking anyone.
type Capabilities struct {
	Roots bool // roots, with listChanged
	// RootsStatic: roots is declared with listChanged false (pisces: the
	// roots never change during a session).
	RootsStatic bool
	Sampling    bool
	Elicitation bool // form and url
	// Source is where it was read or captured; "" for a client whose
	// declaration is not known (nothing is declared then).
	Source string
}

// Names lists the capabilities declared: "roots", "elicitation".
func (c Capabilities) Names() []string {
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{{c.Roots, "roots"}, {c.Sampling, "sampling"}, {c.Elicitation, "elicitation"}} {
		if x.on {
			out = append(out, x.name)
		}
	}
	return out
}
