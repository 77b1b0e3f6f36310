package view

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
)

// Origin is where a definition was read.
type Origin struct {
	Path     secret.Safe
	Client   secret.Safe // the provider id: pisces, claude, codex, …
	Scope    secret.Safe
	Priority int // pisces's merged view only
	Pos      Pos
	// Extension names the extension that brings the definition (Gemini
	// CLI's extensions).
	Extension secret.Safe
	// Plugin names the plugin that brings the definition
	// ("PLUGIN@MARKETPLACE": Claude Code's plugins).
	Plugin secret.Safe
}

// ScopeText says where a definition comes from in a client's view: "user
// scope", or the extension or plugin that brings it.
func (o Origin) ScopeText() string {
	if !o.Extension.IsZero() {
		return "extension " + quoteSafe(o.Extension)
	}
	if !o.Plugin.IsZero() {
		return "plugin " + quoteSafe(o.Plugin)
	}
	return o.Scope.String() + " scope"
}

func quoteSafe(s secret.Safe) string { return `"` + s.String() + `"` }

// Place is where a setting is written.
type Place struct {
	Path secret.Safe
	Pos  Pos
}

// KV is one entry of an env or headers map, its value masked as written.
type KV struct{ Key, Value secret.Safe }

// Map is an env or headers map sorted by key; it is written in JSON as an
// object.
type Map []KV

// MarshalJSON writes the map as a JSON object ({} when empty).
func (m Map) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(kv.Key.JSON())
		b.WriteByte(':')
		b.Write(kv.Value.JSON())
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// IsZero reports an empty map (for JSON's omitzero).
func (m Map) IsZero() bool { return len(m) == 0 }

// Server is one definition as output shows it.
type Server struct {
	Name      secret.Safe
	Transport secret.Safe // stdio, http, sse, ws, extension, unknown
	// TransportExplicit: the file said it ("type"); otherwise inferred.
	TransportExplicit bool
	Type              secret.Safe // the transport literal as written
	Command           secret.Safe
	Args              []secret.Safe
	URL               secret.Safe
	Cwd               secret.Safe
	EnvFile           secret.Safe
	Env, Headers      Map
	EnvVars           []secret.Safe
	HeaderEnvRefs     Map
	BearerTokenEnvVar secret.Safe
	Required          bool
	Enabled           bool
	// Status is what the client does with the server (enabled, disabled,
	// pending-approval, …); Reason why it does not start it, DecidedAt
	// the setting that decided it.
	Status     secret.Safe
	Started    bool // Status is enabled
	Reason     secret.Safe
	DisabledBy secret.Safe
	DecidedAt  *Place
	// Hint says what to do for the client to start it (a server it does
	// not start): the file and key to edit, or the client's own prompt.
	Hint secret.Safe
	// Yields: the definition does not hold its name when off (a pending
	// Claude Code project server); a lower one is in use.
	Yields bool
	// Merged: the definition is merged key by key from several files.
	Merged bool
	// Patch: a layer that does not define a server on its own (no
	// command, URL or type), only changes fields of another layer's.
	Patch          bool
	StartupTimeout time.Duration
	ToolTimeout    time.Duration
	EnabledTools   []secret.Safe
	DisabledTools  []secret.Safe
	Source         Origin
	// Summary is what the server starts or connects to, on one line.
	Summary secret.Safe
	// Members are the fields of the entry as written, each masked, with
	// the file and position of its key (explain NAME only).
	Members []Member
}

// Member is one field of an entry as written.
type Member struct {
	Key   secret.Safe
	Value secret.JSON
	Path  secret.Safe // the file it came from (merged definitions take fields from several)
	Pos   Pos
	// Ignored says the client does not read the field ("Cursor does not
	// read it; did you mean "args"?"); zero for a field it reads.
	Ignored secret.Safe
}

