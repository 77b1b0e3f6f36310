package resolve

import (
	"slices"
	"strings"
	"testing"
)

func TestCanonicalArgs(t *testing.T) {
	for _, c := range []struct{ cmd, a, b string }{
		{"docker", "run --rm -i img -transport stdio", "run -i --rm img -transport stdio"},
		{"podman", "run -e A=1 -i -e B=2 img", "run -i -e A=1 -e B=2 img"},
		{"/usr/bin/docker", "container run -v /a:/a --rm img", "container run --rm -v /a:/a img"},
	} {
		a, b := canonicalArgs(c.cmd, strings.Fields(c.a)), canonicalArgs(c.cmd, strings.Fields(c.b))
		if !slices.Equal(a, b) {
			t.Errorf("%s %s / %s: %q != %q", c.cmd, c.a, c.b, a, b)
		}
	}
	for _, c := range []struct{ cmd, a, b string }{
		{"docker", "run -i img --rm", "run -i --rm img"}, // after the image: the container's arguments
		{"docker", "run -e A=1 img", "run -e A=2 img"},
		{"npx", "-y --foo pkg", "--foo -y pkg"}, // only docker and podman
	} {
		if a, b := canonicalArgs(c.cmd, strings.Fields(c.a)), canonicalArgs(c.cmd, strings.Fields(c.b)); slices.Equal(a, b) {
			t.Errorf("%s %s / %s: equal %q", c.cmd, c.a, c.b, a)
		}
	}
}

func TestDockerForwarded(t *testing.T) {
	for _, tc := range []struct {
		command string
		args    []string
		want    []Forwarded
	}{
		{"docker", []string{"run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"},
			[]Forwarded{{"GITHUB_PERSONAL_ACCESS_TOKEN", 4}}},
		{"/usr/bin/podman", []string{"run", "--env=A", "-eB", "--env", "C=set", "-e", "D=", "-v", "-e:/x", "img", "-e", "AFTER_IMAGE"},
			[]Forwarded{{"A", 1}, {"B", 2}}},
		{"docker.exe", []string{"container", "run", "--name", "-e", "--env", "TOKEN", "img"}, []Forwarded{{"TOKEN", 5}}},
		{"docker", []string{"compose", "run", "-e", "A", "svc"}, nil},
		{"npx", []string{"run", "-e", "A"}, nil},
		{"docker", []string{"run", "-e"}, nil},
	} {
		if got := DockerForwarded(tc.command, tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("DockerForwarded(%q, %q) = %+v, want %+v", tc.command, tc.args, got, tc.want)
		}
	}
}
