package validate

// discoveryRules are reported while files are read (package discover);
// they are listed here so they have documentation, can be configured, and
// show up in `mcpconf rules`.
var discoveryRules = []*Rule{Syntax, Unreadable, DuplicateKey, WrongRootKey, Schema, LintConfig}
