// Package gen writes synthetic config trees for benchmarks: every
// provider's files, project and user scope, with realistic entries and a
// share of names defined in several places (so merging has work to do),
// or a monorepo of every client's project files.
//
// Which files there are and how each is written come from the client
// descriptors (package normalize): a file's place is its File (base and
// path), its syntax the File's Format, and each entry is written the way
// its client reads one: under the client's ServersKey (or the File's
// ServersPath), a field under the key the client writes it under
// (Shape.FieldKeys: opencode's "environment"), the command and its
// arguments as one array where the client takes them so (CommandArray),
// a "type" literal from the client's own (TypeFor), and only the fields
// the client knows (a client without "url" gets no remote entries, one
// without "headers" no headers).
package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// target is one file of one client, read in that client's shape.
type target struct {
	c *normalize.Client
	f normalize.File
}

// Written is what a generator wrote.
type Written struct {
	Files       int
	Definitions int // server entries, in all files
	Names       int // distinct server names among them
	// Roots is how many project roots Monorepo spread the files over
	// (packages/pkg-N, one file of each client there): what lint -r
	// checks one at a time.
	Roots int
}

// treeTargets are one project file and one user file per row of the
// providers table (normalize.Providers: pisces reads every one of them),
// each of the row's client: the first of each scope the row lists that
// exists on goos and holds the servers at a place of its own (not a
// project's Section of a shared file).
func treeTargets(goos string) []target {
	var out []target
	for _, p := range normalize.Providers() {
		for _, scope := range []normalize.Scope{normalize.Project, normalize.User} {
			if f, ok := first(p.Files, scope, goos); ok {
				out = append(out, target{p.Client, f})
			}
		}
	}
	return out
}

// monorepoTargets are the first project file of every client that has
// one among its own files (normalize.Clients, Layout.Files), in table
// order; a file an earlier client reads too (Copilot CLI's .mcp.json,
// Claude Code's) is written once, by the first.
func monorepoTargets(goos string) []target {
	var out []target
	for _, c := range normalize.Clients() {
		if f, ok := first(c.Files, normalize.Project, goos); ok && !slices.ContainsFunc(out, func(t target) bool { return t.f.Base == f.Base && t.f.Path == f.Path }) {
			out = append(out, target{c, f})
		}
	}
	return out
}

func first(files []normalize.File, scope normalize.Scope, goos string) (normalize.File, bool) {
	for _, f := range files {
		if f.Scope == scope && !f.NotTarget && f.ForOS(goos) && f.Section == "" && f.Extension == nil && !f.Base.MachineRoot() {
			return f, true
		}
	}
	return normalize.File{}, false
}

// path is where f is under root (the project) and home, with no
// variable set that moves a base (discovery's reading without an
// environment): a base's Default under the home, or that of the base it
// falls back to.
func path(f normalize.File, root, home, goos string) string {
	if f.Base.ProjectRoot() {
		return filepath.Join(root, filepath.FromSlash(f.Path))
	}
	b := f.Base.For(goos)
	for b.Else != nil {
		b = b.Else.For(goos)
	}
	return filepath.Join(home, filepath.FromSlash(b.Default), filepath.FromSlash(f.Path))
}

// Tree writes n servers spread over every provider's project and user
// files (treeTargets) under root and home, for the system mcpconf runs
// on. One name in five is defined in two files. It says what it wrote.
func Tree(root, home string, n int) (Written, error) {
	targets := treeTargets(runtime.GOOS)
	per := make([][]int, len(targets))
	for i := range n {
		per[i%len(targets)] = append(per[i%len(targets)], i)
	}
	w := Written{Files: len(targets), Definitions: n}
	for ti, t := range targets {
		names := make([]string, 0, len(per[ti]))
		for _, i := range per[ti] {
			if i%5 == 0 && i > 0 {
				i-- // the same name as in the previous file: shadowing
			} else {
				w.Names++
			}
			names = append(names, "server-"+letters(i))
		}
		if err := write(path(t.f, root, home, runtime.GOOS), render(t.c, t.f, names)); err != nil {
			return Written{}, err
		}
	}
	return w, nil
}

// Monorepo writes files config files of perFile servers each, spread over
// packages/pkg-N directories, cycling through the clients' project files
// (monorepoTargets), each in its client's shape.
func Monorepo(dir string, files, perFile int) (Written, error) {
	project := monorepoTargets(runtime.GOOS)
	for f := range files {
		t := project[f%len(project)]
		pkg := filepath.Join(dir, "packages", fmt.Sprintf("pkg-%04d", f/len(project)))
		names := make([]string, perFile)
		for i := range names {
			names[i] = "svc-" + letters(f) + "-" + letters(i)
		}
		if err := write(path(t.f, pkg, "", runtime.GOOS), render(t.c, t.f, names)); err != nil {
			return Written{}, err
		}
	}
	roots := (files + len(project) - 1) / len(project)
	return Written{Files: files, Definitions: files * perFile, Names: files * perFile, Roots: roots}, nil
}

// RootFiles is how many files Monorepo writes in each root: one per
// client with a project file on this system.
func RootFiles() int { return len(monorepoTargets(runtime.GOOS)) }

