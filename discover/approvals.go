package discover

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// approveStored applies the approvals a client keeps in a file of its own,
// each bound to a hash of the server's definition
// (normalize.StoredApprovals: Qwen Code's mcpApprovals.json): the record
// of the start directory and the server's name decides when its hash is
// the hash of the definition as the client reads it now; otherwise the
// server waits for approval. A pending or rejected server keeps its name.
func (v *viewer) approveStored(defs []normalize.Server) {
	sa := v.c.Approvals
	if sa == nil || v.scope == UserScopes {
		return
	}
	key := v.o.realPath(filepath.Clean(v.o.Root))
	var records *normalize.Value
	path := ""
	for _, doc := range v.o.settingDocs(v.c, sa.File, v.root) {
		path = doc.Path
		if doc.Root != nil && doc.Root.Kind == normalize.Object {
			records = doc.Root.Get(key)
		}
	}
	if path == "" {
		_, path = v.o.fileAbs(v.c, sa.File, v.root)
	}
	for i := range defs {
		s := &defs[i]
		// the client asks for approval before it tries to connect: an
		// entry it cannot reach (neither url nor command) waits for
		// approval too, and is invalid only once approved
		unreachable := s.Off != nil && s.Off.Status == normalize.StatusInvalid && !s.Off.Unlisted
		by := gatedByOwnScope(v.c, s)
		if !slices.Contains(sa.Scopes, s.Source.Scope) && by == "" || !s.Enabled && !unreachable || s.Node == nil {
			continue
		}
		f, ok := v.fileOf(s)
		if !ok {
			// a file at the path a variable names
			f = normalize.File{Scope: s.Source.Scope, Apart: s.Source.Apart, OwnScope: s.Source.OwnScope}
		}
		var expand func(string) string
		if !f.Apart && len(v.c.SettingsPlaceholders) > 0 {
			expand = func(x string) string { return expandSetting(v.c, v.o.getenv, x) }
		}
		hash := sa.Hash(s.Node, f, expand)
		ask := fmt.Sprintf(sa.Ask, s.Name)
		rec := records.Get(s.Name)
		status, recHash := "", ""
		if rec != nil && rec.Kind == normalize.Object {
			if st := rec.Get("status"); st != nil && st.Kind == normalize.String {
				status = st.Str
			}
			if h := rec.Get("hash"); h != nil && h.Kind == normalize.String {
				recHash = h.Str
			}
		}
		switch {
		case v.o.AssumeTrusted:
		case rec != nil && recHash == hash && status == sa.Approved:
			// approved for this very definition (an unreachable one stays
			// invalid)
			continue
		case rec != nil && recHash == hash && status == sa.Rejected:
			s.TurnOff(normalize.Gate{Status: normalize.StatusRejected, Kind: normalize.ByApproval, Path: path, Pos: rec.Range.Start,
				Reason: fmt.Sprintf("rejected for this definition at %s:%s (%q of this folder)", path, rec.Range.Start, s.Name),
				Hint:   fmt.Sprintf("%s, which records the approval in %s", ask, path)})
		case rec != nil && recHash != "" && (status == sa.Approved || status == sa.Rejected):
			s.TurnOff(normalize.Gate{Status: normalize.StatusPending, Kind: normalize.ByApproval, Path: s.Source.Path, Pos: s.Source.Pos,
				Reason: by + fmt.Sprintf("%s at %s:%s was for another definition (hash %s…, this one's is %s…): the definition changed since, so %s asks again",
					status, path, rec.Range.Start, short(recHash), short(hash), v.c.Product),
				Hint: ask})
		default:
			// the folder is the start directory, named as the run shows it:
			// its absolute path would differ on every machine
			why := fmt.Sprintf("%s records no approval of %q for this folder in %s", v.c.Product, s.Name, path)
			if records == nil {
				why = fmt.Sprintf("%s records no approval for this folder in %s (an approval in another folder, a parent included, does not count here)", v.c.Product, path)
			}
			s.TurnOff(normalize.Gate{Status: normalize.StatusPending, Kind: normalize.ByApproval, Path: s.Source.Path, Pos: s.Source.Pos,
				Reason: by + why, Hint: ask})
		}
	}
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// fileOf is the file of the client's that a definition was read from.
func (v *viewer) fileOf(s *normalize.Server) (normalize.File, bool) { return fileOf(v.c, s) }

// fileOf is the file of c's that a definition was read from.
func fileOf(c *normalize.Client, s *normalize.Server) (normalize.File, bool) {
	abs := filepath.ToSlash(s.Source.Abs)
	for _, f := range c.Files {
		if f.Scope == s.Source.Scope && strings.HasSuffix(abs, "/"+f.Path) {
			return f, true
		}
	}
	return normalize.File{}, false
}

// lowestServers is the display path of the lowest-precedence location
// (not Apart) whose document's servers key holds an object, below any
// other truthy value there, for a client whose settings merge loses names
// there (LostName.Lowest); "" otherwise.
func lowestServers(c *normalize.Client, locs []Location, docs []*normalize.Document) string {
	if !slices.ContainsFunc(c.LostNames, func(l normalize.LostName) bool { return l.Lowest }) {
		return ""
	}
	for _, l := range slices.Backward(locs) {
		if l.Apart || l.Extension != nil {
			continue
		}
		i := slices.IndexFunc(docs, func(d *normalize.Document) bool { return d.Path == l.Display })
		if i < 0 || docs[i].Root == nil {
			continue
		}
		// mergeRecursively: a servers value the merge holds already and
		// that is truthy makes it spread the next file's whole
		m := docs[i].Root.Member(c.ServersKey)
		switch {
		case m == nil || !normalize.JSTruthy(m.Value):
			continue
		case m.Value.Kind == normalize.Object:
			return l.Display
		}
		return ""
	}
	return ""
}
