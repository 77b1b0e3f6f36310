// Package lsp is mcpconf's language server (mcpconf lsp): LSP 3.17 over
// stdio, for the config files the clients read. It publishes what
// mcpconf lint --format json reports for each open file, in that file's
// tree, with the buffers as the editor has them, unsaved (an overlay of
// the open documents over the disk: discover.Options.Overlay, which
// serves the linter's .mcpconf.toml too); offers
// each fix lint knows as a quickfix whose edit gives the bytes lint --fix
// writes; and answers a hover on a server with what mcpconf explain NAME
// says of it for each client that reads the file. It runs nothing (no
// !command, no probe) and writes no file: every edit is the editor's to
// apply. Every text it sends crosses a secret.Boundary, as lint's and
// explain's output does.
//
// # Why JSON-RPC and the protocol types are written here
//
// The issue asks for a maintained Go LSP library where one fits. The two
// candidates were compared on fit and upkeep:
//
//   - github.com/tliron/glsp v0.2.2 (March 2024, the last tag): types for
//     LSP 3.16 only (no 3.17 positionEncoding negotiation); its server
//     reads os.Stdin and writes os.Stdout itself (Server.RunStdio; the
//     stream variant is unexported), which the command's injected IO and
//     the tests over pipes cannot use; and it brings a logging framework
//     with global state (commonlog, kutil, termenv) and websocket, crypto
//     and deadlock-detection modules: 14 modules for what mcpconf uses
//     of it.
//   - go.lsp.dev/protocol v0.12.0 + go.lsp.dev/jsonrpc2 v0.10.0 (March
//     2022, no release since; jsonrpc2 moved to v1 without protocol
//     following): LSP 3.15/3.16 types, zap for logging, and a pinned
//     segmentio/encoding older than the one mcpconf already builds with.
//
// Neither fits cleanly, and what mcpconf needs is small: the base
// protocol's framing (Content-Length headers, JSON-RPC 2.0 requests,
// responses and notifications: jsonrpc.go) and the two dozen structures
// of the methods it answers (protocol.go). Written here they take the
// module nothing, follow 3.17, and read and write any io.Reader and
// io.Writer.
package lsp
