package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestBatchGCLargeHeap: lint paces the collector for a batch run (four
// times the live heap, under a soft 100 MiB), which suits lint -r, whose
// live heap stays small; but a run whose live heap nears that ceiling
// (one .mcp.json of 20,000 servers, viewed by each client that reads it:
// about 250 MB) would spend half its CPU collecting to stay under it (6 s
// instead of 2). Once the live heap passes half the ceiling, the
// collector's pacing is Go's own again: GOGC 100, no ceiling.
func TestBatchGCLargeHeap(t *testing.T) {
	for _, k := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(k, "") // restored after the test
		os.Unsetenv(k)
	}
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	batchGC()
	if p := debug.SetGCPercent(-1); p != 300 {
		t.Fatalf("GOGC %d for a batch run, want 300", p)
	} else {
		debug.SetGCPercent(p)
	}
	// a live heap of 100 MiB: the ceiling
	live := make([][]byte, 100)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		runtime.GC() // the watcher runs as a finalizer, after a cycle
		time.Sleep(10 * time.Millisecond)
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		limit := debug.SetMemoryLimit(-1)
		if p == 100 && limit == math.MaxInt64 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("live heap of 100 MiB: GOGC %d, memory limit %d MiB; want Go's own pacing (100, none)", p, limit>>20)
		}
	}
	runtime.KeepAlive(live)
}
