package normalize

import (
	"fmt"
	"regexp"
	"strings"
)

// Refusal says what makes a client refuse its whole configuration, so that
// no server of it starts, whatever file defines it (StatusRefused), and in
// which words the client says so. The verbs of each message are listed
// with it; the client's own messages are kept as it prints them, one
// line.
type Refusal struct {
	// Header starts the client's message for what it finds while it loads
	// its files ("failed to load bootstrap configuration"); Late for what
	// it finds after (a profile, a legacy key: "failed to load
	// configuration").
	Header, Late string

	// ParseError is the message for a file that does not parse: %[1]s the
	// file, %[2]d the line, %[3]d the column, %[4]s what is wrong.
	// ProjectParseError is for a file of the project: a project file
	// refuses only once the client loads it (an untrusted project's files
	// are ignored, broken or not). A file the client reads a profile from
	// is loaded late (Late).
	ParseError, ProjectParseError string
	// Unreadable is the message for a file it cannot read at all (a
	// directory, a link it may not follow): %[1]s the file, %[2]s why.
	Unreadable string

	// HomeMissing and HomeNotDir: a variable that moves the base of one of
	// its files (Base.Vars) and names a directory that does not exist, or a
	// file (%[1]s the variable, %[2]s the path), makes the client refuse
	// before it reads anything.
	HomeMissing, HomeNotDir string

	// Entries: a server entry, as the layers merge it, that the client
	// cannot read. InvalidTransport is the message for an entry with
	// neither a command nor a URL; NotSupported for a field of the other
	// transport (%[1]s the field, %[2]s the transport as TransportNames
	// names it), checked in the order of StdioOnly (refused on a URL
	// server) and RemoteOnly (refused on a stdio server, "url" first).
	// In says where (%[1]s the message, %[2]s the dotted path of the
	// entry or value: "mcp_servers.x"). A value the client's schema
	// (Schema) rejects refuses too, in TypeError's words.
	// InvalidTransport "": the client skips an entry with neither (with
	// a warning: agent-code) rather than refuse its config.
	InvalidTransport, NotSupported, In string
	TransportNames                     map[Transport]string
	StdioOnly, RemoteOnly              []string
	// TypeError renders a value of the wrong type or outside its allowed
	// values as the client does, and the path it names (path is the
	// value's, array indices left out): want are the JSON types the schema
	// accepts, allowed its enum values; minimum is set when the value is
	// below the schema's minimum.
	TypeError func(path []string, v *Value, want, allowed []string, minimum bool) (string, []string)
	// EntryChecks are what the client checks in an entry, as the layers
	// merge it, once its types and its transport are right (Codex:
	// RawMcpServerConfig's conversion, then the OAuth settings), in the
	// client's order; the first that holds refuses the whole config.
	EntryChecks []EntryCheck
	// Entry, when set, is the client's own check of each server entry as
	// one file writes it (opencode validates every file against its schema
	// as it loads it, so a lower layer's bad entry refuses even when a
	// higher one replaces it): it returns the client's words for the first
	// thing wrong ("" when the entry is fine), the value they are about
	// and its path in the entry (nil: the entry itself). The first entry
	// rejected, in the order the client loads its files, refuses the whole
	// config; the merged entries are then not judged again (badEntries).
	Entry func(entry *Value) (msg string, at *Value, path []string)
	// File, when set, is the client's own check of a whole file it loads,
	// once parsed, before its entries (Cline: no byte order mark, an
	// object holding an object "mcpServers"), in the same terms as Entry
	// (at nil: the top of the file), path from the top of the file; a file
	// it rejects refuses the whole config.
	File func(doc *Document) (msg string, at *Value, path []string)
	// Typed, when set, says whether the client takes a merged entry as a
	// server; one it does not is a bare patch it leaves out (opencode: an
	// entry that is neither a valid local nor remote server but has a
	// boolean "enabled" reads as {"enabled": …} alone).
	Typed func(entry *Value) bool

	// Settings are keys outside the servers, read from the files the
	// client reads before the project's (user, system, a profile), whose
	// value the client checks as it decides whether the project is
	// trusted: a wrong value there refuses first, with the file's
	// position in the message ("%[1]s:%[2]d:%[3]d: %[4]s", FileAt).
	// Each is a path from the top of the file, "*" matching any key
	// ({"projects", "*", "trust_level"}).
	Settings [][]string
	FileAt   string

	// Legacy are keys the client no longer accepts in the files it reads
	// outside the project (it ignores them in project files, which
	// Stripped lists): set to a string, they make it refuse the config,
	// in Message's words (%[1]s the value).
	Legacy []LegacyKey
	// Stripped are top-level keys the client removes from project files
	// before it reads them (so a project cannot choose them), with
	// StrippedWarning its words (%[1]s the file, %[2]s the keys).
	Stripped        []string
	StrippedWarning string
}

