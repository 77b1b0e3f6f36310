package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"

	"github.com/mcpconf/mcpconf/internal/proctree"
)

// Grace periods of stop: a server that exits on stdin's end (as the MCP
// spec asks) is gone in milliseconds; one that does not gets SIGTERM, then
// SIGKILL, so a stuck server costs at most their sum (and the bounded
// time proctree takes to kill what it started).
const (
	exitGrace = 300 * time.Millisecond
	termGrace = 300 * time.Millisecond
	// drainGrace bounds waiting for the rest of stderr once the tree is
	// dead; only a process that could not be killed can hold it longer.
	drainGrace = 200 * time.Millisecond
)

const (
	stderrTailBytes = 16 << 10
	stderrTailLines = 12
)

// process is a stdio server: the root of a proctree.Tree (a process
// group of its own, and everything it starts killed with it), pipes the
// prober owns (no copying goroutines in exec.Cmd, so nothing blocks on a
// grandchild holding a pipe), a filtered stdout, and the end of stderr.
type process struct {
	cmd    *exec.Cmd
	tree   *proctree.Tree
	stdin  *os.File
	stdout *lineFilter
	stderr *tailBuffer

	stdoutR, stderrR *os.File
	stderrDone       chan struct{}

	stopOnce sync.Once
}

func startProcess(path string, t *Target) (*process, error) {
	var files []*os.File // every pipe end, closed on failure
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	env := t.Env
	if env == nil {
		env = []string{} // nil would mean the prober's own environment
	}
	cmd := &exec.Cmd{
		Path:   path,
		Args:   append([]string{t.Command}, t.Args...),
		Env:    env,
		Dir:    t.Cwd,
		Stdin:  inR,
		Stdout: outW,
		Stderr: errW,
	}
	tree, err := proctree.Start(cmd)
	if err != nil {
		closeAll()
		return nil, err
	}
	// The child has its ends now; keeping ours open would hide its EOF.
	inR.Close()
	outW.Close()
	errW.Close()
	pr := &process{
		cmd:        cmd,
		tree:       tree,
		stdin:      inW,
		stdout:     newLineFilter(outR),
		stderr:     &tailBuffer{max: stderrTailBytes},
		stdoutR:    outR,
		stderrR:    errR,
		stderrDone: make(chan struct{}),
	}
	go func() {
		defer close(pr.stderrDone)
		io.Copy(pr.stderr, errR)
	}()
	return pr, nil
}

// waitExit waits up to d for the server to exit.
func (pr *process) waitExit(d time.Duration) bool {
	select {
	case <-pr.tree.Exited():
		return true
	default:
	}
	if d <= 0 {
		return false
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-pr.tree.Exited():
		return true
	case <-tm.C:
		return false
	}
}

// stop ends the server and everything it started: stdin closed (the
// spec's way to ask a stdio server to exit), then, when graceful and the
// server lingers, SIGTERM to its process group; then the tree is closed
// in any case, because a grandchild (an npx-started node, a shell's
// child, a daemon it detached) does not exit with its parent: its group
// and every process under it are killed, the server is reaped, and so
// are the orphans no other probe could own (see proctree). It is
// idempotent.
func (pr *process) stop(graceful bool) {
	pr.stopOnce.Do(func() {
		pr.stdin.Close()
		if graceful && !pr.waitExit(exitGrace) {
			pr.tree.Terminate()
			pr.waitExit(termGrace)
		}
		_ = pr.tree.Close() // the exit status is in pr.cmd.ProcessState
		tm := time.NewTimer(drainGrace)
		select {
		case <-pr.stderrDone:
		case <-tm.C:
		}
		tm.Stop()
		pr.stderrR.Close()
		pr.stdoutR.Close()
	})
}

// exitDescription says how a process ended: "exited with code 1", "was
// killed by signal terminated".
func exitDescription(ps *os.ProcessState) string {
	if ps == nil {
		return "exited"
	}
	if sig := exitSignal(ps); sig != "" {
		return "was killed by signal " + sig
	}
	return "exited with code " + strconv.Itoa(ps.ExitCode())
}

