package grammar

import "github.com/alecthomas/participle/v2/lexer"

// Position is where a node starts in its input. It is participle's type, so
// the parser fills it; Pos() converts it to the diag.Pos every error uses.
type Position = lexer.Position

// The AST is the participle grammar itself: each struct's tags are its
// production. Fields without tags are filled after parsing (decoded literals,
// clauses sorted into the statement) and are what the builder and linter read.

// File is a sequence of statements separated by ";".
type File struct {
	Pos        Position
	Statements []*Statement `@@? ( ";" @@? )*`
}

// Statement is one DynamoDB request.
type Statement struct {
	Pos     Position
	EndPos  Position
	Label   *Ident    `( @@ ":" )?`
	Verb    string    `@( "query" | "scan" | "get" | "put" | "update" | "delete" )`
	Table   *TableRef `@@`
	Clauses []*Clause `@@*`

	// Filled by resolve from Clauses; nil or zero where the clause is absent.
	Kind       Kind
	Index      *TableRef
	Key        *Condition // query: the key condition; get/update/delete: the item key
	Filter     *Condition
	Select     *Projection
	Order      *Clause // asc or desc
	Limit      *Number
	Consistent *Clause
	After      *After
	Segment    *Segment
	Item       *Value
	If         *Condition
	Return     *Ident // none, old, new, updated_old, updated_new (lower case)
	Sets       []*SetAction
	Removes    []*Path
	Adds       []*AddAction
	Deletes    []*DeleteAction
	// Source is the statement's text as written, for messages and hashing.
	Source string
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
)

var kindWords = [...]string{"", "query", "scan", "get", "put", "update", "delete"}
var kindCommands = [...]string{"", "query", "scan", "get-item", "put-item", "update-item", "delete-item"}

// String is the DSL verb.
func (k Kind) String() string { return kindWords[k] }

// Command is the `aws dynamodb` subcommand that takes the request.
func (k Kind) Command() string { return kindCommands[k] }

// Ident is a bare word with its position.
type Ident struct {
	Pos  Position
	Name string `@Ident`
}

// TableRef is a table or index name, bare as DynamoDB spells it or backticked.
type TableRef struct {
	Pos  Position
	Raw  string `@( Name | Quoted | Ident )`
	Name string // without backticks
}

// Clause is one clause after the table; resolve sorts them into Statement.
type Clause struct {
	Pos        Position
	Keyword    string          // the clause's keyword, lower case, for messages
	Index      *TableRef       `(  "index" @@`
	Key        *Condition      ` | "key" @@`
	Filter     *Condition      ` | "filter" @@`
	Select     *Projection     ` | "select" @@`
	Asc        bool            ` | @"asc"`
	Desc       bool            ` | @"desc"`
	Limit      *Number         ` | "limit" @@`
	Consistent bool            ` | @"consistent"`
	After      *After          ` | "after" @@`
	Segment    *Segment        ` | "segment" @@`
	Item       *Value          ` | "item" @@`
	If         *Condition      ` | "if" @@`
	Return     *Ident          ` | "return" @@`
	Set        []*SetAction    ` | "set" @@ ( "," @@ )*`
	Remove     []*Path         ` | "remove" @@ ( "," @@ )*`
	Add        []*AddAction    ` | "add" @@ ( "," @@ )*`
	Delete     []*DeleteAction ` | "delete" @@ ( "," @@ )* )`
}

// Condition is an OR of ANDs: DynamoDB's condition grammar, where NOT binds
// tighter than AND, and AND tighter than OR.
type Condition struct {
	Pos Position
	Or  []*AndCondition `@@ ( "or" @@ )*`
}

// AndCondition is a conjunction.
type AndCondition struct {
	Pos Position
	And []*NotCondition `@@ ( "and" @@ )*`
}

// NotCondition is a possibly negated primary condition.
type NotCondition struct {
	Pos     Position
	Not     *NotCondition `(  "not" @@`
	Group   *Condition    ` | "(" @@ ")"`
	Compare *Comparison   ` | @@ )`
}

