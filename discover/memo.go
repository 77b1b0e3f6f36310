package discover

import "sync"

// memo holds one answer per key for a run, computed when first asked: a
// run takes the file system as it found it (whether a path exists, where
// its links lead, each client's locations), however many clients and
// passes ask. Safe for concurrent use; two first askers at once may both
// compute, and both get the answer stored first.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// get returns the answer for k, computing it the first time.
func (m *memo[K, V]) get(k K, compute func() V) V {
	if v, ok := m.peek(k); ok {
		return v
	}
	v := compute()
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.m[k]; ok {
		return old
	}
	if m.m == nil {
		m.m = map[K]V{}
	}
	m.m[k] = v
	return v
}

// peek returns the answer for k, if it was asked for.
func (m *memo[K, V]) peek(k K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[k]
	return v, ok
}

// forget drops the answers of the keys drop selects (lint -r, a root
// done with).
func (m *memo[K, V]) forget(drop func(K) bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.m {
		if drop(k) {
			delete(m.m, k)
		}
	}
}
