package partiql

import "github.com/dynexpr/dynexpr/diag"

// The syntax tree of DynamoDB's PartiQL dialect. Every node records where it
// starts (Pos); the grammar each node stands for is written beside it, in
// the notation of spec_test.go, which holds the same grammar as participle
// struct tags. Keywords are case-insensitive; the tree keeps no keyword
// spelling, only what the words mean.

// File is the statements of one input, in the order written.
type File struct {
	Pos        diag.Pos
	Statements []*Statement
}

// Kind is what a statement does.
type Kind uint8

const (
	KindSelect Kind = iota + 1 // SELECT: GetItem, Query or Scan
	KindInsert                 // INSERT INTO "T" VALUE {...}: PutItem that refuses an existing item
	KindUpdate                 // UPDATE "T" SET ... / REMOVE ... WHERE key
	KindDelete                 // DELETE FROM "T" WHERE key
	// KindExists is EXISTS(SELECT ...): a condition check, only in a
	// transaction.
	KindExists
)

var kindWords = [...]string{"", "SELECT", "INSERT", "UPDATE", "DELETE", "EXISTS"}

// String is the statement's first keyword, upper case.
func (k Kind) String() string {
	if int(k) < len(kindWords) {
		return kindWords[k]
	}
	return "?"
}

// Writes reports whether statements of kind k write an item (a condition
// check counts as one: it belongs to a transaction that writes).
func (k Kind) Writes() bool { return k >= KindInsert }

// Statement is one PartiQL statement:
//
//	SELECT Projection FROM Table ( "." Index )? ( WHERE Expr )? ( ORDER BY OrderKey ( "," OrderKey )* )?
//	INSERT INTO Table VALUE Expr
//	UPDATE Table ( SET Action ( "," Action )* | REMOVE Path ( "," Path )* )+ ( WHERE Expr )? Returning?
//	DELETE FROM Table ( WHERE Expr )? Returning?
//	EXISTS "(" SELECT ... ")"
//
// Fields a kind does not have stay nil.
type Statement struct {
	Pos    diag.Pos // where the first keyword stands
	EndPos diag.Pos // just after the last token
	Kind   Kind

	Select  *Projection // SELECT
	Table   *Name       // FROM, INSERT INTO, UPDATE, DELETE FROM; for EXISTS, the inner SELECT's
	Index   *Name       // FROM "Table"."Index"
	Where   Expr        // nil when there is no WHERE
	OrderBy []*OrderKey
	// Value is what INSERT writes: a *Tuple as a rule, or a *Param.
	Value Expr
	// Actions are UPDATE's SET and REMOVE actions, in the order written.
	Actions   []*Action
	Returning *Returning
	// Exists is the SELECT inside EXISTS( ... ).
	Exists *Statement

	// Params are the statement's ? parameters in the order written; the
	// n-th is bound from Parameters[n].
	Params []*Param
	// Source is the statement's text as written, from its first keyword to
	// its last token: what the request's Statement member carries.
	Source string
}

// Name is a table or index name: "double quoted" (Quoted; "" inside
// stands for one ") or a bare identifier.
type Name struct {
	Pos    diag.Pos
	Name   string // decoded
	Quoted bool
}

// Projection is what a SELECT returns: * or a list of paths.
type Projection struct {
	Pos   diag.Pos
	Star  bool
	Paths []*Path
}

// OrderKey is one key of ORDER BY, ascending unless Desc.
type OrderKey struct {
	Pos  diag.Pos
	Path *Path
	Desc bool
}

// Action is one UPDATE action: SET Path = Value, or REMOVE Path (Value nil).
type Action struct {
	Pos    diag.Pos // where the action's path starts
	Remove bool
	Path   *Path
	Value  Expr
}

// Returning is RETURNING ( ALL | MODIFIED ) ( OLD | NEW ) *.
type Returning struct {
	Pos      diag.Pos
	Modified bool // MODIFIED (else ALL)
	New      bool // NEW (else OLD)
}

// ReturnValues is the ReturnValues the clause stands for: ALL_OLD,
// UPDATED_OLD, ALL_NEW or UPDATED_NEW.
func (r *Returning) ReturnValues() string { return r.spell("UPDATED", "_") }

// Words is the clause as written in PartiQL, upper case: "ALL OLD".
func (r *Returning) Words() string { return r.spell("MODIFIED", " ") }

// spell writes the clause's two words, MODIFIED as modified.
func (r *Returning) spell(modified, sep string) string {
	scope, when := "ALL", "OLD"
	if r.Modified {
		scope = modified
	}
	if r.New {
		when = "NEW"
	}
	return scope + sep + when
}

// Expr is an expression: a condition, an operand or a value. Its dynamic
// type is one of the pointer types below.
type Expr interface {
	Start() diag.Pos
}

// Op is a binary operator.
type Op uint8

const (
	OpOr  Op = iota + 1 // OR
	OpAnd               // AND
	OpEq                // =
	OpNe                // <> or !=
	OpLt                // <
	OpLe                // <=
	OpGt                // >
	OpGe                // >=
	OpAdd               // +
	OpSub               // -
)

