package ddbexpr

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

func TestMapOffset(t *testing.T) {
	tests := []struct {
		raw  string
		offs []int // decoded offset -> raw offset, for off = 0, 1, 2, ...
	}{
		{`"abc"`, []int{1, 2, 3, 4, 4}},
		{`"a\"b"`, []int{1, 2, 4, 5, 5}},
		{`"a\\b"`, []int{1, 2, 4, 5}},
		{`"a\/b"`, []int{1, 2, 4, 5}},
		{`"x\n= :v"`, []int{1, 2, 4, 5, 6, 7, 8, 8}},
		{`"\t\r\b\f"`, []int{1, 3, 5, 7, 9}},
		{`"\u0041BC"`, []int{1, 7, 8, 9}},
		{`"\u00e9 ="`, []int{1, 1, 7, 8, 9}},           // é: 2 bytes from one escape
		{`"\u20ac"`, []int{1, 1, 1, 7}},                // €: 3 bytes
		{`"\ud83d\ude00a"`, []int{1, 1, 1, 1, 13, 14}}, // 😀: a surrogate pair, 4 bytes
		{`"\ud83dx"`, []int{1, 1, 1, 7, 8}},            // lone surrogate: U+FFFD
		{`"\ud83d\u0041"`, []int{1, 1, 1, 7, 13}},      // high surrogate then not a low one
		{"\"é =\"", []int{1, 1, 3, 4, 5}},              // raw UTF-8 passes through
		{"\"\xff=\"", []int{1, 1, 1, 2, 3}},            // invalid byte: U+FFFD
		{`abc`, []int{0, 1, 2, 3, 3}},                  // no quotes
		{`"ab`, []int{1, 2, 3, 3}},                     // no closing quote
		{`"a\`, []int{1, 2, 3}},                        // truncated escape
		{`"\u12"`, []int{1, 3, 4, 5}},                  // bad \u escape: no panic
		{`""`, []int{1, 1}},
		{``, []int{0}},
	}
	for _, tt := range tests {
		for off, want := range tt.offs {
			if got := MapOffset(tt.raw, off); got != want {
				t.Errorf("MapOffset(%s, %d) = %d, want %d", tt.raw, off, got, want)
			}
		}
	}
}

// TestMapOffsetAgainstJSON checks MapOffset against encoding/json: cutting
// the literal at the mapped offset and closing it decodes to exactly the
// expression's first off bytes.
func TestMapOffsetAgainstJSON(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "#", ":", " ", "\"", "\\", "\n", "\t", "<", ">", "&", "é", "€", "😀", "\u2028", "/", "\x01"}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for j := r.Intn(12); j > 0; j-- {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		s := b.String()
		for _, raw := range encodings(s) {
			for off := 0; off <= len(s); off++ {
				if off < len(s) && !utf8.RuneStart(s[off]) {
					continue
				}
				m := MapOffset(raw, off)
				var got string
				if err := json.Unmarshal([]byte(raw[:m]+`"`), &got); err != nil {
					t.Fatalf("MapOffset(%s, %d) = %d: %s\" does not decode: %v", raw, off, m, raw[:m], err)
				}
				if got != s[:off] {
					t.Fatalf("MapOffset(%s, %d) = %d: prefix decodes to %q, want %q", raw, off, m, got, s[:off])
				}
			}
		}
	}
}

// encodings returns s as encoding/json writes it and with every non-ASCII
// character as a \u escape.
func encodings(s string) []string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.Encode(s)
	plain := strings.TrimSuffix(buf.String(), "\n")
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20 || r >= 0x7f:
			var units []uint16
			if r >= 0x10000 {
				r -= 0x10000
				units = []uint16{uint16(0xd800 + r>>10), uint16(0xdc00 + r&0x3ff)}
			} else {
				units = []uint16{uint16(r)}
			}
			for _, u := range units {
				const hex = "0123456789abcdef"
				b.WriteString(`\u`)
				b.WriteByte(hex[u>>12])
				b.WriteByte(hex[u>>8&15])
				b.WriteByte(hex[u>>4&15])
				b.WriteByte(hex[u&15])
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return []string{plain, b.String()}
}

func TestFilePos(t *testing.T) {
	src := []byte("{\n  \"TableName\": \"t\",\n  \"FilterExpression\": \"a = \\\"x\\\" AND b = :v\"\n}\n")
	lit := bytes.Index(src, []byte(`"a = `))
	expr := `a = "x" AND b = :v`
	_, err := Parse(FilterExpression, expr)
	se := err.(*SyntaxError)
	pos := FilePos("req.json", src, lit, se.Offset)
	want := diag.Pos{File: "req.json", Offset: lit + 5, Line: 3, Col: 28}
	if pos != want {
		t.Errorf("FilePos = %+v, want %+v", pos, want)
	}
	if src[pos.Offset] != '\\' {
		t.Errorf("FilePos points at %q, want the backslash of \\\"", src[pos.Offset])
	}
	// Past the escapes: "b" in the expression.
	pos = FilePos("req.json", src, lit, strings.Index(expr, "b ="))
	if src[pos.Offset] != 'b' || pos.Line != 3 {
		t.Errorf("FilePos(b) = %+v (%q)", pos, src[pos.Offset])
	}
	// End of expression: the closing quote.
	pos = FilePos("req.json", src, lit, len(expr))
	if src[pos.Offset] != '"' || src[pos.Offset-1] != 'v' {
		t.Errorf("FilePos(end) = %+v", pos)
	}
	if p := FilePos("x", src, -1, 0); p.Offset != len(src) {
		t.Errorf("FilePos with a bad literal start = %+v", p)
	}
}
