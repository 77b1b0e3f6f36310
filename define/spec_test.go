package define

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

func TestSpecServer(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
		want Server
		err  string
	}{
		{name: "stdio with env", spec: Spec{Name: "gh", Command: []string{"npx", "-y", "pkg"}, Env: []string{"A=1", "T=${T}", "E=x=y"}},
			want: Server{Name: "gh", Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", "pkg"}, Env: []KV{{"A", "1"}, {"T", "${T}"}, {"E", "x=y"}}}},
		{name: "http with a header", spec: Spec{Name: "d", URL: "https://x/mcp", Headers: []string{"Authorization:  Bearer ${T} "}},
			want: Server{Name: "d", Transport: normalize.HTTP, URL: "https://x/mcp", Headers: []KV{{"Authorization", "Bearer ${T}"}}}},
		{name: "sse", spec: Spec{Name: "d", URL: "https://x/sse", Transport: "sse"},
			want: Server{Name: "d", Transport: normalize.SSE, URL: "https://x/sse"}},
		{name: "env without =", spec: Spec{Name: "a", Command: []string{"x"}, Env: []string{"A"}}, err: `-e "A": write -e KEY=VALUE`},
		{name: "header without colon", spec: Spec{Name: "a", URL: "https://x", Headers: []string{"A"}}, err: `-H "A": write -H "Key: Value"`},
		{name: "both", spec: Spec{Name: "a", URL: "https://x", Command: []string{"x"}}, err: "not both"},
		{name: "neither", spec: Spec{Name: "a"}, err: "give the server's URL"},
		{name: "unknown transport", spec: Spec{Name: "a", URL: "https://x", Transport: "ws"}, err: `unknown --transport "ws"`},
		{name: "env on a URL", spec: Spec{Name: "a", URL: "https://x", Env: []string{"A=1"}}, err: "-e is for a stdio server"},
		{name: "header on a command", spec: Spec{Name: "a", Command: []string{"x"}, Headers: []string{"A: 1"}}, err: "-H and --transport are for a remote server"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.spec.Server()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Name != tc.want.Name || got.Transport != tc.want.Transport || got.Command != tc.want.Command || got.URL != tc.want.URL ||
				!slices.Equal(got.Args, tc.want.Args) || !slices.Equal(got.Env, tc.want.Env) || !slices.Equal(got.Headers, tc.want.Headers) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
