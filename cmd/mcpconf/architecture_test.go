package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureNames checks that every Go name docs/architecture.md
// writes in backquotes ("discover.Options.View", "mergeView") is declared
// in the module: a package, function, method, type, field, variable or
// constant. A renamed or deleted step fails here until the document says
// what the code does now. Each dotted part is checked: "view.Set.ByPriority"
// needs a package view, a name Set and a name ByPriority.
func TestArchitectureNames(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	fset := token.NewFileSet()
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		declared[f.Name.Name] = true
		if strings.HasSuffix(path, "_test.go") {
			// tests, examples, fuzz targets and the helpers a checklist
			// names (TestRealClients, ExampleMonorepo, FuzzParseJSON,
			// runRuleCases) are named too, and the fields of test case
			// types (a rule case's also); nothing else of them
			for _, decl := range f.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil {
					declared[fd.Name.Name] = true
				}
				if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
					for _, sp := range gd.Specs {
						if st, ok := sp.(*ast.TypeSpec).Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, id := range fl.Names {
									declared[id.Name] = true
								}
							}
						}
					}
				}
			}
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				declared[n.Name.Name] = true
			case *ast.TypeSpec:
				declared[n.Name.Name] = true
			case *ast.ValueSpec:
				for _, id := range n.Names {
					declared[id.Name] = true
				}
			case *ast.Field:
				for _, id := range n.Names {
					declared[id.Name] = true
				}
				if len(n.Names) == 0 { // embedded
					if id, ok := n.Type.(*ast.Ident); ok {
						declared[id.Name] = true
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// words in backquotes that are not Go names: commands, statuses, files
	notGo := map[string]bool{"schema": true, "refused": true, "syntax": true}
	envVar := regexp.MustCompile(`^[A-Z][A-Z0-9]*_[A-Z0-9_]*$`) // FOO_HOME
	ident := regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)`")
	n := 0
	for _, m := range ident.FindAllStringSubmatch(string(doc), -1) {
		if notGo[m[1]] || envVar.MatchString(m[1]) {
			continue
		}
		n++
		for _, part := range strings.Split(m[1], ".") {
			if !declared[part] {
				t.Errorf("docs/architecture.md names %q, but %q is not declared in the code", m[1], part)
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d names found in docs/architecture.md: the pattern no longer matches", n)
	}
}
