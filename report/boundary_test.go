package report

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestRenderersTakeOnlyViews: a renderer cannot be handed an unsanitized
// value. report imports none of the packages that hold raw results, and
// every exported function takes views (whose texts are secret.Safe), a
// Style, a writer and options — never a string, bytes or a map. Together
// with view's TestViewsHoldNoStrings, the types make it impossible, not a
// convention.
func TestRenderersTakeOnlyViews(t *testing.T) {
	forbidden := map[string]bool{}
	for _, p := range []string{"normalize", "resolve", "probe", "discover", "validate"} {
		forbidden["github.com/mcpconf/mcpconf/"+p] = true
	}
	allowed := regexp.MustCompile(`^(io\.Writer|Style|bool|ProbeTextOptions|secret\.Safe|\*?\[?\]?\*?view\.[A-Z]\w*)$`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); forbidden[path] {
				t.Errorf("%s imports %s: renderers must take views only", f, path)
			}
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !fn.Name.IsExported() {
				continue
			}
			checked++
			for _, p := range fn.Type.Params.List {
				var b strings.Builder
				printer.Fprint(&b, fset, p.Type)
				if !allowed.MatchString(b.String()) {
					t.Errorf("%s: %s takes a %s: renderers take views, not raw values", f, fn.Name.Name, b.String())
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d exported functions checked: the test lost track of the renderers", checked)
	}
}
