package normalize

import "strings"

// Format is the syntax a config file is written in.
type Format string

const (
	JSON  Format = "json"  // strict JSON (comments and trailing commas are reported)
	JSONC Format = "jsonc" // JSON with comments and trailing commas
	// JSONComments allows comments but not trailing commas (Gemini CLI
	// strips comments, then calls JSON.parse).
	JSONComments Format = "json+comments"
	TOML         Format = "toml"
)

// Document is one config file read from disk.
type Document struct {
	Path   string // as shown to users: relative to the root, ~/… under the home, else absolute
	Abs    string // absolute path on disk
	Format Format
	Src    []byte
	Lines  *Lines
	Root   *Value // nil when the file could not be parsed
	// Unreadable: the file is there but could not be read (a directory,
	// no permission; RuleUnreadable), so Root is nil without a parse.
	Unreadable bool
	// BOM: the file starts with a UTF-8 byte order mark, left out of Src;
	// a client whose JSON.parse takes it for a stray character cannot
	// parse the file (Refusal.File: Cline).
	BOM bool
	// Duplicates lists every object key that occurs again later in the same
	// object: the earlier member is the one a JSON reader silently drops.
	Duplicates []Duplicate
}

// Duplicate is a key written twice in one object.
type Duplicate struct {
	Pointer string  // pointer of the object holding both
	First   *Member // the occurrence that is ignored
	Last    *Member // the occurrence that wins
}

// Snippet returns the source line of pos, for carets under diagnostics.
func (d *Document) Snippet(pos Pos) string {
	if d == nil || d.Lines == nil || !pos.IsValid() {
		return ""
	}
	return d.Lines.Line(pos.Line)
}

// DeclaredInputs returns the ids of the VS Code inputs declared beside the
// servers object that holds s (its file's "inputs", or "mcp.inputs" in a
// settings.json), which is where VS Code looks for them; nil when the
// document was not parsed.
func DeclaredInputs(doc *Document, s *Server) map[string]bool {
	if doc == nil || doc.Root == nil || s == nil {
		return nil
	}
	ptr := s.Source.Pointer
	for range 2 { // up from the entry, then from the servers object
		if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
			ptr = ptr[:i]
		}
	}
	ids := map[string]bool{}
	parent := doc.Root.Lookup(ptr)
	if parent == nil || parent.Kind != Object {
		return ids
	}
	if arr := parent.Get("inputs"); arr != nil && arr.Kind == Array {
		for _, it := range arr.Items {
			if id := it.Get("id"); id != nil && id.Kind == String {
				ids[id.Str] = true
			}
		}
	}
	return ids
}
