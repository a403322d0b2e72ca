package partiql

import (
	"strconv"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/request"
)

// The requests PartiQL sends: execute-statement, batch-execute-statement
// and execute-transaction, read from a script (Requests), from request
// JSON (ReadJSON), from application code or from build's bound values
// (Bind). Every reader ends here, and lint's rules, build and explain
// read nothing else.

// Request is one request of a PartiQL command.
type Request struct {
	// Command is builder.CommandExecuteStatement,
	// CommandBatchExecuteStatement or CommandExecuteTransaction.
	Command string
	// Pos is where the request starts: its object in request JSON, its
	// first statement (or its mode comment) in a .partiql file.
	Pos diag.Pos
	// Statements are the request's statements: one for execute-statement,
	// Statements[] or TransactStatements[] in order.
	Statements []*Member
}

// Member is one statement of a request with its parameters.
type Member struct {
	Stmt *Statement
	// HasParams says the request gives the statement's Parameters (request
	// JSON, code that shows them, or values bound on the command line); a
	// .partiql file alone binds its ?s only when it is built, and then
	// Params is nil.
	HasParams bool
	// ParamsPos is where Parameters stands; the statement's when absent.
	ParamsPos diag.Pos
	Params    []ParamValue
	// Ignores are the statement's dynexpr:ignore comments (a .partiql
	// file's).
	Ignores []Ignore
}

// ParamValue is one element of Parameters.
type ParamValue struct {
	Pos diag.Pos
	// Value is the element as the DSL's typed value, standing at Pos; nil
	// when it is no value DynamoDB takes (its reader reports why) or the
	// code computes it.
	Value *grammar.Value
}

// Requests are the requests a script sends: each statement an
// execute-statement of its own, or all of them one batch-execute-statement
// or execute-transaction, as its mode says. Its ?s are bound only when it
// is built: the statements have no Parameters here.
func Requests(sc *Script) []*Request {
	if sc.Mode == ModeEach {
		out := make([]*Request, len(sc.Statements))
		for i, s := range sc.Statements {
			out[i] = &Request{Command: builder.CommandExecuteStatement, Pos: s.Pos, Statements: []*Member{sc.Member(i)}}
		}
		return out
	}
	r := &Request{Command: builder.CommandBatchExecuteStatement, Pos: sc.ModePos}
	if sc.Mode == ModeTransaction {
		r.Command = builder.CommandExecuteTransaction
	}
	for i := range sc.Statements {
		r.Statements = append(r.Statements, sc.Member(i))
	}
	return []*Request{r}
}

// Member is the ith statement of a script, with its ignore comments and
// no Parameters (bound only when it is built).
func (sc *Script) Member(i int) *Member {
	s := sc.Statements[i]
	return &Member{Stmt: s, ParamsPos: s.Pos, Ignores: sc.Ignores[i]}
}

// Single is a statement sent alone, as an execute-statement; the code's
// statements and explain's are.
func Single(st *Statement) *Request {
	return &Request{Command: builder.CommandExecuteStatement, Pos: st.Pos, Statements: []*Member{{Stmt: st, ParamsPos: st.Pos}}}
}

// Bind is m with its ?s bound to vals, in order: its Parameters as the
// request sends them (a nil value is one the code computes).
func (m *Member) Bind(vals []*grammar.Value) *Member {
	c := *m
	c.HasParams, c.Params = true, make([]ParamValue, len(vals))
	for i, v := range vals {
		c.Params[i] = ParamValue{Value: v}
		if v != nil {
			c.Params[i].Pos = v.Pos
		}
	}
	return &c
}

// JSONRequest is a PartiQL request read from request JSON.
type JSONRequest struct {
	*Request
	// Texts are the JSON strings the statements were parsed from, by the
	// file name each was parsed under (StatementFile): a position in a
	// statement is at the character of the string that wrote it.
	Texts map[string]*request.Value
	// Errors are the statements that do not parse, at their positions
	// within their text.
	Errors []*diag.Error
	// BadParams are the elements of Parameters that are no value the DSL
	// can hold, for the request's value rules to say why.
	BadParams []BadParam
	// Objects are the objects of the file that write each statement:
	// Objects[i] is Statements[i]'s.
	Objects []*request.Value
}

// BadParam is an element of Parameters that is no value the DSL can hold,
// and its path as the AWS CLI writes it (Statements[1].Parameters[0]).
type BadParam struct {
	Path  string
	Value *request.Value
}

// StatementFile is the file name the ith statement of request JSON is
// parsed under, so that a position tells which string it is in.
func StatementFile(i int) string { return "\x00statement " + strconv.Itoa(i) }

// ReadJSON reads the request JSON of a PartiQL command
// (request.IsPartiQL(r.Command)): its Statement, or each of its
// Statements[] or TransactStatements[], parsed from the decoded string,
// with its Parameters. What is missing or not a string is left to the
// request's member rules.
func ReadJSON(r *request.Request) *JSONRequest {
	f := r.File
	out := &JSONRequest{Request: &Request{Command: r.Command, Pos: f.Pos(r.Obj.Start)}, Texts: map[string]*request.Value{}}
	add := func(obj *request.Value, at string) {
		lit := obj.Get("Statement")
		if lit == nil || lit.Kind != request.String {
			return
		}
		name := StatementFile(len(out.Texts))
		out.Texts[name] = lit
		st, err := ParseStatement(name, lit.Text)
		if err != nil {
			out.Errors = append(out.Errors, diag.Append(nil, err)...)
			return
		}
		m := &Member{Stmt: st, ParamsPos: f.Pos(lit.Start)}
		if params := obj.Get("Parameters"); params != nil {
			m.HasParams, m.ParamsPos = true, f.Pos(params.Start)
			for i, e := range params.Elems {
				p := ParamValue{Pos: f.Pos(e.Start)}
				if !r.Computed(e) {
					path := at + "Parameters[" + strconv.Itoa(i) + "]"
					v, err := r.AttributeValue(e, path)
					if err != nil {
						out.BadParams = append(out.BadParams, BadParam{path, e})
					}
					p.Value = v
				}
				m.Params = append(m.Params, p)
			}
		}
		out.Statements = append(out.Statements, m)
		out.Objects = append(out.Objects, obj)
	}
	member := "Statements"
	switch list := r.Obj.Get("Statements"); {
	case r.Command == builder.CommandExecuteStatement:
		add(r.Obj, "")
	case list == nil:
		list = r.Obj.Get("TransactStatements")
		member = "TransactStatements"
		fallthrough
	default:
		if list != nil {
			for i, e := range list.Elems {
				if e.Kind == request.Object {
					add(e, member+"["+strconv.Itoa(i)+"].")
				}
			}
		}
	}
	return out
}