var opWords = [...]string{"", "OR", "AND", "=", "<>", "<", "<=", ">", ">=", "+", "-"}

// String is the operator as PartiQL writes it (<> for not equal).
func (o Op) String() string {
	if int(o) < len(opWords) {
		return opWords[o]
	}
	return "?"
}

// IsComparison reports whether o compares two operands.
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }

// Binary is X Op Y. AND and OR chains nest to the left: a AND b AND c is
// (a AND b) AND c.
type Binary struct {
	Pos   diag.Pos // X's start
	Op    Op
	OpPos diag.Pos
	X, Y  Expr
}

// Not is NOT X.
type Not struct {
	Pos diag.Pos
	X   Expr
}

// Between is X BETWEEN Lo AND Hi.
type Between struct {
	Pos    diag.Pos // X's start
	X      Expr
	Lo, Hi Expr
}

// In is X IN ( v, ... ) or X IN [ v, ... ].
type In struct {
	Pos     diag.Pos // X's start
	X       Expr
	Open    diag.Pos // the "(" or "["
	Bracket bool     // written with [ ]
	Values  []Expr
}

// Is is X IS [NOT] MISSING or X IS [NOT] NULL.
type Is struct {
	Pos  diag.Pos // X's start
	X    Expr
	Not  bool
	What LiteralKind // LitMissing or LitNull
}

// Call is a function call: begins_with(a, 'x'), size(a), list_append(a, [1]).
// Func is the function's name in lower case.
type Call struct {
	Pos  diag.Pos
	Func string
	Args []Expr
}

// Path is a document path: a.b[2]."c d".
type Path struct {
	Pos   diag.Pos
	Steps []PathStep
}

// PathStep is one step of a path: a name (bare or "quoted"), or [N].
type PathStep struct {
	Pos     diag.Pos
	Name    string // decoded
	Quoted  bool
	Index   string // the decimal digits of [N], when IsIndex
	IsIndex bool
}

// LiteralKind is the kind of a literal.
type LiteralKind uint8

const (
	LitString  LiteralKind = iota + 1 // 'text'
	LitNumber                         // 12, -3.5, 1e3: exact decimal text
	LitTrue                           // TRUE
	LitFalse                          // FALSE
	LitNull                           // NULL
	LitMissing                        // MISSING
)

// Literal is a scalar literal. Text is a string's decoded text (a doubled
// quote inside stands for one) or a number's text as written (with its sign); empty for the others.
type Literal struct {
	Pos  diag.Pos
	Kind LiteralKind
	Text string
}

// Param is a ? parameter. Index is its place among the statement's
// parameters, from 0: it is bound from Parameters[Index].
type Param struct {
	Pos   diag.Pos
	Index int
}

// Tuple is { 'key': value, ... }: a map, or INSERT's item.
type Tuple struct {
	Pos     diag.Pos
	Entries []*TupleEntry
}

// TupleEntry is one 'key': value pair.
type TupleEntry struct {
	Pos   diag.Pos // the key's start
	Key   string   // decoded
	Value Expr
}

// List is [ v, ... ].
type List struct {
	Pos   diag.Pos
	Elems []Expr
}

// Set is << v, ... >>: a string, number or binary set.
type Set struct {
	Pos   diag.Pos
	Elems []Expr
}

func (n *Binary) Start() diag.Pos  { return n.Pos }
func (n *Not) Start() diag.Pos     { return n.Pos }
func (n *Between) Start() diag.Pos { return n.Pos }
func (n *In) Start() diag.Pos      { return n.Pos }
func (n *Is) Start() diag.Pos      { return n.Pos }
func (n *Call) Start() diag.Pos    { return n.Pos }
func (n *Path) Start() diag.Pos    { return n.Pos }
func (n *Literal) Start() diag.Pos { return n.Pos }
func (n *Param) Start() diag.Pos   { return n.Pos }
func (n *Tuple) Start() diag.Pos   { return n.Pos }
func (n *List) Start() diag.Pos    { return n.Pos }
func (n *Set) Start() diag.Pos     { return n.Pos }

// Inspect walks the expression tree below e in the order written, as
// go/ast.Inspect does: it calls f(e); if that returns true, it inspects each
// child of e, then calls f(nil).
func Inspect(e Expr, f func(Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	switch e := e.(type) {
	case *Binary:
		Inspect(e.X, f)
		Inspect(e.Y, f)
	case *Not:
		Inspect(e.X, f)
	case *Between:
		Inspect(e.X, f)
		Inspect(e.Lo, f)
		Inspect(e.Hi, f)
	case *In:
		Inspect(e.X, f)
		for _, v := range e.Values {
			Inspect(v, f)
		}
	case *Is:
		Inspect(e.X, f)
	case *Call:
		for _, a := range e.Args {
			Inspect(a, f)
		}
	case *Tuple:
		for _, en := range e.Entries {
			Inspect(en.Value, f)
		}
	case *List:
		for _, v := range e.Elems {
			Inspect(v, f)
		}
	case *Set:
		for _, v := range e.Elems {
			Inspect(v, f)
		}
	}
	f(nil)
}
