package probe

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// ToolSums are the SHA-256 sums of what a server tells the model about a
// tool, as a lock records them (mcpconf probe --write-lock): two listings
// of an unchanged tool give the same sums, and a change to any of these
// texts changes its sum.
type ToolSums struct {
	// Description is the sum of the description as sent.
	Description string
	// InputSchema is the sum of the input schema as the SDK decoded it
	// (object keys sorted, so key order does not count); "" for none.
	InputSchema string
	// Annotations is the sum of the tool's title and annotations (the
	// hints a client shows or acts on: read-only, destructive, …).
	Annotations string
}

func sums(title, description string, schema, annotations json.RawMessage) ToolSums {
	s := ToolSums{Description: sum([]byte(description))}
	if schema != nil {
		s.InputSchema = sum(schema)
	}
	if title != "" || annotations != nil {
		b, _ := json.Marshal(struct {
			Title       string          `json:"title,omitempty"`
			Annotations json.RawMessage `json:"annotations,omitempty"`
		}{title, annotations}) // two JSON values: always marshals
		s.Annotations = sum(b)
	}
	return s
}

// sum is "sha256:" and the hex SHA-256 of b.
func sum(b []byte) string {
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}

// LockVersion is the version of the lock format this mcpconf writes and
// reads (docs/lock.md).
const LockVersion = 1

// Lock is a tool lock (.mcpconf.lock): what each server told the model
// when the team approved it, to compare the live servers with (mcpconf
// probe --check-lock). Its texts are as the boundary shows them (secrets
// masked); it is written sorted, so two runs against unchanged servers
// write the same bytes (EncodeLock).
type Lock struct {
	Version int          `json:"version"`
	Servers []LockServer `json:"servers"`
}

// LockServer is one server definition, keyed by what starts it: Command
// and Args (in no client's placeholder syntax: ${NAME}), or URL. The
// clients that define it alike share the entry. Where a secret in them is
// masked, the clients and names that use it are part of its key too (Key):
// two definitions that differ by their token are two entries.
type LockServer struct {
	Command string    `json:"command,omitempty"`
	Args    []string  `json:"args,omitempty"`
	URL     string    `json:"url,omitempty"`
	UsedBy  []LockUse `json:"used_by"`
	Server  LockInfo  `json:"server"`
	// ProtocolVersion is the MCP version negotiated.
	ProtocolVersion string     `json:"protocol_version"`
	Tools           []LockTool `json:"tools"`
}

// LockInfo is the server's name and version, as it said in the handshake.
type LockInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// LockUse is a client that defines the server, under a name.
type LockUse struct {
	Client string `json:"client"`
	Name   string `json:"name"`
}

// LockTool is one tool: its name and the sums of what it tells the model,
// and its description itself when the lock keeps descriptions (probe
// --lock-descriptions), so that a review reads the change.
type LockTool struct {
	Name        string  `json:"name"`
	Description string  `json:"description"`
	InputSchema string  `json:"input_schema,omitempty"`
	Annotations string  `json:"annotations,omitempty"`
	Text        *string `json:"description_text,omitempty"`
}

// Key is what identifies the server across clients and runs: what starts
// it, and when a secret of that is masked (secret.Masked), the users
// (UsedBy, sorted as Sort sorts them) besides, since the masked command
// lines or URLs of two definitions may be alike.
func (s *LockServer) Key() string {
	var k string
	if s.URL != "" {
		k = "url\x00" + s.URL
	} else {
		k = "stdio\x00" + s.Command + "\x00" + strings.Join(s.Args, "\x00")
	}
	if !strings.Contains(k, secret.Masked) {
		return k
	}
	k += "\x00\x00used by"
	for _, u := range s.UsedBy {
		k += "\x00" + u.Client + "\x00" + u.Name
	}
	return k
}

