package validate

import "github.com/mcpconf/mcpconf/normalize"

// lintConfigRule reports problems in .mcpconf.toml itself.
var lintConfigRule = &Rule{
	ID:       normalize.RuleLintConfig,
	Title:    "the linter's own config file has a problem",
	Severity: normalize.Error,
	doc: "`.mcpconf.toml` configures the linter: `disable` and `enable` (rule ids),\n" +
		"`[severity]` (rule id = \"error\" | \"warning\" | \"info\"), `[[ignore]]` entries with\n" +
		"`paths` (globs, `**` crosses directories), optional `rules` and a required `reason`,\n" +
		"and a `[policy]` with `allow_names`, `deny_names`, `allow_commands`, `deny_commands`,\n" +
		"`allow_urls`, `deny_urls` (globs) that the policy rule enforces.\n\n" +
		"Unknown keys, unknown rule ids, an ignore without a reason, and an ignore that\n" +
		"matches no finding are reported, so exceptions cannot rot silently.\n\n" +
		"```toml\ndisable = [\"deprecated-sse\"]\nenable = [\"unpinned-package\"]\n\n[severity]\nshadowed = \"info\"\n\n" +
		"[[ignore]]\npaths = [\"testdata/**\"]\nrules = [\"hardcoded-secret\"]\nreason = \"fixtures hold fake tokens on purpose\"\n\n" +
		"[policy]\ndeny_urls = [\"http://*\"]\nallow_commands = [\"npx\", \"uvx\", \"docker\"]\n```",
}
