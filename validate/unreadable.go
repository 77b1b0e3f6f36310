package validate

import "github.com/mcpconf/mcpconf/normalize"

// unreadableRule is reported by discovery when a file exists but cannot be read.
var unreadableRule = &Rule{
	ID:       normalize.RuleUnreadable,
	Title:    "the file exists but cannot be read",
	Severity: normalize.Error,
	doc: `The file is a directory, a symbolic link loop or a link to a file that does
not exist, unreadable for permissions, or larger than mcpconf reads. The client
cannot read it either.`,
}