// Label names the server in messages: its command line or URL.
func (s *LockServer) Label() string {
	if s.URL != "" {
		return s.URL
	}
	return strings.Join(append([]string{s.Command}, s.Args...), " ")
}

// Sort puts the lock in its one order: servers by key, their users by
// client and name, tools by name (then sums, for a server that lists a
// name twice).
func (l *Lock) Sort() {
	for i := range l.Servers {
		s := &l.Servers[i]
		slices.SortFunc(s.UsedBy, func(a, b LockUse) int { return cmp.Or(cmp.Compare(a.Client, b.Client), cmp.Compare(a.Name, b.Name)) })
		s.UsedBy = slices.Compact(s.UsedBy)
		slices.SortStableFunc(s.Tools, func(a, b LockTool) int {
			return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Description, b.Description), cmp.Compare(a.InputSchema, b.InputSchema), cmp.Compare(a.Annotations, b.Annotations))
		})
	}
	slices.SortStableFunc(l.Servers, func(a, b LockServer) int { return cmp.Compare(a.Key(), b.Key()) })
}

// EncodeLock writes the lock sorted, a server's fields a line each and a
// tool a line, so that a change to one tool is a one-line diff in review.
func EncodeLock(l *Lock) []byte {
	l.Sort()
	var b bytes.Buffer
	js := func(v any) string {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v) // strings, slices of strings and flat structs always encode
		return strings.TrimSuffix(buf.String(), "\n")
	}
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"servers\": [", l.Version)
	for i, s := range l.Servers {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {\n")
		if s.URL != "" {
			fmt.Fprintf(&b, "      \"url\": %s,\n", js(s.URL))
		} else {
			fmt.Fprintf(&b, "      \"command\": %s,\n", js(s.Command))
			if len(s.Args) > 0 {
				args := make([]string, len(s.Args))
				for i, a := range s.Args {
					args[i] = js(a)
				}
				fmt.Fprintf(&b, "      \"args\": [%s],\n", strings.Join(args, ", "))
			}
		}
		uses := make([]string, len(s.UsedBy))
		for j, u := range s.UsedBy {
			uses[j] = fmt.Sprintf("{\"client\": %s, \"name\": %s}", js(u.Client), js(u.Name))
		}
		fmt.Fprintf(&b, "      \"used_by\": [%s],\n", strings.Join(uses, ", "))
		fmt.Fprintf(&b, "      \"server\": {\"name\": %s, \"version\": %s},\n", js(s.Server.Name), js(s.Server.Version))
		fmt.Fprintf(&b, "      \"protocol_version\": %s,\n", js(s.ProtocolVersion))
		b.WriteString("      \"tools\": [")
		for j, t := range s.Tools {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "\n        {\"name\": %s, \"description\": %s", js(t.Name), js(t.Description))
			if t.InputSchema != "" {
				fmt.Fprintf(&b, ", \"input_schema\": %s", js(t.InputSchema))
			}
			if t.Annotations != "" {
				fmt.Fprintf(&b, ", \"annotations\": %s", js(t.Annotations))
			}
			if t.Text != nil {
				fmt.Fprintf(&b, ", \"description_text\": %s", js(*t.Text))
			}
			b.WriteString("}")
		}
		if len(s.Tools) > 0 {
			b.WriteString("\n      ")
		}
		b.WriteString("]\n    }")
	}
	if len(l.Servers) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

// DecodeLock reads a lock: strict JSON of the format above, of a version
// this mcpconf reads.
func DecodeLock(src []byte) (*Lock, error) {
	var l Lock
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("it is not a lock mcpconf wrote: %v", err)
	}
	if l.Version != LockVersion {
		return nil, fmt.Errorf("it is a lock of version %d; this mcpconf reads version %d", l.Version, LockVersion)
	}
	seen := map[string]bool{}
	for i := range l.Servers {
		s := &l.Servers[i]
		switch {
		case s.Command == "" && s.URL == "":
			return nil, fmt.Errorf("server %d of the lock has neither a command nor a url", i+1)
		case s.Command != "" && s.URL != "":
			return nil, fmt.Errorf("server %d of the lock has both a command and a url", i+1)
		case seen[s.Key()]:
			return nil, fmt.Errorf("the lock records %q twice", s.Label())
		}
		seen[s.Key()] = true
	}
	return &l, nil
}

