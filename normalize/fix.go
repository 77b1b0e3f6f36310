package normalize

// Fix is how a finding is fixed: what the fix does, in words; whether it
// keeps the meaning the client gives the file (Safe: lint --fix applies
// it) or changes it (a literal secret becomes a reference the user must
// then set: only with --unsafe-fixes); and the edits, which replace byte
// ranges of files by text. A fix never holds a resolved secret.
type Fix struct {
	Description string
	Safe        bool
	Edits       []Edit
}

// Edit replaces the bytes of one file between Start and End (their
// Offsets; End == Start inserts) by Text. Path is the file's display
// path, Abs where it is written.
type Edit struct {
	Path, Abs  string
	Start, End Pos
	Text       string
}
