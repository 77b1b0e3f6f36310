package normalize

// Status is what a client does with a server it has read.
type Status string

const (
	StatusEnabled   Status = "enabled"
	StatusDisabled  Status = "disabled"         // a switch of the entry or a list turns it off
	StatusPending   Status = "pending-approval" // Claude Code: a project server nobody approved yet
	StatusRejected  Status = "rejected"         // Claude Code: a project server listed in disabledMcpjsonServers
	StatusUntrusted Status = "untrusted"        // the project is not trusted, so the client ignores its files
	StatusBlocked   Status = "blocked"          // an allow-list or deny-list keeps it from starting
	StatusInvalid   Status = "invalid"          // the client rejects the entry or the whole file
	// StatusRefused: the client refuses its whole configuration (Codex on
	// a config it cannot load, Gemini CLI on settings that do not parse),
	// so no server of it starts, whatever file defines it.
	StatusRefused Status = "refused"
)

// GateKind says what kind of setting decided a server's status.
type GateKind int

const (
	ByField    GateKind = iota // a switch of the entry itself ("enabled": false)
	ByList                     // a list of names in a file (mcp.excluded, disabledServers)
	ByApproval                 // an approval setting (enabledMcpjsonServers)
	ByTrust                    // a trust setting (trust_level, trustedFolders.json)
	ByShape                    // the entry or file itself: the client cannot use it
	ByConfig                   // the whole configuration: the client refuses it
)

// Gate is why a client will not start a server, and what decided it.
type Gate struct {
	Status Status
	Kind   GateKind
	// Reason says it in words, with the position of the setting:
	// `"enabled" is false at .pisces/mcp.json:4:50`,
	// `listed in "mcp.excluded" at .gemini/settings.json:2:3`.
	Reason string
	Path   string // display path of the file that holds the setting
	Pos    Pos
	// InvalidWins: an entry the client rejects is reported invalid even
	// so (a lock whose client checks its entries apart: Lock.InvalidShown).
	InvalidWins bool
	// Yields: the definition does not hold its name, so a definition of
	// the same name from a lower scope is the one in use (a pending or
	// rejected Claude Code project server, an ignored untrusted layer).
	Yields bool
	// Hint says what to do for the client to start the server: the file
	// and key to edit, or the client's own prompt.
	Hint string
	// Unlisted: the client's own listing (claude mcp list) leaves the
	// server out without a word, rather than show its status.
	Unlisted bool
	// Admit is the entry (JSON) that, added to the allow-list at Path:Pos
	// (the list's key), lets the server through; "" for other gates.
	Admit string
	// Dropped: the client drops the server by a rule of its own after it
	// has read it (Gates.Filters, Layout.SameConnection), whatever file
	// defines it.
	Dropped bool
	// Listed: the client's own listing shows the server enabled; it
	// refuses the server only when it starts it (Codex on a name outside
	// its NamePattern).
	Listed bool
}

// FromList reports whether a list of names decided the gate.
func (g *Gate) FromList() bool { return g != nil && g.Kind == ByList }
