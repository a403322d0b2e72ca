package partiql

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// Mode is how the statements of a script are sent.
type Mode uint8

const (
	// ModeEach sends each statement as an execute-statement of its own.
	ModeEach Mode = iota
	// ModeBatch sends them all as one batch-execute-statement.
	ModeBatch
	// ModeTransaction sends them all as one execute-transaction.
	ModeTransaction
)

// The comments a script reads (each on a line of its own):
//
//	-- dynexpr:batch          before the first statement: the file is one batch-execute-statement
//	-- dynexpr:transaction    before the first statement: the file is one execute-transaction
//	-- name: open_tickets     on the line before a statement: its name, for --statement
//	-- dynexpr:ignore RULE[,RULE] -- why   before a statement or at the end of its line
const (
	markerBatch       = "dynexpr:batch"
	markerTransaction = "dynexpr:transaction"
	markerName        = "name:"
	markerIgnore      = "dynexpr:ignore"
)

// Script is a *.partiql file (or a statement on the command line): its
// statements, with their names and ignore comments, and how they are sent.
type Script struct {
	Statements []*Statement
	Mode       Mode
	ModePos    diag.Pos // where the mode's comment stands
	// Names are the statements' names from their "-- name:" comments,
	// "" for none: Names[i] is Statements[i]'s.
	Names []string
	// Ignores are each statement's dynexpr:ignore comments.
	Ignores [][]Ignore
	// Stray are the dynexpr:ignore comments that apply to no statement
	// (none on the line after their block of comments, nor ending on
	// theirs), for lint to report.
	Stray []Ignore
	// Errors are the syntax errors of the statements that do not parse,
	// one each (and a lexical error, which ends the script): the others
	// are read all the same.
	Errors diag.List
}

// Ignore is one dynexpr:ignore comment: the rules it silences, and why.
type Ignore struct {
	Pos    diag.Pos
	Rules  []string
	Reason string
}

// ParseScript parses src and reads its comments: the mode, the names and
// the ignore comments. A name given twice, or a mode comment after the
// first statement, is an error at the comment, and the script is nil.
// Statements stand alone: one that does not parse is a syntax error in
// Errors, which is then the error too, and the script holds every other
// statement.
func ParseScript(file, src string) (*Script, error) {
	var comments []Comment
	all, errs := parseResuming(file, src, &comments)
	f := &File{Statements: all}
	sc := &Script{Statements: f.Statements, Names: make([]string, len(f.Statements)), Ignores: make([][]Ignore, len(f.Statements)), Errors: errs}
	lines := diag.LineStarts(src)
	named := map[string]diag.Pos{}
	for _, c := range comments {
		text := strings.TrimSpace(strings.TrimPrefix(c.Text, "--"))
		if !strings.HasPrefix(c.Text, "--") {
			continue // a /* */ comment says nothing to dynexpr
		}
		i, own := statementOf(f.Statements, c, lines, src)
		switch {
		case text == markerBatch || text == markerTransaction:
			if len(f.Statements) > 0 && c.Pos.Offset > f.Statements[0].Pos.Offset {
				return nil, diag.Errorf(c.Pos, "-- %s goes before the first statement: it makes the whole file one request", text)
			}
			if sc.ModePos.IsValid() {
				return nil, diag.Errorf(c.Pos, "the file is already marked at %s: mark it once, -- %s or -- %s", sc.ModePos, markerBatch, markerTransaction)
			}
			sc.Mode, sc.ModePos = ModeBatch, c.Pos
			if text == markerTransaction {
				sc.Mode = ModeTransaction
			}
		case strings.HasPrefix(text, markerName):
			name := strings.TrimSpace(strings.TrimPrefix(text, markerName))
			if !isName(name) {
				return nil, diag.Errorf(c.Pos, "a statement's name is letters, digits and _, like -- name: open_tickets")
			}
			if i < 0 || !own {
				return nil, diag.Errorf(c.Pos, "-- name: %s names the statement on the next line, and none starts there", name)
			}
			if prev, dup := named[name]; dup {
				return nil, diag.Errorf(c.Pos, "the name %q is already given to the statement at %s; names are given once", name, prev)
			}
			named[name] = c.Pos
			sc.Names[i] = name
		case strings.HasPrefix(text, markerIgnore):
			if i < 0 {
				sc.Stray = append(sc.Stray, parseIgnore(c.Pos, strings.TrimPrefix(text, markerIgnore)))
				continue
			}
			sc.Ignores[i] = append(sc.Ignores[i], parseIgnore(c.Pos, strings.TrimPrefix(text, markerIgnore)))
		}
	}
	if len(errs) == 0 {
		return sc, nil
	}
	// The statements that do not parse leave, their comments with them.
	n := 0
	for i, st := range sc.Statements {
		if st.Kind != 0 {
			sc.Statements[n], sc.Names[n], sc.Ignores[n] = st, sc.Names[i], sc.Ignores[i]
			n++
		}
	}
	sc.Statements, sc.Names, sc.Ignores = sc.Statements[:n], sc.Names[:n], sc.Ignores[:n]
	return sc, errs
}

