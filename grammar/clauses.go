package grammar

import (
	"strings"

	"github.com/dynexpr/dynexpr/diag"
)

// The clauses of the language, in one table. Adding a clause touches:
//   - the table below: its entry (words, statement kinds, repeatable or not,
//     message texts, its body kind, and its store, check, print and
//     inspect functions), placed where `dynexpr fmt` writes the clause,
//     and a ClauseID constant at the same place in the list of IDs;
//   - the Statement field that holds its body (ast.go);
//   - the parser function for its body, if no existing body kind fits: a
//     bodyKind, its case in parseBody (parse_statement.go) and the
//     function (parse_*.go);
//   - the grammar spec: the alternative in specClause (spec_test.go) and
//     its case in specClause.clause (spec_convert_test.go).
// Everything else derives from the table: the lexer's keywords, the parser's
// dispatch, which clauses a statement kind takes and which may repeat, the
// resolver's checks, the error texts, the printer's order and Inspect's.

// ClauseID names a clause. The IDs go in the order `dynexpr fmt` writes
// the clauses.
type ClauseID uint8

const (
	ClauseIndex ClauseID = iota + 1
	ClauseKey
	ClauseItem
	ClauseFilter
	ClauseSelect
	ClauseOrder
	ClauseLimit
	ClauseConsistent
	ClauseSegment
	ClauseAfter
	ClauseSet
	ClauseRemove
	ClauseAdd
	ClauseDelete
	ClauseIf
	ClauseReturn
	ClauseReturnOnFailure
	ClauseToken
	ClauseCapacity
	ClauseMetrics
)

// String is how messages name the clause.
func (id ClauseID) String() string { return clauseTable[id].name() }

// Words are the keywords that begin the clause, lower case (asc and desc
// for the order clause).
func (id ClauseID) Words() []string { return clauseTable[id].words }

// Repeats reports whether the clause may be written more than once in a
// statement (set, remove, add, delete: their actions add up).
func (id ClauseID) Repeats() bool { return clauseTable[id].repeatable }

// ClausesOf returns the clauses a statement of kind k takes, in the order
// fmt writes them (what an editor offers to complete).
func ClausesOf(k Kind) []ClauseID { return clausesOf[k] }

// name is how messages name the clause: its keywords, as in asc/desc.
func (c *clauseSpec) name() string { return strings.Join(c.words, "/") }

// clauseSpec is one clause of the language.
type clauseSpec struct {
	// words are the keywords that begin the clause, lower case.
	words []string
	// kinds are the statement kinds that take the clause.
	kinds []Kind
	// repeatable clauses may appear several times; their actions add up.
	repeatable bool
	// operandNext: an operand follows the keyword, so that a word "index"
	// after it is an attribute name, not the index clause (the lexer).
	operandNext bool
	// expect is what must follow the keyword, for "expected ..." messages
	// (expectUpdate replaces it in an update statement, if set).
	expect, expectUpdate string
	// expectValue is what must follow an action's path (add and delete).
	expectValue string
	// more is what else may continue a complete clause, for the message
	// at a word that is not a clause.
	more string
	// hints explain, for a statement kind that does not take the clause,
	// what to write instead.
	hints map[Kind]string

	// body is what follows the keyword, which the parser reads
	// (parseBody), and store puts it in its Statement field. (The parser
	// dispatches on body rather than calling a function of the table, so
	// that it does not escape to the heap.)
	body  bodyKind
	store func(st *Statement, b clauseBody)
	// check resolves and checks the stored body (resolve).
	check func(st *Statement, fail failFunc)
	// print writes the clause, or "" when st does not have it.
	print func(st *Statement) string
	// inspect visits the clause's nodes in st, if it has the clause (Inspect).
	inspect func(st *Statement, f func(Node) bool)
}

// bodyKind is the shape of a clause's body: which parser function reads it.
type bodyKind uint8

