package resolve

import (
	"os"
	"testing"

	"github.com/mcpconf/mcpconf/internal/proctree"
)

// TestMain makes the tests adopt the orphans of the commands they run,
// as main does, so that a daemon a !command detaches is killed too.
func TestMain(m *testing.M) {
	_ = proctree.Enable()
	os.Exit(m.Run())
}
