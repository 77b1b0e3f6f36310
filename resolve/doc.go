// Package resolve finds and expands the placeholder syntaxes of the MCP
// clients (${VAR}, ${env:VAR}, {env:VAR}, %VAR%, …), classifies pisces env
// and header values (!cmd, bare env names), resolves a server definition
// as its client would (Server: every value with where its pieces came
// from), and computes the environment a client starts a server with
// (ChildEnv) and the variables of an env file (ReadEnvFile). Which syntax
// a client expands is its descriptor's (normalize.Client); whether a
// resolved value is a secret is package secret's to say.
//
// It reads nothing on its own: the environment, input answers and files
// come in through an Env or a Context, an env file through a path the
// caller allows. It runs a pisces !command only through the Runner the
// caller hands it (Env.Run: probe and explain --resolve, with
// --allow-exec).
package resolve
