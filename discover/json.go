package discover

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/tailscale/hujson"

	"github.com/mcpconf/mcpconf/normalize"
)

// parseJSON reads JSON and JSONC. The lexer pass below runs first: it
// bounds nesting (hujson recurses) and finds comments and trailing commas,
// which strict-JSON clients reject.
func parseJSON(doc *normalize.Document) []normalize.Diagnostic {
	lx := lexJSON(doc.Src)
	if lx.tooDeep >= 0 {
		return []normalize.Diagnostic{syntaxError(doc, doc.Lines.Pos(lx.tooDeep),
			fmt.Sprintf("values are nested more than %d levels deep", MaxDepth))}
	}
	hv, err := hujson.Parse(doc.Src)
	// A strict client stops at the first comment or trailing comma (at
	// the bracket after it) as at any other error: those before the
	// error hujson stops at come first, where the client stops.
	strict := strictProblems(doc, lx)
	if err != nil {
		pos := normalize.Pos{Line: 1, Col: 1}
		msg := err.Error()
		if m := lineColRE().FindStringSubmatch(msg); m != nil {
			pos = doc.Lines.At(atoi(m[1]), atoi(m[2]))
			msg = m[3]
		}
		if len(doc.Src) == 0 || lx.onlySpace {
			pos, msg = normalize.Pos{Line: 1, Col: 1}, "file is empty; it must hold a JSON object"
		}
		msg = jsonMessage(msg)
		if m := quoteProblem(doc.Src, pos.Offset); m != "" {
			msg = m
		}
		var diags []normalize.Diagnostic
		for _, d := range strict {
			if d.Pos.Offset < pos.Offset {
				diags = append(diags, d)
			}
		}
		return append(diags, syntaxError(doc, pos, msg))
	}
	if diags := strict; len(diags) > 0 {
		// The client's JSON.parse rejects the whole file. mcpconf's reader
		// is more lenient, but showing servers that will never load would
		// answer "why doesn't my server show up" wrongly.
		return diags
	}
	b := &jsonBuilder{doc: doc}
	doc.Root = b.value(&hv, "")
	return nil
}

// quoteProblem explains an error at off caused by a key without quotes
// ({mcpServers: …}) or a string in single quotes, or returns "".
func quoteProblem(src []byte, off int) string {
	if off < 0 || off >= len(src) {
		return ""
	}
	if src[off] == '\'' {
		return "strings need double quotes, not single quotes"
	}
	if p := lastSignificant(src, off); p != '{' && p != ',' {
		return ""
	}
	end := off
	for end < len(src) && (src[end] == '_' || src[end] == '-' || src[end] == '$' ||
		'a' <= src[end] && src[end] <= 'z' || 'A' <= src[end] && src[end] <= 'Z' || '0' <= src[end] && src[end] <= '9') {
		end++
	}
	if end == off || end >= len(src) {
		return ""
	}
	rest := end
	for rest < len(src) && (src[rest] == ' ' || src[rest] == '\t') {
		rest++
	}
	if rest >= len(src) || src[rest] != ':' {
		return ""
	}
	word := string(src[off:end])
	return fmt.Sprintf("keys need double quotes: write %q", word)
}

// lastSignificant returns the last byte before off that is not space and
// not inside a string or comment (0 when there is none). It runs only for
// a file that failed to parse.
func lastSignificant(src []byte, off int) byte {
	var last byte
	for i := 0; i < off && i < len(src); i++ {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			last = '"'
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			for i += 2; i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/'); i++ {
			}
			i++
		default:
			last = c
		}
	}
	return last
}

// strictProblems are the comments and trailing commas a client reading
// the file as strict JSON (normalize.JSON) or as JSON with comments
// (normalize.JSONComments: Gemini CLI) stops at, in the file's order, each
// at the position its parser stops: a comment's first byte, the bracket
// after a trailing comma (the comma as a related place). A strict file
// reports its first comment only: one is enough to say it is rejected.
func strictProblems(doc *normalize.Document, lx lexed) []normalize.Diagnostic {
	if doc.Format != normalize.JSON && doc.Format != normalize.JSONComments {
		return nil
	}
	var diags []normalize.Diagnostic
	if doc.Format == normalize.JSON && len(lx.comments) > 0 {
		diags = append(diags, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: doc.Path,
			Pos: doc.Lines.Pos(lx.comments[0]), Message: "comments are not allowed in this file: it is read as strict JSON, so none of its servers load",
			Hint: "remove the comment"})
	}
	msg := "trailing comma is not allowed in this file: it is read as strict JSON, so none of its servers load"
	if doc.Format == normalize.JSONComments {
		// comments are fine in Gemini settings; only trailing commas break it
		msg = "trailing comma is not allowed in this file (comments are): Gemini CLI cannot parse it"
	}
	for _, tc := range lx.trailingCommas {
		diags = append(diags, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: doc.Path,
			Pos: doc.Lines.Pos(tc.close), Message: msg,
			Hint:    "remove the comma",
			Related: []normalize.Related{{Pos: doc.Lines.Pos(tc.comma), Message: "the trailing comma"}}})
	}
	slices.SortStableFunc(diags, func(a, b normalize.Diagnostic) int { return a.Pos.Offset - b.Pos.Offset })
	return diags
}

