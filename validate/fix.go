package validate

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// setFix attaches a fix to a finding: what it does, whether it keeps the
// meaning the client gives the file (safe), and its edits.
func setFix(d *normalize.Diagnostic, safe bool, description string, edits ...normalize.Edit) {
	if d == nil || len(edits) == 0 {
		return
	}
	d.Fix = &normalize.Fix{Description: description, Safe: safe, Edits: edits}
}

// replaceEdit replaces the text of doc between start and end.
func replaceEdit(doc *normalize.Document, start, end normalize.Pos, text string) normalize.Edit {
	return normalize.Edit{Path: doc.Path, Abs: doc.Abs, Start: start, End: end, Text: text}
}

// replaceValue replaces a value whole by text written in the file's
// syntax.
func replaceValue(doc *normalize.Document, v *normalize.Value, text string) normalize.Edit {
	return replaceEdit(doc, v.Range.Start, v.Range.End, text)
}

// isItem reports whether v is an item of an array (its pointer ends in
// an index).
func isItem(v *normalize.Value) bool {
	i := strings.LastIndexByte(v.Pointer, '/')
	if i < 0 {
		return false
	}
	_, err := strconv.Atoi(v.Pointer[i+1:])
	return err == nil
}

// jsonQuote is s as a JSON string literal, which is a TOML basic string
// too (no HTML escaping).
func jsonQuote(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
