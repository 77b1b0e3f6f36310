// Package edit is the format-preserving editor of every config format
// mcpconf reads (JSON, JSONC, TOML): it changes a file by byte-range
// replacements computed from the positions a parsed normalize.Document
// already has, so comments, key order, indentation, trailing commas and
// every byte no edit covers stay as they were.
//
// It is a package of its own because it is the write side of mcpconf, and
// more than one command writes: lint --fix and --diff apply the fixes rules
// attach to findings, and sync, add and remove will change servers through
// the same helpers. Rules compute edits (InsertMember, ReplaceValue,
// RenameKey, DeleteMember, which follow the style around them); the
// commands choose fixes (Select), apply them (Apply), show them (Diff) and
// write them (WriteFile: atomic, and refused when the file changed since
// it was read or the result does not parse).
//
// Offsets are those of the document's source. A file that starts with a
// UTF-8 byte order mark is parsed without it; WriteFile keeps the mark.
package edit
