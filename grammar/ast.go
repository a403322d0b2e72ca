package grammar

import (
	"fmt"

	"github.com/dynexpr/dynexpr/diag"
)

// The syntax tree of the DSL. Every node records where it starts (Pos); the
// parser fills the syntax fields, and resolve fills the derived ones
// (decoded literals, path elements) that the builder and linter read. The
// grammar each node stands for is written beside it, in the notation of
// spec_test.go, which holds the same grammar as participle struct tags.

// File is a sequence of statements separated by ";".
type File struct {
	Pos        diag.Pos
	Statements []*Statement
}

// Statement is one DynamoDB request: ( Label ":" )? Verb TableRef Clause*,
// or a group of them, ( Label ":" )? Group Mode Clause* "{" members "}",
// the members separated by ";" (transact write, transact get, batch get,
// batch write). Its clauses are kept once, in the fields named after them;
// Written says which were written, where and in what order (clauses.go
// lists them).
type Statement struct {
	Pos    diag.Pos
	EndPos diag.Pos
	Label  *Ident
	// Verb is the first word as written: query, ..., check, or a group's
	// transact or batch.
	Verb string
	// Mode is a group's second word, write or get; nil for one request.
	Mode  *Ident
	Table *TableRef // nil for a group: each member names its table
	Kind  Kind

	// Members are a group's requests, in the order written (explain
	// numbers them from 0, as DynamoDB's CancellationReasons are); nil for
	// one request. A member is a Statement of kind put, update, delete,
	// check or get, without a label.
	Members []*Statement
	// Open is where a group's "{" stands.
	Open diag.Pos

	// Written lists the clauses as written, including those the statement
	// kind does not take or that are given twice (resolve reports them;
	// their bodies are not kept).
	Written []ClauseAt

	Index           *TableRef
	Key             *Condition // query: the key condition; get/update/delete: the item key
	Filter          *Condition
	Select          *Projection
	Order           *Order
	Limit           *Number
	Consistent      *Consistent
	After           *After
	Segment         *Segment
	Item            *Value
	If              *Condition
	Return          *Ident // none, old, new, updated_old, updated_new (lower case)
	Sets            []*SetAction
	Removes         []*Path
	Adds            []*ValueAction
	Deletes         []*ValueAction
	Token           *Value // a transaction's ClientRequestToken
	Capacity        *Ident // ReturnConsumedCapacity: total, indexes or none (lower case)
	Metrics         *Ident // ReturnItemCollectionMetrics SIZE: the keyword, when written
	ReturnOnFailure *Ident // ReturnValuesOnConditionCheckFailure: old or none (lower case)
	// Source is the statement's text as written, for messages and hashing.
	Source string
}

// ClauseAt is one clause as written: which, and where its keyword stands.
type ClauseAt struct {
	Clause ClauseID
	Pos    diag.Pos
}

// Kind is the operation a statement performs.
type Kind int

const (
	KindQuery Kind = iota + 1
	KindScan
	KindGet
	KindPut
	KindUpdate
	KindDelete
	// KindCheck is a transaction's ConditionCheck: only a member.
	KindCheck
	// The groups: their requests are members.
	KindTransactWrite
	KindTransactGet
	KindBatchGet
	KindBatchWrite

	kindEnd // one past the last kind
)

var kindWords = [kindEnd]string{"", "query", "scan", "get", "put", "update", "delete", "check",
	"transact write", "transact get", "batch get", "batch write"}
var kindCommands = [kindEnd]string{"", "query", "scan", "get-item", "put-item", "update-item", "delete-item", "",
	"transact-write-items", "transact-get-items", "batch-get-item", "batch-write-item"}

var kindOperations = [kindEnd]string{"", "Query", "Scan", "GetItem", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheck",
	"TransactWriteItems", "TransactGetItems", "BatchGetItem", "BatchWriteItem"}

// Operation is the DynamoDB API operation a request of kind k is: GetItem,
// Query, TransactWriteItems; ConditionCheck for a check, which is a member
// of TransactWriteItems only.
func (k Kind) Operation() string { return kindOperations[k] }

// String is the DSL verb: for a group, its two words.
func (k Kind) String() string { return kindWords[k] }

