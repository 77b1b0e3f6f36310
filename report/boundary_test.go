package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/mcpconf/mcpconf"

// TestRenderersTakeOnlyViews: a renderer cannot be handed an unsanitized
// value, and the types, not a convention, make it so. report imports, of
// the module, only view and secret (never run, normalize, resolve, probe,
// discover or validate, which hold raw results). The test type-checks
// report and walks every type a value can reach report through: the
// parameters of its exported functions and methods (the receiver too),
// the parameters of the renderers it returns or registers
// (LintFormats().Render …) and the results of the functions it is
// handed, its exported variables, the fields of every struct on the way
// (all of a view's, the exported ones of report's own) — and, since every
// view is a renderer's input, every exported type of package view. Any
// string, []byte, map with string keys, interface or `any` it finds is a
// failure: a text reaches a renderer only as a secret.Safe or a
// secret.JSON, which only the run's secret.Boundary makes. Numbers,
// booleans and enums (named integers) pass.
//
// A few texts are report's own, listed in allowed with why; an entry that
// no longer matches fails too, so the list cannot rot.
func TestRenderersTakeOnlyViews(t *testing.T) {
	imp, self := exportImporter(t)
	pkg := self.check(t, imp, nil)
	for _, dep := range pkg.Imports() {
		if p := dep.Path(); strings.HasPrefix(p, module+"/") && p != module+"/view" && p != module+"/secret" {
			t.Errorf("report imports %s: renderers take views (package view) and secret.Safe, nothing else of the module", p)
		}
	}
	var view *types.Package
	for _, dep := range pkg.Imports() {
		if dep.Path() == module+"/view" {
			view = dep
		}
	}
	if view == nil {
		t.Fatal("report does not import view: the test lost track of the views")
	}
	w := walkRenderers(pkg, view)
	for _, p := range w.bad {
		t.Error(p)
	}
	for key, why := range allowed {
		if !w.used[key] {
			t.Errorf("allowed names %s (%s), which no longer reaches a renderer: take it out of the list", key, why)
		}
	}
	if w.renderers < 20 || w.views < 40 {
		t.Fatalf("walked %d renderer signatures and %d view types: the test lost track of the renderers", w.renderers, w.views)
	}
}

// TestRenderersTakeOnlyViewsFails: the walk finds each way a text could
// reach a renderer, in a package of renderers written for the test, and
// none of the ways it cannot.
func TestRenderersTakeOnlyViewsFails(t *testing.T) {
	imp, self := exportImporter(t)
	src := `package report

import (
	"io"

	"github.com/mcpconf/mcpconf/secret"
)

type Name string

type V struct {
	Ok      secret.Safe
	N       int
	Raw     string
	Named   Name
	ByName  map[string]secret.Safe
	Bytes   []byte
	Any     any
	Colour  func(string) string
	Nested  []*V
	private string
}

func R(w io.Writer, v *V, s string) error { return nil }

func Given(line func(int) string, tell func(string)) {}

func Made() func(secret.Safe, []byte) string { return nil }

func (v *V) Say(n int) string { return "" }
`
	pkg := self.check(t, imp, &src)
	w := walkRenderers(pkg, nil)
	want := []string{
		"R() → (v) → report.V → Raw is a string",
		"R() → (v) → report.V → Named → report.Name is a string",
		"R() → (v) → report.V → ByName → key is a string",
		"R() → (v) → report.V → Bytes is bytes",
		"R() → (v) → report.V → Any is an interface (any)",
		"R() → (v) → report.V → Colour → result is a string",
		"R() → (s) is a string",
		"Given() → (line) → result is a string",
		"Made() → result → ([]byte) is bytes",
		// a V report made: whoever calls its Colour hands report a string
		"V → report.V → Colour → (string) is a string",
	}
	var got []string
	for _, b := range w.bad {
		got = append(got, b[:strings.Index(b, ":")])
	}
	for _, p := range want {
		if !slices.Contains(got, p) {
			t.Errorf("the walk does not find %q", p)
		}
	}
	for _, p := range got {
		if !slices.Contains(want, p) {
			t.Errorf("the walk finds %q, which cannot bring a text in", p)
		}
	}
}

