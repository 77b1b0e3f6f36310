package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
)

// maxMessage bounds one message: a config file of MaxFileSize in one
// didChange, JSON-escaped, fits.
const maxMessage = 1 << 30

// message is one JSON-RPC 2.0 message: a request (ID and Method), a
// notification (Method, no ID) or a response (ID, Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest: a message with an id and a method expects a response.
func (m *message) isRequest() bool { return len(m.ID) > 0 && m.Method != "" }

// rpcError is a response's error.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// Error codes of JSON-RPC and LSP.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
)

// conn reads and writes base-protocol messages: a header of
// Content-Length (and an ignored Content-Type), a blank line, and the
// JSON content.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex // one writer at a time
	w  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReader(r), w: w}
}

// errFraming is a header the server cannot read past: the stream is lost.
var errFraming = errors.New("lsp: bad message header")

// read reads the next message. A message whose content is not JSON-RPC
// comes back with a *rpcError (parse error) and the stream goes on; an
// io.EOF or a broken header ends it.
func (c *conn) read() (*message, error) {
	tp := textproto.NewReader(c.r)
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		if errors.Is(err, io.EOF) && len(h) == 0 {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("%w: %v", errFraming, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Content-Length")))
	if err != nil || n < 0 || n > maxMessage {
		return nil, fmt.Errorf("%w: Content-Length %q", errFraming, h.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, fmt.Errorf("%w: %v", errFraming, err)
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, &rpcError{Code: codeParseError, Message: "message is not JSON: " + err.Error()}
	}
	return &m, nil
}

// write sends one message.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: p})
}

// request sends a request whose answer the server does not wait for
// (run drops responses): id is the server's own.
func (c *conn) request(id int, method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	rid, err := json.Marshal(id)
	if err != nil {
		return err
	}
	return c.write(&message{ID: rid, Method: method, Params: p})
}

// reply answers a request with a result or an error.
func (c *conn) reply(id json.RawMessage, result any, rerr *rpcError) error {
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		r, err := json.Marshal(result)
		if err != nil {
			return err
		}
		m.Result = r
	}
	return c.write(m)
}