// Command is the `aws dynamodb` subcommand that takes the request; "" for
// a check, which is sent only as a member of a transaction.
func (k Kind) Command() string { return kindCommands[k] }

// KindOfCommand is the kind whose requests the `aws dynamodb` subcommand
// command takes (Command's inverse); false for one that takes none.
func KindOfCommand(command string) (Kind, bool) {
	for k := KindQuery; k < kindEnd; k++ {
		if command != "" && kindCommands[k] == command {
			return k, true
		}
	}
	return 0, false
}

// IsGroup reports whether k is one of the four groups of requests.
func (k Kind) IsGroup() bool { return k >= KindTransactWrite && k < kindEnd }

// IsTransaction reports whether k is transact write or transact get.
func (k Kind) IsTransaction() bool { return k == KindTransactWrite || k == KindTransactGet }

// Writes reports whether requests of kind k write items (a check, which
// belongs to a transaction that writes, counts as one).
func (k Kind) Writes() bool {
	switch k {
	case KindPut, KindUpdate, KindDelete, KindCheck, KindTransactWrite, KindBatchWrite:
		return true
	}
	return false
}

// Ident is a bare word with its position.
type Ident struct {
	Pos  diag.Pos
	Name string
}

// TableRef is a table or index name, bare as DynamoDB spells it or
// backticked, or a $parameter that Bind replaces with the name it is bound
// to (so that one file serves several stages: Users-dev, Users-prod).
type TableRef struct {
	Pos  diag.Pos
	Raw  string
	Name string // without backticks; "$table" while the parameter is unbound
	// Param is the parameter's name (without $) when the name was written
	// as $table; it stays once bound, for messages and explain.
	Param string
	// Env, for a table's name that application code reads from this
	// environment variable, says that Name is the schema's name of the
	// table the variable holds: what is sent is the variable's value.
	Env string
}

// Unbound reports whether t is a $parameter not bound yet: its Name is
// then "$" and the parameter's name, which DynamoDB would refuse, so that
// no table or index is ever looked up or sent under it.
func (t *TableRef) Unbound() bool { return t != nil && t.Param != "" && t.Name == "$"+t.Param }

// HasUnboundName reports whether st, or a member of it, names its table or
// index by a parameter not bound yet.
func (st *Statement) HasUnboundName() bool {
	if st.Table.Unbound() || st.Index.Unbound() {
		return true
	}
	for _, m := range st.Members {
		if m.HasUnboundName() {
			return true
		}
	}
	return false
}

// MemberName names member i of a group in messages, "member 0 (put
// Users)": numbered from 0 as DynamoDB's CancellationReasons and explain
// number them.
func MemberName(i int, m *Statement) string {
	table := ""
	if m.Table != nil {
		table = " " + TableName(m.Table.Name)
	}
	return fmt.Sprintf("member %d (%s%s)", i, m.Kind, table)
}

// Order is the asc or desc clause.
type Order struct {
	Pos  diag.Pos
	Asc  bool
	Desc bool
}

// Consistent is the consistent clause: a strongly consistent read.
type Consistent struct {
	Pos diag.Pos
}

// Condition is an OR of ANDs: DynamoDB's condition grammar, where NOT binds
// tighter than AND, and AND tighter than OR.
type Condition struct {
	Pos diag.Pos
	Or  []*AndCondition
	// Open, on an item key or start key read from a map, says the map has
	// key attributes the statement does not show (application code
	// computes them). The parser never sets it.
	Open bool
}

// AndCondition is a conjunction.
type AndCondition struct {
	Pos diag.Pos
	And []*NotCondition
}

// NotCondition is a possibly negated primary condition: exactly one of Not,
// Group and Compare is set.
type NotCondition struct {
	Pos     diag.Pos
	Not     *NotCondition
	Group   *Condition
	Compare *Comparison
}

// Comparison is an operand with an optional test: `a = 1`, `a between 1 and
// 2`, `a in (1, 2)`, or a bare operand (a function such as attribute_exists(a)).
type Comparison struct {
	Pos   diag.Pos
	Left  *Operand
	Op    string
	Right *Operand
	Low   *Operand
	High  *Operand
	In    []*Operand
}