// learnServer teaches the boundary the secrets of a definition as
// written: its args, URL, env and headers, and every field of its entry.
func learnServer(b *secret.Boundary, s *normalize.Server) {
	if s.Node != nil {
		learnNode(b, "", s.Node) // every field as written, in each client's keys
		return
	}
	b.LearnArgs(s.Args)
	b.LearnURL(s.URL)
	b.LearnText(s.Command)
	for k, v := range s.Env {
		b.LearnValue(k, v)
	}
	for k, v := range s.Headers {
		b.LearnValue(k, v)
	}
}

// learnNode learns the secrets of a raw value: strings under
// secret-looking keys, and what the scanner sees in the others.
func learnNode(b *secret.Boundary, key string, v *normalize.Value) {
	switch v.Kind {
	case normalize.Object:
		for _, m := range v.Members {
			if m.Value.Kind == normalize.String && secretMaps()[key] {
				b.LearnValue(m.Key, m.Value.Str)
				continue
			}
			learnNode(b, m.Key, m.Value)
		}
	case normalize.Array:
		if strs, ok := v.Strings(); ok && (key == "args" || key == "command") {
			b.LearnArgs(strs)
			return
		}
		for _, it := range v.Items {
			learnNode(b, "", it)
		}
	case normalize.String:
		switch {
		case secret.IsSecretKey(key) && !strings.HasSuffix(strings.ToLower(key), "_env_var"):
			b.LearnValue(key, v.Str)
		case key == "url" || key == "serverUrl" || key == "httpUrl":
			b.LearnURL(v.Str)
		default:
			b.LearnText(v.Str)
		}
	}
}

// server makes one definition Safe. With members, the fields of its entry
// as written are included (explain NAME).
func server(b *secret.Boundary, s *normalize.Server, members bool) Server {
	out := Server{
		Name: b.Text(s.Name), Transport: b.Own(transportName(s.Transport)), TransportExplicit: s.TransportExplicit,
		Type: b.Text(s.Type), Command: b.Text(s.Command), Args: b.Args(s.Args), URL: b.URL(s.URL),
		Cwd: b.Text(s.Cwd), EnvFile: b.Text(s.EnvFile),
		Env: values(b, s.Env), Headers: values(b, s.Headers), EnvVars: b.Texts(s.EnvVars),
		HeaderEnvRefs: names(b, s.HeaderEnvRefs), BearerTokenEnvVar: b.Text(s.BearerTokenEnvVar),
		Required: s.Required, Enabled: s.Enabled, DisabledBy: b.Text(s.DisabledBy()),
		Merged: s.FieldPaths != nil, Patch: s.Patch, StartupTimeout: s.StartupTimeout, ToolTimeout: s.ToolTimeout,
		EnabledTools: b.Texts(s.IncludeTools), DisabledTools: b.Texts(s.ExcludeTools),
		Source: origin(b, s.Source),
	}
	out.Summary = summary(b, s, out.Command, out.Args)
	status := normalize.StatusEnabled
	if !s.Enabled && s.Off != nil {
		status = s.Off.Status
	}
	out.Status, out.Started = b.Own(string(status)), status == normalize.StatusEnabled
	if s.Off != nil {
		out.Reason, out.Hint = b.Message(s.Off.Reason), b.Message(s.Off.Hint)
		out.Yields = s.Off.Yields
		if s.Off.Path != "" {
			out.DecidedAt = &Place{Path: b.Path(s.Off.Path), Pos: pos(s.Off.Pos)}
		}
	}
	if members && s.Node != nil {
		unknown := map[string]bool{}
		for _, u := range s.Unknown {
			unknown[u.Key] = true
		}
		c := s.Source.Client
		for _, m := range s.Node.Members {
			mv := Member{Key: b.Text(m.Key), Value: b.JSON(maskedValue(m.Key, m.Value)),
				Path: b.Path(s.FieldPath(m.Key)), Pos: pos(m.KeyRange.Start)}
			if unknown[m.Key] && c != nil {
				why := c.Product + " does not read it"
				switch suggestion, hint := validate.SuggestField(c, m); {
				case suggestion != "":
					why += "; did you mean " + suggestion + "?"
				case hint != "":
					why += "; " + hint
				}
				mv.Ignored = b.Text(why)
			}
			out.Members = append(out.Members, mv)
		}
	}
	return out
}

