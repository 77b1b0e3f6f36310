package view

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
)

// Resolution is a resolved server as output shows it.
type Resolution struct {
	Client  secret.Safe
	Product secret.Safe
	Name    secret.Safe
	Status  secret.Safe
	Started bool
	Source  Origin
	Fields  []ResolvedField
	// Unresolved names every reference that did not resolve and every key
	// that will not be sent.
	Unresolved []Finding
	// Refused says why the client does not start the server: a variable
	// it needs is not set (Status "failed"), or its gate's reason.
	Refused secret.Safe
}

// ResolvedField is one value as written and as the client would use it.
type ResolvedField struct {
	Field secret.Safe // command, args, env, url, headers, cwd, envFile
	Key   secret.Safe // the env variable or header name; the index for args
	Label secret.Safe // "env GITHUB_TOKEN", "args[1]", "url"
	// Raw is the value as written, shown as plain explain shows it; Value
	// as used, shown no clearer: what came from outside the file masked,
	// and masked the way Raw is.
	Raw, Value secret.Safe
	// Same: the value as used is the value as written.
	Same bool
	// Origins say where each piece came from, secrets by their origin
	// and a keyed fingerprint.
	Origins []secret.Safe
	// Secret: the value as used is not shown in full.
	Secret   bool
	Dropped  bool // the client does not send it
	Problems []secret.Safe
	Path     secret.Safe
	Pos      Pos
}

// NewResolutions makes resolved servers Safe. Every resolved value that
// came from outside the files (variables, commands, inputs, files) and
// every literal secret written in them is learned first, so none shows in
// any field or message of the run.
func NewResolutions(b *secret.Boundary, servers []run.ResolvedServer) []Resolution {
	for _, rs := range servers {
		learnServer(b, rs.Server)
		LearnResolved(b, rs.Resolved)
	}
	var out []Resolution
	b.Settle(func() {
		out = make([]Resolution, 0, len(servers))
		for _, rs := range servers {
			out = append(out, resolution(b, rs))
		}
	})
	return out
}

// LearnResolved teaches the boundary the values of a resolved server that
// came from outside its file — each whole value and each piece from a
// variable, a command, an input or a file — and what the scanner sees in
// the text of its commands. A value that is a path or a URL is learned
// only under a secret-looking key: $HOME is no secret, and masking it
// would hide every path of the run (a URL's credentials are masked
// wherever they appear anyway).
func LearnResolved(b *secret.Boundary, r resolve.Resolved) {
	learn := func(key, v string) {
		if v != "" && (!secret.LooksLikePath(v) || secret.IsSecretKey(key)) {
			b.Learn(v)
		}
	}
	for _, f := range r.Fields {
		if !f.External {
			for _, p := range f.Pieces {
				if p.Kind == resolve.FromSetting {
					b.LearnValue(p.Name, f.Value[p.Start:p.End]) // a config value
				}
			}
			continue
		}
		learn(f.Key, f.Value)
		for _, p := range f.Pieces {
			switch p.Kind {
			case resolve.FromVariable, resolve.FromInput, resolve.FromFile:
				learn(p.Name, f.Value[p.Start:p.End])
			case resolve.FromSetting:
				b.LearnValue(p.Name, f.Value[p.Start:p.End]) // a config value
			case resolve.FromCommand:
				b.Learn(f.Value[p.Start:p.End]) // a command's output is a secret
				b.LearnText(p.Name)             // its text: what MaskCommand hides in it
			}
		}
	}
}

