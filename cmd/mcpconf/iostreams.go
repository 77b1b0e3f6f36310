package main

// The injected IO: what a command may touch of the outside world — its
// streams, whether they are terminals and how wide, the environment, the
// working and home directories, the run's context — and what follows from
// them (colors, the run's secret boundary, mcpconf's own messages). Tests
// run the commands against buffers and a fake environment through one
// type, as cli/cli's iostreams; it lives here, the only package that uses
// it, so that nothing under internal/ imports report or secret.

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/secret"
)

// IO is everything a command may touch of the outside world. Commands
// write only here, so tests run them against buffers and a fake
// environment.
type IO struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// OutTTY and ErrTTY say whether the streams are terminals.
	OutTTY, ErrTTY bool
	// Width is the width of the terminal Out is, in cells; 0 when Out is
	// not a terminal, and text is then printed as long as it is. ErrWidth
	// is ErrOut's, for probe's progress line.
	Width, ErrWidth int
	Getenv          func(string) string
	// LookupEnv tells a variable set to "" from one not set; nil falls
	// back to Getenv, where "" means not set.
	LookupEnv func(string) (string, bool)
	// Environ is the environment servers started by probe inherit from
	// mcpconf, as each client would pass its own; nil is an empty one.
	Environ func() []string
	Getwd   func() (string, error)
	HomeDir func() (string, error)
	// Context is cancelled when the user interrupts mcpconf (Ctrl-C), so
	// probe can stop its servers; nil means never.
	Context context.Context
	// FingerprintKey keys the fingerprints of secrets; nil is a random key
	// per run (tests set one to compare output).
	FingerprintKey []byte
}

// SystemIO is the process's own streams and environment.
func SystemIO() *IO {
	o := &IO{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		OutTTY:    isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		ErrTTY:    isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd()),
		Getenv:    os.Getenv,
		LookupEnv: os.LookupEnv,
		Environ:   os.Environ,
		Getwd:     os.Getwd,
		HomeDir:   os.UserHomeDir,
	}
	size := func(f *os.File) int {
		w, _, err := term.GetSize(int(f.Fd()))
		if err != nil {
			return 0
		}
		return terminalWidth(w, os.Getenv("COLUMNS"))
	}
	if o.OutTTY {
		o.Width = size(os.Stdout)
	}
	if o.ErrTTY {
		o.ErrWidth = size(os.Stderr)
	}
	return o
}

// terminalWidth is the width output to a terminal fits: COLUMNS when it
// is a number (as ls reads it: to see how a narrower terminal shows
// things), else the terminal's own, else none. Widths under 20 cells are
// taken as none: nothing fits there, and text is better left whole.
func terminalWidth(size int, columns string) int {
	if n, err := strconv.Atoi(columns); err == nil && n > 0 {
		size = n
	}
	if size < 20 {
		return 0
	}
	return size
}

// Color modes of --color.
const (
	colorAuto   = "auto"
	colorAlways = "always"
	colorNever  = "never"
)

// colorFlags are --color and --no-color, as every command that prints in
// color takes them.
type colorFlags struct {
	Mode    string // auto, always or never
	NoColor bool
}

// ColorEnabled decides once per IO: --color always colors whatever the
// output is (CI logs that render colors), --color never and --no-color
// never color; auto colors a terminal without NO_COLOR (any value, per
// no-color.org) and not TERM=dumb.
func (o *IO) ColorEnabled(f colorFlags) bool {
	switch {
	case f.NoColor || f.Mode == colorNever:
		return false
	case f.Mode == colorAlways:
		return true
	case !o.OutTTY:
		return false
	}
	if _, set := lookup(o.Getenv, "NO_COLOR"); set {
		return false
	}
	return o.Getenv("TERM") != "dumb"
}

func lookup(getenv func(string) string, k string) (string, bool) {
	v := getenv(k)
	return v, v != ""
}

// Style returns the report style for this IO.
func (o *IO) Style(f colorFlags) report.Style {
	if !o.ColorEnabled(f) {
		return report.Style{Width: o.Width}
	}
	mk := func(attrs ...color.Attribute) func(string) string {
		c := color.New(attrs...)
		c.EnableColor() // per instance: no global color state
		return func(s string) string { return c.Sprint(s) }
	}
	return report.Style{
		Bold: mk(color.Bold), Dim: mk(color.Faint), Red: mk(color.FgRed, color.Bold),
		Yellow: mk(color.FgYellow), Green: mk(color.FgGreen), Cyan: mk(color.FgCyan),
		Width: o.Width,
	}
}

// Boundary is a run's secret boundary: every value printed crosses it.
func (o *IO) Boundary() *secret.Boundary {
	if o.FingerprintKey != nil {
		return secret.NewKeyed(o.FingerprintKey)
	}
	return secret.New()
}

// Errorf writes a message of mcpconf itself to ErrOut, "mcpconf: …": it
// crosses a boundary like every other output, since it may quote what the
// user typed (a --input value written without its id) or a path.
func (o *IO) Errorf(format string, args ...any) {
	fmt.Fprintf(o.ErrOut, "mcpconf: %s\n", secret.New().Text(fmt.Sprintf(format, args...)))
}

// Lookup reads a variable of the environment mcpconf runs in.
func (o *IO) Lookup(k string) (string, bool) {
	if o.LookupEnv != nil {
		return o.LookupEnv(k)
	}
	v := o.Getenv(k)
	return v, v != ""
}

// Ctx is the context commands run in.
func (o *IO) Ctx() context.Context {
	if o.Context != nil {
		return o.Context
	}
	return context.Background()
}

// Environment is the environment mcpconf runs in.
func (o *IO) Environment() []string {
	if o.Environ != nil {
		return o.Environ()
	}
	return nil
}

func registerColor(cmd *cobra.Command, f *colorFlags) {
	cmd.Flags().StringVar(&f.Mode, "color", colorAuto, "when to color the output: auto (on a terminal, without NO_COLOR), always or never")
	cmd.Flags().BoolVar(&f.NoColor, "no-color", false, "disable colors (same as --color never; also NO_COLOR)")
}

// checkColor rejects an unknown mode, and --no-color with --color always.
func checkColor(f colorFlags) error {
	switch f.Mode {
	case colorAuto, colorNever:
	case colorAlways:
		if f.NoColor {
			return usagef("--no-color and --color always contradict each other: give one")
		}
	default:
		return usagef("unknown --color %q: use auto, always or never", f.Mode)
	}
	return nil
}
