package discover

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/schemas"
)

// entrySchemaInvalid says why a client that checks each entry on its own
// against its schema (Shape.EntrySchema: x-code's strict zod schema) skips
// the entry, at the value that breaks it; "" when the entry passes.
func entrySchemaInvalid(c *normalize.Client, s *normalize.Server) (why, hint string, at normalize.Pos) {
	if !c.EntrySchema || c.Schema == "" || s.Node == nil {
		return "", "", at
	}
	vs, err := schemas.Violations(c.Schema, map[string]any{c.ServersKey: map[string]any{s.Name: s.Node.Interface()}})
	if err != nil || len(vs) == 0 {
		return "", "", at
	}
	prefix := "/" + pointerToken(c.ServersKey) + "/" + pointerToken(s.Name)
	i := slices.IndexFunc(vs, func(v schemas.Violation) bool { return v.Pointer == prefix || strings.HasPrefix(v.Pointer, prefix+"/") })
	if i < 0 {
		// the name itself breaks the schema (too long, a control character)
		return fmt.Sprintf("%q: the server name must be 1-128 characters without control characters: %s skips the entry (%s:%s)", s.Name, c.Product, s.Source.Path, s.Source.Pos),
			"rename the server", s.Source.Pos
	}
	v := vs[i]
	at = s.Source.Pos
	want := s.Node.Pointer + strings.TrimPrefix(v.Pointer, prefix)
	s.Node.Walk(func(x *normalize.Value) bool {
		if x.Pointer == want {
			at = x.Range.Start
			return false
		}
		return true
	})
	hint = "fix the entry as " + c.Product + "'s schema says (mcpconf schema " + c.Schema + ")"
	msg := v.Message
	if v.Keyword == "pattern" && strings.HasSuffix(v.Pointer, "/url") {
		// x-code checks the URL as written, before it expands placeholders
		msg = `"url" is not an http or https URL as written (placeholders are expanded only after this check)`
		hint = "write a URL with the scheme http or https, a placeholder only inside it (\"https://${HOST}/mcp\")"
	}
	if v.Keyword == "additionalProperties" || v.Keyword == "false" {
		key := v.Pointer[strings.LastIndexByte(v.Pointer, '/')+1:]
		hint = fmt.Sprintf("remove %q (%s reads only %s)", strings.NewReplacer("~1", "/", "~0", "~").Replace(key), c.Product, normalize.Quoted(c.Fields))
	}
	return fmt.Sprintf("%q: %s: %s skips the entry (%s:%s)", s.Name, msg, c.Product, s.Source.Path, at), hint, at
}

// pointerToken escapes a key for a JSON pointer (RFC 6901).
func pointerToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// failsListed marks each server a client lists as failed rather than
// configured, for what its definition says (Launch.FailsListed: x-code):
// an env key it refuses (Launch.UnsafeEnv), a variable not set that its
// Unset rule says fails the server. The name stays the server's.
func (v *viewer) failsListed(set *normalize.Set) {
	c := v.c
	if !c.FailsListed {
		return
	}
	lookup := set.Lookup(func(name string) (string, bool) {
		val := v.o.getenv(name)
		return val, val != ""
	})
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if !s.Enabled {
			continue
		}
		// as x-code's connectOneServer: placeholders are expanded first,
		// then the env keys checked
		why, hint, at := unsetFails(c, s, lookup)
		if why == "" {
			why, hint, at = unsafeEnv(c, s)
		}
		if why != "" {
			s.TurnOff(normalize.Gate{Status: normalize.StatusInvalid, Kind: normalize.ByShape, Reason: why, Hint: hint, Path: s.Source.Path, Pos: at})
		}
	}
}

// unsafeEnv says why a client refuses to start a stdio server for an env
// key of Launch.UnsafeEnv (compared without case).
func unsafeEnv(c *normalize.Client, s *normalize.Server) (why, hint string, at normalize.Pos) {
	if len(c.UnsafeEnv) == 0 || s.Node == nil {
		return "", "", at
	}
	env := s.Node.Member(c.FieldKey("env"))
	if env == nil || env.Value.Kind != normalize.Object {
		return "", "", at
	}
	for _, m := range env.Value.Members {
		if slices.Contains(c.UnsafeEnv, strings.ToUpper(m.Key)) {
			at = m.KeyRange.Start
			return fmt.Sprintf("%q: env key %q is a runtime code-loading hook %s refuses: the server fails to start (%s:%s)", s.Name, m.Key, c.Product, s.Source.Path, at),
				fmt.Sprintf("remove %q from \"env\" (export it in the shell that starts %s if it is really needed)", m.Key, c.Product), at
		}
	}
	return "", "", at
}

