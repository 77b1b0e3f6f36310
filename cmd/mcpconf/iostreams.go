package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/internal/iostreams"
)

// IO is everything a command may touch of the outside world.
type IO = iostreams.IO

// SystemIO is the process's own streams and environment.
func SystemIO() *IO { return iostreams.System() }

// colorFlags are --color and --no-color, as every command that prints in
// color takes them.
type colorFlags = iostreams.ColorFlags

func registerColor(cmd *cobra.Command, f *colorFlags) {
	cmd.Flags().StringVar(&f.Mode, "color", iostreams.ColorAuto, "when to color the output: auto (on a terminal, without NO_COLOR), always or never")
	cmd.Flags().BoolVar(&f.NoColor, "no-color", false, "disable colors (same as --color never; also NO_COLOR)")
}

// checkColor rejects an unknown mode, and --no-color with --color always.
func checkColor(f colorFlags) error {
	switch f.Mode {
	case iostreams.ColorAuto, iostreams.ColorNever:
	case iostreams.ColorAlways:
		if f.NoColor {
			return usagef("--no-color and --color always contradict each other: give one")
		}
	default:
		return usagef("unknown --color %q: use auto, always or never", f.Mode)
	}
	return nil
}
