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

// suggest attaches the edit a hint describes (normalize.Diagnostic.Suggest).
func suggest(d *normalize.Diagnostic, description string, edits ...normalize.Edit) {
	if d == nil || len(edits) == 0 {
		return
	}
	d.Suggest = &normalize.Fix{Description: description, Edits: edits}
}

// renameMember writes member m of an object as key with the value
// valueJSON (a JSON literal, which is TOML too for strings and arrays of
// them), in the file's syntax: key and value replaced, the rest of the
// line kept. None for a key written other than bare or quoted alone (a
// dotted TOML key: a.b.bearer_token).
func renameMember(doc *normalize.Document, m *normalize.Member, key, valueJSON string) []normalize.Edit {
	if doc == nil || m == nil || m.Value == nil {
		return nil
	}
	if k := string(doc.Src[m.KeyRange.Start.Offset:m.KeyRange.End.Offset]); k != m.Key && k != jsonQuote(m.Key) {
		return nil
	}
	text := jsonQuote(key) + ": " + valueJSON
	if doc.Format == normalize.TOML {
		text = key + " = " + valueJSON
	}
	return []normalize.Edit{replaceEdit(doc, m.KeyRange.Start, m.Value.Range.End, text)}
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
