package normalize

// FileStatus says whether a source path was found and read.
type FileStatus string

const (
	Found  FileStatus = "found"
	Absent FileStatus = "absent"
	Failed FileStatus = "error"
	// Ignored is a file with servers the client does not read.
	Ignored FileStatus = "ignored"
)

// SourceFile is one place discovery looked, found or not.
type SourceFile struct {
	Path     string // display path
	Abs      string
	Client   *Client
	Scope    Scope
	Priority int
	Order    int
	// Section names the part of a shared file that holds servers when it is
	// not the whole file, e.g. `projects["/repo"].mcpServers`.
	Section string
	Status  FileStatus
	Servers int
	Error   string
	// Note says why a file is ignored.
	Note string
	// Skipped: the client finds the file and skips it for what it is, not
	// for what it holds (Gemini CLI's system settings in a directory
	// others can write); Note says why and Hint what to do. Its content
	// is not read.
	Skipped bool
	Hint    string
	// Own: the file is one of the client's own, read in its own format
	// (not File.Guest, not a File.Dialect, not a provider's).
	Own bool
	// SkipAt is where the content the client skips the whole file for is
	// (Gates.SkipsFile: an entry it rejects, a placeholder it refuses in a
	// project file); Note says why.
	SkipAt Pos
	// Extension names the extension whose manifest the file is.
	Extension string
	// Flat: without the servers key, the file's top-level members are its
	// servers (File.FlatServers).
	Flat bool
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
	// UserRead says whether files of the home were read: without them a
	// layer that patches a user's server cannot be judged.
	UserRead bool
	// Client is set for a single client's view (explain --client), and
	// ClientRules says how that client combines its files.
	Client      *Client
	ClientRules string
	Sources     []SourceFile
	Entries     []Entry // one per server name, sorted by name
	Diagnostics []Diagnostic
	Documents   []*Document
	// Definitions is every server definition read, in priority order,
	// including shadowed ones.
	Definitions []Server
	// Ignored are servers written in files the client does not read
	// (Client.Ignored), found so that lint and explain can say so.
	Ignored []IgnoredServers
	// Refused is set when the client refuses its whole configuration
	// (Client.Refuses): the gate every server of the view gets, with the
	// client's message and the position that caused it; RefusedSaying is
	// the client's own message alone.
	Refused       *Gate
	RefusedSaying string
	// Lists are the allow-lists and deny-lists the client's view read,
	// each entry with the servers it matches, for lint.
	Lists []ListSetting
	// Environ are the variables the client's files set into its own
	// environment as it starts (Expansion.EnvFiles), in the order it sets
	// them: a later one of a name wins.
	Environ []EnvSetting
}

// SetIn returns the variable name as the client's files set it into its
// environment (Environ), the last one of the name; nil when none does.
func (s *Set) SetIn(name string) *EnvSetting {
	if s == nil {
		return nil
	}
	for i := len(s.Environ) - 1; i >= 0; i-- {
		if s.Environ[i].Name == name {
			return &s.Environ[i]
		}
	}
	return nil
}

// Lookup is the environment the client expands placeholders in: base, the
// environment it is started with (nil: none), with the variables its
// files set over it (Environ).
func (s *Set) Lookup(base func(string) (string, bool)) func(string) (string, bool) {
	if s == nil || len(s.Environ) == 0 {
		return base
	}
	set := make(map[string]string, len(s.Environ))
	for _, e := range s.Environ {
		set[e.Name] = e.Value
	}
	return func(name string) (string, bool) {
		if v, ok := set[name]; ok {
			return v, true
		}
		if base == nil {
			return "", false
		}
		return base(name)
	}
}

// ListSetting is one allow-list or deny-list a client read in one file.
type ListSetting struct {
	Client  *Client
	Key     string // as users write it: "allowedMcpServers", "mcp.excluded"
	Effect  ListEffect
	Path    string // display path of the file
	Pos     Pos    // of the key
	Entries []ListEntry
}

// ListEntry is one entry of a list.
type ListEntry struct {
	Text    string // as written: "github", {"serverCommand": ["npx", "-y", "x"]}
	Name    string // the server name it gives, if it gives one
	Range   Range
	Pointer string
	// Matches names the servers of the view it matches, whatever their
	// status.
	Matches []string
	// Ignored says why the client ignores the entry; "" when it uses it.
	Ignored string
}

// IgnoredServers is a servers object in a file a client does not read.
type IgnoredServers struct {
	Doc    *Document
	Member *Member // the servers key
	Count  int
	Why    string
}

// Workspace is what a set of clients reads from one project and home: one
// view per client, and every file any of them reads.
type Workspace struct {
	Root, Home string
	// Views holds one Set per client, in the order of the client list; a
	// view's Client is the client's id.
	Views []*Set
	// Sources is every file any client reads, once each.
	Sources     []SourceFile
	Documents   []*Document
	Diagnostics []Diagnostic // problems of the files themselves, once each
	// Notes say what the run left out and why (a variable that points
	// outside --home).
	Notes []string
	// Guests are the clients of the run that were not asked for and read
	// only other clients' files here (discover.Options.Guests): lint says
	// what concerns them alone as info, since nothing shows they are used.
	Guests []*Client
}

// View returns the view of a client id, or nil.
func (w *Workspace) View(id string) *Set {
	for _, v := range w.Views {
		if v.Client != nil && v.Client.ID == id {
			return v
		}
	}
	return nil
}
