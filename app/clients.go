package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
)

// ClientRequest is what decides the clients a command reads a tree as
// (SelectClients): the one way every command chooses them.
type ClientRequest struct {
	// Names are the clients asked for on the command line, ids or aliases
	// (--client; sync's --from and --to). Flag names the flag in an
	// unknown name's error ("--from"); "" leaves the error as it is.
	Names []string
	Flag  string
	// Config is the run's .mcpconf.toml: its "clients" are asked for when
	// no Names are. nil is none.
	Config *validate.Config
	// Ignored says a file found is not looked at for the clients that
	// read it (lint: the files the config ignores); nil ignores none.
	Ignored func(display string) bool
	// Scope is what the run reads (ReadScope): the clients whose files
	// are found there, and the files found.
	Scope discover.ScopeFilter
	// Named are files given on the command line (lint FILE...), absolute:
	// the clients that read one are taken in even beside others, and only
	// they are looked at for being read by no client of the run.
	Named []string
	// Unread asks for the files found that no client chosen reads
	// (ClientChoice.Unread): lint notes them.
	Unread bool
}

// ClientChoice is the clients SelectClients chose, and why.
type ClientChoice struct {
	// Clients are in table order.
	Clients []*normalize.Client
	// Explicit says they were asked for (Names, or "clients" in the
	// config): none is added for the files found.
	Explicit bool
	// How says how they were chosen, for explain's matrix.
	How secret.Safe
	// Readers are the files found whose readers were taken in, because
	// none of the clients otherwise chosen reads them (a bare mcp.json,
	// which pisces reads, alone in a tree or named), in found order.
	Readers []discover.FoundFile
	// Unread are the files found that none of Clients reads (with
	// ClientRequest.Unread), in found order.
	Unread []discover.FoundFile
}

// SelectClients chooses the clients a command reads the tree as, in one
// order of precedence for every command:
//
//  1. the clients asked for (ClientRequest.Names: --client, or sync's
//     --from and --to), else
//  2. "clients" in .mcpconf.toml (ClientRequest.Config), else
//  3. every client whose own files are found in the scope
//     (discover.Options.SelectClients: pisces only for a file of its
//     own), and then
//  4. without a choice asked for (1 or 2), the clients that read a file
//     found which none of those reads, when there were none or the file
//     was named on the command line: a tree whose only MCP file is a bare
//     mcp.json is read as pisces reads it.
//
// An unknown name is a *UsageError.
func SelectClients(o *discover.Options, req ClientRequest) (*ClientChoice, error) {
	ch := &ClientChoice{}
	names := req.Names
	switch {
	case len(names) > 0:
		ch.Explicit, ch.How = true, secret.Lit("chosen with --client")
	case req.Config != nil && len(req.Config.Clients) > 0:
		names = req.Config.Clients
		ch.Explicit, ch.How = true, secret.Lit("from \"clients\" in "+validate.ConfigFile)
	default:
		ch.How = secret.Lit("every client whose files were found here; choose with --client")
	}
	clients, err := o.SelectClients(names, req.Scope)
	if err != nil {
		var uc *discover.UnknownClientError
		switch {
		case errors.As(err, &uc) && req.Flag != "":
			return nil, usagef("%s: %v", req.Flag, err)
		case errors.As(err, &uc):
			return nil, &UsageError{err}
		}
		return nil, err
	}
	none := len(clients) == 0
	if !req.Unread && len(req.Named) == 0 && (ch.Explicit || !none) {
		ch.Clients = clients // nothing else to look at: spare the search
		return ch, nil
	}
	found := o.Found(req.Scope)
	if req.Ignored != nil {
		found = slices.DeleteFunc(found, func(f discover.FoundFile) bool { return req.Ignored(f.Display) })
	}
	reads := func(f discover.FoundFile) bool {
		return slices.ContainsFunc(f.Readers, func(c *normalize.Client) bool { return slices.Contains(clients, c) })
	}
	named := func(f discover.FoundFile) bool { return slices.Contains(req.Named, f.Abs) }
	if !ch.Explicit {
		for _, f := range found {
			if reads(f) || !none && !named(f) {
				continue
			}
			clients = append(clients, f.Readers...)
			ch.Readers = append(ch.Readers, f)
		}
		slices.SortStableFunc(clients, func(a, b *normalize.Client) int {
			return slices.Index(normalize.Clients(), a) - slices.Index(normalize.Clients(), b)
		})
		clients = slices.Compact(clients)
		if none && len(clients) > 0 {
			displays := make([]string, len(found))
			for i, f := range found {
				displays[i] = f.Display
			}
			names := productNames(clients)
			ch.How = secret.New().Text(fmt.Sprintf("%s read by %s only: shown as %s reads it; choose with --client", strings.Join(displays, ", "), names, names))
		}
	}
	ch.Clients = clients
	if req.Unread {
		for _, f := range found {
			if req.Named != nil && !named(f) || reads(f) {
				continue
			}
			ch.Unread = append(ch.Unread, f)
		}
	}
	return ch, nil
}

// URLSchemes are the URL schemes besides http and https that every
// client of clients reads (normalize.Client.URLSchemes): a URL add
// writes for all of them (define.RemoteURL).
func URLSchemes(clients []*normalize.Client) []string {
	var out []string
	for i, c := range clients {
		if i == 0 {
			out = slices.Clone(c.URLSchemes)
			continue
		}
		out = slices.DeleteFunc(out, func(s string) bool { return !slices.Contains(c.URLSchemes, s) })
	}
	return out
}
