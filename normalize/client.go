package normalize

// Client is everything mcpconf knows about one MCP client: where it keeps
// its servers, how it reads them, which placeholders it expands, how it
// combines its files and what turns a server off. Each client is one value
// in one file (client_<id>.go); the rest of mcpconf reads these values and
// never compares a client's id with a literal.
//
// A few entries are not clients of their own but pisces providers
// (mcp-json: a bare mcp.json or .mcp.json at the project root, which pisces
// reads with its own rules). They have no view of their own (ProviderOnly).
//
// Besides its identity, a descriptor is grouped: where its files are and
// how it combines them (Layout), what keeps a server from loading
// (Gates), how it reads an entry (Shape), what it expands in values
// (Expansion), how it starts servers (Launch), and what the docs say
// (Docs). The groups are embedded, so their fields read as the client's
// own (c.Files, c.Trust, c.NoShell).
type Client struct {
	ID      string   // stable id, in output and for --client
	Aliases []string // other names users type for --client
	Product string   // product name for messages ("Claude Code")
	// Version is the client version the descriptor reflects: its facts
	// were read in that version's code or checked against it (explain
	// names it); "" when they come from documentation alone.
	Version string
	// Capabilities are what the client declares to servers at initialize.
	Capabilities Capabilities
	// Reader names, for messages about how this shape is read, the product
	// whose reading the rules describe when it is not Product (a bare
	// mcp.json is read the pisces way).
	Reader string
	// Label names every product that reads files of this shape ("pisces and
	// Claude Code" for a bare .mcp.json); default Product.
	Label string
	// CoReader is the id of another client that also reads this provider's
	// files with its own rules (Claude Code reads the .mcp.json that pisces
	// reads as mcp-json); rules about that client's reading apply too.
	CoReader string
	// ProviderOnly marks a pisces provider that is not a client users can
	// select.
	ProviderOnly bool

	Layout
	Gates
	Shape
	Expansion
	Launch
	Docs

	// ReservedNames are the server names the client keeps for its own
	// servers and skips when it loads a config, as users write them;
	// reserved says whether a name is one of them by the client's own
	// comparison, and which.
	ReservedNames []string
	reserved      func(name string) string
	decode        func(*decoder)
}

// Docs are the words and facts the docs and hints say about a client.
type Docs struct {
	// Note says in words how the client combines its files.
	Note string
	// AddHint says how to add servers where the client reads them, for
	// findings about servers in its Ignored files.
	AddHint string
	// DisableHint says how to turn a server off in a client without a
	// per-server switch.
	DisableHint string
	// Facts are what the docs say about the client, each with where it was
	// read or checked (docs/clients.md is generated from them).
	Facts []Fact
	// Unverified says why no fact of the client is checked against the
	// running client (read in its source only); the docs mark each fact
	// but "not modelled" UNVERIFIED with it. "": the facts say themselves.
	Unverified string
	// LoadPathFile names the client's loading path under
	// normalize/loadpath/ (LoadPath); "" when none was read from its code.
	LoadPathFile string
	// Coverage lists what is on the client's loading path, from process
	// start to its list of servers (every error raised, every setting
	// read), and whether a case or the harness's grammar reaches each
	// (docs/clients.md counts them).
	Coverage []Covered
}

// Covered is one error message or one setting on a client's loading path.
type Covered struct {
	// Message: an error the client raises (its words); else Key: a setting
	// it reads.
	Message, Key string
	// Source is the client's source file that raises or reads it.
	Source string
	// Modelled says whether mcpconf's view does what the client does.
	Modelled bool
	// By is what reaches it: testdata/clients cases, or the rule of the
	// harness's grammar (scripts/clientcheck/gen.py) that generates it;
	// "" when nothing does.
	By string
	// Why it is not modelled, or not reached.
	Why string
}

// CoverageCount counts the messages and the keys on the loading path, and
// those a case or the grammar reaches.
func (d Docs) CoverageCount() (msgReached, msgs, keyReached, keys int) {
	for _, c := range d.Coverage {
		reached := 0
		if c.By != "" {
			reached = 1
		}
		if c.Message != "" {
			msgs++
			msgReached += reached
		} else {
			keys++
			keyReached += reached
		}
	}
	return
}

// Fact is one thing mcpconf believes about a client, with its evidence.
type Fact struct {
	Topic  string // files, precedence, merge, placeholders, switches, shape
	Text   string // Markdown
	Source string // where it was read or checked
}

// ReaderName is the product whose reading of this shape messages
// describe.
func (c *Client) ReaderName() string {
	if c.Reader != "" {
		return c.Reader
	}
	return c.Product
}

// LabelName names every product that reads files of this shape.
func (c *Client) LabelName() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Product
}

// Views reports whether the client has a view of its own (it is not only
// a pisces provider).
func (c *Client) Views() bool { return !c.ProviderOnly }

// ReadsProviders reports a client that reads its providers' files as well
// as its own and merges them by priority (Merge ByPriority).
func (c *Client) ReadsProviders() bool { return c.Merge == ByPriority }

// Names are the id and the aliases.
func (c *Client) Names() []string { return append([]string{c.ID}, c.Aliases...) }
