// Package heappeak measures, for tests and benchmarks, the most heap a
// piece of work held at once: what shows that a command reading a large
// file does not keep every statement's or request's tree.
package heappeak

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// Sample samples the bytes of heap objects (live, and dead but not yet
// collected) every millisecond from now, after a collection; the function
// it returns stops sampling and gives the most seen above the heap it
// started from. A sample can miss a peak, never make one up: a bound on it
// that fails, fails for a real peak.
func Sample() func() uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if v := read(); v > peak {
				peak = v
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		return max(peak, base) - base
	}
}