// lineFilter passes on the lines of a server's stdout that are JSON-RPC
// messages (next, to a lineConn) and keeps the others aside: a server that
// logs to stdout breaks a decoder, which would hide both the log line and
// the fact. It also bounds what the server sends: a line (one message) to
// maxMessageBytes, all of stdout to maxServerBytes; past either it reads
// no more and next fails with the limitError.
type lineFilter struct {
	mask  masker // what the server writes is masked before it is cut
	src   io.ReadCloser
	r     *bufio.Reader
	buf   []byte
	total int // bytes read from stdout

	mu       sync.Mutex
	nBad     int
	firstBad string // quoted, for a message
	shortBad string // quoted and shorter, for a one-line reason
	any      bool
	atEOF    bool
	limitErr *limitError
}

func newLineFilter(src io.ReadCloser) *lineFilter {
	return &lineFilter{src: src, r: bufio.NewReaderSize(src, 64<<10)}
}

// next returns the next line that is a JSON-RPC message, set aside the
// others. The line is the filter's buffer: it is valid until next is
// called again.
func (f *lineFilter) next() ([]byte, error) {
	for {
		line, err := f.readLine()
		if len(line) > 0 {
			f.mu.Lock()
			f.any = true
			f.mu.Unlock()
			if isJSONRPC(line) {
				return line, nil
			}
			if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
				f.mu.Lock()
				if f.nBad == 0 {
					f.firstBad = f.mask.quote(trimmed, 200)
					f.shortBad = f.mask.quote(trimmed, 60)
				}
				f.nBad++
				f.mu.Unlock()
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				f.mu.Lock()
				f.atEOF = true
				f.mu.Unlock()
			}
			return nil, err
		}
	}
}

// release lets a long line go once it is read: a server waiting for its
// next request holds no buffer the size of its largest message.
func (f *lineFilter) release() {
	if cap(f.buf) > keptLineBytes {
		f.buf = nil
	}
}

// keptLineBytes is the capacity of the line buffer kept from one line to
// the next.
const keptLineBytes = 64 << 10

// readLine reads one line, newline included, into f.buf (reused: the
// previous line must be consumed).
func (f *lineFilter) readLine() ([]byte, error) {
	if lim := f.limit(); lim != nil {
		return nil, lim
	}
	f.buf = f.buf[:0]
	for {
		chunk, err := f.r.ReadSlice('\n')
		f.total += len(chunk)
		f.buf = append(f.buf, chunk...)
		switch {
		case len(f.buf) > maxMessageBytes:
			return nil, f.setLimit(normalize.RuleMessageTooLarge)
		case f.total > maxServerBytes:
			return nil, f.setLimit(normalize.RuleOutputTooLarge)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return f.buf, err
	}
}

func (f *lineFilter) setLimit(rule normalize.RuleID) *limitError {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.limitErr = &limitError{rule: rule, where: "on stdout"}
	f.buf = nil // the long line goes now, not with the filter
	return f.limitErr
}

// limit is the bound reached, if any; nil for a nil filter (an HTTP
// probe has none).
func (f *lineFilter) limit() *limitError {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.limitErr
}

// Close closes stdout, unless a bound was reached: then the server, still
// writing, would die of SIGPIPE and the probe would report that death
// instead of what the server sent. The pipe is closed anyway when the
// process is stopped.
func (f *lineFilter) Close() error {
	if f.limit() != nil {
		return nil
	}
	return f.src.Close()
}

// isJSONRPC is a cheap test that a line is a JSON-RPC message (or batch):
// valid JSON, an object or array, naming "jsonrpc". A structured log line
// ({"level":"info",…}) is valid JSON too, hence the last test.
func isJSONRPC(line []byte) bool {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' && line[0] != '[' {
		return false
	}
	return bytes.Contains(line, []byte(`"jsonrpc"`)) && json.Valid(line)
}

func (f *lineFilter) badLines() (int, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.nBad, f.firstBad
}

// firstBadShort is the first line that was not JSON-RPC, quoted and cut
// for a one-line reason; "" when there was none.
func (f *lineFilter) firstBadShort() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.shortBad
}

func (f *lineFilter) sawOutput() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.any
}

func (f *lineFilter) eof() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.atEOF
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	dropped bool
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	if len(p) >= b.max {
		p = p[len(p)-b.max:]
		b.buf = append(b.buf[:0], p...)
		b.dropped = true
		return n, nil
	}
	if over := len(b.buf) + len(p) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
		b.dropped = true
	}
	b.buf = append(b.buf, p...)
	return n, nil
}

