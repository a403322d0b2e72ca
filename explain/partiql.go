package explain

import (
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

// PartiQL explains a PartiQL statement, ps, through st, the DSL
// statement that does the same (validate.PartiQLAsDSL): the lines are
// the DSL's where the meaning is the same, and PartiQL's own where it
// differs: a SELECT that gives the whole primary key with = is a GetItem,
// INSERT refuses an item that exists, UPDATE one that does not, and
// EXISTS is a transaction's condition check. st is nil for what has no
// DSL form.
func PartiQL(ps *partiql.Statement, st *grammar.Statement, sch *schema.Schema) string {
	if ps.Kind == partiql.KindExists {
		return "ConditionCheck (only in an execute-transaction): the transaction goes on only if the SELECT inside EXISTS finds its item; otherwise DynamoDB cancels the whole transaction (TransactionCanceledException, ConditionalCheckFailed at this statement).\n"
	}
	if st == nil {
		return "dynexpr cannot tell what this statement does.\n"
	}
	e := newExplainer(st, sch)
	switch st.Kind {
	case grammar.KindQuery:
		if e.table != nil && st.Index == nil && st.Filter == nil && keyGiven(st, e.table.Key.Attributes()) {
			e.say("GetItem: reads the one item of %s whose key is %s, or nothing if there is none (the WHERE gives the whole primary key with =).", e.tableName(), e.keyText())
			e.returned()
			e.consistency()
			break
		}
		e.read()
	case grammar.KindScan:
		e.read()
		e.say("PartiQL runs a SELECT as a Scan when its WHERE does not fix the partition key with = or IN (dynexpr lint: partiql-full-scan).")
	case grammar.KindPut:
		e.put()
		e.lines[0] = "INSERT (a PutItem that refuses an item that exists): writes the item to " + e.tableName() + " only when there is none with its key; otherwise DynamoDB answers DuplicateItemException (\"Duplicate primary key exists in table\") and writes nothing."
	case grammar.KindUpdate:
		e.update()
		e.lines[0] = "UpdateItem: changes the item of " + e.tableName() + " whose key is " + e.keyText() + "; PartiQL's UPDATE never creates one: when there is none, DynamoDB answers ConditionalCheckFailedException and changes nothing."
	case grammar.KindDelete:
		e.delete()
	}
	e.condition()
	if ps.Returning != nil {
		e.say("RETURNING %s *: returns %s.", ps.Returning.Words(), returningWhat(ps.Returning))
	}
	return strings.Join(e.lines, "\n") + "\n"
}

// keyGiven reports whether st's key clause gives each of attrs with =.
func keyGiven(st *grammar.Statement, attrs []string) bool {
	names := topNames(st.Key)
	if len(names) != len(attrs) || !containsAll(names, attrs) {
		return false
	}
	ok := true
	grammar.EachComparison(st.Key, func(c *grammar.Comparison) { ok = ok && c.Op == "=" })
	return ok
}

// returningWhat says what a RETURNING clause returns.
func returningWhat(r *partiql.Returning) string {
	which, when := "every attribute of the item", "before the change"
	if r.Modified {
		which = "the attributes it changes"
	}
	if r.New {
		when = "after the change"
	}
	return which + ", as they are " + when + " (ReturnValues " + r.ReturnValues() + ")"
}
