package view

import (
	"reflect"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/secret"
)

// TestViewsHoldNoStrings walks every type a renderer is handed and fails
// on any string, byte slice, map or interface in it: a text reaches a
// renderer only as a secret.Safe (or secret.JSON), which only a Boundary
// makes.
func TestViewsHoldNoStrings(t *testing.T) {
	leaves := map[reflect.Type]bool{
		reflect.TypeFor[secret.Safe]():   true,
		reflect.TypeFor[secret.JSON]():   true,
		reflect.TypeFor[time.Duration](): true,
	}
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		if leaves[ty] || seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				walk(path+"."+f.Name, f.Type)
			}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			if ty.Elem().Kind() == reflect.Uint8 {
				t.Errorf("%s is bytes: a renderer could print it unmasked", path)
				return
			}
			walk(path+"[]", ty.Elem())
		case reflect.Bool, reflect.Int, reflect.Int64, reflect.Float64:
		default:
			t.Errorf("%s is a %s: a renderer could print it unmasked", path, ty)
		}
	}
	for _, ty := range []reflect.Type{
		reflect.TypeFor[Lint](), reflect.TypeFor[Workspace](), reflect.TypeFor[Set](),
		reflect.TypeFor[Resolution](), reflect.TypeFor[ProbeResult](), reflect.TypeFor[Write](),
	} {
		walk(ty.Name(), ty)
	}
}
