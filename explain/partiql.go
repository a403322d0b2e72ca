package explain

import (
	"sort"
	"strings"

	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/partiql"
	"github.com/dynexpr/dynexpr/schema"
)

// PartiQL explains a PartiQL statement, m, through the DSL statement
// that does the same (partiql.Member.DSL): the lines are the DSL's where
// the meaning is the same, and PartiQL's own where it differs: how
// DynamoDB runs a SELECT is partiql.AccessOf's answer, the one lint's
// rules read (a GetItem when the WHERE gives the whole primary key with
// =, a Query when it fixes the partition key with = or IN, else a Scan);
// INSERT refuses an item that exists, UPDATE one that does not, and
// EXISTS is a transaction's condition check.
func PartiQL(m *partiql.Member, sch *schema.Schema) string {
	ps := m.Stmt
	if ps.Kind == partiql.KindExists {
		return "ConditionCheck (only in an execute-transaction): the transaction goes on only if the SELECT inside EXISTS finds its item; otherwise DynamoDB cancels the whole transaction (TransactionCanceledException, ConditionalCheckFailed at this statement).\n"
	}
	st := m.DSL(sch)
	if st == nil {
		return "dynexpr cannot tell what this statement does.\n"
	}
	e := newExplainer(st, sch)
	switch st.Kind {
	case grammar.KindQuery, grammar.KindScan:
		key, onIndex := partiql.KeyOf(sch, ps)
		switch partiql.AccessOf(ps.Where, key, onIndex) {
		case partiql.AccessGet:
			e.say("GetItem: reads the one item of %s whose key is %s, or nothing if there is none (the WHERE gives the whole primary key with =).", e.tableName(), e.keyText())
			e.returned()
			e.consistency()
		case partiql.AccessQuery:
			if st.Kind == grammar.KindQuery {
				e.read()
				break
			}
			// = in each branch of an OR, or IN: no key condition of
			// the DSL's says it, and DynamoDB reads each partition named.
			e.say("Query: reads %s, only the partitions whose %s the WHERE gives with = or IN, one for each value.", e.readWhat(), strings.Join(key.Partition, " and "))
			e.partiqlWhere(st, " DynamoDB reads the items it names by their partition key, and returns those the whole WHERE lets through.")
		case partiql.AccessUnknown:
			e.say("Query or Scan: PartiQL reads %s with a Query when the attributes the WHERE fixes with = or IN (%s) include its partition key, and scans every item otherwise; no schema tells which.", e.readWhat(), strings.Join(fixedNames(ps.Where), ", "))
			e.partiqlWhere(st, "")
		default:
			e.read()
			e.say("PartiQL runs a SELECT as a Scan when its WHERE does not fix the partition key with = or IN (dynexpr lint: partiql-full-scan).")
		}
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

// readWhat names the table or index a read reads.
func (e *explainer) readWhat() string {
	what := e.tableName()
	if e.st.Index != nil {
		kind := "index"
		if e.index != nil {
			kind = map[bool]string{true: "global secondary index", false: "local secondary index"}[e.index.Global]
		}
		what = kind + " " + e.st.Index.Name + " of " + what
	}
	return what
}

// partiqlWhere says the rest of a SELECT whose WHERE the DSL holds as a
// filter but that DynamoDB may run as a Query; how adds how it reads.
func (e *explainer) partiqlWhere(st *grammar.Statement, how string) {
	e.schemaNote()
	if e.index != nil {
		e.describeIndex()
	}
	if st.Filter != nil {
		e.say("WHERE: %s.%s", grammar.FormatCondition(st.Filter), how)
	}
	e.returned()
	e.consistency()
}

// fixedNames are the attributes a WHERE fixes with = or IN, sorted.
func fixedNames(where partiql.Expr) []string {
	var out []string
	for n := range partiql.Fixed(where) {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
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
