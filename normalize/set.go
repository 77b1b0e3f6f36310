package normalize

// FileStatus says whether a source path was found and read.
type FileStatus string

const (
	Found  FileStatus = "found"
	Absent FileStatus = "absent"
	Failed FileStatus = "error"
)

// SourceFile is one place discovery looked, found or not.
type SourceFile struct {
	Path     string // display path
	Abs      string
	Client   string
	Scope    Scope
	Priority int
	Order    int
	// Section names the part of a shared file that holds servers when it is
	// not the whole file, e.g. `projects["/repo"].mcpServers`.
	Section string
	Status  FileStatus
	Servers int
	Error   string
}

// Entry is one server name after merging: the definition that won and the
// ones it shadowed, highest priority first.
type Entry struct {
	Server   Server
	Shadowed []Shadow
}

// Shadow is a definition that lost to a higher-priority one.
type Shadow struct {
	Server      Server
	Differences []string // empty when the definitions are equivalent
	Reason      string   // why it lost, e.g. `lower priority: claude (80) < pisces (100)`
}

// Set is what discovery produces: every source looked at, every effective
// server, and every problem found on the way.
type Set struct {
	Root, Home string
	// Client is set for a single client's view (explain --client), and
	// ClientRules says how that client combines its files.
	Client, ClientRules string
	Sources             []SourceFile
	Entries             []Entry // one per server name, sorted by name
	Diagnostics         []Diagnostic
	Documents           []*Document
	// Definitions is every server definition read, in priority order,
	// including shadowed ones.
	Definitions []Server
}