const (
	bodyTableRef     bodyKind = iota + 1 // an index name
	bodyCondition                        // a condition
	bodyValue                            // a value
	bodyProjection                       // paths, or count, all or projected
	bodyOrder                            // nothing; asc or desc is the clause
	bodyConsistent                       // nothing; the keyword is the clause
	bodyKeyword                          // nothing; the keyword is the clause, kept as an Ident
	bodyNumber                           // a number
	bodyAfter                            // a map or a key condition
	bodySegment                          // I of N
	bodyIdent                            // a word
	bodySetActions                       // set actions, separated by "," (lists last: see clause)
	bodyPaths                            // paths, separated by ","
	bodyValueActions                     // add or delete actions, separated by ","
)

// clauseBody carries a clause's body from the parser to the clause's store
// function: the one field of its kind is set. It is passed by value, so
// that carrying it allocates nothing.
type clauseBody struct {
	node         Node // the body of one node: its type is the clause's
	sets         []*SetAction
	paths        []*Path
	valueActions []*ValueAction
}

// appendList adds a repeated clause's actions to those before it.
func appendList[T any](before, more []T) []T {
	if before == nil {
		return more
	}
	return append(before, more...)
}

// failFunc reports a problem at a position.
type failFunc func(p diag.Pos, format string, args ...any)

var (
	reads   = []Kind{KindQuery, KindScan}
	readsKV = []Kind{KindQuery, KindScan, KindGet}
	keyed   = []Kind{KindQuery, KindGet, KindUpdate, KindDelete, KindCheck}
	writes  = []Kind{KindPut, KindUpdate, KindDelete}
	guarded = []Kind{KindPut, KindUpdate, KindDelete, KindCheck} // take a condition
	onlyUpd = []Kind{KindUpdate}
	// requests are the kinds sent as requests of their own: every kind
	// but a check, which is only a member of a transaction.
	requests = []Kind{KindQuery, KindScan, KindGet, KindPut, KindUpdate, KindDelete,
		KindTransactWrite, KindTransactGet, KindBatchGet, KindBatchWrite}
	// collections are the kinds whose requests take ReturnItemCollectionMetrics.
	collections = []Kind{KindPut, KindUpdate, KindDelete, KindTransactWrite, KindBatchWrite}
)

const (
	msgCondition = `a condition, like attr = "value" or attribute_exists(attr)`
	msgValue     = `a value ("text", 42, true, null, [..], {..}, <<..>>, $param)`
	msgOperand   = msgValue + ` or an attribute name`
	msgPath      = "an attribute name (bare, or in backticks: `my-name`)"
	msgAndOr     = "and, or, "
)

