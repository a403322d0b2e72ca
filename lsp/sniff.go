package lsp

import "encoding/json"

// A message larger than the server reads is skipped, not kept; but the
// server must still answer it (a request waits for its response) and, for
// a change to a document, know which document it no longer holds as the
// editor does. sniffer reads the message as it goes by and keeps only the
// first "method", top-level "id" and "uri" it holds: a few hundred bytes
// of a message of any size. Inside a JSON string a quote is always
// escaped, so a key is never text of the document.
type sniffer struct {
	depth    int
	inString bool
	escaped  bool
	str      []byte // the string being read, up to maxSniffed bytes
	// last is the string read last, a key if a ":" follows.
	last     []byte
	lastOK   bool
	key      string // the key whose value comes next, at keyDepth
	keyDepth int
	num      []byte // a number being read as the id's value

	method, uri string
	id          json.RawMessage
}

// maxSniffed bounds what one sniffed string keeps: a URI longer than that
// is not one the server opened.
const maxSniffed = 8 << 10

func (s *sniffer) Write(p []byte) (int, error) {
	for _, c := range p {
		s.byte(c)
	}
	return len(p), nil
}

func (s *sniffer) byte(c byte) {
	if s.inString {
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
			s.endString()
			return
		}
		if len(s.str) < maxSniffed {
			s.str = append(s.str, c)
		}
		return
	}
	if s.num != nil {
		if c == '-' || c == '.' || c == '+' || c == 'e' || c == 'E' || c >= '0' && c <= '9' {
			s.num = append(s.num, c)
			return
		}
		if s.id == nil {
			s.id = json.RawMessage(s.num)
		}
		s.num = nil
	}
	switch c {
	case ' ', '\t', '\r', '\n':
		return
	case '"':
		s.inString, s.str = true, s.str[:0]
		return
	case ':':
		if s.lastOK {
			s.key, s.keyDepth = string(s.last), s.depth
		}
		s.lastOK = false
		return
	case '{', '[':
		s.depth++
	case '}', ']':
		s.depth--
	default:
		if s.key == "id" && s.keyDepth == 1 && (c == '-' || c >= '0' && c <= '9') {
			s.num = []byte{c}
		}
	}
	s.key, s.lastOK = "", false
}

// endString takes the string just read as a key, or as the value of the
// key before it.
func (s *sniffer) endString() {
	if s.key == "" {
		s.last, s.lastOK = append(s.last[:0], s.str...), true
		return
	}
	raw := append(append([]byte{'"'}, s.str...), '"')
	var v string
	if json.Unmarshal(raw, &v) == nil {
		switch {
		case s.key == "method" && s.keyDepth == 1 && s.method == "":
			s.method = v
		case s.key == "id" && s.keyDepth == 1 && s.id == nil:
			s.id = json.RawMessage(raw)
		case s.key == "uri" && s.uri == "":
			s.uri = v
		}
	}
	s.key, s.lastOK = "", false
}
