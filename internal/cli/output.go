package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// report writes an input error to standard error: `file:line:col: error:
// message` (the column in characters), then the offending line and a caret
// under the column. What quotes the input is diag.Printable: its control
// characters must not reach the terminal.
func (e *env) report(err error) {
	var dl diag.List
	var de *diag.Error
	switch {
	case errors.As(err, &dl):
		for _, d := range dl {
			e.reportOne(d)
		}
	case errors.As(err, &de):
		e.reportOne(de)
	default:
		fmt.Fprintf(e.stderr, "dynexpr: %s\n", diag.Printable(err.Error()))
	}
}

func (e *env) reportOne(d *diag.Error) {
	src, ok := e.source(d.Pos)
	line := sourceLine(src, d.Pos.Line)
	fmt.Fprintln(e.stderr, diag.Printable(d.Pos.Where(line)+": error: "+d.Msg))
	// Unlike a finding's caret, this one is shown under an empty line too,
	// when the column is the line's first.
	if ok && (line != "" || d.Pos.Col <= 1) {
		io.WriteString(e.stderr, diag.Caret(line, d.Pos.Col, "^"))
	}
}

// source is the text of the input pos is in: one read as a statement
// source, or else the file itself (a schema, a config, a parameters file),
// read once now that an error needs its line.
func (e *env) source(pos diag.Pos) (string, bool) {
	if !pos.IsValid() {
		return "", false
	}
	src, ok := e.sources[pos.File]
	if !ok {
		// Only a regular file: reading /dev/stdin or a pipe again would
		// wait for input that was already consumed.
		if fi, err := os.Stat(pos.File); err == nil && fi.Mode().IsRegular() {
			b, _ := e.limit.Read(pos.File)
			src = string(b)
		}
		e.sources[pos.File] = src
	}
	return src, src != ""
}

// sourceLine returns line n (1-based) of src without its line ending, and
// line 1 without a byte order mark: the DSL counts its columns after it.
func sourceLine(src string, n int) string {
	var x lineIndex
	return x.line("", src, n)
}

// lineIndex gives the lines of one source at a time, finding where its
// lines start once: lint asks for the line of every finding (for its caret
// and its column in characters), and scanning from the top of the file
// each time made a file with many findings quadratic (20,000 findings in
// one file: 2.0 s instead of 0.26).
type lineIndex struct {
	name, src string
	starts    []int
}

// line returns line n (1-based) of src, named name, without its line
// ending: lines end as the lexer ends them (diag.EndsLine), a lone CR too.
func (x *lineIndex) line(name, src string, n int) string {
	if x.starts == nil || name != x.name || src != x.src {
		x.name, x.src, x.starts = name, src, diag.LineStarts(src)
	}
	if n < 1 || n > len(x.starts) {
		return ""
	}
	end := len(src)
	if n < len(x.starts) {
		end = x.starts[n]
	}
	line := diag.TrimLineEnd(src[x.starts[n-1]:end])
	if n == 1 {
		// Columns on line 1 count from after a byte order mark, which the
		// lexer skips; the excerpt leaves it out too.
		line = strings.TrimPrefix(line, grammar.ByteOrderMark)
	}
	return line
}

// isTerminal reports whether w is a terminal, where colour helps.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// jsonString encodes s as a JSON string without HTML escaping.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return string(bytes.TrimRight(b.Bytes(), "\n"))
}

// spool holds a command's output until it is known to be whole (build and
// explain print nothing on an error), in chunks: a large output is never
// copied to grow, and never held twice, as a doubling buffer's is.
type spool struct {
	chunks [][]byte
}

const spoolChunk = 64 << 10

func (s *spool) Write(p []byte) (int, error)       { return spoolAppend(s, p), nil }
func (s *spool) WriteString(p string) (int, error) { return spoolAppend(s, p), nil }
func (s *spool) WriteByte(c byte) error            { spoolAppend(s, []byte{c}); return nil }

func spoolAppend[T string | []byte](s *spool, p T) int {
	n := len(p)
	for len(p) > 0 {
		if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1]) == spoolChunk {
			s.chunks = append(s.chunks, make([]byte, 0, spoolChunk))
		}
		last := &s.chunks[len(s.chunks)-1]
		k := min(len(p), spoolChunk-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	return n
}

// WriteTo writes the output to w, and lets its chunks go.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for i, c := range s.chunks {
		k, err := w.Write(c)
		n += int64(k)
		if err != nil {
			return n, err
		}
		s.chunks[i] = nil
	}
	s.chunks = nil
	return n, nil
}