// clauseTable is indexed by ClauseID.
var clauseTable = [...]clauseSpec{
	ClauseIndex: {
		words: []string{"index"}, kinds: reads,
		expect: "an index name, like index open-tickets-index",
		body:   bodyTableRef,
		store:  func(st *Statement, b clauseBody) { st.Index = b.node.(*TableRef) },
		check:  func(st *Statement, _ failFunc) { resolveTableRef(st.Index) },
		print: func(st *Statement) string {
			return when(st.Index != nil, func() string { return "index " + FormatTableRef(st.Index) })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Index, f) },
	},
	ClauseKey: {
		words: []string{"key"}, kinds: keyed, operandNext: true,
		expect: msgCondition, more: msgAndOr,
		hints:   map[Kind]string{KindScan: " (a scan reads the whole table; to read by key, use query)"},
		body:    bodyCondition,
		store:   func(st *Statement, b clauseBody) { st.Key = b.node.(*Condition) },
		print:   func(st *Statement) string { return printCondition("key ", st.Key) },
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Key, f) },
	},
	ClauseItem: {
		words: []string{"item"}, kinds: []Kind{KindPut}, operandNext: true,
		expect: `the item as a map, like item {id: "a91f", subject: "printer"}`,
		body:   bodyValue,
		store:  func(st *Statement, b clauseBody) { st.Item = b.node.(*Value) },
		check: func(st *Statement, fail failFunc) {
			if st.Item.Map == nil {
				fail(st.Item.Pos, "item takes a map of the item's attributes, like item {id: \"a91f\", subject: \"printer\"}")
			}
		},
		print: func(st *Statement) string {
			return when(st.Item != nil, func() string { return "item " + FormatValue(st.Item) })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Item, f) },
	},
	ClauseFilter: {
		words: []string{"filter"}, kinds: reads, operandNext: true,
		expect: msgCondition, more: msgAndOr,
		hints: map[Kind]string{
			KindGet:    " (a get reads one item by its key: use query or scan to filter, or if on a write)",
			KindPut:    " (a write's condition is written with if)",
			KindUpdate: " (a write's condition is written with if)",
			KindDelete: " (a write's condition is written with if)",
		},
		body:    bodyCondition,
		store:   func(st *Statement, b clauseBody) { st.Filter = b.node.(*Condition) },
		print:   func(st *Statement) string { return printCondition("filter ", st.Filter) },
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Filter, f) },
	},
	ClauseSelect: {
		words: []string{"select"}, kinds: readsKV, operandNext: true,
		expect: "attribute names, or count, all or projected",
		body:   bodyProjection,
		store:  func(st *Statement, b clauseBody) { st.Select = b.node.(*Projection) },
		check: func(st *Statement, fail failFunc) {
			if st.Kind == KindGet && len(st.Select.Paths) == 0 {
				fail(st.Select.Pos, "get takes only attribute paths in select (count, all and projected are for query and scan)")
			}
		},
		print: func(st *Statement) string {
			return when(st.Select != nil, func() string { return "select " + formatProjection(st.Select) })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Select, f) },
	},
	ClauseOrder: {
		words: []string{"asc", "desc"}, kinds: []Kind{KindQuery},
		body:  bodyOrder,
		store: func(st *Statement, b clauseBody) { st.Order = b.node.(*Order) },
		print: func(st *Statement) string {
			switch {
			case st.Order == nil:
				return ""
			case st.Order.Desc:
				return "desc"
			}
			return "asc"
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Order, f) },
	},
	ClauseLimit: {
		words: []string{"limit"}, kinds: reads,
		expect: "a whole number, like limit 25",
		body:   bodyNumber,
		store:  func(st *Statement, b clauseBody) { st.Limit = b.node.(*Number) },
		check: func(st *Statement, fail failFunc) {
			if n, ok := positiveInt(st.Limit.Text); !ok || n < 1 {
				fail(st.Limit.Pos, "limit takes a whole number from 1 to 2147483647, not %s", st.Limit.Text)
			}
		},
		print: func(st *Statement) string {
			return when(st.Limit != nil, func() string { return "limit " + st.Limit.Text })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Limit, f) },
	},
	ClauseConsistent: {
		words: []string{"consistent"}, kinds: readsKV,
		body:  bodyConsistent,
		store: func(st *Statement, b clauseBody) { st.Consistent = b.node.(*Consistent) },
		print: func(st *Statement) string {
			return when(st.Consistent != nil, func() string { return "consistent" })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Consistent, f) },
	},
	ClauseSegment: {
		words: []string{"segment"}, kinds: []Kind{KindScan},
		expect: "the segment to read, like segment 0 of 4",
		body:   bodySegment,
		store:  func(st *Statement, b clauseBody) { st.Segment = b.node.(*Segment) },
		check:  func(st *Statement, fail failFunc) { checkSegment(st.Segment, fail) },
		print: func(st *Statement) string {
			return when(st.Segment != nil, func() string {
				return "segment " + st.Segment.Index.Text + " of " + st.Segment.Total.Text
			})
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Segment, f) },
	},
	ClauseAfter: {
		words: []string{"after"}, kinds: reads, operandNext: true,
		expect: `the key to start after: a map like {id: "a91f"}, or id = "a91f"`,
		body:   bodyAfter,
		store:  func(st *Statement, b clauseBody) { st.After = b.node.(*After) },
		print: func(st *Statement) string {
			switch {
			case st.After == nil:
				return ""
			case st.After.Map != nil:
				return "after " + formatMap(st.After.Map)
			}
			return "after " + FormatCondition(st.After.Key)
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.After, f) },
	},
	ClauseSet: {
		words: []string{"set"}, kinds: onlyUpd, repeatable: true, operandNext: true,
		expect: `an assignment, like set status = "done"`, more: `"," and another set action, `,
		body:  bodySetActions,
		store: func(st *Statement, b clauseBody) { st.Sets = appendList(st.Sets, b.sets) },
		print: func(st *Statement) string {
			return printList("set ", st.Sets, func(a *SetAction) string {
				s := FormatPath(a.Path) + " = " + FormatOperand(a.Left)
				if a.Op != "" {
					s += " " + a.Op + " " + FormatOperand(a.Right)
				}
				return s
			})
		},
		inspect: func(st *Statement, f func(Node) bool) { visitAll(st.Sets, f) },
	},
	ClauseRemove: {
		words: []string{"remove"}, kinds: onlyUpd, repeatable: true, operandNext: true,
		expect: msgPath, more: `"," and another remove action, `,
		body:    bodyPaths,
		store:   func(st *Statement, b clauseBody) { st.Removes = appendList(st.Removes, b.paths) },
		print:   func(st *Statement) string { return printList("remove ", st.Removes, FormatPath) },
		inspect: func(st *Statement, f func(Node) bool) { visitAll(st.Removes, f) },
	},
	ClauseAdd: {
		words: []string{"add"}, kinds: onlyUpd, repeatable: true, operandNext: true,
		expect:      `an attribute and the value to add, like add views 1`,
		expectValue: `the value to add: a number, or a set like <<"x">>`,
		more:        `"," and another add action, `,
		body:        bodyValueActions,
		store:       func(st *Statement, b clauseBody) { st.Adds = appendList(st.Adds, b.valueActions) },
		print:       func(st *Statement) string { return printList("add ", st.Adds, formatValueAction) },
		inspect:     func(st *Statement, f func(Node) bool) { visitAll(st.Adds, f) },
	},
	ClauseDelete: {
		words: []string{"delete"}, kinds: onlyUpd, repeatable: true, operandNext: true,
		expect:      `an attribute and the elements to delete, like delete tags <<"x">>`,
		expectValue: `the elements to delete, as a set like <<"x">>`,
		more:        `"," and another delete action, `,
		body:        bodyValueActions,
		store:       func(st *Statement, b clauseBody) { st.Deletes = appendList(st.Deletes, b.valueActions) },
		print:       func(st *Statement) string { return printList("delete ", st.Deletes, formatValueAction) },
		inspect:     func(st *Statement, f func(Node) bool) { visitAll(st.Deletes, f) },
	},
	ClauseIf: {
		words: []string{"if"}, kinds: guarded, operandNext: true,
		expect: msgCondition, more: msgAndOr,
		hints: map[Kind]string{
			KindQuery:         " (a read's condition is written with filter)",
			KindScan:          " (a read's condition is written with filter)",
			KindTransactWrite: " (each member has its own if; a condition on an item the transaction does not write is a check member)",
			KindBatchWrite:    " (a batch write takes no conditions: use transact write)",
		},
		body:    bodyCondition,
		store:   func(st *Statement, b clauseBody) { st.If = b.node.(*Condition) },
		print:   func(st *Statement) string { return printCondition("if ", st.If) },
		inspect: func(st *Statement, f func(Node) bool) { visit(st.If, f) },
	},
	ClauseReturn: {
		words: []string{"return"}, kinds: writes,
		expect:       "what to return: none or old",
		expectUpdate: "what to return: none, old, new, updated_old or updated_new",
		body:         bodyIdent,
		store:        func(st *Statement, b clauseBody) { st.Return = b.node.(*Ident) },
		check:        checkReturn,
		print: func(st *Statement) string {
			return when(st.Return != nil, func() string { return "return " + st.Return.Name })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Return, f) },
	},
	ClauseReturnOnFailure: {
		words: []string{"return_on_failure"}, kinds: guarded,
		expect: "what to return when the condition fails: old or none",
		body:   bodyIdent,
		store:  func(st *Statement, b clauseBody) { st.ReturnOnFailure = b.node.(*Ident) },
		check: func(st *Statement, fail failFunc) {
			checkWord(st.ReturnOnFailure, fail, "return_on_failure", map[string]string{"all_old": "old"}, "old", "none")
		},
		print: func(st *Statement) string {
			return when(st.ReturnOnFailure != nil, func() string { return "return_on_failure " + st.ReturnOnFailure.Name })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.ReturnOnFailure, f) },
	},
	ClauseToken: {
		words: []string{"token"}, kinds: []Kind{KindTransactWrite}, operandNext: true,
		expect: `the client request token, a string like token "req-7f3a" or a $param`,
		body:   bodyValue,
		store:  func(st *Statement, b clauseBody) { st.Token = b.node.(*Value) },
		check: func(st *Statement, fail failFunc) {
			if st.Token.String == nil && st.Token.Param == nil {
				fail(st.Token.Pos, `token takes a string, like token "req-7f3a" (or a $param)`)
			}
		},
		print: func(st *Statement) string {
			return when(st.Token != nil, func() string { return "token " + FormatValue(st.Token) })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Token, f) },
	},
	ClauseCapacity: {
		words: []string{"capacity"}, kinds: requests,
		expect: "which consumed capacity to return: total, indexes or none",
		body:   bodyIdent,
		store:  func(st *Statement, b clauseBody) { st.Capacity = b.node.(*Ident) },
		check: func(st *Statement, fail failFunc) {
			checkWord(st.Capacity, fail, "capacity", nil, "total", "indexes", "none")
		},
		print: func(st *Statement) string {
			return when(st.Capacity != nil, func() string { return "capacity " + st.Capacity.Name })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Capacity, f) },
	},
	ClauseMetrics: {
		words: []string{"metrics"}, kinds: collections,
		body:  bodyKeyword,
		store: func(st *Statement, b clauseBody) { st.Metrics = b.node.(*Ident) },
		print: func(st *Statement) string {
			return when(st.Metrics != nil, func() string { return "metrics" })
		},
		inspect: func(st *Statement, f func(Node) bool) { visit(st.Metrics, f) },
	},
}