// statementOf is the index of the statement comment c belongs to: the one
// that starts on the line after c's block of comment lines (own), or the
// one whose last line c ends; -1 for none.
func statementOf(stmts []*Statement, c Comment, lines []int, src string) (int, bool) {
	for i, st := range stmts {
		if st.EndPos.Line == c.Pos.Line && c.Pos.Offset >= st.EndPos.Offset {
			return i, false
		}
		if st.Pos.Line > c.Pos.Line {
			// Only comment lines between c and the statement.
			for l := c.Pos.Line + 1; l < st.Pos.Line; l++ {
				line := strings.TrimSpace(src[lines[l-1]:lineEnd(lines, l, len(src))])
				if !strings.HasPrefix(line, "--") {
					return -1, false
				}
			}
			return i, true
		}
	}
	return -1, false
}

func lineEnd(lines []int, l, n int) int {
	if l < len(lines) {
		return lines[l]
	}
	return n
}

func parseIgnore(pos diag.Pos, text string) Ignore {
	ig := Ignore{Pos: pos}
	rules, reason, _ := strings.Cut(text, "--")
	ig.Reason = strings.TrimSpace(reason)
	ig.Rules = strings.FieldsFunc(rules, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	return ig
}

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) || s[i] == '$' {
			return false
		}
	}
	return s != ""
}

// ParamTypes says, for each ? of st in order, the type a plain -p value
// given for it takes: "N" where it is a number whatever it meets (compared
// with size(...), an operand of + or -), else the attribute it meets,
// for the schema to type ("" where it meets none).
func ParamTypes(st *Statement) (attrs []string, number []bool) {
	attrs = make([]string, len(st.Params))
	number = make([]bool, len(st.Params))
	meet := func(e Expr, attr string, num bool) {
		if p, ok := e.(*Param); ok && p.Index < len(attrs) {
			attrs[p.Index], number[p.Index] = attr, num
		}
	}
	visit := func(e Expr) bool {
		switch e := e.(type) {
		case *Binary:
			if e.Op.IsComparison() {
				a, num := operandAttr(e.X)
				if a == "" && !num {
					a, num = operandAttr(e.Y)
				}
				meet(e.X, a, num)
				meet(e.Y, a, num)
			}
			if e.Op == OpAdd || e.Op == OpSub {
				meet(e.X, "", true)
				meet(e.Y, "", true)
			}
		case *Between:
			a, num := operandAttr(e.X)
			meet(e.Lo, a, num)
			meet(e.Hi, a, num)
		case *In:
			a, num := operandAttr(e.X)
			for _, v := range e.Values {
				meet(v, a, num)
			}
		case *Call:
			if len(e.Args) > 1 && (e.Func == "begins_with" || e.Func == "contains") {
				a, _ := operandAttr(e.Args[0])
				meet(e.Args[1], a, false)
			}
		}
		return true
	}
	Inspect(st.Where, visit)
	if tu, ok := st.Value.(*Tuple); ok {
		for _, en := range tu.Entries {
			meet(en.Value, en.Key, false)
			Inspect(en.Value, visit)
		}
	}
	for _, a := range st.Actions {
		if a.Value != nil {
			at, _ := operandAttr(a.Path)
			meet(a.Value, at, false)
			Inspect(a.Value, visit)
		}
	}
	return attrs, number
}

// operandAttr is the top-level attribute an operand is (a path of one
// step), and whether it is a number whatever it holds (size(...)).
func operandAttr(e Expr) (string, bool) {
	switch e := e.(type) {
	case *Path:
		if len(e.Steps) == 1 {
			return e.Steps[0].Name, false
		}
	case *Call:
		return "", e.Func == "size"
	}
	return "", false
}
