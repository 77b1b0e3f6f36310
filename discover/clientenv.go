package discover

import (
	"github.com/mcpconf/mcpconf/normalize"
)

// clientEnv is the environment a client runs in once started: the run's
// (Options.Getenv) with the variables its files set over it
// (Expansion.EnvFiles).
type clientEnv struct {
	o *Options
	// settings are the variables set, in the order the client sets them.
	settings []normalize.EnvSetting
	set      map[string]string
}

// clientEnv reads the env objects of client c's files (Expansion.EnvFiles)
// that this run reads: the home's and the machine's, not with scope
// ProjectScopes (lint's default reads the project's files only).
func (o *Options) clientEnv(c *normalize.Client, scope ScopeFilter) *clientEnv {
	e := &clientEnv{o: o}
	if scope == ProjectScopes {
		return e
	}
	root := o.projectRoot(c)
	for _, ef := range c.EnvFiles {
		f := ef.File
		if scope == UserScopes && f.Base == normalize.RootDir {
			continue
		}
		docs := o.settingDocs(c, f, root) // highest first: the file, then its drop-ins by name
		for i := len(docs) - 1; i >= 0; i-- {
			e.read(ef, docs[i])
		}
	}
	if len(e.settings) > 0 {
		e.set = make(map[string]string, len(e.settings))
		for _, s := range e.settings {
			e.set[s.Name] = s.Value
		}
	}
	return e
}

// read adds the variables doc's env object sets.
func (e *clientEnv) read(ef normalize.EnvFile, doc *normalize.Document) {
	m := lookupKey(doc.Root, ef.Path, "")
	if m == nil || m.Value.Kind != normalize.Object {
		return
	}
	for _, v := range m.Value.Unique() {
		text, ok := ef.Text(v.Value)
		if !ok || ef.Keeps != nil && !ef.Keeps(v.Key, text) {
			continue
		}
		e.settings = append(e.settings, normalize.EnvSetting{Name: v.Key, Value: text, Path: doc.Path, Pos: v.KeyRange.Start})
	}
}

// getenv reads a variable as the started client does; "" when not set.
func (e *clientEnv) getenv(name string) string {
	if v, ok := e.set[name]; ok {
		return v
	}
	return e.o.getenv(name)
}

// process reads a variable of the environment the client is started
// with, for expansion: its files' variables left out.
func (e *clientEnv) process(name string) (string, bool) {
	if e.o.Getenv == nil {
		return "", false
	}
	v := e.o.Getenv(name)
	return v, v != "" // Getenv cannot tell unset from empty
}

// lookup reads a variable as the started client does, for expansion:
// whether it is set at all.
func (e *clientEnv) lookup(name string) (string, bool) {
	if v, ok := e.set[name]; ok {
		return v, true
	}
	return e.process(name)
}

// setIn is the last setting of name, nil when no file sets it.
func (e *clientEnv) setIn(name string) *normalize.EnvSetting {
	for i := len(e.settings) - 1; i >= 0; i-- {
		if e.settings[i].Name == name {
			return &e.settings[i]
		}
	}
	return nil
}