// Operand is a function call, a value or a document path.
type Operand struct {
	Pos   diag.Pos
	Call  *Call
	Value *Value
	Path  *Path
}

// Call is a function call: size(a), begins_with(a, "x"), if_not_exists(a, 0).
type Call struct {
	Pos  diag.Pos
	Func string
	Args []*Operand
}

// Path is a document path: a.b[2].`c.d`.
type Path struct {
	Pos   diag.Pos
	First *PathName
	Steps []*PathStep

	// Elems is the path resolved: names and list indexes in order.
	Elems []PathElem
}

// PathElem is one element of a path: a name, or a list index.
type PathElem struct {
	Pos     diag.Pos
	Name    string
	Index   int
	IsIndex bool
}

// PathName is a name segment, bare (Ident) or backticked (Quoted, raw).
type PathName struct {
	Pos    diag.Pos
	Ident  string
	Quoted string
}

// PathStep is ".name" or "[N]".
type PathStep struct {
	Pos   diag.Pos
	Field *PathName
	Index string
}

// Value is a typed literal or a parameter. The parser sets one of the
// syntax fields (String to Set) with the raw token text.
type Value struct {
	Pos    diag.Pos
	String *string
	Binary *string
	Number *string
	Bool   string
	Null   bool
	Param  *string
	List   *List
	Map    *Map
	Set    *SetValue

	// Filled by resolve (and by parameter binding, which rewrites the node).
	Type ValueType
	Text string // S: the decoded string; N: the decimal text; B: the base64 text; BOOL: "true"/"false"
	// FromParam is the parameter this value was bound from ("" if written inline).
	FromParam string
}

// ValueType is a DynamoDB attribute type.
type ValueType string

const (
	TypeS     ValueType = "S"
	TypeN     ValueType = "N"
	TypeB     ValueType = "B"
	TypeBOOL  ValueType = "BOOL"
	TypeNULL  ValueType = "NULL"
	TypeL     ValueType = "L"
	TypeM     ValueType = "M"
	TypeSS    ValueType = "SS"
	TypeNS    ValueType = "NS"
	TypeBS    ValueType = "BS"
	TypeParam ValueType = "$" // an unbound parameter
)

// List is [v, ...].
type List struct {
	Pos   diag.Pos
	Items []*Value
}

// Map is {name: v, "any name": v}.
type Map struct {
	Pos     diag.Pos
	Entries []*MapEntry
	// Open says the map has entries the statement does not show: one
	// read from application code that computes a key or spreads a value
	// into it. The parser never sets it.
	Open bool
}

// MapEntry is one name: value pair.
type MapEntry struct {
	Pos    diag.Pos
	RawKey string
	Value  *Value

	Key string // decoded
}

// SetValue is <<v, ...>>: a string, number or binary set.
type SetValue struct {
	Pos   diag.Pos
	Items []*Value
}

// Projection is what a read returns: paths, or count / all / projected.
type Projection struct {
	Pos       diag.Pos
	Count     bool
	All       bool
	Projected bool
	Paths     []*Path
}

// Number is a numeric literal where the DSL wants a count (limit, segment).
type Number struct {
	Pos  diag.Pos
	Text string
}

// After is the key to start after (ExclusiveStartKey): a map or k = v [and k = v].
type After struct {
	Pos diag.Pos
	Map *Map
	Key *Condition
}

// Segment is `segment I of N` for a parallel scan.
type Segment struct {
	Pos   diag.Pos
	Index *Number
	Total *Number
}

// SetAction is `path = value`, `path = a + b`, `path = if_not_exists(p, v)`.
type SetAction struct {
	Pos   diag.Pos
	Path  *Path
	Left  *Operand
	Op    string
	Right *Operand
}

// ValueAction is `path value`, an action of add (add a number, or add
// elements to a set) or of delete (delete elements from a set). After a
// path the lexer reads "-" as minus, so `add n -5` arrives as a minus sign
// and 5; resolve folds the sign into the number (and clears Minus).
type ValueAction struct {
	Pos   diag.Pos
	Path  *Path
	Minus bool
	Value *Value
}
