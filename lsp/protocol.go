package lsp

import "encoding/json"

// The structures of LSP 3.17 this server reads and writes, named as the
// specification names them.

// Position is a line and a character offset, both 0-based, the
// character counted in the negotiated encoding (UTF-16 by default).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// TextDocumentItem is a document as didOpen sends it.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// VersionedTextDocumentIdentifier names a document at a version.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

// TextDocumentContentChangeEvent is a change: a range replaced by Text,
// or (Range nil) the whole text.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidOpenTextDocumentParams are textDocument/didOpen's.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// DidChangeTextDocumentParams are textDocument/didChange's.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// DidCloseTextDocumentParams are textDocument/didClose's (and didSave's).
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// WorkspaceFolder is a folder the editor has open.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// InitializeParams are what initialize reads of the client.
type InitializeParams struct {
	ProcessID        *int              `json:"processId"`
	RootURI          *string           `json:"rootUri"`
	RootPath         *string           `json:"rootPath"`
	WorkspaceFolders []WorkspaceFolder `json:"workspaceFolders"`
	Capabilities     struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		TextDocument struct {
			Hover struct {
				ContentFormat []string `json:"contentFormat"`
			} `json:"hover"`
		} `json:"textDocument"`
		Workspace struct {
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

// RegistrationParams are client/registerCapability's.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

// Registration asks the client for one method.
type Registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

// FileSystemWatcher is a glob of files whose changes on disk the client
// reports (workspace/didChangeWatchedFiles).
type FileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

// InitializeResult is initialize's answer.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities are what this server does.
type ServerCapabilities struct {
	PositionEncoding       string                  `json:"positionEncoding"`
	TextDocumentSync       TextDocumentSyncOptions `json:"textDocumentSync"`
	HoverProvider          bool                    `json:"hoverProvider"`
	CodeActionProvider     CodeActionOptions       `json:"codeActionProvider"`
	CompletionProvider     *CompletionOptions      `json:"completionProvider,omitempty"`
	DefinitionProvider     bool                    `json:"definitionProvider"`
	DocumentSymbolProvider bool                    `json:"documentSymbolProvider"`
	Workspace              *WorkspaceCapabilities  `json:"workspace,omitempty"`
}

// WorkspaceCapabilities: the server follows the editor's workspace
// folders as they are added and removed.
type WorkspaceCapabilities struct {
	WorkspaceFolders WorkspaceFoldersSupport `json:"workspaceFolders"`
}

// WorkspaceFoldersSupport asks for workspace/didChangeWorkspaceFolders.
type WorkspaceFoldersSupport struct {
	Supported           bool `json:"supported"`
	ChangeNotifications bool `json:"changeNotifications"`
}

// DidChangeWorkspaceFoldersParams are workspace/didChangeWorkspaceFolders'.
type DidChangeWorkspaceFoldersParams struct {
	Event struct {
		Added   []WorkspaceFolder `json:"added"`
		Removed []WorkspaceFolder `json:"removed"`
	} `json:"event"`
}

// CompletionOptions: the characters that ask for completion.
type CompletionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters,omitempty"`
}

// TextDocumentSyncOptions: open and close notifications, incremental
// changes, saves.
type TextDocumentSyncOptions struct {
	OpenClose bool `json:"openClose"`
	Change    int  `json:"change"` // 1 full, 2 incremental
	Save      bool `json:"save"`
}

// Text document sync kinds.
const (
	syncFull        = 1
	syncIncremental = 2
)

// CodeActionOptions list the kinds of code actions offered.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// Diagnostic is a finding as the editor shows it.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity"`
	Code               string                         `json:"code"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source"`
	Message            string                         `json:"message"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	Data               *DiagnosticData                `json:"data,omitempty"`
}

// Diagnostic severities.
const (
	severityError       = 1
	severityWarning     = 2
	severityInformation = 3
)

// CodeDescription links a rule's documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation is another place that explains a finding.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// DiagnosticData is what lint's JSON says of a finding besides its
// message, kept with the diagnostic: the JSON pointer of the value, the
// hint, and the clients it concerns.
type DiagnosticData struct {
	Pointer string   `json:"pointer,omitempty"`
	Hint    string   `json:"hint,omitempty"`
	Clients []string `json:"clients,omitempty"`
}

// PublishDiagnosticsParams are textDocument/publishDiagnostics'.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentPositionParams are hover's.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// Hover is hover's answer.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// MarkupContent is markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// CodeActionParams are textDocument/codeAction's.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
		Only        []string     `json:"only"`
	} `json:"context"`
}

// CodeAction is a fix the editor may apply.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
}

// Code action kinds.
const (
	kindQuickFix = "quickfix"
	kindFixAll   = "source.fixAll.mcpconf"
)

// WorkspaceEdit changes documents, each at the version it was made for.
type WorkspaceEdit struct {
	DocumentChanges []TextDocumentEdit `json:"documentChanges"`
}

// TextDocumentEdit is the edits of one document at a version.
type TextDocumentEdit struct {
	TextDocument VersionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []TextEdit                      `json:"edits"`
}

// TextEdit replaces a range by NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// raw keeps a parameter undecoded.
type raw = json.RawMessage

// CompletionItem is one completion offered.
type CompletionItem struct {
	Label         string `json:"label"`
	Kind          int    `json:"kind,omitempty"`
	Detail        string `json:"detail,omitempty"`
	Documentation string `json:"documentation,omitempty"`
	FilterText    string `json:"filterText,omitempty"`
}

// Completion item kinds.
const (
	completionField      = 5
	completionVariable   = 6
	completionEnumMember = 20
)

// DocumentSymbolParams are textDocument/documentSymbol's.
type DocumentSymbolParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DocumentSymbol is a symbol of a document: a server.
type DocumentSymbol struct {
	Name           string `json:"name"`
	Detail         string `json:"detail,omitempty"`
	Kind           int    `json:"kind"`
	Range          Range  `json:"range"`
	SelectionRange Range  `json:"selectionRange"`
}

// symbolObject is SymbolKind Object.
const symbolObject = 19
