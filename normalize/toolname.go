package normalize

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
)

// Scheme is how one client turns a server name and a tool name into the
// tool name the model sees. Two servers whose names sanitize to the same
// ServerPrefix collide for every tool name they share. A client's
// descriptor says which scheme it uses (Client.ToolNames).
type Scheme struct {
	ID string // scheme id: pisces, codex, claude, opencode, gemini
	// Form is the shape of a full tool name, for messages:
	// "mcp__<server>__<tool>".
	Form string
	// MaxLen is the longest full name the client keeps as is; longer ones
	// are cut (0: no limit).
	MaxLen int
	// OnClash: the client uses Form only for a tool whose bare name another
	// server's tool already has (Gemini CLI); otherwise for every tool.
	OnClash bool
	// Server says in words, for the docs, how the server name becomes the
	// server part of a tool name (ServerPrefix), in Markdown.
	Server string

	toolName     func(server, tool string) string
	serverPrefix func(server string) string
	// fullName composes a name before any length handling; nil for a
	// scheme without a limit.
	fullName func(server, tool string) string
}

// ToolName is the name the client gives tool of server.
func (s Scheme) ToolName(server, tool string) string { return s.toolName(server, tool) }

// ServerPrefix is the sanitized server part of the client's tool names:
// two servers with the same prefix collide on every tool name they share.
func (s Scheme) ServerPrefix(server string) string { return s.serverPrefix(server) }

// FullName is the name the client composes for tool of server before any
// length handling: the name MaxLen is measured against. The sanitization
// of every scheme with a limit works character by character, so the parts
// sanitized alone give it. For a scheme without a limit it is ToolName.
func (s Scheme) FullName(server, tool string) string {
	if s.fullName == nil {
		return s.toolName(server, tool)
	}
	return s.fullName(server, tool)
}

// Prefix is what Form puts before the tool name, for server: the part of
// a full name that is not the tool's own.
func (s Scheme) Prefix(server string) string {
	f, _, _ := strings.Cut(s.Form, "<tool>")
	return strings.ReplaceAll(f, "<server>", server)
}

// How each scheme makes the server part, in words (Scheme.Server).
const (
	piscesServerDoc = "lower case, every run of characters outside `[a-z_]` (digits too) becomes one `_`"
	codexServerDoc  = "characters outside `[a-zA-Z0-9_-]` become `_`"
	geminiServerDoc = "characters outside `[a-zA-Z0-9_.-]` become `_`"
)

var (
	piscesScheme = &Scheme{ID: "pisces", Form: "mcp_<server>_<tool>", Server: piscesServerDoc, toolName: piscesToolName, serverPrefix: piscesServer}
	codexScheme  = &Scheme{ID: "codex", Form: "mcp__<server>__<tool>", MaxLen: codexMaxToolName, Server: codexServerDoc, toolName: codexToolName, serverPrefix: codexPart, fullName: codexFullName}
	// Claude Code uses the shape of Codex (docs/clients.md); its source is not
	// public, so the length handling is Codex's.
	claudeScheme   = &Scheme{ID: "claude", Form: "mcp__<server>__<tool>", MaxLen: codexMaxToolName, Server: codexServerDoc, toolName: codexToolName, serverPrefix: codexPart, fullName: codexFullName}
	opencodeScheme = &Scheme{ID: "opencode", Form: "<server>_<tool>", Server: codexServerDoc, toolName: opencodeToolName, serverPrefix: opencodePart}
	geminiScheme   = &Scheme{ID: "gemini", Form: "<server>__<tool>", MaxLen: geminiMaxToolName, OnClash: true, Server: geminiServerDoc, toolName: geminiToolName, serverPrefix: geminiPart, fullName: geminiFullName}
)

// pisces follows docs/clients.md, which matches oh-my-pi (can1357/oh-my-pi
// packages/coding-agent/src/mcp/name-sanitize.ts sanitizeMCPToolNamePart at
// 13f20313, and createMCPToolName in src/mcp/tool-bridge.ts): each part is
// lower-cased, every run of characters outside [a-z_] (digits included)
// becomes one "_", runs of "_" collapse, leading and trailing "_" are
// trimmed ("server" / "tool" when nothing is left), and a tool name that
// starts with "<server>_" loses that prefix once. Two differences from
// oh-my-pi, both kept from the product design: the prefix is "mcp_" (oh-my-pi writes
// "mcp__"), and there is no length cap (oh-my-pi cuts names over 64
// characters with a Bun.hash suffix, which only Bun computes). Neither
// changes which server names collide.

func piscesToolName(server, tool string) string {
	s := piscesServer(server)
	t := piscesPart(tool, "tool")
	if rest, ok := strings.CutPrefix(t, s+"_"); ok {
		t = rest
	}
	return "mcp_" + s + "_" + t
}

func piscesServer(server string) string { return piscesPart(server, "server") }