// walkRenderers walks every type a value can reach pkg's renderers
// through, and every exported type of view (nil: none).
func walkRenderers(pkg, view *types.Package) *boundaryWalk {
	w := newBoundaryWalk()
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Func:
			w.walk([]string{name + "()"}, o.Type(), out)
		case *types.Var:
			w.walk([]string{name}, o.Type(), in)
			w.walk([]string{name}, o.Type(), out)
		case *types.TypeName:
			w.walk([]string{name}, o.Type(), out)
			w.methods(o)
		}
	}
	if view != nil {
		for _, name := range view.Scope().Names() {
			if tn, ok := view.Scope().Lookup(name).(*types.TypeName); ok && tn.Exported() {
				w.walk([]string{"view." + name}, tn.Type(), in)
			}
		}
	}
	return w
}

// allowed are the texts that reach report but are report's own, by the
// field or parameter that holds them, with why.
var allowed = map[string]string{
	"report.Format.Name":          "a format's name, report's own word (LintFormats…)",
	"report.Formats.Lookup(name)": "the --format value, compared with the formats' names, never printed",
	"report.Style.Bold":           "a colour: it wraps the text report writes in escape codes",
	"report.Style.Dim":            "a colour",
	"report.Style.Red":            "a colour",
	"report.Style.Yellow":         "a colour",
	"report.Style.Green":          "a colour",
	"report.Style.Cyan":           "a colour",
}

// direction says which way a value flows: into report (a parameter of a
// renderer, a field of a view) or out of it (what it returns, what it
// passes to a function it was handed). Only what flows in can carry an
// unmasked text.
type direction bool

const (
	in  direction = true
	out direction = false
)

type boundaryWalk struct {
	seen             map[string]bool
	used             map[string]bool
	bad              []string
	renderers, views int
}

func newBoundaryWalk() *boundaryWalk {
	return &boundaryWalk{seen: map[string]bool{}, used: map[string]bool{}}
}

// methods walks the exported methods of a type report declares: the
// receiver flows in, the rest as in any function of report's.
func (w *boundaryWalk) methods(tn *types.TypeName) {
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return
	}
	for m := range named.Methods() {
		if m.Exported() {
			sig := m.Type().(*types.Signature)
			w.walk([]string{tn.Name() + "." + m.Name() + "()", "receiver"}, sig.Recv().Type(), in)
			w.signature([]string{tn.Name() + "." + m.Name() + "()"}, tn.Name()+"."+m.Name(), sig, out)
		}
	}
}

// walk fails on a text that flows in, along path.
func (w *boundaryWalk) walk(path []string, ty types.Type, dir direction) {
	if n, ok := ty.(*types.Named); ok && !isBasic(n) { // once each way: its fields are the same wherever it is met
		key := fmt.Sprintf("%v %s", dir, types.TypeString(n, nil))
		if w.seen[key] {
			return
		}
		w.seen[key] = true
	}
	fail := func(what string) {
		if dir == in {
			w.bad = append(w.bad, fmt.Sprintf("%s is %s: a renderer could print it unmasked; make it a secret.Safe in package view",
				strings.Join(path, " → "), what))
		}
	}
	switch t := ty.(type) {
	case *types.Alias:
		w.walk(path, types.Unalias(t), dir)
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && obj.Pkg().Path() == module+"/secret" && (obj.Name() == "Safe" || obj.Name() == "JSON") {
			return // made only by a Boundary
		}
		if obj.Pkg() != nil && obj.Pkg().Path() == module+"/view" && dir == in {
			w.views++
		}
		switch {
		case obj.Pkg() == nil && obj.Name() == "error":
			return // a renderer returns errors; it prints none
		case obj.Pkg() != nil && obj.Pkg().Path() == "io" && obj.Name() == "Writer":
			return // where a renderer writes: Write's bytes flow out
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			w.fields(append(path, types.TypeString(t, shortQualifier)), t, u, dir)
		case *types.Signature:
			w.signature(path, "", u, dir)
		default:
			w.walk(append(path, types.TypeString(t, shortQualifier)), u, dir)
		}
	case *types.Basic:
		if t.Info()&types.IsString != 0 {
			fail("a " + t.Name())
		}
		if t.Kind() == types.UnsafePointer {
			fail("an unsafe.Pointer")
		}
	case *types.Pointer:
		w.walk(path, t.Elem(), dir)
	case *types.Slice:
		if isByte(t.Elem()) {
			fail("bytes")
			return
		}
		w.walk(append(path, "[]"), t.Elem(), dir)
	case *types.Array:
		if isByte(t.Elem()) {
			fail("bytes")
			return
		}
		w.walk(append(path, "[]"), t.Elem(), dir)
	case *types.Map:
		w.walk(append(path, "key"), t.Key(), dir)
		w.walk(append(path, "[]"), t.Elem(), dir)
	case *types.Chan:
		w.walk(append(path, "<-"), t.Elem(), dir)
	case *types.Struct:
		w.fields(path, nil, t, dir)
	case *types.Signature:
		w.signature(path, "", t, dir)
	case *types.Interface:
		fail("an interface (" + types.TypeString(t, shortQualifier) + "): anything, a string too")
	case *types.TypeParam:
		// a generic declaration: its instances are walked where a
		// signature names them (Formats[LintRenderer])
	default:
		fail(fmt.Sprintf("a %T the test does not know", t))
	}
}

