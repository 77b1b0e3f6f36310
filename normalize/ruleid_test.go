package normalize_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/validate"
)

const module = "github.com/mcpconf/mcpconf"

// TestRuleIDsRegistered: every rule id any package reports is one of the
// constants of ruleid.go, and every one of those is documented (by a lint
// rule or a probe diagnostic), so `mcpconf rules ID` and docs/rules.md
// know every id output can carry. The test type-checks the module's
// non-test Go files and fails on any constant expression of type RuleID
// that is not a reference to one of the catalogue's constants: a string
// literal where a RuleID is expected (Diagnostic{Rule: "x"},
// diag("x", …), case "x":, a map key), an untyped constant of another
// package, or a conversion RuleID("x").
func TestRuleIDsRegistered(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	pkgs := listModule(t)
	exports := map[string]string{}
	for _, p := range pkgs {
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, os.ErrNotExist
		}
		return os.Open(f)
	})
	catalogue := map[normalize.RuleID]bool{}
	checked := 0
	for _, p := range pkgs {
		if p.Standard || !strings.HasPrefix(p.ImportPath, module) {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(p.ImportPath, fset, files, info)
		if err != nil {
			t.Fatalf("type-checking %s: %v", p.ImportPath, err)
		}
		checked++
		if p.ImportPath == module+"/normalize" {
			for _, name := range pkg.Scope().Names() {
				if c, ok := pkg.Scope().Lookup(name).(*types.Const); ok && isRuleID(c.Type()) {
					catalogue[normalize.RuleID(stringConst(c))] = true
				}
			}
		}
		for e, tv := range info.Types {
			if tv.Value == nil || !isRuleID(tv.Type) || catalogueRef(info, e) {
				continue
			}
			pos := fset.Position(e.Pos())
			if p.ImportPath == module+"/normalize" && filepath.Base(pos.Filename) == "ruleid.go" {
				continue // the catalogue itself
			}
			t.Errorf("%s:%d:%d: rule id %s written as %T: use a constant of normalize/ruleid.go (add one there, and document it)",
				relPath(pos.Filename), pos.Line, pos.Column, tv.Value, ast.Unparen(e))
		}
	}
	if checked < 5 || len(catalogue) < 50 {
		t.Fatalf("checked %d packages, %d catalogue ids: the scan is broken", checked, len(catalogue))
	}

	documented := map[normalize.RuleID]string{}
	for _, r := range validate.Rules() {
		documented[r.ID] = "validate"
	}
	for _, r := range probe.Rules() {
		if documented[r.ID] == "" {
			documented[r.ID] = "probe"
		}
	}
	for id := range catalogue {
		if documented[id] == "" {
			t.Errorf("rule %q is in normalize/ruleid.go but neither validate.Rules() nor probe.Rules() documents it", id)
		}
	}
	for id, by := range documented {
		if !catalogue[id] {
			t.Errorf("rule %q documented by %s is not a constant of normalize/ruleid.go", id, by)
		}
	}
}

type listedPackage struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
	Standard                bool
}

// listModule lists the module's packages and their dependencies, with the
// export data of each (go list builds it).
func listModule(t *testing.T) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Standard", module+"/...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func isRuleID(typ types.Type) bool {
	n, ok := typ.(*types.Named)
	return ok && n.Obj().Name() == "RuleID" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == module+"/normalize"
}

// catalogueRef reports whether e names a RuleID constant declared in
// package normalize (normalize.RuleX, or RuleX inside normalize).
func catalogueRef(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	c, ok := info.Uses[id].(*types.Const)
	return ok && isRuleID(c.Type()) && c.Pkg() != nil && c.Pkg().Path() == module+"/normalize"
}

func stringConst(c *types.Const) string {
	s := c.Val().ExactString()
	return strings.Trim(s, `"`)
}

func relPath(name string) string {
	if root, err := filepath.Abs(".."); err == nil {
		if rel, err := filepath.Rel(root, name); err == nil {
			return rel
		}
	}
	return name
}