func resolution(b *secret.Boundary, rs run.ResolvedServer) Resolution {
	s := rs.Server
	v := server(b, s, false)
	r := Resolution{Client: b.Own(rs.Client.ID), Product: b.Own(rs.Client.Product), Name: v.Name,
		Status: v.Status, Started: v.Started, Source: v.Source, Unresolved: findings(b, rs.Resolved.Diagnostics)}
	switch {
	case rs.Resolved.Refused != "" && v.Started:
		r.Started, r.Status, r.Refused = false, b.Own("failed"), b.Message(rs.Resolved.Refused)
	case !v.Started && s.Off != nil:
		// why the client does not start it: its gate (a name outside
		// Codex's pattern, a list, an approval)
		r.Refused = b.Message(s.Off.Reason)
	}
	// args are masked as a list: a flag says what the next one holds
	file := s.Source.Client // the descriptor the file was resolved by
	rawArgs := secret.MaskArgs(s.Args)
	usedArgs := make([]string, len(rs.Resolved.Server.Args))
	for i, f := range argFields(rs.Resolved.Fields) {
		if i < len(usedArgs) {
			usedArgs[i] = withoutExternal(f)
		}
	}
	usedArgs = secret.MaskArgs(usedArgs)
	for _, f := range rs.Resolved.Fields {
		idx := -1
		if f.Field == "args" {
			idx, _ = strconv.Atoi(f.Key)
		}
		raw := rawShown(b, f, rawArgs, idx)
		used := usedShown(f, usedArgs, idx)
		rf := ResolvedField{Field: b.Text(f.Field), Key: b.Text(f.Key), Label: b.Text(fieldLabel(f)), Raw: raw,
			Value: b.Text(used), Dropped: f.Dropped, Problems: each(f.Problems, b.Message), Path: b.Path(f.Path), Pos: pos(f.Pos)}
		if f.Dropped {
			rf.Value = secret.Safe{}
		}
		rf.Secret = used != f.Value && !f.Dropped
		rf.Same = rf.Value.String() == raw.String() && len(f.Problems) == 0 && !f.Dropped
		rf.Origins = append(origins(b, f, rf.Secret && !foreignOnly(file, f)), foreign(b, file, f)...)
		r.Fields = append(r.Fields, rf)
	}
	return r
}

// foreign notes the placeholders left in a value that the client does not
// expand: `${env:TOKEN}: a placeholder Claude Code does not expand; the
// server gets it as written`.
func foreign(b *secret.Boundary, c *normalize.Client, f resolve.Field) []secret.Safe {
	if c == nil || f.Dropped {
		return nil
	}
	own := c.PlaceholdersOn(runtime.GOOS)
	var out []secret.Safe
	for _, p := range resolve.Scan(f.Value) {
		if !slices.Contains(own, p.Syntax) {
			out = append(out, b.Text(fmt.Sprintf("%s: a placeholder %s does not expand; the server gets it as written", p.Text, c.Product)))
		}
	}
	return out
}

// foreignOnly reports a value whose only literal text beyond punctuation
// and a scheme word is foreign placeholders: it is not a literal secret.
func foreignOnly(c *normalize.Client, f resolve.Field) bool {
	return c != nil && len(resolve.Scan(f.Value)) > 0 && len(f.Pieces) == 0
}

func argFields(fields []resolve.Field) []resolve.Field {
	var out []resolve.Field
	for _, f := range fields {
		if f.Field == "args" {
			out = append(out, f)
		}
	}
	return out
}

// rawShown is a value as written, as plain explain shows it.
func rawShown(b *secret.Boundary, f resolve.Field, rawArgs []string, i int) secret.Safe {
	switch f.Field {
	case "env", "headers":
		if f.Raw == f.Key && f.Value != f.Raw {
			return b.Text(f.Raw) // a variable read by name (Codex env_vars, pisces bare names)
		}
		return b.Value(f.Key, f.Raw)
	case "args":
		if i >= 0 && i < len(rawArgs) {
			return b.Text(rawArgs[i])
		}
	case "url":
		return b.URL(f.Raw)
	}
	return b.Text(f.Raw)
}

