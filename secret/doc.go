// Package secret says what in a text is a secret and hides it: token
// shapes of known issuers (FindToken, EachToken), secret-looking keys and
// flags (IsSecretKey, MaskArgs), credentials in URLs (URLSecrets,
// MaskURL), random-looking values (LooksSecret), and the masking of all of
// them (Mask, MaskValue).
//
// Its Boundary is the one way mcpconf's output is made: it learns the
// secrets a run knows, then turns every text to print into a Safe — masked,
// neutralized for a terminal, cut only after masking. Package view builds
// every view through it; package report prints Safe values and nothing
// else. It is a package of its own because lint rules (validate), probe
// and output all ask the same questions and must get the same answers.
package secret
