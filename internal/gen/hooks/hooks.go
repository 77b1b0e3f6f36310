// Package hooks generates .pre-commit-hooks.yaml from the client
// descriptors. It is apart from package gen, whose synthetic trees the
// benchmarks of discover use: this one imports discover.
package hooks

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/validate"
)

// PreCommitHooks is .pre-commit-hooks.yaml, whose files: pattern is made
// from the client descriptors: every project file a client reads (its
// servers, or the settings its gates read: discover.ProjectFiles) and the
// linter config, at the root of the repository or in any directory. The
// hook is serial: lint must see all the changed files in one run, since a
// settings file or the linter config makes it lint the whole project and
// a finding may span two files; it checks the projects in parallel itself.
// The test of cmd/mcpconf fails when the committed file differs, and with
// -update rewrites it.
func PreCommitHooks() []byte {
	var b strings.Builder
	b.WriteString(`# pre-commit hooks for mcpconf: https://pre-commit.com
# Generated from the client descriptors by internal/gen/hooks:
# go test ./cmd/mcpconf -run TestPreCommitHooksFile -update rewrites it.
#
# Use in .pre-commit-config.yaml, rev: a full commit SHA (or a release tag,
# once there is one; pre-commit autoupdate --freeze writes the newest SHA):
#   - repo: https://github.com/mcpconf/mcpconf
#     rev: <commit SHA>
#     hooks:
#       - id: mcpconf-lint
- id: mcpconf-lint
  name: mcpconf lint
  description: Lint the MCP server configs of every client mcpconf knows, offline (mcpconf --help lists them).
  entry: mcpconf lint
  language: golang
  pass_filenames: true
  # one run sees every file: a settings file makes lint check its whole
  # project, which runs in parallel would print again (mcpconf checks the
  # projects in parallel itself)
  require_serial: true
  files: >-
    (?x)(^|/)(
`)
	var paths []string
	for _, f := range discover.ProjectFiles() {
		paths = append(paths, f.Path)
	}
	paths = append(paths, validate.ConfigFile)
	for i, p := range paths {
		sep := "|"
		if i == len(paths)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "      %s%s\n", regexp.QuoteMeta(p), sep)
	}
	b.WriteString("    )$\n")
	return []byte(b.String())
}
