// Package resolve finds and expands the placeholder syntaxes of the MCP clients
// (${VAR}, ${env:VAR}, {env:VAR}, %VAR%, …), classifies pisces env and header
// values (!cmd, bare env names) and masks secrets.
//
// It never runs a command and never reads the process environment or the file
// system on its own: everything comes in through a Context.
package resolve
