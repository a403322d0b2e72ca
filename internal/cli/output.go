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
// message`, then the offending line and a caret under the column.
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
		fmt.Fprintf(e.stderr, "dynexpr: %v\n", err)
	}
}

func (e *env) reportOne(d *diag.Error) {
	fmt.Fprintln(e.stderr, d.Error())
	writeCaret(e.stderr, e.sources[d.Pos.File], d.Pos)
}

// writeCaret prints the line at pos (cut around the column when long) and a
// caret under its column. Unlike a finding's caret, it is shown under an
// empty line too, when the column is the line's first.
func writeCaret(w io.Writer, src string, pos diag.Pos) {
	if src == "" || !pos.IsValid() {
		return
	}
	line := sourceLine(src, pos.Line)
	if line == "" && pos.Col > 1 {
		return
	}
	io.WriteString(w, diag.Caret(line, pos.Col, "^"))
}

// sourceLine returns line n (1-based) of src without its line ending, and
// line 1 without a byte order mark: the DSL counts its columns after it.
func sourceLine(src string, n int) string {
	if n == 1 {
		src = strings.TrimPrefix(src, grammar.ByteOrderMark)
	}
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(src, "\r")
}

// isTerminal reports whether w is a terminal, where colour and carets help.
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
