package clientcase

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// The aspects in which mcpconf's view and a client's listing can disagree.
const (
	AspectExists  = "exists"  // one lists a server the other does not
	AspectStatus  = "status"  // both list it, with different statuses
	AspectCommand = "command" // a stdio server's command
	AspectArgs    = "args"    // a stdio server's args
	AspectURL     = "url"     // a remote server's URL
	// AspectTransport: the transport the client connects with, where its
	// listing says it (Server.Connects)
	AspectTransport = "transport"
	// AspectExtension: the extension that brings the server (Gemini CLI)
	AspectExtension = "extension"
	// AspectHeaders: the names of the headers sent, where the listing
	// records them (values are masked by some clients, and may hold
	// placeholders): a header one file gives another file's url shows
	AspectHeaders = "headers"
)

// Missing stands for a server one side does not list, and Refused for a
// client that refused its whole config (it exited with an error).
const (
	Missing = "missing"
	Refused = "refused"
)

// Disagreement is one way in which mcpconf's view of a case differs from
// what the real client listed. Mcpconf and Client hold each side's value:
// a status (or Missing, Refused), a command, a URL, or the args.
type Disagreement struct {
	// Server is the server's name; "" when the disagreement is about the
	// whole config (the client refused it and mcpconf reads no server).
	Server  string `json:"server"`
	Aspect  string `json:"aspect"`
	Mcpconf any    `json:"mcpconf"`
	Client  any    `json:"client"`
	// Message is what go test reports.
	Message string `json:"message"`
}

// StatusOf is the status a server of mcpconf's view is compared by.
func StatusOf(s *normalize.Server) string {
	if s.Enabled || s.Off == nil || s.Off.Listed {
		return string(normalize.StatusEnabled) // Listed: refused only when started
	}
	return string(s.Off.Status)
}

