package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The base protocol of LSP: JSON-RPC 2.0 messages, each framed by a
// Content-Length header. Only this file reads or writes the frames.

// maxMessage bounds one message's body: an editor sends a document whole
// on open (a 1,000-statement file is about 100 KB), so 64 MiB is far more
// than any real message and still bounds what a bad client makes us hold.
// A larger --max-input-size raises it (to twice the cap: JSON escapes a
// document's text), so that a document the server may lint can be sent.
const maxMessage = 64 << 20

// JSON-RPC's error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	// LSP's own.
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method alone) or a response (ID, and Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest reports whether m asks for a response.
func (m *message) isRequest() bool { return len(m.ID) > 0 && m.Method != "" }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// frameError is a frame that could not be read as a message, but after
// which the stream can go on: the next frame starts where it ended.
type frameError struct {
	msg string
	// tooLarge, for a message over the cap, is its size and what it
	// was (its method, id and document).
	tooLarge int
	sniffed  *sniffer
}

func (e *frameError) Error() string { return e.msg }

// frameReader reads framed messages of up to max bytes.
type frameReader struct {
	r   *bufio.Reader
	max int
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{bufio.NewReaderSize(r, 64<<10), maxMessage}
}

// read returns the next message's body. A frame without a usable
// Content-Length, or too long, is a *frameError (its body skipped, so the
// stream stays in step); io.EOF ends the stream.
func (r *frameReader) read() ([]byte, error) {
	length, sawHeader := -1, false
	var bad string
	for {
		line, err := r.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A header line longer than the buffer: no real header is.
			for err == bufio.ErrBufferFull {
				_, err = r.r.ReadSlice('\n')
			}
			bad = "a header line is too long"
		}
		if err != nil {
			if err == io.EOF && sawHeader {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		text := strings.TrimRight(string(line), "\r\n")
		if text == "" {
			if !sawHeader {
				continue // blank lines between frames
			}
			break
		}
		sawHeader = true
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			bad = fmt.Sprintf("header %q has no ':'", text)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = fmt.Sprintf("Content-Length %q is not a length", strings.TrimSpace(value))
				continue
			}
			length = n
		}
	}
	switch {
	case length < 0 && bad == "":
		bad = "a message without Content-Length"
	case length > r.max:
		sn := &sniffer{}
		if _, err := io.CopyN(sn, r.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, &frameError{msg: fmt.Sprintf("a message of %d bytes, more than the %d this server reads", length, r.max), tooLarge: length, sniffed: sn}
	}
	if length < 0 {
		return nil, &frameError{msg: bad}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r.r, body); err != nil {
		return nil, err
	}
	if bad != "" {
		return nil, &frameError{msg: bad}
	}
	return body, nil
}

// frameWriter writes framed messages, one whole frame at a time.
type frameWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *frameWriter) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var frame bytes.Buffer
	fmt.Fprintf(&frame, "Content-Length: %d\r\n\r\n", len(body))
	frame.Write(body)
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err = w.w.Write(frame.Bytes())
	return err
}
