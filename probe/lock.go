package probe

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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
