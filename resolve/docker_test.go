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

func TestParseDockerRunForwarded(t *testing.T) {
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
		run, _ := ParseDockerRun(tc.command, tc.args)
		if !slices.Equal(run.Forwarded, tc.want) {
			t.Errorf("ParseDockerRun(%q, %q).Forwarded = %+v, want %+v", tc.command, tc.args, run.Forwarded, tc.want)
		}
	}
}

func TestParseDockerRun(t *testing.T) {
	for _, tc := range []struct {
		command string
		args    []string
		image   int
		set     []string
		envFile bool
		ok      bool
	}{
		{"docker", []string{"run", "-i", "--rm", "-e", "A=1", "--name", "x", "img", "--flag"}, 7, []string{"A"}, false, true},
		{"docker", []string{"run", "--env-file", ".env", "--", "img"}, 4, nil, true, true},
		{"podman", []string{"container", "run", "--env-file=.env", "-v", "/a:/b"}, -1, nil, true, true},
		{"npx", []string{"run", "img"}, -1, nil, false, false},
	} {
		run, ok := ParseDockerRun(tc.command, tc.args)
		if ok != tc.ok || run.Image != tc.image || !slices.Equal(run.Set, tc.set) || run.EnvFile != tc.envFile {
			t.Errorf("ParseDockerRun(%q, %q) = %+v, %v", tc.command, tc.args, run, ok)
		}
	}
}