// Comparison is an operand with an optional test: `a = 1`, `a between 1 and
// 2`, `a in (1, 2)`, or a bare operand (a function such as attribute_exists(a)).
type Comparison struct {
	Pos   Position
	Left  *Operand   `@@`
	Op    string     `( @( "=" | "<>" | "<=" | ">=" | "<" | ">" )`
	Right *Operand   `  @@`
	Low   *Operand   `| "between" @@`
	High  *Operand   `  "and" @@`
	In    []*Operand `| "in" "(" @@ ( "," @@ )* ")" )?`
}

// Operand is a function call, a value or a document path.
type Operand struct {
	Pos   Position
	Call  *Call  `(  @@`
	Value *Value ` | @@`
	Path  *Path  ` | @@ )`
}

// Call is a function call: size(a), begins_with(a, "x"), if_not_exists(a, 0).
type Call struct {
	Pos  Position
	Func string     `@Ident "("`
	Args []*Operand `( @@ ( "," @@ )* )? ")"`
}

// Path is a document path: a.b[2].`c.d`.
type Path struct {
	Pos   Position
	First *PathName   `@@`
	Steps []*PathStep `@@*`

	// Elems is the path resolved: names and list indexes in order.
	Elems []PathElem
}

// PathElem is one element of a path: a name, or a list index.
type PathElem struct {
	Pos     Position
	Name    string
	Index   int
	IsIndex bool
}

// PathName is a name segment, bare or backticked.
type PathName struct {
	Pos    Position
	Ident  string `(  @Ident`
	Quoted string ` | @Quoted )`
}

// PathStep is ".name" or "[N]".
type PathStep struct {
	Pos   Position
	Field *PathName `(  "." @@`
	Index string    ` | "[" @Number "]" )`
}

// Value is a typed literal or a parameter.
type Value struct {
	Pos    Position
	String *string   `(  @String`
	Binary *string   ` | @Binary`
	Number *string   ` | @Number`
	Bool   string    ` | @( "true" | "false" )`
	Null   bool      ` | @"null"`
	Param  *string   ` | @Param`
	List   *List     ` | "[" @@`
	Map    *Map      ` | "{" @@`
	Set    *SetValue ` | "<<" @@ )`

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
	Pos   Position
	Items []*Value `( @@ ( "," @@ )* )? "]"`
}

// Map is {name: v, "any name": v}.
type Map struct {
	Pos     Position
	Entries []*MapEntry `( @@ ( "," @@ )* )? "}"`
}

// MapEntry is one name: value pair.
type MapEntry struct {
	Pos    Position
	RawKey string `@( Ident | String | Quoted ) ":"`
	Value  *Value `@@`

	Key string // decoded
}

// SetValue is <<v, ...>>: a string, number or binary set.
type SetValue struct {
	Pos   Position
	Items []*Value `( @@ ( "," @@ )* )? ">>"`
}

// Projection is what a read returns: paths, or count / all / projected.
type Projection struct {
	Pos       Position
	Count     bool    `(  @"count"`
	All       bool    ` | @"all"`
	Projected bool    ` | @"projected"`
	Paths     []*Path ` | @@ ( "," @@ )* )`
}

// Number is a numeric literal where the DSL wants a count (limit, segment).
type Number struct {
	Pos  Position
	Text string `@Number`
}

// After is the key to start after (ExclusiveStartKey): a map or k = v [and k = v].
type After struct {
	Pos Position
	Map *Map       `(  "{" @@`
	Key *Condition ` | @@ )`
}

// Segment is `segment I of N` for a parallel scan.
type Segment struct {
	Pos   Position
	Index *Number `@@ "of"`
	Total *Number `@@`
}

// SetAction is `path = value`, `path = a + b`, `path = if_not_exists(p, v)`.
type SetAction struct {
	Pos   Position
	Path  *Path    `@@ "="`
	Left  *Operand `@@`
	Op    string   `( @( "+" | "-" )`
	Right *Operand `  @@ )?`
}

// AddAction is `path value`: add a number or add elements to a set. After a
// path the lexer reads "-" as minus, so `add n -5` arrives as a minus sign
// and 5; resolve folds the sign into the number.
type AddAction struct {
	Pos   Position
	Path  *Path  `@@`
	Minus bool   `@"-"?`
	Value *Value `@@`
}

// DeleteAction is `path set`: delete elements from a set.
type DeleteAction struct {
	Pos   Position
	Path  *Path  `@@`
	Minus bool   `@"-"?`
	Value *Value `@@`
}
