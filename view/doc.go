// Package view is the boundary between what mcpconf found and what it
// prints. It turns results — lint findings and the files they point into,
// the clients' views of a workspace, resolved servers, probe results —
// into views whose every text is a secret.Safe: masked by the run's
// secret.Boundary (token shapes, secret-looking keys and flags, URL
// credentials, every secret the run knows), neutralized (no control
// character, escape sequence or line break from a file reaches a
// terminal), and cut only after masking.
//
// Package report renders views and nothing else: it does not import the
// packages that hold raw results (normalize, resolve, probe, discover,
// validate), and a view has no string field, so a renderer cannot be
// handed an unsanitized value — the types make it impossible. A new
// field, a new renderer or a new format inherits the masking; it cannot
// forget it.
//
// Each builder first teaches the Boundary the secrets of everything it is
// about to show (Learn…), then makes the texts Safe, so a secret known
// anywhere in a run is masked everywhere in it.
package view
