package grammar

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
)

// maxLine is the width Format keeps a statement's lines to, where it can.
const maxLine = 80

// Format writes a statement in the canonical layout (dynexpr fmt, import):
// keywords in lower case, clauses in the language's order, all on one line
// when it fits in maxLine columns. Otherwise one clause per line, indented
// by two spaces; the key or the item stays on the first line when it fits
// there, and an item that does not fit has its attributes packed on
// indented lines between "item {" and "}".
func Format(st *Statement) string {
	if st.Kind.IsGroup() {
		return formatGroup(st)
	}
	return formatRequest(st, maxLine)
}

// formatRequest is Format for one request, in lines of at most max columns
// where it can.
func formatRequest(st *Statement, max int) string {
	head, clauses := formatParts(st)
	one := head
	for _, c := range clauses {
		one += " " + c
	}
	if width(one) <= max || len(clauses) == 0 {
		return one
	}
	lines := []string{head}
	rest := clauses
	if st.Key != nil || st.Item != nil {
		switch first := head + " " + clauses[0]; {
		case width(first) <= max:
			lines[0], rest = first, rest[1:]
		case st.Item != nil && st.Item.Map != nil && len(st.Item.Map.Entries) > 0:
			lines = append(lines[:0], head+" item {")
			lines = append(lines, packEntries(st.Item.Map, max)...)
			lines = append(lines, "}")
			rest = rest[1:]
			if tail := "} " + strings.Join(rest, " "); len(rest) > 0 && width(tail) <= max {
				lines[len(lines)-1], rest = tail, nil
			}
		}
	}
	for _, c := range rest {
		lines = append(lines, "  "+c)
	}
	return strings.Join(lines, "\n")
}

// formatGroup writes a group: its head and "{" on the first line, each
// member formatted on its own lines, indented by two spaces, all but the
// last ending with ";", and "}" on the last line.
func formatGroup(st *Statement) string {
	head, clauses := formatParts(st)
	var b strings.Builder
	b.WriteString(head)
	for _, c := range clauses {
		b.WriteString(" " + c)
	}
	b.WriteString(" {\n")
	for i, m := range st.Members {
		b.WriteString("  " + strings.ReplaceAll(formatRequest(m, maxLine-2), "\n", "\n  "))
		if i < len(st.Members)-1 {
			b.WriteString(";")
		}
		b.WriteString("\n")
	}
	b.WriteString("}")
	return b.String()
}

// packEntries writes the entries of a map on lines indented by two spaces,
// as many on a line as fit in max columns, each line but the last ending
// with a comma.
func packEntries(m *Map, max int) []string {
	var lines []string
	line := ""
	for i, e := range m.Entries {
		entry := formatEntry(e)
		if i < len(m.Entries)-1 {
			entry += ","
		}
		switch {
		case line == "":
			line = "  " + entry
		case width(line)+1+width(entry) <= max:
			line += " " + entry
		default:
			lines = append(lines, line)
			line = "  " + entry
		}
	}
	return append(lines, line)
}

// width is the number of columns s takes: one per character.
func width(s string) int { return utf8.RuneCountInString(s) }

// formatParts writes a statement's head (label, verb, table and index) and
// its other clauses, in the clause table's order.
func formatParts(st *Statement) (string, []string) {
	var head strings.Builder
	if st.Label != nil {
		head.WriteString(st.Label.Name + ": ")
	}
	head.WriteString(st.Kind.String())
	if st.Table != nil {
		head.WriteString(" " + FormatTableRef(st.Table))
	}
	var cl []string
	for id := ClauseIndex; int(id) < len(clauseTable); id++ {
		text := clauseTable[id].print(st)
		switch {
		case text == "":
		case id == ClauseIndex:
			head.WriteString(" " + text)
		default:
			cl = append(cl, text)
		}
	}
	return head.String(), cl
}

func formatProjection(p *Projection) string {
	switch {
	case p.Count:
		return "count"
	case p.All:
		return "all"
	case p.Projected:
		return "projected"
	}
	parts := make([]string, len(p.Paths))
	for i, x := range p.Paths {
		parts[i] = FormatPath(x)
	}
	return strings.Join(parts, ", ")
}

// FormatCondition writes a condition; parentheses stand where the AST has a
// group.
func FormatCondition(c *Condition) string {
	ors := make([]string, len(c.Or))
	for i, a := range c.Or {
		ands := make([]string, len(a.And))
		for j, n := range a.And {
			ands[j] = formatNot(n)
		}
		ors[i] = strings.Join(ands, " and ")
	}
	return strings.Join(ors, " or ")
}

