// Package normalize holds the types every other package of mcpconf speaks:
// a parsed config file with positions (Document, Value), one server
// definition in canonical form (Server, Source), the result of discovery
// (Set), findings (Diagnostic), and what mcpconf knows about each client
// (Client).
//
// # Clients
//
// Everything mcpconf believes about one client lives in one descriptor, a
// *Client in its own file (client_gemini.go, client_codex.go, …): its
// files per scope and operating system and the variables that move them,
// its file format, its shape (servers key, fields, type literals, endpoint
// keys, timeout units) and the decoder that maps an entry onto Server, the
// placeholders it expands, its tool-name scheme, its JSON Schema, how it
// combines its files (Merge), the lists that switch servers off, and the
// facts behind all of it with their sources; pisces's descriptor holds its
// providers table, the other clients' files it reads. Discovery, client views, lint rules, resolution, schemas and
// reports read descriptors and never compare a client's id with a literal;
// docs/clients.md is generated from them.
//
// The descriptors live here rather than in a package of their own because
// the decoders need the shared types and every other package needs the
// descriptors: normalize is the one package all of them import.
//
// The descriptor type is split by its sections: client.go (Client, Docs),
// layout.go (Layout, File, Base, merge rules), gates.go (Gates, approval,
// trust, lists, refusals), shape.go (Shape, types, timeouts, names),
// expansion.go (Expansion, unset rules), launch.go (Launch, Capabilities);
// each client's values are in client_<id>.go.
//
// Adding a client, and what it touches: docs/architecture.md.
//
// normalize imports no other package of this module, so anything may import it.
package normalize