// unsetFails says why a client does not start a server whose value needs
// a variable that is not set (or is empty, UnsetRule.EmptyToo) where its
// Unset rule says the server fails, in the client's own words.
func unsetFails(c *normalize.Client, s *normalize.Server, lookup func(string) (string, bool)) (why, hint string, at normalize.Pos) {
	if s.Node == nil || len(c.ExpandFields) > 0 {
		return "", "", at
	}
	rule := c.UnsetIn("")
	if rule.Does != normalize.UnsetFails {
		return "", "", at
	}
	var name string
	s.Node.Walk(func(x *normalize.Value) bool {
		if name != "" {
			return false
		}
		if x.Kind != normalize.String {
			return true
		}
		for _, ph := range resolve.Scan(x.Str) {
			if ph.Syntax != resolve.Dollar || ph.HasDefault || !c.Expands(normalize.Dollar) {
				continue
			}
			if val, ok := lookup(ph.Name); !ok || val == "" && rule.EmptyToo {
				name, at = ph.Name, x.Range.Start
				return false
			}
		}
		return true
	})
	if name == "" {
		return "", "", at
	}
	return fmt.Sprintf("%q: %s does not start it: %q (%s:%s)", s.Name, c.Product, fmt.Sprintf(rule.Message, name, s.Name), s.Source.Path, at),
		fmt.Sprintf("set %s in the environment %s starts in, or give the placeholder a default after \":-\"", name, c.Product), at
}

// trustList follows a client that lists its trusted directories
// (normalize.TrustList: x-code's trust.ts isProjectTrusted): the start
// directory is trusted when an entry's path resolves to it exactly
// (path.resolve: relative to the start directory, "." and ".." and
// trailing slashes normalised, links not resolved; without case on
// Windows); a file that does not parse or holds another shape trusts
// nothing.
func (o *Options) trustList(c *normalize.Client, res *trustResult, display string, doc *normalize.Document) {
	tr := c.Trust
	list := tr.Path[0]
	if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object {
		res.reason = fmt.Sprintf("%s does not list %q", display, o.Root)
		if doc != nil {
			res.reason = fmt.Sprintf("%s cannot be read, so it trusts nothing", display)
		}
		return
	}
	m := doc.Root.Member(list)
	if m == nil || m.Value.Kind != normalize.Array {
		res.reason = fmt.Sprintf("%s has no %q list, so it trusts nothing", display, list)
		return
	}
	want := filepath.Clean(o.Root)
	for _, it := range m.Value.Items {
		if it.Kind != normalize.Object {
			continue
		}
		p := it.Member(tr.Value)
		if p == nil || p.Value.Kind != normalize.String || p.Value.Str == "" {
			continue
		}
		got := absFrom(o.Root, filepath.FromSlash(p.Value.Str))
		if got == want || o.goos() == "windows" && strings.EqualFold(got, want) {
			res.all, res.pos = true, p.Value.Range.Start
			res.reason = fmt.Sprintf("%q is listed at %s:%s", p.Value.Str, display, p.Value.Range.Start)
			return
		}
	}
	res.reason = fmt.Sprintf("%s does not list %q", display, o.Root)
}

// strictStdioFields and strictRemoteFields are the transport fields: those a client that checks entries strictly
// (Shape.EntrySchema) refuses on the other transport.
var (
	strictStdioFields  = []string{"args", "env", "cwd"}
	strictRemoteFields = []string{"headers"}
)

// strictTransport says why a client that checks each entry strictly
// (Shape.EntrySchema: x-code's superRefine) rejects an entry for how its
// transport fields combine: both "command" and a URL, a "type" that does
// not match the field present, a field of the other transport.
func strictTransport(c *normalize.Client, s *normalize.Server, has func(string) bool, hasURL bool) (why, hint string) {
	if !c.EntrySchema {
		return "", ""
	}
	hasCommand := has("command")
	switch {
	case hasCommand && hasURL:
		return fmt.Sprintf("%q has both \"command\" and \"url\": %s rejects the entry", s.Name, c.Product), `keep "command" for a local server or "url" for a remote one`
	case s.TransportExplicit && s.Transport == normalize.Stdio && !hasCommand:
		return fmt.Sprintf("%q has \"type\": %q without \"command\": %s rejects the entry", s.Name, s.Type, c.Product), fmt.Sprintf(`write "type": %q with "url", or add "command"`, c.TypeFor(normalize.HTTP))
	case s.TransportExplicit && s.Transport != normalize.Stdio && s.Transport != normalize.NoTransport && !hasURL:
		return fmt.Sprintf("%q has \"type\": %q without \"url\": %s rejects the entry", s.Name, s.Type, c.Product), fmt.Sprintf(`write "type": %q with "command", or add "url"`, c.TypeFor(normalize.Stdio))
	}
	other := strictRemoteFields
	if hasURL {
		other = strictStdioFields
	}
	if !hasCommand && !hasURL {
		return "", ""
	}
	for _, k := range other {
		if has(c.FieldKey(k)) {
			kind := "remote"
			if hasURL {
				kind = "stdio"
			}
			return fmt.Sprintf("%q has %q, which only %s servers take: %s rejects the entry", s.Name, k, kind, c.Product), fmt.Sprintf("remove %q", k)
		}
	}
	return "", ""
}
