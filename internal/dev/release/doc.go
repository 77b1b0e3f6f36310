// Package release holds the tests of what the release ships beside the Go
// binary: the npm packages that scripts/release/npm writes (installed
// offline from their tarballs and run through npx), the archives and
// checksums that scripts/release/archives writes, and the GitHub Action
// in action.yml (its steps run in a simulated Actions workspace). It has no
// code of its own; the tests skip where node, npm or python3 (to read
// YAML) are not installed.
package release