// Compare lists where mcpconf's view of a case (set) disagrees with what
// the client observed: which servers exist, their status, the extension
// that brings them, and their command, args and URL; a client that refused
// its whole config (it exited with an error) must be said to refuse it,
// with why. None means they agree. paths turns the staged paths in
// mcpconf's values into clientcheck's <HOME>, <ROOT>, <TMP>.
// TestRealClients fails on each; scripts/clientcheck's harness counts and
// shrinks them.
func Compare(c Case, o Observed, set *normalize.Set, paths *strings.Replacer) []Disagreement {
	got := map[string]*normalize.Server{}
	entries := map[string]*normalize.Entry{}
	var names []string
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if _, dup := got[s.Name]; !dup {
			names = append(names, s.Name)
		}
		got[s.Name], entries[s.Name] = s, &set.Entries[i]
	}
	// shownInvalid: the client leaves the server in use out of its listing
	// without a word (Gate.Unlisted), and what it shows of the name is the
	// warning about a definition it skipped, which clientcheck records as
	// invalid
	shownInvalid := func(name string) bool {
		s := got[name]
		if s.Off == nil || !s.Off.Unlisted {
			return false
		}
		return slices.ContainsFunc(entries[name].Shadowed, func(sh normalize.Shadow) bool {
			return sh.Server.Off != nil && sh.Server.Off.Status == normalize.StatusInvalid
		})
	}
	sort.Strings(names)
	describe := func() string {
		var b strings.Builder
		for _, e := range set.Entries {
			b.WriteString("\n  " + e.Server.Name + ": " + StatusOf(&e.Server) + " " + e.Server.DisabledBy())
		}
		return c.Description + "\nmcpconf's view:" + b.String()
	}
	var out []Disagreement
	add := func(server, aspect string, mine, theirs any, format string, args ...any) {
		out = append(out, Disagreement{Server: server, Aspect: aspect, Mcpconf: mine, Client: theirs, Message: fmt.Sprintf(format, args...)})
	}
	if o.ExitCode != 0 {
		// the client refused its whole config: nothing starts, and
		// mcpconf says refused
		for _, name := range names {
			if st := StatusOf(got[name]); st != string(normalize.StatusRefused) {
				add(name, AspectStatus, st, Refused, "%s: the client refuses the whole config, but mcpconf says %s\n%s", name, st, describe())
			}
		}
		if set.Refused == nil && len(got) == 0 {
			add("", AspectExists, Missing, Refused, "the client refuses the whole config; mcpconf reads no server and does not say it refuses\n%s", describe())
		} else if set.Refused == nil {
			add("", AspectStatus, Missing, Refused, "the client refuses the whole config; mcpconf's view does not say why\n%s", describe())
		}
		return out
	}
	if set.Refused != nil {
		add("", AspectStatus, Refused, "", "mcpconf says the client refuses its whole config (%s); the client does not\n%s", set.Refused.Reason, describe())
	}
	// values with placeholders are compared in package resolve; the
	// client's paths are shown as clientcheck writes them (<PORT> is the
	// capture server's), and args are split on spaces
	placeholder := func(a string) bool {
		return strings.Contains(a, "$") || strings.Contains(a, "<PORT>") || strings.Contains(a, "{env:") || strings.Contains(a, "{file:")
	}
	spaced := func(a string) bool { return strings.Contains(a, " ") }
	seen := map[string]bool{}
	for _, w := range o.Servers {
		seen[w.Name] = true
		s := got[w.Name]
		if s == nil {
			add(w.Name, AspectExists, Missing, w.Status, "%s: listed by the client (%s), missing from mcpconf's view\n%s", w.Name, w.Status, describe())
			continue
		}
		if st := StatusOf(s); st != w.Status && !(w.Status == string(normalize.StatusInvalid) && shownInvalid(w.Name)) {
			add(w.Name, AspectStatus, st, w.Status, "%s: status %s, the client says %s\n%s", w.Name, st, w.Status, describe())
		}
		if s.Source.Extension != w.Extension {
			add(w.Name, AspectExtension, s.Source.Extension, w.Extension, "%s: from extension %q, the client says %q", w.Name, s.Source.Extension, w.Extension)
		}
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = paths.Replace(a)
		}
		if w.Command != "" && !placeholder(w.Command) && !placeholder(s.Command) && paths.Replace(s.Command) != w.Command {
			add(w.Name, AspectCommand, s.Command, w.Command, "%s: command %q, the client says %q", w.Name, s.Command, w.Command)
		}
		if w.Args != nil && !slices.ContainsFunc(w.Args, placeholder) && !slices.ContainsFunc(s.Args, placeholder) && !slices.ContainsFunc(s.Args, spaced) &&
			!slices.Equal(args, w.Args) && !(len(s.Args) == 0 && len(w.Args) == 0) {
			add(w.Name, AspectArgs, orEmpty(args), w.Args, "%s: args %q, the client says %q", w.Name, args, w.Args)
		}
		if w.Connects != "" && string(s.Transport) != w.Connects {
			add(w.Name, AspectTransport, string(s.Transport), w.Connects, "%s: transport %q, the client connects with %q", w.Name, s.Transport, w.Connects)
		}
		if mine, theirs := headerNames(s.Headers), headerNames(w.Headers); w.Headers != nil && !slices.ContainsFunc(mine, placeholder) &&
			!slices.ContainsFunc(theirs, placeholder) && !slices.Equal(mine, theirs) {
			add(w.Name, AspectHeaders, mine, theirs, "%s: headers %q, the client sends %q", w.Name, mine, theirs)
		}
		if w.URL != "" && !placeholder(w.URL) && !placeholder(s.URL) && paths.Replace(s.URL) != w.URL {
			add(w.Name, AspectURL, s.URL, w.URL, "%s: url %q, the client says %q", w.Name, s.URL, w.URL)
		}
	}
	for _, name := range names {
		// the clients do not list what they ignore (an untrusted Codex
		// layer), nor Claude Code what its lists block or what it ignores
		// without a word (Gate.Unlisted); mcpconf lists them with their
		// status
		if s := got[name]; !seen[name] && StatusOf(s) != string(normalize.StatusUntrusted) && !(s.Off != nil && s.Off.Unlisted) {
			add(name, AspectExists, StatusOf(s), Missing, "%s: in mcpconf's view (%s), not listed by the client\n%s", name, StatusOf(s), describe())
		}
	}
	return out
}

// headerNames are the names of headers, sorted and lower case (HTTP
// header names are not case sensitive).
func headerNames(h map[string]string) []string {
	out := make([]string, 0, len(h))
	for k := range h {
		out = append(out, strings.ToLower(k))
	}
	slices.Sort(out)
	return out
}

func orEmpty(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}

// ViewServer is one server of mcpconf's view, as Compare sees it.
type ViewServer struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	URL     string   `json:"url,omitempty"`
	// Why says what turned the server off.
	Why string `json:"why,omitempty"`
}

// ViewOf lists the servers of mcpconf's view, in its order.
func ViewOf(set *normalize.Set) []ViewServer {
	out := []ViewServer{}
	for _, e := range set.Entries {
		s := &e.Server
		out = append(out, ViewServer{Name: s.Name, Status: StatusOf(s), Command: s.Command, Args: s.Args, URL: s.URL, Why: s.DisabledBy()})
	}
	return out
}