// clausesOf lists, for each statement kind, the clauses it takes, in the
// order `dynexpr fmt` writes them.
var clausesOf [kindEnd][]ClauseID

// clauseWords holds every clause keyword by its first letter, for the
// parser's dispatch without lower-casing the word.
var clauseWords [26][]clauseWord

type clauseWord struct {
	word string
	id   ClauseID
}

// takes reports whether a statement of kind k takes the clause.
func (c *clauseSpec) takes(k Kind) bool {
	for _, x := range c.kinds {
		if x == k {
			return true
		}
	}
	return false
}

func init() {
	// Filled here rather than in their declarations: the table's parse
	// functions reach the lexer, which reads keywordsBeforeOperand.
	for id := ClauseIndex; int(id) < len(clauseTable); id++ {
		c := &clauseTable[id]
		for _, k := range c.kinds {
			clausesOf[k] = append(clausesOf[k], id)
		}
		for _, w := range c.words {
			clauseWords[w[0]-'a'] = append(clauseWords[w[0]-'a'], clauseWord{w, id})
			keywords[w] = true
			if c.operandNext {
				keywordsBeforeOperand[w] = true
			}
		}
	}
}

// clauseAt returns the clause whose keyword t is, or 0.
func clauseAt(t *token) (ClauseID, string) {
	if t.Type != tokIdent && t.Type != tokName || len(t.Value) < 2 {
		return 0, ""
	}
	i := int(t.Value[0]|0x20) - 'a'
	if i < 0 || i >= len(clauseWords) {
		return 0, ""
	}
	for _, w := range clauseWords[i] {
		if isKw(t, w.word) {
			return w.id, w.word
		}
	}
	return 0, ""
}

