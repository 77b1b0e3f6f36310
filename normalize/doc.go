// Package normalize holds the types every other package of mcpconf speaks:
// a parsed config file with positions (Document, Value), one server
// definition in canonical form (Server, Source), the result of discovery
// (Set) and findings (Diagnostic). It also maps each client's own shape onto
// Server (one file per client dialect).
//
// normalize imports no other package of this module, so anything may import it.
package normalize