func formatNot(n *NotCondition) string {
	switch {
	case n.Not != nil:
		return "not " + formatNot(n.Not)
	case n.Group != nil:
		return "(" + FormatCondition(n.Group) + ")"
	}
	c := n.Compare
	s := FormatOperand(c.Left)
	switch {
	case c.Op != "":
		s += " " + c.Op + " " + FormatOperand(c.Right)
	case c.Low != nil:
		s += " between " + FormatOperand(c.Low) + " and " + FormatOperand(c.High)
	case c.In != nil:
		parts := make([]string, len(c.In))
		for i, o := range c.In {
			parts[i] = FormatOperand(o)
		}
		s += " in (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// FormatOperand writes a path, a value or a function call.
func FormatOperand(o *Operand) string { return FormatOperandWith(o, FormatValue, "") }

// FormatOperandWith is FormatOperand writing the values with value, and
// missing for an operand that is nil or empty (a tree that did not parse):
// what lint's suggestions show of an operand.
func FormatOperandWith(o *Operand, value func(*Value) string, missing string) string {
	switch {
	case o == nil:
		return missing
	case o.Path != nil:
		return FormatPath(o.Path)
	case o.Value != nil:
		return value(o.Value)
	case o.Call != nil:
		parts := make([]string, len(o.Call.Args))
		for i, a := range o.Call.Args {
			parts[i] = FormatOperandWith(a, value, missing)
		}
		return o.Call.Func + "(" + strings.Join(parts, ", ") + ")"
	}
	return missing
}

// FormatPath writes a path: a.b[2].`c.d`.
func FormatPath(p *Path) string {
	var b strings.Builder
	for i, e := range p.Elems {
		if e.IsIndex {
			b.WriteString("[" + strconv.Itoa(e.Index) + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(Name(e.Name))
	}
	return b.String()
}

// Name writes an attribute name bare where the DSL reads it back as the
// same name, else in backticks.
func Name(n string) string {
	if isBare(n) {
		return n
	}
	return "`" + n + "`"
}

// InBackticks reports whether a name in backticks can hold n: n is not
// empty and holds no backtick and no line break (a lone CR is one too, as
// the lexer reads it).
func InBackticks(n string) bool {
	return n != "" && !strings.ContainsAny(n, "`\r\n")
}

// FormatTableRef writes a table or index name as TableName does, or the
// $parameter it is written as while that is unbound.
func FormatTableRef(t *TableRef) string {
	if t.Unbound() {
		return t.Name
	}
	return TableName(t.Name)
}

// TableName writes a table or index name bare where the lexer takes it so.
func TableName(n string) string {
	if n == "" {
		return "``"
	}
	for i := 0; i < len(n); i++ {
		if !isNameChar(n[i]) {
			return "`" + n + "`"
		}
	}
	return n
}

// isBare reports whether the DSL reads n written bare as the name n: an
// identifier that is not one of the keywords.
func isBare(n string) bool {
	if n == "" || !isIdentStart(n[0]) {
		return false
	}
	for i := 1; i < len(n); i++ {
		if !isIdentChar(n[i]) {
			return false
		}
	}
	return !keywords[strings.ToLower(n)]
}

// FormatValue writes a literal in the DSL.
func FormatValue(v *Value) string {
	switch v.Type {
	case TypeS:
		return Quote(v.Text)
	case TypeN, TypeBOOL:
		return v.Text
	case TypeB:
		return `b"` + v.Text + `"`
	case TypeNULL:
		return "null"
	case TypeParam:
		return "$" + v.FromParam
	case TypeL:
		parts := make([]string, len(v.List.Items))
		for i, it := range v.List.Items {
			parts[i] = FormatValue(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case TypeM:
		return formatMap(v.Map)
	case TypeSS, TypeNS, TypeBS:
		parts := make([]string, len(v.Set.Items))
		for i, it := range v.Set.Items {
			parts[i] = FormatValue(it)
		}
		return "<<" + strings.Join(parts, ", ") + ">>"
	}
	return ""
}

func formatMap(m *Map) string {
	if len(m.Entries) == 0 {
		return "{}"
	}
	parts := make([]string, len(m.Entries))
	for i, e := range m.Entries {
		parts[i] = formatEntry(e)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func formatEntry(e *MapEntry) string {
	k := e.Key
	if !isBare(k) {
		k = Quote(k)
	}
	return k + ": " + FormatValue(e.Value)
}

// Quote writes s as a DSL string: double quotes, JSON escapes. A character
// that does not show as itself (diag.Hidden: controls, bidi controls,
// zero-width characters, the soft hyphen, U+2028, spaces other than U+0020)
// is written as its \uXXXX escape, so that what a reviewer reads in the
// source is what the string holds (no Trojan Source).
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError && size == 1:
			writeEscape(&b, rune(s[i]))
		case r > 0xffff && diag.Hidden(r):
			// JSON escapes are of UTF-16 code units: a surrogate pair.
			r -= 0x10000
			writeEscape(&b, 0xd800+r>>10)
			writeEscape(&b, 0xdc00+r&0x3ff)
		case diag.Hidden(r):
			writeEscape(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// writeEscape writes \uXXXX for the code unit u (at most 0xffff).
func writeEscape(b *strings.Builder, u rune) {
	const hex = "0123456789abcdef"
	b.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hex[u>>shift&0xf])
	}
}
