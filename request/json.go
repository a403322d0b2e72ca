package request

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// The standard library's JSON decoder forgets where values stand; request
// files need the place of every member so that a finding can point at the
// character of an expression inside a string. This is a small JSON parser
// that keeps byte offsets. Numbers keep their text (never float64).

// Kind is a JSON value's kind.
type Kind uint8

const (
	Null Kind = iota + 1
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	return [...]string{"", "null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// Value is a JSON value with its place in the source.
type Value struct {
	Kind Kind
	// Start and End are the byte offsets of the value's first character and
	// of the character after it (for strings: the quotes included).
	Start, End int
	// Text is a string's decoded text, a number's text as written, or
	// "true"/"false".
	Text    string
	Members []Member // objects, in source order
	Elems   []*Value // arrays
}

// Member is one name: value pair of an object.
type Member struct {
	Name     string
	NamePos  int // offset of the name's opening quote
	Value    *Value
	Repeated bool // a member of the same name came earlier
}

// Get returns the value of the member called name, or nil.
func (v *Value) Get(name string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, m := range v.Members {
		if m.Name == name {
			return m.Value
		}
	}
	return nil
}

// Member returns the member called name, or nil.
func (v *Value) Member(name string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Name == name {
			return &v.Members[i]
		}
	}
	return nil
}

// SyntaxError is malformed JSON at Offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

type jsonParser struct {
	src   []byte
	off   int
	depth int
}

// maxDepth bounds nesting so that no input can exhaust the stack.
const maxDepth = 1000

// parseJSON parses one JSON value starting at off (after white space) and
// returns it with the offset after it.
func parseJSON(src []byte, off int) (*Value, int, error) {
	p := &jsonParser{src: src, off: off}
	p.space()
	v, err := p.value()
	if err != nil {
		return nil, p.off, err
	}
	return v, p.off, nil
}

// ParseValue reads src, named name in messages, as one JSON value with
// the reader of request files, so that a value given another way (-p
// name:=JSON, a parameters file) is refused where a request file's would
// be: a byte that is not UTF-8, half a surrogate pair. A problem is a
// *diag.Error at its place.
func ParseValue(name string, src []byte) (*Value, error) {
	v, off, err := parseJSON(src, 0)
	if err == nil && skipSpace(src, off) < len(src) {
		err = &SyntaxError{Offset: skipSpace(src, off), Msg: "more than one JSON value: write one"}
	}
	if err != nil {
		se := err.(*SyntaxError)
		return nil, diag.Errorf(diag.PosAt(name, src, se.Offset), "%s", se.Msg)
	}
	return v, nil
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.off, Msg: fmt.Sprintf(format, args...)}
}