// text is what the buffer holds, raw: for finding words in, never for
// printing.
func (b *tailBuffer) text() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// lines returns the last n non-empty lines, cleaned for printing.
func (b *tailBuffer) lines(m masker, n int) []string {
	b.mu.Lock()
	text := string(b.buf)
	dropped := b.dropped
	b.mu.Unlock()
	all := strings.Split(text, "\n")
	switch {
	case dropped && len(all) > 1:
		all = all[1:] // the first line is cut, maybe in the middle of a secret
	case dropped:
		// one line longer than the tail: keep it from its first word
		// boundary, so no secret shows its end without its start
		if i := strings.IndexAny(text, " \t"); i >= 0 {
			all[0] = "…" + text[i:]
		} else {
			all[0] = "…"
		}
	}
	var out []string
	for i := len(all) - 1; i >= 0 && len(out) < n; i-- {
		if l := m.clean(all[i], 500); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func (b *tailBuffer) lastLine(m masker) string {
	if l := b.lines(m, 1); len(l) == 1 {
		return cut(l[0], 300)
	}
	return ""
}

// lineTransport connects an MCP client to a stdio server through its
// filtered stdout, each line decoded where it lies: the SDK's own
// IOTransport would copy it through a decoder of its own (a buffer the
// size of the largest message, kept), into a message of its own, then
// parse it twice (as a batch, then as one message), several copies of an
// 8 MiB page a server at once.
type lineTransport struct {
	stdout *lineFilter
	stdin  io.WriteCloser
}

func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{stdout: t.stdout, stdin: t.stdin, incoming: make(chan lineMsgs), closed: make(chan struct{})}
	go c.read()
	return c, nil
}

// lineConn is the connection of a lineTransport: a goroutine reads and
// decodes each line (so that Close unblocks Read), Read hands the
// messages out.
type lineConn struct {
	stdout   *lineFilter
	stdin    io.WriteCloser
	incoming chan lineMsgs
	closed   chan struct{}
	queue    []jsonrpc.Message // the rest of a batch, for Read

	writeMu   sync.Mutex
	closeOnce sync.Once
	closeErr  error
}

type lineMsgs struct {
	msgs []jsonrpc.Message
	err  error
}

func (c *lineConn) read() {
	for {
		var m lineMsgs
		line, err := c.stdout.next()
		if err == nil {
			m.msgs, err = decodeLine(line)
			c.stdout.release()
		}
		m.err = err
		select {
		case c.incoming <- m:
		case <-c.closed:
			return
		}
		if err != nil {
			return
		}
	}
}

// decodeLine decodes a line the filter passed: one JSON-RPC message, or
// a batch of them (which the probe answers one by one).
func decodeLine(line []byte) ([]jsonrpc.Message, error) {
	line = bytes.TrimSpace(line)
	if len(line) > 0 && line[0] == '[' {
		var batch []json.RawMessage
		if err := json.Unmarshal(line, &batch); err != nil {
			return nil, err
		}
		if len(batch) == 0 {
			return nil, errors.New("empty batch")
		}
		msgs := make([]jsonrpc.Message, 0, len(batch))
		for _, raw := range batch {
			m, err := jsonrpc.DecodeMessage(raw)
			if err != nil {
				return nil, err
			}
			msgs = append(msgs, m)
		}
		return msgs, nil
	}
	m, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, err
	}
	return []jsonrpc.Message{m}, nil
}

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(c.queue) > 0 {
		m := c.queue[0]
		c.queue = c.queue[1:]
		return m, nil
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case m := <-c.incoming:
		if m.err != nil {
			return nil, m.err
		}
		c.queue = m.msgs[1:]
		return m.msgs[0], nil
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("marshaling message: %v", err)
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.stdin.Write(append(data, '\n'))
	return err
}

// Close closes stdin (the spec's way to ask a stdio server to exit) and
// stdout (see lineFilter.Close); it may be called more than once.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() {
		c.closeErr = errors.Join(c.stdin.Close(), c.stdout.Close())
		close(c.closed)
	})
	return c.closeErr
}

func (c *lineConn) SessionID() string { return "" }
