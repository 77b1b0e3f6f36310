// Package probe connects to live MCP servers and says whether they work,
// and if not, precisely why.
//
// The caller resolves everything first (placeholders, the environment of
// each child, headers) and hands probe a []Target; probe never reads a
// config file. Run probes the targets in parallel, each with its own
// deadline, and returns one Result per target, in order:
//
//	results := probe.Run(ctx, targets, probe.Options{Timeout: 30 * time.Second, OnDone: printLine})
//	probe.Check(results, probe.NameSchemes(clients))
//
// Run connects over stdio (the command started in a process group of its
// own, its stdout filtered so that non-protocol lines are reported rather
// than breaking the session), streamable HTTP or SSE (an unpinned URL
// tries streamable HTTP and falls back to SSE), runs the handshake through
// the official Go SDK (server/discover of the 2026-07-28 era, falling back
// to the legacy initialize; Result.Era says which answered), lists every
// page of tools and counts resources and prompts. Every failure becomes a
// status (ok, needs-auth, timeout, failed, …) with diagnostics whose Rule
// ids are normalize's stable constants (Rules lists and documents them): a command not on the server's PATH,
// a process that exited (code and stderr), output on stdout that is not
// JSON-RPC, a timeout naming its phase, refused connections, TLS errors,
// the wrong HTTP transport, 401/403 with the server's OAuth metadata read
// and checked. It never prompts, never opens a browser, never runs an
// OAuth flow, and when Run returns no process it started is left: each
// server runs in a process group of its own and is stopped with its whole
// tree (children that left the group included); on Linux, with
// proctree.Enable, daemons it detached are adopted and killed too, once
// no tree started before them still runs (so a daemon of this Run can
// outlive it only while another Run in the same process, started
// earlier, still runs a server).
//
// The caller says which variables of its environment the client does not
// pass (Target.EnvNotPassed): Run puts first those the server's stderr
// names, and the result keeps them all. The hints that say to run a
// failed server by hand write the command with the client's environment
// (Target.HandEnv: "env -i HOME="$HOME" … CMD" for a client that clears
// it), values the user's shell holds by reference and secrets masked, so
// that the server fails there as it does in the client.
//
// A field of the definition the client ignores ("arguments" for "args"),
// passed as Target.Ignored, is named as the likely cause of a failure it
// can cause (a hang, an exit, a 401), first in that failure's hint.
//
// Check runs after Run over all results: tool names that collide or are
// too long under each client's naming scheme, names outside the MCP rules,
// and input schemas that are not valid JSON Schema; then what the tools
// tell the model (told.go, over each tool's name, title, Tool.Said,
// annotations and the texts of its input and output schemas): invisible
// Unicode tag characters (the hidden text decoded), bidi controls and
// zero-width characters, instructions aimed at the model (hiding a step
// from the user, ignoring other instructions, reading credentials and
// passing them on, <IMPORTANT> blocks), as written, as the model reads
// them (told_fold.go: NFKC, default-ignorables removed, confusables
// folded) and in base64, and how they are disguised; descriptions that
// name another server's tools, and tool names two servers a client loads
// share. Those checks are linear in the text: keywords found in one pass,
// RE2 expressions anchored where they are. A tool a result does not keep
// whole (a description over 16 KiB, tools past the 4 MiB of texts a
// result keeps) gets the checks of one tool as it is listed, on all it
// sent, and Check reports those: a finished server keeps its result, not
// its pages (the SDK's cache of them emptied as they are read), so a
// run's memory is bounded by Options.Parallel, not by the servers.
//
// Secrets: what a server writes (stderr, an error body, a cursor, an error
// of the SDK) is masked with the run's secret.Boundary (Options.Boundary,
// which learns every target's Secrets) before probe cuts it to a length,
// so a secret cut at a limit never shows its first characters. The rest
// of a Result is raw: it crosses the boundary when a view is made of it
// (package view), as every value mcpconf prints does.
//
// Cancelling ctx ends the pending probes (status skipped, reason
// "cancelled") and still kills their processes; the caller should cancel
// it on SIGINT and SIGTERM, since servers run in their own process groups
// and do not get the terminal's Ctrl-C.
package probe