// Minified writes dir/.mcp.json holding servers servers on one line, as
// a minifier or a tool that writes compact JSON leaves it. Three servers
// in four have a finding, so a linter has findings all along one long
// line: npx without -y (a warning), a literal bearer token in a header (an
// error whose snippet must be masked) and a plain http URL to a remote
// host (a warning); the fourth is clean.
func Minified(dir string, servers int) error {
	var b strings.Builder
	b.WriteString(`{"mcpServers":{`)
	for i := range servers {
		if i > 0 {
			b.WriteByte(',')
		}
		n := "svc-" + letters(i)
		fmt.Fprintf(&b, "%q:", n)
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `{"command":"npx","args":["@example/%s@1.2.3"],"env":{"LOG_LEVEL":"info"}}`, n)
		case 1: // a fake token of the generic shape, different per server
			fmt.Fprintf(&b, `{"type":"http","url":"https://%s.example.com/mcp","headers":{"Authorization":"Bearer f4ke%08dT0ken%s"}}`, n, i, letters(i))
		case 2:
			fmt.Fprintf(&b, `{"type":"http","url":"http://%s.example.com/mcp","headers":{"X-Team":"core"}}`, n)
		default:
			fmt.Fprintf(&b, `{"command":"npx","args":["-y","@example/%s@1.2.3","--port","%d"]}`, n, 3000+i%1000)
		}
	}
	b.WriteString("}}\n")
	return write(filepath.Join(dir, ".mcp.json"), []byte(b.String()))
}

// letters spells n in base 26 (a, b, …, z, ba, bb, …): names that stay
// distinct after clients turn digits into underscores.
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}

func write(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// field is one key of an entry with its value: a string, a []string or
// a []field (an object).
type field struct {
	key string
	val any
}

// entry is server i named name as client c writes it. Every third server
// is remote where the client has remote servers ("url"): streamable HTTP,
// or SSE for a client that speaks nothing else to a url (URLMeansSSE),
// whose endpoint then ends in /sse; never for a client that speaks
// neither MCP transport to a url (RemoteProtocol: agent-code), where lint
// warns on every url. The others start npx with a pinned package and an
// environment.
func entry(c *normalize.Client, name string, i int) []field {
	var out []field
	add := func(canonical string, val any) {
		if k := c.FieldKey(canonical); c.Knows(k) {
			out = append(out, field{k, val})
		}
	}
	if i%3 == 2 && c.Knows(c.FieldKey("url")) && c.RemoteProtocol == "" {
		t, endpoint := normalize.HTTP, "mcp"
		if c.URLMeansSSE {
			t, endpoint = normalize.SSE, "sse"
		}
		if lit := c.TypeFor(t); lit != "" {
			add("type", lit)
		}
		if k := c.URLKeys[t]; k != "" && c.Knows(k) {
			out = append(out, field{k, fmt.Sprintf("https://%s.example.com/%s", name, endpoint)}) // Qwen Code's httpUrl
		} else {
			add("url", fmt.Sprintf("https://%s.example.com/%s", name, endpoint))
		}
		add("headers", []field{{"X-Team", "core"}})
		return out
	}
	if lit := c.TypeFor(normalize.Stdio); lit != "" && c.TypeRequired {
		add("type", lit)
	}
	args := []string{"-y", "@example/" + name + "@1.2.3", "--port", fmt.Sprint(3000 + i)}
	if c.CommandArray {
		add("command", append([]string{"npx"}, args...))
	} else {
		add("command", "npx")
		add("args", args)
	}
	add("env", []field{{"LOG_LEVEL", "info"}})
	return out
}

// render writes the servers names in file f of client c: in the file's
// syntax, under the file's ServersPath or the client's ServersKey.
func render(c *normalize.Client, f normalize.File, names []string) []byte {
	at := f.ServersPath
	if at == nil {
		at = []string{c.ServersKey}
	}
	var b strings.Builder
	if f.Format == normalize.TOML {
		b.WriteString("# generated\n")
		for i, n := range names {
			fmt.Fprintf(&b, "\n[%s.%s]\n", strings.Join(tomlKeys(at), "."), tomlKey(n))
			for _, fl := range entry(c, n, i) {
				fmt.Fprintf(&b, "%s = %s\n", tomlKey(fl.key), tomlValue(fl.val))
			}
		}
		return []byte(b.String())
	}
	if f.Format != normalize.JSON { // JSONC, JSON with comments
		b.WriteString("// generated\n")
	}
	b.WriteString("{\n")
	indent := "  "
	for _, k := range at {
		fmt.Fprintf(&b, "%s%q: {\n", indent, k)
		indent += "  "
	}
	for i, n := range names {
		sep := ","
		if i == len(names)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s%q: %s%s\n", indent, n, jsonValue(entry(c, n, i)), sep)
	}
	for range at {
		indent = indent[2:]
		fmt.Fprintf(&b, "%s}\n", indent)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func jsonValue(v any) string {
	switch v := v.(type) {
	case []string:
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = fmt.Sprintf("%q", s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case []field:
		q := make([]string, len(v))
		for i, f := range v {
			q[i] = fmt.Sprintf("%q: %s", f.key, jsonValue(f.val))
		}
		return "{ " + strings.Join(q, ", ") + " }"
	}
	return fmt.Sprintf("%q", v)
}

func tomlValue(v any) string {
	switch v := v.(type) {
	case []string:
		return jsonValue(v)
	case []field:
		q := make([]string, len(v))
		for i, f := range v {
			q[i] = tomlKey(f.key) + " = " + tomlValue(f.val)
		}
		return "{ " + strings.Join(q, ", ") + " }"
	}
	return fmt.Sprintf("%q", v)
}

// tomlKey is k as a TOML key: bare when it can be (letters, digits, "_"
// and "-"), else quoted.
func tomlKey(k string) string {
	bare := k != ""
	for _, r := range k {
		bare = bare && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	}
	if bare {
		return k
	}
	return fmt.Sprintf("%q", k)
}

func tomlKeys(ks []string) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = tomlKey(k)
	}
	return out
}
