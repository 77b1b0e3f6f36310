package resolve

import "testing"

func TestClassify(t *testing.T) {
	lookup := env("GITHUB_TOKEN", "ghp_x", "EMPTY", "", "lower", "v")
	tests := []struct {
		value   string
		lookup  func(string) (string, bool)
		want    ValueKind
		command string
		_       string
	}{
		{"!gh auth token", lookup, Command, "gh auth token", ""},
		{"! op read x ", lookup, Command, "op read x", ""},
		{"!", lookup, Command, "", ""},
		// pisces has no escape: "!!x" runs "!x" (sh negates it).
		{"!!not a command", lookup, Command, "!not a command", ""},
		{"!!", lookup, Command, "!", ""},
		{"GITHUB_TOKEN", lookup, EnvName, "", "GITHUB_TOKEN"},
		{"lower", lookup, EnvName, "", "lower"},
		{"EMPTY", lookup, Literal, "", "EMPTY"},
		{"UNSET_VAR", lookup, Literal, "", "UNSET_VAR"},
		{"GITHUB_TOKEN ", lookup, Literal, "", "GITHUB_TOKEN "},
		{"Bearer abc", lookup, Literal, "", "Bearer abc"},
		{"", lookup, Literal, "", ""},
		{"GITHUB_TOKEN", nil, Literal, "", "GITHUB_TOKEN"},
		{"a!b", lookup, Literal, "", "a!b"},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			if got := Classify(tt.value, tt.lookup); got != tt.want {
				t.Errorf("Classify(%q) = %v, want %v", tt.value, got, tt.want)
			}
			if got := commandLine(tt.value); got != tt.command {
				t.Errorf("commandLine(%q) = %q, want %q", tt.value, got, tt.command)
			}
		})
	}
}

func TestValueKindString(t *testing.T) {
	for k, want := range map[ValueKind]string{Literal: "literal", EnvName: "env-name", Command: "command", 9: "unknown"} {
		if got := k.String(); got != want {
			t.Errorf("ValueKind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

func TestIsEnvName(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"GITHUB_TOKEN", true},
		{"A", true},
		{"_PRIVATE", true},
		{"X1_2", true},
		{"", false},
		{"1X", false},
		{"github_token", false},
		{"Github_Token", false},
		{"GITHUB-TOKEN", false},
		{"GITHUB TOKEN", false},
		{"${GITHUB_TOKEN}", false},
		{"ÄBC", false},
	}
	for _, tt := range tests {
		if got := IsEnvName(tt.in); got != tt.want {
			t.Errorf("IsEnvName(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
