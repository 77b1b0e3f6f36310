package validate

import "github.com/mcpconf/mcpconf/normalize"

// clientDropsRule reports servers a client drops by a rule of its own after
// it has read them (normalize.Gate.Dropped): pisces's exa filter and its one
// server per connection; Kilo Code CLI's project entry with a variable in
// its headers (FileSkip.HeaderVars), dropped before its files merge.
var clientDropsRule = &Rule{
	ID:       normalize.RuleClientDrops,
	Title:    "the client drops a server by a rule of its own",
	Severity: normalize.Warning,
	Clients:  "pisces, Kilo Code CLI",
	doc: "pisces (oh-my-pi 18.2.3) reads a server and then drops it without starting it:\n" +
		"a server named `exa` (any case), on `mcp.exa.ai` or with `mcp.exa.ai` in an\n" +
		"arg, since pisces has its own exa tools (unless the server is asked, with\n" +
		"`tools=` or `--tools`, for a tool other than `web_search_exa`); and a server\n" +
		"whose connection (command, args, env, cwd, or url and headers; auth) is the\n" +
		"same as that of a server it read before under another name: it starts one\n" +
		"server per connection. Nothing in its listing says so.\n\n" +
		"Kilo Code CLI (7.7.7) drops a server of a project file (`kilo.json`,\n" +
		"`opencode.json`, `.kilo/`) whose `headers` hold `{env:…}` or `{file:…}`, in a\n" +
		"name or a value (\"variable references are not allowed in project MCP\n" +
		"headers\"): the rest of the file loads, and a definition of the name in\n" +
		"another file (the user's) is used instead. Its listing does not show the\n" +
		"server at all.",
	Example: Example{File: ".pisces/mcp.json",
		Bad:  "{ \"mcpServers\": { \"exa\": { \"type\": \"http\", \"url\": \"https://mcp.exa.ai/mcp\" } } }\n",
		Good: "{ \"mcpServers\": { \"exa-fetch\": { \"type\": \"http\", \"url\": \"https://mcp.exa.ai/mcp?tools=web_fetch_exa\" } } }\n"},
	Check: checkClientDrops,
}

func checkClientDrops(p *Pass) {
	c := p.Set.Client
	if c == nil {
		return
	}
	for i := range p.Set.Entries {
		s := &p.Set.Entries[i].Server
		if s.Off == nil || !s.Off.Dropped || s.Off.Yields {
			continue
		}
		d := p.At(s, "", "%s drops server %q: %s", c.Product, s.Name, s.Off.Reason)
		d.Hint = s.Off.Hint
	}
	// dropped as its file is read, before the merge: another file's
	// definition of the name may be the one in use
	for i := range p.Set.Definitions {
		s := &p.Set.Definitions[i]
		if s.Off == nil || !s.Off.Dropped || !s.Off.Yields || !s.Off.Pos.IsValid() {
			continue
		}
		doc := p.Document(s.Off.Path)
		if doc == nil {
			continue
		}
		d := p.Report(doc, normalize.Range{Start: s.Off.Pos, End: s.Off.Pos}, "", "%s", s.Off.Reason)
		d.Hint = s.Off.Hint
	}
}
