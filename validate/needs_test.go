package validate

import (
	"slices"
	"testing"
)

func TestPackageNeeds(t *testing.T) {
	for _, c := range []struct {
		command string
		args    []string
		pkg     string
		vars    []string
	}{
		{"npx", []string{"-y", "@modelcontextprotocol/server-github"}, "@modelcontextprotocol/server-github", []string{"GITHUB_PERSONAL_ACCESS_TOKEN"}},
		{"cmd", []string{"/c", "npx", "-y", "@stripe/mcp@0.2.5"}, "@stripe/mcp", []string{"STRIPE_SECRET_KEY"}},
		{"npx", []string{"-y", "@stripe/mcp", "--api-key=sk_test_x"}, "", nil}, // a flag gives it
		{"/usr/local/bin/tavily-mcp", nil, "tavily-mcp", []string{"TAVILY_API_KEY"}},
		{"npx", []string{"-y", "some-other-server"}, "", nil},
	} {
		pkg, groups := PackageNeeds(c.command, c.args)
		if pkg != c.pkg || !slices.Equal(slices.Concat(groups...), c.vars) {
			t.Errorf("%s %q: %q %q, want %q %q", c.command, c.args, pkg, groups, c.pkg, c.vars)
		}
	}
}
