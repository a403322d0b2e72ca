package validate

import (
	"fmt"
	"slices"

	"github.com/dynexpr/dynexpr/grammar"
)

var filterOnKey = &Rule{
	Name:     "filter-on-key",
	Severity: Error,
	Title:    "a query's filter that tests a key attribute of what it queries",
	CannotWrite: []Unwritable{
		{Readers: []Reader{ReaderPartiQL}, Why: "PartiQL has no filter apart from its key condition: one WHERE, in which a test of the key is what makes the statement a query"},
	},
	Why: `A query's key condition already says which key values it reads; its filter may
not test the partition or sort key of the table or index queried. Put the test in
the key condition. (On a query of a global secondary index, the table's own key
attributes are ordinary attributes and may be filtered.) Without a schema, the
attributes the key condition tests are still known to be keys of what is queried.`,
	DynamoMessages: []string{"Filter Expression can only contain non-primary key attributes: Primary key attribute: openedAt"},
	Bad:            `query Tickets index open-tickets-index key openBucket = "OPEN" filter openedAt > "2026-11-01"`,
	Good:           `query Tickets index open-tickets-index key openBucket = "OPEN" and openedAt > "2026-11-01"`,
	AppliesTo:      "query (filter)",
	Kinds:          []grammar.Kind{grammar.KindQuery},
	check:          checkFilterOnKey,
}

func checkFilterOnKey(p *Pass) {
	st := p.Stmt
	if st.Filter == nil {
		return
	}
	key, owner, ok := queriedKey(p)
	if !ok {
		if p.Schema == nil {
			checkFilterOnTestedKey(p)
		}
		return
	}
	seen := map[string]bool{}
	for _, path := range grammar.ConditionPaths(st.Filter) {
		attr := topName(path)
		// A nested path into a key (EventSK.x) is reported here too, not
		// as key-attribute-nested: DynamoDB checks the filter's key
		// attributes first and answers with this message.
		if !key.Has(attr) || seen[attr] {
			continue
		}
		seen[attr] = true
		fix := "test it in the key condition"
		if slices.Contains(key.Partition, attr) {
			fix = "the key condition's " + grammar.Name(attr) + " = VALUE already picks it"
		}
		p.Reportf(path.Pos, "%q is %s of %s, which this query reads, so its filter cannot test it; DynamoDB answers %q. Drop it from the filter: %s",
			attr, keyRoleIn(key, attr), owner, fmt.Sprintf(msgFilterOnKey, attr), fix)
	}
}

// checkFilterOnTestedKey is filter-on-key without a schema: an attribute
// the key condition tests is a key of what the query reads (DynamoDB
// refuses a key condition on any other), so the filter cannot test it.
func checkFilterOnTestedKey(p *Pass) {
	ks := readKeyCondition(p.Stmt, p.Stmt.Key)
	tested := map[string]bool{}
	for _, k := range ks.tests {
		tested[k.attr] = true
	}
	for _, path := range grammar.ConditionPaths(p.Stmt.Filter) {
		attr := topName(path)
		if !tested[attr] {
			continue
		}
		delete(tested, attr)
		p.Reportf(path.Pos, "%q is tested in the key condition, so it is a key of what this query reads, and its filter cannot test it; DynamoDB answers %q. Drop it from the filter: test it in the key condition",
			attr, fmt.Sprintf(msgFilterOnKey, attr))
	}
}