// fields walks a struct's fields: all of a type declared outside report
// (its own package sets them, and its methods may show them), the
// exported ones of report's own (report makes the rest).
func (w *boundaryWalk) fields(path []string, named *types.Named, st *types.Struct, dir direction) {
	for f := range st.Fields() {
		own := named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == module+"/report"
		if own && !f.Exported() {
			continue
		}
		key := ""
		if named != nil && named.Obj().Pkg() != nil {
			key = named.Obj().Pkg().Name() + "." + named.Obj().Name() + "." + f.Name()
		}
		if _, ok := allowed[key]; ok {
			w.used[key] = true
			continue
		}
		w.walk(append(slices.Clip(path), f.Name()), f.Type(), dir)
	}
}

// signature walks a function value flowing dir: its parameters flow the
// other way (report calls what it was handed; the caller calls what
// report returns), its results the same way. fn names a method of
// report's, for allowed.
func (w *boundaryWalk) signature(path []string, fn string, sig *types.Signature, dir direction) {
	if dir == out {
		w.renderers++
	}
	for p := range sig.Params().Variables() {
		if _, ok := allowed["report."+fn+"("+p.Name()+")"]; ok && fn != "" {
			w.used["report."+fn+"("+p.Name()+")"] = true
			continue
		}
		name := p.Name()
		if name == "" || name == "_" {
			name = types.TypeString(p.Type(), shortQualifier)
		}
		w.walk(append(slices.Clip(path), "("+name+")"), p.Type(), !dir)
	}
	for r := range sig.Results().Variables() {
		w.walk(append(slices.Clip(path), "result"), r.Type(), dir)
	}
}

func isBasic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

func isByte(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func shortQualifier(p *types.Package) string { return p.Name() }

// listedReport is report as go list lists it.
type listedReport struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
}

// exportImporter imports report's dependencies from their export data
// (go list builds it), and lists report.
func exportImporter(t *testing.T) (types.Importer, listedReport) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles", module+"/report")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	var self listedReport
	for dec := json.NewDecoder(bytes.NewReader(list)); dec.More(); {
		self = listedReport{}
		if err := dec.Decode(&self); err != nil {
			t.Fatal(err)
		}
		exports[self.ImportPath] = self.Export
	}
	if self.ImportPath != module+"/report" { // -deps lists the package last
		t.Fatalf("go list ended with %s", self.ImportPath)
	}
	return importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, os.ErrNotExist
		}
		return os.Open(f)
	}), self
}

// check type-checks report's non-test files, or src in their place.
func (l listedReport) check(t *testing.T, imp types.Importer, src *string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	if src != nil {
		f, err := parser.ParseFile(fset, "planted.go", *src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for _, name := range l.GoFiles {
		if src != nil {
			break
		}
		f, err := parser.ParseFile(fset, filepath.Join(l.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(l.ImportPath, fset, files, nil)
	if err != nil {
		t.Fatalf("type-checking report: %v", err)
	}
	return pkg
}
