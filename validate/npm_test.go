package validate

import (
	"strings"
	"testing"
)

// TestNpxParse checks which argument npm installs for npx; the
// --project-ref case was checked with npm 11.19.1 (npx --offline …):
// npm asked the registry for the value, not for the package.
func TestNpxParse(t *testing.T) {
	for _, tt := range []struct {
		args              string
		pkg               int
		answered          bool
		unknown, intended int
	}{
		{"pkg", 0, false, -1, -1},
		{"-y pkg --flag", 1, true, -1, -1},
		{"--yes pkg", 1, true, -1, -1},
		{"--no pkg", 1, true, -1, -1},
		{"--no-install pkg", 1, true, -1, -1},
		{"--yes=false pkg", 1, true, -1, -1},
		{"-gy pkg", 1, true, -1, -1},
		{"--registry https://registry.npmjs.org pkg", 2, false, -1, -1},
		{"--reg https://registry.npmjs.org pkg", 2, false, -1, -1},
		{"--quiet pkg", 1, false, -1, -1},
		{"-p pkg cmd", 1, false, -1, -1},
		{"--package=pkg cmd", 0, false, -1, -1},
		{"--package pkg -y cmd", 1, true, -1, -1},
		{"-- pkg", 1, false, -1, -1},
		{"--ignore-scripts pkg", 1, false, -1, -1},
		{"--foo pkg", 1, false, -1, -1},      // an unknown switch, then the package
		{"--foo=bar pkg", 1, false, -1, -1},  // an unknown option with its value
		{"--foo true pkg", 2, false, -1, -1}, // "true" is the switch's value
		{"-c cmd", -1, false, -1, -1},
		{"--project-ref abcref --read-only true --features docs --api-url https://x --registry https://r @supabase/mcp-server-supabase@0.7.0",
			1, false, 0, 10},
		{"--foo abc -- pkg", 1, false, 0, 3},
		{"-y --project-ref abc pkg", 2, true, 1, 3},
	} {
		got := npxParse(strings.Fields(tt.args))
		want := npxCall{pkg: tt.pkg, answered: tt.answered, unknown: tt.unknown, intended: tt.intended}
		if got != want {
			t.Errorf("npx %s:\n got %+v\nwant %+v", tt.args, got, want)
		}
	}
}

func FuzzNpxParse(f *testing.F) {
	f.Add("--project-ref abc -gy --no-x=1 -- pkg --package=q -p")
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		c := npxParse(args)
		for _, i := range []int{c.pkg, c.unknown, c.intended} {
			if i < -1 || i >= len(args) {
				t.Fatalf("npx %q: index %d out of range: %+v", s, i, c)
			}
		}
	})
}

// The package meant is found past switches given placeholder values
// (regression: 122sp7/xuanwu-app, "--read-only", "${input:read-only}").
func TestNpxIntended(t *testing.T) {
	args := []string{"--project-ref", "${input:project-ref}", "--read-only", "${input:read-only}", "--registry", "https://r", "@supabase/mcp-server-supabase@0.7.0"}
	if c := npxParse(args); c.unknown != 0 || c.pkg != 1 || c.intended != 6 {
		t.Errorf("%+v", c)
	}
}
