package validate

import "strings"

// pkgNeed is what a stdio MCP server package needs from its environment
// to work: each group is one value, given by any one of its variables,
// unless a flag gives it on the command line. Only packages whose own
// source says so are listed (read 2026-11, see each source); a package
// that now starts without its token (github-mcp-server ≥ 1.5, Sentry ≥
// 0.31, firecrawl v3, exa v3) is left out.
type pkgNeed struct {
	pkg   string
	vars  [][]string
	flags []string // "--name": "--name VALUE" or "--name=VALUE" gives the value
}

var pkgNeeds = []pkgNeed{
	// modelcontextprotocol/servers d53d6cc7^ src/github/common/utils.ts:42
	// (only public reads work without it)
	{pkg: "@modelcontextprotocol/server-github", vars: [][]string{{"GITHUB_PERSONAL_ACCESS_TOKEN"}}},
	// src/gitlab/index.ts:58, exits without it
	{pkg: "@modelcontextprotocol/server-gitlab", vars: [][]string{{"GITLAB_PERSONAL_ACCESS_TOKEN"}}},
	// src/brave-search/index.ts:82, exits
	{pkg: "@modelcontextprotocol/server-brave-search", vars: [][]string{{"BRAVE_API_KEY"}}},
	// brave/brave-search-mcp-server 1.3.1 src/config.ts:14-49, exits
	{pkg: "@brave/brave-search-mcp-server", vars: [][]string{{"BRAVE_API_KEY"}}, flags: []string{"--brave-api-key"}},
	// src/slack/index.ts:384, exits without either
	{pkg: "@modelcontextprotocol/server-slack", vars: [][]string{{"SLACK_BOT_TOKEN"}, {"SLACK_TEAM_ID"}}},
	// src/google-maps/index.ts:136, exits
	{pkg: "@modelcontextprotocol/server-google-maps", vars: [][]string{{"GOOGLE_MAPS_API_KEY"}}},
	// src/everart/index.ts:27, exits
	{pkg: "@modelcontextprotocol/server-everart", vars: [][]string{{"EVERART_API_KEY"}}},
	// makenotion/notion-mcp-server 2.5.1 src/openapi-mcp-server/mcp/proxy.ts:249
	{pkg: "@notionhq/notion-mcp-server", vars: [][]string{{"NOTION_TOKEN", "OPENAPI_MCP_HEADERS"}}},
	// tavily-ai/tavily-mcp 0.2.19 src/index.ts:439, every call fails
	{pkg: "tavily-mcp", vars: [][]string{{"TAVILY_API_KEY"}}},
	// supabase-community/supabase-mcp 0.7.0 transports/stdio.ts:12-57, exits
	{pkg: "@supabase/mcp-server-supabase", vars: [][]string{{"SUPABASE_ACCESS_TOKEN"}}, flags: []string{"--access-token"}},
	// stripe/agent-toolkit 0.2.5 tools/modelcontextprotocol/src/index.ts:23-104, exits
	{pkg: "@stripe/mcp", vars: [][]string{{"STRIPE_SECRET_KEY"}}, flags: []string{"--api-key"}},
	// perplexityai/modelcontextprotocol 1.2.0 src/index.ts:6, exits
	{pkg: "@perplexity-ai/mcp-server", vars: [][]string{{"PERPLEXITY_API_KEY"}}},
	// ppl-ai/modelcontextprotocol 332deaf perplexity-ask/index.ts:121, exits
	{pkg: "server-perplexity-ask", vars: [][]string{{"PERPLEXITY_API_KEY"}}},
	// heroku/heroku-mcp-server 1.2.6 README and generate-request-init.ts:13
	{pkg: "@heroku/mcp-server", vars: [][]string{{"HEROKU_API_KEY"}}},
}

// needsOf returns what the package an exec line runs needs from its
// environment, and the index of the first argument the package gets.
func needsOf(e execLine) (*pkgNeed, int) {
	name, first, ok := runnerPackageOf(e)
	if !ok {
		name, first = runnerProg(e.command), 0
	}
	for i := range pkgNeeds {
		if pkgNeeds[i].pkg == name {
			return &pkgNeeds[i], first
		}
	}
	return nil, 0
}

// givenByFlag reports whether one of the package's flags is among args.
func (n *pkgNeed) givenByFlag(args []string) bool {
	for _, a := range args {
		for _, f := range n.flags {
			if a == f || strings.HasPrefix(a, f+"=") {
				return true
			}
		}
	}
	return false
}
