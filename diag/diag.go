// Package diag holds the one shape every positioned problem takes in dynexpr:
// a place in an input (file, line, column) and a message. The grammar, the
// schema loader and the builder return these; the command line renders them
// once, with the offending line and a caret, whatever produced them.
package diag

import (
	"fmt"
	"strings"
)

// Pos is a place in an input. Line and Col are 1-based; Col counts bytes.
// Offset is the 0-based byte offset. File is the name shown to the user:
// a path, "<arg>" for a command-line argument, "<stdin>" for standard input.
// Users see columns in characters: Where converts, with the line's text;
// String, without it, shows the byte column.
type Pos struct {
	File   string
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether the position names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	switch {
	case p.Line > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	case p.File != "":
		return p.File
	default:
		return "-"
	}
}

// Error is a problem with the user's input: it cannot be used at all (exit 2).
// Msg is lower-case, quotes the user's names and says what to write instead.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": error: " + e.Msg }

// Errorf makes an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// List is several input errors found in one pass; it is itself an error.
type List []*Error

func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Err returns nil for an empty list, so callers can `return list.Err()`.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// PosAt computes the position of byte offset off in src, for inputs whose
// parser only knows offsets (JSON decoders, YAML nodes that lost columns).
// Lines end at "\n", "\r\n" or a lone "\r" (see EndsLine).
func PosAt(file string, src []byte, off int) Pos {
	if off > len(src) {
		off = len(src)
	}
	line, col := 1, 1
	for i := 0; i < off; i++ {
		if (src[i] == '\n' || src[i] == '\r') && EndsLine(src, i) {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{File: file, Offset: off, Line: line, Col: col}
}
