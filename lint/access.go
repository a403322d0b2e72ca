package lint

import (
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/request"
	"github.com/dynexpr/dynexpr/validate"
)

// Access is one request a file holds, as the rules read it: the statement
// every reader makes of its request (the DSL's own, request JSON and code
// converted, PartiQL as what it runs as). dynexpr report gathers them per
// table and index; lint keeps them only when Linter.Accesses asks.
type Access struct {
	// Pos is where the request is: the statement, the request's object,
	// the call in code.
	Pos   diag.Pos
	Label string
	// Stmt is the request as a statement; nil when the request cannot be
	// read as one (then Op and Table say what is known).
	Stmt *grammar.Statement
	// Op is the DynamoDB operation ("" when not known); Table the table
	// it names, "" when the request computes it.
	Op, Table string
	// At maps a position of Stmt into the file (code's requests are
	// written as request JSON first); nil when they are the file's.
	At func(diag.Pos) diag.Pos
	// PartiQL is the operation a PartiQL statement is sent with
	// (ExecuteStatement, ...); "" for the others.
	PartiQL string
}

// Place is where p, a position of the access's statement, is in the file.
func (a *Access) Place(p diag.Pos) diag.Pos {
	if a.At != nil && p.IsValid() {
		return a.At(p)
	}
	if !p.IsValid() {
		return a.Pos
	}
	return p
}

// accessOf is the access of a statement read from the file.
func accessOf(st *grammar.Statement) Access {
	a := Access{Pos: st.Pos, Stmt: st, Op: st.Kind.Operation()}
	if st.Label != nil {
		a.Label = st.Label.Name
	}
	if st.Table != nil && !st.Table.Unbound() {
		a.Table = st.Table.Name
	}
	return a
}

// requestAccess is the access of a request of request JSON (or of code,
// written as it), made from the conversion the rules read.
func requestAccess(req *request.Request, pos diag.Pos) Access {
	a := Access{Pos: pos}
	if k, ok := grammar.KindOfCommand(req.Command); ok {
		a.Op = k.Operation()
	}
	if req.Table != nil && req.Table.Kind == request.String {
		a.Table = req.Table.Text
	}
	if conv, err := req.Convert(); err == nil && conv.Statement != nil {
		a.Stmt = conv.Statement
		if st := a.Stmt; st.Table != nil && st.Table.Unbound() {
			a.Table = "" // the code computes it
		}
	}
	return a
}

// partiqlAccesses are the accesses of a PartiQL request: each statement as
// what it runs as.
func (l *Linter) partiqlAccesses(req *validate.PartiQLRequest, label string, at func(diag.Pos) diag.Pos) []Access {
	var out []Access
	for _, ps := range req.Statements {
		a := Access{Pos: ps.Stmt.Pos, Label: label, At: at, PartiQL: camel(req.Command)}
		if ps.Stmt.Table != nil {
			a.Table = ps.Stmt.Table.Name
		}
		if at != nil {
			a.Pos = at(ps.Stmt.Pos)
		}
		if st := validate.PartiQLAsDSL(ps, l.Schema); st != nil {
			a.Stmt, a.Op = st, st.Kind.Operation()
		}
		out = append(out, a)
	}
	return out
}

// partiqlRequestAccesses reads the statements of a PartiQL command's
// request JSON for their accesses; what does not parse is lint's to
// report, and has none.
func (l *Linter) partiqlRequestAccesses(r *request.Request) []Access {
	req := &validate.PartiQLRequest{Command: r.Command, Pos: r.File.Pos(r.Obj.Start)}
	add := func(obj *request.Value) {
		lit := obj.Get("Statement")
		if lit == nil || lit.Kind != request.String {
			return
		}
		st, err := partiql.ParseStatement(r.File.Name, lit.Text)
		if err != nil {
			return
		}
		// The statement's own positions are of its string: the request's
		// object is its place in the file.
		st.Pos = r.File.Pos(obj.Start)
		req.Statements = append(req.Statements, &validate.PartiQLStatement{Stmt: st, ParamsPos: st.Pos})
	}
	if list := r.Obj.Get("Statements"); list != nil {
		for _, e := range list.Elems {
			add(e)
		}
	} else if list := r.Obj.Get("TransactStatements"); list != nil {
		for _, e := range list.Elems {
			add(e)
		}
	} else {
		add(r.Obj)
	}
	return l.partiqlAccesses(req, "", nil)
}

// camel is the operation an aws dynamodb command sends: execute-statement
// is ExecuteStatement.
func camel(cmd string) string {
	out := make([]byte, 0, len(cmd))
	up := true
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == '-':
			up = true
			continue
		case up && 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		up = false
		out = append(out, c)
	}
	return string(out)
}

// placeIn is where a place of the text a relocation moves findings from
// stands in its host; a place of another file stays.
func placeIn(move *validate.Relocation) func(diag.Pos) diag.Pos {
	return func(p diag.Pos) diag.Pos {
		off, ok := move.In(p)
		if !ok {
			return p
		}
		at, _ := move.Place(off)
		return at
	}
}