// EntryCheck is one check of a server entry's fields: when Field (a path
// in the entry: {"oauth", "client_secret"}) is set and Cond holds, the
// client refuses its whole config with Message (said In the entry).
type EntryCheck struct {
	Field []string
	Cond  EntryCond
	// Other is the field Cond looks at besides Field (Requires,
	// RequiresValue); Value the value RequiresValue wants of it, which
	// AbsentOK lets Other leave out.
	Other    []string
	Value    string
	AbsentOK bool
	// Message is the client's words; Hint says what to do (%[1]s Field,
	// %[2]s Other, %[3]s Value, dotted).
	Message, Hint string
	// Source is where the check was read and seen.
	Source string
}

// EntryCond is what about a field makes the client refuse its config.
type EntryCond int

const (
	// Blank: Field is text of white space only.
	Blank EntryCond = iota + 1
	// Requires: Field is set and Other is not, or is blank.
	Requires
	// RequiresValue: Field is set and Other is not Value (absent, when
	// AbsentOK, passes).
	RequiresValue
)

// Holds reports whether the check refuses entry (a server's merged
// table), and the value of Field it is about.
func (c EntryCheck) Holds(entry *Value) (*Value, bool) {
	f := getPath(entry, c.Field)
	if f == nil {
		return nil, false
	}
	blank := func(v *Value) bool { return v == nil || v.Kind == String && strings.TrimSpace(v.Str) == "" }
	switch c.Cond {
	case Blank:
		return f, f.Kind == String && strings.TrimSpace(f.Str) == ""
	case Requires:
		return f, blank(getPath(entry, c.Other))
	case RequiresValue:
		o := getPath(entry, c.Other)
		if o == nil {
			return f, !c.AbsentOK
		}
		return f, o.Kind != String || o.Str != c.Value
	}
	return nil, false
}

// LegacyKey is a top-level key a client refuses (Codex's profile).
type LegacyKey struct {
	Key     string
	Message string // %[1]s the value
	// Hint says what to do instead (%[1]s the value, %[2]s the file that
	// would hold the profile, %[3]s how to select it in mcpconf).
	Hint string
}

// Say renders one message of the client's: the header and the cause, on
// one line.
func (r *Refusal) Say(late bool, cause string) string {
	h := r.Header
	if late {
		h = r.Late
	}
	return h + ": " + cause
}

// At says where in the client's words: "invalid transport in
// `mcp_servers.x`".
func (r *Refusal) At(msg string, path []string) string {
	return fmt.Sprintf(r.In, msg, strings.Join(path, "."))
}

// Profile is how a client layers a named profile over its user config when
// it is asked to (Codex's --profile NAME reads $CODEX_HOME/NAME.config.toml
// on top of config.toml). mcpconf's --profile NAME selects one for the
// clients that have profiles.
type Profile struct {
	// File is the profile's file; "<name>" in its path stands for the
	// name. It is read right above the user config.
	File File
	// Flag is how the client is told ("--profile").
	Flag string
	// NamePattern is what a name must match (a regular expression), and
	// BadName the client's message for one that does not (%[1]s the name):
	// the client then starts nothing.
	NamePattern string
	BadName     string
	// Tables is the key of the user config that held profiles before
	// ("profiles"), and Selector the key that chose one ("profile"):
	// Conflict is the client's message when the profile it is asked for
	// is still selected or held there (%[1]s the name, %[2]s the user
	// config, %[3]s the profile's file).
	Tables, Selector string
	Conflict         string
	// Missing says what the client does when the profile's file does not
	// exist, for explain.
	Missing string
}

// ValidName reports whether the client accepts name as a profile.
func (p *Profile) ValidName(name string) bool {
	re, err := regexp.Compile(p.NamePattern)
	return err == nil && re.MatchString(name)
}

// For is the profile's file for name.
func (p *Profile) For(name string) File {
	f := p.File
	f.Path = strings.ReplaceAll(f.Path, "<name>", name)
	return f
}

// Requirements is a file the machine's administrator writes that allows
// servers by name and identity (Codex's requirements.toml): when it holds
// the Key table, a server it does not list there with the same command (a
// stdio server) or URL (a remote one) under Identity is blocked, and every
// server when the table is empty. Reason is the client's word for it (%[1]s
// the file); a file that does not parse refuses the whole config, in
// ParseError's words (%[1]s the file, %[2]d the line, %[3]d the column,
// %[4]s what is wrong).
type Requirements struct {
	Files      []File
	Key        string
	Identity   string
	Reason     string
	ParseError string
}

// Describe says when the check refuses, for docs/clients.md.
func (c EntryCheck) Describe() string {
	f, o := "`"+strings.Join(c.Field, ".")+"`", "`"+strings.Join(c.Other, ".")+"`"
	switch c.Cond {
	case Blank:
		return f + " blank"
	case Requires:
		return f + " without " + o
	case RequiresValue:
		if c.AbsentOK {
			return fmt.Sprintf("%s with %s other than %q", f, o, c.Value)
		}
		return fmt.Sprintf("%s without %s = %q", f, o, c.Value)
	}
	return f
}

// getPath is the value at path under v, or nil.
func getPath(v *Value, path []string) *Value {
	for _, k := range path {
		v = v.Get(k)
	}
	return v
}
