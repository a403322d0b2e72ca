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
// source, or else the file itself (a schema file, a parameters file), read
// now that an error needs its line.
func (e *env) source(pos diag.Pos) (string, bool) {
	if !pos.IsValid() {
		return "", false
	}
	if src, ok := e.sources[pos.File]; ok {
		return src, src != ""
	}
	b, err := os.ReadFile(pos.File)
	return string(b), err == nil && len(b) > 0
}

// sourceLine returns line n (1-based) of src without its line ending.
func sourceLine(src string, n int) string {
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
