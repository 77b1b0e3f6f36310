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