// piscesPart is JavaScript's value.toLowerCase().replace(/[^a-z_]+/g, "_")
// .replace(/_+/g, "_").replace(/^_+|_+$/g, ""). Only three kinds of
// character lower-case into [a-z]: ASCII capitals, the Kelvin sign (k) and
// the dotted capital I, whose lower case is "i" plus a combining dot.
func piscesPart(s, fallback string) string {
	var b strings.Builder
	b.Grow(len(s))
	sep := false // a "_" is pending
	emit := func(c byte) {
		if c == '_' {
			sep = true
			return
		}
		if sep && b.Len() > 0 {
			b.WriteByte('_')
		}
		sep = false
		b.WriteByte(c)
	}
	for _, r := range s {
		switch {
		case 'a' <= r && r <= 'z' || r == '_':
			emit(byte(r))
		case 'A' <= r && r <= 'Z':
			emit(byte(r - 'A' + 'a'))
		case r == '\u212A': // KELVIN SIGN
			emit('k')
		case r == '\u0130': // LATIN CAPITAL LETTER I WITH DOT ABOVE
			emit('i')
			sep = true
		default:
			sep = true
		}
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

// Codex (openai/codex codex-rs/core/src/mcp_connection_manager.rs at
// 00302de71ca3c3d5fc3f9361b7111ca41964f8c5: qualify_tools,
// sanitize_responses_api_tool_name, sha1_hex): the raw name is
// "mcp__<server>__<tool>"; every character (a Rust char, one Unicode
// scalar) outside [a-zA-Z0-9_-] becomes "_"; a name over 64 bytes keeps
// its first 24 bytes and gets the 40 lower-case hex digits of the SHA-1 of
// the raw (unsanitized) name. Later Codex moved this to
// codex-rs/codex-mcp/src/mcp_tool_names.rs, which also folds "-" to "_"
// and adds 12-digit hash suffixes to names that collide; the scheme here
// is the one docs/clients.md describes.

const codexMaxToolName = 64

func codexToolName(server, tool string) string {
	raw := "mcp__" + server + "__" + tool
	name := codexPart(raw)
	if len(name) > codexMaxToolName {
		sum := sha1.Sum([]byte(raw))
		h := hex.EncodeToString(sum[:])
		name = name[:codexMaxToolName-len(h)] + h
	}
	return name
}

func codexFullName(server, tool string) string {
	return "mcp__" + codexPart(server) + "__" + codexPart(tool)
}

func codexPart(s string) string {
	return sanitizeRunes(s, isCodexChar, 1)
}

func isCodexChar(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '-'
}

// opencode (anomalyco/opencode packages/opencode/src/mcp/index.ts at
// 001133bc4831655c63c0e0a5a6c5f696b186cfea, MCP.tools()): server and tool
// each go through name.replace(/[^a-zA-Z0-9_-]/g, "_") and are joined with
// "_". JavaScript regexps without the u flag see UTF-16 code units, so a
// character outside the Basic Multilingual Plane becomes "__".

func opencodeToolName(server, tool string) string {
	return opencodePart(server) + "_" + opencodePart(tool)
}

func opencodePart(s string) string { return sanitizeRunes(s, isCodexChar, 2) }

// Gemini CLI (google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts
// at 03647aa5cd6f7022bf18ff6f603e8a1e3e1422c8, generateValidName):
// characters outside [a-zA-Z0-9_.-] become "_" (per UTF-16 code unit), and
// a name over 63 characters keeps its first 28 and last 32 with "___"
// between. A tool keeps its bare name generateValidName(tool) until another
// tool already has it; then it becomes "<server>__<tool>"
// (asFullyQualifiedTool), which is the name computed here, passed through
// the same sanitizer (that version hands the qualified name over without
// it, and the Gemini API then rejects invalid characters).

const (
	geminiMaxToolName = 63
	geminiHead        = 28
	geminiTail        = 32
)

func geminiToolName(server, tool string) string {
	name := geminiPart(server + "__" + tool)
	if len(name) > geminiMaxToolName {
		name = name[:geminiHead] + "___" + name[len(name)-geminiTail:]
	}
	return name
}

func geminiFullName(server, tool string) string {
	return geminiPart(server) + "__" + geminiPart(tool)
}

func geminiPart(s string) string {
	return sanitizeRunes(s, func(r rune) bool { return isCodexChar(r) || r == '.' }, 2)
}

// sanitizeRunes replaces every rune for which ok is false with "_". wide is
// how many "_" a rune outside the Basic Multilingual Plane becomes: 1 for
// Rust's chars(), 2 for JavaScript's UTF-16 code units. An invalid UTF-8
// byte counts as one character, as the U+FFFD a decoder makes of it.
func sanitizeRunes(s string, ok func(rune) bool, wide int) string {
	clean := true
	for _, r := range s {
		if !ok(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case ok(r):
			b.WriteRune(r)
		case r > 0xFFFF && wide == 2:
			b.WriteString("__")
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