// LockChange is one difference between a lock (want) and the live
// servers (got): a finding, placed by the caller (CompareLock's doc).
type LockChange struct {
	Rule     normalize.RuleID
	Severity normalize.Severity
	// Want and Tool place it in the lock: the index of the server and of
	// its tool in want (-1: the server, or nothing of the lock); Got is
	// the live server's index in got (-1: none).
	Want, Tool, Got int
	Message, Hint   string
}

// CompareLock compares the live servers with a lock: a tool added,
// removed or changed (its description, input schema, annotations), a
// server the lock does not record or records but the live servers do not
// have, a server that now reports another version. For a server of the
// lock not live, unchecked says, by key, why a client that starts it
// could not probe it (it failed: the check cannot say), idle why no
// client starts it (disabled, blocked: not in use, the entry is stale);
// a key in neither is not defined here any more. Each change says where
// it is: in the lock when the lock has it (Want, Tool), else on the live
// server (Got).
func CompareLock(want, got *Lock, unchecked, idle map[string]string) []LockChange {
	var out []LockChange
	live := map[string]int{}
	for i := range got.Servers {
		live[got.Servers[i].Key()] = i
	}
	recorded := map[string]bool{}
	for wi := range want.Servers {
		w := &want.Servers[wi]
		recorded[w.Key()] = true
		gi, ok := live[w.Key()]
		if !ok {
			if why, ok := unchecked[w.Key()]; ok {
				out = append(out, LockChange{Rule: normalize.RuleLockServerUnchecked, Severity: normalize.Error, Want: wi, Tool: -1, Got: -1,
					Message: fmt.Sprintf("server %s was not compared with the lock: %s", w.name(), why),
					Hint:    "probe it where it can start (its variables set, approved and trusted), or run mcpconf probe --write-lock to drop it from the lock"})
				continue
			}
			msg := fmt.Sprintf("the lock records server %s (%q), which no client here defines any more", w.name(), w.Label())
			if why, ok := idle[w.Key()]; ok {
				msg = fmt.Sprintf("the lock records server %s (%q), which no client here starts: %s", w.name(), w.Label(), why)
			}
			out = append(out, LockChange{Rule: normalize.RuleLockServerRemoved, Severity: normalize.Error, Want: wi, Tool: -1, Got: -1,
				Message: msg, Hint: "run mcpconf probe --write-lock to drop it from the lock"})
			continue
		}
		g := &got.Servers[gi]
		if w.Server != g.Server {
			out = append(out, LockChange{Rule: normalize.RuleLockServerChanged, Severity: normalize.Info, Want: wi, Tool: -1, Got: gi,
				Message: fmt.Sprintf("server %s now says it is %q %q; the lock has %q %q", w.name(), g.Server.Name, g.Server.Version, w.Server.Name, w.Server.Version),
				Hint:    "an upgrade: its tools are compared one by one; run mcpconf probe --write-lock once they are reviewed"})
		}
		out = append(out, compareTools(wi, gi, w, g)...)
	}
	for gi := range got.Servers {
		g := &got.Servers[gi]
		if recorded[g.Key()] {
			continue
		}
		out = append(out, LockChange{Rule: normalize.RuleLockServerAdded, Severity: normalize.Error, Want: -1, Tool: -1, Got: gi,
			Message: fmt.Sprintf("server %s (%q) is not in the lock: its %d tools were never reviewed", g.name(), g.Label(), len(g.Tools)),
			Hint:    fmt.Sprintf("review them (%s), then run mcpconf probe --write-lock", probeTools(g.UsedBy0()))})
	}
	return out
}

