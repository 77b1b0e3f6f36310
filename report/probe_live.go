package report

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/mcpconf/mcpconf/secret"
)

// ProbeLive shows a probe while it runs, in text output: the lines of the
// servers that end, as they end, and, when errW is a terminal, a progress
// line on it, drawn on each change and redrawn every tick while nothing
// changes, so that the time a pending server takes keeps counting. Its
// methods may be called from any goroutine.
type ProbeLive struct {
	mu       sync.Mutex
	errW     io.Writer
	errSt    Style // errW's: its width
	progress bool  // a progress line is drawn
	// line is the progress line at a time; nil while no server is
	// pending.
	line          func(time.Time) secret.Safe
	stop, stopped chan struct{}
	tick          *time.Ticker
}

// probeTick is how often the progress line is redrawn while no server
// starts or ends.
const probeTick = 500 * time.Millisecond

// StartProbeLive starts showing a probe: with progress, a progress line
// on errW (errSt.Width cells wide) redrawn every tick.
func StartProbeLive(errW io.Writer, errSt Style, progress bool) *ProbeLive {
	l := &ProbeLive{errW: errW, errSt: Style{Width: errSt.Width}, progress: progress}
	if !progress {
		return l
	}
	l.tick = time.NewTicker(probeTick)
	l.stop, l.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(l.stopped)
		for {
			select {
			case <-l.stop:
				return
			case <-l.tick.C:
				l.mu.Lock()
				l.draw()
				l.mu.Unlock()
			}
		}
	}()
	return l
}

func (l *ProbeLive) clear() {
	if l.progress {
		fmt.Fprint(l.errW, "\r\033[K")
	}
}

func (l *ProbeLive) draw() {
	if l.line == nil {
		l.clear()
		return
	}
	probeProgress(l.errW, l.line(time.Now()), l.errSt)
}

// Progress draws the progress line that line builds at a time; nil when
// no server is pending.
func (l *ProbeLive) Progress(line func(time.Time) secret.Safe) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.line = line
	l.draw()
}

// Print runs print, which writes the lines of servers that ended, the
// progress line cleared first and not redrawn meanwhile.
func (l *ProbeLive) Print(print func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
	print()
}

// Stop stops redrawing and clears the progress line.
func (l *ProbeLive) Stop() {
	if l.progress {
		l.tick.Stop()
		close(l.stop)
		<-l.stopped
	}
	l.clear()
}
