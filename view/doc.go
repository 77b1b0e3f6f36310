// Package view is the boundary between what mcpconf found and what it
// prints. It turns results — lint findings and the files they point into,
// the clients' views of a workspace, resolved servers, probe results —
// into views whose every text is a secret.Safe: masked by the run's
// secret.Boundary (token shapes, secret-looking keys and flags, URL
// credentials, every secret the run knows), neutralized (no control
// character, escape sequence or line break from a file reaches a
// terminal), and cut only after masking.
//
// The results come from package run (run.Lint, run.Write,
// run.ResolvedServer) and the packages below it; view exports only the
// views and the functions that build them, never a type with a raw text.
// Package report renders views and nothing else: it imports nothing of
// the module but view and secret, and no type a renderer can be handed
// holds a string, bytes, a map with string keys or an interface (report's
// TestRenderersTakeOnlyViews walks them all, every exported type of view
// among them), so a renderer cannot be handed an unsanitized value — the
// types make it impossible. A new field, a new renderer or a new format
// inherits the masking; it cannot forget it.
//
// Each builder first teaches the Boundary the secrets of everything it is
// about to show (Learn…), then makes the texts Safe, so a secret known
// anywhere in a run is masked everywhere in it.
package view
