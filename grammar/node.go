package grammar

import "github.com/dynexpr/dynexpr/diag"

// Node is a node of the syntax tree: every pointer type in ast.go. Start is
// where the node begins in its input (the node's Pos field: a method named
// Pos cannot stand beside the field every consumer reads).
type Node interface {
	Start() diag.Pos
}

func (n *File) Start() diag.Pos         { return n.Pos }
func (n *Statement) Start() diag.Pos    { return n.Pos }
func (n *Ident) Start() diag.Pos        { return n.Pos }
func (n *TableRef) Start() diag.Pos     { return n.Pos }
func (n *Order) Start() diag.Pos        { return n.Pos }
func (n *Consistent) Start() diag.Pos   { return n.Pos }
func (n *Condition) Start() diag.Pos    { return n.Pos }
func (n *AndCondition) Start() diag.Pos { return n.Pos }
func (n *NotCondition) Start() diag.Pos { return n.Pos }
func (n *Comparison) Start() diag.Pos   { return n.Pos }
func (n *Operand) Start() diag.Pos      { return n.Pos }
func (n *Call) Start() diag.Pos         { return n.Pos }
func (n *Path) Start() diag.Pos         { return n.Pos }
func (n *PathName) Start() diag.Pos     { return n.Pos }
func (n *PathStep) Start() diag.Pos     { return n.Pos }
func (n *Value) Start() diag.Pos        { return n.Pos }
func (n *List) Start() diag.Pos         { return n.Pos }
func (n *Map) Start() diag.Pos          { return n.Pos }
func (n *MapEntry) Start() diag.Pos     { return n.Pos }
func (n *SetValue) Start() diag.Pos     { return n.Pos }
func (n *Projection) Start() diag.Pos   { return n.Pos }
func (n *Number) Start() diag.Pos       { return n.Pos }
func (n *After) Start() diag.Pos        { return n.Pos }
func (n *Segment) Start() diag.Pos      { return n.Pos }
func (n *SetAction) Start() diag.Pos    { return n.Pos }
func (n *ValueAction) Start() diag.Pos  { return n.Pos }

// Inspect walks the tree below n in the order written (a statement's
// clauses in the clause table's order), as go/ast.Inspect does: it calls
// f(n); if that returns true, it inspects each non-nil child of n, then
// calls f(nil).
func Inspect(n Node, f func(Node) bool) {
	switch n := n.(type) {
	case *File:
		if f(n) {
			for _, st := range n.Statements {
				Inspect(st, f)
			}
			f(nil)
		}
	case *Statement:
		if f(n) {
			visit(n.Label, f)
			visit(n.Mode, f)
			visit(n.Table, f)
			for id := ClauseIndex; int(id) < len(clauseInspectors); id++ {
				clauseInspectors[id].inspect(n, f)
			}
			for _, m := range n.Members {
				Inspect(m, f)
			}
			f(nil)
		}
	default:
		inspect(n, f)
	}
}

// inspect is Inspect below a statement. The walkers call it rather than
// Inspect: Inspect hands f to the clause table's functions, which makes
// every f given to it escape to the heap, and this does not.
func inspect(n Node, f func(Node) bool) {
	if !f(n) {
		return
	}
	switch n := n.(type) {
	case *Condition:
		visitAll(n.Or, f)
	case *AndCondition:
		visitAll(n.And, f)
	case *NotCondition:
		visit(n.Not, f)
		visit(n.Group, f)
		visit(n.Compare, f)
	case *Comparison:
		visit(n.Left, f)
		visit(n.Right, f)
		visit(n.Low, f)
		visit(n.High, f)
		visitAll(n.In, f)
	case *Operand:
		visit(n.Call, f)
		visit(n.Value, f)
		visit(n.Path, f)
	case *Call:
		visitAll(n.Args, f)
	case *Path:
		visit(n.First, f)
		visitAll(n.Steps, f)
	case *PathStep:
		visit(n.Field, f)
	case *Value:
		visit(n.List, f)
		visit(n.Map, f)
		visit(n.Set, f)
	case *List:
		visitAll(n.Items, f)
	case *Map:
		visitAll(n.Entries, f)
	case *MapEntry:
		visit(n.Value, f)
	case *SetValue:
		visitAll(n.Items, f)
	case *Projection:
		visitAll(n.Paths, f)
	case *After:
		visit(n.Map, f)
		visit(n.Key, f)
	case *Segment:
		visit(n.Index, f)
		visit(n.Total, f)
	case *SetAction:
		visit(n.Path, f)
		visit(n.Left, f)
		visit(n.Right, f)
	case *ValueAction:
		visit(n.Path, f)
		visit(n.Value, f)
	}
	f(nil)
}

// clauseInspectors is the clause table, read through a variable set in
// init: reading the table here would make its initialization depend on
// itself (its inspect functions call Inspect).
var clauseInspectors []clauseSpec

func init() { clauseInspectors = clauseTable[:] }

// visit inspects x unless it is nil.
func visit[P interface {
	comparable
	Node
}](x P, f func(Node) bool) {
	var none P
	if x != none {
		inspect(x, f)
	}
}

func visitAll[P interface {
	comparable
	Node
}](xs []P, f func(Node) bool) {
	for _, x := range xs {
		visit(x, f)
	}
}