func origin(b *secret.Boundary, src normalize.Source) Origin {
	return Origin{Path: b.Path(src.Path), Client: b.Own(normalize.IDOf(src.Client)), Scope: b.Own(string(src.Scope)), Priority: src.Priority, Pos: pos(src.Pos),
		Extension: b.Text(src.Extension), Plugin: b.Text(src.Plugin)}
}

func transportName(t normalize.Transport) string {
	if t == normalize.NoTransport {
		return "unknown"
	}
	return string(t)
}

// values is an env or headers map as written, sorted, values masked.
func values(b *secret.Boundary, m map[string]string) Map { return safeMap(b, m, b.Value) }

// names is a map whose values are variable names (Codex env_http_headers).
func names(b *secret.Boundary, m map[string]string) Map {
	return safeMap(b, m, func(_, v string) secret.Safe { return b.Text(v) })
}

func safeMap(b *secret.Boundary, m map[string]string, value func(key, v string) secret.Safe) Map {
	if len(m) == 0 {
		return nil
	}
	out := make(Map, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, KV{b.Text(k), value(k, m[k])})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// summary is the one-line form of what a server starts or connects to.
func summary(b *secret.Boundary, s *normalize.Server, command secret.Safe, args []secret.Safe) secret.Safe {
	switch {
	case s.Command != "":
		return secret.Join(append([]secret.Safe{command}, args...), " ")
	case s.URL != "":
		return b.URL(s.URL)
	case s.Transport == normalize.Extension:
		return secret.Lit("(provided by an extension)")
	}
	return secret.Lit("(no command or URL)")
}

// secretMaps are server keys whose values are maps of secrets by nature:
// env and headers, under any client's key for them (normalize.KeysOf).
var secretMaps = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, k := range slices.Concat(normalize.KeysOf("env"), normalize.KeysOf("headers")) {
		m[k] = true
	}
	return m
})

// maskedValue is a raw value as plain data with every secret masked as
// explain shows it: env and header values as written (references shown,
// literals masked), URLs, args, strings under secret-looking keys and
// token shapes.
func maskedValue(key string, v *normalize.Value) any {
	switch {
	case v.Kind == normalize.Object && secretMaps()[key]:
		out := map[string]any{}
		for _, m := range v.Unique() {
			if m.Value.Kind == normalize.String {
				out[m.Key] = secret.MaskValue(m.Key, m.Value.Str)
			} else {
				out[m.Key] = maskedValue(m.Key, m.Value)
			}
		}
		return out
	case v.Kind == normalize.Object:
		out := map[string]any{}
		for _, m := range v.Unique() {
			out[m.Key] = maskedValue(m.Key, m.Value)
		}
		return out
	case v.Kind == normalize.String && secret.IsSecretKey(key) && !strings.HasSuffix(strings.ToLower(key), "_env_var"):
		return secret.Masked
	case v.Kind == normalize.String && (key == "url" || key == "serverUrl" || key == "httpUrl"):
		return secret.MaskURL(v.Str)
	case v.Kind == normalize.String:
		return secret.Mask(v.Str)
	case v.Kind == normalize.Array && (key == "args" || key == "command"):
		if strs, ok := v.Strings(); ok {
			return secret.MaskArgs(strs)
		}
	case v.Kind == normalize.Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = maskedValue("", it)
		}
		return out
	}
	raw, err := json.Marshal(v.Interface())
	if err != nil {
		return nil
	}
	return json.RawMessage(raw)
}