// keepClause reports whether the body of clause id, written in a statement
// of kind k after the clauses written, is kept: not when k does not take
// the clause, nor when it is given twice and may not be. resolve reports
// both; the parser and the spec's conversion both decide here.
func keepClause(k Kind, id ClauseID, written []ClauseAt) bool {
	c := &clauseTable[id]
	if !c.takes(k) {
		return false
	}
	if !c.repeatable {
		for _, w := range written {
			if w.Clause == id {
				return false
			}
		}
	}
	return true
}

// clauseList writes the clauses of kind k for messages: their keywords
// (asc and desc apart) or their names (asc/desc).
func clauseList(k Kind, words bool) string {
	var b strings.Builder
	for i, id := range clausesOf[k] {
		if i > 0 {
			b.WriteString(", ")
		}
		if words {
			b.WriteString(strings.Join(clauseTable[id].words, ", "))
		} else {
			b.WriteString(clauseTable[id].name())
		}
	}
	return b.String()
}

func when(ok bool, text func() string) string {
	if !ok {
		return ""
	}
	return text()
}

func printCondition(kw string, c *Condition) string {
	return when(c != nil, func() string { return kw + FormatCondition(c) })
}

func printList[T any](kw string, items []T, one func(T) string) string {
	if len(items) == 0 {
		return ""
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = one(it)
	}
	return kw + strings.Join(parts, ", ")
}

