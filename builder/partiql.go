package builder

import (
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/diag"
	"github.com/dynexpr/dynexpr/grammar"
)

// The PartiQL commands, and the limits DynamoDB's API sets on their
// requests (the API reference's length and array constraints): a
// statement's text is 1 to 8192 characters, a batch 1 to 25 statements, a
// transaction 1 to 100.
const (
	CommandExecuteStatement      = "execute-statement"
	CommandBatchExecuteStatement = "batch-execute-statement"
	CommandExecuteTransaction    = "execute-transaction"

	MaxStatementLen       = 8192
	MaxBatchStatements    = 25
	MaxTransactStatements = 100
)

// PartiQLStatement is one PartiQL statement to send: its text as written
// and its ? parameters, bound, in order (grammar values, typed).
type PartiQLStatement struct {
	Pos        diag.Pos // where the statement starts, for messages
	Statement  string
	Parameters []*grammar.Value
}

// PartiQLMember is one statement of a batch-execute-statement's
// Statements or an execute-transaction's TransactStatements.
type PartiQLMember struct {
	Statement  string
	Parameters []Value
}

// BuildPartiQL builds the request of command (one of the three PartiQL
// commands) for stmts: one statement for execute-statement, the members in
// the order given for the other two. What DynamoDB's limits refuse is an
// error at the statement.
func BuildPartiQL(command string, stmts []PartiQLStatement, cli AWSCLI) (*Request, error) {
	b := newBuilder()
	b.cli = cli
	r := &Request{Command: command, CLI: cli}
	max, what := 1, "statement"
	switch command {
	case CommandBatchExecuteStatement:
		max, what = MaxBatchStatements, "batch"
	case CommandExecuteTransaction:
		max, what = MaxTransactStatements, "transaction"
	}
	switch {
	case len(stmts) == 0:
		b.fail(diag.Pos{}, "no statement to build")
	case len(stmts) > max:
		b.fail(stmts[max].Pos, "a %s takes at most %d statements (DynamoDB's limit), and this is statement %d (numbered from 0): split the file into several requests", what, max, max)
	}
	for _, st := range stmts {
		if n := utf8.RuneCountInString(st.Statement); n > MaxStatementLen {
			b.fail(st.Pos, "this statement is %d characters long, and DynamoDB takes at most %d: pass the values as ? parameters, or split the work", n, MaxStatementLen)
		}
		b.checkUTF8(st.Pos, st.Statement, "statement")
		m := PartiQLMember{Statement: st.Statement}
		for _, v := range st.Parameters {
			m.Parameters = append(m.Parameters, b.literal(v))
		}
		switch command {
		case CommandExecuteStatement:
			r.Statement, r.Parameters = m.Statement, m.Parameters
		case CommandBatchExecuteStatement:
			r.Statements = append(r.Statements, m)
		default:
			r.TransactStatements = append(r.TransactStatements, m)
		}
	}
	if len(b.errs) > 0 {
		return nil, b.errs
	}
	return r, nil
}

// partiqlMembers writes Statements or TransactStatements.
func (w *jsonWriter) partiqlMembers(k string, list []PartiQLMember) {
	if list == nil {
		return
	}
	w.key(k)
	w.beginArray()
	for _, m := range list {
		w.elem()
		w.beginObject()
		w.parameters(m.Parameters)
		w.stringField("Statement", m.Statement)
		w.endObject()
	}
	w.endArray()
}

// parameters writes a statement's Parameters, left out when there are
// none: DynamoDB refuses an empty list.
func (w *jsonWriter) parameters(list []Value) {
	if len(list) == 0 {
		return
	}
	w.key("Parameters")
	w.beginArray()
	for _, v := range list {
		w.elem()
		w.value(v)
	}
	w.endArray()
}
