package appcode

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// dump writes what a reader found in a compact text the tests compare:
// a line per site (its place as line:col, its call and style), a line per
// member, then the skips and directives.
func dump(src []byte, r *Result) string {
	var b strings.Builder
	for _, s := range r.Sites {
		partial := ""
		if s.Partial {
			partial = " partial"
		}
		if s.Whole {
			partial += " whole"
		}
		fmt.Fprintf(&b, "site %s %s %s%s\n", lineCol(src, s.Pos), orDash(s.Call), styleName(s.Style), partial)
		for _, m := range s.Members {
			fmt.Fprintf(&b, "  %s %s = %s\n", m.Name, lineCol(src, m.NamePos), dumpValue(m.Value))
		}
	}
	for _, k := range r.Skipped {
		fmt.Fprintf(&b, "skip %s %s: %s\n", lineCol(src, k.Pos), k.Member, k.Why)
	}
	for _, d := range r.Directives {
		fmt.Fprintf(&b, "directive %s line %d %s %q trailing=%v\n", lineCol(src, d.Pos), d.Line, d.Verb, d.Args, d.Trailing)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func styleName(s ValueStyle) string {
	switch s {
	case StyleLowLevel:
		return "low-level"
	case StyleDocument:
		return "document"
	}
	return "unknown"
}

func lineCol(src []byte, off int) string {
	line, col := 1, 1
	for _, c := range src[:min(off, len(src))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col)
}

func dumpValue(v Value) string {
	var s string
	switch v.Kind {
	case Opaque:
		s = "opaque(" + v.Why + ")"
	case String:
		s = strconv.Quote(v.Text)
	case Number:
		s = "n" + v.Text
	case Bool:
		s = v.Text
	case Null:
		s = "null"
	case List:
		var parts []string
		for _, e := range v.Elems {
			parts = append(parts, dumpValue(e))
		}
		s = "[" + strings.Join(parts, ", ") + "]"
	case Map:
		var parts []string
		for _, e := range v.Entries {
			parts = append(parts, dumpValue(e.Key)+": "+dumpValue(e.Value))
		}
		s = "{" + strings.Join(parts, ", ") + "}"
	}
	if v.Type != "" {
		s = v.Type + "(" + s + ")"
	}
	return s
}

// checkInvariants holds for every reader on every input: values lie in
// the file, a string's offsets rise strictly and stay within it, and a
// byte of text copied from the file is that byte.
func checkInvariants(t testing.TB, src []byte, r *Result) {
	t.Helper()
	var check func(v Value, where string)
	check = func(v Value, where string) {
		if v.Start < 0 || v.End > len(src) || v.Start > v.End {
			t.Fatalf("%s: value at [%d,%d) outside the file of %d bytes", where, v.Start, v.End, len(src))
		}
		if v.Kind == String {
			if len(v.Offsets) != len(v.Text)+1 {
				t.Fatalf("%s: %d offsets for %d bytes of text", where, len(v.Offsets), len(v.Text))
			}
			for i, o := range v.Offsets {
				if o < 0 || o > len(src) || !v.Joined && (o < v.Start || o > v.End) {
					t.Fatalf("%s: offset %d of byte %d outside the literal [%d,%d)", where, o, i, v.Start, v.End)
				}
				if i > 0 && o <= v.Offsets[i-1] && !v.Joined {
					t.Fatalf("%s: offsets not increasing at byte %d: %v", where, i, v.Offsets)
				}
				if i < len(v.Text) && src[o] != '\\' && src[o] != '\r' && src[o] != '\n' && src[o] != v.Text[i] &&
					src[o] < 0x80 && v.Text[i] < 0x80 {
					t.Fatalf("%s: text byte %d %q comes from %q", where, i, v.Text[i], src[o])
				}
			}
		}
		for _, e := range v.Elems {
			check(e, where)
		}
		for _, e := range v.Entries {
			check(e.Key, where)
			check(e.Value, where)
		}
	}
	for _, s := range r.Sites {
		if s.Pos < 0 || s.Pos > len(src) {
			t.Fatalf("site at %d outside the file", s.Pos)
		}
		for _, m := range s.Members {
			if m.NamePos < 0 || m.NamePos >= len(src) {
				t.Fatalf("member %s at %d outside the file", m.Name, m.NamePos)
			}
			check(m.Value, m.Name)
		}
	}
	for _, d := range r.Directives {
		if d.Pos < 0 || d.Pos >= len(src) || d.Line < 1 {
			t.Fatalf("directive %+v outside the file", d)
		}
	}
}
