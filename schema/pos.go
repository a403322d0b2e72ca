package schema

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"gopkg.in/yaml.v3"
)

// source is a schema file's bytes, and the means to turn the line and
// column of a node into a diag.Pos: the byte offset in the file, and the
// line and byte column that offset has when lines end at "\n", "\r\n" or a
// lone "\r" (diag.PosAt).
type source struct {
	file  string
	data  []byte // the whole file
	body  int    // where the content starts, after a UTF-8 byte order mark
	lines []int  // the offset of each line (diag.LineStarts)
	// yamlLines is the offset of each line as yaml.v3 counts them (it also
	// breaks lines at a lone CR, NEL, LS and PS, and counts columns in
	// characters); nil until the content is read as YAML.
	yamlLines []int
}

func newSource(file string, data []byte) *source {
	s := &source{file: file, data: data}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		s.body = 3
	}
	s.lines = diag.LineStarts(data)
	return s
}

// content is the file without its byte order mark.
func (s *source) content() []byte { return s.data[s.body:] }

// posAt is the position of byte offset off.
func (s *source) posAt(off int) diag.Pos {
	off = min(max(off, 0), len(s.data))
	line, _ := slices.BinarySearch(s.lines, off+1) // the lines starting at or before off
	return diag.Pos{File: s.file, Offset: off, Line: line, Col: off - s.lines[line-1] + 1}
}

// at is a node that carries only the position of byte offset off, as a
// line and a byte column (for node trees built from JSON).
func (s *source) at(off int) *yaml.Node {
	p := s.posAt(off)
	return &yaml.Node{Line: p.Line, Column: p.Col}
}

// pos is where node n starts; a nil node is the whole file.
func (s *source) pos(n *yaml.Node) diag.Pos {
	if n == nil || n.Line < 1 {
		return diag.Pos{File: s.file}
	}
	if s.yamlLines == nil { // a node from at
		if n.Line > len(s.lines) {
			return diag.Pos{File: s.file}
		}
		return s.posAt(s.lines[n.Line-1] + n.Column - 1)
	}
	if n.Line > len(s.yamlLines) {
		return diag.Pos{File: s.file}
	}
	off := s.yamlLines[n.Line-1]
	for i := 1; i < n.Column && off < len(s.data) && yamlBreak(s.data[off:]) == 0; i++ {
		_, w := utf8.DecodeRune(s.data[off:])
		off += w
	}
	return s.posAt(off)
}

// countYAMLLines fills yamlLines.
func (s *source) countYAMLLines() {
	s.yamlLines = []int{s.body}
	for i := s.body; i < len(s.data); {
		if n := yamlBreak(s.data[i:]); n > 0 {
			i += n
			s.yamlLines = append(s.yamlLines, i)
		} else {
			i++
		}
	}
}

// yamlBreak is the length of the line break b starts with, as yaml.v3 sees
// line breaks (CRLF, CR, LF, NEL, LS, PS), or 0.
func yamlBreak(b []byte) int {
	switch {
	case len(b) == 0:
		return 0
	case b[0] == '\r' && len(b) > 1 && b[1] == '\n':
		return 2
	case b[0] == '\r', b[0] == '\n':
		return 1
	case bytes.HasPrefix(b, []byte("\u0085")):
		return 2
	case bytes.HasPrefix(b, []byte("\u2028")), bytes.HasPrefix(b, []byte("\u2029")):
		return 3
	}
	return 0
}