// compareTools compares one server's tools, by name.
func compareTools(wi, gi int, w, g *LockServer) []LockChange {
	var out []LockChange
	byName := map[string][]int{}
	for i, t := range g.Tools {
		byName[t.Name] = append(byName[t.Name], i)
	}
	matched := make([]bool, len(g.Tools))
	for ti, wt := range w.Tools {
		idx := byName[wt.Name]
		if len(idx) == 0 {
			out = append(out, LockChange{Rule: normalize.RuleLockToolRemoved, Severity: normalize.Error, Want: wi, Tool: ti, Got: gi,
				Message: fmt.Sprintf("tool %q of server %s, recorded in the lock, is gone", wt.Name, w.name()),
				Hint:    "if that is expected, run mcpconf probe --write-lock"})
			continue
		}
		j := idx[0]
		byName[wt.Name] = idx[1:]
		matched[j] = true
		gt := g.Tools[j]
		var what []string
		if wt.Description != gt.Description {
			d := "its description"
			if wt.Text != nil && gt.Text != nil {
				d += " (" + textChange(*wt.Text, *gt.Text) + ")"
			}
			what = append(what, d)
		}
		if wt.InputSchema != gt.InputSchema {
			what = append(what, "its input schema")
		}
		if wt.Annotations != gt.Annotations {
			what = append(what, "its title or annotations")
		}
		if len(what) > 0 {
			out = append(out, LockChange{Rule: normalize.RuleLockToolChanged, Severity: normalize.Error, Want: wi, Tool: ti, Got: gi,
				Message: fmt.Sprintf("tool %q of server %s changed since the lock: %s", wt.Name, w.name(), strings.Join(what, ", ")),
				Hint:    fmt.Sprintf("read what it now tells the model (%s); if the change is expected, run mcpconf probe --write-lock", probeTools(w.UsedBy0()))})
		}
	}
	for j, gt := range g.Tools {
		if !matched[j] {
			out = append(out, LockChange{Rule: normalize.RuleLockToolAdded, Severity: normalize.Error, Want: wi, Tool: -1, Got: gi,
				Message: fmt.Sprintf("server %s has a tool the lock does not record: %q", w.name(), gt.Name),
				Hint:    fmt.Sprintf("read what it tells the model (%s); if it is expected, run mcpconf probe --write-lock", probeTools(w.UsedBy0()))})
		}
	}
	return out
}

// probeTools is the command that shows what the server defined as name
// tells the model, quoted to paste (shell.Command): the name, after "--"
// when it starts with "-", could be anything.
func probeTools(name string) string {
	if name == "" {
		return shell.Command("mcpconf", "probe", "--tools")
	}
	return shell.Command(shell.Args([]string{"mcpconf", "probe"}, name, "--tools")...)
}

// name is the server as messages name it: its name in the config, quoted
// (the first, where clients name it differently).
func (s *LockServer) name() string { return strconv.Quote(s.UsedBy0()) }

// UsedBy0 is the first name the server is defined under ("" for none).
func (s *LockServer) UsedBy0() string {
	if len(s.UsedBy) == 0 {
		return ""
	}
	return s.UsedBy[0].Name
}

// textChange shows where two descriptions differ: the changed part of
// each, with a little of what is around it, cut.
func textChange(old, new string) string {
	a, b := []rune(old), []rune(new)
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	const ctx, most = 20, 80
	part := func(r []rune) string {
		from, to := max(0, p-ctx), min(len(r), len(r)-s+ctx)
		mid := r[from:to]
		out := string(mid)
		if len(mid) > most {
			out = string(mid[:most]) + "…"
		}
		if from > 0 {
			out = "…" + out
		}
		if to < len(r) && len(mid) <= most {
			out += "…"
		}
		return strconv.Quote(out)
	}
	return "was " + part(a) + ", now " + part(b)
}