// withoutExternal is the value as used with every piece that came from
// outside the file (a variable, a command, an input, a file) masked; the
// editor's variables (the project folder) and defaults written in the
// file stay.
func withoutExternal(f resolve.Field) string {
	var s strings.Builder
	last := 0
	for _, p := range f.Pieces {
		if p.Kind == resolve.FromEditor || p.Kind == resolve.FromDefault || p.End <= p.Start {
			continue
		}
		s.WriteString(f.Value[last:p.Start])
		if p.Kind == resolve.FromSetting {
			// a value of a settings file: shown as that file's value is
			s.WriteString(secret.MaskValue(p.Name, f.Value[p.Start:p.End]))
		} else {
			s.WriteString(secret.Masked)
		}
		last = p.End
	}
	s.WriteString(f.Value[last:])
	return s.String()
}

// usedShown is the value as used, shown no clearer than as written: the
// pieces from outside the file masked, then the rest masked the way the
// field is masked as written (every literal of an env or header value,
// the value of a secret flag, the credentials of a URL, and whatever the
// scanner sees).
func usedShown(f resolve.Field, usedArgs []string, i int) string {
	v := withoutExternal(f)
	switch f.Field {
	case "env", "headers":
		if f.Raw == f.Key && f.Value != f.Raw {
			return secret.Masked // a variable read by name: all of it from outside
		}
		return secret.MaskValue(f.Key, v)
	case "args":
		if i >= 0 && i < len(usedArgs) {
			return usedArgs[i]
		}
	case "url":
		return secret.MaskURL(v)
	}
	return secret.Mask(v)
}

// fieldLabel names a value in the table: "env GITHUB_TOKEN", "args[1]".
func fieldLabel(f resolve.Field) string {
	switch f.Field {
	case "env":
		return "env " + f.Key
	case "headers":
		return "header " + f.Key
	case "args":
		return "args[" + f.Key + "]"
	}
	return f.Field
}

// origins says where each piece of the value came from, without the
// value: `${GITHUB_TOKEN}: from $GITHUB_TOKEN (set, 40 chars,
// hmac:3f2a91c0…)`, `${API:-…}: the default, $API is unset`.
func origins(b *secret.Boundary, f resolve.Field, masked bool) []secret.Safe {
	var out []secret.Safe
	for _, p := range f.Pieces {
		v := f.Value[p.Start:p.End]
		switch p.Kind {
		case resolve.FromVariable:
			out = append(out, secret.Concat(b.Text(fmt.Sprintf("%s: from $%s (set, ", p.Text, p.Name)), b.Fingerprint(v), secret.Lit(")")))
		case resolve.FromSetting:
			out = append(out, b.Text(fmt.Sprintf("%s: from $%s, set by the env of %s", p.Text, p.Name, p.From)))
		case resolve.FromDefault:
			// the default is written in the file: named, not shown
			out = append(out, b.Text(fmt.Sprintf("${%s:-…}: the default, $%s is unset", p.Name, p.Name)))
		case resolve.FromInput:
			out = append(out, secret.Concat(b.Text(fmt.Sprintf("%s: from input %q (", p.Text, p.Name)), b.Fingerprint(v), secret.Lit(")")))
		case resolve.FromFile:
			out = append(out, secret.Concat(b.Text(fmt.Sprintf("%s: from file %q (", p.Text, p.Name)), b.Fingerprint(v), secret.Lit(")")))
		case resolve.FromCommand:
			// the command as written is shown as plain explain shows it
			out = append(out, secret.Concat(b.Text(fmt.Sprintf("from command %q (", secret.MaskCommand(p.Name))), b.Fingerprint(v), secret.Lit(")")))
		case resolve.FromEditor:
			out = append(out, b.Text(fmt.Sprintf("%s: %s", p.Text, v)))
		}
	}
	if len(f.Pieces) == 0 && masked && f.Value != "" {
		out = append(out, secret.Concat(secret.Lit("literal ("), b.Fingerprint(f.Value), secret.Lit(")")))
	}
	return out
}