func formatValueAction(a *ValueAction) string {
	return FormatPath(a.Path) + " " + FormatValue(a.Value)
}

// checkWord reads the word of a clause that takes one of words: in lower
// case, DynamoDB's own spelling of it too (TOTAL is total; aliases maps
// others, as ALL_OLD to old). The DSL's word is kept, so that fmt prints it.
func checkWord(id *Ident, fail failFunc, clause string, aliases map[string]string, words ...string) {
	word := strings.ToLower(id.Name)
	if a, ok := aliases[word]; ok {
		word = a
	}
	id.Name = word
	for _, w := range words {
		if w == word {
			return
		}
	}
	fail(id.Pos, "%s takes %s, not %q", clause, orList(words), word)
}

// orList writes words as "a, b or c".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// checkReturn reads the return word in lower case, and DynamoDB's own
// ReturnValues words as the DSL's: ALL_NEW is new, ALL_OLD old (UPDATED_NEW,
// UPDATED_OLD and NONE are the DSL's words already). The DSL's word is kept,
// so that fmt prints it.
func checkReturn(st *Statement, fail failFunc) {
	r := st.Return
	word := strings.ToLower(r.Name)
	switch word {
	case "all_new":
		word = "new"
	case "all_old":
		word = "old"
	}
	r.Name = word
	ok := word == "none" || word == "old"
	if st.Kind == KindUpdate {
		ok = ok || word == "new" || word == "updated_old" || word == "updated_new"
	}
	switch {
	case ok:
	case st.Kind == KindUpdate:
		fail(r.Pos, "return takes none, old, new, updated_old or updated_new (or DynamoDB's ALL_NEW, ALL_OLD, UPDATED_NEW, UPDATED_OLD, NONE), not %q", word)
	default:
		fail(r.Pos, "%s returns only the old item: write return old (or return none)", st.Verb)
	}
}
