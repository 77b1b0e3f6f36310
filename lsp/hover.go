package lsp

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
)

// place is a position in an open document with what discovery reads
// of its tree: the clients that read the file (readers) and the
// workspace they see.
type place struct {
	doc     *document
	abs     string
	off     int // byte offset in the text discovery read (after a BOM)
	dopts   *discover.Options
	ws      *normalize.Workspace
	readers []*normalize.Client
}

// at reads the tree of p's document as explain does; ok is false when
// the document is not open or discovery fails (logged).
func (s *server) at(p TextDocumentPositionParams) (*place, bool) {
	abs, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return nil, false
	}
	doc := s.docs[abs]
	if doc == nil {
		return nil, false
	}
	off, err := doc.text.offset(p.Position, s.enc)
	if err != nil {
		return nil, false
	}
	off -= bomShift(doc.text) // discovery's offsets follow the mark
	return s.placeIn(doc, off, nil)
}

// placeIn reads the tree of doc for a place at off; with src, discovery
// reads src as doc's text (a repaired buffer: see recover.go) and off is
// in src.
func (s *server) placeIn(doc *document, off int, src []byte) (*place, bool) {
	abs := doc.abs
	root := s.treeOf(abs)
	dopts, err := s.options(root)
	if err == nil && src != nil {
		buffers := dopts.Overlay
		dopts.Overlay = func(a string) ([]byte, bool) {
			if a == abs {
				return src, true
			}
			return buffers(a)
		}
		doc = &document{uri: doc.uri, abs: abs, version: doc.version, text: newText(src)}
	}
	if err == nil {
		err = dopts.Prepare()
	}
	var choice *app.ClientChoice
	if err == nil {
		choice, err = app.SelectClients(&dopts, app.ClientRequest{Config: app.QuietConfig(&dopts), Scope: discover.AllScopes, Named: []string{abs}})
	}
	if err != nil {
		s.logf("cannot read %q: %v", root, err)
		return nil, false // nothing to say; the server goes on
	}
	ws := dopts.Scan(choice.Clients, discover.AllScopes)
	var readers []*normalize.Client
	for _, v := range ws.Views {
		for _, src := range v.Sources {
			if src.Abs == abs && src.Status != normalize.Absent {
				readers = append(readers, v.Client)
				break
			}
		}
	}
	return &place{doc: doc, abs: abs, off: off, dopts: &dopts, ws: ws, readers: readers}, true
}

// hover answers a hover on a server's name key or any of its fields:
// for each client that reads the file, whether it starts the server and
// why, as mcpconf explain NAME run at the file's tree says it (the
// clients' real state: a project not yet trusted, a server not yet
// approved), masked by the same boundary. null elsewhere.
func (s *server) hover(p TextDocumentPositionParams) (any, error) {
	at, ok := s.at(p)
	if !ok {
		return nil, nil
	}
	if h, ok := s.placeholderHover(at); ok {
		return h, nil
	}
	doc, abs, off, dopts, ws, readers := at.doc, at.abs, at.off, at.dopts, at.ws, at.readers
	name, span, ok := serverAt(ws, abs, off)
	if !ok || len(readers) == 0 {
		return nil, nil
	}
	ex, err := app.Explain(app.ExplainRequest{Options: dopts, Clients: readers, Name: name}, s.o.Boundary())
	if err != nil {
		return nil, nil // a name no reader loads: nothing to say
	}
	var buf strings.Builder
	if err := report.ExplainNameViewsText(&buf, ex.Workspace, report.Style{}); err != nil {
		return nil, err
	}
	body := strings.TrimRight(buf.String(), "\n")
	shown := ex.Workspace.Name.String()
	h := Hover{}
	if s.markdown {
		fence := "```"
		for strings.Contains(body, fence) {
			fence += "`"
		}
		h.Contents = MarkupContent{Kind: "markdown", Value: fmt.Sprintf("**mcpconf explain %s** — for the clients that read this file\n\n%stext\n%s\n%s", markdownEscape(shown), fence, body, fence)}
	} else {
		h.Contents = MarkupContent{Kind: "plaintext", Value: fmt.Sprintf("mcpconf explain %s — for the clients that read this file\n\n%s", shown, body)}
	}
	r := Range{Start: doc.text.position(span.Start.Offset+bomShift(doc.text), s.enc), End: doc.text.position(span.End.Offset+bomShift(doc.text), s.enc)}
	h.Range = &r
	return h, nil
}

func bomShift(t *text) int {
	if bytes.HasPrefix(t.src, bom) {
		return len(bom)
	}
	return 0
}

// serverAt is the server whose definition in the file abs holds byte
// offset off, from its name key to the end of its entry (the innermost,
// should two nest), and its name key's span.
func serverAt(ws *normalize.Workspace, abs string, off int) (string, normalize.Range, bool) {
	best, bestLen := "", -1
	var hit *normalize.Server
	consider := func(sv *normalize.Server) {
		if sv.Source.Abs != abs || sv.Node == nil || !sv.Source.Pos.IsValid() {
			return
		}
		start, end := extent(sv.Node, sv.Source.Pos.Offset, sv.Node.Range.End.Offset, 0)
		if off < start || off > end || bestLen >= 0 && end-start >= bestLen {
			return
		}
		best, bestLen, hit = sv.Name, end-start, sv
	}
	for _, v := range ws.Views {
		for i := range v.Entries {
			e := &v.Entries[i]
			consider(&e.Server)
			for j := range e.Shadowed {
				consider(&e.Shadowed[j].Server)
			}
		}
	}
	if hit == nil {
		return "", normalize.Range{}, false
	}
	key := normalize.Range{Start: hit.Source.Pos, End: hit.Source.Pos}
	if k := nameKey(ws, hit); k != nil {
		key = *k
	}
	return best, key, true
}

// extent widens [start, end] to every byte of v: its own range, its
// members' keys and values (a TOML table's range is its header's; its
// keys follow it).
func extent(v *normalize.Value, start, end, depth int) (int, int) {
	if v == nil || depth > 64 {
		return start, end
	}
	start, end = min(start, v.Range.Start.Offset), max(end, v.Range.End.Offset)
	for _, m := range v.Members {
		start, end = min(start, m.KeyRange.Start.Offset), max(end, m.KeyRange.End.Offset)
		start, end = extent(m.Value, start, end, depth+1)
	}
	for _, it := range v.Items {
		start, end = extent(it, start, end, depth+1)
	}
	return start, end
}

// nameKey is the span of a server's name key as written: the key of the
// member whose value is its entry; nil when none is (a TOML table's
// header).
func nameKey(ws *normalize.Workspace, sv *normalize.Server) *normalize.Range {
	for _, d := range ws.Documents {
		if d.Abs == sv.Source.Abs && d.Root != nil {
			if m := memberOf(d.Root, sv.Node, 0); m != nil {
				return &m.KeyRange
			}
		}
	}
	return nil
}

func memberOf(v, node *normalize.Value, depth int) *normalize.Member {
	if v == nil || depth > 64 {
		return nil
	}
	for _, m := range v.Members {
		if m.Value == node {
			return m
		}
		if r := memberOf(m.Value, node, depth+1); r != nil {
			return r
		}
	}
	for _, it := range v.Items {
		if r := memberOf(it, node, depth+1); r != nil {
			return r
		}
	}
	return nil
}

func markdownEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", `\<`)
	return r.Replace(s)
}