func (p *jsonParser) space() {
	for p.off < len(p.src) {
		switch p.src[p.off] {
		case ' ', '\t', '\n', '\r':
			p.off++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (*Value, error) {
	if p.off >= len(p.src) {
		return nil, p.errorf("unexpected end of the file; expected a JSON value")
	}
	start := p.off
	switch c := p.src[p.off]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Value{Kind: String, Start: start, End: p.off, Text: s}, nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't' || c == 'f' || c == 'n':
		for _, w := range []string{"true", "false", "null"} {
			if len(p.src)-p.off >= len(w) && string(p.src[p.off:p.off+len(w)]) == w {
				p.off += len(w)
				if w == "null" {
					return &Value{Kind: Null, Start: start, End: p.off}, nil
				}
				return &Value{Kind: Bool, Start: start, End: p.off, Text: w}, nil
			}
		}
	}
	r, _ := utf8.DecodeRune(p.src[p.off:])
	return nil, p.errorf("unexpected %q; expected a JSON value", r)
}

func (p *jsonParser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf("the JSON is nested more than %d levels deep", maxDepth)
	}
	return nil
}

func (p *jsonParser) object() (*Value, error) {
	seen := map[string]bool{}
	return p.container(Object, '}', "a member", func(v *Value) error {
		if p.off >= len(p.src) || p.src[p.off] != '"' {
			return p.errorf("expected a member name in double quotes")
		}
		namePos := p.off
		name, err := p.str()
		if err != nil {
			return err
		}
		p.space()
		if p.off >= len(p.src) || p.src[p.off] != ':' {
			return p.errorf("expected \":\" after the member name %q", name)
		}
		p.off++
		p.space()
		val, err := p.value()
		if err != nil {
			return err
		}
		v.Members = append(v.Members, Member{Name: name, NamePos: namePos, Value: val, Repeated: seen[name]})
		seen[name] = true
		return nil
	})
}

func (p *jsonParser) array() (*Value, error) {
	return p.container(Array, ']', "an element", func(v *Value) error {
		el, err := p.value()
		if err != nil {
			return err
		}
		v.Elems = append(v.Elems, el)
		return nil
	})
}

// container reads an object or an array (kind), close its closing bracket:
// item reads each of its members or elements (what names one in messages)
// into v, the comma-separated list around them is read here.
func (p *jsonParser) container(kind Kind, close byte, what string, item func(v *Value) error) (*Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	v := &Value{Kind: kind, Start: p.off}
	if p.open(v, close) {
		return v, nil
	}
	for {
		p.space()
		if err := item(v); err != nil {
			return nil, err
		}
		done, err := p.next(v, close, what)
		if err != nil {
			return nil, err
		}
		if done {
			return v, nil
		}
	}
}

// open reads the opening bracket of v, an object or array, and reports
// whether close, its closing bracket, follows at once.
func (p *jsonParser) open(v *Value, close byte) bool {
	p.off++
	p.space()
	if p.off < len(p.src) && p.src[p.off] == close {
		p.off++
		v.End = p.off
		return true
	}
	return false
}

// next reads what follows an element of v (what names it in messages): a
// comma, or close, which ends v.
func (p *jsonParser) next(v *Value, close byte, what string) (done bool, err error) {
	p.space()
	if p.off >= len(p.src) {
		return false, p.errorf("unexpected end of the file; expected \",\" or \"%c\"", close)
	}
	switch p.src[p.off] {
	case ',':
		p.off++
		return false, nil
	case close:
		p.off++
		v.End = p.off
		return true, nil
	}
	return false, p.errorf("expected \",\" or \"%c\" after %s", close, what)
}

func (p *jsonParser) number() (*Value, error) {
	start := p.off
	i := p.off
	if p.src[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(p.src) && p.src[i] == '0' {
		i++
	} else if digits() == 0 {
		p.off = i
		return nil, p.errorf("a JSON number needs digits")
	}
	if i < len(p.src) && p.src[i] == '.' {
		i++
		if digits() == 0 {
			p.off = i
			return nil, p.errorf("a JSON number needs digits after the point")
		}
	}
	if i < len(p.src) && (p.src[i] == 'e' || p.src[i] == 'E') {
		i++
		if i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.off = i
			return nil, p.errorf("a JSON number needs digits in its exponent")
		}
	}
	p.off = i
	return &Value{Kind: Number, Start: start, End: i, Text: string(p.src[start:i])}, nil
}

// str reads a JSON string at p.off (on its opening quote) and decodes it.
// encoding/json would turn a byte that is not UTF-8, and a \u escape of
// half a surrogate pair, into U+FFFD without a word; DynamoDB refuses both
// (the request does not parse: SerializationException), so they are errors
// here, at the byte or the escape.
func (p *jsonParser) str() (string, error) {
	start := p.off
	i := p.off + 1
	plain := true
	for ; i < len(p.src); i++ {
		c := p.src[i]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			i++
			continue
		}
		if c < 0x20 {
			p.off = i
			return "", p.errorf("a control character in a JSON string must be escaped (\\n, \\t, \\u00XX)")
		}
	}
	if i >= len(p.src) {
		return "", p.errorf("unterminated JSON string")
	}
	end := i + 1
	body := p.src[start+1 : i]
	if plain && utf8.Valid(body) {
		p.off = end
		return string(body), nil
	}
	s, at, msg := decodeString(body)
	if msg != "" {
		p.off = start + 1 + at
		return "", p.errorf("%s", msg)
	}
	p.off = end
	return s, nil
}

// decodeString decodes the text between the quotes of a JSON string, which
// holds no quote or control character unescaped. On a problem it returns
// the offset in body of the byte or escape at fault and what is wrong; the
// decoded text is only meaningful when msg is "".
func decodeString(body []byte) (s string, at int, msg string) {
	b := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			r, n := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && n <= 1 {
				return "", i, "this byte is not UTF-8, which JSON and DynamoDB require: save the file as UTF-8, or write the character as \\uXXXX"
			}
			b = append(b, body[i:i+n]...)
			i += n
			continue
		}
		if i+1 >= len(body) {
			return "", i, badEscape
		}
		switch body[i+1] {
		case '"', '\\', '/':
			b = append(b, body[i+1])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(body, i)
			if !ok {
				return "", i, badEscape
			}
			n := 6
			if utf16.IsSurrogate(r) {
				low, ok := hex4(body, i+6)
				if r >= 0xDC00 || !ok || low < 0xDC00 || low > 0xDFFF {
					return "", i, fmt.Sprintf("%s is half of a UTF-16 surrogate pair, which is no character: DynamoDB refuses the request; write the character itself, or both halves (\\ud83d\\ude00)", body[i:i+6])
				}
				r, n = utf16.DecodeRune(r, low), 12
			}
			b = utf8.AppendRune(b, r)
			i += n
			continue
		default:
			return "", i, badEscape
		}
		i += 2
	}
	return string(b), 0, ""
}

const badEscape = "a JSON string with an invalid escape: JSON takes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"

// hex4 reads the \uXXXX escape at body[i:], if there is one.
func hex4(body []byte, i int) (rune, bool) {
	if i+6 > len(body) || body[i] != '\\' || body[i+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range body[i+2 : i+6] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
