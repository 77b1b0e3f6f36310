package normalize

import "testing"

// TestLoadPaths reads every loading path the descriptors name: each item
// has a kind, a name and where the client's code has it, says what models
// it or why nothing does, and only settings and state items name a key.
func TestLoadPaths(t *testing.T) {
	all, err := loadPaths()
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, c := range clients {
		if c.LoadPathFile == "" {
			continue
		}
		named++
		lp := c.LoadPath()
		if lp == nil || lp.Version != c.Version || len(lp.Items) == 0 {
			t.Fatalf("%s: loading path %q missing, empty or not of version %s", c.ID, c.LoadPathFile, c.Version)
		}
		for _, it := range lp.Items {
			switch it.Kind {
			case PathSetting, PathState, PathVariable, PathFile, PathMessage:
			default:
				t.Errorf("%s: %q: kind %q", c.ID, it.Name, it.Kind)
			}
			if it.Name == "" || it.Code == "" {
				t.Errorf("%s: an item without a name or where in the code: %+v", c.ID, it)
			}
			if !it.Modelled() && it.Why == "" {
				t.Errorf("%s: %q is not modelled and does not say why", c.ID, it.Name)
			}
			if it.Key != "" && it.Kind != PathSetting && it.Kind != PathState {
				t.Errorf("%s: %q of kind %s names a key", c.ID, it.Name, it.Kind)
			}
		}
	}
	if named != len(all) {
		t.Errorf("%d loading paths under normalize/loadpath, %d named by a descriptor", len(all), named)
	}
}
