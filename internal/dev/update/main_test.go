package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// writeEnv tells TestGenerator, run as a step's process, what to write:
// "path=content" pairs separated by newlines.
const writeEnv = "MCPCONF_UPDATE_TEST_WRITE"

// TestGenerator is the generator of the steps the tests below run: the test
// binary run again, writing the files writeEnv names. It does nothing in
// a normal run.
func TestGenerator(t *testing.T) {
	spec := os.Getenv(writeEnv)
	if spec == "" {
		t.Skip("only as a step's process")
	}
	for _, kv := range strings.Split(strings.TrimSpace(spec), "\n") {
		path, content, _ := strings.Cut(kv, "=")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// repo makes a git repository in a temporary directory holding files,
// committed, and makes it the working directory.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "generated"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	t.Chdir(dir)
	return dir
}

// generator is a step that runs TestGenerator, writing the files of spec
// ("path=content" lines), with gen/ as its outputs.
func generator(t *testing.T, spec string) []step {
	t.Setenv(writeEnv, spec)
	return []step{{argv: []string{os.Args[0], "-test.run=^TestGenerator$"}, outputs: []string{"gen"}}}
}

func TestCheckCleanTree(t *testing.T) {
	repo(t, map[string]string{"gen/out.txt": "v1", "notes.txt": "hand-written\n"})
	steps := generator(t, "gen/out.txt=v1")
	var out, errOut bytes.Buffer
	if code := run([]string{"--check"}, steps, &out, &errOut); code != 0 {
		t.Fatalf("check on a clean tree: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "no generated file changed") || !strings.Contains(out.String(), "every generated file is as git has it") {
		t.Errorf("output:\n%s", out.String())
	}
}

// A generated file edited by hand and committed is regenerated, and
// --check fails naming it; without --check the run says it changed and
// succeeds.
func TestCheckHandEditedFile(t *testing.T) {
	dir := repo(t, map[string]string{"gen/out.txt": "edited by hand\n"})
	steps := generator(t, "gen/out.txt=v1")
	var out, errOut bytes.Buffer
	if code := run([]string{"--check"}, steps, &out, &errOut); code != 1 {
		t.Fatalf("check with a hand-edited generated file: exit %d, want 1\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(errOut.String(), "1 generated file differs from git") || !strings.Contains(errOut.String(), " M gen/out.txt") {
		t.Errorf("check does not name the file:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "M gen/out.txt") {
		t.Errorf("run does not say the file changed:\n%s", out.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "gen/out.txt")); string(b) != "v1" {
		t.Errorf("file not regenerated in the tree: %q", b)
	}

	// Run again without --check: the tree already holds the output, so
	// nothing changes and it succeeds although git differs.
	out.Reset()
	errOut.Reset()
	if code := run(nil, steps, &out, &errOut); code != 0 || !strings.Contains(out.String(), "no generated file changed") {
		t.Errorf("update: exit %d\n%s%s", code, out.String(), errOut.String())
	}
}

// A generated file git does not have fails the check; an edited file
// that is not an output does not.
func TestCheckNewFileAndOthers(t *testing.T) {
	dir := repo(t, map[string]string{"gen/out.txt": "v1", "notes.txt": "hand-written\n"})
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := generator(t, "gen/out.txt=v1\ngen/sub/new.txt=new")
	var out, errOut bytes.Buffer
	if code := run([]string{"--check"}, steps, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(errOut.String(), "?? gen/sub/new.txt") || strings.Contains(errOut.String(), "notes.txt") {
		t.Errorf("check lists:\n%s", errOut.String())
	}
	if !strings.Contains(out.String(), "A gen/sub/new.txt") {
		t.Errorf("run does not say the file is new:\n%s", out.String())
	}
}

func TestStepFails(t *testing.T) {
	repo(t, map[string]string{"gen/out.txt": "v1"})
	steps := []step{{argv: []string{os.Args[0], "-test.run=^TestGenerator$"}, outputs: []string{"gen"}}}
	t.Setenv(writeEnv, "gen=a directory cannot be written as a file")
	var out, errOut bytes.Buffer
	if code := run([]string{"--check"}, steps, &out, &errOut); code != 2 {
		t.Fatalf("exit %d, want 2\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(errOut.String(), "fix it and run update again") {
		t.Errorf("stderr:\n%s", errOut.String())
	}
}

// TestStepsCoverUpdateTests fails when a test reads an -update flag (itself
// or through a function of its package) and no step runs it, or when a
// step names a package or test that does not exist: a new golden file is
// regenerated by the one command or this test says so.
func TestStepsCoverUpdateTests(t *testing.T) {
	root := "../../.."
	byPkg := map[string]step{}
	for _, s := range steps {
		if s.pkg != "" {
			byPkg[filepath.Clean(filepath.Join(root, s.pkg))] = s
		}
	}
	found := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			return nil
		}
		writers, tests := updateTests(t, path)
		s, listed := byPkg[filepath.Clean(path)]
		if listed {
			found[filepath.Clean(path)] = true
			re := regexp.MustCompile(s.command()[4])
			for _, name := range s.tests {
				if !tests[name] {
					t.Errorf("step %s runs %s, which is not a test of the package", s.pkg, name)
				}
			}
			for _, w := range writers {
				if !re.MatchString(w) {
					t.Errorf("%s reads -update in %s and step %s does not run it: add it to the step's tests", w, path, s.pkg)
				}
			}
		} else if len(writers) > 0 {
			t.Errorf("%s reads -update in %s and no step runs the package: add a step", strings.Join(writers, ", "), path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, s := range byPkg {
		if !found[dir] {
			t.Errorf("step %s: no such package", s.pkg)
		}
	}
}

// updateTests parses the test files of the package in dir and returns its
// tests that read the package's flag "update", directly or through the
// package's functions, and all its tests.
func updateTests(t *testing.T, dir string) (writers []string, tests map[string]bool) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	tests = map[string]bool{}
	fset := token.NewFileSet()
	var flags = map[string]bool{} // names of variables holding flag "update"
	calls := map[string]map[string]bool{}
	var funcs []*ast.FuncDecl
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, v := range vs.Values {
						if isUpdateFlag(v) && i < len(vs.Names) {
							flags[vs.Names[i].Name] = true
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					funcs = append(funcs, d)
				}
			}
		}
	}
	if len(flags) == 0 {
		for _, fn := range funcs {
			if strings.HasPrefix(fn.Name.Name, "Test") {
				tests[fn.Name.Name] = true
			}
		}
		return nil, tests
	}
	reads := map[string]bool{}
	for _, fn := range funcs {
		name := fn.Name.Name
		if strings.HasPrefix(name, "Test") {
			tests[name] = true
		}
		calls[name] = map[string]bool{}
		ast.Inspect(fn, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if flags[id.Name] {
					reads[name] = true
				}
				calls[name][id.Name] = true
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for name, callees := range calls {
			if reads[name] {
				continue
			}
			for c := range callees {
				if reads[c] {
					reads[name], changed = true, true
					break
				}
			}
		}
	}
	for name := range tests {
		if reads[name] {
			writers = append(writers, name)
		}
	}
	return writers, tests
}

// isUpdateFlag says whether e is flag.Bool("update", …).
func isUpdateFlag(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Bool" {
		return false
	}
	if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
		return false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok {
		return false
	}
	s, err := strconv.Unquote(lit.Value)
	return err == nil && s == "update"
}
