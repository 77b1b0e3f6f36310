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
// combines its files (Merge), the lists that switch servers off, its row in
// pisces's providers table, and the facts behind all of it with their
// sources. Discovery, client views, lint rules, resolution, schemas and
// reports read descriptors and never compare a client's id with a literal;
// docs/clients.md is generated from them.
//
// The descriptors live here rather than in a package of their own because
// the decoders need the shared types and every other package needs the
// descriptors: normalize is the one package all of them import.
//
// Adding a client:
//
//  1. write client_<id>.go with its descriptor and decoder, and add it to
//     the list in clients.go;
//  2. name its JSON Schema in Client.Schema, adding one to package schemas
//     if no existing one fits;
//  3. add a fixture tree under testdata/fixtures/provider-<id>/ (with a
//     "clients" file naming the id) and run go test ./cmd/mcpconf -update,
//     then read the expected output it wrote;
//  4. run go test ./normalize -run TestClientsDoc -update to regenerate
//     docs/clients.md.
//
// Nothing else changes. Claude Desktop (client_claudedesktop.go) and Roo
// Code (client_roo.go, with its own schema) were added this way.
//
// normalize imports no other package of this module, so anything may import it.
package normalize