// trailingComma is a comma followed by a closing bracket: a strict
// parser stops at the bracket.
type trailingComma struct{ comma, close int }

type jsonBuilder struct {
	doc *normalize.Document
	// orig maps an offset of the text parsed to the file's, when the text
	// is the file with parts left out (table.doc); nil: the same.
	orig func(int) int
}

func (b *jsonBuilder) rng(start, end int) normalize.Range {
	if b.orig != nil {
		start, end = b.orig(start), b.orig(end)
	}
	return normalize.Range{Start: b.doc.Lines.Pos(start), End: b.doc.Lines.Pos(end)}
}

func (b *jsonBuilder) value(hv *hujson.Value, ptr string) *normalize.Value {
	v := &normalize.Value{Pointer: ptr, Range: b.rng(hv.StartOffset, hv.EndOffset)}
	switch t := hv.Value.(type) {
	case *hujson.Object:
		v.Kind = normalize.Object
		v.Members = make([]*normalize.Member, 0, len(t.Members))
		seen := make(map[string]*normalize.Member, len(t.Members))
		for i := range t.Members {
			hm := &t.Members[i]
			key := unquote(hm.Name.Value.(hujson.Literal))
			m := &normalize.Member{Key: key, KeyRange: b.rng(hm.Name.StartOffset, hm.Name.EndOffset)}
			m.Value = b.value(&hm.Value, normalize.JoinPointer(ptr, key))
			if prev, ok := seen[key]; ok {
				b.doc.Duplicates = append(b.doc.Duplicates, normalize.Duplicate{Pointer: ptr, First: prev, Last: m})
			}
			seen[key] = m
			v.Members = append(v.Members, m)
		}
	case *hujson.Array:
		v.Kind = normalize.Array
		v.Items = make([]*normalize.Value, len(t.Elements))
		for i := range t.Elements {
			v.Items[i] = b.value(&t.Elements[i], ptr+"/"+strconv.Itoa(i))
		}
	case hujson.Literal:
		switch t.Kind() {
		case 'n':
			v.Kind = normalize.Null
		case 't', 'f':
			v.Kind = normalize.Bool
			v.Bool = t.Bool()
		case '"':
			v.Kind = normalize.String
			v.Str = unquote(t)
		default:
			v.Kind = normalize.Number
			v.Str = string(t)
			v.Num = t.Float()
		}
	}
	return v
}

// unquote decodes a JSON string literal. Most keys and values have no
// escapes; those skip encoding/json, which dominated discovery profiles.
func unquote(lit hujson.Literal) string {
	if len(lit) >= 2 && bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1])
	}
	return lit.String()
}

// lexed is what one pass over JSON text finds outside strings.
type lexed struct {
	tooDeep        int // offset where nesting exceeds MaxDepth, or -1
	comments       []int
	trailingCommas []trailingComma
	onlySpace      bool
}

func lexJSON(src []byte) lexed {
	lx := lexed{tooDeep: -1, onlySpace: true}
	depth := 0
	lastComma := -1 // offset of a comma not yet followed by a value
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		lx.onlySpace = false
		switch c {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			lastComma = -1
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				lx.comments = append(lx.comments, i)
				for i < len(src) && src[i] != '\n' {
					i++
				}
				continue
			}
			if i+1 < len(src) && src[i+1] == '*' {
				lx.comments = append(lx.comments, i)
				j := i + 2
				for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
					j++
				}
				i = j + 1
				continue
			}
			lastComma = -1
		case '[', '{':
			depth++
			if depth > MaxDepth && lx.tooDeep < 0 {
				lx.tooDeep = i
				return lx
			}
			lastComma = -1
		case ']', '}':
			if lastComma >= 0 {
				lx.trailingCommas = append(lx.trailingCommas, trailingComma{lastComma, i})
			}
			depth--
			lastComma = -1
		case ',':
			lastComma = i
		default:
			lastComma = -1
		}
	}
	return lx
}
