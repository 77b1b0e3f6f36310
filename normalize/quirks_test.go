package normalize

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// quirks names, for each yes-or-no field of the descriptor's sections, the
// clients whose behaviour needs it: a quirk no client sets is dead code, a
// client that sets one it does not need is caught here, and the next
// engineer finds in one line who a flag is for (issue 31). The client's
// own descriptor says why, with its source.
var quirks = []struct{ section, field, clients string }{
	{"Layout", "UpWithoutRoot", "opencode,kilo"},
	{"Layout", "NoProjectInHome", "gemini"},
	{"Layout", "HomeLocal", "claude"},
	{"Layout", "WorktreeMainKey", "claude"},
	{"Layout", "PhysicalKeys", "claude,codex"},
	{"Layout", "SameConnection", "pisces"},
	{"Gates", "HidesBlocked", "claude"},
	{"Gates", "TextBooleans", "gemini"},
	{"Gates", "NullClears", "gemini,qwen"},
	{"Gates", "SkipsInvalid", "claude,x-code,copilot"},
	{"Shape", "BadURLInvalid", "opencode,kilo"},
	{"Shape", "TypeRequired", "opencode,kilo"},
	{"Shape", "UnknownTypeIgnored", "gemini,qwen"},
	{"Shape", "UnknownTypeStdio", "pisces,mcp-json"},
	{"Shape", "EndpointRequired", "pisces,mcp-json"},
	{"Shape", "RemoteNeedsType", "claude"},
	{"Shape", "URLMeansSSE", "agent-code"},
	{"Shape", "CommandArray", "opencode,kilo"},
	{"Shape", "StringServers", "pisces,mcp-json"},
	{"Shape", "LenientBool", "pisces"},
	{"Shape", "BadSwitchIgnored", "pisces,mcp-json"},
	{"Shape", "ToolArgsInAllow", "gemini,qwen"},
	{"Shape", "NameChars", "pisces,claude,codex,vscode,mcp-json"},
	{"Shape", "NamespacedNames", "vscode"},
	{"Shape", "Inputs", "vscode"},
	{"Shape", "RequiresServersKey", "claude"},
	{"Shape", "EntrySchema", "x-code"},
	{"Expansion", "VarsByName", "codex"},
	{"Expansion", "ValueCommands", "pisces,mcp-json"},
	{"Expansion", "PlaceholdersUnverified", "claude-desktop,zed,copilot"},
	{"Expansion", "ExpandsEveryString", "pisces,gemini,qwen,opencode,kilo"},
	{"Launch", "NoShell", "pisces,claude,codex,gemini,qwen,opencode,kilo,agent-code,vscode,roo,cline,x-code"},
	{"Launch", "ExpandsTilde", "vscode"},
	{"Launch", "FailsListed", "x-code"},
	{"Launch", "NoSSE", "codex,x-code"},
}

func TestQuirksNameTheirClients(t *testing.T) {
	typ := reflect.TypeOf(Client{})
	listed := map[string]string{}
	for _, q := range quirks {
		listed[q.section+"."+q.field] = q.clients
	}
	for _, sec := range []string{"Layout", "Gates", "Shape", "Expansion", "Launch"} {
		sf, ok := typ.FieldByName(sec)
		if !ok {
			t.Fatalf("section %s is gone", sec)
		}
		for i := range sf.Type.NumField() {
			f := sf.Type.Field(i)
			if !f.IsExported() || f.Type.Kind() != reflect.Bool {
				continue
			}
			var ids []string
			for _, c := range Clients() {
				if reflect.ValueOf(c).Elem().FieldByIndex(append(slices.Clone(sf.Index), i)).Bool() {
					ids = append(ids, c.ID)
				}
			}
			key := sec + "." + f.Name
			want, ok := listed[key]
			switch {
			case !ok:
				t.Errorf("%s is a quirk no line of quirks names: add {%q, %q, %q}", key, sec, f.Name, strings.Join(ids, ","))
			case len(ids) == 0:
				t.Errorf("%s is set by no client: remove the field and what reads it", key)
			case want != strings.Join(ids, ","):
				t.Errorf("%s is set by %q, quirks says %q", key, strings.Join(ids, ","), want)
			}
			delete(listed, key)
		}
	}
	for k := range listed {
		t.Errorf("quirks lists %s, which is no yes-or-no field of a section", k)
	}
}
